"""The whole game log the viewer may read, in a dialog: where a screen too narrow for
its log panel shows only the latest line (Space Park's news line), nothing is lost."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType

from tabletop.tui.dialogs import Dialog
from tabletop.tui.text import plain
from tabletop.tui.widgets.bars import Footer
from tabletop.tui.widgets.log import GameLog

EMPTY = "Nothing yet."
"""What the log says before the game has anything in it for the reader."""


class LogScreen(Dialog[None]):
    """Esc (or the key that opened it) closes it; the newest lines show first, the
    wheel and the keys scroll back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("l", "close", "Close", show=False),
    ]
    DEFAULT_CSS = """
    LogScreen GameLog {
        width: 90%;
        height: 80%;
        border: thick $accent;
        border-title-color: $accent;
        background: $surface;
    }
    """

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = lines

    def compose(self) -> ComposeResult:
        yield GameLog()
        yield Footer()

    def on_mount(self) -> None:
        log = self.query_one(GameLog)
        log.border_title = plain(self.title_text)
        log.show(self.lines or [EMPTY])
        log.focus()

    def action_close(self) -> None:
        self.dismiss(None)
