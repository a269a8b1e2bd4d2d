"""A corrupt-store corpus: saved games edited or damaged the way a person with the
sqlite3 tool (or a bad disk) would, each applied to a store holding several games,
unfinished and finished. Whatever the damage, the store opens, the app shows Home,
Continue and History, the healthy games stay listed and playable exactly as they
were, the damaged one is listed as damaged with why (and can be deleted), the
player is told what happened to the file, and nothing is deleted: rows that make
no sense stay in the file, and a file moved aside is kept byte for byte."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable

from tabletop.core.session import GameSession, ResumeError
from tabletop.core.store import SeatInfo, Store
from tabletop.tui.app import TabletopApp
from tabletop.tui.screens.saved import ContinueScreen, HistoryScreen
from tabletop.tui.settings import Settings
from tests.hardening.harness import SPECS, chosen_move

SEED = 5
# The games of the corpus: (game, seat names, moves to play; None: to its end).
GAMES: dict[str, tuple[str, tuple[str, ...], int | None]] = {
    "spark": ("spacepark", ("Ann", "Bo"), 20),
    "parks": ("pocketparks", ("Cy", "Di", "Eve"), 15),
    "spark2": ("spacepark", ("Fay", "Gus"), 6),
    "done": ("spacepark", ("Hal", "Ivy"), None),
    "done2": ("spacepark", ("Jo", "Kim"), None),
}
UNFINISHED = ("spark", "parks", "spark2")


@dataclass(frozen=True)
class Corpus:
    """The healthy store (closed, its WAL folded in) and what each game looked like."""

    path: Path
    ids: dict[str, int]
    states: dict[str, str]
    """Each game's state (its engine's JSON) once resumed."""
    records: dict[str, list[dict[str, Any]]]


def _play(store: Store, game: str, names: tuple[str, ...], moves: int | None) -> GameSession:
    spec = SPECS[game]
    setup = spec.setups[len(names) - 1]
    seats = tuple(SeatInfo(name) for name in names)
    session = GameSession.start(store, spec.engine, seats, dict(setup.options), SEED)
    while session.outcome is None and (moves is None or session.moves < moves):
        session.act(chosen_move(spec, session.state, SEED, session.moves))
    return session


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    path = tmp_path_factory.mktemp("corpus") / "tabletop.db"
    store = Store(path)
    store.save_setting("theme", "nord")
    store.save_setting("curtain", False)
    sessions = {name: _play(store, *how) for name, how in GAMES.items()}
    store.close()
    return Corpus(
        path,
        {name: s.game_id for name, s in sessions.items()},
        {name: s.engine.state_json(s.state) for name, s in sessions.items()},
        {name: list(s.record.actions) for name, s in sessions.items()},
    )


def _sql(statement: str) -> Callable[[Path, dict[str, int]], None]:
    """Damage made with SQL, as with the sqlite3 tool; ``{spark}`` etc. name game ids."""

    def damage(path: Path, ids: dict[str, int]) -> None:
        with closing(sqlite3.connect(path, isolation_level=None)) as db:
            db.execute(statement.format(**ids))

    return damage


def _page_of_moves(path: Path, ids: dict[str, int]) -> None:
    """64 bytes of a page of the actions table overwritten (the bad-sector case)."""
    with closing(sqlite3.connect(path)) as db:
        [page] = db.execute(
            "SELECT pageno FROM dbstat WHERE name = 'actions' AND pagetype = 'leaf' "
            "ORDER BY pageno LIMIT 1 OFFSET 1"
        ).fetchone()
    raw = bytearray(path.read_bytes())
    start = (page - 1) * 4096
    raw[start : start + 64] = b"\xff" * 64
    path.write_bytes(bytes(raw))


def _emptied(path: Path, ids: dict[str, int]) -> None:
    path.write_bytes(b"")


@dataclass(frozen=True)
class Mutation:
    damage: Callable[[Path, dict[str, int]], None]
    victim: str | None = None
    """The game listed as damaged."""
    why: str = ""
    """What the listing (or, with no victim, the notice) says."""
    moved_aside: bool = False
    """The file is moved aside, and what can be read of it recovered."""
    changed: frozenset[str] = field(default_factory=frozenset)
    """Games that are not as they were (their moves lost with the file's damage)."""


MUTATIONS: dict[str, Mutation] = {
    "seats not JSON": Mutation(
        _sql("UPDATE games SET seats = 'Ann and Bo' WHERE id = {spark}"),
        "spark",
        "its seats cannot be read",
    ),
    "a seat name null": Mutation(
        _sql("UPDATE games SET seats = json_set(seats, '$[1].name', NULL) WHERE id = {parks}"),
        "parks",
        "its seat 2: A player's name must be text.",
    ),
    "a seat name with an escape sequence": Mutation(
        _sql(
            "UPDATE games SET seats = json_set(seats, '$[0].name', char(27) || '[2J') "
            "WHERE id = {spark}"
        ),
        "spark",
        "its seat 1: A player's name cannot hold control characters (U+001B is one).",
    ),
    "fewer seats than players": Mutation(
        _sql("UPDATE games SET seats = json_remove(seats, '$[2]') WHERE id = {parks}"),
        "parks",
        "it has 3 players but 2 seats",
    ),
    "one action row not JSON": Mutation(
        _sql("UPDATE actions SET action = '{{oops' WHERE game_id = {spark} AND idx = 7"),
        "spark",
        "its move 8 cannot be read",
    ),
    "one action row not an action": Mutation(
        _sql("UPDATE actions SET action = '[1, 2]' WHERE game_id = {spark2} AND idx = 0"),
        "spark2",
        "its move 1 cannot be read",
    ),
    "a move deleted": Mutation(
        _sql("DELETE FROM actions WHERE game_id = {parks} AND idx = 3"),
        "parks",
        "some of its moves are missing",
    ),
    "setup of the wrong type": Mutation(
        _sql("UPDATE games SET setup = '\"two players\"' WHERE id = {spark2}"),
        "spark2",
        "its setup is not a game setup",
    ),
    "setup options of the wrong type": Mutation(
        _sql("UPDATE games SET setup = json_set(setup, '$.options', 3) WHERE id = {spark}"),
        "spark",
        "its setup is not a game setup",
    ),
    "seed of the wrong type": Mutation(
        _sql("UPDATE games SET seed = 'lucky' WHERE id = {spark}"),
        "spark",
        "its seed is not a whole number",
    ),
    "last played not a time": Mutation(
        _sql("UPDATE games SET updated = 'yesterday' WHERE id = {parks}"),
        "parks",
        "its times cannot be read",
    ),
    "version not a number": Mutation(
        _sql("UPDATE games SET version = 'v2' WHERE id = {spark2}"),
        "spark2",
        "its version is not a whole number",
    ),
    "outcome {}": Mutation(
        _sql("UPDATE games SET outcome = '{{}}' WHERE id = {done}"),
        "done",
        "its result has no score for each seat",
    ),
    "outcome naming a winner not at the table": Mutation(
        _sql(
            "UPDATE games SET outcome = json_set(outcome, '$.winners', json('[7]')) "
            "WHERE id = {done2}"
        ),
        "done2",
        "its result names a winner who is not at the table",
    ),
    "bad JSON in settings": Mutation(
        _sql("UPDATE settings SET value = '{{bad' WHERE key = 'theme'"),
        why="The setting 'theme' in the saved games cannot be read: its default is used",
    ),
    "a setting of the wrong type": Mutation(
        _sql("UPDATE settings SET value = '\"yes\"' WHERE key = 'curtain'"),
        why="The saved setting 'curtain' holds a value this tabletop cannot use",
    ),
    "settings table dropped": Mutation(
        _sql("DROP TABLE settings"),
        why="its settings table is missing",
        moved_aside=True,
    ),
    "games table dropped": Mutation(
        _sql("DROP TABLE games"),
        why="Lost: every game (the games table cannot be read)",
        moved_aside=True,
        changed=frozenset(GAMES),
    ),
    "actions table dropped": Mutation(
        _sql("DROP TABLE actions"),
        why="Lost: every move (the actions table cannot be read)",
        moved_aside=True,
        changed=frozenset(GAMES),
    ),
    "a column dropped": Mutation(
        _sql("ALTER TABLE games DROP COLUMN summary"),
        why="its games table lacks summary",
        moved_aside=True,
    ),
    "64 bytes of a page of moves": Mutation(
        _page_of_moves, why="SQLite cannot read it", moved_aside=True
    ),
    "truncated to 0 bytes": Mutation(_emptied, why="was empty (0 bytes)", changed=frozenset(GAMES)),
    # issue 26 item 1: times no screen can show, or a game that ends before it begins
    "a finished game's end at 1e18": Mutation(
        _sql("UPDATE games SET finished = 1e18 WHERE id = {done}"),
        "done",
        "its times cannot be read (each is a moment from 1970 to 9999)",
    ),
    "an unfinished game begun at 1e18": Mutation(
        _sql("UPDATE games SET created = 1e18 WHERE id = {spark}"),
        "spark",
        "its times cannot be read",
    ),
    "last played before 1970": Mutation(
        _sql("UPDATE games SET updated = -86400 WHERE id = {parks}"),
        "parks",
        "its times cannot be read",
    ),
    "a game that ends before it begins": Mutation(
        _sql("UPDATE games SET created = finished + 3600 WHERE id = {done2}"),
        "done2",
        "it ends before it begins",
    ),
    # issue 26 item 5: two seats of one name, as people read names
    "two seats named alike": Mutation(
        _sql("UPDATE games SET seats = json_set(seats, '$[1].name', 'ANN') WHERE id = {spark}"),
        "spark",
        "its seats: Two players are named 'Ann' and 'ANN'",
    ),
    # issue 26 item 8: a schema version that does not match the tables
    "schema version 0 on a current file": Mutation(
        _sql("PRAGMA user_version = 0"),
        why="its schema version (0) does not match its tables",
        moved_aside=True,
    ),
    "schema version 3 on a current file": Mutation(
        _sql("PRAGMA user_version = 3"),
        why="its schema version (3) does not match its tables",
        moved_aside=True,
    ),
    "schema version -5": Mutation(
        _sql("PRAGMA user_version = -5"),
        why="its schema version is -5, which no tabletop writes",
        moved_aside=True,
    ),
}


def _rows(path: Path) -> dict[str, int]:
    """How many rows each table of a file holds, read straight from it."""
    with closing(sqlite3.connect(path)) as db:
        tables = [
            name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type='table'")
        ]
        return {t: db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in tables}


@pytest.fixture(params=MUTATIONS)
def damaged(
    request: pytest.FixtureRequest, corpus: Corpus, tmp_path: Path
) -> tuple[Path, Mutation]:
    path = tmp_path / "tabletop.db"
    shutil.copyfile(corpus.path, path)
    mutation = MUTATIONS[request.param]
    mutation.damage(path, corpus.ids)
    return path, mutation


def test_the_healthy_games_play_on_and_the_damaged_one_is_reported(
    damaged: tuple[Path, Mutation], corpus: Corpus
) -> None:
    path, mutation = damaged
    before = path.read_bytes()
    rows = _rows(path) if before and not mutation.moved_aside else {}
    store = Store(path)
    try:
        settings = Settings.load(store)  # as the app does at start
        notices = " ".join(store.notices)
        listed = {g.id: g for g in (*store.unfinished(), *store.finished())}
        damage = {g.id: g for g in store.damaged()}
        by_id = {game_id: name for name, game_id in corpus.ids.items()}
        if mutation.victim is not None:
            [hurt] = damage.values()
            assert by_id[hurt.id] == mutation.victim
            assert mutation.why in hurt.why
            assert hurt.finished == (mutation.victim not in UNFINISHED)
        else:
            assert not damage
            assert mutation.why in notices
        if "setting" in mutation.why and not mutation.moved_aside:
            # the unreadable one has its default, the other one is kept
            assert (settings.theme, settings.curtain) in {("textual-dark", False), ("nord", True)}
        if mutation.moved_aside:
            [aside] = path.parent.glob("tabletop.db.corrupt-*[0-9]")
            assert aside.read_bytes() == before  # kept as it was
            assert f"moved to {aside}" in notices
        else:
            assert not list(path.parent.glob("*.corrupt-*"))
            if rows:  # every row the file held is still in it, the damaged ones too
                assert _rows(path) == rows
        healthy = set(GAMES) - {mutation.victim} - mutation.changed
        if mutation.why.startswith("SQLite cannot read it"):
            # the page held moves of some games: those keep the moves before it, and
            # the notice names them; the rest are whole
            cut = {n for n in GAMES if f"game of {', '.join(GAMES[n][1])} after" in notices}
            assert cut and len(cut) < len(GAMES)
            healthy -= cut
        for name in healthy:
            assert corpus.ids[name] in listed, name
        for name in healthy & set(UNFINISHED):
            game, _, _ = GAMES[name]
            engine = SPECS[game].engine
            session = GameSession.resume(store, corpus.ids[name], engine)
            assert engine.state_json(session.state) == corpus.states[name]
            session.act(chosen_move(SPECS[game], session.state, SEED, session.moves))
            assert session.save_problem is None
        if mutation.victim is not None:
            game, _, _ = GAMES[mutation.victim]
            if mutation.victim in UNFINISHED:
                with pytest.raises(ResumeError, match="is damaged"):
                    GameSession.resume(store, hurt.id, SPECS[game].engine)
            store.delete_game(hurt.id, hurt.version)  # a damaged game can be deleted
            assert store.damaged() == []
    finally:
        store.close()


async def test_the_app_shows_home_continue_and_history(damaged: tuple[Path, Mutation]) -> None:
    path, mutation = damaged
    store = Store(path)
    unfinished = len(store.unfinished())
    finished = len(store.finished())
    hurt = store.damaged()
    app = TabletopApp(store)
    try:
        async with app.run_test(size=(110, 32)) as pilot:
            await pilot.pause()
            told = [n.message for n in app._notifications if n.title == "Saved games"]
            assert (mutation.victim is None) == bool(told)
            await pilot.press("c")
            continuing = app.screen
            assert isinstance(continuing, ContinueScreen)
            table = continuing.query_one(DataTable)
            shown = [" ".join(map(str, table.get_row_at(r))) for r in range(table.row_count)]
            damaged_here = [g for g in hurt if not g.finished]
            assert len(shown) == unfinished + len(damaged_here)
            assert sum("damaged:" in row for row in shown) == len(damaged_here)
            if damaged_here:
                table.move_cursor(row=len(shown) - 1)
                await pilot.press("enter")
                await pilot.pause()
                assert app.screen is continuing  # a damaged game is not opened
                assert any(n.title == "Damaged" for n in app._notifications)
            await pilot.press("escape", "h")
            history = app.screen
            assert isinstance(history, HistoryScreen)
            table = history.query_one(DataTable)
            damaged_here = [g for g in hurt if g.finished]
            assert table.row_count == finished + len(damaged_here)
            if damaged_here:
                table.move_cursor(row=table.row_count - 1)
                await pilot.press("d", "y")
                await pilot.pause()
                assert table.row_count == finished and store.damaged() == []
    finally:
        store.close()
