"""The Textual app: `tabletop` with no command opens it through ``run``.

Start-up imports only what the home screen draws; games, their screens, the
session (pydantic) and the Markdown renderer load when first needed.

A crash (an exception nothing handled) ends the app with a short message on the
terminal and exit status 1; its full report, which may show hidden cards (a
traceback's local variables), goes to a file in the data folder, never to the
terminal where the whole table sees it.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
import tempfile
import time
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.actions import ActionParseResult
from textual.actions import parse as parse_action
from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.dom import DOMNode
from textual.filter import LineFilter
from textual.notifications import Notification, Notify, SeverityLevel
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import DataTable, ListView, OptionList

from tabletop import __version__
from tabletop.core.store import Store, StoreError, default_path
from tabletop.games import kit, kits, names
from tabletop.tui.compat import CompatApp, follow_focus, withdraw_notice
from tabletop.tui.navigation import (
    NewGame,
    OpenGame,
    OpenReplay,
    PlayGame,
    ShowHistory,
    ShowRules,
)
from tabletop.tui.screens.home import HomeScreen
from tabletop.tui.settings import Settings
from tabletop.tui.text import ControlFilter
from tabletop.tui.widgets.bars import ALL_KEYS

if TYPE_CHECKING:
    from tabletop.core.session import GameSession
    from tabletop.tui.screens.hosting import Hosting


RULES = "rules"  # the name of the one Rules screen the app keeps


class TabletopApp(CompatApp[None]):
    TITLE = "tabletop"
    CSS_PATH = "app.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        # Ctrl+C quits cleanly (every move is already saved) rather than copying text.
        Binding("ctrl+c", "quit", "Quit", show=False, priority=True),
        # Every key of the screen, listed: the footer names this key when the screen's
        # keys do not all fit it.
        Binding(ALL_KEYS, "all_keys", "All keys", show=False),
    ]

    def __init__(self, store: Store) -> None:
        super().__init__()
        self.store = store
        self.settings = Settings.load(store)
        self.crash_report: Path | None = None
        """Where the report of a crash was written (None: no crash, or nowhere could be)."""
        self._crashed = False
        self._control_filter = ControlFilter()

    def screens_show_through(self) -> bool:
        """Textual counts the screen just beneath the top one as showing through it,
        always: a game screen under its opaque curtain kept laying itself out at every
        change, and made the curtain draw itself again over each. None show through an
        opaque screen."""
        return self.screen.styles.background.a != 1

    async def run_action(
        self,
        action: str | ActionParseResult,
        default_namespace: DOMNode | None = None,
        namespaces: Mapping[str, DOMNode] | None = None,
    ) -> bool:
        """Textual's; and a key that may not run now (greyed, or Undo with nothing to
        take back) says why through its screen's ``explain_key`` (game screens, the Park
        Tour picker), here where its binding runs: in the order the keys came, each
        after the keys before it made their moves."""
        if await super().run_action(action, default_namespace, namespaces):
            return True
        explain = getattr(default_namespace, "explain_key", None)
        if explain is None or not isinstance(action, str):
            return False
        namespace, name, parameters = parse_action(action)
        return not namespace and bool(explain(name, parameters))

    def action_all_keys(self) -> None:
        """Every key the screen offers now, in a dialog over it."""
        from tabletop.tui.screens.keys import KeysScreen

        self.push_screen(KeysScreen(self.screen))

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters, then no control character reaches the terminal."""
        return [*super().get_line_filters(), self._control_filter]

    def crash_words(self, error: Exception) -> Text | None:
        """An exception nothing handled ends the app, and Textual's traceback after exit
        has local variables, which hold players' hidden cards. Here the report goes to a
        file instead, and the terminal gets a short message that names it (once)."""
        words = None
        if not self._crashed:
            self._crashed = True
            self.crash_report = new_crash_report(self.store.path.parent)
            words = Text(crash_message(self.crash_report))
        if self.crash_report is not None:
            add_to_crash_report(self.crash_report, error)
        return words

    def tell(
        self, message: str, *, title: str = "", severity: SeverityLevel = "information"
    ) -> Notification:
        """``notify`` (taken literally), giving back the notice so that ``withdraw`` can
        take it down before its time: a notice about a move must not outlive the move."""
        notice = Notification(message, title, severity, self.NOTIFICATION_TIMEOUT, markup=False)
        self.post_message(Notify(notice))
        return notice

    def withdraw(self, notice: Notification) -> None:
        """Take ``notice`` down if it is still up (or still on its way up)."""
        if not withdraw_notice(self, notice):  # its Notify is still queued: it shows for
            notice.timeout = 0  # no time at all

    def get_css_variables(self) -> dict[str, str]:
        """The theme's variables, and the icons' colours made readable in it."""
        from tabletop.tui.palette import icon_variables

        variables = super().get_css_variables()
        return {**variables, **icon_variables(variables)}

    def get_default_screen(self) -> Screen[None]:
        return HomeScreen()

    def on_mount(self) -> None:
        if not gc.get_freeze_count():
            # What is alive now (the modules, Textual's machinery) lives as long as the
            # process: the collector need not scan it again. Its full passes over
            # everything took 40-70 ms, in the middle of a key.
            gc.freeze()
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        self.screen_change_signal.subscribe(self, self._screen_changed)
        for notice in self.store.notices:
            self.notify(notice, title="Saved games", severity="error", timeout=30, markup=False)

    def watch_theme(self, theme: str) -> None:
        """Keep the theme however it was changed (Settings or the command palette)."""
        if theme != self.settings.theme:
            self.settings.theme = theme
            problem = self.settings.save(self.store, "theme")
            if problem is not None:
                self.notify(problem, title="Not saved", severity="warning", markup=False)

    # -- the screen-reader setting: the terminal cursor follows the focused item ----------

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if self.settings.screen_reader:
            self.follow(event.widget)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._highlighted(event.option_list)

    def on_data_table_cell_highlighted(self, event: DataTable.CellHighlighted) -> None:
        self._highlighted(event.data_table)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._highlighted(event.data_table)

    def on_list_view_highlighted(self, event: ListView.Highlighted) -> None:
        self._highlighted(event.list_view)

    def _screen_changed(self, screen: Screen[object]) -> None:
        """A screen back on top keeps its focus without a focus event: follow it there."""
        if self.settings.screen_reader and screen.focused is not None:
            self.follow(screen.focused)  # (a new screen's first focus comes as an event)

    def _highlighted(self, widget: Widget) -> None:
        if self.settings.screen_reader and widget.has_focus:
            self.follow(widget)

    def follow(self, widget: Widget | None) -> None:
        """Put the terminal cursor on the first cell of ``widget``'s focused item's text,
        shown (None: hidden again), and draw the widget so the next frame moves it."""
        if widget is not None and widget.screen is not self.screen:
            return  # a message from a screen no longer on top
        follow_focus(self, widget)
        if widget is not None:
            widget.refresh()
            # Focus scrolls the widget into view at a later layout (a refresh or more later,
            # under load): the cursor is placed again after each layout of its screen.
            widget.screen.screen_layout_refresh_signal.subscribe(self, self._laid_out)

    def _laid_out(self, screen: Screen[object]) -> None:
        focused = screen.focused
        if self.settings.screen_reader and screen is self.screen and focused is not None:
            follow_focus(self, focused)
            focused.refresh()

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        for game in kits():
            yield SystemCommand(
                f"New game: {game.title}", game.blurb, lambda g=game.name: self.new_game(g)
            )
        yield SystemCommand("Continue", "Resume an unfinished game", self.action_continue)
        yield SystemCommand("History", "Finished games and results", self.action_history)
        yield SystemCommand("Statistics", "Wins, scores and records", self.action_statistics)
        yield SystemCommand("Rules", "Read the rules of each game", self.action_rules)
        yield SystemCommand(
            "Settings", "Theme, bots, response windows, glyphs, curtain, bell", self.action_settings
        )

    # -- screens --------------------------------------------------------------

    def new_game(self, game: str) -> None:
        from tabletop.games import get_engine
        from tabletop.tui.kits import has_ui
        from tabletop.tui.screens.setup import SetupScreen

        info = kit(game)
        if not has_ui(game):
            self.notify(
                f"{info.title}'s rules are built, but its screen is not yet: "
                "it cannot be played here so far.",
                severity="warning",
                markup=False,
            )
        else:
            self.push_screen(SetupScreen(get_engine(game), self.store.last_table(game)))

    def resume(self, game_id: int, game: str) -> None:
        """Open a saved game; a record that no longer replays is reported, not hidden."""
        from tabletop.core.session import GameSession, ResumeError
        from tabletop.games import get_engine
        from tabletop.tui.kits import has_ui

        try:
            engine = get_engine(game)
        except ValueError as exc:
            self.notify(str(exc), title="Cannot open this game", severity="error", markup=False)
            return
        if not has_ui(game):
            self.notify(f"{engine.title} has no screen yet.", severity="warning", markup=False)
            return
        try:
            session = GameSession.resume(self.store, game_id, engine)
        except ResumeError as exc:
            self.notify(str(exc), title="Cannot resume", severity="error", timeout=20, markup=False)
            return
        if session.reopened is not None:
            self.notify(
                session.reopened, title="Reopened", severity="warning", timeout=20, markup=False
            )
        self.play(session)

    def play(self, session: GameSession, hosting: Hosting | None = None) -> None:
        """Open the game's screen on ``session``; ``hosting``: a table hosted from here,
        whose join commands are shown first."""
        from tabletop.tui.kits import game_screen
        from tabletop.tui.tables import LocalTable

        try:
            screen = game_screen(LocalTable(session, hosting), self.settings)
        except ValueError as exc:  # a seat's bot level this version does not have
            if hosting is not None:
                hosting.stop()
            self.notify(str(exc), title="Cannot open this game", severity="error", markup=False)
            return
        self.push_screen(screen)
        if hosting is not None:
            screen.action_join_codes()

    def action_continue(self) -> None:
        from tabletop.tui.screens.saved import ContinueScreen

        self.push_screen(ContinueScreen())

    # -- where the screens ask to go (tui/navigation.py) ----------------------------

    def on_new_game(self, message: NewGame) -> None:
        self.new_game(message.game)

    def on_open_game(self, message: OpenGame) -> None:
        self.resume(message.game_id, message.game)

    def on_play_game(self, message: PlayGame) -> None:
        self.play(message.session, message.hosting)

    def on_open_replay(self, message: OpenReplay) -> None:
        from tabletop.tui.screens.replay import open_replay

        open_replay(self, message.game_id, message.game)

    def on_show_rules(self, message: ShowRules) -> None:
        self.action_rules(message.game, message.at)

    def on_show_history(self, _: ShowHistory) -> None:
        self.action_history()

    def action_history(self) -> None:
        from tabletop.tui.screens.saved import HistoryScreen

        self.push_screen(HistoryScreen())

    def action_statistics(self) -> None:
        from tabletop.tui.screens.statistics import StatisticsScreen

        self.push_screen(StatisticsScreen())

    def action_rules(self, game: str = "", at: str | None = None) -> None:
        """The Rules screen on ``game``, at ``at`` (a section's title or a rule's id).
        One Rules screen is kept for the app's life, so it opens without being built."""
        from tabletop.tui.screens.rules import RulesScreen

        if not self.is_screen_installed(RULES):
            self.install_screen(RulesScreen(), RULES)
        rules = self.get_screen(RULES, RulesScreen)
        rules.show(game or names()[0], at)
        if rules not in self.screen_stack:
            self.push_screen(rules)

    def action_settings(self) -> None:
        from tabletop.tui.screens.settings import SettingsScreen

        self.push_screen(SettingsScreen())


def run(data_dir: Path | None) -> int:
    """Open the app on the saved games in ``data_dir`` (default: the user's data dir)."""
    try:
        store = Store(default_path(data_dir))
    except StoreError as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 1
    app = TabletopApp(store)
    try:
        app.run()
    except KeyboardInterrupt:  # a SIGINT from outside the terminal: every move is saved
        return 130
    finally:
        store.close()
    return app.return_code or 0


def crash_message(report: Path | None) -> str:
    where = (
        f"What went wrong is written in:\n  {report}\n"
        if report is not None
        else "No report of it could be written.\n"
    )
    return (
        "tabletop stopped on an unexpected error. Moves are saved as they are made: "
        f"start tabletop again to go on with the game.\n{where}"
        "The report may show hidden cards: keep it from the other players. "
        "It helps whoever fixes tabletop."
    )


def new_crash_report(folder: Path) -> Path | None:
    """A new empty file only its owner may read, in ``folder`` or else in the temporary
    folder; None if neither may be written."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for where in (folder, Path(tempfile.gettempdir())):
        try:
            handle, name = tempfile.mkstemp(prefix=f"crash-{stamp}-", suffix=".txt", dir=where)
        except OSError:
            continue
        os.close(handle)
        return Path(name)
    return None


def add_to_crash_report(report: Path, error: BaseException) -> None:
    """Append ``error``'s traceback, with its local variables, to ``report``."""
    from rich.console import Console  # loaded at a crash only: pygments is slow to load
    from rich.traceback import Traceback

    with contextlib.suppress(OSError), report.open("a", encoding="utf-8") as file:
        console = Console(file=file, width=120, color_system=None)
        console.print(f"tabletop {__version__}, {time.strftime('%Y-%m-%d %H:%M:%S')}", markup=False)
        console.print(
            Traceback.from_exception(type(error), error, error.__traceback__, show_locals=True)
        )
