"""Every use of Textual's private API, in one module.

Textual keeps no promise about these names from one release to the next: each is used
here only, behind a function (or a hook of ``CompatApp``) that says what it is for, and
tests/tui/test_compat.py checks each against the Textual installed, so a release that
moves one fails that test by name rather than a game at play.
"""

from __future__ import annotations

from functools import lru_cache
from math import inf
from typing import Any, Protocol, TypeVar, cast

from rich.console import RenderableType
from rich.segment import Segment
from rich.style import Style
from textual import _time, events
from textual.app import App, ReturnType
from textual.binding import Binding, BindingsMap, BindingType
from textual.color import Color
from textual.containers import Horizontal, Vertical
from textual.dom import DOMNode
from textual.events import Mount
from textual.geometry import Offset, Region, Size
from textual.notifications import Notification
from textual.reactive import Reactive
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import UPDATE_PERIOD, ModalScreen, Screen
from textual.strip import Strip
from textual.timer import EventTargetGone, Timer
from textual.widget import Widget
from textual.widgets import DataTable, Header, ListView, OptionList, Static
from textual.widgets._header import HeaderClockSpace, HeaderIcon, HeaderTitle

WidgetT = TypeVar("WidgetT", bound=Widget)

__all__ = [
    "Column",
    "CompatApp",
    "CompatHeader",
    "CompatScreen",
    "HeaderClockSpace",
    "HeaderIcon",
    "HeaderTitle",
    "Panel",
    "Row",
    "SettledOptionList",
    "ShowsThrough",
    "bind_hidden",
    "draw_behind",
    "fits_in_layout",
    "follow_focus",
    "key_bindings",
    "laid_out_once",
    "mount_unshown",
    "rebind",
    "report_refreshes",
    "withdraw_notice",
]


def key_bindings(node: Screen[Any] | App[Any]) -> dict[str, list[Binding]]:
    """The screen's (or the app's) own copy of its bindings, by key: replacing a key's
    list changes that key on this screen only (its description, whether the footer
    shows it)."""
    return node._bindings.key_to_bindings


def rebind(screen: Screen[Any], bindings: list[BindingType]) -> None:
    """Give ``screen`` these keys in place of every key its class declares."""
    keys = screen._bindings.key_to_bindings
    keys.clear()
    keys |= BindingsMap(bindings).key_to_bindings


def bind_hidden(screen: Screen[Any], key: str, action: str, description: str = "") -> None:
    """Bind ``key`` to ``action`` on this screen only, not shown in the footer."""
    screen._bindings.bind(key, action, description, show=False)


def draw_behind(screen: Screen[Any]) -> None:
    """Lay out and draw ``screen`` into its widgets while another screen is on top (Textual
    draws only the top one), never to the terminal: when it comes back on top, only
    what changed since is drawn."""
    screen._refresh_layout(screen.app.size)
    screen._compositor.render_update(full=True)


def mount_unshown(app: App[Any], screen: Screen[Any]) -> None:
    """Compose, mount and lay out ``screen`` (installed, not on the stack) now, as its first
    push would (with a resize, and a third frame): that push then only draws it."""
    app._load_screen_css(screen)
    app._get_screen(screen)
    screen.call_after_refresh(draw_behind, screen)


def report_refreshes(screen: Screen[Any]) -> None:
    """Have every widget of ``screen`` that was changed tell the screen now, rather than
    when its own task next runs: the screen draws its frame as soon as it is idle, and a
    widget whose task ran after that came a frame (and one or two refresh periods) late."""
    for widget in screen.walk_children(Widget):
        if widget._repaint_required or widget._layout_required:
            widget._check_refresh()


def withdraw_notice(app: App[Any], notice: Notification) -> bool:
    """Take ``notice`` down now if it is up; False if it is not (not up yet, or gone)."""
    if notice not in app._notifications:
        return False
    app._unnotify(notice)
    return True


class CompatApp(App[ReturnType]):
    """Textual's App with its two private hooks that tabletop changes turned into
    public ones: ``screens_show_through`` and ``crash_words``."""

    def screens_show_through(self) -> bool:
        """May the screens below the top one show through it (Textual's: always)?"""
        return True

    def crash_words(self, error: Exception) -> RenderableType | None:
        """What the terminal shows after an exception nothing handled ended the app,
        in place of Textual's traceback (None: nothing)."""
        return None

    @property
    def _background_screens(self) -> list[Screen[object]]:
        if not self.screens_show_through():
            return []
        screens: list[Screen[object]] = super()._background_screens
        return screens

    def _handle_exception(self, error: Exception) -> None:
        shown = len(self._exit_renderables)
        super()._handle_exception(error)  # exit status 1; Pilot re-raises it in tests
        del self._exit_renderables[shown:]
        words = self.crash_words(error)
        if words is not None:
            self._exit_renderables.append(words)


class FrameTimer(Timer):
    """A screen's refresh timer that beats as soon as it is asked to, unless it beat less
    than a period ago (then a period after that beat). Textual's beats on a grid of
    periods from its first run: a new one's first beat comes a whole period after it is
    first asked (a kept pop-up's first showing: 16 ms for nothing), and one asked again
    soon after a late beat skips to the grid's next point but one (up to 33 ms: the
    second frame of a pop-up, after what the screen beneath handed it)."""

    async def _run(self) -> None:
        beat = -inf
        while True:
            await self._active.wait()
            wait = beat + self._interval - _time.get_time()
            if wait > 0:
                await _time.sleep(wait)
                if not self._active.is_set():  # drawn meanwhile (a layout pauses it)
                    continue
            beat = _time.get_time()
            try:
                await self._tick(next_timer=beat, count=0)
            except EventTargetGone:
                break


class CompatScreen(Screen[ReturnType]):
    """Textual's Screen with one private hook turned public, ``keys_instead``, and three
    of its habits changed, which every screen here has:

    - Its refresh timer is a ``FrameTimer``: a frame asked for is drawn at once, at
      most 60 times a second.

    - Restyled as it comes on top only if the app's CSS changed since it was last
      styled (a theme chosen while it stood aside). Textual restyles every pushed
      screen whole: 3-5 ms at each showing of a kept pop-up, for nothing. A class or
      pseudo-class that changes restyles its node anyway, on or off the stack.
    - Shown through the pop-up over it, it hands the pop-up what it changed, once.
      Textual's also marks itself to be painted again, whole, which it does at its next
      idle moment and then marks itself again: each message it got afterwards (a
      clock's tick, a layout's resize) repainted the pop-up whole, with the screen
      beneath drawn through it again (Pocket Dragon's result: a third frame, 30-40 ms
      later). When it is on top again Textual repaints it whole anyway."""

    _frame_timer: FrameTimer | None = None

    @property
    def _update_timer(self) -> Timer:
        if self._frame_timer is None:  # made as Textual's ``set_interval`` makes one
            self._frame_timer = FrameTimer(
                self,
                UPDATE_PERIOD,
                name="screen_update",
                callback=self._on_timer_update,
                pause=True,
            )
            self._frame_timer._start()
            self._timers.add(self._frame_timer)
        return self._frame_timer

    def keys_instead(self) -> BindingsMap | None:
        """The only bindings a key is looked up in now, the app's (None: Textual's chain
        of the focused widget, its ancestors, the screen and the app, as always)."""
        return None

    @property
    def _binding_chain(self) -> list[tuple[DOMNode, BindingsMap]]:
        instead = self.keys_instead()
        if instead is None:
            chain: list[tuple[DOMNode, BindingsMap]] = super()._binding_chain
            return chain
        return [(self.app, instead)]

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # Textual runs Screen's own handler after this one (each class's in turn).
        styled_at = self.app._css_update_count
        if self._css_update_count == styled_at:
            event.refresh_styles = False
        elif self.is_attached:  # restyled by Screen's handler now
            self._css_update_count = styled_at

    _layouts_again = 0
    """The layouts done again for the frame being drawn (``_settled_before_drawing``)."""

    def _compositor_refresh(self) -> None:
        app = self.app
        if app.is_inline or self is app.screen or self not in app._background_screens:
            if self is app.screen and not app.is_inline and self._settled_before_drawing():
                return  # and drawn, by that layout
            super()._compositor_refresh()
            return
        changed = self._compositor._dirty_regions
        if changed:
            app.screen.refresh(*changed)
            changed.clear()
        self._dirty_widgets.clear()
        app._update_mouse_over(self)

    def _settled_before_drawing(self) -> bool:
        """Before a frame is drawn: every widget that asked to be laid out or drawn again
        is, not only those that told the screen (True: laid out again, and drawn by that
        layout). A widget asks in one turn and tells the screen when its own task runs,
        after a frame drawn in that turn: a frame of its own, 16 ms later. A layout that
        shows or hides a scroll bar asks for another (the content is narrower or wider),
        and the scroll bar, sized, for a third: Textual did each at a later frame, 16-33
        ms apart. Twice a frame at most: a widget that asks at every layout is laid out
        at the next frame."""
        widgets = _with_scroll_bars(self.walk_children(Widget))
        asking = [w for w in widgets if w._layout_required]
        if asking and self._layouts_again < 2:
            for widget in asking:  # what the widget's own task does as it asks
                widget._layout_required = False
                for ancestor in widget.ancestors:
                    if not isinstance(ancestor, Widget):
                        break
                    ancestor._clear_arrangement_cache()
                    ancestor._layout_updates += 1
                    if not ancestor.styles.auto_dimensions:
                        break
            self._layouts_again += 1
            try:
                self._refresh_layout()
            finally:
                self._layouts_again -= 1
            return True
        repaint = {w for w in widgets if w._repaint_required}
        for widget in repaint:
            widget._repaint_required = False
        self._compositor.update_widgets(repaint)
        return False


def _with_scroll_bars(widgets: list[Widget]) -> list[Widget]:
    """``widgets`` and their scroll bars (which Textual keeps out of their children)."""
    every = []
    for widget in widgets:
        every.append(widget)
        bars = (widget._vertical_scrollbar, widget._horizontal_scrollbar, widget._scrollbar_corner)
        every.extend(bar for bar in bars if bar is not None)
    return every


class ShowsThrough(ModalScreen[ReturnType], CompatScreen[ReturnType]):
    """A pop-up screen through which the screen beneath shows, tinted by this one's
    background colour (app.tcss): each of its lines that must be drawn again is that
    line of the screen beneath, each style tinted once (a cache). Textual's own draws
    the whole screen beneath as segments, tints each one and cuts them into lines
    again, at every frame of the pop-up that draws any of it: 10-15 ms at 120x40 on a
    2-core machine. (It names CompatScreen after ModalScreen: Textual's CSS follows the
    first base only, and ModalScreen's makes it see-through.)"""

    _beneath: list[Strip] | None = None
    """The lines of the screen beneath, drawn once for the frame being drawn."""

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # What the screen beneath changed just before (the move that asked the question)
        # is handed over now, for this pop-up's first frame to draw. Left to the screen
        # beneath's own refresh timer, it came after that frame: a second one.
        stack = self.app.screen_stack
        if self in stack and stack.index(self) > 0 and self.app._background_screens:
            beneath = stack[stack.index(self) - 1]
            report_refreshes(beneath)
            beneath._on_timer_update()

    def render_lines(self, crop: Region) -> list[Strip]:
        try:
            return super().render_lines(crop)  # ``render_line`` of its changed lines
        finally:
            self._beneath = None

    def render_line(self, y: int) -> Strip:
        stack = self.app.screen_stack
        tint = self.styles.background
        if tint.a == 1 or self not in stack or not self.app._background_screens:
            return super().render_line(y)
        if self._beneath is None:
            beneath = stack[stack.index(self) - 1]
            self._beneath = beneath._compositor.render_strips()
        width = self.size.width
        if y >= len(self._beneath):  # the screen beneath is not laid out at this size yet
            return Strip.blank(width, _tinted(None, tint))
        strip = self._beneath[y].crop_extend(0, width, None)
        segments = [s if s.control else Segment(s.text, _tinted(s.style, tint)) for s in strip]
        return Strip(segments, width)


@lru_cache(maxsize=4096)
def _tinted(style: Style | None, tint: Color) -> Style:
    """``style`` as Textual tints a screen beneath: links and meta dropped, the colours
    blended with ``tint``."""
    (tinted,) = BackgroundScreen.process_segments([Segment(" ", style)], tint)
    return tinted.style or Style()


class CompatHeader(Header):
    """Textual's Header without its own mount handler (which shows the titles and looks
    for its title widget when they change); ``header_mounted`` runs in its place."""

    def _on_mount(self, event: Mount) -> None:
        event.prevent_default()  # not Textual's Header's own
        Widget._on_mount(self, event)
        self.header_mounted()

    def header_mounted(self) -> None:
        """The header is mounted: what Textual's Header did then, done here."""


def laid_out_once(widget_class: type[WidgetT]) -> type[WidgetT]:
    """Class decorator for a widget settled by the layout that sizes it. When a widget's
    size changes, Textual lays the whole screen out again in the next frame (its virtual
    size is a reactive that asks for a layout), one or two refresh periods after the
    first: the first layout already used that size, so a change that resizes it is
    drawn in one frame, not two. A scrolling container may be one too: a scroll bar that
    its new size shows or hides asks for that layout itself."""
    sized = widget_class._size_updated

    def _size_updated(
        self: WidgetT, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        return sized(self, size, virtual_size, container_size, layout=False)

    widget_class._size_updated = _size_updated  # type: ignore[method-assign,assignment]
    return widget_class


class Fits(Protocol):
    def fit(self) -> None: ...


def fits_in_layout(widget_class: type[WidgetT]) -> type[WidgetT]:
    """Class decorator for a widget whose rows depend on its size (the log, wrapped to
    its width and scrolled to its newest line): its ``fit()`` runs as a layout gives it a
    new size, before that layout's frame is drawn, which draws the whole widget again
    anyway. Textual's Resize event comes after that frame: what a handler of it changes
    took a frame of its own, 20-35 ms later. ``fit`` must change no size and ask for no
    drawing (set reactives with ``set_reactive``)."""
    sized = widget_class._size_updated

    def _size_updated(
        self: WidgetT, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        before = self._size
        resized = sized(self, size, virtual_size, container_size, layout=layout)
        if resized:
            cast(Fits, self).fit()
        if self._size != before:
            # Drawn whole by this layout's frame: a repaint asked for as it was laid out
            # (Textual's own, clamping its scroll to the new height) took one more frame.
            self._repaint_required = False
        return resized

    widget_class._size_updated = _size_updated  # type: ignore[method-assign,assignment]
    return widget_class


@laid_out_once
class Panel(Static):
    """The text of the game screens and their pop-ups (``laid_out_once``)."""


@laid_out_once
class Column(Vertical):
    """Widgets one above the other (a pop-up's box, a game screen's board and side),
    sized by what they hold (``laid_out_once``)."""


@laid_out_once
class Row(Horizontal):
    """Widgets side by side (a pop-up's buttons, a board's panels), sized by what they
    hold (``laid_out_once``)."""


class SettledOptionList(OptionList):
    """An option list drawn right in the frame that lays it out. Textual's computes its
    lines whenever its options change, at the width and height it had then (a kept
    pop-up's: the last question's, which may show or hide its scroll bar), drops them
    at any resize when the resize event comes (a frame later), and asks for another
    layout whenever its scrollable size changes. This one computes its lines only
    while its screen is on the stack, again when a layout gives it a new width (before
    that layout's frame is drawn), and is laid out again only when a scroll bar comes
    or goes. Textual's also brings its lines up to date at every line it draws (a
    hand's 30 lines: a sixth of its drawing); this one, once a drawing."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)
    _lines_width: int | None = None
    _laying_out = False
    _drawing = False

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        width = self.scrollable_content_region.width  # this layout's (its region is set)
        if width != self._lines_width:
            self._lines_width = width
            self._option_render_cache.clear()
            self._line_cache.clear()
        self._laying_out = True  # the scroll bars are judged below, at the new size
        try:
            self._update_lines()
        finally:
            self._laying_out = False
        return super()._size_updated(size, virtual_size, container_size, layout)

    def render_lines(self, crop: Region) -> list[Strip]:
        self._update_lines()
        self._drawing = True  # Textual's would bring them up to date at every line drawn
        try:
            return super().render_lines(crop)
        finally:
            self._drawing = False

    def _update_lines(self) -> None:
        # Off the stack, they are brought up to date when the screen is pushed.
        if not self._drawing and self.screen in self.app.screen_stack:
            super()._update_lines()

    def _scroll_update(self, virtual_size: Size) -> None:
        if not self._laying_out:
            super()._scroll_update(virtual_size)

    def on_resize(self, event: events.Resize) -> None:
        event.prevent_default()  # OptionList's own handler would drop the lines again


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
