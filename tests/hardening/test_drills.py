"""Failure drills on the saved games: a game process killed (SIGKILL) again and
again at random points and resumed each time loses no move it reported and plays
on exactly as an uninterrupted game; two processes on one data directory keep it
sound, each with its own game or both on the same one; a disk that fills up
mid-game or a folder that cannot be written never stops a game."""

from __future__ import annotations

import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from tabletop.core.session import GameSession
from tabletop.core.store import MIGRATIONS, SeatInfo, Store
from tests.hardening.harness import ROOT, SPECS, GameSpec, chosen_move

SEED = 11
# A game process: starts a game (or resumes the one given) in the data directory and
# plays it with the harness's fixed policy, printing "game ID" then each move count
# once ``act`` returned (the move is saved); "over" at the end; "conflict" if the
# store refused a move because another process wrote the game first.
CHILD = r"""
import sys
from pathlib import Path
from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store, StoreError
from tests.hardening.harness import SPECS, chosen_move

data, game = sys.argv[1], sys.argv[2]
seed, game_id, limit = (int(arg) for arg in sys.argv[3:6])
spec = SPECS[game]
store = Store(Path(data) / "tabletop.db")
if game_id:
    session = GameSession.resume(store, game_id, spec.engine)
else:
    setup = spec.setups[1]
    seats = tuple(SeatInfo(name) for name in setup.players)
    session = GameSession.start(store, spec.engine, seats, dict(setup.options), seed)
print("game", session.game_id, flush=True)
while session.outcome is None and session.moves < limit:
    index = session.moves
    if spec.engine.realtime:
        session.advance(float(index + 1))
        if session.outcome is not None:
            break
    try:
        session.act(chosen_move(spec, session.state, seed, index))
    except StoreError:
        print("conflict", flush=True)
        sys.exit(3)
    print(session.moves, flush=True)
print("over", flush=True)
"""
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def _child(data: Path, game: str, game_id: int = 0, limit: int = 10**6) -> subprocess.Popen[str]:
    args = [sys.executable, "-c", CHILD, str(data), game, str(SEED), str(game_id), str(limit)]
    return subprocess.Popen(args, stdout=subprocess.PIPE, text=True, env=ENV, cwd=ROOT)


def _reference(spec: GameSpec, moves: int) -> list[dict[str, Any]]:
    """The first ``moves`` moves of the same game, played without interruption."""
    engine = spec.engine
    state = engine.new(spec.setups[1], SEED)
    actions = []
    for index in range(moves):
        if engine.realtime:
            state = engine.advance(state, float(index + 1)).state
        action = chosen_move(spec, state, SEED, index)
        state = engine.apply(state, action).state
        actions.append(engine.dump_action(action))
    return actions


def _resumed(data: Path, spec: GameSpec, game_id: int) -> GameSession:
    """A saved game resumed (every move replayed), after checking the file."""
    with closing(sqlite3.connect(data / "tabletop.db")) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    store = Store(data / "tabletop.db")
    try:
        return GameSession.resume(store, game_id, spec.engine)
    finally:
        store.close()


def _saved(data: Path, spec: GameSpec, game_id: int) -> list[dict[str, Any]]:
    return list(_resumed(data, spec, game_id).record.actions)


@pytest.mark.parametrize("game", SPECS)
def test_a_game_killed_again_and_again_resumes_and_plays_on_the_same(
    game: str, tmp_path: Path
) -> None:
    spec = SPECS[game]
    rnd = random.Random(game)
    game_id, saved, kills = 0, 0, 0
    for _ in range(5):
        child = _child(tmp_path, game, game_id)
        assert child.stdout is not None
        reported, over = saved, False
        try:
            line = child.stdout.readline()
            assert line.startswith("game "), line
            game_id = int(line.split()[1])
            for _ in range(rnd.randint(0, 25)):
                line = child.stdout.readline().strip()
                if line == "over":
                    over = True
                    break
                assert line, "the game process died"
                reported = int(line)
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait()
        actions = _saved(tmp_path, spec, game_id)
        # The process may have saved moves it had no time to report; never fewer.
        assert len(actions) >= reported, "a reported move was lost"
        saved = len(actions)
        kills += child.returncode == -signal.SIGKILL
        if over:
            break
    assert kills >= 1
    assert actions == _reference(spec, len(actions)), "the resumed game went another way"


@pytest.mark.parametrize("game", ["spacepark", "pocketparks"])
def test_two_processes_on_one_data_directory(game: str, tmp_path: Path) -> None:
    """Each plays its own game at the same time: both finish, both records are whole."""
    spec = SPECS[game]
    limit = 150
    Store(tmp_path / "tabletop.db").close()  # the file exists: this is about playing
    children = [_child(tmp_path, game, limit=limit) for _ in range(2)]
    outputs = [child.communicate(timeout=300)[0].split("\n") for child in children]
    assert [child.returncode for child in children] == [0, 0], outputs
    ids = [int(out[0].split()[1]) for out in outputs]
    assert len(set(ids)) == 2
    for game_id in ids:
        session = _resumed(tmp_path, spec, game_id)
        actions = session.record.actions
        assert len(actions) == limit or session.outcome is not None
        assert actions == _reference(spec, len(actions))


def test_two_processes_playing_the_same_game(tmp_path: Path) -> None:
    """Both write one game: a move the other already stored is refused (the process
    says so), never stored twice, and the saved game stays one that replays."""
    spec = SPECS["pocketparks"]
    first = _child(tmp_path, spec.game, limit=5)
    out, _ = first.communicate(timeout=120)
    game_id = int(out.split()[1])
    children = [_child(tmp_path, spec.game, game_id, limit=300) for _ in range(2)]
    outputs = [child.communicate(timeout=300)[0] for child in children]
    codes = sorted(child.returncode for child in children)
    assert codes in ([0, 0], [0, 3], [3, 3]), outputs
    actions = _saved(tmp_path, spec, game_id)  # replays: no move stored twice or out of turn
    assert len(actions) >= 5
    assert actions == _reference(spec, len(actions))  # both play the same fixed policy


OPENER = r"""
import sys
from pathlib import Path
from tabletop.core.store import Store, StoreError
sys.stdin.readline()  # all start together
try:
    Store(Path(sys.argv[1]) / "tabletop.db").close()
except StoreError as exc:
    print(exc)
    sys.exit(3)
"""


def test_processes_opening_a_new_data_directory_at_once(tmp_path: Path) -> None:
    """Four tabletops started together on a folder with no saved games yet: all open it
    (one creates the tables; the others see them made, not an error)."""
    for attempt in range(5):
        data = tmp_path / f"data{attempt}"
        children = [
            subprocess.Popen(
                [sys.executable, "-c", OPENER, str(data)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                env=ENV,
            )
            for _ in range(4)
        ]
        for child in children:  # every one is waiting on its stdin by now or soon
            assert child.stdin is not None
            child.stdin.write("go\n")
            child.stdin.flush()
        outputs = [child.communicate(timeout=60)[0] for child in children]
        assert [child.returncode for child in children] == [0, 0, 0, 0], outputs
        store = Store(data / "tabletop.db")
        assert store.schema_version == len(MIGRATIONS)
        store.close()


FULL_DISK = r"""
import resource
import signal
import sys
from pathlib import Path
from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tests.hardening.harness import SPECS, chosen_move

data, seed = Path(sys.argv[1]), int(sys.argv[2])
spec = SPECS["spacepark"]
store = Store(data / "tabletop.db")
seats = tuple(SeatInfo(name) for name in spec.setups[1].players)
session = GameSession.start(store, spec.engine, seats, {}, seed)

def move():
    session.act(chosen_move(spec, session.state, seed, session.moves))
    print(session.moves, session.save_problem or "saved", flush=True)

move()
# The disk fills up: no file of this process may grow any more. A write past the
# limit then fails (EFBIG) rather than killing the process with SIGXFSZ.
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
_, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
full = max(path.stat().st_size for path in data.iterdir())
resource.setrlimit(resource.RLIMIT_FSIZE, (full, hard))
for _ in range(20):
    move()
resource.setrlimit(resource.RLIMIT_FSIZE, (hard, hard))  # space is freed
move()
print("game", session.game_id, flush=True)
"""


def test_a_full_disk_mid_game_loses_no_move(tmp_path: Path) -> None:
    """The disk fills up during a game: every move is still made, each reports why it
    is not saved, and the first move once there is space again saves them all."""
    result = subprocess.run(
        [sys.executable, "-c", FULL_DISK, str(tmp_path), str(SEED)],
        capture_output=True,
        text=True,
        env=ENV,
        cwd=ROOT,
        timeout=120,
        check=True,
    )
    lines = result.stdout.splitlines()
    assert lines[0] == "1 saved"
    unsaved = lines[1:21]
    assert all("could not save" in line for line in unsaved), unsaved
    assert [int(line.split()[0]) for line in unsaved] == list(range(2, 22))
    assert lines[21] == "22 saved"
    game_id = int(lines[22].split()[1])
    spec = SPECS["spacepark"]
    assert _saved(tmp_path, spec, game_id) == _reference(spec, 22)


def _play_unsaved(data: Path) -> None:
    store = Store(data / "tabletop.db")
    try:
        assert not store.saving
        assert store.notice is not None and "nothing is saved" in store.notice
        assert str(data) in store.notice
        spec = SPECS["spacepark"]
        setup = spec.setups[1]
        seats = tuple(SeatInfo(name) for name in setup.players)
        session = GameSession.start(store, spec.engine, seats, {}, SEED)
        for index in range(30):
            session.act(chosen_move(spec, session.state, SEED, index))
        again = GameSession.resume(store, session.game_id, spec.engine)
        assert spec.engine.state_json(again.state) == spec.engine.state_json(session.state)
        assert [g.id for g in store.unfinished()] == [session.game_id]
    finally:
        store.close()


def test_saved_games_that_cannot_be_written_leave_the_game_playable(tmp_path: Path) -> None:
    """The saved games file cannot be opened (here a folder holds its place): a clear
    notice, and the games are played in memory without saving anything."""
    data = tmp_path / "data"
    (data / "tabletop.db").mkdir(parents=True)
    _play_unsaved(data)
    assert [p.name for p in data.iterdir()] == ["tabletop.db"]
    assert not any((data / "tabletop.db").iterdir())


READ_ONLY = r"""
import sys
from pathlib import Path
from tests.hardening.test_drills import _play_unsaved
_play_unsaved(Path(sys.argv[1]))
"""
# Root writes into any folder: its drill runs without the powers to override file
# permissions, as any user would.
AS_A_USER = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", "--"]


def test_a_read_only_data_directory_leaves_the_game_playable(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    data.chmod(0o555)
    command = [sys.executable, "-c", READ_ONLY, str(data)]
    if os.geteuid() == 0:
        if (
            shutil.which("setpriv") is None
            or subprocess.run([*AS_A_USER, "true"], capture_output=True).returncode != 0
        ):
            pytest.skip("root writes into read-only folders, and setpriv cannot drop that")
        command = AS_A_USER + command
    try:
        done = subprocess.run(command, capture_output=True, text=True, env=ENV, cwd=ROOT)
        assert done.returncode == 0, done.stderr
        assert not any(data.iterdir())
    finally:
        data.chmod(0o755)
