"""Screens that need a minimum terminal size say so instead of drawing a broken layout.

Kept apart from GameScreen so the home screen loads without the game machinery.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from textual import events
from textual.app import ComposeResult
from textual.content import Content
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static

if TYPE_CHECKING:
    from tabletop.tui.app import TabletopApp


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


class SizedScreen(Screen[None]):
    """A screen with a minimum size. Below it, only a "make the window bigger" line
    is shown; it recovers by itself when the terminal grows."""

    MIN_SIZE: ClassVar[tuple[int, int]] = (60, 18)

    DEFAULT_CSS = """
    SizedScreen.-too-small > * {
        display: none;
    }
    SizedScreen.-too-small > TooSmall {
        display: block;
    }
    """

    @property
    def tabletop(self) -> TabletopApp:
        """The app, typed."""
        return cast("TabletopApp", self.app)

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

    def _check_size(self, size: Size) -> None:
        width, height = self.MIN_SIZE
        small = size.width < width or size.height < height
        if small:
            self.query_one(TooSmall).update(
                Content(
                    f"Make the window at least {width}x{height}\n"
                    f"(it is {size.width}x{size.height} now).\n\nCtrl+Q quits."
                )
            )
        self.set_class(small, "-too-small")
