"""Continue (unfinished games, last played first) and History (finished games).

Each also lists its damaged games (rows the store found making no sense), with why;
a damaged game cannot be played, only deleted. Either exports the highlighted game
to a game file in the current folder (docs/game-record.md).

History reads well at any width: each row says who won first, and the pane under
the table gives the highlighted game whole (every seat's full name and score, the
summary). It is filtered by game and player name and sorted by date or score."""

from __future__ import annotations

import time
from pathlib import Path
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import DataTable, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from tabletop.core.names import visible
from tabletop.core.record import GameRecord
from tabletop.core.store import DamagedGame, FinishedGame, GameDamaged, SavedGame, StoreError
from tabletop.core.words import counted
from tabletop.games import kits, names, title
from tabletop.stats import STAR, ranking
from tabletop.tui.screens.sized import SizedScreen
from tabletop.tui.text import plain, plain_text
from tabletop.tui.widgets.bars import Footer, Header

Listed = SavedGame | FinishedGame | DamagedGame


def _when(stamp: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp))


def _damage(game: DamagedGame) -> Text:
    return Text.assemble(("damaged: ", "bold red"), plain_text(game.why))


class ListScreen(SizedScreen):
    """A table of saved games, or a line saying there are none, and the highlighted
    game whole in a pane under it."""

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
    ListScreen #details {
        height: auto;
        max-height: 10;
        border-top: solid $primary;
        padding: 0 1;
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
        yield Static(id="details")
        yield Footer()

    def on_screen_resume(self) -> None:
        self.load()
        self.show()

    def load(self) -> None:
        """Read the games to list from the store."""

    def show(self) -> None:
        """List the games read (each row keyed by the game id)."""
        table = self.query_one(DataTable)
        table.clear(columns=True)
        self.listed = {}
        self.fill(table)
        table.display = table.row_count > 0
        self.query_one("#empty").display = table.row_count == 0
        self.refresh_bindings()
        self.show_details()

    def fill(self, table: DataTable[Text]) -> None:
        """Add the columns and a row per game (row key: the game id) with ``add``."""

    def add(self, table: DataTable[Text], game: Listed, cells: list[Text]) -> None:
        """A row for ``game``. Rich Text cells, not Content: a DataTable cuts a Content
        cell to the width of its column's title."""
        self.listed[game.id] = game
        table.add_row(*cells, key=str(game.id))

    def on_data_table_row_highlighted(self) -> None:
        self.refresh_bindings()  # Delete may apply to one row and not another
        self.show_details()

    def show_details(self) -> None:
        """The highlighted game in the pane under the table; a damaged one, why."""
        game = self.selected()
        details = self.query_one("#details", Static)
        details.display = game is not None
        if isinstance(game, DamagedGame):
            details.update(
                Content.assemble(
                    (f"{title(game.game)}: damaged", "bold $error"),
                    plain(f" ({game.why}). It cannot be opened; d deletes it."),
                )
            )
        elif game is not None:
            details.update(self.details(game))

    def details(self, game: SavedGame | FinishedGame) -> Content:
        """What the pane says of a game listed here that is not damaged."""
        raise NotImplementedError

    def selected(self) -> Listed | None:
        table = self.query_one(DataTable)
        if table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return None if key is None else self.listed[int(key)]

    def deletable(self, game: Listed) -> bool:
        return isinstance(game, DamagedGame)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        game = self.selected()
        if action == "delete":
            return game is not None and self.deletable(game)
        if action == "export":
            return game is not None and not isinstance(game, DamagedGame)
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

    def action_export(self) -> None:
        """The highlighted game to a new game file in the folder tabletop was started in."""
        from tabletop.saves import SavesError, export_to_folder

        game = self.selected()
        if game is None or isinstance(game, DamagedGame):
            return
        try:
            path = export_to_folder(self.tabletop.store, game.id, Path.cwd())
        except (SavesError, OSError) as failed:
            self.notify(str(failed), title="Not exported", severity="error", markup=False)
            return
        self.notify(
            f"Saved as {visible(str(path))}. `tabletop saves import` adds it to the saved "
            "games of another data folder or machine.",
            title="Exported",
            timeout=10,
            markup=False,
        )


class ContinueScreen(ListScreen):
    """Unfinished games, last played first: when each was started, its moves, and, for
    the highlighted one, whose turn it is and where it stands (the engine's words, from
    public information only), worked out in a thread from the saved record."""

    TITLE = "Continue"
    EMPTY = "No unfinished games. Start one from the home screen."
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "resume", "Resume", priority=True),
        Binding("x", "export", "Export"),
        Binding("i", "import", "Import"),
        Binding("d", "delete", "Delete"),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.positions: dict[tuple[int, int], Content] = {}
        """Where each game stands, by (id, version): worked out once."""

    def fill(self, table: DataTable[Text]) -> None:
        table.add_columns("Game", "Players", "Started", "Moves", "Last played")
        store = self.tabletop.store
        for game in store.unfinished():
            self.add(
                table,
                game,
                [
                    plain_text(title(game.game)),
                    plain_text(", ".join(game.players)),
                    plain_text(_when(game.created)),
                    plain_text(str(game.moves)),
                    plain_text(_when(game.updated)),
                ],
            )
        for damaged in store.damaged():
            if not damaged.finished:
                self.add(table, damaged, [plain_text(title(damaged.game)), _damage(damaged)])

    def deletable(self, game: Listed) -> bool:
        return True

    def details(self, game: SavedGame | FinishedGame) -> Content:
        """When the game began, its moves, whose turn, where it stands."""
        assert isinstance(game, SavedGame)
        head = Content.assemble(
            (title(game.game), "bold"),
            plain(
                f", started {_when(game.created)}, {counted(game.moves, 'move')}, "
                f"last played {_when(game.updated)}"
            ),
        )
        known = self.positions.get((game.id, game.version))
        if known is None:
            self._work_out(game)
        where = known or plain("Where it stands: reading the game…", "dim")
        return Content("\n").join([head, where])

    def _work_out(self, game: SavedGame) -> None:
        """Read the game's record here (the store is this thread's), rebuild it in a
        thread: a long game without a snapshot takes a while to replay."""
        from tabletop.core.store import StoreConflict

        try:
            stored = self.tabletop.store.load_game(game.id)
        except (GameDamaged, StoreConflict) as failed:
            self.positions[(game.id, game.version)] = plain(str(failed), "italic")
            return
        snapshot = self.tabletop.store.load_snapshot(game.id, game.version)
        self._rebuild(game, stored.record, snapshot, stored.clock_at)

    @work(thread=True, exclusive=True, group="position")
    def _rebuild(
        self, game: SavedGame, record: GameRecord, snapshot: str | None, clock_at: float | None
    ) -> None:
        from tabletop.core.errors import ContentError, IllegalAction
        from tabletop.core.session import rebuilt
        from tabletop.games import get_engine

        try:
            engine = get_engine(game.game)
            state, _ = rebuilt(engine, record, snapshot)
            if clock_at is not None:  # a real-time game left running resumes there
                state = engine.advance(state, clock_at).state
        except (IllegalAction, ValueError, ContentError) as failed:
            said = plain(f"This game cannot be read: {failed}", "italic")
        else:
            said = standing(game, engine.to_act(state), engine.position(state))
        self.app.call_from_thread(self._worked_out, game, said)

    def _worked_out(self, game: SavedGame, said: Content) -> None:
        self.positions[(game.id, game.version)] = said
        if self.is_attached and self.selected() == game:
            self.show_details()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":
            return self.selected() is not None
        return super().check_action(action, parameters)

    def on_data_table_row_selected(self) -> None:
        """A click on the chosen row (Enter is the screen's own binding)."""
        self.action_resume()

    def action_import(self) -> None:
        """A game file of the current folder into the saved games (replayed first)."""
        folder = Path.cwd()
        files = sorted(folder.glob("*.json"))
        if not files:
            self.notify(
                f"No game file (.json) in {visible(str(folder))}: export one there, or start "
                "tabletop in the folder that holds it.",
                title="Nothing to import",
                markup=False,
            )
            return
        self.app.push_screen(ImportScreen(files), self._import)

    def _import(self, path: Path | None) -> None:
        from tabletop.saves import SavesError, import_game, read_file

        if path is None:
            return
        try:
            done = import_game(self.tabletop.store, read_file(path))
        except SavesError as refused:
            self.notify(str(refused), title="Not imported", severity="error", markup=False)
            return
        where = "in History" if done.finished else "here, to continue"
        self.notify(f"{visible(path.name)}: imported as game {done.id}, {where}.", markup=False)
        self.on_screen_resume()

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


def standing(game: SavedGame, to_act: tuple[int, ...], position: str) -> Content:
    """Whose turn it is, and the engine's line on where the game stands."""
    names = [game.players[seat] for seat in to_act]
    if len(names) == 1:
        turn = f"{names[0]}'s turn."
    else:
        turn = f"Waiting for {', '.join(names[:-1])} and {names[-1]}." if names else ""
    return Content("\n").join(plain(line) for line in (turn, position) if line)


SORTS = {"date": "newest first", "score": "best score first"}
"""History's orders: by when the game ended, or by its best score."""


class HistoryScreen(ListScreen):
    TITLE = "History"
    EMPTY = "No finished games yet."
    MIN_SIZE = (70, 18)
    BINDINGS: ClassVar[list[BindingType]] = [
        # the screen's own, to be in the footer (the table's Enter is not shown)
        Binding("enter", "replay", "Replay", priority=True),
        Binding("slash", "find", "Find player"),
        Binding("g", "next_game", "Game"),
        Binding("s", "sort", "Sort"),
        Binding("x", "export", "Export"),
        Binding("t", "app.statistics", "Statistics"),
        Binding("d", "delete", "Delete"),
        Binding("escape", "back", "Back"),
    ]
    AUTO_FOCUS = "DataTable"
    DEFAULT_CSS = """
    HistoryScreen #filters {
        height: 3;
    }
    HistoryScreen #player {
        width: 1fr;
    }
    HistoryScreen #game {
        width: 24;
    }
    HistoryScreen #sort {
        width: auto;
        padding: 1 1 0 1;
        color: $text-muted;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self.games: list[FinishedGame] = []
        self.damaged: list[DamagedGame] = []
        self.sort = "date"

    def compose_screen(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="filters"):
            yield Input(placeholder="Player name (/)", id="player")
            yield Select(
                [(Text(info.title), info.name) for info in kits()],
                prompt="All games",
                id="game",
            )
            yield Static(id="sort")
        yield DataTable(cursor_type="row", zebra_stripes=True)
        yield Static(self.EMPTY, id="empty")
        yield Static(id="details")
        yield Footer()

    def load(self) -> None:
        store = self.tabletop.store
        self.games = store.finished()
        self.damaged = [g for g in store.damaged() if g.finished]

    def shown_games(self) -> list[FinishedGame]:
        """The games the filters let through, in the chosen order."""
        player = self.query_one("#player", Input).value.strip().casefold()
        game = self.query_one("#game", Select).value
        shown = [
            g
            for g in self.games
            if (game == Select.NULL or g.game == game)
            and (not player or any(player in name.casefold() for name in g.players))
        ]
        if self.sort == "score":
            shown.sort(key=lambda g: (-max(g.scores, default=0), -g.finished))
        return shown

    def filtered(self) -> bool:
        return (
            bool(self.query_one("#player", Input).value.strip())
            or self.query_one("#game", Select).value != Select.NULL
        )

    def fill(self, table: DataTable[Text]) -> None:
        table.add_columns("Finished", "Game", "Results")
        star = f"bold {self.app.current_theme.accent or ''}"
        for game in self.shown_games():
            results = Text(" · ").join(
                Text.assemble(
                    (f"{STAR} " if p.won else "", star), plain_text(f"{p.name} {p.score}")
                )
                for p in ranking(game)
            )
            self.add(
                table,
                game,
                [plain_text(_when(game.finished)), plain_text(title(game.game)), results],
            )
        if not self.filtered():
            for damaged in self.damaged:
                self.add(
                    table, damaged, [Text(), plain_text(title(damaged.game)), _damage(damaged)]
                )
        empty = self.query_one("#empty", Static)
        empty.update(Content("No finished game matches." if self.games else self.EMPTY))
        self.query_one("#sort", Static).update(Content(f"Sorted: {SORTS[self.sort]} (s)"))

    def details(self, game: SavedGame | FinishedGame) -> Content:
        """The finished game whole: each seat ranked, bots, moves, summary."""
        assert isinstance(game, FinishedGame)
        placed = ranking(game)
        width = max(cell_len(p.name) for p in placed)
        lines = [
            Content.assemble(
                (title(game.game), "bold"),
                plain(f", finished {_when(game.finished)} after {counted(game.moves, 'move')}"),
            )
        ]
        for p in placed:
            bot = game.bots[p.seat]
            lines.append(
                Content.assemble(
                    (f"{STAR} " if p.won else "  ", "bold $accent"),
                    plain(p.name + " " * (width - cell_len(p.name)), "bold" if p.won else ""),
                    plain(f" {p.score:>4}"),
                    plain(f"  ({bot} bot)" if bot else "", "dim"),
                )
            )
        lines.append(plain(game.summary, "italic"))
        return Content("\n").join(lines)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "replay":
            if isinstance(self.focused, Input):
                return False  # Enter in the name filter goes back to the table
            return self.selected() is not None  # a damaged game says why it cannot
        return super().check_action(action, parameters)

    def on_data_table_row_selected(self) -> None:
        """A click on the chosen row (Enter is the screen's own binding)."""
        self.action_replay()

    def action_replay(self) -> None:
        """The highlighted game's own screen, read-only, to step through its moves."""
        from tabletop.tui.screens.replay import open_replay

        game = self.selected()
        if isinstance(game, DamagedGame):
            self.notify(
                f"This game is damaged ({game.why}): it cannot be replayed.",
                title="Damaged",
                severity="warning",
                markup=False,
            )
        elif isinstance(game, FinishedGame):
            open_replay(self.tabletop, game.id, game.game)

    def on_input_changed(self) -> None:
        self.show()

    def on_input_submitted(self) -> None:
        self.query_one(DataTable).focus()

    def on_select_changed(self) -> None:
        self.show()

    def action_find(self) -> None:
        self.query_one("#player", Input).focus()

    def action_next_game(self) -> None:
        """The game filter moves on: all games, then each game, then all again."""
        select = self.query_one("#game", Select)
        games = [Select.NULL, *names()]
        select.value = games[(games.index(select.value) + 1) % len(games)]

    def action_sort(self) -> None:
        self.sort = "score" if self.sort == "date" else "date"
        self.show()

    def action_back(self) -> None:
        """Out of the name filter back to the table; from the table, back home."""
        if isinstance(self.focused, Input):
            self.query_one(DataTable).focus()
        else:
            self.app.pop_screen()


class ImportScreen(ModalScreen[Path]):
    """The game files to import, by name; Enter imports the highlighted one."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss", "Cancel")]
    DEFAULT_CSS = """
    ImportScreen {
        align: center middle;
    }
    ImportScreen OptionList {
        width: 80%;
        max-height: 80%;
        border: thick $accent;
    }
    """

    def __init__(self, files: list[Path]) -> None:
        super().__init__()
        self.files = files

    def compose(self) -> ComposeResult:
        options: list[Option] = [Option(plain(path.name)) for path in self.files]
        yield OptionList(*options)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).border_title = "Import a game file (Enter)"

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.files[event.option_index])


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
        background: $surface;
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
