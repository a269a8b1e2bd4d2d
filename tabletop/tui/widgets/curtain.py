"""The curtain between hot-seat turns: the whole screen says whose turn it is and
nothing else, so no private card is ever drawn before its owner has the keyboard."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from tabletop.tui.text import plain
from tabletop.tui.widgets.bars import Footer


class Curtain(Screen[bool]):
    """Dismissed with True when the named player takes over, False to leave the game."""

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

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(plain(f"Pass to {self.player}"), id="pass")
            with Center():
                yield Static(
                    plain(f"{self.player}: press Enter when you have the keyboard."), id="hint"
                )
        yield Footer()

    def action_open(self) -> None:
        self.dismiss(True)

    def action_leave(self) -> None:
        self.dismiss(False)
