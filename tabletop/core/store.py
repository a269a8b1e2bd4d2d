"""The saved games: one SQLite file in the user's data directory.

Writing. Every applied action is committed in its own transaction, synced to the
disk (``synchronous = FULL``: a move on screen survives a power cut), before the
screen shows its result. Every write to a game names the version of it that the
writer last read, checked in the same transaction: when another tabletop open on
the same saved games changed (or deleted) it since, the write is refused
(StoreConflict) and nothing of what the other one saved is touched.

Reading. Every row is checked here, once, by one parse function per kind of row
(``_parse_game``, ``_parse_actions``, ``_parse_setting``); the rest of the app
trusts SavedGame, FinishedGame and StoredGame. A game whose rows make no sense is
listed as a DamagedGame, with why, and can be deleted; the others play on. A
setting that cannot be read keeps its default, and the player is told.

Opening. A new file appears whole (built under a temporary name, then linked into
place), so tabletops started together never race to make it, and an empty file
always means something emptied it. A lock another program holds is waited out,
for a bounded time. A file that fails SQLite's integrity check, or lacks a table,
is moved aside (never deleted) and what can still be read of it is copied, table
by table and game by game, into a new one; the notice says what was recovered
and what was lost. A file written by a newer tabletop is refused, untouched.

Pydantic is imported only where a record is rebuilt: the home screen opens the
store at start-up and must stay quick.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import os
import shutil
import sqlite3
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop.core.names import check_name, check_names
from tabletop.core.times import is_moment
from tabletop.core.words import counted, noun_for

if TYPE_CHECKING:
    from tabletop.core.engine import Outcome
    from tabletop.core.record import GameRecord

DB_NAME = "tabletop.db"

# One step per schema version, never edited once released: a database at
# version n runs steps n, n+1, ... (PRAGMA user_version holds n).
MIGRATIONS: list[str] = [
    """
    CREATE TABLE games (
        id       INTEGER PRIMARY KEY,
        game     TEXT NOT NULL,
        setup    TEXT NOT NULL,
        seats    TEXT NOT NULL,
        seed     INTEGER NOT NULL,
        created  REAL NOT NULL,
        updated  REAL NOT NULL,
        finished REAL,
        outcome  TEXT,
        summary  TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX games_by_update ON games (finished, updated);
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        idx     INTEGER NOT NULL,
        action  TEXT NOT NULL,
        PRIMARY KEY (game_id, idx)
    ) WITHOUT ROWID;
    CREATE TABLE settings (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
    # A real-time game that ended on the clock: the reading then, so its record replays.
    "ALTER TABLE games ADD COLUMN ended_at REAL;",
    # Bumped by every write to the game; a write names the one it last read (_claim).
    "ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;",
    # A real-time game's clock reading, saved while its clocks run (save_clock).
    "ALTER TABLE games ADD COLUMN clock_at REAL;",
    # What resuming a game at a version rebuilds, kept so that opening it need not replay
    # every move (core/session.py); a cache, the moves stay the truth.
    """
    CREATE TABLE snapshots (
        game_id  INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        version  INTEGER NOT NULL,
        snapshot TEXT NOT NULL
    );
    """,
    # The SHA-256 of the snapshot's text, checked whenever it is read (load_snapshot): a
    # snapshot damaged since it was written is not used. Older snapshots have none.
    "ALTER TABLE snapshots ADD COLUMN digest TEXT;",
]
FIRST_VERSION = 0
"""The version of a game just created."""

BUSY_S = 5.0
"""How long a write waits for another tabletop's write to end."""
OPEN_TRY_S = 1.0
"""How long one attempt to open waits on a lock before trying again."""
LOCK_WAIT_S = 30.0
"""How long opening keeps trying while another program holds the file locked."""

PROBE_LIMIT = 10_000
"""Recovering a damaged file: how many ids past the last game read are tried one by one."""

# Primary SQLite result codes (an error's extended code & 0xFF).
_DAMAGED = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}
_UNWRITABLE = {sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM}
_LOCKED = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED}

_GAME_COLUMNS = (
    "id, game, setup, seats, seed, created, updated, finished, outcome, ended_at, version"
)
# The moves of each unfinished game (a finished one is never replayed), checked in
# SQL as the home screen lists games at start-up: how many, the lowest and highest
# index, and the first whose index or text is no action.
_MOVES = """
    SELECT game_id, count(*), min(idx), max(idx), min(CASE
        WHEN typeof(idx) = 'integer' AND json_valid(action)
        THEN CASE json_type(action) WHEN 'object' THEN NULL ELSE idx END
        ELSE idx END)
    FROM actions WHERE game_id IN (SELECT id FROM games WHERE finished IS NULL)
    GROUP BY game_id
"""
# How many moves each finished game has (its moves are read only when it is replayed).
_FINISHED_MOVES = """
    SELECT game_id, count(*) FROM actions
    WHERE game_id IN (SELECT id FROM games WHERE finished IS NOT NULL)
    GROUP BY game_id
"""


class StoreError(Exception):
    """The saved games cannot be opened or written; the message says why and what to
    do, in players' words."""


class StoreConflict(StoreError):
    """Another tabletop open on the same saved games changed this game (or deleted it)
    since this one last read it: nothing was written."""

    def __init__(self, message: str, *, deleted: bool) -> None:
        super().__init__(message)
        self.deleted = deleted


class GameDamaged(StoreError):
    """A saved game whose rows make no sense; the message says what."""


class _Damaged(Exception):
    """The file opened, but is damaged (its integrity check, a missing table)."""


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who sits at a seat: a person, or a bot of the named level."""

    name: str
    bot: str | None = None


def seats_from(players: str) -> tuple[SeatInfo, ...]:
    """Seats from the command line's ``Ann,Bo,Cy:normal``: a name each seat, a bot
    level after a colon. ValueError names a name refused (the levels are the game's
    kit's to check, ``GameKit.check_seats``)."""
    seats = []
    for entry in players.split(","):
        name, _, level = entry.strip().partition(":")
        seats.append(SeatInfo(check_name(name.strip()), level.strip() or None))
    return tuple(seats)


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended, as filed: ``scores`` indexed by seat, ``winners``
    empty when nobody at the table won."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    summary: str


@dataclass(frozen=True, slots=True)
class SavedGame:
    """An unfinished game, as the Continue list shows it."""

    id: int
    game: str
    players: tuple[str, ...]
    moves: int
    created: float
    updated: float
    version: int


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A finished game, as History and the statistics show it; ``bots`` (the level of
    each bot seat, None for a person) and ``scores`` indexed by seat."""

    id: int
    game: str
    players: tuple[str, ...]
    bots: tuple[str | None, ...]
    options: dict[str, Any]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    summary: str
    created: float
    finished: float
    moves: int
    version: int


@dataclass(frozen=True, slots=True)
class DamagedGame:
    """A saved game whose rows make no sense, listed (in Continue, or in History if
    ``finished``) with ``why`` so that it can be deleted; the raw rows stay in the
    file for whoever wants to look at them."""

    id: int
    game: str
    """The game's name as stored, or "" if even that is not text."""
    finished: bool
    why: str
    version: object
    """As stored: deleting it is conditional on it, like every write."""


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A saved game read back whole, to be played on."""

    record: GameRecord
    seats: tuple[SeatInfo, ...]
    version: int
    created: float
    finished_at: float | None
    """When its end was filed (it is in History), None while it runs."""
    result: Result | None
    """Its result as filed, once finished."""
    clock_at: float | None = None
    """A real-time game: its clocks' reading last saved while they ran (save_clock)."""

    @property
    def finished(self) -> bool:
        return self.finished_at is not None


@dataclass(frozen=True, slots=True)
class _Game:
    """A games row that makes sense (``_parse_game``)."""

    id: int
    game: str
    setup: dict[str, Any]
    seats: tuple[SeatInfo, ...]
    seed: int
    moves: int
    created: float
    updated: float
    finished: float | None
    result: Result | None
    ended_at: float | None
    version: int


def default_path(data_dir: Path | None) -> Path:
    """The database file: in ``data_dir`` if given, else the user's data directory."""
    if data_dir is None:
        from platformdirs import user_data_dir

        data_dir = Path(user_data_dir("tabletop"))
    return data_dir / DB_NAME


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _read_only_file_system(folder: Path) -> bool:
    """Whether ``folder`` is on a file system mounted read-only (EROFS on every write)."""
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):  # no statvfs (Windows): the permissions tell
        return False


def _dumps(data: object) -> str:
    return json.dumps(data, separators=(",", ":"))


def _code(exc: BaseException) -> int | None:
    """The primary SQLite result code of an error, if SQLite raised it."""
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else int(code) & 0xFF


class Store:
    """Open with ``Store(path)``; ``notices`` says what the player should be told
    about the file (moved aside and recovered, emptied, read-only, a bad setting)."""

    def __init__(
        self,
        path: Path,
        *,
        clock: Callable[[], float] = time.time,
        lock_wait: float = LOCK_WAIT_S,
    ) -> None:
        self.path = path
        self.notices: list[str] = []
        self.saving = True  # False: a file tabletop cannot use; games live in memory
        self._clock = clock
        self._lock_wait = lock_wait
        self._unreadable_settings: set[str] = set()  # told once each
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except PermissionError:
            self._db = self._open_unsaved(f"the folder {path.parent} cannot be made")
            return
        except OSError as exc:
            raise StoreError(f"Cannot create the data directory {path.parent}: {exc}.") from exc
        if path.is_file() and not os.access(path, os.R_OK):
            self._db = self._open_unsaved(self._access_problem())
            return
        emptied = path.is_file() and path.stat().st_size == 0
        try:
            self._db = self._open_or_recover()
        except sqlite3.DatabaseError as exc:
            code = _code(exc)
            if code in _UNWRITABLE:
                self._db = self._open_read_only() or self._open_unsaved(self._access_problem())
                return
            if code in _LOCKED:
                raise StoreError(
                    f"The saved games at {path} stayed locked by another program for "
                    f"{self._lock_wait:g} s. Close it (or the other tabletop) and try again."
                ) from exc
            raise StoreError(f"Cannot open the saved games at {path}: {exc}.") from exc
        if emptied:
            self.notices.append(
                f"The saved games file {path} was empty (0 bytes): something emptied it, "
                "and the games it held are gone. It is used as a new file."
            )
        elif not os.access(path, os.W_OK):
            self._tell_read_only()

    # -- opening --------------------------------------------------------------

    def _open_unsaved(self, why: str) -> sqlite3.Connection:
        """The file cannot be used: play on with the games kept in memory only."""
        self.saving = False
        self.notices.append(
            f"The saved games at {self.path} cannot be used: {why}. You can play, but "
            "nothing is saved: games end with the app. To save them, fix that, or start "
            "tabletop with --data-dir and a folder you may write to."
        )
        return self._open(":memory:")

    def _open_read_only(self) -> sqlite3.Connection | None:
        """The file opened for reading only, when it can be written no more (a read-only
        file system, or its permissions): its games open and play, nothing is saved, and
        the notice says why. None if even that fails, or its schema is not this
        tabletop's (it cannot be brought up to date without writing)."""
        if not (self.path.is_file() and os.access(self.path, os.R_OK)):
            return None
        uri = self.path.resolve().as_uri()
        # mode=ro needs the WAL's index beside the file; immutable (no locks, no index)
        # is for a file system nothing can write to, where no other copy writes either.
        for mode in ("mode=ro", "immutable=1"):
            try:
                db = sqlite3.connect(f"{uri}?{mode}", uri=True, isolation_level=None)
            except sqlite3.Error:
                continue
            try:
                current = db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
                if current and db.execute("PRAGMA quick_check").fetchone()[0] == "ok":
                    self._tell_read_only()
                    return db
            except sqlite3.Error:
                pass
            db.close()
        return None

    def _tell_read_only(self) -> None:
        self.notices.append(
            f"The saved games file {self.path} is read-only ({self._read_only_cause()}): "
            "you can open your games, but no move or setting is saved. Make it writable "
            "to save them."
        )

    def _read_only_cause(self) -> str:
        """Why a file tabletop can read cannot be written."""
        if _read_only_file_system(self.path.parent):
            return "the file system it is on is mounted read-only"
        if not os.access(self.path, os.W_OK):
            return "its permissions"
        if not os.access(self.path.parent, os.W_OK):
            return f"the permissions of its folder {self.path.parent}"
        return "SQLite cannot write it"

    def _access_problem(self) -> str:
        """Why the file cannot be opened or written, from its permissions."""
        if self.path.is_dir():
            return f"{self.path} is a folder"
        if self.path.exists() and not os.access(self.path, os.R_OK):
            return "its permissions do not let tabletop read it"
        if _read_only_file_system(self.path.parent):
            return "the file system it is on is mounted read-only"
        if self.path.exists() and not os.access(self.path, os.W_OK):
            return "the file is read-only (its permissions)"
        if not os.access(self.path.parent, os.W_OK):
            return f"the folder {self.path.parent} cannot be written (its permissions)"
        return "it cannot be written"

    def _open_or_recover(self) -> sqlite3.Connection:
        try:
            return self._connect()
        except _Damaged as damage:
            why = str(damage)
        except sqlite3.DatabaseError as exc:
            if _code(exc) not in _DAMAGED:
                raise
            why = f"SQLite cannot read it: {exc}"
        try:
            return self._recover(why)
        except OSError as exc:  # no room for the copy, say: the damaged file is aside
            raise StoreError(
                f"The saved games at {self.path} are damaged ({why}) and could not be "
                f"recovered: {exc}."
            ) from exc

    def _connect(self) -> sqlite3.Connection:
        """The file opened (made first if missing). A lock is waited out, up to
        ``lock_wait`` seconds in all: SQLite's own wait is skipped when two openers
        would deadlock (both switching a new file to WAL), so it is retried here."""
        deadline = time.monotonic() + self._lock_wait
        pause = 0.02
        while True:
            try:
                if not self.path.exists():
                    self._create()
                return self._open(self.path)
            except sqlite3.OperationalError as exc:
                if _code(exc) not in _LOCKED or time.monotonic() >= deadline:
                    raise
            time.sleep(pause)
            pause = min(2 * pause, 0.5)

    def _create(self) -> None:
        """Make a new file under a temporary name and link it into place: no other
        tabletop sees it half made, and two started together cannot race to make it."""
        try:
            fd, name = tempfile.mkstemp(prefix=f"{self.path.name}.new-", dir=self.path.parent)
        except OSError:
            return  # a folder tabletop may not write: opening it says so
        os.close(fd)
        made = Path(name)
        try:
            self._open(made).close()  # closing folds its WAL in: the file is whole
            # FileExistsError: another tabletop made it first, theirs is used. A file
            # system without hard links: the file is made in place by _open instead.
            with suppress(OSError):
                os.link(made, self.path)
        finally:
            made.unlink()

    def _open(self, target: Path | str) -> sqlite3.Connection:
        timeout = min(OPEN_TRY_S, self._lock_wait)
        db = sqlite3.connect(target, timeout=timeout, isolation_level=None)
        try:
            version: int = db.execute("PRAGMA user_version").fetchone()[0]
            if version > len(MIGRATIONS):
                raise StoreError(
                    f"The saved games at {self.path} were written by a newer tabletop "
                    f"(schema {version}; this version knows up to {len(MIGRATIONS)}). "
                    "Update tabletop, or use --data-dir to keep a separate set of games."
                )
            check: str = db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":  # its first finding, without the "*** in database main ***" line
                found = [line for line in check.splitlines() if not line.startswith("***")]
                raise _Damaged(f"SQLite's integrity check failed: {(found or [check])[0]}")
            db.execute("PRAGMA journal_mode = WAL")
            # FULL: each commit is synced to the disk, so a move the screen shows
            # survives a power cut, not only a crash of tabletop (benchmarks/bench_startup.py).
            db.execute("PRAGMA synchronous = FULL")
            db.execute("PRAGMA foreign_keys = ON")
            if version < 0:
                raise _Damaged(f"its schema version is {version}, which no tabletop writes")
            try:
                _migrate(db, version)
            except sqlite3.OperationalError as exc:
                if _code(exc) in _LOCKED | _UNWRITABLE:
                    raise
                raise _Damaged(
                    f"its schema version ({version}) does not match its tables: {exc}"
                ) from exc
            for table, columns in _schema().items():
                lacking = columns - _columns(db, table)
                if lacking == columns:
                    raise _Damaged(f"its {table} table is missing")
                if lacking:
                    raise _Damaged(f"its {table} table lacks {', '.join(sorted(lacking))}")
            db.execute(f"PRAGMA busy_timeout = {int(BUSY_S * 1000)}")
        except BaseException:
            db.close()
            raise
        return db

    def _recover(self, why: str) -> sqlite3.Connection:
        """Move the damaged file aside and copy what can be read of it into a new one."""
        aside = self._move_aside()
        db = self._connect()
        with tempfile.TemporaryDirectory() as scratch:
            copy = Path(scratch) / DB_NAME
            shutil.copyfile(aside, copy)  # read a copy: the damaged file stays as it was
            wal = aside.with_name(aside.name + "-wal")
            if wal.exists():
                shutil.copyfile(wal, copy.with_name(copy.name + "-wal"))
            source = sqlite3.connect(copy, isolation_level=None)
            try:
                db.execute("BEGIN IMMEDIATE")
                report = _Salvage(source, db).run()
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                db.close()
                raise
            finally:
                source.close()
        self.notices.append(
            f"The saved games file was damaged ({why}). It was moved to {aside}, and what "
            f"could be read of it was copied into a new one. {report}"
        )
        return db

    def _move_aside(self) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(self._clock()))
        target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{n}")
        try:
            for suffix in ("-wal", "-shm"):
                side = self.path.with_name(self.path.name + suffix)
                if side.exists():
                    os.replace(side, target.with_name(target.name + suffix))
            os.replace(self.path, target)
        except OSError as exc:
            raise StoreError(
                f"The saved games at {self.path} are damaged and could not be moved aside: {exc}."
            ) from exc
        return target

    def close(self) -> None:
        self._db.close()

    @property
    def schema_version(self) -> int:
        version: int = self._db.execute("PRAGMA user_version").fetchone()[0]
        return version

    # -- writing --------------------------------------------------------------

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write, all or nothing; a failure raises StoreError (StoreConflict from
        ``_claim``) with nothing changed."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
                self._db.execute("COMMIT")
            except BaseException:
                # SQLite may have rolled back already (disk full); a failed COMMIT has not
                if self._db.in_transaction:
                    with suppress(sqlite3.Error):
                        self._db.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise StoreError(f"Could not save to {self.path}: {self._cause(exc)}.") from exc

    def _cause(self, exc: sqlite3.Error) -> str:
        """Why a write failed, and what to do, in players' words."""
        code = _code(exc)
        if code == sqlite3.SQLITE_FULL:
            return "the disk is full. Free some space"
        if code in _UNWRITABLE:
            return f"{self._access_problem()}. Make it writable"
        if code in _LOCKED:
            return "another program kept the file locked. Close it"
        if code in _DAMAGED:
            return "the file is damaged. Start tabletop again to recover what can be read"
        if code == sqlite3.SQLITE_IOERR:
            return f"the disk would not take it ({exc}). Free some space, or check the disk"
        return str(exc)

    def _claim(self, db: sqlite3.Connection, game_id: int, version: int) -> int:
        """Within a write: the game must still be at ``version``, the one the writer last
        read; it moves to the next, which is returned. StoreConflict if not."""
        claimed = db.execute(
            "UPDATE games SET version = version + 1, updated = ? WHERE id = ? AND version = ?",
            (self._clock(), game_id, version),
        )
        if claimed.rowcount == 0:
            raise self._conflict(db, game_id)
        return version + 1

    @staticmethod
    def _conflict(db: sqlite3.Connection, game_id: int) -> StoreConflict:
        if db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
            return StoreConflict(
                "This game was deleted, in another tabletop open on the same saved games.",
                deleted=True,
            )
        return StoreConflict(
            "This game was changed in another tabletop open on the same saved games.",
            deleted=False,
        )

    def create_game(
        self, game: str, setup: dict[str, Any], seats: tuple[SeatInfo, ...], seed: int
    ) -> int:
        """Save a new game (at FIRST_VERSION); its id."""
        now = self._clock()
        seat_data = [{"name": s.name, "bot": s.bot} for s in seats]
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO games (game, setup, seats, seed, created, updated, version) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game, _dumps(setup), _dumps(seat_data), seed, now, now, FIRST_VERSION),
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def append_action(self, game_id: int, version: int, action: dict[str, Any]) -> int:
        """Commit one action after the stored ones; the game's new version."""
        with self._transaction() as db:
            version = self._claim(db, game_id, version)
            db.execute(
                "INSERT INTO actions (game_id, idx, action) "
                "SELECT ?, count(*), ? FROM actions WHERE game_id = ?",
                (game_id, _dumps(action), game_id),
            )
        return version

    def truncate_actions(self, game_id: int, version: int, keep: int) -> int:
        """Forget every action from index ``keep`` on (an undo); the new version."""
        with self._transaction() as db:
            version = self._claim(db, game_id, version)
            db.execute("DELETE FROM actions WHERE game_id = ? AND idx >= ?", (game_id, keep))
        return version

    def finish(
        self, game_id: int, version: int, outcome: Outcome, ended_at: float | None = None
    ) -> int:
        """File the game's end; ``ended_at``: the clock reading that ended a real-time
        game. The new version."""
        with self._transaction() as db:
            version = self._claim(db, game_id, version)
            db.execute(
                # COALESCE: filing an end again keeps the time it was first filed
                "UPDATE games SET finished = COALESCE(finished, ?), outcome = ?, summary = ?, "
                "ended_at = ? WHERE id = ?",
                (self._clock(), outcome.model_dump_json(), outcome.summary, ended_at, game_id),
            )
        return version

    def save_clock(self, game_id: int, version: int, reading: float) -> None:
        """Save a real-time game's clock reading while its clocks run, for a resume after
        a crash. Not a change of the game: its version stays, and a copy that missed
        another's change (at another ``version``) writes nothing. Not synced to the disk
        (twice a second; a crash of tabletop keeps it, a power cut may not), and never
        waiting for another tabletop's write (StoreError at once: the clocks on screen
        must not stop for it, and the next reading will do)."""
        self._db.execute("PRAGMA synchronous = NORMAL")
        self._db.execute("PRAGMA busy_timeout = 0")
        try:
            with self._transaction() as db:
                db.execute(
                    "UPDATE games SET clock_at = ? WHERE id = ? AND version = ?",
                    (reading, game_id, version),
                )
        finally:
            self._db.execute("PRAGMA synchronous = FULL")
            self._db.execute(f"PRAGMA busy_timeout = {int(BUSY_S * 1000)}")

    def import_game(
        self,
        record: GameRecord,
        seats: tuple[SeatInfo, ...],
        created: float,
        finished: tuple[float, Outcome] | None,
    ) -> int:
        """Save a whole game brought from elsewhere (its record already replayed by the
        caller), in one write: all of it or nothing. ``finished``: when it ended, and how.
        Its id."""
        seat_data = [{"name": s.name, "bot": s.bot} for s in seats]
        when, outcome = finished if finished is not None else (None, None)
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO games (game, setup, seats, seed, created, updated, finished, "
                "outcome, summary, ended_at, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    record.game,
                    _dumps(record.setup.model_dump(mode="json")),
                    _dumps(seat_data),
                    record.seed,
                    created,
                    self._clock(),
                    when,
                    None if outcome is None else outcome.model_dump_json(),
                    "" if outcome is None else outcome.summary,
                    record.ended_at,
                    FIRST_VERSION,
                ),
            )
            game_id = cursor.lastrowid
            db.executemany(
                "INSERT INTO actions (game_id, idx, action) VALUES (?, ?, ?)",
                ((game_id, idx, _dumps(action)) for idx, action in enumerate(record.actions)),
            )
        assert game_id is not None
        return game_id

    def games_like(self, game: str, seed: int) -> list[int]:
        """The ids of the games of ``game`` dealt from ``seed``: the copies a game brought
        from elsewhere may already have here."""
        return [
            game_id
            for (game_id,) in self._db.execute(
                "SELECT id FROM games WHERE game = ? AND seed = ? ORDER BY id", (game, seed)
            )
        ]

    def integrity_problem(self) -> str | None:
        """What SQLite's full integrity check of the file finds (its first finding), or
        None if nothing: opening ran only its quick check."""
        found = [
            line
            for (line,) in self._db.execute("PRAGMA integrity_check")
            if line != "ok" and not line.startswith("***")
        ]
        return found[0] if found else None

    def save_snapshot(self, game_id: int, version: int, snapshot: str) -> None:
        """Keep ``snapshot``, what resuming the game at ``version`` rebuilds (replacing the
        one kept before), with its digest."""
        with self._transaction() as db:
            db.execute(
                "INSERT OR REPLACE INTO snapshots (game_id, version, snapshot, digest) "
                "VALUES (?, ?, ?, ?)",
                (game_id, version, snapshot, _digest(snapshot)),
            )

    def delete_game(self, game_id: int, version: object) -> None:
        """Delete a game (and its actions) as listed at ``version``."""
        with self._transaction() as db:
            if (
                db.execute(
                    "DELETE FROM games WHERE id = ? AND version IS ?", (game_id, version)
                ).rowcount
                == 0
            ):
                raise self._conflict(db, game_id)

    # -- reading --------------------------------------------------------------

    def load_game(self, game_id: int) -> StoredGame:
        """A saved game, whole. GameDamaged if its rows make no sense; StoreConflict
        (deleted) if it is gone."""
        from pydantic import ValidationError

        from tabletop.core.record import GameRecord

        row = self._db.execute(
            f"SELECT {_GAME_COLUMNS}, clock_at FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise self._conflict(self._db, game_id)
        *row, clock_at = row
        moves = self._db.execute(
            "SELECT idx, action FROM actions WHERE game_id = ? ORDER BY idx", (game_id,)
        ).fetchall()
        try:
            actions = _parse_actions(moves)
            game = _parse_game(tuple(row), len(actions))
            record = GameRecord(
                game=game.game,
                setup=game.setup,
                seed=game.seed,
                actions=actions,
                ended_at=game.ended_at,
            )
        except ValidationError as exc:  # what the row parse left to the record's model
            raise GameDamaged(f"its setup is not a game setup ({exc.errors()[0]['msg']})") from exc
        except ValueError as exc:
            raise GameDamaged(str(exc)) from exc
        # A reading that cannot be read is left out: the game resumes at its last move.
        clock = clock_at if _is_time(clock_at) else None
        return StoredGame(
            record, game.seats, game.version, game.created, game.finished, game.result, clock
        )

    def load_snapshot(self, game_id: int, version: int) -> str | None:
        """The snapshot kept of the game at ``version``, if there is one and its digest
        holds (the caller checks what it holds against the game)."""
        row = self._db.execute(
            "SELECT snapshot, digest FROM snapshots WHERE game_id = ? AND version = ?",
            (game_id, version),
        ).fetchone()
        if row is None or not isinstance(row[0], str) or row[1] != _digest(row[0]):
            return None
        return row[0]

    def drop_snapshot(self, game_id: int) -> None:
        """Forget the game's snapshot (its resume replays the record); StoreError if the
        file cannot be written."""
        with self._transaction() as db:
            db.execute("DELETE FROM snapshots WHERE game_id = ?", (game_id,))

    def load_record(self, game_id: int) -> GameRecord:
        """The record alone (what tests and tools replay)."""
        return self.load_game(game_id).record

    def _listing(self, where: str = "") -> list[_Game | DamagedGame]:
        """The games (``where`` narrows them), the one played (or finished) last first; each
        checked. A finished game's moves are not read here."""
        moves = {row[0]: row[1:] for row in self._db.execute(_MOVES)}
        return [
            _checked(row, moves.get(row[0], (0, 0, 0, None)))
            for row in self._db.execute(
                f"SELECT {_GAME_COLUMNS} FROM games {where} "
                "ORDER BY coalesce(finished, updated) DESC, id DESC"
            )
        ]

    def unfinished(self) -> list[SavedGame]:
        """Games still running, the one played last first."""
        return [
            SavedGame(
                g.id,
                g.game,
                tuple(s.name for s in g.seats),
                g.moves,
                g.created,
                g.updated,
                g.version,
            )
            for g in self._listing()
            if isinstance(g, _Game) and g.result is None
        ]

    def finished(self) -> list[FinishedGame]:
        """Finished games with their results, the one finished last first."""
        moves = dict(self._db.execute(_FINISHED_MOVES).fetchall())
        return [
            _finished(g, moves.get(g.id, 0))
            for g in self._listing("WHERE finished IS NOT NULL")
            if isinstance(g, _Game)
        ]

    def last_finished(self) -> FinishedGame | None:
        """The game finished last (damaged ones aside), or None: what the home screen sums
        up, found without reading every game."""
        for row in self._db.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE finished IS NOT NULL "
            "ORDER BY finished DESC, id DESC"
        ):
            game = _checked(row, (0, 0, 0, None))
            if isinstance(game, _Game):
                (moves,) = self._db.execute(
                    "SELECT count(*) FROM actions WHERE game_id = ?", (game.id,)
                ).fetchone()
                return _finished(game, moves)
        return None

    def last_table(self, game: str) -> tuple[dict[str, Any], tuple[SeatInfo, ...]] | None:
        """The setup (players, options) and seats of the game of this kind set up last,
        finished or not (damaged ones aside): a new game's setup starts from it."""
        for row in self._db.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE game = ? ORDER BY created DESC, id DESC",
            (game,),
        ):
            found = _checked(row, (0, 0, 0, None))
            if isinstance(found, _Game):
                return found.setup, found.seats
        return None

    def damaged(self) -> list[DamagedGame]:
        """Games whose rows make no sense, with why."""
        return [g for g in self._listing() if isinstance(g, DamagedGame)]

    # -- settings -------------------------------------------------------------

    def settings(self) -> dict[str, Any]:
        """The saved settings. One that cannot be read is left out (so its default
        holds) and named in ``notices``."""
        values = {}
        for key, text in self._db.execute("SELECT key, value FROM settings"):
            try:
                values[key] = _parse_setting(key, text)
            except ValueError:
                if key not in self._unreadable_settings:
                    self._unreadable_settings.add(key)
                    self.notices.append(
                        f"The setting {key!r} in the saved games cannot be read: its default "
                        "is used until it is changed."
                    )
        return values

    def save_setting(self, key: str, value: object) -> str | None:
        """Save one setting; None once saved, else why not (a preference: the setting
        still holds until the app closes, and a game never stops over it)."""
        try:
            with self._transaction() as db:
                db.execute(
                    "INSERT INTO settings (key, value) VALUES (?, ?) "
                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    (key, _dumps(value)),
                )
        except StoreError as failed:
            return str(failed)
        self._unreadable_settings.discard(key)
        return None


# -- the schema ------------------------------------------------------------------


def _migrate(db: sqlite3.Connection, version: int) -> None:
    for step, script in enumerate(MIGRATIONS[version:], start=version + 1):
        # executescript commits first, so the step runs in its own BEGIN..COMMIT
        try:
            db.executescript(f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {step};\nCOMMIT;")
        except sqlite3.OperationalError:
            if db.in_transaction:
                db.execute("ROLLBACK")
            # Another tabletop opening the same file ran this step first.
            if db.execute("PRAGMA user_version").fetchone()[0] < step:
                raise


def _columns(db: sqlite3.Connection, table: str) -> frozenset[str]:
    """The columns ``table`` has (none if it is missing)."""
    return frozenset(row[1] for row in db.execute("SELECT * FROM pragma_table_info(?)", (table,)))


@functools.cache
def _schema() -> dict[str, frozenset[str]]:
    """Each table of the latest schema with its columns: the migrations, run on nothing."""
    db = sqlite3.connect(":memory:")
    try:
        for script in MIGRATIONS:
            db.executescript(script)
        tables = [
            name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        ]
        return {table: _columns(db, table) for table in tables}
    finally:
        db.close()


# -- checking rows ---------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_time(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _json(text: object, what: str) -> Any:
    if not isinstance(text, str):
        raise ValueError(f"{what} cannot be read")
    try:
        return json.loads(text)
    except ValueError:
        raise ValueError(f"{what} cannot be read") from None


def _parse_seats(data: Any) -> tuple[SeatInfo, ...]:
    if not isinstance(data, list) or not data:
        raise ValueError("its seats are not a list of players")
    seats = []
    for number, seat in enumerate(data, start=1):
        if not isinstance(seat, dict) or not isinstance(seat.get("bot"), str | None):
            raise ValueError(f"its seat {number} is not a player")
        try:
            name = check_name(seat.get("name"))
        except ValueError as refused:
            raise ValueError(f"its seat {number}: {refused}") from None
        seats.append(SeatInfo(name, seat.get("bot")))
    try:
        check_names(seat.name for seat in seats)
    except ValueError as refused:
        raise ValueError(f"its seats: {refused}") from None
    return tuple(seats)


def _parse_result(data: Any, seats: int) -> Result:
    if not isinstance(data, dict):
        raise ValueError("its result cannot be read")
    scores, winners, summary = data.get("scores"), data.get("winners"), data.get("summary")
    if not isinstance(scores, list) or len(scores) != seats or not all(map(_is_int, scores)):
        raise ValueError("its result has no score for each seat")
    if not isinstance(winners, list) or not all(_is_int(w) and 0 <= w < seats for w in winners):
        raise ValueError("its result names a winner who is not at the table")
    if not isinstance(summary, str):
        raise ValueError("its result has no summary")
    return Result(tuple(scores), tuple(winners), summary)


def _parse_game(row: tuple[Any, ...], moves: int) -> _Game:
    """One games row (_GAME_COLUMNS) of a game with ``moves`` readable moves, checked
    whole; ValueError says what makes no sense, in players' words."""
    (
        game_id,
        game,
        setup_text,
        seats_text,
        seed,
        created,
        updated,
        finished,
        outcome,
        ended_at,
        version,
    ) = row
    if not isinstance(game, str) or not game:
        raise ValueError("it does not say which game it is")
    if not _is_int(version):
        raise ValueError("its version is not a whole number")
    if not _is_int(seed):
        raise ValueError("its seed is not a whole number")
    if not (
        is_moment(created) and is_moment(updated) and (finished is None or is_moment(finished))
    ):
        raise ValueError("its times cannot be read (each is a moment from 1970 to 9999)")
    if finished is not None and finished < created:
        raise ValueError("it ends before it begins")
    if not (ended_at is None or _is_time(ended_at)):
        raise ValueError("the clock reading at its end cannot be read")
    seats = _parse_seats(_json(seats_text, "its seats"))
    setup = _json(setup_text, "its setup")
    if (
        not isinstance(setup, dict)
        or not set(setup) <= {"players", "options"}
        or not isinstance(setup.get("players"), list)
        or not isinstance(setup.get("options", {}), dict)
    ):
        raise ValueError("its setup is not a game setup")
    players = setup["players"]
    if len(players) != len(seats):
        raise ValueError(
            f"it has {counted(len(players), 'player')} but {counted(len(seats), 'seat')}"
        )
    if any(
        not isinstance(p, str) or p.strip() != s.name for p, s in zip(players, seats, strict=True)
    ):
        raise ValueError("its players and its seats differ")
    result = None if finished is None else _parse_result(_json(outcome, "its result"), len(seats))
    return _Game(
        game_id,
        game,
        setup,
        seats,
        seed,
        moves,
        created,
        updated,
        finished,
        result,
        ended_at,
        version,
    )


def _checked(row: tuple[Any, ...], moves: tuple[Any, ...]) -> _Game | DamagedGame:
    """One games row, with its moves as the _MOVES query sums them up: the game, or the
    damaged game with why."""
    try:
        return _parse_game(row, _check_moves(*moves))
    except ValueError as exc:
        game = row[1] if isinstance(row[1], str) else ""
        return DamagedGame(row[0], game, row[7] is not None, str(exc), row[10])


def _finished(game: _Game, moves: int) -> FinishedGame:
    """A finished game (its result and time filed) as History lists it."""
    assert game.result is not None and game.finished is not None
    return FinishedGame(
        game.id,
        game.game,
        tuple(s.name for s in game.seats),
        tuple(s.bot for s in game.seats),
        game.setup.get("options", {}),
        game.result.scores,
        game.result.winners,
        game.result.summary,
        game.created,
        game.finished,
        moves,
        game.version,
    )


def _check_moves(count: int, low: Any, high: Any, first_bad: Any) -> int:
    """A game's moves as the _MOVES query sums them up: how many; ValueError if one is
    no move."""
    if first_bad is not None:
        where = f" {first_bad + 1}" if _is_int(first_bad) and first_bad >= 0 else ""
        raise ValueError(f"its move{where} cannot be read")
    if count and (low != 0 or high != count - 1):
        raise ValueError("some of its moves are missing")
    return count


def _parse_actions(rows: list[tuple[Any, Any]]) -> list[dict[str, Any]]:
    """A game's action rows, in index order; ValueError if one is missing or no action."""
    actions = []
    for position, (index, text) in enumerate(rows):
        if index != position:
            raise ValueError("some of its moves are missing")
        try:
            action = json.loads(text) if isinstance(text, str) else None
        except ValueError:
            action = None
        if not isinstance(action, dict):
            raise ValueError(f"its move {position + 1} cannot be read")
        actions.append(action)
    return actions


def _parse_setting(key: object, text: object) -> Any:
    if not isinstance(key, str):
        raise ValueError("a setting without a name")
    return _json(text, f"the setting {key!r}")


# -- recovering a damaged file ------------------------------------------------------


class _Salvage:
    """Copies what SQLite can still read of a damaged file, table by table and game by
    game, into a new store (within its transaction), and says what it recovered and
    what it lost. Rows go across as they are: the new store checks them when read,
    like any other."""

    def __init__(self, source: sqlite3.Connection, target: sqlite3.Connection) -> None:
        self.source = source
        self.target = target
        self.lost: list[str] = []

    def rows(self, sql: str, args: tuple[Any, ...] = ()) -> tuple[list[tuple[Any, ...]], bool]:
        """The rows SQLite can read, and whether it read them all (it stops at damage)."""
        rows: list[tuple[Any, ...]] = []
        try:
            for row in self.source.execute(sql, args):
                rows.append(row)
        except sqlite3.DatabaseError:
            return rows, False
        return rows, True

    def columns(self, table: str) -> list[str]:
        """The columns of ``table`` both files have, in the new file's order."""
        try:
            have = _columns(self.source, table)
        except sqlite3.DatabaseError:
            have = frozenset()
        return sorted(_schema()[table] & have)

    def run(self) -> str:
        settings = self.settings()
        games = self.games()
        recovered = f"Recovered: {counted(games, 'game')} and {counted(settings, 'setting')}."
        if not self.lost:
            return f"{recovered} Nothing was lost."
        return f"{recovered} Lost: {'; '.join(self.lost)}."

    def settings(self) -> int:
        if self.columns("settings") != ["key", "value"]:
            self.lost.append("the settings (each keeps its default)")
            return 0
        rows, whole = self.rows("SELECT key, value FROM settings")
        copied = 0
        for row in rows:
            with suppress(sqlite3.IntegrityError):  # a setting without a value
                self.target.execute("INSERT INTO settings (key, value) VALUES (?, ?)", row)
                copied += 1
        if not whole or copied < len(rows):
            self.lost.append("some settings (each keeps its default)")
        return copied

    def game_ids(self) -> list[int]:
        """Every game id that may hold a game: all of them, if the games table reads
        whole, else those read and every id up to the highest one known."""
        read, whole = self.rows("SELECT id FROM games ORDER BY id")
        ids = [game_id for (game_id,) in read]
        if whole:
            return ids
        highest = max(ids, default=0)
        for sql in ("SELECT max(id) FROM games", "SELECT max(game_id) FROM actions"):
            found, _ = self.rows(sql)
            if found and _is_int(found[0][0]):
                highest = max(highest, found[0][0])
        start = max(ids, default=0) + 1
        return ids + list(range(start, min(highest, start + PROBE_LIMIT) + 1))

    def games(self) -> int:
        columns = self.columns("games")
        if "id" not in columns:
            self.lost.append("every game (the games table cannot be read)")
            return 0
        moves_readable = self.columns("actions") == ["action", "game_id", "idx"]
        if not moves_readable:
            self.lost.append("every move (the actions table cannot be read)")
        unreadable = []
        recovered = 0
        for game_id in self.game_ids():
            rows, whole = self.rows(
                f"SELECT {', '.join(columns)} FROM games WHERE id = ?", (game_id,)
            )
            if not whole:
                unreadable.append(game_id)
                continue
            if not rows:
                continue  # no game has this id
            name = _named(dict(zip(columns, rows[0], strict=True)))
            try:
                self.target.execute(
                    f"INSERT INTO games ({', '.join(columns)}) "
                    f"VALUES ({', '.join('?' for _ in columns)})",
                    rows[0],
                )
            except sqlite3.IntegrityError:
                self.lost.append(f"{name} (its row is incomplete)")
                continue
            recovered += 1
            if moves_readable:
                self.moves(game_id, name)
        if unreadable:
            self.lost.append(
                f"the {noun_for(len(unreadable), 'game')} numbered "
                f"{', '.join(map(str, unreadable))} (if they still existed)"
            )
        return recovered

    def moves(self, game_id: int, name: str) -> None:
        """Copy the game's moves from the first on, up to one that cannot be read."""
        rows, whole = self.rows(
            "SELECT idx, action FROM actions WHERE game_id = ? ORDER BY idx", (game_id,)
        )
        kept = 0
        for index, action in rows:
            if index != kept or action is None:
                break
            self.target.execute(
                "INSERT INTO actions (game_id, idx, action) VALUES (?, ?, ?)",
                (game_id, index, action),
            )
            kept += 1
        if not whole or kept < len(rows):
            self.lost.append(f"the moves of {name} after its first {kept}")


def _named(row: dict[str, Any]) -> str:
    """A game as the players know it: which, and who plays (its id if they cannot be read)."""
    try:
        players = ", ".join(seat.name for seat in _parse_seats(_json(row.get("seats"), "")))
    except ValueError:
        return f"game {row['id']}"
    return f"the {row.get('game')} game of {players}"
