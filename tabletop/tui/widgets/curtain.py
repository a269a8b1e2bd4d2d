"""The curtain between hot-seat turns: the whole screen says whose turn it is and
nothing else, so no private card is ever drawn before its owner has the keyboard."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from tabletop.tui.text import plain
from tabletop.tui.widgets.bars import Footer


class Curtain(Screen[bool]):
    """Dismissed with True when the named player takes over, False to leave the game.

    A game screen keeps one curtain and hands it from player to player (``hand_to``):
    building a screen anew at every turn would cost the turn its frame."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "Ready", priority=True),
        Binding("escape", "leave", "Leave game"),
    ]

    DEFAULT_CSS = """
    Curtain {
        align: center middle;
        background: $background;
    }
    Curtain #pass {
        text-style: bold;
        color: $accent;
        width: auto;
    }
    Curtain #hint {
        color: $text-muted;
        width: auto;
        margin-top: 1;
    }
    """

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name
        self._ready: Callable[[], None] | None = None

    def hand_to(self, name: str, ready: Callable[[], None] | None = None) -> Curtain:
        """Name the next player; ``ready`` runs when they take the keyboard, before the
        curtain lifts, so what they see is drawn once, beneath it."""
        self.player = name
        self._ready = ready
        if self.is_mounted:
            self.query_one("#pass", Static).update(self._pass())
            self.query_one("#hint", Static).update(self._hint())
        return self

    def _pass(self) -> Content:
        return plain(f"Pass to {self.player}")

    def _hint(self) -> Content:
        return plain(f"{self.player}: press Enter when you have the keyboard.")

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(self._pass(), id="pass")
            with Center():
                yield Static(self._hint(), id="hint")
        yield Footer()

    def action_open(self) -> None:
        if self._ready is not None:
            self._ready()
        self.dismiss(True)

    def action_leave(self) -> None:
        self.dismiss(False)
