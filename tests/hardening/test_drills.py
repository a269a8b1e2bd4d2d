"""Failure drills on the saved games: a game process killed (SIGKILL) again and
again at random points and resumed each time loses no move it reported and plays
on exactly as an uninterrupted game; two processes on one data directory keep it
sound, each with its own game or both on the same one, and a copy that missed the
other's move (or undo) is refused and reloads, never erasing it; tabletops started
together on a new folder, next to a CPU hog, all open it; a disk that fills up
mid-game, a folder or file that cannot be written, or one that cannot be read,
never stops a game, and the player is told the real cause."""

from __future__ import annotations

import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing, contextmanager
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


# A copy of tabletop showing one saved Space Park game, driven by lines on stdin:
# "move" (the harness's fixed policy) or "undo". After each it prints "saved N" (the
# move or undo is saved; N moves now), or "stale N" when another copy had changed the
# game: it then reloads it, as a game screen does (GameScreen.reload_stale).
COPY = r"""
import sys
from pathlib import Path
from tabletop.core.session import GameSession
from tabletop.core.store import Store, StoreConflict
from tests.hardening.harness import SPECS, chosen_move

data, game_id, seed = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
spec = SPECS["spacepark"]
store = Store(data / "tabletop.db")
session = GameSession.resume(store, game_id, spec.engine)
print("saved", session.moves, flush=True)
for command in sys.stdin:
    told = "saved"
    try:
        if command.strip() == "move":
            session.act(chosen_move(spec, session.state, seed, session.moves))
        else:
            session.undo()
    except StoreConflict:
        told = "stale"
        session = GameSession.resume(store, game_id, spec.engine)
    print(told, session.moves, flush=True)
"""


class Copy:
    """A tabletop process showing the game, as the drills drive it."""

    def __init__(self, data: Path, game_id: int) -> None:
        args = [sys.executable, "-c", COPY, str(data), str(game_id), str(SEED)]
        self.process = subprocess.Popen(
            args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=ENV, cwd=ROOT
        )
        self.moves = 0
        assert self._told() == "saved"

    def _told(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline().split()
        assert len(line) == 2 and line[0] in ("saved", "stale"), line
        self.moves = int(line[1])
        return line[0]

    def do(self, command: str) -> str:
        """Send ``move`` or ``undo``: "saved", or "stale" (refused, and reloaded)."""
        assert self.process.stdin is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        return self._told()

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        assert self.process.wait(timeout=60) == 0


def _undoable_game(data: Path) -> tuple[int, int]:
    """A saved Space Park game at least 18 moves in whose last move may be taken back
    (it revealed nothing): its id and its number of moves."""
    store = Store(data / "tabletop.db")
    spec = SPECS["spacepark"]
    seats = tuple(SeatInfo(name) for name in spec.setups[1].players)
    session = GameSession.start(store, spec.engine, seats, {}, SEED)
    while session.moves < 18 or session.undo_refusal() is not None:
        session.act(chosen_move(spec, session.state, SEED, session.moves))
    store.close()
    return session.game_id, session.moves


def test_an_undo_in_a_copy_that_missed_a_move_erases_nothing(tmp_path: Path) -> None:
    """Issue 12's drill: copies A and B show the same game. A stores a move; B, which
    never saw it, presses undo. B is refused (it cannot take back a move it never
    saw) and reloads; A plays on. Every move either copy saved is kept, in order."""
    game_id, start = _undoable_game(tmp_path)
    a, b = Copy(tmp_path, game_id), Copy(tmp_path, game_id)
    try:
        assert a.do("move") == "saved" and a.moves == start + 1
        assert b.do("undo") == "stale" and b.moves == start + 1  # A's move, shown
        assert a.do("move") == "saved" and a.do("move") == "saved"
        assert b.do("move") == "stale" and b.moves == start + 3
        assert b.do("move") == "saved" and b.moves == start + 4
    finally:
        a.close()
        b.close()
    spec = SPECS["spacepark"]
    assert _saved(tmp_path, spec, game_id) == _reference(spec, start + 4)


def test_a_move_in_a_copy_that_missed_an_undo_erases_nothing(tmp_path: Path) -> None:
    """The mirror: A takes its last move back; B, which still shows it, moves on from
    it. B's move is refused (not made: it built on a move that is gone) and B reloads;
    then each moves in turn, each one's first try after the other's move refused."""
    game_id, start = _undoable_game(tmp_path)
    a, b = Copy(tmp_path, game_id), Copy(tmp_path, game_id)
    try:
        assert a.do("undo") == "saved" and a.moves == start - 1
        assert b.do("move") == "stale" and b.moves == start - 1
        assert b.do("move") == "saved" and b.moves == start
        assert a.do("move") == "stale" and a.moves == start
        assert a.do("move") == "saved" and a.moves == start + 1
    finally:
        a.close()
        b.close()
    spec = SPECS["spacepark"]
    assert _saved(tmp_path, spec, game_id) == _reference(spec, start + 1)


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


@contextmanager
def _cpu_hogs() -> Iterator[None]:
    """A busy machine: a process spinning on every core."""
    spin = "while True: pass"
    hogs = [subprocess.Popen([sys.executable, "-c", spin]) for _ in range(os.cpu_count() or 1)]
    try:
        yield
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


def test_processes_opening_a_new_data_directory_at_once(tmp_path: Path) -> None:
    """Six tabletops started together on a folder with no saved games yet, on a busy
    machine: all open it (one makes the file, whole, the others find it made; none is
    told the file is locked)."""
    with _cpu_hogs():
        for attempt in range(5):
            _open_together(tmp_path / f"data{attempt}", 6)


def _open_together(data: Path, copies: int) -> None:
    children = [
        subprocess.Popen(
            [sys.executable, "-c", OPENER, str(data)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=ENV,
        )
        for _ in range(copies)
    ]
    for child in children:  # every one is waiting on its stdin by now or soon
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    outputs = [child.communicate(timeout=120)[0] for child in children]
    assert [child.returncode for child in children] == [0] * copies, outputs
    assert sorted(p.name for p in data.iterdir()) == ["tabletop.db"]  # nothing half made
    store = Store(data / "tabletop.db")
    assert store.schema_version == len(MIGRATIONS) and store.notices == []
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
    assert all("Could not save" in line and "Free some space" in line for line in unsaved), unsaved
    assert [int(line.split()[0]) for line in unsaved] == list(range(2, 22))
    assert lines[21] == "22 saved"
    game_id = int(lines[22].split()[1])
    spec = SPECS["spacepark"]
    assert _saved(tmp_path, spec, game_id) == _reference(spec, 22)


def _play_unsaved(data: Path, why: str) -> None:
    store = Store(data / "tabletop.db")
    try:
        assert not store.saving
        [notice] = store.notices
        assert f"The saved games at {data / 'tabletop.db'} cannot be used: {why}" in notice
        assert "nothing is saved" in notice
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
    _play_unsaved(data, f"{data / 'tabletop.db'} is a folder")
    assert [p.name for p in data.iterdir()] == ["tabletop.db"]
    assert not any((data / "tabletop.db").iterdir())


# Root reads and writes any file: these drills run without the powers to override
# file permissions, as any user would.
AS_A_USER = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", "--"]


def _as_a_user(code: str, *args: str) -> None:
    """Run ``code`` (with ``args``) in a process that file permissions hold to."""
    command = [sys.executable, "-c", code, *args]
    if os.geteuid() == 0:
        if (
            shutil.which("setpriv") is None
            or subprocess.run([*AS_A_USER, "true"], capture_output=True).returncode != 0
        ):
            pytest.skip("root reads and writes any file, and setpriv cannot drop that")
        command = AS_A_USER + command
    done = subprocess.run(command, capture_output=True, text=True, env=ENV, cwd=ROOT)
    assert done.returncode == 0, done.stderr


UNSAVED = r"""
import sys
from pathlib import Path
from tests.hardening.test_drills import _play_unsaved
_play_unsaved(Path(sys.argv[1]), sys.argv[2])
"""


def test_a_read_only_data_directory_leaves_the_game_playable(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    data.chmod(0o555)
    try:
        why = f"the folder {data} cannot be written (its permissions)"
        _as_a_user(UNSAVED, str(data), why)
        assert not any(data.iterdir())
    finally:
        data.chmod(0o755)


def _a_saved_game(data: Path) -> int:
    """A data folder whose file holds a Space Park game of a few moves; its id."""
    store = Store(data / "tabletop.db")
    spec = SPECS["spacepark"]
    seats = tuple(SeatInfo(name) for name in spec.setups[1].players)
    session = GameSession.start(store, spec.engine, seats, {}, SEED)
    for index in range(5):
        session.act(chosen_move(spec, session.state, SEED, index))
    store.close()
    return session.game_id


def test_an_unreadable_file_is_said_to_be_unreadable_and_left_alone(tmp_path: Path) -> None:
    """Not "cannot be written": its permissions do not let tabletop read it. The game
    is played in memory, and the file is not touched."""
    _a_saved_game(tmp_path)
    path = tmp_path / "tabletop.db"
    before = path.read_bytes()
    path.chmod(0o000)
    try:
        _as_a_user(UNSAVED, str(tmp_path), "its permissions do not let tabletop read it")
    finally:
        path.chmod(0o644)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tabletop.db"]


READ_ONLY_FILE = r"""
import sys
from pathlib import Path
from tabletop.core.session import GameSession
from tabletop.core.store import Store
from tests.hardening.harness import SPECS, chosen_move

path, game_id, seed = Path(sys.argv[1]) / "tabletop.db", int(sys.argv[2]), int(sys.argv[3])
store = Store(path)
[notice] = store.notices
assert f"The saved games file {path} is read-only (its permissions)" in notice, notice
spec = SPECS["spacepark"]
session = GameSession.resume(store, game_id, spec.engine)  # its games can still be opened
session.act(chosen_move(spec, session.state, seed, session.moves))
problem = session.save_problem
assert problem is not None and "the file is read-only (its permissions)" in problem, problem
assert "Make it writable" in problem and "Free some space" not in problem, problem
assert session.moves == 6  # the move is made, in memory
"""


def test_a_read_only_file_opens_its_games_and_says_why_moves_are_not_saved(
    tmp_path: Path,
) -> None:
    """The cause is the file's permissions, not a full disk: the player is told so."""
    game_id = _a_saved_game(tmp_path)
    path = tmp_path / "tabletop.db"
    path.chmod(0o444)
    try:
        _as_a_user(READ_ONLY_FILE, str(tmp_path), str(game_id), str(SEED))
    finally:
        path.chmod(0o644)
    assert len(_saved(tmp_path, SPECS["spacepark"], game_id)) == 5
