"""The rules: each game's digest (seeds/<game>.md), rendered as Markdown."""

from __future__ import annotations

from importlib import resources
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Markdown, Tab, Tabs

from tabletop.games import GAMES
from tabletop.tui.screens.sized import SizedScreen
from tabletop.tui.widgets.bars import Footer, Header


def rules_text(game: str) -> str:
    """The digest of a game, shipped in the package tabletop.seeds."""
    try:
        return resources.files("tabletop.seeds").joinpath(f"{game}.md").read_text("utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        return f"# {GAMES[game].title}\n\nThe rules digest of this game is not written yet."


class RulesScreen(SizedScreen):
    TITLE = "Rules"
    MIN_SIZE = (60, 12)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "switch('previous')", "Game before", priority=True),
        Binding("right", "switch('next')", "Next game", priority=True),
        Binding("escape", "app.pop_screen", "Back"),
    ]
    DEFAULT_CSS = """
    RulesScreen #page {
        padding: 0 2;
    }
    """

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game

    def compose_screen(self) -> ComposeResult:
        yield Header()
        yield Tabs(
            *(Tab(Content(info.title), id=name) for name, info in GAMES.items()), active=self.game
        )
        with VerticalScroll(id="page"):
            yield Markdown(rules_text(self.game))
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#page").focus()

    def action_switch(self, which: str) -> None:
        tabs = self.query_one(Tabs)
        if which == "next":
            tabs.action_next_tab()
        else:
            tabs.action_previous_tab()

    def on_tabs_tab_activated(self, event: Tabs.TabActivated) -> None:
        if event.tab.id is not None and event.tab.id != self.game:
            self.game = event.tab.id
            self.query_one(Markdown).update(rules_text(self.game))
            self.query_one("#page").scroll_home(animate=False)
