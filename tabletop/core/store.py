"""The saved games: one SQLite file in the user's data directory.

Every applied action is committed in its own transaction before the screen
shows its result, so a crash or a closed terminal loses nothing. A file SQLite
cannot read is moved aside (never deleted) and a fresh one started; a file
written by a newer tabletop is refused rather than touched.

Pydantic is imported only where a record is rebuilt: the home screen opens the
store at start-up and must stay quick.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

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
]

# Errors that mean the file itself is damaged (as opposed to locked or unreachable).
_DAMAGED = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}
# Errors that mean the file cannot be created or written here (a read-only folder).
_UNWRITABLE = {sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM}


class StoreError(Exception):
    """The saved games cannot be opened; the message says why and what to do."""


class StoreConflict(StoreError):
    """Another tabletop saved a move of this game first: this one is out of date."""


class _Damaged(Exception):
    """The file opened but SQLite's own check found it damaged."""


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who sits at a seat: a person, or a bot of the named level."""

    name: str
    bot: str | None = None


@dataclass(frozen=True, slots=True)
class SavedGame:
    """An unfinished game, as the Continue list shows it."""

    id: int
    game: str
    players: tuple[str, ...]
    moves: int
    updated: float


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A finished game, as History shows it; ``scores`` indexed by seat."""

    id: int
    game: str
    players: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    summary: str
    finished: float


def default_path(data_dir: Path | None) -> Path:
    """The database file: in ``data_dir`` if given, else the user's data directory."""
    if data_dir is None:
        from platformdirs import user_data_dir

        data_dir = Path(user_data_dir("tabletop"))
    return data_dir / DB_NAME


def _dumps(data: object) -> str:
    return json.dumps(data, separators=(",", ":"))


class Store:
    """Open with ``Store(path)``; ``notice`` is set when a damaged file was moved aside."""

    def __init__(self, path: Path, *, clock: Callable[[], float] = time.time) -> None:
        self.path = path
        self.notice: str | None = None
        self.saving = True  # False: a folder tabletop may not write; games live in memory
        self._clock = clock
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except PermissionError as exc:
            self._db = self._open_unsaved(exc)
            return
        except OSError as exc:
            raise StoreError(f"cannot create the data directory {path.parent}: {exc}") from exc
        try:
            self._db = self._open()
        except (sqlite3.DatabaseError, _Damaged) as exc:
            if isinstance(exc, sqlite3.DatabaseError) and exc.sqlite_errorcode in _UNWRITABLE:
                self._db = self._open_unsaved(exc)
                return
            if isinstance(exc, sqlite3.DatabaseError) and exc.sqlite_errorcode not in _DAMAGED:
                raise StoreError(f"cannot open the saved games at {path}: {exc}") from exc
            moved = self._move_aside()
            self.notice = (
                f"The saved games file could not be read ({exc}). It was moved to {moved} "
                "and a new one was started."
            )
            self._db = self._open()

    def _open_unsaved(self, exc: Exception) -> sqlite3.Connection:
        """The folder cannot be written: play on with the games kept in memory only."""
        self.saving = False
        self.notice = (
            f"The saved games at {self.path} cannot be written ({exc}). You can play, "
            "but nothing is saved: games end with the app. To save them, start tabletop "
            "with --data-dir and a folder you may write to."
        )
        return self._open(":memory:")

    def _open(self, target: Path | str | None = None) -> sqlite3.Connection:
        db = sqlite3.connect(
            self.path if target is None else target, timeout=5.0, isolation_level=None
        )
        try:
            db.execute("PRAGMA busy_timeout = 5000")
            version: int = db.execute("PRAGMA user_version").fetchone()[0]
            if version > len(MIGRATIONS):
                raise StoreError(
                    f"the saved games at {self.path} were written by a newer tabletop "
                    f"(schema {version}; this version knows up to {len(MIGRATIONS)}). "
                    "Update tabletop, or use --data-dir to keep a separate set of games."
                )
            check = db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise _Damaged(f"integrity check failed: {check}")
            db.execute("PRAGMA journal_mode = WAL")
            # WAL + NORMAL: a commit survives a crash of the process (the common
            # case: Ctrl+C, a closed terminal) without an fsync per action.
            db.execute("PRAGMA synchronous = NORMAL")
            db.execute("PRAGMA foreign_keys = ON")
            for step, script in enumerate(MIGRATIONS[version:], start=version + 1):
                # executescript commits first, so the step runs in its own BEGIN..COMMIT
                try:
                    db.executescript(
                        f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {step};\nCOMMIT;"
                    )
                except sqlite3.OperationalError:
                    if db.in_transaction:
                        db.execute("ROLLBACK")
                    # Another tabletop opening the same new file ran this step first.
                    if db.execute("PRAGMA user_version").fetchone()[0] < step:
                        raise
        except BaseException:
            db.close()
            raise
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
                f"the saved games at {self.path} are damaged and could not be moved aside: {exc}"
            ) from exc
        return target

    def close(self) -> None:
        self._db.close()

    @property
    def schema_version(self) -> int:
        version: int = self._db.execute("PRAGMA user_version").fetchone()[0]
        return version

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write, all or nothing; a failure raises StoreError with nothing changed:
        StoreConflict when a second tabletop wrote the same move first."""
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
        except sqlite3.IntegrityError as exc:
            raise StoreConflict(f"another tabletop saved this game first ({exc})") from exc
        except sqlite3.Error as exc:
            raise StoreError(f"could not save to {self.path}: {exc}") from exc

    # -- games ----------------------------------------------------------------

    def create_game(
        self, game: str, setup: dict[str, Any], seats: tuple[SeatInfo, ...], seed: int
    ) -> int:
        now = self._clock()
        seat_data = [{"name": s.name, "bot": s.bot} for s in seats]
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO games (game, setup, seats, seed, created, updated) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (game, _dumps(setup), _dumps(seat_data), seed, now, now),
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def append_action(self, game_id: int, index: int, action: dict[str, Any]) -> None:
        """Commit one action; ``index`` must be the number of actions stored so far."""
        with self._transaction() as db:
            db.execute(
                "INSERT INTO actions (game_id, idx, action) VALUES (?, ?, ?)",
                (game_id, index, _dumps(action)),
            )
            db.execute("UPDATE games SET updated = ? WHERE id = ?", (self._clock(), game_id))

    def truncate_actions(self, game_id: int, keep: int) -> None:
        """Forget every action from index ``keep`` on (an undo)."""
        with self._transaction() as db:
            db.execute("DELETE FROM actions WHERE game_id = ? AND idx >= ?", (game_id, keep))
            db.execute("UPDATE games SET updated = ? WHERE id = ?", (self._clock(), game_id))

    def finish(self, game_id: int, outcome: Outcome, ended_at: float | None = None) -> None:
        """File the game's end; ``ended_at``: the clock reading that ended a real-time game."""
        with self._transaction() as db:
            db.execute(
                # COALESCE: filing an end again keeps the time it was first filed
                "UPDATE games SET finished = COALESCE(finished, ?), outcome = ?, summary = ?, "
                "ended_at = ? WHERE id = ?",
                (
                    self._clock(),
                    outcome.model_dump_json(),
                    outcome.summary,
                    ended_at,
                    game_id,
                ),
            )

    def delete_game(self, game_id: int) -> None:
        with self._transaction() as db:
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))

    def seats(self, game_id: int) -> tuple[SeatInfo, ...]:
        row = self._db.execute("SELECT seats FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise KeyError(game_id)
        return tuple(SeatInfo(s["name"], s["bot"]) for s in json.loads(row[0]))

    def load_record(self, game_id: int) -> GameRecord:
        from tabletop.core.record import GameRecord

        row = self._db.execute(
            "SELECT game, setup, seed, ended_at FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise KeyError(game_id)
        actions = [
            json.loads(text)
            for (text,) in self._db.execute(
                "SELECT action FROM actions WHERE game_id = ? ORDER BY idx", (game_id,)
            )
        ]
        return GameRecord(
            game=row[0], setup=json.loads(row[1]), seed=row[2], actions=actions, ended_at=row[3]
        )

    def unfinished(self) -> list[SavedGame]:
        """Games still running, the one played last first."""
        rows = self._db.execute(
            "SELECT id, game, seats, updated, "
            "(SELECT count(*) FROM actions WHERE game_id = games.id) "
            "FROM games WHERE finished IS NULL ORDER BY updated DESC, id DESC"
        )
        return [
            SavedGame(id, game, _names(seats), moves, updated)
            for id, game, seats, updated, moves in rows
        ]

    def finished(self) -> list[FinishedGame]:
        """Finished games with their results, the one finished last first."""
        rows = self._db.execute(
            "SELECT id, game, seats, outcome, finished FROM games "
            "WHERE finished IS NOT NULL ORDER BY finished DESC, id DESC"
        )
        games = []
        for id, game, seats, outcome_text, finished in rows:
            outcome = json.loads(outcome_text)
            games.append(
                FinishedGame(
                    id,
                    game,
                    _names(seats),
                    tuple(outcome["scores"]),
                    tuple(outcome["winners"]),
                    outcome["summary"],
                    finished,
                )
            )
        return games

    # -- settings -------------------------------------------------------------

    def settings(self) -> dict[str, Any]:
        return {key: json.loads(value) for key, value in self._db.execute("SELECT * FROM settings")}

    def save_setting(self, key: str, value: object) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT INTO settings (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, _dumps(value)),
            )


def _names(seats_json: str) -> tuple[str, ...]:
    return tuple(s["name"] for s in json.loads(seats_json))
