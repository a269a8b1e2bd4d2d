"""The PocketParks game state: plain dataclasses with a fast hand-written clone.

Cards are small ints indexing the content tables (content.py); piles are lists
whose END is the top.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tabletop.core.rng import Rng
from tabletop.games.pocketparks.content import Effect

Phase = Literal["turn", "draw", "discard", "set", "build", "steal", "limit", "window", "over"]
# tour: a park newly on top of the discard; wish: a park flipped by Make a wish;
# steal: a declared steal (Trail detour); event: a blue/red event played (Ranger says no).
WindowKind = Literal["tour", "wish", "steal", "event"]

NO_CARD = -1
NO_SEAT = -1


@dataclass(slots=True)
class Player:
    name: str
    hand: list[int]
    sets: list[list[int]]
    score: int = 0
    # Turn number on which this player played Aspiring astronomer this round.
    astronomer_turn: int = -1

    def clone(self) -> Player:
        return Player(
            self.name, self.hand[:], [s[:] for s in self.sets], self.score, self.astronomer_turn
        )


@dataclass(slots=True)
class Claim:
    """One seat's answer in a response window: Park Tour cards, or a reaction card."""

    seat: int
    cards: list[int]
    copy: Effect | None = None  # the effect a Let's do it again reaction copies

    def clone(self) -> Claim:
        return Claim(self.seat, self.cards[:], self.copy)


@dataclass(slots=True)
class Window:
    kind: WindowKind
    card: int  # the park on top (tour, wish) or the event played; NO_CARD for a steal
    waiting: list[int]  # seats still to answer
    claims: list[Claim]

    def clone(self) -> Window:
        return Window(self.kind, self.card, self.waiting[:], [c.clone() for c in self.claims])


@dataclass(slots=True)
class Draft:
    """A set or steal being declared; nothing moves until it is confirmed."""

    cards: list[int]  # hand cards picked: the set's new cards, or the payment
    set_index: int = -1  # build: which of the player's sets
    target: int = NO_SEAT  # steal: the player stolen from
    takes: list[int] = field(default_factory=list)  # steal: set cards named
    random_takes: int = 0  # steal: random hand cards

    def clone(self) -> Draft:
        return Draft(self.cards[:], self.set_index, self.target, self.takes[:], self.random_takes)


@dataclass(slots=True)
class EventPlay:
    """A blue or red event played, waiting for the other seats to answer."""

    card: int
    effect: Effect  # the card's own effect, or the one Let's do it again copies
    target: int = NO_SEAT
    pick: int = NO_CARD


@dataclass(slots=True)
class SetScore:
    """One played set on a round's score sheet, as it stood when the round ended."""

    cards: list[int]
    icons: int  # the icons its cards shared (PP-SET-1; dark sky under PP-SET-8)
    priority: int  # round 3 with modifiers: the icons it held priority in (PP-MOD-3); else 0
    points: int  # PP-SCORE-1, doubled when ``doubled``
    doubled: bool  # it held a featured icon (PP-MOD-2; round 3: with priority, PP-MOD-4)

    def clone(self) -> SetScore:
        return SetScore(self.cards[:], self.icons, self.priority, self.points, self.doubled)


@dataclass(slots=True)
class RoundResult:
    """A scored round. ``points`` are the sums of the sheet's per-set points; the
    sheet fields default to empty so states saved before the sheet existed load."""

    winner: int  # NO_SEAT: nobody won the round
    points: list[int]
    newest: list[int]  # per seat: the highest park number in their sets at round end
    sets: list[list[SetScore]] = field(default_factory=list)  # per seat, its sets scored
    featured: int = NO_CARD  # the round's featured park
    priority_rules: bool = False  # round-3 priority was in force (PP-MOD-3)

    def clone(self) -> RoundResult:
        return RoundResult(
            self.winner,
            self.points[:],
            self.newest[:],
            [[s.clone() for s in row] for row in self.sets],
            self.featured,
            self.priority_rules,
        )


@dataclass(slots=True)
class PPState:
    players: list[Player]
    rng: Rng
    modifiers: bool
    round: int
    first: int  # who started this round
    current: int
    turn: int  # counts turns over the whole game
    phase: Phase
    pile: list[int]
    discard: list[int]
    event_discard: list[int]
    featured: int = NO_CARD
    draws: int = 0  # cards drawn so far in this draw action
    fresh_top: bool = False  # the discard top was placed this turn: Park Tour may claim it
    wishing: bool = False  # a Make a wish is flipping cards
    draft: Draft | None = None
    window: Window | None = None
    event_play: EventPlay | None = None
    tour: Claim | None = None  # the Park Tour that won its window, played after the hand limit
    results: list[RoundResult] = field(default_factory=list)

    def clone(self) -> PPState:
        return PPState(
            players=[p.clone() for p in self.players],
            rng=self.rng.copy(),
            modifiers=self.modifiers,
            round=self.round,
            first=self.first,
            current=self.current,
            turn=self.turn,
            phase=self.phase,
            pile=self.pile[:],
            discard=self.discard[:],
            event_discard=self.event_discard[:],
            featured=self.featured,
            draws=self.draws,
            fresh_top=self.fresh_top,
            wishing=self.wishing,
            draft=None if self.draft is None else self.draft.clone(),
            window=None if self.window is None else self.window.clone(),
            event_play=None
            if self.event_play is None
            else EventPlay(
                self.event_play.card,
                self.event_play.effect,
                self.event_play.target,
                self.event_play.pick,
            ),
            tour=None if self.tour is None else self.tour.clone(),
            results=[r.clone() for r in self.results],
        )
