"""Every key the screen beneath offers now, one a line: what the footer names (f2, All
keys) when the screen's keys do not all fit it. The footer's own words, greyed alike."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from tabletop.tui.dialogs import Dialog
from tabletop.tui.widgets.bars import ALL_KEYS, Footer


class KeysScreen(Dialog[None]):
    """Esc (or f2 again) closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding(ALL_KEYS, "close", "Close", show=False),
    ]
    DEFAULT_CSS = """
    KeysScreen #keys {
        width: auto;
        min-width: 30;
        max-width: 90%;
        max-height: 90%;
        border: thick $accent;
        border-title-color: $accent;
        padding: 0 1;
        background: $surface;
    }
    """

    def __init__(self, beneath: Screen[object]) -> None:
        super().__init__()
        parts, palette = beneath.query_one(Footer).keys(beneath)
        self.lines = [part for _, part in parts] + ([palette] if palette else [])

    def compose(self) -> ComposeResult:
        note = Content.styled("Dimmed: not now. Esc closes.", "$text-muted")
        keys = Static(Content("\n").join([*self.lines, note]), id="keys")
        keys.border_title = "Keys"
        yield keys
        yield Footer()

    @property
    def text(self) -> str:
        return "\n".join(line.plain for line in self.lines)

    def action_close(self) -> None:
        self.dismiss(None)
