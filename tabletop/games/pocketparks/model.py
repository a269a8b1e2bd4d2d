"""PocketParks' options, actions and state: plain data, no rules; and ``check_state``,
what every state of a game holds.

Cards are small ints indexing the content tables (content.py); piles are lists
whose END is the top.

Multi-part choices are steps: a set is started, then cards are added one by
one, then confirmed; a steal names its target, then each payment card and each
card taken, then is confirmed; a Park Tour picks its hand cards one by one, then
is claimed. Nothing moves before the confirmation (or the claim), and a draft (or
the picks) may be cancelled. So no choice lists every combination of cards: a hand
of 14 parks sharing an icon holds 4,005 Park Tours.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from tabletop.core.engine import Action, action, require, require_each_once
from tabletop.core.rng import Rng
from tabletop.core.words import counted
from tabletop.games.pocketparks.content import Content, Effect

Phase = Literal["turn", "draw", "discard", "set", "build", "steal", "limit", "window", "over"]
# tour: a park newly on top of the discard; wish: a park flipped by Make a wish;
# steal: a declared steal (Trail detour); event: a blue/red event played (Ranger says no).
WindowKind = Literal["tour", "wish", "steal", "event"]

NO_CARD = -1
NO_SEAT = -1
ROUNDS = 3  # PP-GAME-1
STEAL_MOST = 2  # cards one steal takes (PP-STEAL-2)
PAY_MOST = 4  # cards one steal costs at most (PP-STEAL-2)
TOUR_SIZES = (4, 8)  # hand cards a Park Tour plays: a set of 5 or of 9 (PP-TOUR-1)


class PPOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    # "rules": the section of the rules (or a rule) setup quotes to explain the option;
    # "seat": the value is a seat (setup offers the seats, numbered from 1).
    round_modifiers: bool = Field(
        default=True,  # round 2 featured park; round 3 featured park + priority
        title="Round modifiers",
        json_schema_extra={"rules": "Round modifiers"},
    )
    first_player: int | None = Field(  # None: drawn from the seed
        default=None, ge=0, title="First player", json_schema_extra={"seat": True}
    )


# -- actions ------------------------------------------------------------------


@action
class StartSet(Action):
    kind: Literal["start_set"] = "start_set"


@action
class StartBuild(Action):
    kind: Literal["start_build"] = "start_build"
    set_index: int


@action
class AddCard(Action):
    kind: Literal["add"] = "add"
    card: int


@action
class StartSteal(Action):
    kind: Literal["start_steal"] = "start_steal"
    target: int


@action
class Pay(Action):
    kind: Literal["pay"] = "pay"
    card: int


@action
class Take(Action):
    """Name a card in one of the target's sets."""

    kind: Literal["take"] = "take"
    card: int


@action
class TakeRandom(Action):
    """One more random card from the target's hand."""

    kind: Literal["take_random"] = "take_random"


@action
class Confirm(Action):
    kind: Literal["confirm"] = "confirm"


@action
class Cancel(Action):
    kind: Literal["cancel"] = "cancel"


@action
class Draw(Action):
    kind: Literal["draw"] = "draw"
    source: Literal["pile", "discard"]


@action
class Discard(Action):
    """After drawing: discard a park (or a purple event, unplayed). At the hand
    limit: put a card at the bottom of its discard pile."""

    kind: Literal["discard"] = "discard"
    card: int


@action
class PlayEvent(Action):
    kind: Literal["play_event"] = "play_event"
    card: int
    as_effect: Effect | None = None  # Let's do it again: the effect it copies
    target: int | None = None  # Comparing notes, Mosquito bites
    pick: int | None = None  # Mosquito bites: the set card bitten


@action
class Pass(Action):
    kind: Literal["pass"] = "pass"


@action
class TourPick(Action):
    """Asked about a park on top of the discard: pick a hand card for a Park Tour."""

    kind: Literal["tour_pick"] = "tour_pick"
    card: int


@action
class ParkTour(Action):
    """Claim the park on top of the discard with 4 (or 8) hand cards sharing an icon:
    the cards picked, and any not picked yet (a claim naming all its cards at once,
    as games saved before picks were steps hold, is the same picks and claim)."""

    kind: Literal["park_tour"] = "park_tour"
    cards: tuple[int, ...]


@action
class React(Action):
    """Play a purple event in answer: Trail detour, Ranger says no, or Let's do it
    again copying one of them."""

    kind: Literal["react"] = "react"
    card: int
    as_effect: Effect | None = None


PPAction = Annotated[
    StartSet
    | StartBuild
    | AddCard
    | StartSteal
    | Pay
    | Take
    | TakeRandom
    | Confirm
    | Cancel
    | Draw
    | Discard
    | PlayEvent
    | Pass
    | TourPick
    | ParkTour
    | React,
    Field(discriminator="kind"),
]


# -- state --------------------------------------------------------------------


@dataclass(slots=True)
class Player:
    name: str
    hand: list[int]
    sets: list[list[int]]
    score: int = 0
    # Turn number on which this player played Aspiring astronomer this round.
    astronomer_turn: int = -1

    def successor(self) -> Player:
        """A copy sharing the lists of the sets: a move replaces a set, never changes it."""
        return Player(self.name, self.hand[:], self.sets[:], self.score, self.astronomer_turn)


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
    # Park Tours being picked, card by card, by seats still to answer (secret to each).
    picks: list[Claim] = field(default_factory=list)

    def clone(self) -> Window:
        return Window(
            self.kind,
            self.card,
            self.waiting[:],
            [c.clone() for c in self.claims],
            [c.clone() for c in self.picks],
        )


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
class PocketParksState:
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
    # PP-TOUR-2: the seat whose card became the discard top this turn (a discard, a
    # payment, a bitten set card): the others may Park Tour it. NO_SEAT: no fresh top.
    fresh_top_from: int = NO_SEAT
    wishing: bool = False  # a Make a wish is flipping cards
    draft: Draft | None = None
    window: Window | None = None
    event_play: EventPlay | None = None
    tour: Claim | None = None  # the Park Tour that won its window, played after the hand limit
    results: list[RoundResult] = field(default_factory=list)

    def clone(self) -> PocketParksState:
        """A copy sharing nothing with this state: a bot or a test may change it freely."""
        twin = self.successor()
        for player in twin.players:
            player.sets = [s[:] for s in player.sets]
        twin.results = [r.clone() for r in self.results]
        return twin

    def successor(self) -> PocketParksState:
        """The copy ``apply`` changes into the next state: it shares the round results,
        which no move changes once they are scored, and the lists of the sets, which a
        move replaces rather than changes."""
        return PocketParksState(
            players=[p.successor() for p in self.players],
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
            fresh_top_from=self.fresh_top_from,
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
            results=self.results[:],
        )


def check_state(state: PocketParksState, content: Content) -> None:
    """InvalidState unless play can reach ``st`` (seats and names are checked before):
    every card in exactly one place, and where its kind may lie; seats, sets and
    rounds in range; scores the sums of the score sheets; the phase, the open
    question, the draft and the event in play consistent with one another."""
    seats = range(len(state.players))
    parks = range(len(content.parks))
    require(0 <= state.rng.state < 2**64, "the random generator's state is not a 64-bit number")
    require(1 <= state.round <= ROUNDS, f"round {state.round} is not one of rounds 1 to {ROUNDS}")
    for role, seat in (("first player", state.first), ("current player", state.current)):
        require(seat in seats, f"the {role} is seat {seat}, not a seat at the table")
    require(
        state.fresh_top_from == NO_SEAT or state.fresh_top_from in seats,
        f"the discard top came from seat {state.fresh_top_from}, not a seat at the table",
    )
    require(state.turn >= 1, f"turn {state.turn}: turns are counted from 1")
    # PP-SETUP-1: every card is somewhere, once; parks and events each where they may lie.
    featured = [] if state.featured == NO_CARD else [state.featured]
    hands = [c for p in state.players for c in p.hand]
    played = [c for p in state.players for cards in p.sets for c in cards]
    every = [*state.pile, *state.discard, *state.event_discard, *featured, *hands, *played]
    require_each_once(every, range(content.size), "card")
    require(
        all(c in parks for c in [*state.discard, *featured, *played]),
        "only park cards are in sets, on the park discard pile or featured",
    )
    require(all(c not in parks for c in state.event_discard), "a park is on the event discard pile")
    for seat, player in enumerate(state.players):
        require(all(player.sets), f"seat {seat} has an empty set")
        require(
            -1 <= player.astronomer_turn <= state.turn,
            f"seat {seat} played Aspiring astronomer on turn {player.astronomer_turn}, "
            f"which is not a turn so far",
        )
    _check_results(state, content)
    _check_phase(state, content)


def _check_results(state: PocketParksState, content: Content) -> None:
    """At most one score sheet per round played, the last one once the game is over;
    the scores are their sums (PP-SCORE-1)."""
    seats = range(len(state.players))
    parks = range(len(content.parks))
    over = state.phase == "over"
    scored = len(state.results)
    require(
        1 <= scored <= state.round if over else scored < state.round,
        f"{scored} rounds are scored in round {state.round}{' after the end' if over else ''}",
    )
    icons = range(2 * content.dark_bit)
    for number, result in enumerate(state.results, 1):
        where = f"round {number}'s score"
        require(result.winner == NO_SEAT or result.winner in seats, f"{where}: no such winner")
        require(
            len(result.points) == len(result.newest) == len(state.players)
            and len(result.sets) in (0, len(state.players)),
            f"{where}: one entry per seat",
        )
        require(min(result.points) >= 0, f"{where}: negative points")
        require(all(0 <= n <= len(parks) for n in result.newest), f"{where}: no such park")
        require(result.featured == NO_CARD or result.featured in parks, f"{where}: no such park")
        sheet = [s for row in result.sets for s in row]
        cards = [c for s in sheet for c in s.cards]
        require(
            all(s.cards for s in sheet) and len(set(cards)) == len(cards) <= len(parks),
            f"{where}: a set scored empty, or a park scored twice",
        )
        require(all(c in parks for c in cards), f"{where}: a scored set holds no park card")
        require(
            all(s.points >= 0 and s.icons in icons and s.priority in icons for s in sheet),
            f"{where}: a set scored with negative points or unknown icons",
        )
        require(
            not result.sets or [sum(s.points for s in row) for row in result.sets] == result.points,
            f"{where}: the points are not the sums of the sets' points",
        )
    for seat, player in enumerate(state.players):
        total = sum(r.points[seat] for r in state.results)
        require(player.score == total, f"seat {seat} has {player.score} points, not {total}")


def _check_phase(state: PocketParksState, content: Content) -> None:
    """The phase, the open question (window), the draft, the event in play, a won Park
    Tour and a wish: each exactly when the others say so."""
    phase, window, draft = state.phase, state.window, state.draft
    require(0 <= state.draws <= 2, f"{state.draws} cards drawn in one action, not 0 to 2")
    require(phase != "draw" or state.draws == 1, "the second draw is due after exactly one")
    require(phase != "discard" or state.draws == 2, "the discard is due after two draws")
    require(
        phase not in ("turn", "set", "build", "steal") or state.draws == 0,
        f"{counted(state.draws, 'card')} drawn before the turn's action is chosen (PP-DRAW-2)",
    )
    require((phase == "window") == (window is not None), f"phase {phase} with no question open")
    window_kind = None if window is None else window.kind
    require(
        (state.event_play is not None) == (window_kind == "event"),
        "an event is in play exactly while its question is open (PP-WINDOW-1)",
    )
    require(
        state.wishing == (window_kind == "wish"), "a wish flips exactly while its question is open"
    )
    require(
        (draft is not None) == (phase in ("set", "build", "steal") or window_kind == "steal"),
        f"phase {phase} {'with' if draft is not None else 'without'} a set or steal declared",
    )
    require(state.tour is None or phase == "limit", "a won Park Tour waits only for the hand limit")
    require(phase != "over" or state.round == ROUNDS, f"the game is over in round {state.round}")
    if window is not None:
        _check_window(state, window, content)
    if draft is not None:
        _check_draft(state, draft, content)
    if state.event_play is not None:
        _check_event_play(state, state.event_play, content)
    if state.tour is not None:
        _check_claim(state, state.tour, "the won Park Tour")
        require(
            len(state.tour.cards) in TOUR_SIZES and bool(state.discard),
            "the won Park Tour has no park",
        )


def _check_claim(state: PocketParksState, claim: Claim, what: str) -> None:
    require(
        claim.seat in range(len(state.players)), f"{what} is by seat {claim.seat}: no such seat"
    )
    hand = state.players[claim.seat].hand
    require(
        bool(claim.cards)
        and len(set(claim.cards)) == len(claim.cards)
        and all(c in hand for c in claim.cards),
        f"{what} plays cards seat {claim.seat} does not hold",
    )


def _check_window(state: PocketParksState, window: Window, content: Content) -> None:
    """PP-WINDOW-1: the seats still asked, and the answers given so far."""
    seats = range(len(state.players))
    waiting = window.waiting
    require(
        bool(waiting) and len(set(waiting)) == len(waiting) and all(s in seats for s in waiting),
        f"the open question waits on seats {waiting}: not seats at the table",
    )
    answered = [c.seat for c in window.claims]
    require(
        len(set(answered)) == len(answered) and not set(answered) & set(waiting),
        "a seat answers an open question once",
    )
    tour = window.kind in ("tour", "wish")
    for claim in window.claims:
        _check_claim(state, claim, f"seat {claim.seat}'s answer")
        if tour:
            require(
                len(claim.cards) in TOUR_SIZES and claim.copy is None,
                "a Park Tour plays 4 or 8 cards (PP-TOUR-1)",
            )
        else:
            require(len(claim.cards) == 1, "a reaction plays one card (PP-EVENT-2)")
    picking = [p.seat for p in window.picks]
    require(
        len(set(picking)) == len(picking) and set(picking) <= set(waiting),
        "a seat picks a Park Tour once, before it answers",
    )
    for picked in window.picks:
        _check_claim(state, picked, f"seat {picked.seat}'s Park Tour picks")
        require(
            tour and len(picked.cards) <= max(TOUR_SIZES) and picked.copy is None,
            "Park Tour picks are at most 8 cards, asked about a park (PP-TOUR-1)",
        )
    if tour:
        require(
            bool(state.discard) and window.card == state.discard[-1],
            "a Park Tour is asked about the park on top of the discard pile",
        )
    elif window.kind == "event":
        require(
            state.event_play is not None and window.card == state.event_play.card,
            "the question is about the event in play",
        )
    else:
        require(window.card == NO_CARD, "a steal's question is about no card")


def _check_draft(state: PocketParksState, draft: Draft, content: Content) -> None:
    """A set or a steal being declared by the current player (PP-SET-2, PP-STEAL-1)."""
    seats = range(len(state.players))
    me = state.players[state.current]
    stealing = state.phase == "steal" or state.window is not None
    cards = draft.cards
    require(len(set(cards)) == len(cards), "a card is picked twice")
    if state.phase != "window":  # the payment of a declared steal has left the hand
        require(all(c in me.hand for c in cards), "the draft picks cards not in the hand")
    if not stealing:
        require(
            all(c < len(content.parks) for c in cards) and len(cards) <= PAY_MOST,
            "a set is made of at most 4 park cards (PP-SET-4)",
        )
        building = state.phase == "build"
        require(
            draft.set_index in (range(len(me.sets)) if building else (-1,)),
            "a set is built onto one of the player's own sets, a new one onto none (PP-SET-5)",
        )
        require(
            draft.target == NO_SEAT and not draft.takes and draft.random_takes == 0,
            "a set steals nothing",
        )
        return
    require(
        draft.set_index == -1 and len(cards) <= PAY_MOST,
        "a steal is paid with at most 4 cards (PP-STEAL-2)",
    )
    require(
        draft.target in seats and draft.target != state.current,
        f"the steal is from seat {draft.target}, not another seat at the table",
    )
    in_sets = {c for s in state.players[draft.target].sets for c in s}
    takes = draft.takes
    require(
        len(set(takes)) == len(takes) and all(c in in_sets for c in takes),
        "the steal names cards not in the target's sets (PP-STEAL-4)",
    )
    require(
        draft.random_takes >= 0 and len(takes) + draft.random_takes <= STEAL_MOST,
        "a steal takes at most 2 cards (PP-STEAL-2)",
    )


def _check_event_play(state: PocketParksState, play: EventPlay, content: Content) -> None:
    """The blue or red event played, waiting for answers (PP-EVENT-1)."""
    seats = range(len(state.players))
    require(
        play.card >= len(content.parks) and play.card in state.event_discard,
        "the event in play is not an event on the event discard pile",
    )
    targeted = play.effect in ("comparing_notes", "mosquito_bites")
    require(
        play.target == NO_SEAT
        or (targeted and play.target in seats and play.target != state.current),
        f"the event in play targets seat {play.target}, not another seat at the table",
    )
    if play.effect == "comparing_notes":
        require(play.target != NO_SEAT, "Comparing notes names another player (PP-NOTES-1)")
    if play.effect == "mosquito_bites" and play.target != NO_SEAT:
        bitten = {c for s in state.players[play.target].sets for c in s}
        require(play.pick in bitten, "Mosquito bites names a card in a set of the target")
    else:
        require(play.pick == NO_CARD, "only Mosquito bites picks a card")
