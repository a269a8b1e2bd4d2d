"""Screens that need a minimum terminal size say so instead of drawing a broken layout,
and take no key but Quit meanwhile: nothing is played (or opened) that cannot be seen.

Kept apart from GameScreen so the home screen loads without the game machinery.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import BindingsMap
from textual.content import Content
from textual.geometry import Size
from textual.widgets import Static

if TYPE_CHECKING:
    from textual.widget import Widget

from tabletop.tui.compat import CompatScreen, key_bindings
from tabletop.tui.navigation import Tabletop

KEPT_ACTIONS = frozenset({"quit", "help_quit"})
"""The app's keys that still work while a screen is too small: Ctrl+Q (and Ctrl+C, which
says how to quit)."""


class TooSmall(Static):
    """The one thing a too-small screen shows."""

    DEFAULT_CSS = """
    TooSmall {
        display: none;
        width: 1fr;
        height: 1fr;
        content-align: center middle;
        text-align: center;
        color: $warning;
    }
    """


class SizedScreen(CompatScreen[None]):
    """A screen with a minimum size. Below it, only a "make the window bigger" line
    is shown, no widget has the focus and no key but Quit does anything (each says
    so); it recovers by itself when the terminal grows."""

    MIN_SIZE: ClassVar[tuple[int, int]] = (60, 18)
    _focus_before: Widget | None = None

    DEFAULT_CSS = """
    SizedScreen.-too-small > * {
        display: none;
    }
    SizedScreen.-too-small > TooSmall {
        display: block;
    }
    """

    @property
    def tabletop(self) -> Tabletop:
        """The app, as the screens use it (where to go is a message to it)."""
        app = self.app
        assert isinstance(app, Tabletop)
        return app

    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield from self.compose_screen()

    def compose_screen(self) -> ComposeResult:
        """The screen's own widgets (subclasses yield them here, not in compose)."""
        yield from ()

    def on_mount(self) -> None:
        self._check_size(self.app.size)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size)

    @property
    def too_small(self) -> bool:
        return self.has_class("-too-small")

    def keys_instead(self) -> BindingsMap | None:
        """While the window is too small, only the app's quit keys."""
        if not self.too_small:
            return None
        kept = {
            key: [b for b in bindings if b.action in KEPT_ACTIONS]
            for key, bindings in key_bindings(self.app).items()
        }
        return BindingsMap.from_keys({k: v for k, v in kept.items() if v})

    def on_key(self, event: events.Key) -> None:
        """A key pressed while the window is too small: it did nothing, and says why."""
        if self.too_small:
            event.prevent_default()
            event.stop()
            width, height = self.MIN_SIZE
            self.notify(
                f"That key did nothing: the window is too small to play in. Make it at "
                f"least {width}x{height}.",
                title="Window too small",
                severity="warning",
                timeout=3,
                markup=False,
            )

    def _check_size(self, size: Size) -> None:
        width, height = self.MIN_SIZE
        small = size.width < width or size.height < height
        if small:
            self.query_one(TooSmall).update(
                Content(
                    f"Make the window at least {width}x{height}\n"
                    f"(it is {size.width}x{size.height} now).\n\nKeys do nothing until "
                    "then. Ctrl+Q quits."
                )
            )
            if not self.too_small:  # no hidden widget takes the keys meanwhile
                self._focus_before = self.focused
                self.set_focus(None)
        elif self.too_small and self._focus_before is not None:
            if self._focus_before.is_attached:
                self.set_focus(self._focus_before)
            self._focus_before = None
        self.set_class(small, "-too-small")
        self.refresh_bindings()
