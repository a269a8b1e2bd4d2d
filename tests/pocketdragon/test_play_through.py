"""Whole games: a scripted Easy win, replay of a record, and the JSON-lines protocol."""

from __future__ import annotations

import json
from typing import Any

from tabletop.core.engine import Setup
from tabletop.core.record import GameRecord, replay
from tabletop.games.pocketdragon.content import cards
from tabletop.games.pocketdragon.engine import ENGINE
from tabletop.games.pocketdragon.model import PocketDragonState, with_now
from tabletop.games.pocketdragon.rules import face_down, needed_skills
from tabletop.protocol import Session
from tests.pocketdragon.helpers import PLAYERS, table


def winning_script(state: PocketDragonState, seconds_per_action: float) -> list[dict[str, Any]]:
    """Actions that win a table game by peeking under the cards (as a test may):
    each player in turn plays their first Activity and flips exactly its Skills."""
    actions: list[dict[str, Any]] = []
    now = 0.0

    def do(kind: str, seat: int, **fields: Any) -> None:
        nonlocal state, now
        data = {"kind": kind, "seat": seat, "now": now, **fields}
        state = ENGINE.apply(state, ENGINE.parse_action(data)).state
        actions.append(data)
        now += seconds_per_action

    do("start", 0)
    while state.status == "running":
        tbl = table(state)
        seat = tbl.turn
        do("play", seat, card=0)
        while state.status == "running" and (play := table(state).play) is not None:
            skill = needed_skills(table(state), play)[0]
            place = next(
                p
                for p in face_down(table(state))
                if cards().collection[table(state).grid[p] or 0].skill == skill
            )
            do("flip", seat, place=place)
    return actions


def test_a_seeded_easy_table_game_is_won_by_a_script() -> None:
    """PD-WIN-1, PD-SCORE-1, PD-PLAY-5: three Activities done, no mistake, quick."""
    setup = Setup(players=PLAYERS, options={"mode": "table", "difficulty": "easy"})
    script = winning_script(ENGINE.new(setup, 2024), seconds_per_action=2.0)
    state = replay(ENGINE, GameRecord(game="pocketdragon", setup=setup, seed=2024, actions=script))
    assert state.status == "won" and len(table(state).done) == 3
    last_now = script[-1]["now"]
    expected = 1 + 4 + (300 - int(last_now)) // 10
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.scores == (expected, expected)
    assert outcome.winners == (0, 1)


def test_a_record_replays_to_the_identical_state() -> None:
    """PD-TIME-2: actions carry their own time, so replay rebuilds every clock and card."""
    setup = Setup(players=PLAYERS, options={"mode": "table", "difficulty": "medium"})
    state = ENGINE.new(setup, 77)
    record = GameRecord(game="pocketdragon", setup=setup, seed=77)
    now = 0.0
    for step in range(80):
        seats = ENGINE.to_act(state)
        if not seats:
            break
        seat = seats[step % len(seats)]
        legal = [a for a in ENGINE.legal_actions(state, seat) if a.kind != "pause"]
        action = with_now(legal[(step * 7) % len(legal)], now)
        state = ENGINE.apply(state, action).state
        record.actions.append(ENGINE.dump_action(action))
        now += 1.37
        state = ENGINE.advance(state, now - 0.5).state  # a screen redraw between actions
    rebuilt = replay(ENGINE, GameRecord.model_validate_json(record.model_dump_json()))
    rebuilt = ENGINE.advance(rebuilt, now - 0.5).state  # the last redraw, not recorded
    assert ENGINE.state_json(rebuilt) == ENGINE.state_json(state)
    assert len(record.actions) > 20


def test_the_protocol_drives_a_game_with_now_on_every_request() -> None:
    """PD-TIME-1, PD-TIME-4, PD-FEED-2: the Session runs the clocks to each request's now."""
    session = Session()

    def send(request: dict[str, Any]) -> dict[str, Any]:
        answer = session.handle_line(json.dumps(request))
        assert answer["ok"], answer
        return answer

    options = {"mode": "companion", "difficulty": "medium"}
    send(
        {
            "op": "new",
            "game": "pocketdragon",
            "seed": 3,
            "players": list(PLAYERS),
            "options": options,
        }
    )
    send({"op": "act", "seat": 1, "now": 2.0, "action": {"kind": "start", "now": 2.0}})
    clocks = send({"op": "view", "seat": 0, "now": 12.5})["view"]["clocks"]
    assert (clocks["main_display"], clocks["hunger_left"]) == (350, 109.5)
    refusal = session.handle(
        {
            "op": "act",
            "seat": 0,
            "now": 20.0,
            "action": {"kind": "log_feed", "now": 20.0, "discarded": 1},
        }
    )
    assert refusal["error"]["rule"] == "PD-FEED-1"
    send(
        {
            "op": "act",
            "seat": 0,
            "now": 95.0,
            "action": {"kind": "log_feed", "now": 95.0, "discarded": 2},
        }
    )
    fed = send({"op": "view", "seat": 0, "now": 95.0})["view"]
    assert fed["clocks"]["hunger_left"] == 93.0 and fed["happiness"] == 4
    send({"op": "act", "seat": 0, "now": 96.0, "action": {"kind": "pause", "now": 96.0}})
    paused = send({"op": "view", "seat": None, "now": 5000.0})["view"]["clocks"]
    assert paused["main_left"] == 266.0
    legal = send({"op": "legal", "seat": 1, "now": 5001.0})["actions"]
    assert [a["kind"] for a in legal] == ["resume", "reset"]
    assert send({"op": "state", "now": 5002.0})["state"]["elapsed_ms"] == 94_000
