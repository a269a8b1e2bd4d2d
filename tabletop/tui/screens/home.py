"""The home screen: pick a game, or go to Continue, History, Statistics, Rules, Settings."""

from __future__ import annotations

import time
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tabletop.core.kit import GameKit
from tabletop.core.words import counted
from tabletop.games import kits, title
from tabletop.stats import headline
from tabletop.tui.screens import has_screen
from tabletop.tui.screens.sized import SizedScreen
from tabletop.tui.text import plain
from tabletop.tui.widgets.bars import Footer, Header


def _game_option(info: GameKit) -> Option:
    state = "" if has_screen(info.name) else " (screen coming)"
    prompt = Content.assemble((info.title, "bold"), (state, "italic"), "\n", (info.blurb, "dim"))
    return Option(prompt, id=info.name)


class HomeScreen(SizedScreen):
    MIN_SIZE = (60, 16)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_game", "New game"),
        Binding("c", "app.continue", "Continue"),
        Binding("h", "app.history", "History"),
        # Not in the footer (80 columns hold no more keys): the last game's line says it.
        Binding("t", "app.statistics", "Statistics", show=False),
        Binding("r", "rules", "Rules"),
        Binding("s", "app.settings", "Settings"),
        Binding("q", "app.quit", "Quit"),
    ]
    DEFAULT_CSS = """
    HomeScreen {
        align-horizontal: center;
    }
    HomeScreen #games {
        width: 90;
        max-width: 100%;
        height: auto;
        max-height: 1fr;
        margin: 1 2;
    }
    HomeScreen #saved, HomeScreen #last {
        width: 90;
        max-width: 100%;
        padding: 0 3;
        color: $text-muted;
    }
    """

    def compose_screen(self) -> ComposeResult:
        yield Header()
        yield OptionList(*(_game_option(info) for info in kits()), id="games")
        yield Static(id="saved")
        yield Static(id="last")
        yield Footer()

    def on_screen_resume(self) -> None:
        """Back from a game or a list: the Continue count may have changed."""
        store = self.tabletop.store
        unfinished = len(store.unfinished())
        self.query_one("#saved", Static).update(
            Content(
                f"{counted(unfinished, 'unfinished game')}: press c to continue."
                if unfinished
                else "No unfinished games."
            )
        )
        last = store.last_finished()
        self.query_one("#last", Static).display = last is not None
        if last is not None:
            when = time.strftime("%d %b", time.localtime(last.finished))
            self.query_one("#last", Static).update(
                plain(f"Last game ({title(last.game)}, {when}): {headline(last)}  t: statistics")
            )

    def _highlighted(self) -> str | None:
        games = self.query_one("#games", OptionList)
        if games.highlighted is None:
            return None
        return games.get_option_at_index(games.highlighted).id

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.tabletop.new_game(event.option.id)

    def action_new_game(self) -> None:
        game = self._highlighted()
        if game is not None:
            self.tabletop.new_game(game)

    def action_rules(self) -> None:
        self.tabletop.action_rules(self._highlighted() or "")
