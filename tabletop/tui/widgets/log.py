"""The game log: what happened, as far as the seat looking may know."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tabletop.tui.compat import fits_in_layout
from tabletop.tui.text import plain_text


@fits_in_layout
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
        widget's bar after every layout of the screen, a frame of its own. The (empty)
        bar is always on: one coming or going lays the screen out again. */
        overflow-y: scroll;
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
        self._wrapped: dict[str, list[Strip]] = {}
        """Those lines' rows by text: a new reader's lines that the last reader had too
        (most of them) are not wrapped again."""
        self._first = 0
        self._end = 0
        self._width = 0
        """The width the rows are wrapped to (0: not laid out yet, nothing wrapped)."""
        self._height = 0
        """The height the rows were last scrolled for."""
        self._style = Style()
        """The log's style, taken once a frame (``render_lines``)."""

    def on_mount(self) -> None:
        self.border_title = "Log"

    def show(self, lines: list[str]) -> None:
        """Show ``lines``, scrolled to the newest: a list shown before and grown since
        only has its new lines wrapped; any other list (another reader, an undo) starts
        the log afresh. Either way only the lines on screen whose text changed are
        drawn again (a new reader's log mostly ends as the last one's did)."""
        if lines is not self.shown:
            self.shown = lines
            self._restart()
        elif len(lines) != self._end and self._width:
            on_show = self._texts_on_screen()
            for line in lines[self._end :]:
                self._rows.extend(self._wrap(line, self._wrapped))
            self._end = len(lines)
            self._settle(on_show, len(self._rows) - self.scrollable_content_region.height)

    def fit(self) -> None:
        """Laid out at a new size (``fits_in_layout``): wrapped again at a new width, and
        a log showing its newest line keeps it in view when it gets shorter (a status
        line came under the board): scrolled as it was, the newest line was cut off."""
        region = self.scrollable_content_region
        at_end = round(self.scroll_y) >= len(self._rows) - self._height
        if region.width != self._width or (region.height != self._height and at_end):
            self._restart(draw=False)  # the layout draws it all

    def _restart(self, *, draw: bool = True) -> None:
        """Wrap the newest lines, as many as fill the panel."""
        on_show = self._texts_on_screen()
        last, self._wrapped = self._wrapped, {}
        width = self.scrollable_content_region.width
        if width != self._width:
            self._width = width
            on_show, last = [], {}  # wrapped and drawn again whole, at another width
        self._rows = []
        self._first = self._end = len(self.shown)
        if self._width:
            self._wrap_up(last)
        self._settle(on_show, len(self._rows) - self.scrollable_content_region.height, draw)

    def _wrap_up(self, last: dict[str, list[Strip]]) -> int:
        """Wrap lines above the rows wrapped so far, a screenful of rows and one more (so
        that there is always a row to scroll up to), reusing the rows of ``last`` (the
        last reader's, at this width); how many rows that added."""
        added: list[Strip] = []
        while self._first and len(added) <= self.size.height:
            self._first -= 1
            added[:0] = self._wrap(self.shown[self._first], last)
        self._rows[:0] = added
        return len(added)

    def _wrap(self, line: str, last: dict[str, list[Strip]]) -> list[Strip]:
        """``line``'s rows, from ``last`` if it holds them."""
        rows = last.get(line)
        if rows is None:
            console = self.app.console
            segments = console.render(plain_text(line), console.options.update_width(self._width))
            rows = Strip.from_lines(list(Segment.split_lines(segments)))
        self._wrapped[line] = rows
        return rows

    def _texts_on_screen(self) -> list[str]:
        """The text of each row on screen, top first."""
        top = round(self.scroll_y)
        return [row.text for row in self._rows[top : top + self.scrollable_content_region.height]]

    def _settle(self, on_show: list[str], top: int, draw: bool = True) -> None:
        """Size the log to its rows, scrolled to row ``top``, and (if ``draw``) draw again
        the lines whose text is not the one ``on_show`` had. (Set as Textual would, a new
        size or scroll position draws the whole log again, and lays out the screen.)"""
        self.set_reactive(GameLog.virtual_size, Size(self._width, len(self._rows)))
        self._height = self.scrollable_content_region.height
        top = max(0, min(top, len(self._rows) - self._height))
        self.set_reactive(GameLog.scroll_y, top)
        self.set_reactive(GameLog.scroll_target_y, top)
        if not draw:
            return
        width = self.scrollable_content_region.width
        for y, text in enumerate(self._texts_on_screen()):
            if y >= len(on_show) or on_show[y] != text:
                self.refresh(Region(0, y, width, 1))
        for y in range(len(self._texts_on_screen()), len(on_show)):  # rows gone (an undo)
            self.refresh(Region(0, y, width, 1))

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        """At the top of what is wrapped: wrap more above, keeping the view still."""
        super().watch_scroll_y(old_value, new_value)
        if self._first and new_value < 1:
            on_show = self._texts_on_screen()
            added = self._wrap_up(self._wrapped)
            self._settle(on_show, round(new_value) + added)

    def render_lines(self, crop: Region) -> list[Strip]:
        # Textual's rich_style walks every ancestor's styles: once a frame, not once a
        # row (a new line scrolls the log, and every row is drawn again).
        self._style = self.rich_style
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        row = scroll_y + y
        width = self.scrollable_content_region.width
        style = self._style
        if row >= len(self._rows):
            return Strip.blank(width, style)
        return self._rows[row].crop_extend(scroll_x, scroll_x + width, style).apply_style(style)
