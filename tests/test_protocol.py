"""The engine protocol: one JSON line per request, refusals change nothing,
broken input never stops the process. Runs against every game that is built."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from tabletop.core.rng import Rng
from tabletop.games import GAMES
from tabletop.protocol import Session

READY = [name for name, info in GAMES.items() if info.ready]
PLAYERS = {"spacepark": ["Ann", "Bo", "Cy"], "pocketparks": ["Ann", "Bo", "Cy"]}


class Driver:
    """A Session with a game clock that moves half a second per action, so
    to_act and legal are asked at the same moment of game time."""

    def __init__(self, game: str) -> None:
        self.session = Session()
        self.now = 0.0
        self.game = game

    def send(self, request: dict[str, Any]) -> dict[str, Any]:
        if request.get("op") == "act":
            self.now += 0.5
        response = self.session.handle_line(json.dumps({**request, "now": self.now}))
        json.dumps(response)  # every answer must be serializable as one line
        return response

    def outcome(self) -> dict[str, Any] | None:
        engine = self.session.engine
        assert engine is not None
        result = engine.outcome(self.session.state)
        return None if result is None else result.model_dump(mode="json")

    def state(self) -> str:
        return json.dumps(self.send({"op": "state"})["state"], sort_keys=True)


def start(game: str, seed: int) -> tuple[Driver, dict[str, Any]]:
    driver = Driver(game)
    players = PLAYERS.get(game, ["Ann", "Bo"])
    answer = driver.send({"op": "new", "game": game, "seed": seed, "players": players})
    assert answer["ok"], answer
    return driver, answer


@pytest.mark.parametrize("game", READY)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_random_game_runs_to_its_outcome_through_the_protocol(game: str, seed: int) -> None:
    driver, answer = start(game, seed)
    rng = Rng.from_seed(seed)
    to_act: list[int] = answer["to_act"]
    for _ in range(20_000):
        if not to_act:
            break
        seat = rng.choice(to_act)
        legal = driver.send({"op": "legal", "seat": seat})["actions"]
        assert legal, f"seat {seat} is asked to act but has no legal action"
        answer = driver.send({"op": "act", "seat": seat, "action": rng.choice(legal)})
        if not answer["ok"] and driver.outcome() is not None:
            break  # a real-time game ran out of time before this action landed
        assert answer["ok"], answer
        to_act = answer["to_act"]
    outcome = driver.outcome()
    assert outcome is not None, "the game did not end"
    assert set(outcome) >= {"scores", "winners", "summary"}


@pytest.mark.parametrize("game", READY)
def test_refusals_change_nothing(game: str) -> None:
    driver, _ = start(game, 5)
    before = driver.state()
    bad_requests: list[dict[str, Any]] = [
        {"op": "act", "seat": 0, "action": {"kind": "no-such-move"}},
        {"op": "act", "seat": 0, "action": "not an object"},
        {"op": "act", "seat": 99, "action": {}},
        {"op": "act", "seat": 0, "action": {"seat": 1}},
        {"op": "legal", "seat": -1},
        {"op": "view", "seat": "everyone"},
        {"op": "load", "game": game, "state": {"nonsense": True}},
        {"op": "fly"},
    ]
    for request in bad_requests:
        answer = driver.send(request)
        assert answer["ok"] is False, request
        assert answer["error"]["rule"] and answer["error"]["message"], answer
    assert driver.state() == before


@pytest.mark.parametrize("game", READY)
def test_state_round_trips_through_load(game: str) -> None:
    driver, _ = start(game, 9)
    state = driver.send({"op": "state"})["state"]
    other = Driver(game)
    other.now = driver.now
    assert other.send({"op": "load", "game": game, "state": state})["ok"]
    assert other.state() == driver.state()


@pytest.mark.parametrize("game", READY)
def test_schema_describes_actions_state_and_options(game: str) -> None:
    answer = Session().handle({"op": "schema", "game": game})
    assert answer["ok"]
    assert set(answer["schema"]) == {"action", "state", "options"}


@pytest.mark.parametrize(
    ("line", "rule"),
    [
        ("{not json", "PROTO-JSON"),
        ("[1, 2]", "PROTO-JSON"),
        ('{"op": "dance"}', "PROTO-OP"),
        ('{"seat": 0}', "PROTO-OP"),
        ('{"op": "legal", "seat": 0}', "PROTO-NOGAME"),
        ('{"op": "new", "game": "chess", "players": ["A"]}', "PROTO-ARGS"),
        ('{"op": "new", "game": 7}', "PROTO-ARGS"),
    ],
)
def test_broken_requests_get_a_clear_error(line: str, rule: str) -> None:
    answer = Session().handle_line(line)
    assert answer == {"ok": False, "error": {"rule": rule, "message": answer["error"]["message"]}}
    assert answer["error"]["message"]


@pytest.mark.parametrize("game", READY)
def test_bad_setups_are_refused(game: str) -> None:
    session = Session()
    too_many = [f"P{i}" for i in range(9)]
    answer = session.handle({"op": "new", "game": game, "players": too_many})
    assert answer["ok"] is False and answer["error"]["rule"] == "PROTO-SETUP"
    answer = session.handle({"op": "new", "game": game, "players": ["A", "B"], "seed": "x"})
    assert answer["ok"] is False and answer["error"]["rule"] == "PROTO-ARGS"
    answer = session.handle(
        {"op": "new", "game": game, "players": ["A", "B"], "options": {"no_such_option": 1}}
    )
    assert answer["ok"] is False and answer["error"]["rule"] == "PROTO-SETUP"
    message = answer["error"]["message"]
    assert "no_such_option" in message and "http" not in message and "\n" not in message


def test_the_process_answers_every_line_and_survives_garbage() -> None:
    lines = ["{", "", '{"op": "nope"}', "42", '{"op": "schema"}']
    if READY:
        game = READY[0]
        players = PLAYERS.get(game, ["Ann", "Bo"])
        lines.append(json.dumps({"op": "new", "game": game, "seed": 1, "players": players}))
    proc = subprocess.run(
        [sys.executable, "-m", "tabletop", "engine"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == len([line for line in lines if line.strip()])
    assert [a["ok"] for a in answers[:4]] == [False, False, False, False]
    if READY:
        assert answers[-1]["ok"] and "view" in answers[-1]
