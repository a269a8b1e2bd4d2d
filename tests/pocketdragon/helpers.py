"""Shared helpers for the Pocket Dragon tests: build games, act, and check refusals."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop.core.engine import Setup
from tabletop.core.errors import IllegalAction
from tabletop.games.pocketdragon.content import cards
from tabletop.games.pocketdragon.engine import ENGINE
from tabletop.games.pocketdragon.model import PocketDragonState, Table
from tabletop.games.pocketdragon.view import PocketDragonView

PLAYERS = ("Ann", "Bo")


def new(mode: str = "table", difficulty: str = "easy", seed: int = 1) -> PocketDragonState:
    setup = Setup(players=PLAYERS, options={"mode": mode, "difficulty": difficulty})
    return ENGINE.new(setup, seed)


def act(state: PocketDragonState, kind: str, now: float, seat: int = 0, **fields: Any) -> Any:
    """The state after one action (given as plain data, as a screen or a record would)."""
    action = ENGINE.parse_action({"kind": kind, "seat": seat, "now": now, **fields})
    return ENGINE.apply(state, action).state


def started(
    mode: str = "table", difficulty: str = "easy", seed: int = 1, at: float = 0.0
) -> PocketDragonState:
    return act(new(mode, difficulty, seed), "start", at)


def refused(
    state: PocketDragonState, kind: str, now: float, seat: int = 0, **fields: Any
) -> IllegalAction:
    """The refusal of an action, after checking it changed nothing at all."""
    before = ENGINE.state_json(state)
    action = ENGINE.parse_action({"kind": kind, "seat": seat, "now": now, **fields})
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(state, action)
    assert ENGINE.state_json(state) == before
    return caught.value


def options(state: PocketDragonState, seat: int) -> list[Any]:
    """The seat's legal actions, for a test to look into: never an empty list (an
    assertion over no options at all holds whatever the rules say)."""
    actions: list[Any] = ENGINE.legal_actions(state, seat)
    assert actions, f"seat {seat} has no legal action here: nothing to inspect"
    return actions


def at(state: PocketDragonState, now: float) -> PocketDragonState:
    result: PocketDragonState = ENGINE.advance(state, now).state
    return result


def view(state: PocketDragonState, seat: int | None) -> PocketDragonView:
    result = ENGINE.view(state, seat)
    assert isinstance(result, PocketDragonView)
    return result


def view_json(state: PocketDragonState, seat: int | None) -> str:
    return json.dumps(ENGINE.view(state, seat).model_dump(mode="json"))


def table(state: PocketDragonState) -> Table:
    assert state.table is not None
    return state.table


def card_of(skill: str, food: str) -> int:
    """The index of the Collection card with this Skill and Food."""
    return next(i for i, c in enumerate(cards().collection) if c.skill == skill and c.food == food)


def activity_of(activity_id: str) -> int:
    return next(i for i, a in enumerate(cards().activities) if a.id == activity_id)


def skill_at(state: PocketDragonState, place: int) -> str:
    card = table(state).grid[place]
    assert card is not None
    return cards().collection[card].skill


def places_with(state: PocketDragonState, skill: str) -> list[int]:
    """Grid places holding a card of ``skill`` (the tests may look under the cards)."""
    return [
        p
        for p, card in enumerate(table(state).grid)
        if card is not None and cards().collection[card].skill == skill
    ]


def keep_fed(state: PocketDragonState, until: float) -> PocketDragonState:
    """Companion game started at 0: feed whenever 29 s of hunger are left, up to ``until``."""
    while (feed_at := state.hunger_deadline_ms / 1000 - 29) < until:
        state = act(state, "log_feed", feed_at, discarded=1)
    return state


# Skills by grid place in an arranged game: card i lies at place i, and the cards
# run Skill by Skill, each Skill with its 4 foods in order (see cards.json).
ENDURANCE, ATTENTION, CREATIVITY, KINDNESS, WIT = (range(4 * k, 4 * k + 4) for k in range(5))
SUSHI, HAZELNUT, STEAK, BERRIES = (0, 1, 2, 3)


def arranged(seed: int = 1, happiness: int | None = None) -> PocketDragonState:
    """A started table game with known cards: card i at place i; Ann holds Learn to Cook
    (A C K), Proper Breakfast (E A) and Make Friends (K W); Bo holds Healthy Exercise (E W),
    Board Games (A W) and Fall in Love (C K W)."""
    state = new("table", seed=seed)
    hands = [
        ["learn-to-cook", "proper-breakfast", "make-friends"],
        ["healthy-exercise", "board-games", "fall-in-love"],
    ]
    tbl = table(state)
    tbl.grid = list(range(20))
    held = [activity_of(a) for hand in hands for a in hand]
    for seat_hand, ids in zip(tbl.hands, hands, strict=True):
        for hand_card, activity_id in zip(seat_hand, ids, strict=True):
            hand_card.activity = activity_of(activity_id)
    tbl.deck = [a for a in range(14) if a not in held]
    if happiness is not None:
        state.happiness = happiness
    return act(state, "start", 0.0)
