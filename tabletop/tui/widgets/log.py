"""The game log: what happened, as far as the seat looking may know."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import RichLog

from tabletop.tui.text import plain_text


class LogPage(RichLog):
    """One reader's log: the lines it is given, wrapped."""

    DEFAULT_CSS = """
    LogPage {
        height: 1fr;
        padding: 0;
        background: transparent;
    }
    """

    def __init__(self) -> None:
        # min_width 1: RichLog renders at least 78 columns wide by default, which
        # would cut lines in a narrow side panel instead of wrapping them.
        super().__init__(wrap=True, markup=False, min_width=1)
        self.shown: list[str] = []
        """The lines on show, oldest first."""

    def show(self, lines: list[str], width: int | None) -> None:
        """Show ``lines`` wrapped to ``width`` (None: this page's), scrolled to the
        newest: appended when they extend what is shown, else redrawn (an undo)."""
        if lines is self.shown:
            return
        if lines[: len(self.shown)] != self.shown:
            self.clear()
            self.shown = []
        new = lines[len(self.shown) :]
        if new:  # one write for them all: a write per line costs a render and a layout each
            self.write(Text("\n").join(plain_text(line) for line in new), width=width)
        self.shown = lines


class GameLog(Vertical):
    """Shows each reader the lines it is given for them (the screen filters private
    lines by seat). Every reader keeps a page of their own, only theirs displayed: a
    new reader (the next hot seat, the curtain) shows their page and its new lines
    rather than rewriting the whole log."""

    DEFAULT_CSS = """
    GameLog {
        border: round $secondary;
        border-title-color: $text-muted;
        height: 1fr;
        padding: 0 1;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self.pages: dict[int | None, LogPage] = {}
        self.page = LogPage()
        """The page on show."""

    def compose(self) -> ComposeResult:
        yield self.page

    def on_mount(self) -> None:
        self.border_title = "Log"

    @property
    def shown(self) -> list[str]:
        """The lines on show, oldest first."""
        return self.page.shown

    def show(self, lines: list[str], reader: int | None = None) -> None:
        """Show ``lines`` on ``reader``'s page (a seat; None: everyone's)."""
        # A page just displayed again is not laid out yet: wrap at the width on show.
        width = self.page.scrollable_content_region.width or None
        page = self.pages.get(reader)
        if page is None:
            page = self.pages[reader] = self.page if not self.pages else LogPage()
            if page is not self.page:
                self.mount(page)
        if page is not self.page:
            self.page.display = False
            page.display = True
            self.page = page
        page.show(lines, width)
