"""Space Park hints (core.bot.hint): the hard bot's move for a seat and why, from that
seat's view only. The hidden badges (other hands, the deck's order, a badge another
player just drew) and the generator of future draws are dealt again and again: the
hint stays the same, and its words name only badges the seat can see. A hint that
peeks (the search handed the real state) does change with them, so the variations
reach what a leak would read."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from tabletop.core.engine import Setup
from tabletop.core.rng import Rng
from tabletop.games import hint
from tabletop.games.spacepark import bots as sp_bots
from tabletop.games.spacepark import hints as sp_hints
from tabletop.games.spacepark.content import badges
from tabletop.games.spacepark.engine import ENGINE
from tabletop.games.spacepark.model import SpaceParkState, Visit
from tabletop.games.spacepark.view import SpaceParkView
from tests.core.hintkit import BUDGET_S, assert_hint_ignores_hidden, peeking_hint

from .conftest import NAMES, Table

VARIANTS = 4


def positions(players: int, seed: int, every: int = 7) -> Iterator[tuple[SpaceParkState, int]]:
    """Positions of a random game (every ``every`` moves), with the seat to act."""
    state = ENGINE.new(Setup(players=NAMES[:players]), seed)
    rng = random.Random(seed)
    moves = 0
    while ENGINE.outcome(state) is None:
        seat = ENGINE.to_act(state)[0]
        if moves % every == every - 1:
            yield state, seat
        state = ENGINE.apply(state, rng.choice(ENGINE.legal_actions(state, seat))).state
        moves += 1


def redealt(state: SpaceParkState, seat: int, rng: random.Random) -> SpaceParkState:
    """``state`` with every badge ``seat`` cannot see dealt again, sizes kept, and the
    generator of future draws changed."""
    twin = state.clone()
    pending = twin.pending
    others = [p for i, p in enumerate(twin.players) if i != seat]
    drawn_hidden = pending is not None and pending.drawn is not None and pending.seat != seat
    pool = [b for p in others for b in p.hand] + twin.deck
    if drawn_hidden:
        assert pending is not None and pending.drawn is not None
        pool.append(pending.drawn)
    rng.shuffle(pool)
    for player in others:
        player.hand = [pool.pop() for _ in player.hand]
    if drawn_hidden:
        twin.pending = dataclasses.replace(pending, drawn=pool.pop())
    twin.deck = pool
    twin.rng = Rng(rng.getrandbits(64))
    ENGINE.check(twin)
    return twin


def hidden(state: SpaceParkState, seat: int) -> tuple[object, ...]:
    pending = state.pending
    drawn = pending.drawn if pending is not None and pending.seat != seat else None
    others = tuple(tuple(p.hand) for i, p in enumerate(state.players) if i != seat)
    return (others, tuple(state.deck), drawn, state.rng.state)


def visible_badges(view: SpaceParkView) -> set[str]:
    seen = {b.name for b in [*view.hand, *view.revealed, *view.scout_stack]}
    seen.update(b.name for p in view.players for b in p.earned)
    if view.pending is not None and view.pending.drawn is not None:
        seen.add(view.pending.drawn.name)
    return seen


CASES = [(players, seed) for players in (1, 2, 3, 4) for seed in (3, 11)]


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_a_hint_is_the_same_whatever_the_seat_cannot_see(players: int, seed: int) -> None:
    rng = random.Random(seed)
    names = {b.name for b in badges().values()}
    checked = 0
    for state, seat in positions(players, seed, every=5):
        variants = [redealt(state, seat, rng) for _ in range(VARIANTS)]
        assert_hint_ignores_hidden(ENGINE, state, seat, variants, hidden, names, visible_badges)
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_the_variations_reach_what_a_peeking_hint_would_read() -> None:
    """The test above can fail: across the same variations a hint that reads the real
    state changes its move."""
    rng = random.Random(5)
    changed = 0
    for state, seat in positions(3, 3, every=3):
        moves = {
            peeking_hint(ENGINE, sp_bots, v, seat).action
            for v in [state, *(redealt(state, seat, rng) for _ in range(3))]
        }
        changed += len(moves) > 1
        if changed:
            break
    assert changed


def test_the_reason_says_what_the_move_does() -> None:
    """A visit's reason starts with its destination; earning names the badge and its XP."""
    for state, seat in positions(2, 4, every=2):
        suggested = hint(ENGINE, state, seat, BUDGET_S)
        assert suggested is not None
        action = suggested.action
        if isinstance(action, Visit):
            assert suggested.why.startswith(sp_hints.DEST_NAMES[action.dest] + ":")
            if action.dest == "outpost13":
                assert action.badge is not None
                assert f"earn {badges()[action.badge].name} now, +" in suggested.why
                return
    pytest.fail("no hint to earn a badge in this game")


@pytest.mark.parametrize(
    ("fee", "after"),
    [(None, "then payable"), ("controller", "then payable"), ("sun", "then 1 crystal short")],
)
def test_a_gathering_reason_counts_what_is_still_short_after_the_visit(
    sp: Table, fee: str | None, after: str
) -> None:
    """Dark Matter costs Sun 2, Moon 1, Sea 1: holding Sun 2, Moon 1, the Sea crystal
    of Celestial Seas pays it off, unless a Sun goes to Scout as the fee."""
    state = sp.new(players=1)
    sp.hand(state, 0, "dark_matter")
    sp.give(state, 0, sun=2 - state.players[0].stock[0], moon=1)
    view = ENGINE.view(state, 0)
    assert isinstance(view, SpaceParkView)
    reason = sp_hints.why(view, Visit(seat=0, dest="celestial_seas", scout_fee=fee))
    assert reason.startswith(f"Celestial Seas: 1 Sea crystal toward Dark Matter ({after})")
