"""Each game's UI: one package ``tabletop/tui/games/<game>/`` (its screens, widgets,
modals and replay hooks) whose ``__init__`` declares a ``UiKit`` through
``register_ui``, the one call the app finds a game's UI by.

A game's UI package is imported only when the game is opened (start-up stays fast):
``has_ui`` looks for it without importing it. A game whose UI lives elsewhere (a
test's game) registers its kit itself, before it is opened.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.content import Content

    from tabletop.core.replay import ReplaySession
    from tabletop.core.session import GameSession
    from tabletop.core.table import Table
    from tabletop.tui.screens.base import GameScreen
    from tabletop.tui.settings import Settings
    from tabletop.tui.tables import TableController


@dataclass(frozen=True)
class UiKit:
    """What the app needs of a game's UI."""

    name: str
    """The game's name, as its engine's."""
    screen: Callable[[Table], type[GameScreen]]
    """The factory of the game's screen: its class for a table (a game may have one per
    mode, as Pocket Dragon has), made with the table's controller and the settings."""
    hand: Callable[[ReplaySession, int], list[str]]
    """A seat's hand at the replay's position, read from a view that sees it."""
    measures: Callable[[Any], dict[str, float]]
    """What the replay's chart draws, from the spectator's view (public)."""
    move_words: Callable[[ReplaySession, int, int | None], str] | None = None
    """A move whose log lines do not name its player, in words (for the games that
    have such moves; None: every move is logged by name)."""
    step_words: Callable[[ReplaySession, Any], Content] | None = None
    """A replay's prompt for the position shown, from its view, in any seat's words
    (None: the screen's own prompt)."""


KITS: dict[str, UiKit] = {}
"""The registry: every UI known so far, by game (``register_ui`` adds to it)."""
PACKAGE = "tabletop.tui.games"
"""Where the built-in UI packages live, one a game."""


def register_ui(kit: UiKit) -> UiKit:
    """Make a game's UI known to the app (a built-in UI package calls it on import)."""
    KITS[kit.name] = kit
    return kit


def has_ui(game: str) -> bool:
    """Has the game a UI? Looks for its package without importing it."""
    return game in KITS or importlib.util.find_spec(f"{PACKAGE}.{game}") is not None


def ui_kit(game: str) -> UiKit:
    """The game's UI; call only when ``has_ui(game)``."""
    if game not in KITS:
        importlib.import_module(f"{PACKAGE}.{game}")
    return KITS[game]


def game_screen(table: GameSession | TableController, settings: Settings) -> GameScreen:
    """The game's screen on ``table`` (a game at this keyboard, a hosted seat or a
    replay: tui.tables); call only when ``has_ui`` of its game."""
    from tabletop.tui.tables import table_for

    controller = table_for(table)
    session = controller.session
    return ui_kit(session.engine.name).screen(session)(controller, settings)
