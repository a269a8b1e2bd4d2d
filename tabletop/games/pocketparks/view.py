"""What one seat may see of a PocketParks game. Never another player's hand."""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict

from tabletop.core.words import counted
from tabletop.games.pocketparks import rules as R
from tabletop.games.pocketparks.content import Effect
from tabletop.games.pocketparks.model import (
    NO_CARD,
    NO_SEAT,
    ROUNDS,
    PocketParksState,
    RoundResult,
    SetScore,
)


class CardView(BaseModel):
    """A card face up; one shared, unchangeable instance per card (``card_view``)."""

    model_config = ConfigDict(frozen=True)

    id: int
    name: str
    number: int  # park number (higher = newer); 0 for an event
    icons: list[str]
    dark_sky: bool
    event: str | None  # the event's effect, None for a park
    colour: str | None


class SetView(BaseModel):
    cards: list[CardView]
    icons: list[str]
    size: int
    protected: bool  # a set of 5 or 9 cannot be stolen from
    priority: list[str]  # round 3: icons for which this set has priority
    active: bool  # counts toward winning (round 3: only with priority)


class PlayerView(BaseModel):
    seat: int
    name: str
    hand_size: int
    sets: list[SetView]
    score: int
    dark_sky_sets: bool  # Aspiring astronomer is in force


class WindowView(BaseModel):
    """An open question every listed seat answers; who could act is not shown."""

    kind: str
    question: str
    card: CardView | None
    waiting: list[int]
    you_answer: bool
    picked: list[CardView]  # the cards you have picked for a Park Tour (nobody else's)


class DraftView(BaseModel):
    kind: str
    cards: list[CardView]
    set_index: int | None
    target: int | None
    takes: list[CardView]
    random_takes: int


class ScoredSetView(BaseModel):
    """A set on a round's score sheet, as it stood when the round ended."""

    park_set: SetView
    points: int
    doubled: bool  # a featured icon doubled it (round 3: only with priority)


class RoundView(BaseModel):
    """A scored round and its score sheet. Everything here was public at round end:
    played sets, the featured park, points."""

    round: int
    winner: int | None
    points: list[int]  # per seat: the sum of its sets' points
    featured: CardView | None
    priority_rules: bool  # round 3: sets count and double only with priority
    sets: list[list[ScoredSetView]]  # per seat; empty for a round scored without a sheet


class PPView(BaseModel):
    seat: int | None
    round: int
    phase: str
    current: int
    players: list[PlayerView]
    hand: list[CardView] | None
    pile_size: int
    discard_top: CardView | None
    discard_size: int
    event_discard: list[CardView]
    featured: CardView | None
    window: WindowView | None
    draft: DraftView | None
    results: list[RoundView]


@cache  # views are built for every seat after every move; a card's face never changes
def card_view(card: int) -> CardView:
    entry = None if R.is_park(card) else R.CONTENT.event(card)
    return CardView(
        id=card,
        name=R.NAME[card],
        number=R.NUMBER[card],
        icons=R.CONTENT.icon_names(R.MASK[card] & R.THEME),
        dark_sky=bool(R.MASK[card] & R.DARK),
        event=None if entry is None else entry.effect,
        colour=None if entry is None else entry.colour,
    )


def _question(state: PocketParksState) -> str:
    """The open question in players' words, the same for every seat (nobody learns who
    could answer): what happened, and what may answer it as far as everyone sees (Let's
    do it again only while the card it would copy lies in the event discard)."""
    window = state.window
    assert window is not None
    who = state.players[state.current].name
    if window.kind == "tour":
        return f"Park Tour on {R.NAME[window.card]}?"
    if window.kind == "wish":
        return f"Park Tour on {R.NAME[window.card]}, flipped by Make a wish?"
    if window.kind == "event":
        play = state.event_play
        assert play is not None
        copied = f" as {R.EFFECT_NAME[play.effect]}" if R.EFFECT[play.card] != play.effect else ""
        aimed = ""
        if play.pick != NO_CARD:
            aimed = f" on {R.NAME[play.pick]} in {state.players[play.target].name}'s set"
        elif play.target != NO_SEAT:
            aimed = f" with {state.players[play.target].name}"
        answer = _answered_with(state, "ranger_says_no")
        return f"{who} plays {R.NAME[play.card]}{copied}{aimed}: {answer} cancels it"
    assert state.draft is not None
    target = state.players[state.draft.target].name
    answer = _answered_with(state, "trail_detour")
    return f"{who} declares a steal against {target}, who may turn it back with {answer}"


def _answered_with(state: PocketParksState, effect: Effect) -> str:
    """The purple card that answers, and Let's do it again copying it where it may."""
    name = R.EFFECT_NAME[effect]
    if R.copyable(state, effect):
        return f"{name} (or {R.EFFECT_NAME['lets_do_it_again']} as {name})"
    return name


def _window(state: PocketParksState, seat: int | None) -> WindowView | None:
    window = state.window
    if window is None:
        return None
    return WindowView(
        kind=window.kind,
        question=_question(state),
        card=card_view(window.card) if window.card != NO_CARD else None,
        waiting=list(window.waiting),
        you_answer=seat in window.waiting,
        picked=[card_view(c) for c in R.tour_picks(state, seat)] if seat is not None else [],
    )


def _draft(state: PocketParksState, seat: int | None) -> DraftView | None:
    draft = state.draft
    if draft is None or seat != state.current or state.phase not in ("set", "build", "steal"):
        return None
    return DraftView(
        kind=state.phase,
        cards=[card_view(c) for c in draft.cards],
        set_index=draft.set_index if draft.set_index >= 0 else None,
        target=draft.target if draft.target != NO_SEAT else None,
        takes=[card_view(c) for c in draft.takes],
        random_takes=draft.random_takes,
    )


def _set_view(cards: list[int], icons: int, held: int, priority_rules: bool) -> SetView:
    return SetView(
        cards=[card_view(c) for c in cards],
        icons=R.CONTENT.icon_names(icons),
        size=len(cards),
        protected=len(cards) in R.UNSTEALABLE,
        priority=R.CONTENT.icon_names(held),
        active=not priority_rules or bool(held),
    )


def _round_view(number: int, result: RoundResult) -> RoundView:
    rules = result.priority_rules
    return RoundView(
        round=number,
        winner=result.winner if result.winner != NO_SEAT else None,
        points=result.points[:],
        featured=card_view(result.featured) if result.featured != NO_CARD else None,
        priority_rules=rules,
        sets=[
            [
                ScoredSetView(
                    park_set=_set_view(s.cards, s.icons, s.priority, rules),
                    points=s.points,
                    doubled=s.doubled,
                )
                for s in row
            ]
            for row in result.sets
        ],
    )


_ICON_BIT = {name: bit for bit in R.bits(R.ALL_ICONS) for name in R.CONTENT.icon_names(bit)}


def _icon_mask(names: list[str]) -> int:
    return sum(_ICON_BIT[name] for name in names)


def round_result(view: RoundView) -> RoundResult:
    """The state's record of a round, back from its view (all of it is public): for
    a state rebuilt from a view, whose view must be the same."""
    sheet = [
        [
            SetScore(
                [c.id for c in s.park_set.cards],
                _icon_mask(s.park_set.icons),
                _icon_mask(s.park_set.priority),
                s.points,
                s.doubled,
            )
            for s in row
        ]
        for row in view.sets
    ]
    return RoundResult(
        winner=NO_SEAT if view.winner is None else view.winner,
        points=view.points[:],
        newest=[max((R.NUMBER[c] for s in row for c in s.cards), default=0) for row in sheet],
        sets=sheet,
        featured=NO_CARD if view.featured is None else view.featured.id,
        priority_rules=view.priority_rules,
    )


def build_view(state: PocketParksState, seat: int | None) -> PPView:
    rules = R.round3(state)
    prio = R.priorities(state) if rules else None
    players = []
    for s, player in enumerate(state.players):
        sets = []
        for idx, cards in enumerate(player.sets):
            held = prio[s][idx] if prio is not None else 0
            sets.append(_set_view(cards, R.set_icons(state, s, cards), held, rules))
        players.append(
            PlayerView(
                seat=s,
                name=player.name,
                hand_size=len(player.hand),
                sets=sets,
                score=player.score,
                dark_sky_sets=R.icon_filter(state, s) != R.THEME,
            )
        )
    hand = None if seat is None else [card_view(c) for c in state.players[seat].hand]
    return PPView(
        seat=seat,
        round=state.round,
        phase=state.phase,
        current=state.current,
        players=players,
        hand=hand,
        pile_size=len(state.pile),
        discard_top=card_view(state.discard[-1]) if state.discard else None,
        discard_size=len(state.discard),
        event_discard=[card_view(c) for c in state.event_discard],
        featured=card_view(state.featured) if state.featured != NO_CARD else None,
        window=_window(state, seat),
        draft=_draft(state, seat),
        results=[_round_view(i + 1, r) for i, r in enumerate(state.results)],
    )


def position_line(view: PPView) -> str:
    """Where a game stands, from a spectator's view (nothing hidden): the round, each
    player's points and sets, the draw pile."""
    scores = ", ".join(
        f"{p.name} {p.score} pts ({counted(len(p.sets), 'set')})" for p in view.players
    )
    return f"Round {view.round} of {ROUNDS} · {scores} · draw pile {view.pile_size}"
