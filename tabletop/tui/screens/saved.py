"""Continue (unfinished games, last played first) and History (finished games).

Each also lists its damaged games (rows the store found making no sense), with why;
a damaged game cannot be played, only deleted."""

from __future__ import annotations

import time
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from tabletop.core.store import DamagedGame, FinishedGame, SavedGame, StoreError
from tabletop.games import GAMES
from tabletop.tui.screens.sized import SizedScreen
from tabletop.tui.text import plain, plain_text
from tabletop.tui.widgets.bars import Footer, Header

Listed = SavedGame | FinishedGame | DamagedGame


def _when(stamp: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp))


def _title(game: str) -> str:
    info = GAMES.get(game)
    return info.title if info else game


def _damage(game: DamagedGame) -> Text:
    return Text.assemble(("damaged: ", "bold red"), plain_text(game.why))


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

    def __init__(self) -> None:
        super().__init__()
        self.listed: dict[int, Listed] = {}
        """The game of each row, by id."""

    def compose_screen(self) -> ComposeResult:
        yield Header()
        yield DataTable(cursor_type="row", zebra_stripes=True)
        yield Static(self.EMPTY, id="empty")
        yield Footer()

    def on_screen_resume(self) -> None:
        table = self.query_one(DataTable)
        table.clear(columns=True)
        self.listed = {}
        self.fill(table)
        table.display = table.row_count > 0
        self.query_one("#empty").display = table.row_count == 0
        self.refresh_bindings()

    def fill(self, table: DataTable[Text]) -> None:
        """Add the columns and a row per game (row key: the game id) with ``add``."""

    def add(self, table: DataTable[Text], game: Listed, cells: list[Text]) -> None:
        """A row for ``game``. Rich Text cells, not Content: a DataTable cuts a Content
        cell to the width of its column's title."""
        self.listed[game.id] = game
        table.add_row(*cells, key=str(game.id))

    def on_data_table_row_highlighted(self) -> None:
        self.refresh_bindings()  # Delete may apply to one row and not another

    def selected(self) -> Listed | None:
        table = self.query_one(DataTable)
        if table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return None if key is None else self.listed[int(key)]

    def deletable(self, game: Listed) -> bool:
        return isinstance(game, DamagedGame)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "delete":
            game = self.selected()
            return game is not None and self.deletable(game)
        return True

    def action_delete(self) -> None:
        game = self.selected()
        if game is None or not self.deletable(game):
            return

        def confirmed(yes: bool | None) -> None:
            if yes:
                try:
                    self.tabletop.store.delete_game(game.id, game.version)
                except StoreError as failed:
                    self.notify(
                        f"{failed} Nothing was deleted.",
                        title="Not deleted",
                        severity="error",
                        markup=False,
                    )
                self.on_screen_resume()

        kind = "damaged" if isinstance(game, DamagedGame) else "unfinished"
        self.app.push_screen(Confirm(f"Delete this {kind} game for good?"), confirmed)


class ContinueScreen(ListScreen):
    TITLE = "Continue"
    EMPTY = "No unfinished games. Start one from the home screen."
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "resume", "Resume", priority=True),
        Binding("d", "delete", "Delete"),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    def fill(self, table: DataTable[Text]) -> None:
        table.add_columns("Game", "Players", "Moves", "Last played")
        store = self.tabletop.store
        for game in store.unfinished():
            self.add(
                table,
                game,
                [
                    plain_text(_title(game.game)),
                    plain_text(", ".join(game.players)),
                    plain_text(str(game.moves)),
                    plain_text(_when(game.updated)),
                ],
            )
        for damaged in store.damaged():
            if not damaged.finished:
                self.add(table, damaged, [plain_text(_title(damaged.game)), _damage(damaged)])

    def deletable(self, game: Listed) -> bool:
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":
            return self.selected() is not None
        return super().check_action(action, parameters)

    def on_data_table_row_selected(self) -> None:
        """A click on the chosen row (Enter is the screen's own binding)."""
        self.action_resume()

    def action_resume(self) -> None:
        game = self.selected()
        if isinstance(game, DamagedGame):
            self.notify(
                f"This saved game is damaged ({game.why}): it cannot be played. "
                "Press d to delete it.",
                title="Damaged",
                severity="warning",
                markup=False,
            )
        elif game is not None:
            self.tabletop.resume(game.id, game.game)


class HistoryScreen(ListScreen):
    TITLE = "History"
    EMPTY = "No finished games yet."
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "delete", "Delete"),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    def fill(self, table: DataTable[Text]) -> None:
        table.add_columns("Finished", "Game", "Results", "Summary")
        store = self.tabletop.store
        star = f"bold {self.app.current_theme.accent or ''}"
        for game in store.finished():
            results = Text(" · ").join(
                Text.assemble(
                    ("★ " if seat in game.winners else "", star),
                    plain_text(f"{name} {score}"),
                )
                for seat, (name, score) in enumerate(zip(game.players, game.scores, strict=True))
            )
            self.add(
                table,
                game,
                [
                    plain_text(_when(game.finished)),
                    plain_text(_title(game.game)),
                    results,
                    plain_text(game.summary),
                ],
            )
        for damaged in store.damaged():
            if damaged.finished:
                cells = [Text(), plain_text(_title(damaged.game)), _damage(damaged)]
                self.add(table, damaged, cells)


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
        yield Static(plain(f"{self.question}\n\ny: yes    n: no"), id="question")
        yield Footer()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
