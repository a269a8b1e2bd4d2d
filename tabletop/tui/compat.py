"""Every use of Textual's private API, in one module: each is used here only, behind a
function that says what it is for, so a Textual release that moves one breaks it here."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.geometry import Offset
from textual.widget import Widget
from textual.widgets import DataTable, ListView, OptionList

SHOW_CURSOR = "\x1b[?25h"
HIDE_CURSOR = "\x1b[?25l"


def follow_focus(app: App[Any], widget: Widget | None) -> None:
    """Show the terminal cursor on the first cell of the text of ``widget``'s focused
    item (a list's highlighted option, a table's cursor cell, else the widget's own
    text), so that a screen reader or braille display follows it; None hides it again.
    Textual hides the cursor for its whole run and places it only for text inputs: this
    writes the show sequence to its driver and sets the position it moves the cursor to
    after each frame."""
    driver = app._driver
    if driver is None:
        return
    if widget is None:
        driver.write(HIDE_CURSOR)
        return
    driver.write(SHOW_CURSOR)
    region = widget.content_region
    x, y = region.x, region.y
    scroll_x, scroll_y = int(widget.scroll_offset.x), int(widget.scroll_offset.y)
    if isinstance(widget, OptionList) and widget.highlighted is not None:
        widget._update_lines()
        y += widget._index_to_line.get(widget.highlighted, 0) - scroll_y
    elif isinstance(widget, DataTable) and widget.row_count:
        cell = widget._get_cell_region(widget.cursor_coordinate)
        x, y = x + cell.x - scroll_x, y + cell.y - scroll_y
    elif isinstance(widget, ListView) and widget.highlighted_child is not None:
        x, y = widget.highlighted_child.content_region.offset
    app.cursor_position = Offset(x, y)
