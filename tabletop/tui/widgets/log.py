"""The game log: what happened, as far as the seat looking may know."""

from __future__ import annotations

from textual.widgets import Log


class GameLog(Log):
    """Shows the lines it is given; the screen filters private lines by seat."""

    DEFAULT_CSS = """
    GameLog {
        border: round $secondary;
        border-title-color: $text-muted;
        height: 1fr;
        padding: 0 1;
    }
    """

    def on_mount(self) -> None:
        self.border_title = "Log"

    def show(self, lines: list[str]) -> None:
        """Replace the log with ``lines``, scrolled to the newest."""
        if lines == self.lines:
            return
        if lines[: self.line_count] == self.lines:
            self.write_lines(lines[self.line_count :])
            return
        self.clear()
        self.write_lines(lines)
