"""``legal_actions`` builds the legal actions directly from the state: checked against
every conceivable action run through ``apply``, in every kind of situation."""

from __future__ import annotations

import random
from typing import Any, Literal

import pytest

from tabletop.core.engine import Setup
from tabletop.core.errors import IllegalAction
from tabletop.games.spacepark.engine import ENGINE
from tabletop.games.spacepark.model import (
    DEST_NAMES,
    Dest,
    Exchange,
    FastTravel,
    Keep,
    ScoutBenefit,
    SpaceParkState,
    TakeFrom,
    Visit,
)

NAMES = ("Ann", "Bob", "Cy", "Di")


def random_states(players: int, seed: int, every: int) -> list[SpaceParkState]:
    """Every ``every``-th state of a random game, and each state a decision waits in."""
    state = ENGINE.new(Setup(players=NAMES[:players]), seed)
    chooser = random.Random(seed)
    states = []
    for step in range(2000):
        if ENGINE.outcome(state) is not None:
            break
        if step % every == 0 or state.pending is not None:
            states.append(state)
        legal = ENGINE.legal_actions(state, ENGINE.to_act(state)[0])
        state = ENGINE.apply(state, chooser.choice(legal)).state
    return states


def every_conceivable_action(state: SpaceParkState, seat: int) -> list[Any]:
    """Each kind of action with every value that could matter here, and wrong ones:
    every destination, every badge in sight (hands, display, Scout Stack, drawn, the
    top of the deck), every seat, every fee and resource."""
    pending = state.pending
    badge_ids = {b for p in state.players for b in (*p.hand, *p.earned)}
    badge_ids |= {*state.revealed, *state.scout_stack, *state.deck[-1:]}
    if pending is not None and pending.drawn is not None:
        badge_ids.add(pending.drawn)
    badges: list[str | None] = [None, *sorted(badge_ids)]
    dests: list[Dest | None] = [None, *DEST_NAMES]
    fees: list[Literal["sun", "controller"] | None] = [None, "sun", "controller"]
    actions: list[Any] = [ScoutBenefit(seat=seat, take="sun"), ScoutBenefit(seat=seat, take="pass")]
    actions += [TakeFrom(seat=seat, target=t) for t in range(-1, len(state.players) + 1)]
    actions += [Keep(seat=seat), *(Exchange(seat=seat, badge=b) for b in badge_ids)]
    for dest in DEST_NAMES:
        actions.append(FastTravel(seat=seat, dest=dest))
        actions += [
            Visit(seat=seat, dest=dest, badge=badge, scout_to=scout_to, scout_fee=fee)
            for badge in badges
            for scout_to in dests
            for fee in fees
        ]
    return actions


def accepted(state: SpaceParkState, action: Any) -> bool:
    try:
        ENGINE.apply(state, action)
    except IllegalAction:
        return False
    return True


def arranged(sp: Any) -> list[SpaceParkState]:
    """Ann's turn with rockets at Outpost 13, Fusion Falls and Astral Arcade, holding
    badges she can just pay for (Night Owl 2 Sun, Moonbeam 1 Moon + 1 Sea) or not (Nova
    3 Sun + 1 Moon + 1 Sea): with Scout elsewhere; with Scout at Outpost 13 and the
    Controller hers, whose Sun crystal pays for Nova (SP-SCOUT-2); with no Sun crystal,
    Scout at Fusion Falls and the Controller hers, or not (SP-DEST-4). And a game whose
    badge deck is empty, with a rocket at Starlight Station."""
    states = []
    for scout, controller, sun in (
        ("cosmic_canyon", None, 2),
        ("outpost13", 0, 2),
        ("fusion_falls", 0, 0),
        ("fusion_falls", None, 0),
    ):
        state = sp.new(2)
        sp.rockets(state, "outpost13", "fusion_falls", "astral_arcade")
        sp.scout(state, scout)
        state.controller = controller
        state.players[0].stock[0] = 0
        state.supply[0] += 1  # Ann's starting Sun crystal back to the supply
        sp.give(state, 0, sun=sun, moon=1, sea=1)
        sp.hand(state, 0, "night_owl", "moonbeam", "nova")
        states.append(state)
    drawn = sp.new(2)  # the badge deck is empty: nothing to draw at Starlight (SP-TURN-3)
    sp.rockets(drawn, "starlight_station", "cosmic_canyon", "lunar_woods")
    drawn.players[1].hand += drawn.deck
    drawn.deck = []
    return [*states, drawn]


def shortage_tie(sp: Any) -> SpaceParkState:
    """Ann gains a Sea crystal with the supply out and Bob and Cy tied for the most:
    she chooses whom to take from (SP-SUPPLY-3)."""
    state = sp.new(3)
    sp.give(state, 1, sea=2)
    sp.give(state, 2, sea=2)
    state.supply[2] = 0
    result: SpaceParkState = sp.act(state, 0, "visit", dest="celestial_seas").state
    return result


@pytest.mark.parametrize(
    ("players", "seed", "every"), [(1, 3, 1), (1, 4, 1), (2, 5, 9), (3, 8, 15), (4, 13, 15)]
)
def test_legal_actions_are_exactly_the_actions_the_rules_accept(
    sp: Any, players: int, seed: int, every: int
) -> None:
    """SP-TURN-1, SP-TURN-3, SP-FAST-1, SP-SOLO-4, SP-SOLO-5, SP-SUPPLY-3: each action is
    listed once, and listed exactly when ``apply`` takes it."""
    states = random_states(players, seed, every)
    if players == 2:
        states += arranged(sp)
    if players == 3:
        states.append(shortage_tie(sp))
    kinds = set()
    fees = set()
    for state in states:
        for seat in range(players):
            legal = ENGINE.legal_actions(state, seat)
            assert len(set(legal)) == len(legal)
            oracle = {a for a in every_conceivable_action(state, seat) if accepted(state, a)}
            assert set(legal) == oracle
            kinds |= {a.kind for a in legal}
            fees |= {a.scout_fee for a in legal if a.kind == "visit"}
    # The games reach the cases the comparison is meant to cover.
    assert kinds >= {"visit", "fast_travel"}
    if players == 1:
        assert fees == {None, "sun", "controller"}
    else:
        assert kinds >= {"keep", "exchange", "scout_benefit"}
    if players == 3:
        assert "take_from" in kinds
