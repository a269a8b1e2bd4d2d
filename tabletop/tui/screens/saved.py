"""Continue (unfinished games, last played first) and History (finished games)."""

from __future__ import annotations

import time
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from tabletop.games import GAMES
from tabletop.tui.screens.sized import SizedScreen
from tabletop.tui.widgets.bars import Footer, Header


def _when(stamp: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp))


def _title(game: str) -> str:
    info = GAMES.get(game)
    return info.title if info else game


class ListScreen(SizedScreen):
    """A table of saved games, or a line saying there are none."""

    MIN_SIZE = (70, 12)
    EMPTY: ClassVar[str] = ""
    DEFAULT_CSS = """
    ListScreen DataTable {
        height: 1fr;
    }
    ListScreen #empty {
        padding: 1 2;
        color: $text-muted;
    }
    """

    def compose_screen(self) -> ComposeResult:
        yield Header()
        yield DataTable(cursor_type="row", zebra_stripes=True)
        yield Static(self.EMPTY, id="empty")
        yield Footer()

    def on_screen_resume(self) -> None:
        table = self.query_one(DataTable)
        table.clear(columns=True)
        self.fill(table)
        table.display = table.row_count > 0
        self.query_one("#empty").display = table.row_count == 0
        self.refresh_bindings()

    def fill(self, table: DataTable[str | Content]) -> None:
        """Add the columns and a row per game (row key: the game id)."""

    def selected(self) -> int | None:
        table = self.query_one(DataTable)
        if table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return None if key is None else int(key)


class ContinueScreen(ListScreen):
    TITLE = "Continue"
    EMPTY = "No unfinished games. Start one from the home screen."
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "resume", "Resume", priority=True),
        Binding("d", "delete", "Delete"),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.games: dict[int, str] = {}
        """The game (engine name) of each listed id."""

    def fill(self, table: DataTable[str | Content]) -> None:
        table.add_columns("Game", "Players", "Moves", "Last played")
        saved = self.tabletop.store.unfinished()
        self.games = {game.id: game.game for game in saved}
        for game in saved:
            table.add_row(
                _title(game.game),
                ", ".join(game.players),
                str(game.moves),
                _when(game.updated),
                key=str(game.id),
            )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("resume", "delete"):
            return self.selected() is not None
        return True

    def on_data_table_row_selected(self) -> None:
        """A click on the chosen row (Enter is the screen's own binding)."""
        self.action_resume()

    def action_resume(self) -> None:
        game_id = self.selected()
        if game_id is not None:
            self.tabletop.resume(game_id, self.games[game_id])

    def action_delete(self) -> None:
        game_id = self.selected()
        if game_id is None:
            return

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.tabletop.store.delete_game(game_id)
                self.on_screen_resume()

        self.app.push_screen(Confirm("Delete this unfinished game for good?"), confirmed)


class HistoryScreen(ListScreen):
    TITLE = "History"
    EMPTY = "No finished games yet."
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", "Back")]

    def fill(self, table: DataTable[str | Content]) -> None:
        table.add_columns("Finished", "Game", "Results", "Summary")
        for game in self.tabletop.store.finished():
            results = Content(" · ").join(
                Content.assemble(
                    ("★ " if seat in game.winners else "", "bold $accent"),
                    f"{name} {score}",
                )
                for seat, (name, score) in enumerate(zip(game.players, game.scores, strict=True))
            )
            table.add_row(
                _when(game.finished), _title(game.game), results, game.summary, key=str(game.id)
            )


class Confirm(ModalScreen[bool]):
    """A yes/no question; y confirms, n or Escape declines."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]
    DEFAULT_CSS = """
    Confirm {
        align: center middle;
    }
    Confirm #question {
        width: auto;
        border: thick $warning;
        padding: 1 2;
    }
    """

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        yield Static(f"{self.question}\n\ny: yes    n: no", id="question", markup=False)
        yield Footer()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
