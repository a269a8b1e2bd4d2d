"""Helpers for PocketParks scenario tests: a table laid out by hand, acting,
answering windows, and checking refusals."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.core.engine import Event, InvalidState, Setup
from tabletop.core.errors import IllegalAction
from tabletop.games.pocketparks.engine import ENGINE
from tabletop.games.pocketparks.model import NO_CARD, ParkTour, Pass, PPAction, PPState, TourPick
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
    "refused",
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
) -> PPState:
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


def act(st: PPState, action: PPAction) -> PPState:
    """The state after a listed action; a state a game can be in saves and loads back
    exactly as it is."""
    assert action in ENGINE.legal_actions(st, action.seat), f"{action} not listed as legal"
    after = ENGINE.apply(st, action).state
    if _a_game_can_be_in(st):  # not a table laid with cards out of play (a short pile)
        # so the next state is one too (load_state checks it), and saves and loads back
        reloaded = ENGINE.load_state(ENGINE.dump_state(after))
        assert ENGINE.state_json(reloaded) == ENGINE.state_json(after)
    return after


def _a_game_can_be_in(st: PPState) -> bool:
    try:
        ENGINE.check(st)
    except InvalidState:
        return False
    return True


def tour(st: PPState, seat: int, cards: list[int]) -> PPState:
    """``seat`` claims a Park Tour step by step: picks each card, then claims."""
    for card in cards:
        st = act(st, TourPick(seat=seat, card=card))
    return act(st, ParkTour(seat=seat, cards=tuple(sorted(cards))))


def act_log(st: PPState, action: PPAction) -> tuple[PPState, tuple[Event, ...]]:
    transition = ENGINE.apply(st, action)
    return transition.state, transition.events


def run(st: PPState, *actions: PPAction) -> PPState:
    for action in actions:
        st = act(st, action)
    return st


def pass_all(st: PPState, *, except_seats: tuple[int, ...] = ()) -> PPState:
    """Every seat still asked in the open window passes (but the ones named)."""
    assert st.window is not None
    for seat in list(st.window.waiting):
        if seat not in except_seats:
            st = act(st, Pass(seat=seat))
    return st


def options(st: PPState, seat: int) -> list[PPAction]:
    """The seat's legal actions, for a test to look into: never an empty list (an
    assertion over no options at all holds whatever the rules say)."""
    actions = ENGINE.legal_actions(st, seat)
    assert actions, f"seat {seat} has no legal action here: nothing to inspect"
    return actions


def refused(st: PPState, action: PPAction | dict[str, Any], rule: str) -> IllegalAction:
    before = ENGINE.state_json(st)
    with pytest.raises(IllegalAction) as info:
        ENGINE.apply(st, ENGINE.parse_action(action) if isinstance(action, dict) else action)
    assert info.value.rule == rule, info.value
    assert ENGINE.state_json(st) == before
    return info.value


def texts(events: tuple[Event, ...], seat: int | None = None) -> list[str]:
    """The log lines a seat may read (None: public lines only)."""
    return [e.text for e in events if e.private_to is None or e.private_to == seat]


def notes_against_ranger() -> PPState:
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
