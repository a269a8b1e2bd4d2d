"""The curtain between hot-seat turns: the whole screen says whose turn it is and
nothing else, so no private card is ever drawn before its owner has the keyboard."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from tabletop.tui.text import plain
from tabletop.tui.widgets.bars import Footer


class Curtain(Screen[bool]):
    """Dismissed with True when the named player takes over, False to leave the game.
    ``rules``, when given, opens the rules (the ? key): nothing private is on them."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "Ready", priority=True),
        Binding("question_mark", "rules", "Rules"),
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

    def __init__(self, name: str, rules: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.player = name
        self.rules = rules

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(plain(f"Pass to {self.player}"), id="pass")
            with Center():
                yield Static(
                    plain(f"{self.player}: press Enter when you have the keyboard."), id="hint"
                )
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.rules is not None if action == "rules" else True

    def action_rules(self) -> None:
        if self.rules is not None:
            self.rules()

    def action_open(self) -> None:
        self.dismiss(True)

    def action_leave(self) -> None:
        self.dismiss(False)
