"""Where a screen asks the app to go, as messages the app handles, and the app as the
screens use it (``Tabletop``): no screen imports the app.

A screen posts these to the app (``self.app.post_message``: a screen that closed itself
first is no longer in the app's tree to bubble from).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from textual.message import Message
from textual.notifications import Notification, SeverityLevel

from tabletop.core.store import Store
from tabletop.tui.settings import Settings

if TYPE_CHECKING:
    from textual.widget import Widget

    from tabletop.core.session import GameSession
    from tabletop.tui.screens.hosting import Hosting


@runtime_checkable
class Tabletop(Protocol):
    """What the screens use of the app besides Textual's own: its store, its settings
    and notices that can be taken down."""

    store: Store
    settings: Settings

    def tell(
        self, message: str, *, title: str = "", severity: SeverityLevel = "information"
    ) -> Notification: ...

    def withdraw(self, notice: Notification) -> None: ...

    def follow(self, widget: Widget | None) -> None:
        """The screen-reader setting: the terminal cursor on ``widget``'s focused item."""
        ...


@dataclass
class NewGame(Message):
    """The setup of a new game of ``game``."""

    game: str


@dataclass
class OpenGame(Message):
    """A saved game, to go on with."""

    game_id: int
    game: str


@dataclass
class PlayGame(Message):
    """The screen of a game just set up; ``hosting``: a table hosted from here."""

    session: GameSession
    hosting: Hosting | None = None


@dataclass
class OpenReplay(Message):
    """The replay of a saved game."""

    game_id: int
    game: str


@dataclass
class ShowRules(Message):
    """The rules of ``game`` (empty: the first game's), at ``at`` (a section's title or
    a rule's id; None: the top)."""

    game: str = ""
    at: str | None = None


class ShowHistory(Message):
    """The finished games."""
