"""Statistics of the finished games (tabletop/stats.py): per player and game, a tab
for each table a game adds (Space Park solo against Scout, Pocket Dragon per
difficulty), and a chart of win rates over time. Computed from the store's rows when
the screen opens; nothing is replayed.

The chart (textual-plotext) is imported when the screen opens, never at start-up."""

from __future__ import annotations

import time
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widgets import DataTable, Static, TabbedContent, TabPane

from tabletop.core.store import FinishedGame
from tabletop.games import names, title
from tabletop.stats import Statistics, Tally, stat_groups, statistics, win_rates_over_time
from tabletop.tui.screens.sized import SizedScreen
from tabletop.tui.text import plain_text
from tabletop.tui.widgets.bars import Footer, Header

CHART_PLAYERS = 6
"""The win-rate chart draws the players with the most games, at most this many."""


def _cells(tally: Tally) -> list[Text]:
    """Games, wins, win rate, average and best score."""
    best = "" if tally.best is None else str(tally.best)
    figures = (str(tally.games), str(tally.wins), f"{tally.win_rate:.0%}", f"{tally.average:.1f}")
    return [plain_text(text) for text in (*figures, best)]


TABS = [
    ("players", "Players"),
    *((group.id, group.key) for group in stat_groups()),
    ("chart", "Win rate"),
]
"""Each tab and its key's word: keys 1, 2, ... in this order."""


class StatisticsScreen(SizedScreen):
    TITLE = "Statistics"
    MIN_SIZE = (70, 18)
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(key), f"tab({tab!r})", words) for key, (tab, words) in enumerate(TABS, 1)),
        Binding("g", "next_game", "Chart's game"),
        Binding("escape", "app.pop_screen", "Back"),
    ]
    DEFAULT_CSS = """
    StatisticsScreen TabbedContent {
        height: 1fr;
    }
    StatisticsScreen TabPane {
        padding: 0;
    }
    StatisticsScreen DataTable {
        height: 1fr;
    }
    StatisticsScreen #win-rates {
        height: 1fr;
    }
    StatisticsScreen Legend {
        padding: 0 1;
    }
    StatisticsScreen .empty {
        padding: 1 2;
        color: $text-muted;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self.games: list[FinishedGame] = []
        self.figures = Statistics()
        self.chart_game: str | None = None
        """The game whose win rates the chart draws; None: every game."""

    def compose_screen(self) -> ComposeResult:
        from tabletop.tui.widgets.chart import Chart, Legend

        yield Header()
        with TabbedContent(id="tabs"):
            with TabPane("Players", id="players"):
                yield DataTable(id="by-player", cursor_type="row", zebra_stripes=True)
            for group in stat_groups():
                with TabPane(group.title, id=group.id):
                    yield DataTable(id=f"by-{group.id}", cursor_type="row", zebra_stripes=True)
            with TabPane("Win rate", id="chart"):
                yield Chart(id="win-rates")
                yield Legend(id="win-rates-legend")
        yield Static(classes="empty", id="none")
        yield Footer()

    def on_screen_resume(self) -> None:
        self.games = self.tabletop.store.finished()
        self.figures = statistics(self.games)
        self.query_one("#tabs").display = bool(self.games)
        none = self.query_one("#none", Static)
        none.display = not self.games
        none.update(Content("No finished games yet: the statistics come with the first."))
        self.fill_players()
        self.fill_groups()
        self.draw_chart()

    def fill_players(self) -> None:
        table: DataTable[Text] = self.query_one("#by-player", DataTable)
        table.clear(columns=True)
        table.add_columns(
            "Player", "Game", "Games", "Wins", "Win rate", "Average", "Best", "Longest"
        )
        for (player, game), tally in sorted(
            self.figures.by_player.items(), key=lambda item: (item[0][0], item[0][1])
        ):
            table.add_row(
                plain_text(str(player)),
                plain_text(title(game)),
                *_cells(tally),
                plain_text(f"{tally.longest} moves"),
            )

    def fill_groups(self) -> None:
        for group in stat_groups():
            table: DataTable[Text] = self.query_one(f"#by-{group.id}", DataTable)
            table.clear(columns=True)
            table.add_columns(*(plain_text(column) for column in group.columns))
            rows = self.figures.groups[group.id]
            order = group.order or sorted(rows, key=str)
            for row in order:
                tally = rows.get(row)
                if tally is not None:
                    table.add_row(plain_text(str(row)), *_cells(tally))
            if not rows:
                table.add_row(plain_text(group.empty))

    def draw_chart(self) -> None:
        from tabletop.tui.widgets.chart import Chart

        self.query_one("#win-rates", Chart).draw(self.plot_win_rates)

    def plot_win_rates(self) -> None:
        """Each player's win rate after each of their games (of the chosen game)."""
        from tabletop.tui.widgets.chart import Chart, Legend

        chart = self.query_one("#win-rates", Chart)
        plt = chart.plt
        curves = win_rates_over_time(self.games, self.chart_game)
        most = sorted(curves, key=lambda p: (-len(curves[p]), p))[:CHART_PLAYERS]
        which = "every game" if self.chart_game is None else title(self.chart_game)
        plt.title(f"Win rate over time, {which} (g: another game)")
        order = sorted({point.finished for p in most for point in curves[p]})
        legend = chart.plot_lines(
            {
                str(player): (
                    [order.index(point.finished) + 1 for point in curves[player]],
                    [100 * point.rate for point in curves[player]],
                )
                for player in most
            }
        )
        self.query_one(Legend).show(legend)
        plt.ylim(0, 100)
        plt.ylabel("% won")
        if order:
            # the games in the order played: a date under each tick repeated itself
            # ("2026-11-30" three times) when they were played on a few days
            chart.whole_ticks((1, len(order)), (0, 100))
            first, last = (time.strftime("%Y-%m-%d", time.localtime(order[i])) for i in (0, -1))
            plt.xlabel(f"games, played {first}" + (f" to {last}" if last != first else ""))

    def action_tab(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab

    def action_next_game(self) -> None:
        """The chart moves on to the next game (then every game again) and shows."""
        games = [None, *names()]
        self.chart_game = games[(games.index(self.chart_game) + 1) % len(games)]
        self.draw_chart()
        self.action_tab("chart")
