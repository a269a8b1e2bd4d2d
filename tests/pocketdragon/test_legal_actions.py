"""Legal actions are built directly from the state (rules.legal): they must be exactly
the actions the rules accept, checked against every conceivable action run through
apply, in every kind of situation (PD-TURN-1, PD-TURN-2, PD-SETUP-6)."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.core.engine import Setup
from tabletop.core.errors import IllegalAction
from tabletop.games.pocketdragon.content import cards
from tabletop.games.pocketdragon.engine import ENGINE
from tabletop.games.pocketdragon.model import PocketDragonState
from tests.pocketdragon.helpers import KINDNESS, act, arranged, at, table
from tests.pocketdragon.test_views import random_states


def every_conceivable_action(state: PocketDragonState, seat: int) -> list[Any]:
    """Every action of every kind ``seat`` could send, over every place, card, Skill and
    food of the game, legal or not, in the order ``legal_actions`` lists them."""
    now = state.now_ms / 1000
    deck = cards()
    fields: list[tuple[str, dict[str, Any]]] = [("start", {}), ("pause", {}), ("resume", {})]
    fields += [("reset", {})]
    fields += [("log_feed", {"discarded": n}) for n in range(0, 6)]
    fields += [(kind, {}) for kind in ("log_general_clue", "log_specific_clue")]
    fields += [(kind, {}) for kind in ("log_success", "log_mistake", "log_tidy_up")]
    places = range(20)
    # A look at two cards is listed once, lower place first (the rules take either order).
    fields += [("peek", {"places": (a, b)}) for a in places for b in places if a <= b]
    fields += [(kind, {}) for kind in ("end_peek", "give_up", "tidy_up")]
    fields += [("general_clue", {"skill": s.id}) for s in deck.skills]
    fields += [("answer_clue", {"skill": s.id}) for s in deck.skills]
    fields += [("specific_clue", {"card": i}) for i in range(-1, 5)]
    fields += [("play", {"card": i}) for i in range(-1, 5)]
    for place in places:
        fields += [(kind, {"place": place}) for kind in ("flip", "suggest", "collect_food")]
    fields += [("feed", {"food": f.id}) for f in deck.foods]
    return [
        ENGINE.parse_action({"kind": kind, "seat": seat, "now": now, **more})
        for kind, more in fields
    ]


def _first(state: PocketDragonState, kind: str) -> PocketDragonState:
    """The state after the first legal action of ``kind`` by the seat to act, if any."""
    for seat in ENGINE.to_act(state):
        for action in ENGINE.legal_actions(state, seat):
            if action.kind == kind:
                return ENGINE.apply(state, action).state
    return state


def arranged_states(seed: int) -> list[PocketDragonState]:
    """Known cards: food held in the Feed window, one Skill left to match (the partner
    may suggest), a grid nearly empty (tidy up), a specific clue to answer."""
    fed = act(act(arranged(seed), "collect_food", 1.0, place=0), "collect_food", 2.0, 1, place=1)
    playing = act(act(arranged(seed), "play", 1.0, card=2), "flip", 2.0, place=KINDNESS[0])
    sparse = arranged(seed)
    table(sparse).discard = list(range(3, 20))
    table(sparse).grid = [0, 1, 2, *[None] * 17]
    asked = act(arranged(seed), "specific_clue", 1.0, card=0)
    return [fed, at(fed, 95.0), playing, sparse, asked]


def accepted(state: PocketDragonState, action: Any) -> bool:
    try:
        ENGINE.apply(state, action)
    except IllegalAction:
        return False
    return True


def companion_states(seed: int) -> list[PocketDragonState]:
    """States of a companion game: before the start, running (in and out of the Feed
    window, with and without clues, and with exactly a clue's cost in the pool, PD-CLUE-2),
    paused, and over."""
    ready = ENGINE.new(Setup(players=("A", "B"), options={"mode": "companion"}), seed)
    running = act(ready, "start", 0.0)
    hungry = at(running, 95.0)
    one_clue = act(running, "log_specific_clue", 1.0)
    two_clues = act(running, "log_general_clue", 1.0)
    spent = act(one_clue, "log_general_clue", 2.0)
    paused = act(running, "pause", 3.0)
    over = at(running, 10_000.0)
    return [ready, running, hungry, one_clue, two_clues, spent, paused, over]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_legal_actions_are_exactly_the_actions_the_rules_accept(seed: int) -> None:
    """PD-TURN-1, PD-TURN-2, PD-SETUP-6: ``legal_actions`` builds the legal actions
    directly; checked against every conceivable action run through ``apply``."""
    states = random_states(seed, steps=80) + companion_states(seed)
    # Random play rarely opens an Activity or a clue: open them from each turn start.
    for state in random_states(seed, steps=20):
        for kind in ("play", "specific_clue", "peek"):
            state = _first(state, kind)
            states.append(state)
        for _ in range(3):
            state = _first(state, "flip")
            states.append(state)
    states.append(ENGINE.new(Setup(players=("A", "B"), options={"mode": "table"}), seed))
    states += arranged_states(seed)
    kinds = set()
    for state in states:
        for seat in (0, 1):
            legal = ENGINE.legal_actions(state, seat)
            oracle = [a for a in every_conceivable_action(state, seat) if accepted(state, a)]
            assert legal == oracle
            kinds |= {a.kind for a in legal}
    # The states reach every kind of action, so the comparison covers each case.
    assert kinds >= {"start", "pause", "resume", "reset", "log_feed", "peek", "end_peek"}
    assert kinds >= {"general_clue", "specific_clue", "answer_clue", "play", "flip"}
    assert kinds >= {"collect_food", "tidy_up", "log_success", "give_up", "suggest", "feed"}
