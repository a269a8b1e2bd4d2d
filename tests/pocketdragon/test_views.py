"""Hidden information: no view shows a seat what it may not see (checked on the JSON)."""

from __future__ import annotations

import json

import pytest

from tabletop.core.rng import Rng
from tabletop.games.pocketdragon.content import cards
from tabletop.games.pocketdragon.engine import ENGINE
from tabletop.games.pocketdragon.model import PocketDragonState, with_now
from tabletop.games.pocketdragon.rules import face_down
from tests.pocketdragon.helpers import (
    act,
    arranged,
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
