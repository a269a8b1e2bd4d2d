"""The games, loaded lazily: importing this package imports no game."""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the home screen lists games without loading any engine code
    from tabletop.core.engine import Engine


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    module: str
    blurb: str

    @property
    def ready(self) -> bool:
        """Built yet? A game not built shows as coming, never as a fake screen."""
        return importlib.util.find_spec(self.module) is not None


GAMES: dict[str, GameInfo] = {
    info.name: info
    for info in (
        GameInfo(
            "pocketparks",
            "PocketParks",
            "tabletop.games.pocketparks",
            "2-5 players: collect sets of US national parks, steal, shout Park Tour.",
        ),
        GameInfo(
            "spacepark",
            "Space Park",
            "tabletop.games.spacepark",
            "1-4 players: ride the rockets, trade crystals for badges, reach 20 XP.",
        ),
        GameInfo(
            "pocketdragon",
            "Pocket Dragon",
            "tabletop.games.pocketdragon",
            "2 players, real time: keep the dragon fed and happy before the clock runs out.",
        ),
    )
}


def get_engine(name: str) -> Engine[Any, Any]:
    """The engine of a game by name; ValueError names the games there are."""
    info = GAMES.get(name)
    if info is None or not info.ready:
        ready = ", ".join(g.name for g in GAMES.values() if g.ready) or "none yet"
        raise ValueError(f"unknown game {name!r} (available: {ready})")
    module = importlib.import_module(info.module)
    engine: Engine[Any, Any] = module.ENGINE
    return engine


def title(name: str) -> str:
    """A game's title, or its name as given when there is no such game (a saved game
    of a game this version does not have)."""
    info = GAMES.get(name)
    return info.title if info else name
