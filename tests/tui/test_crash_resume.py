"""A game killed with SIGKILL mid-game loses no move that was reported as made.

A child process plays a seeded Space Park game through GameSession, printing each
action once ``act`` has returned. The parent kills it after some lines, then
resumes the game from the same data directory: every reported action is in the
record, and the record replays."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from tabletop.core.record import replay
from tabletop.core.session import GameSession
from tabletop.core.store import Store
from tabletop.games.spacepark.engine import ENGINE

CHILD = r"""
import json, random, sys
from pathlib import Path
from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games.spacepark.engine import ENGINE

store = Store(Path(sys.argv[1]) / "tabletop.db")
seats = (SeatInfo("Ann"), SeatInfo("Bob"), SeatInfo("Cy"))
rng = random.Random(8)
while True:  # game after game, so the kill always lands mid-game
    session = GameSession.start(store, ENGINE, seats, {}, rng.randrange(2**32))
    print("game", session.game_id, flush=True)
    while session.outcome is None:
        action = rng.choice(session.legal_actions(session.to_act[0]))
        session.act(action)
        print(session.moves, json.dumps(ENGINE.dump_action(action)), sep="\t", flush=True)
"""
REPORTED = 40


def test_a_killed_game_resumes_with_every_reported_move(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(tmp_path)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert child.stdout is not None
    game_id = 0
    reported: list[dict[str, object]] = []
    try:
        while len(reported) < REPORTED:
            line = child.stdout.readline()
            assert line, "the child stopped before it was killed"
            if line.startswith("game "):
                game_id, reported = int(line.split()[1]), []
                continue
            index, action = line.rstrip("\n").split("\t")
            reported.append(json.loads(action))
            assert int(index) == len(reported)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    assert child.returncode == -signal.SIGKILL

    store = Store(tmp_path / "tabletop.db")
    try:
        session = GameSession.resume(store, game_id, ENGINE)
        actions = session.record.actions
        assert len(actions) >= REPORTED
        assert actions[:REPORTED] == reported
        assert ENGINE.state_json(replay(ENGINE, session.record)) == ENGINE.state_json(session.state)
        assert game_id in {g.id for g in store.unfinished()}
    finally:
        store.close()
