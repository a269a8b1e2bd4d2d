"""Text from people or files on screen: shown as it is, never read as markup or as
terminal control.

Textual reads a str as content markup in most widgets: a player called "[/]"
would crash the app, one called "[link=…]Bob" would become a link. So names,
summaries, log lines, error messages and anything read from a file reach widgets
as ``plain(text)``, a Content taken literally, or as ``plain_text(text)``, a Rich
Text, where a widget takes Rich Text (tests/test_markup_guard.py fails on a str
given to a widget that reads markup). Both show control characters (an escape sequence, a
right-to-left override) as symbols, and ``ControlFilter`` drops any that reach the
terminal by another way.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.text import Text
from textual.color import Color
from textual.content import Content
from textual.filter import LineFilter
from textual.widget import Widget
from textual.widgets import Static

from tabletop.core.names import is_control, visible


def plain(text: str, style: str = "") -> Content:
    """``text`` as it is, in ``style``: no markup, control characters as symbols."""
    return Content.styled(visible(text), style) if style else Content(visible(text))


def plain_text(text: str, style: str = "") -> Text:
    """``plain`` as Rich Text, for the widgets that take it: the game log (a RichLog),
    and DataTable cells (a DataTable sizes its columns to Rich Text, but cuts a
    Content cell to the width of its column's title)."""
    return Text(visible(text), style)


def flow(
    head: Content, chips: list[Content], width: int, indent: int = 4, gap: str = "  "
) -> Content:
    """``head`` then the chips ``gap`` apart, a new line (indented) before any chip, the
    first too, that would not fit in ``width`` (0: one line, left to the widget to
    wrap): a chip is never cut in two by the line's end. A chip wider than a line
    starts one all the same (no blank line before it), left to the widget to wrap."""
    lines: list[Content] = []
    line, sep = head, ""  # the head ends with its own separator
    for chip in chips:
        started = line.cell_length > (indent if lines else 0)
        if width and started and line.cell_length + len(sep) + chip.cell_length > width:
            lines.append(line)
            line, sep = Content(" " * indent), ""
        line = Content.assemble(line, sep, chip)
        sep = gap
    lines.append(line)
    return Content("\n").join(lines)


def refresh_text(widget: Static, content: Content, *, layout: bool = True) -> None:
    """Show ``content`` in ``widget``, only if it changed: an update repaints the widget
    and, unless ``layout`` is False (a widget whose size the content cannot change),
    lays the screen out, a cost that grows with the screen's widgets; so it is spared
    when the new content is as tall as the old in a widget of a set width. Content's
    own == compares the text alone; styles and click actions count here too."""
    shown = widget.content
    if not isinstance(shown, Content):
        widget.update(content, layout=layout)
    elif (shown.plain, shown.spans) != (content.plain, content.spans):
        widget.update(content, layout=layout and not _as_tall(widget, shown, content))


def _as_tall(widget: Static, shown: Content, content: Content) -> bool:
    """In ``widget``, whose width its content does not set, ``content`` takes as many
    lines as ``shown``, or the widget's height is set too: showing it changes no
    widget's size."""
    width, height = widget.styles.width, widget.styles.height
    if not widget.content_region.width or width is None or width.is_auto:
        return False
    if height is not None and not height.is_auto:
        return True
    rules, room = widget.styles.get_rules(), widget.content_region.width
    return content.get_height(rules, room) == shown.get_height(rules, room)


def refresh_title(widget: Widget, title: Content, *, subtitle: bool = False) -> None:
    """Set ``widget``'s border title (or subtitle) only if it changed: setting one
    repaints the widget, even to the same text."""
    if subtitle:
        if widget.border_subtitle != title.markup:
            widget.border_subtitle = title
    elif widget.border_title != title.markup:
        widget.border_title = title


def _without_controls(text: str) -> str:
    return "".join(c for c in text if not is_control(c))


class ControlFilter(LineFilter):
    """Drops control characters from every line written to the terminal, whatever drew
    it: an escape sequence in a string would otherwise reach the terminal as it is.
    They take no cell, so the layout stays as drawn."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        if all(segment.text.isprintable() for segment in segments):
            return segments
        return [
            segment
            if segment.control or segment.text.isprintable()
            else Segment(_without_controls(segment.text), segment.style)
            for segment in segments
        ]
