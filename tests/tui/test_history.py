"""History and Continue (tui/screens/saved.py): results read whole at 80x24 (winner
first, full names, scores; the highlighted game in a pane), the filters by player
name and game, the sort by score, and Export to a game file in the current folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Select, Static

from tabletop.core.engine import Outcome, Setup
from tabletop.core.record import read_game_file
from tabletop.core.store import FIRST_VERSION, SavedGame, SeatInfo, Store
from tabletop.games.pocketdragon.engine import ENGINE as PD
from tabletop.games.pocketdragon.model import Pause, Start
from tabletop.tui.app import TabletopApp
from tabletop.tui.screens.home import HomeScreen
from tabletop.tui.screens.saved import ContinueScreen, HistoryScreen, standing

SIZE = (80, 24)
LONG = ("Sixteen-letters!", "Maximiliane Ruiz")


def finished(
    store: Store,
    game: str,
    seats: tuple[SeatInfo, ...],
    scores: tuple[int, ...],
    winners: tuple[int, ...],
    summary: str,
    options: dict[str, object] | None = None,
) -> int:
    names = [s.name for s in seats]
    game_id = store.create_game(game, {"players": names, "options": options or {}}, seats, 1)
    store.finish(game_id, FIRST_VERSION, Outcome(scores=scores, winners=winners, summary=summary))
    return game_id


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(tmp_path / "data" / "tabletop.db")
    finished(
        s,
        "pocketparks",
        (SeatInfo("Ann"), SeatInfo(LONG[0]), SeatInfo(LONG[1])),
        (4, 22, 19),
        (1,),
        f"{LONG[0]} wins with 22 points.",
    )
    finished(
        s,
        "spacepark",
        (SeatInfo("Ann"),),
        (17,),
        (),
        "Scout wins: the deck ran out with Ann at 17 XP.",
    )
    finished(
        s,
        "spacepark",
        (SeatInfo("Bo"), SeatInfo("Robo", "hard")),
        (20, 14),
        (0,),
        "Bo wins with 20 XP.",
    )
    yield s
    s.close()


def shown(pilot: Pilot[None]) -> str:
    return "\n".join(strip.text for strip in pilot.app.screen._compositor.render_strips())


def rows(history: HistoryScreen) -> list[str]:
    table = history.query_one(DataTable)
    return [" | ".join(map(str, table.get_row_at(r))) for r in range(table.row_count)]


def details(history: HistoryScreen) -> str:
    content = history.query_one("#details", Static).content
    assert isinstance(content, Content)
    return content.plain


async def open_history(pilot: Pilot[None]) -> HistoryScreen:
    await pilot.press("h")
    await pilot.pause()
    history = pilot.app.screen
    assert isinstance(history, HistoryScreen)
    return history


async def test_results_read_whole_winner_first_at_80x24(store: Store) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        history = await open_history(pilot)
        assert [row.split(" | ", 2)[2] for row in rows(history)] == [
            "★ Bo 20 · Robo 14",
            "Ann 17",
            f"★ {LONG[0]} 22 · {LONG[1]} 19 · Ann 4",
        ]
        assert "★ Bo 20 · Robo 14" in shown(pilot)
        assert details(history).splitlines()[1:] == [
            "★ Bo     20",
            "  Robo   14  (hard bot)",
            "Bo wins with 20 XP.",
        ]
        await pilot.press("down", "down")
        assert details(history).splitlines()[1:] == [
            f"★ {LONG[0]}   22",
            f"  {LONG[1]}   19",
            "  Ann                 4",
            f"{LONG[0]} wins with 22 points.",
        ]
        assert details(history).startswith("PocketParks, finished ")
        text = shown(pilot)  # the row is wider than the terminal; the pane is whole
        assert f"★ {LONG[0]} 22 · {LONG[1]} 19 · Ann 4" not in text
        assert f"{LONG[1]}   19" in text and "  Ann                 4" in text


async def test_history_filters_by_player_and_game_and_sorts_by_score(store: Store) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        history = await open_history(pilot)
        await pilot.press("slash", "a", "N", "n")  # any case, part of a name
        assert isinstance(app.focused, Input)
        assert [row.split(" | ")[1] for row in rows(history)] == ["Space Park", "PocketParks"]
        await pilot.press("escape")  # out of the filter, still in History
        assert app.screen is history and isinstance(app.focused, DataTable)
        assert shown(pilot).splitlines()[-1].startswith(" ⏎ Replay  / Find player")
        await pilot.press("slash", "enter")  # Enter in the filter: back to the table
        assert app.screen is history and isinstance(app.focused, DataTable)
        await pilot.press("g")
        assert history.query_one("#game", Select).value == "pocketparks"
        assert [row.split(" | ")[1] for row in rows(history)] == ["PocketParks"]
        history.query_one("#player", Input).value = "nobody"
        await pilot.pause()
        assert rows(history) == [] and "No finished game matches." in shown(pilot)
        assert not history.query_one("#details").display
        history.query_one("#player", Input).value = ""
        await pilot.press("g", "g", "g")  # Space Park, Pocket Dragon, all games
        assert history.query_one("#game", Select).value == Select.NULL
        await pilot.press("s")
        assert [row.split(" | ")[2] for row in rows(history)] == [
            f"★ {LONG[0]} 22 · {LONG[1]} 19 · Ann 4",
            "★ Bo 20 · Robo 14",
            "Ann 17",
        ]
        assert "best score first" in shown(pilot)
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)


async def test_export_writes_a_game_file_in_the_current_folder(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    running = store.create_game(
        "spacepark", {"players": ["Cy", "Di"]}, (SeatInfo("Cy"), SeatInfo("Di")), 5
    )
    store.append_action(running, FIRST_VERSION, {"kind": "keep", "seat": 0})
    app = TabletopApp(store)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await open_history(pilot)
        await pilot.press("x")
        [written] = tmp_path.glob("tabletop-spacepark-*.json")
        game = read_game_file(written.read_bytes())
        assert game.setup.players == ("Bo", "Robo") and game.result is not None
        assert [n.title for n in app._notifications] == ["Exported"]
        await pilot.press("escape", "c")
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)
        await pilot.press("x")
        [unfinished] = set(tmp_path.glob("tabletop-spacepark-*.json")) - {written}
        game = read_game_file(unfinished.read_bytes())
        assert game.finished is None and game.moves == ({"kind": "keep", "seat": 0},)
        gone = tmp_path / "gone"
        gone.mkdir()
        monkeypatch.chdir(gone)
        gone.rmdir()  # the folder tabletop was started in is no more
        await pilot.press("x")
        await pilot.pause()
        assert [n.title for n in app._notifications][-1] == "Not exported"


async def test_continue_imports_a_game_file_of_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game moved between two data folders from the app: exported from one, imported
    (replayed first) into the other; a file that is no game is refused, nothing stored."""
    from tabletop.saves import export_to_folder
    from tests.test_saves import played, save

    monkeypatch.chdir(tmp_path)
    source = Store(tmp_path / "one" / "tabletop.db")
    game_id = save(source, played("spacepark", 1, 1), upto=12)
    exported = export_to_folder(source, game_id, tmp_path)
    source.close()
    (tmp_path / "a-broken.json").write_text("{not a game")
    target = Store(tmp_path / "two" / "tabletop.db")
    app = TabletopApp(target)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)
        await pilot.press("i")  # the files by name: the broken one first
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        [refused] = [n for n in app._notifications if n.title == "Not imported"]
        assert "a-broken.json cannot be imported: it is not JSON" in refused.message
        assert target.unfinished() == []
        await pilot.press("i", "down", "enter")
        await pilot.pause()
        assert f"{exported.name}: imported as game 1, here, to continue." in [
            n.message for n in app._notifications
        ]
        [imported] = target.unfinished()
        assert imported.moves == 12 and imported.players == ("Ann", "Bo")
        assert "Space Park" in "\n".join(
            strip.text for strip in app.screen._compositor.render_strips()
        )
    target.close()


def test_continue_tells_a_paused_companion_game_waits_for_nobody() -> None:
    """PD-TIME-4: either player may resume a paused game, so Continue does not say it waits
    for both; its line says it is paused."""
    state = PD.new(Setup(players=("Ann", "Bo"), options={"mode": "companion"}), 1)
    for action in (Start(seat=0, now=0.0), Pause(seat=1, now=5.0)):
        state = PD.apply(state, action).state
    game = SavedGame(1, "pocketdragon", ("Ann", "Bo"), 2, 0.0, 0.0, 1)
    said = standing(game, PD.to_act(state), PD.position(state)).plain
    assert PD.to_act(state) == (0, 1) and "Waiting for" not in said
    assert said.startswith("Every player may act.\nCompanion, ") and ", paused · " in said
