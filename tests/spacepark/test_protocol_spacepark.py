"""Space Park driven through the JSON-lines protocol, in process and as `tabletop engine`."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.protocol import Session


@pytest.mark.rule("SP-END-2")
def test_a_full_game_through_the_protocol() -> None:
    """SP-END-2: new / legal / act / view / state / schema until the outcome names a winner;
    a refusal answers with the rule id and changes nothing (SP-TURN-1)."""
    session = Session()
    schema = session.handle({"op": "schema", "game": "spacepark"})
    assert schema["ok"]
    assert "visit" in json.dumps(schema["schema"]["action"])
    status = session.handle({"op": "new", "game": "spacepark", "seed": 4, "players": ["A", "B"]})
    assert status["ok"] and status["to_act"] == [0] and status["outcome"] is None
    spectator = session.handle({"op": "view", "seat": None})
    assert spectator["version"] == status["version"] == 1
    assert spectator["view"]["seat"] is None and spectator["view"]["hand"] == []
    before = session.handle({"op": "state"})["state"]
    refused = session.handle(
        {"op": "act", "seat": 1, "action": {"kind": "visit", "dest": "lunar_woods"}}
    )
    assert refused == {"ok": False, "error": {"rule": "TT-SEAT-1", "message": "It is A's turn."}}
    assert session.handle({"op": "state"})["state"] == before
    chooser = random.Random(4)
    outcome = None
    for _ in range(3000):
        seat = status["to_act"][0]
        legal = session.handle({"op": "legal", "seat": seat})["actions"]
        assert legal
        status = session.handle({"op": "act", "seat": seat, "action": chooser.choice(legal)})
        assert status["ok"], status
        assert isinstance(status["events"], list) and "view" not in status
        view = session.handle({"op": "view", "seat": seat})
        assert view["version"] == status["version"] and view["view"]["seat"] == seat
        outcome = status["outcome"]
        if outcome is not None:
            break
    assert outcome is not None and len(outcome["winners"]) == 1
    view = session.handle({"op": "view", "seat": 0})["view"]
    assert view["over"] and view["players"][0]["name"] == "A"
    saved = session.handle({"op": "state"})["state"]
    again = Session()
    assert again.handle({"op": "load", "game": "spacepark", "state": saved})["outcome"] == outcome


@pytest.mark.rule("SP-SETUP-7")
def test_tabletop_engine_subprocess_starts_a_game_and_shows_it() -> None:
    """SP-SETUP-7: the installed `tabletop engine` starts a two-player game."""
    script = Path(sys.executable).parent / "tabletop"
    new = {"op": "new", "game": "spacepark", "seed": 1, "players": ["A", "B"]}
    request = "".join(json.dumps(r) + "\n" for r in (new, {"op": "view", "seat": None}))
    done = subprocess.run(
        [str(script), "engine"], input=request, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    started, shown = (json.loads(line) for line in done.stdout.splitlines())
    assert started["ok"] is True and started["to_act"] == [0]
    assert started["game"] == "spacepark"
    assert [p["name"] for p in shown["view"]["players"]] == ["A", "B"]
    assert len(shown["view"]["ring"]) == 7
