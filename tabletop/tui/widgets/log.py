"""The game log: what happened, as far as the seat looking may know."""

from __future__ import annotations

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tabletop.tui.text import plain_text


class GameLog(ScrollView):
    """One reader's log, wrapped to the panel, the newest line at the bottom.

    It holds only the lines of the reader on show (the screen gives it the lines that
    reader may read): a new reader replaces them, so no other reader's private line
    stays anywhere in the widget. Lines are wrapped only from the bottom up as far as
    can be seen, and further up as the reader scrolls there: a new reader, or a game
    of thousands of moves opened, costs a screenful of lines, not the whole game."""

    DEFAULT_CSS = """
    GameLog {
        border: round $secondary;
        border-title-color: $text-muted;
        height: 1fr;
        padding: 0 1;
        overflow-x: hidden;
        /* Scrolled by the wheel and the keys, without a bar: Textual redraws a line
        widget's bar after every layout of the screen, a frame of its own. */
        scrollbar-size-vertical: 0;
        background: transparent;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self.shown: list[str] = []
        """The reader's lines, oldest first: the list the screen gave, which grows as the
        game goes on (the session keeps it)."""
        self._rows: list[Strip] = []
        """Lines ``_first`` to ``_end`` of ``shown``, wrapped; oldest first."""
        self._first = 0
        self._end = 0
        self._width = 0
        """The width the rows are wrapped to (0: not laid out yet, nothing wrapped)."""

    def on_mount(self) -> None:
        self.border_title = "Log"

    def show(self, lines: list[str]) -> None:
        """Show ``lines``, scrolled to the newest: a list shown before and grown since
        only has its new lines wrapped; any other list (another reader, an undo) starts
        the log afresh."""
        if lines is not self.shown:
            self.shown = lines
            self._restart()
        elif len(lines) != self._end and self._width:
            self._rows.extend(self._wrap(lines[self._end :]))
            self._end = len(lines)
            self._update(scroll_end=True)

    def on_resize(self, event: events.Resize) -> None:
        if self.scrollable_content_region.width != self._width:
            self._restart()

    def _restart(self) -> None:
        """Wrap the newest lines, as many as fill the panel."""
        self._width = self.scrollable_content_region.width
        self._rows = []
        self._first = self._end = len(self.shown)
        if self._width:
            self._wrap_up()
        self._update(scroll_end=True)

    def _wrap_up(self) -> int:
        """Wrap lines above the rows wrapped so far, a screenful of rows and one more (so
        that there is always a row to scroll up to); how many rows that added."""
        added: list[Strip] = []
        while self._first and len(added) <= self.size.height:
            self._first -= 1
            added[:0] = self._wrap(self.shown[self._first : self._first + 1])
        self._rows[:0] = added
        return len(added)

    def _wrap(self, lines: list[str]) -> list[Strip]:
        if not lines:
            return []
        console = self.app.console
        text = Text("\n").join(plain_text(line) for line in lines)
        segments = console.render(text, console.options.update_width(self._width))
        return Strip.from_lines(list(Segment.split_lines(segments)))

    def _update(self, *, scroll_end: bool) -> None:
        self.virtual_size = Size(self._width, len(self._rows))
        if scroll_end:
            self.scroll_end(animate=False)
        self.refresh()

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        """At the top of what is wrapped: wrap more above, keeping the view still."""
        super().watch_scroll_y(old_value, new_value)
        if self._first and new_value < 1:
            added = self._wrap_up()
            self._update(scroll_end=False)
            self.scroll_target_y += added
            self.scroll_y = new_value + added

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        row = scroll_y + y
        width = self.scrollable_content_region.width
        style = self.rich_style
        if row >= len(self._rows):
            return Strip.blank(width, style)
        return self._rows[row].crop_extend(scroll_x, scroll_x + width, style).apply_style(style)
