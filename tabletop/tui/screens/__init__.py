"""The game screens, imported only when a game starts (a lazy import keeps start-up fast).

Each game's screen lives in ``tabletop/tui/screens/<game>.py`` as a GameScreen
subclass named below. A game whose screen module does not exist yet has no
screen, and the home screen says so.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tabletop.tui.screens.base import GameScreen

GAME_SCREENS: dict[str, str] = {
    "pocketparks": "tabletop.tui.games.pocketparks.screen:PocketParksScreen",
    "spacepark": "tabletop.tui.games.spacepark.screen:SpaceParkScreen",
    "pocketdragon": "tabletop.tui.games.pocketdragon.screen:PocketDragonScreen",
}


def has_screen(game: str) -> bool:
    """Is the game's screen built? Looks for the module without importing it."""
    target = GAME_SCREENS.get(game)
    return target is not None and importlib.util.find_spec(target.partition(":")[0]) is not None


def load_screen(game: str) -> type[GameScreen]:
    """The screen class of a game; call only when ``has_screen(game)``."""
    module_name, _, class_name = GAME_SCREENS[game].partition(":")
    screen: type[GameScreen] = getattr(importlib.import_module(module_name), class_name)
    return screen
