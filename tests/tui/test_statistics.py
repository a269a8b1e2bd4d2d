"""The Statistics screen and Home's line about the last game, at 80x24: the figures of
tests/test_stats.py's games on screen, each tab, the win-rate chart for each game (its
lines readable in every theme), names shown as typed."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.color import Color
from textual.filter import ANSIToTruecolor, Monochrome
from textual.pilot import Pilot
from textual.widgets import DataTable, TabbedContent

from tabletop.core.engine import Outcome
from tabletop.core.store import FIRST_VERSION, SeatInfo, Store
from tabletop.tui.app import TabletopApp
from tabletop.tui.contrast import RGB, TEXT_CONTRAST, contrast
from tabletop.tui.screens.home import HomeScreen
from tabletop.tui.screens.statistics import StatisticsScreen
from tabletop.tui.widgets.chart import MARKS, Chart, Legend
from tests.test_stats import ANN, BO, CY, ROBO, ROBO_BOT, Ticker, play
from tests.tui.test_contrast import drawn, drawn_256

SIZE = (80, 24)
MARKUP = "[b]Zoë[/b]"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(tmp_path / "tabletop.db", clock=Ticker())
    yield s
    s.close()


def shown(pilot: Pilot[None]) -> str:
    return "\n".join(strip.text for strip in pilot.app.screen._compositor.render_strips())


def rows(screen: StatisticsScreen, table: str) -> list[list[str]]:
    found = screen.query_one(f"#{table}", DataTable)
    return [list(map(str, found.get_row_at(r))) for r in range(found.row_count)]


async def test_home_sums_up_the_last_game_and_opens_statistics(store: Store) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not app.screen.query_one("#last").display  # no game finished yet
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, StatisticsScreen)
        assert "No finished games yet" in shown(pilot)
        await pilot.press("escape")
        play(store, "spacepark", (SeatInfo(MARKUP), ROBO_BOT), (20, 14), (0,), 3)
        await pilot.press("h", "escape")  # Home again: its lines are read anew
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert "Last game (Space Park, " in shown(pilot)
        assert f"★ {MARKUP} 20 · Robo 14  t: statistics" in shown(pilot)
        play(store, "pocketdragon", (ANN, BO), (0, 0), (), 1, difficulty="hard")
        await pilot.press("h", "escape")
        await pilot.pause()
        assert "(Pocket Dragon, " in shown(pilot) and "): over  t: statistics" in shown(pilot)
        long = "Scout wins: the deck ran out with Ann at 13 XP, 2 badges short of a tie."
        solo = store.create_game("spacepark", {"players": ["Ann"]}, (ANN,), 1)
        store.finish(solo, FIRST_VERSION, Outcome(scores=(13,), winners=(), summary=long))
        await pilot.resize_terminal(80, 24)
        await pilot.press("h", "escape")
        await pilot.pause()
        said = " ".join(shown(pilot).split())  # a long line wraps: its key is never cut off
        assert f"{long} t: statistics" in said


async def test_each_tab_shows_its_figures_and_the_chart_each_game(store: Store) -> None:
    play(store, "spacepark", (ANN, BO), (20, 14), (0,), 3)
    play(store, "spacepark", (ANN,), (21,), (0,), 2)
    play(store, "spacepark", (ANN,), (11,), (), 4)
    play(store, "pocketparks", (ANN, CY, ROBO), (22, 9, 9), (0,), 10)
    play(store, "pocketdragon", (ANN, BO), (8, 8), (0, 1), 6, difficulty="easy")
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatisticsScreen)
        assert rows(screen, "by-player")[:3] == [
            ["Ann", "Pocket Dragon", "1", "1", "100%", "8.0", "8", "6 moves"],
            ["Ann", "PocketParks", "1", "1", "100%", "22.0", "22", "10 moves"],
            ["Ann", "Space Park", "3", "2", "67%", "17.3", "21", "4 moves"],
        ]
        assert "Ann     Space Park     3      2     67%" in shown(pilot)
        await pilot.press("2")
        assert screen.query_one(TabbedContent).active == "solo"
        assert rows(screen, "by-solo") == [["Ann", "2", "1", "50%", "16.0", "21"]]
        await pilot.press("3")
        assert rows(screen, "by-dragon") == [["Easy", "1", "1", "100%", "8.0", "8"]]
        await pilot.press("4")
        await pilot.pause()
        assert "Win rate over time, every game" in shown(pilot)
        lines = shown(pilot).splitlines()  # whole ticks: games 1 to 5, rates in 20s
        [axis] = [i for i, line in enumerate(lines) if "└" in line]
        assert lines[axis + 1].split() == ["1", "2", "3", "4", "5"]
        rates = [line.split("┤")[0].strip() for line in lines if "┤" in line]
        assert rates == ["100", "80", "60", "40", "20", "0"]
        assert re.search(r"games, played \d{4}-\d\d-\d\d", lines[axis + 2])  # one day's
        for game in ("PocketParks", "Space Park", "Pocket Dragon"):
            await pilot.press("g")
            await pilot.pause()
            assert f"Win rate over time, {game}" in shown(pilot)
        chart = screen.query_one(Chart)
        assert "Ann" in shown(pilot) and chart.size.height > 10


def plot_and_below(screen: str) -> tuple[str, str]:
    """The text inside a chart's plot (from its top edge to its x axis), and below it."""
    lines = screen.splitlines()
    top = next(i for i, line in enumerate(lines) if "┌" in line)
    axis = next(i for i, line in enumerate(lines) if "└" in line)
    return "\n".join(lines[top : axis + 1]), "\n".join(lines[axis + 1 :])


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_legend_of_five_players_is_beside_the_plot_not_over_it(
    store: Store, size: tuple[int, int]
) -> None:
    """Five players' win rates: each name is in the legend under the plot, with its
    line's own mark (lines are told apart without colour too), and nothing of the
    legend is drawn over the plot."""
    names = ("Ann", "Bo", "Cy", "Di", "Eve")
    seats = tuple(SeatInfo(name) for name in names)
    for winner in (0, 1, 2, 3, 4, 0, 1):
        play(store, "pocketparks", seats, (5, 4, 3, 2, 1), (winner,), 10)
    app = TabletopApp(store)
    async with app.run_test(size=size) as pilot:
        await pilot.press("t", "4")
        await pilot.pause()
        plot, below = plot_and_below(shown(pilot))
        for name in names:
            assert not re.search(rf"\b{name}\b", plot), plot
        marks = re.findall(r"(\S) (Ann|Bo|Cy|Di|Eve)\b", below)
        assert sorted(name for _, name in marks) == sorted(names), below
        assert len({mark for mark, _ in marks}) == len(names)  # a mark each
        assert all(mark in plot for mark, _ in marks)  # and each line is drawn in it


async def test_every_line_and_its_legend_entry_read_in_every_theme(store: Store) -> None:
    """Six players' lines (every colour, and the first again with another mark): each
    mark on the plot and each legend entry reaches WCAG 2's contrast for text, 4.5:1, on
    what it is drawn on, in every theme the app offers (switched with the chart shown:
    it is drawn again in the new theme's colours), as a truecolor, a 256-colour and a
    NO_COLOR terminal draw it."""
    names = ("Ann", "Bo", "Cy", "Di", "Eve", "Flo")
    seats = tuple(SeatInfo(name) for name in names)
    for winner in range(6):
        play(store, "pocketparks", seats, (6, 5, 4, 3, 2, 1), (winner,), 10)
    app = TabletopApp(store)
    faint: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t", "4")
        for theme in sorted(app.available_themes):
            app.theme = theme
            await pilot.pause()
            seen: dict[str, set[str]] = {"plot": set(), "legend": set()}
            for where, mark, how, colour, ground in _line_cells(app):
                seen[where].add(mark)
                if contrast(colour, ground) < TEXT_CONTRAST:
                    faint.append(f"{theme} {how} {where} {mark}: {colour} on {ground}")
            assert seen == {"plot": set(MARKS), "legend": set(MARKS)}, theme
    assert not faint, "\n".join(faint[:20])


def _line_cells(app: TabletopApp) -> Iterator[tuple[str, str, str, RGB, RGB]]:
    """(plot or legend, mark, how drawn, colour, background) of every cell of the chart
    and its legend that shows a line's mark, in each way a terminal may draw it."""
    screen = app.screen
    regions = {"plot": screen.query_one(Chart).region, "legend": screen.query_one(Legend).region}
    base = Color.parse(app.get_css_variables()["background"])
    ansi = ANSIToTruecolor(app.ansi_theme_dark if app.current_theme.dark else app.ansi_theme_light)
    for y, strip in enumerate(screen._compositor.render_strips()):
        segments = ansi.apply(list(strip), base)
        x = 0
        for segment, grey in zip(segments, Monochrome().apply(segments, base), strict=True):
            for where, region in regions.items():
                marks = set(segment.text) & set(MARKS)
                if region.contains(x, y) and marks:
                    colour, ground = drawn(segment)
                    for mark in marks:
                        yield where, mark, "truecolor", colour, ground
                        yield where, mark, "256 colours", drawn_256(colour), drawn_256(ground)
                        yield where, mark, "NO_COLOR", *drawn(grey)
            x += segment.cell_length
