"""The store: migrations, refusal of a newer schema, damaged files moved aside,
games listed for Continue (newest first) and History (with results)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.core import store as store_module
from tabletop.core.engine import Outcome
from tabletop.core.store import SeatInfo, Store, StoreConflict, StoreError, default_path


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
    assert store.notice is None
    mode = sqlite3.connect(db_path).execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"


def test_actions_round_trip_through_a_reopen(db_path: Path) -> None:
    first = Store(db_path)
    game = new_game(first)
    first.append_action(game, 0, {"kind": "bet", "seat": 0, "amount": 2})
    first.append_action(game, 1, {"kind": "draw", "seat": 0})
    first.close()
    second = Store(db_path)
    record = second.load_record(game)
    assert record.game == "spacepark"
    assert record.setup.players == ("Ann", "Bob")
    assert record.seed == 7
    assert record.actions == [
        {"kind": "bet", "seat": 0, "amount": 2},
        {"kind": "draw", "seat": 0},
    ]
    assert second.seats(game) == seats("Ann", "Bob")
    second.close()


def test_an_action_index_cannot_be_stored_twice(store: Store) -> None:
    game = new_game(store)
    store.append_action(game, 0, {"kind": "draw", "seat": 0})
    with pytest.raises(StoreConflict, match=r"saved this game first.*UNIQUE"):
        store.append_action(game, 0, {"kind": "draw", "seat": 1})
    assert store.load_record(game).actions == [{"kind": "draw", "seat": 0}]


def test_truncate_forgets_the_undone_actions(store: Store) -> None:
    game = new_game(store)
    for i in range(3):
        store.append_action(game, i, {"kind": "bet", "seat": 0, "amount": i + 1})
    store.truncate_actions(game, 1)
    assert [a["amount"] for a in store.load_record(game).actions] == [1]


def test_unfinished_games_are_listed_last_played_first(store: Store) -> None:
    old = new_game(store, "spacepark", "Ann", "Bob")
    new = new_game(store, "pocketparks", "Cat", "Dan", "Eve")
    store.append_action(old, 0, {"kind": "draw", "seat": 0})  # old was played last
    listed = store.unfinished()
    assert [g.id for g in listed] == [old, new]
    assert listed[0].moves == 1 and listed[1].moves == 0
    assert listed[1].players == ("Cat", "Dan", "Eve")
    assert listed[1].game == "pocketparks"
    assert listed[0].updated > listed[1].updated


def test_finished_games_leave_continue_and_show_results_in_history(store: Store) -> None:
    first = new_game(store)
    second = new_game(store, "spacepark", "Ann", "Bob", "Cat")
    store.finish(first, Outcome(scores=(20, 14), winners=(0,), summary="Ann reached 20 XP"))
    store.finish(second, Outcome(scores=(3, 9, 9), winners=(1, 2), summary="a tie"))
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
    store.append_action(game, 0, {"kind": "draw", "seat": 0})
    store.delete_game(game)
    assert store.unfinished() == []
    left = sqlite3.connect(db_path).execute("SELECT count(*) FROM actions").fetchone()[0]
    assert left == 0


def test_settings_persist_as_json(db_path: Path) -> None:
    first = Store(db_path)
    first.save_setting("theme", "nord")
    first.save_setting("curtain", False)
    first.save_setting("theme", "gruvbox")
    first.close()
    second = Store(db_path)
    assert second.settings() == {"theme": "gruvbox", "curtain": False}
    second.close()


def test_a_garbage_file_is_moved_aside_and_reported(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(b"this is not a database at all, just some bytes" * 100)
    store = Store(db_path)
    aside = list(db_path.parent.glob("tabletop.db.corrupt-*"))
    assert len(aside) == 1
    assert aside[0].read_bytes().startswith(b"this is not a database")
    assert store.notice is not None and str(aside[0]) in store.notice
    assert store.unfinished() == []  # a fresh, working store
    new_game(store)
    store.close()


def test_a_damaged_page_is_moved_aside_too(db_path: Path) -> None:
    store = Store(db_path)
    game = new_game(store)
    for i in range(200):
        store.append_action(game, i, {"kind": "bet", "seat": 0, "amount": 1, "pad": "x" * 200})
    store.close()
    raw = bytearray(db_path.read_bytes())
    assert len(raw) > 8192  # the WAL was checkpointed into the file on close
    raw[4096:8192] = b"\xff" * 4096  # wreck the second page, keep the header
    db_path.write_bytes(bytes(raw))
    again = Store(db_path)
    assert again.notice is not None and "moved to" in again.notice
    assert again.unfinished() == []
    assert len(list(db_path.parent.glob("tabletop.db.corrupt-*"))) == 1
    again.close()


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
    old.append_action(game, 0, {"kind": "draw", "seat": 0})
    old.close()
    step = "ALTER TABLE games ADD COLUMN note TEXT NOT NULL DEFAULT 'migrated';"
    monkeypatch.setattr(store_module, "MIGRATIONS", [*store_module.MIGRATIONS, step])
    upgraded = Store(db_path)
    assert upgraded.schema_version == len(store_module.MIGRATIONS)
    assert upgraded.load_record(game).actions == [{"kind": "draw", "seat": 0}]
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT note FROM games").fetchone()[0] == "migrated"
    upgraded.close()


def test_a_first_release_file_gains_the_clock_reading_of_real_time_ends(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Schema 1 (before ended_at): its games load with no reading, and can be filed
    with one once migrated."""
    with monkeypatch.context() as first_release:
        first_release.setattr(store_module, "MIGRATIONS", store_module.MIGRATIONS[:1])
        old = Store(db_path)
        game = new_game(old)
        old.append_action(game, 0, {"kind": "draw", "seat": 0})
        old.close()
    upgraded = Store(db_path)
    assert upgraded.schema_version == len(store_module.MIGRATIONS) > 1
    record = upgraded.load_record(game)
    assert record.actions == [{"kind": "draw", "seat": 0}] and record.ended_at is None
    upgraded.finish(game, Outcome(scores=(0, 0), winners=(), summary="Lost."), 91.5)
    assert upgraded.load_record(game).ended_at == 91.5
    upgraded.close()


def test_an_unreachable_file_is_an_error_not_a_move(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where a folder should be")
    with pytest.raises(StoreError, match="data directory"):
        Store(blocker / "tabletop.db")
    assert blocker.read_text() == "a file where a folder should be"
