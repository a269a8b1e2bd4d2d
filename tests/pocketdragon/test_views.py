"""Hidden information: no view shows a seat what it may not see (checked on the JSON)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop.core.engine import Setup
from tabletop.core.errors import IllegalAction
from tabletop.core.rng import Rng
from tabletop.games.pocketdragon import ENGINE
from tabletop.games.pocketdragon.content import cards
from tabletop.games.pocketdragon.model import PocketDragonState, with_now
from tabletop.games.pocketdragon.rules import face_down
from tests.pocketdragon.helpers import (
    KINDNESS,
    act,
    arranged,
    at,
    started,
    table,
    view_json,
)


def random_states(seed: int, steps: int = 60) -> list[PocketDragonState]:
    """States along a random table game (random legal actions, one second apart)."""
    state = started("table", seed=seed)
    rng = Rng.from_seed(seed)
    states = [state]
    for step in range(steps):
        seats = ENGINE.to_act(state)
        if not seats:
            break
        legal = [a for a in ENGINE.legal_actions(state, rng.choice(seats)) if a.kind != "pause"]
        if not legal:
            break
        action = with_now(rng.choice(legal), float(step + 1))
        state = ENGINE.apply(state, action).state
        states.append(state)
    return states


def own_activity_ids(state: PocketDragonState, seat: int) -> list[str]:
    return [cards().activities[h.activity].id for h in table(state).hands[seat]]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_no_view_shows_a_seat_its_own_activities(seed: int) -> None:
    """PD-TALK-2: the holder never sees them, the partner does, a spectator sees neither."""
    for state in random_states(seed):
        for seat in (0, 1):
            mine = view_json(state, seat)
            for activity_id in own_activity_ids(state, seat):
                assert f'"{activity_id}"' not in mine
            for activity_id in own_activity_ids(state, 1 - seat):
                assert f'"{activity_id}"' in mine
        spectator = view_json(state, None)
        for seat in (0, 1):
            for activity_id in own_activity_ids(state, seat):
                assert f'"{activity_id}"' not in spectator


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_face_down_cards_are_shown_to_nobody(seed: int) -> None:
    """PD-TALK-1: a face-down card's id is in no view, but the open look's, to its looker."""
    for state in random_states(seed):
        tbl = table(state)
        peeked = set(tbl.peek.places) if tbl.peek else set()
        for seat in (0, 1, None):
            shown = view_json(state, seat)
            for place in face_down(tbl):
                card = tbl.grid[place]
                assert card is not None
                visible = place in peeked and tbl.peek is not None and seat == tbl.peek.seat
                assert (f'"{cards().collection[card].id}"' in shown) == visible


def test_the_looker_alone_sees_the_look() -> None:
    """PD-PEEK-1, PD-TALK-1: in views and in the log."""
    transition = ENGINE.apply(
        arranged(), ENGINE.parse_action({"kind": "peek", "seat": 0, "now": 1.0, "places": [2, 9]})
    )
    ids = [f'"{cards().collection[c].id}"' for c in (2, 9)]
    assert all(i in view_json(transition.state, 0) for i in ids)
    for seat in (1, None):
        assert not any(i in view_json(transition.state, seat) for i in ids)
    private = [e for e in transition.events if e.private_to is not None]
    assert [e.private_to for e in private] == [0]
    public = " ".join(e.text for e in transition.events if e.private_to is None)
    assert "Steak" not in public and "Creativity" not in public


def test_the_discard_pile_is_open_to_everyone() -> None:
    """PD-TALK-4."""
    state = act(act(arranged(), "play", 1.0, card=1), "flip", 2.0, place=16)
    discard_id = cards().collection[16].id
    for seat in (0, 1, None):
        shown = json.loads(view_json(state, seat))
        assert [c["card"] for c in shown["table"]["discard"]] == [discard_id]


def test_the_view_carries_what_a_table_screen_needs() -> None:
    """PD-TIME-3, PD-FEED-1, PD-CLUE-2: timers, buttons, legend, status."""
    shown = json.loads(view_json(arranged(), 1))
    assert shown["clocks"] == {
        "main_left": 300.0,
        "main_display": 300,
        "hunger_left": 120.0,
        "hunger_display": 120,
        "feed_available": False,
        "clues": 3,
        "general_clue_available": True,
        "specific_clue_available": True,
    }
    assert [s["letter"] for s in shown["skills"]] == ["E", "A", "C", "K", "W"]
    assert shown["status"] == "running" and shown["to_act"] == [0] and shown["clock"] == 0.0
    assert shown["table"]["turn"] == 0 and shown["table"]["deck"] == 8


@pytest.mark.parametrize("seed", [8, 9])
def test_every_legal_action_applies_and_the_seat_not_asked_may_only_pause(seed: int) -> None:
    """PD-TURN-1, PD-TURN-3: legal_actions and apply agree for both seats, all game long."""
    for state in random_states(seed, steps=30):
        for seat in (0, 1):
            legal = ENGINE.legal_actions(state, seat)
            for action in legal:
                ENGINE.apply(state, action)
            if seat not in ENGINE.to_act(state):
                assert {a.kind for a in legal} <= {"pause", "resume", "start"}


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
    window, with and without clues), paused, and over."""
    ready = ENGINE.new(Setup(players=("A", "B"), options={"mode": "companion"}), seed)
    running = act(ready, "start", 0.0)
    hungry = at(running, 95.0)
    spent = act(act(running, "log_specific_clue", 1.0), "log_general_clue", 2.0)
    paused = act(running, "pause", 3.0)
    over = at(running, 10_000.0)
    return [ready, running, hungry, spent, paused, over]


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
