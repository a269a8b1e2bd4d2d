"""The whole game log the viewer may read, in a dialog: where a screen too narrow for
its log panel shows only the latest line (Space Park's news line), nothing is lost."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from tabletop.tui.text import plain
from tabletop.tui.widgets.bars import Footer


class LogScreen(ModalScreen[None]):
    """Esc (or the key that opened it) closes it; the latest lines show first."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("l", "close", "Close", show=False),
    ]
    DEFAULT_CSS = """
    LogScreen {
        align: center middle;
    }
    LogScreen #log-lines {
        width: 90%;
        height: auto;
        max-height: 90%;
        border: thick $accent;
        border-title-color: $accent;
        padding: 0 1;
        background: $surface;
    }
    LogScreen #log-lines Static {
        height: auto;
    }
    """

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = lines

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="log-lines") as scroll:
            scroll.border_title = plain(self.title_text)
            shown = [plain(line) for line in self.lines] or [Content("Nothing yet.")]
            yield Static(Content("\n").join(shown))
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#log-lines", VerticalScroll).scroll_end(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
