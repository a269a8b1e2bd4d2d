"""The game log: what happened, as far as the seat looking may know."""

from __future__ import annotations

from textual.widgets import RichLog

from tabletop.tui.text import plain_text


class GameLog(RichLog):
    """Shows the lines it is given, wrapped; the screen filters private lines by seat."""

    DEFAULT_CSS = """
    GameLog {
        border: round $secondary;
        border-title-color: $text-muted;
        height: 1fr;
        padding: 0 1;
    }
    """

    def __init__(self) -> None:
        # min_width 1: RichLog renders at least 78 columns wide by default, which
        # would cut lines in a narrow side panel instead of wrapping them.
        super().__init__(wrap=True, markup=False, min_width=1)
        self.shown: list[str] = []
        """The lines on show, oldest first."""

    def on_mount(self) -> None:
        self.border_title = "Log"

    def show(self, lines: list[str]) -> None:
        """Show ``lines``, scrolled to the newest: appended when they extend what is
        shown, else redrawn (another seat's view, an undo)."""
        if lines[: len(self.shown)] != self.shown:
            self.clear()
            self.shown = []
        for line in lines[len(self.shown) :]:
            self.write(plain_text(line))
        self.shown = list(lines)
