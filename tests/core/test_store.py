"""The store: migrations, refusal of a newer schema, writes conditional on the
version last read, damaged files moved aside and what can be read of them
recovered, a lock waited out, games listed for Continue (newest first) and
History (with results). Damaged rows: tests/hardening/test_corrupt_store.py."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path

import pytest

from tabletop.core import store as store_module
from tabletop.core.engine import Outcome
from tabletop.core.store import (
    FIRST_VERSION,
    SeatInfo,
    Store,
    StoreConflict,
    StoreError,
    default_path,
)


class Ticker:
    """A clock that moves one second at every reading, so order is certain."""

    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        self.now += 1
        return self.now


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "tabletop.db"


@pytest.fixture
def store(db_path: Path) -> Iterator[Store]:
    s = Store(db_path, clock=Ticker())
    yield s
    s.close()


def seats(*names: str) -> tuple[SeatInfo, ...]:
    return tuple(SeatInfo(n) for n in names)


def new_game(store: Store, game: str = "spacepark", *names: str) -> int:
    names = names or ("Ann", "Bob")
    return store.create_game(game, {"players": list(names), "options": {}}, seats(*names), 7)


def test_default_path_honours_the_data_dir(tmp_path: Path) -> None:
    assert default_path(tmp_path) == tmp_path / "tabletop.db"
    assert default_path(None).name == "tabletop.db"


def test_a_new_store_is_at_the_latest_schema_in_wal_mode(store: Store, db_path: Path) -> None:
    assert store.schema_version == len(store_module.MIGRATIONS)
    assert store.notices == []
    mode = sqlite3.connect(db_path).execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"
    # FULL (2): every commit is synced, so a move survives a power cut
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2


def test_a_new_file_appears_whole_and_leaves_nothing_behind(db_path: Path) -> None:
    """Made under a temporary name and linked into place: the folder then holds the
    file (and SQLite's side files while open), never a half-made or left-over one."""
    Store(db_path).close()
    assert sorted(p.name for p in db_path.parent.iterdir()) == ["tabletop.db"]
    with sqlite3.connect(db_path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(store_module.MIGRATIONS)
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_actions_round_trip_through_a_reopen(db_path: Path) -> None:
    first = Store(db_path)
    game = new_game(first)
    version = first.append_action(game, FIRST_VERSION, {"kind": "bet", "seat": 0, "amount": 2})
    first.append_action(game, version, {"kind": "draw", "seat": 0})
    first.close()
    second = Store(db_path)
    saved = second.load_game(game)
    assert saved.record.game == "spacepark"
    assert saved.record.setup.players == ("Ann", "Bob")
    assert saved.record.seed == 7
    assert saved.record.actions == [
        {"kind": "bet", "seat": 0, "amount": 2},
        {"kind": "draw", "seat": 0},
    ]
    assert saved.seats == seats("Ann", "Bob")
    assert saved.version == FIRST_VERSION + 2 and not saved.finished
    second.close()


def test_truncate_forgets_the_undone_actions(store: Store) -> None:
    game = new_game(store)
    version = FIRST_VERSION
    for i in range(3):
        version = store.append_action(game, version, {"kind": "bet", "seat": 0, "amount": i + 1})
    store.truncate_actions(game, version, 1)
    assert [a["amount"] for a in store.load_record(game).actions] == [1]


DONE = Outcome(scores=(1, 2), winners=(1,), summary="Bob won")
WRITES: dict[str, Callable[[Store, int, int], object]] = {
    "append": lambda store, game, version: store.append_action(game, version, {"seat": 0}),
    "undo": lambda store, game, version: store.truncate_actions(game, version, 0),
    "finish": lambda store, game, version: store.finish(game, version, DONE),
    "delete": lambda store, game, version: store.delete_game(game, version),
}


@pytest.mark.parametrize("write", WRITES)
def test_a_write_from_a_copy_that_missed_a_change_is_refused(store: Store, write: str) -> None:
    """Two copies read the game at one version; one writes. The other's write (any
    kind) is refused with nothing changed, and the first copy's move is kept."""
    game = new_game(store)
    seen = store.append_action(game, FIRST_VERSION, {"kind": "draw", "seat": 0})
    store.append_action(game, seen, {"kind": "draw", "seat": 1})  # the other copy's move
    with pytest.raises(StoreConflict, match="changed in another tabletop") as refused:
        WRITES[write](store, game, seen)
    assert not refused.value.deleted
    saved = store.load_game(game)
    assert saved.record.actions == [{"kind": "draw", "seat": 0}, {"kind": "draw", "seat": 1}]
    assert saved.version == seen + 1 and not saved.finished


@pytest.mark.parametrize("write", WRITES)
def test_a_write_to_a_game_another_copy_deleted_says_so(store: Store, write: str) -> None:
    game = new_game(store)
    store.delete_game(game, FIRST_VERSION)
    with pytest.raises(StoreConflict, match="deleted, in another tabletop") as refused:
        WRITES[write](store, game, FIRST_VERSION)
    assert refused.value.deleted
    assert store.unfinished() == [] and store.damaged() == []


def test_unfinished_games_are_listed_last_played_first(store: Store) -> None:
    old = new_game(store, "spacepark", "Ann", "Bob")
    new = new_game(store, "pocketparks", "Cat", "Dan", "Eve")
    store.append_action(old, FIRST_VERSION, {"kind": "draw", "seat": 0})  # old played last
    listed = store.unfinished()
    assert [g.id for g in listed] == [old, new]
    assert listed[0].moves == 1 and listed[1].moves == 0
    assert listed[1].players == ("Cat", "Dan", "Eve")
    assert listed[1].game == "pocketparks"
    assert listed[0].updated > listed[1].updated
    assert listed[0].version == FIRST_VERSION + 1 and listed[1].version == FIRST_VERSION


def test_finished_games_leave_continue_and_show_results_in_history(store: Store) -> None:
    first = new_game(store)
    second = new_game(store, "spacepark", "Ann", "Bob", "Cat")
    store.finish(
        first, FIRST_VERSION, Outcome(scores=(20, 14), winners=(0,), summary="Ann reached 20 XP")
    )
    store.finish(second, FIRST_VERSION, Outcome(scores=(3, 9, 9), winners=(1, 2), summary="a tie"))
    assert store.unfinished() == []
    history = store.finished()
    assert [g.id for g in history] == [second, first]
    assert history[1].players == ("Ann", "Bob")
    assert history[1].scores == (20, 14)
    assert history[1].winners == (0,)
    assert history[1].summary == "Ann reached 20 XP"
    assert history[0].winners == (1, 2)


def test_delete_removes_a_game_and_its_actions(store: Store, db_path: Path) -> None:
    game = new_game(store)
    version = store.append_action(game, FIRST_VERSION, {"kind": "draw", "seat": 0})
    store.delete_game(game, version)
    assert store.unfinished() == []
    left = sqlite3.connect(db_path).execute("SELECT count(*) FROM actions").fetchone()[0]
    assert left == 0


def test_settings_persist_as_json(db_path: Path) -> None:
    first = Store(db_path)
    assert first.save_setting("theme", "nord") is None
    first.save_setting("curtain", False)
    first.save_setting("theme", "gruvbox")
    first.close()
    second = Store(db_path)
    assert second.settings() == {"theme": "gruvbox", "curtain": False}
    assert second.notices == []
    second.close()


def test_a_setting_that_cannot_be_read_keeps_its_default_and_is_told_once(
    store: Store, db_path: Path
) -> None:
    store.save_setting("curtain", False)
    with sqlite3.connect(db_path) as db:
        db.execute("INSERT INTO settings VALUES ('theme', '{not json')")
    assert store.settings() == {"curtain": False}
    assert store.settings() == {"curtain": False}
    [notice] = store.notices
    assert "'theme'" in notice and "default" in notice
    store.save_setting("theme", "nord")  # changing it mends it
    assert store.settings() == {"curtain": False, "theme": "nord"}


def test_a_setting_that_cannot_be_saved_says_why_and_raises_nothing(store: Store) -> None:
    store._db.execute("PRAGMA query_only = ON")  # every write fails, as on a read-only file
    problem = store.save_setting("theme", "nord")
    assert problem is not None and problem.startswith(f"Could not save to {store.path}")
    store._db.execute("PRAGMA query_only = OFF")
    assert store.settings() == {}


def test_a_garbage_file_is_moved_aside_and_reported(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(b"this is not a database at all, just some bytes" * 100)
    store = Store(db_path)
    aside = list(db_path.parent.glob("tabletop.db.corrupt-*"))
    assert len(aside) == 1
    assert aside[0].read_bytes() == b"this is not a database at all, just some bytes" * 100
    [notice] = store.notices
    assert f"moved to {aside[0]}" in notice
    assert "Recovered: 0 games and 0 settings" in notice and "every game" in notice
    assert store.unfinished() == []  # a fresh, working store
    new_game(store)
    store.close()


def test_a_damaged_page_is_moved_aside_and_the_rest_recovered(db_path: Path) -> None:
    """A page of one game's moves wrecked: that game keeps the moves before it, the
    other game and the settings come across whole, the damaged file is kept as it was."""
    store = Store(db_path)
    store.save_setting("theme", "nord")
    hurt, whole = new_game(store), new_game(store, "pocketparks", "Cat", "Dan")
    store.append_action(whole, FIRST_VERSION, {"kind": "draw", "seat": 0})
    version = FIRST_VERSION
    for _ in range(200):
        action = {"kind": "bet", "seat": 0, "amount": 1, "pad": "x" * 200}
        version = store.append_action(hurt, version, action)
    store.close()
    with closing(sqlite3.connect(db_path)) as db:  # a leaf page of the actions, mid-game
        [page] = db.execute(
            "SELECT pageno FROM dbstat WHERE name = 'actions' AND pagetype = 'leaf' "
            "ORDER BY pageno LIMIT 1 OFFSET 10"
        ).fetchone()
    raw = bytearray(db_path.read_bytes())
    start = (page - 1) * 4096
    raw[start : start + 64] = b"\xff" * 64
    db_path.write_bytes(bytes(raw))
    again = Store(db_path)
    [aside] = db_path.parent.glob("tabletop.db.corrupt-*")
    assert aside.read_bytes() == bytes(raw)
    [notice] = again.notices
    assert f"moved to {aside}" in notice and "Recovered: 2 games and 1 setting." in notice
    assert "the moves of the spacepark game of Ann, Bob after its first" in notice
    assert sorted(g.id for g in again.unfinished()) == [hurt, whole]
    assert again.load_record(whole).actions == [{"kind": "draw", "seat": 0}]
    kept = again.load_record(hurt).actions
    assert 0 < len(kept) < 200 and all(a["kind"] == "bet" for a in kept)
    assert again.settings() == {"theme": "nord"}
    again.close()


def test_an_emptied_file_is_reused_and_the_player_told(db_path: Path) -> None:
    Store(db_path).close()
    db_path.write_bytes(b"")
    store = Store(db_path)
    [notice] = store.notices
    assert "was empty (0 bytes)" in notice and "games it held are gone" in notice
    assert store.schema_version == len(store_module.MIGRATIONS)
    new_game(store)
    store.close()


def hold_lock(db_path: Path, seconds: float) -> threading.Thread:
    """Another program holding the file exclusively for ``seconds`` (from when this returns)."""
    taken = threading.Event()

    def hold() -> None:
        db = sqlite3.connect(db_path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA locking_mode = EXCLUSIVE")
        db.execute("BEGIN EXCLUSIVE")
        db.execute("UPDATE settings SET value = value")
        taken.set()
        threading.Event().wait(seconds)
        db.execute("COMMIT")
        db.close()

    holder = threading.Thread(target=hold)
    holder.start()
    taken.wait()
    return holder


def test_opening_waits_out_a_lock(db_path: Path) -> None:
    """A lock held longer than one try's wait (OPEN_TRY_S) is waited out by trying again."""
    Store(db_path).close()
    holder = hold_lock(db_path, store_module.OPEN_TRY_S * 2.5)
    store = Store(db_path, lock_wait=60)
    holder.join()
    assert store.schema_version == len(store_module.MIGRATIONS)
    store.close()


def test_a_lock_held_too_long_is_reported_not_waited_for_ever(db_path: Path) -> None:
    Store(db_path).close()
    holder = hold_lock(db_path, 4.0)
    try:
        with pytest.raises(StoreError, match="stayed locked by another program for 1 s"):
            Store(db_path, lock_wait=1.0)
    finally:
        holder.join()


def test_a_database_from_a_newer_tabletop_is_refused_untouched(db_path: Path) -> None:
    Store(db_path).close()
    newer = len(store_module.MIGRATIONS) + 1
    with sqlite3.connect(db_path) as db:
        db.execute(f"PRAGMA user_version = {newer}")
    with pytest.raises(StoreError, match="newer tabletop"):
        Store(db_path)
    assert not list(db_path.parent.glob("*.corrupt-*"))
    with sqlite3.connect(db_path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == newer


def test_an_old_database_is_migrated_keeping_its_games(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = Store(db_path)
    game = new_game(old)
    old.append_action(game, FIRST_VERSION, {"kind": "draw", "seat": 0})
    old.close()
    step = "ALTER TABLE games ADD COLUMN note TEXT NOT NULL DEFAULT 'migrated';"
    monkeypatch.setattr(store_module, "MIGRATIONS", [*store_module.MIGRATIONS, step])
    upgraded = Store(db_path)
    assert upgraded.schema_version == len(store_module.MIGRATIONS)
    assert upgraded.load_record(game).actions == [{"kind": "draw", "seat": 0}]
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT note FROM games").fetchone()[0] == "migrated"
    upgraded.close()


def test_a_first_release_file_gains_clock_readings_and_versions(db_path: Path) -> None:
    """Schema 1 (before ended_at and version), as the first release wrote it: its games
    load at the first version with no reading, and can be filed with one once migrated."""
    db_path.parent.mkdir()
    with closing(sqlite3.connect(db_path, isolation_level=None)) as old:
        old.executescript(store_module.MIGRATIONS[0] + "PRAGMA user_version = 1;")
        old.execute(
            "INSERT INTO games (id, game, setup, seats, seed, created, updated) VALUES "
            """(1, 'spacepark', '{"players":["Ann","Bob"],"options":{}}', """
            """'[{"name":"Ann","bot":null},{"name":"Bob","bot":null}]', 7, 1, 2)"""
        )
        old.execute("""INSERT INTO actions VALUES (1, 0, '{"kind":"draw","seat":0}')""")
    upgraded = Store(db_path)
    assert upgraded.schema_version == len(store_module.MIGRATIONS) > 2
    saved = upgraded.load_game(1)
    assert saved.record.actions == [{"kind": "draw", "seat": 0}]
    assert saved.record.ended_at is None and saved.version == FIRST_VERSION
    assert saved.clock_at is None
    upgraded.finish(1, saved.version, Outcome(scores=(0, 0), winners=(), summary="Lost."), 91.5)
    assert upgraded.load_record(1).ended_at == 91.5
    upgraded.close()


def test_an_unreachable_file_is_an_error_not_a_move(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where a folder should be")
    with pytest.raises(StoreError, match="data directory"):
        Store(blocker / "tabletop.db")
    assert blocker.read_text() == "a file where a folder should be"


def test_history_lists_moves_bots_options_and_times(store: Store) -> None:
    game = store.create_game(
        "pocketdragon",
        {"players": ["Ann", "Bob"], "options": {"difficulty": "hard"}},
        (SeatInfo("Ann"), SeatInfo("Bob", "normal")),
        7,
    )
    version = FIRST_VERSION
    for _ in range(3):
        version = store.append_action(game, version, {"kind": "draw", "seat": 0})
    store.finish(game, version, DONE)
    [done] = store.finished()
    assert (done.moves, done.bots, done.options) == (3, (None, "normal"), {"difficulty": "hard"})
    assert done.created < done.finished
    assert store.last_finished() == done


def test_the_last_finished_game_skips_damaged_ones(store: Store, db_path: Path) -> None:
    assert store.last_finished() is None
    first, second = new_game(store), new_game(store)
    store.finish(first, FIRST_VERSION, DONE)
    store.finish(second, FIRST_VERSION, DONE)
    last = store.last_finished()
    assert last is not None and last.id == second
    with sqlite3.connect(db_path) as db:
        db.execute("UPDATE games SET seats = 'oops' WHERE id = ?", (second,))
    last = store.last_finished()
    assert last is not None and last.id == first


def test_an_imported_game_is_stored_whole_or_not_at_all(store: Store, db_path: Path) -> None:
    from tabletop.core.engine import Setup
    from tabletop.core.record import GameRecord

    record = GameRecord(
        game="spacepark",
        setup=Setup(players=("Ann", "Bob")),
        seed=9,
        actions=[{"kind": "draw", "seat": 0}, {"kind": "draw", "seat": 1}],
    )
    game = store.import_game(record, seats("Ann", "Bob"), 1_600_000_000.5, (1_600_000_900.0, DONE))
    saved = store.load_game(game)
    assert saved.record == record and saved.created == 1_600_000_000.5
    assert saved.finished_at == 1_600_000_900.0 and saved.result is not None
    assert saved.result.scores == DONE.scores and saved.version == FIRST_VERSION
    assert store.games_like("spacepark", 9) == [game]
    assert store.games_like("spacepark", 8) == store.games_like("pocketparks", 9) == []
    with sqlite3.connect(db_path) as db:  # the moves fail to be written: no game either
        db.execute(
            "CREATE TRIGGER no_moves BEFORE INSERT ON actions BEGIN SELECT RAISE(ABORT, 'no'); END"
        )
    with pytest.raises(StoreError, match="Could not save"):
        store.import_game(record, seats("Ann", "Bob"), 1.0, None)
    assert [g.id for g in store.finished()] == [game] and store.unfinished() == []


def test_the_full_integrity_check_finds_what_opening_does_not_look_for(db_path: Path) -> None:
    """An index that no longer matches its table: opening runs SQLite's quick check,
    which does not compare them; `tabletop saves check` runs the full one."""
    store = Store(db_path)
    for _ in range(3):
        new_game(store)
    assert store.integrity_problem() is None
    store.close()
    with closing(sqlite3.connect(db_path)) as db:  # the index's columns said in another order
        schema = db.execute("PRAGMA schema_version").fetchone()[0]
        db.execute("PRAGMA writable_schema = ON")
        db.execute(
            "UPDATE sqlite_master SET sql = 'CREATE INDEX games_by_update ON games "
            "(updated, finished)' WHERE name = 'games_by_update'"
        )
        db.execute(f"PRAGMA schema_version = {schema + 1}")
        db.commit()
    reopened = Store(db_path)
    assert reopened.notices == []
    assert reopened.integrity_problem() == "row 1 missing from index games_by_update"
    reopened.close()


def test_a_clock_reading_is_saved_only_over_the_version_last_read(store: Store) -> None:
    """A real-time game's reading, saved while its clocks run: it leaves the version as
    it was, and a writer that missed a change (another version) writes nothing."""
    game = new_game(store, "pocketdragon")
    version = store.load_game(game).version
    store.save_clock(game, version, 12.5)
    assert store.load_game(game).clock_at == 12.5
    assert store.load_game(game).version == version
    store.save_clock(game, version + 1, 99.0)
    assert store.load_game(game).clock_at == 12.5


@pytest.mark.parametrize("damage", ["'soon'", "x'00'"])
def test_a_clock_reading_that_cannot_be_read_is_left_out(
    store: Store, db_path: Path, damage: str
) -> None:
    """The game stays playable: it resumes at its last move, as without a reading."""
    game = new_game(store, "pocketdragon")
    with closing(sqlite3.connect(db_path)) as db, db:
        db.execute(f"UPDATE games SET clock_at = {damage} WHERE id = ?", (game,))
    assert store.load_game(game).clock_at is None


def _read_only_file_system(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    """The data folder as on a file system remounted read-only: statvfs says so, and
    SQLite's read-write open of the file fails as WAL mode cannot start there (EROFS on
    its index); SQLite's read-only open is the real one."""

    class Mounted:
        f_flag = store_module.os.ST_RDONLY

    monkeypatch.setattr(store_module.os, "statvfs", lambda folder: Mounted())
    real_open = Store._open

    def refused(self: Store, target: Path | str) -> sqlite3.Connection:
        if target == path:
            error = sqlite3.OperationalError("attempt to write a readonly database")
            error.sqlite_errorcode = sqlite3.SQLITE_READONLY  # type: ignore[attr-defined]
            raise error
        return real_open(self, target)

    monkeypatch.setattr(Store, "_open", refused)


def test_a_read_only_file_system_opens_every_game_and_names_the_cause(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 26 item 6: the games were hidden (played in memory, "No unfinished games",
    `saves check` sound with 0 games) and the permissions blamed."""
    from tabletop.core.session import GameSession
    from tabletop.games.spacepark.engine import ENGINE
    from tabletop.saves import check

    writer = Store(db_path)
    session = GameSession.start(writer, ENGINE, seats("Ann", "Bo"), {}, 4)
    session.act(session.legal_actions(session.to_act[0])[0])
    writer.close()
    before = db_path.read_bytes()
    _read_only_file_system(monkeypatch, db_path)
    store = Store(db_path)
    try:
        [notice] = store.notices
        assert "is read-only (the file system it is on is mounted read-only)" in notice
        assert [g.id for g in store.unfinished()] == [session.game_id]
        assert check(store) == (1, [])
        resumed = GameSession.resume(store, session.game_id, ENGINE)
        assert resumed.moves == 1
        resumed.act(resumed.legal_actions(resumed.to_act[0])[0])
        assert resumed.moves == 2  # played in memory
        problem = resumed.save_problem
        assert problem is not None and "the file system it is on is mounted read-only" in problem
        assert "permissions" not in problem
    finally:
        store.close()
    assert db_path.read_bytes() == before
