"""Helpers for PocketParks scenario tests: a table laid out by hand, acting,
and answering windows."""

from __future__ import annotations

from tabletop.core.engine import Event, InvalidState, Setup
from tabletop.games.pocketparks.engine import ENGINE
from tabletop.games.pocketparks.model import (
    NO_CARD,
    ParkTour,
    Pass,
    PocketParksState,
    PPAction,
    TourPick,
)
from tabletop.games.pocketparks.rules import CONTENT, EFFECT, NAME, THEME, common_icons

__all__ = [
    "ENGINE",
    "act",
    "act_log",
    "event",
    "options",
    "park",
    "parks",
    "pass_all",
    "run",
    "table",
    "texts",
    "tour",
]

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve")
_BY_NAME = {name: i for i, name in enumerate(CONTENT.name[: len(CONTENT.parks)])}


def park(name: str) -> int:
    return _BY_NAME[name]


def parks(*names: str) -> list[int]:
    return [park(n) for n in names]


def event(effect: str, nth: int = 0) -> int:
    return [c for c, e in enumerate(EFFECT) if e == effect][nth]


def table(
    hands: list[list[int]],
    *,
    sets: list[list[list[int]]] | None = None,
    current: int = 0,
    pile: list[int] | None = None,
    draws: list[int] | None = None,
    discard: list[int] | None = None,
    event_discard: list[int] | None = None,
    round: int = 1,
    modifiers: bool = True,
    featured: int = NO_CARD,
) -> PocketParksState:
    """A table in the middle of a round. ``draws`` are the next cards off the draw
    pile, in order, with every other unused card under them (parks nearest the
    top); ``pile`` (bottom to top) replaces the whole draw pile. Every set in
    ``sets`` must share a theme icon (dark sky aside), or be a 1-card remnant
    (PP-SET-7): a content change that breaks a scenario fails here, loudly."""
    n = len(hands)
    for seat, row in enumerate(sets or []):
        for cards in row:
            assert len(cards) == 1 or common_icons(list(cards), THEME), (
                f"seat {seat}'s set {[NAME[c] for c in cards]} shares no theme icon "
                "(PP-SET-1): pick parks that do"
            )
    st = ENGINE.new(Setup(players=NAMES[:n], options={"round_modifiers": modifiers}), 1)
    st.round = round
    st.featured = featured
    for seat, player in enumerate(st.players):
        player.hand = list(hands[seat])
        player.sets = [list(s) for s in (sets[seat] if sets else [])]
    st.discard = list(discard if discard is not None else [])
    st.event_discard = list(event_discard or [])
    used = {c for h in hands for c in h} | set(st.discard) | set(st.event_discard)
    used |= {c for row in sets or [] for s in row for c in s} | {featured}
    if pile is None:
        upcoming = list(draws or [])
        rest = [c for c in range(CONTENT.size) if c not in used and c not in upcoming]
        pile = sorted(rest, key=lambda c: (not CONTENT.is_event(c), c)) + upcoming[::-1]
    st.pile = list(pile)
    st.current = current
    st.first = current
    return st


def act(state: PocketParksState, action: PPAction) -> PocketParksState:
    """The state after a listed action; a state a game can be in saves and loads back
    exactly as it is."""
    assert action in ENGINE.legal_actions(state, action.seat), f"{action} not listed as legal"
    after = ENGINE.apply(state, action).state
    if _a_game_can_be_in(state):  # not a table laid with cards out of play (a short pile)
        # so the next state is one too (load_state checks it), and saves and loads back
        reloaded = ENGINE.load_state(ENGINE.dump_state(after))
        assert ENGINE.state_json(reloaded) == ENGINE.state_json(after)
    return after


def _a_game_can_be_in(state: PocketParksState) -> bool:
    try:
        ENGINE.check(state)
    except InvalidState:
        return False
    return True


def tour(state: PocketParksState, seat: int, cards: list[int]) -> PocketParksState:
    """``seat`` claims a Park Tour step by step: picks each card, then claims."""
    for card in cards:
        state = act(state, TourPick(seat=seat, card=card))
    return act(state, ParkTour(seat=seat, cards=tuple(sorted(cards))))


def act_log(
    state: PocketParksState, action: PPAction
) -> tuple[PocketParksState, tuple[Event, ...]]:
    transition = ENGINE.apply(state, action)
    return transition.state, transition.events


def run(state: PocketParksState, *actions: PPAction) -> PocketParksState:
    for action in actions:
        state = act(state, action)
    return state


def pass_all(state: PocketParksState, *, except_seats: tuple[int, ...] = ()) -> PocketParksState:
    """Every seat still asked in the open window passes (but the ones named)."""
    assert state.window is not None
    for seat in list(state.window.waiting):
        if seat not in except_seats:
            state = act(state, Pass(seat=seat))
    return state


def options(state: PocketParksState, seat: int) -> list[PPAction]:
    """The seat's legal actions, for a test to look into: never an empty list (an
    assertion over no options at all holds whatever the rules say)."""
    actions = ENGINE.legal_actions(state, seat)
    assert actions, f"seat {seat} has no legal action here: nothing to inspect"
    return actions


def texts(events: tuple[Event, ...], seat: int | None = None) -> list[str]:
    """The log lines a seat may read (None: public lines only)."""
    return [e.text for e in events if e.private_to is None or e.private_to == seat]


def notes_against_ranger() -> PocketParksState:
    """Ana, about to discard, holds Comparing notes; Ben holds Ranger says no; Cy holds
    a park: the table of the reaction tests (PP-NOTES-1, PP-RANGER-1)."""
    notes, ranger = event("comparing_notes"), event("ranger_says_no")
    st = table(
        [
            [*parks("Acadia", "Olympic"), notes],
            [*parks("Zion", "Arches"), ranger],
            parks("Congaree"),
        ]
    )
    st.phase, st.draws = "discard", 2
    return st
