"""The registry of games: each game's package declares a ``GameKit`` and registers it.

Importing this package imports no game. The first look-up imports the packages named
by ``PACKAGES`` and by the ``TABLETOP_GAMES`` environment variable (module names,
comma-separated: a game that lives anywhere joins, in this process and in the
``tabletop`` processes it starts); each calls ``register_game`` with its kit. A game's
package imports only ``tabletop.core.kit``: its engine loads when first used.
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING, Any

from tabletop.core.kit import GameKit

if TYPE_CHECKING:
    from collections.abc import Sequence

    from pydantic import BaseModel

    from tabletop.core.bot import Bot, Hint
    from tabletop.core.engine import Action, Engine

PACKAGES: tuple[str, ...] = (
    "tabletop.games.pocketparks",
    "tabletop.games.spacepark",
    "tabletop.games.pocketdragon",
)
"""The games that come with tabletop, in the order the home screen lists them."""
PLUGINS_VARIABLE = "TABLETOP_GAMES"

_KITS: dict[str, GameKit] = {}
_loaded: set[str] = set()


def register_game(kit: GameKit) -> None:
    """Add a game (a package's ``__init__`` calls it with its kit). ValueError when
    another game has the name already."""
    known = _KITS.get(kit.name)
    if known is not None and known is not kit:
        raise ValueError(f"two games are called {kit.name!r}")
    _KITS[kit.name] = kit


def _load() -> None:
    extra = [m.strip() for m in os.environ.get(PLUGINS_VARIABLE, "").split(",") if m.strip()]
    for module in (*PACKAGES, *extra):
        if module in _loaded:
            continue
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if module in PACKAGES:
                raise
            raise ValueError(f"{PLUGINS_VARIABLE} names {module!r}, which is no module") from exc
        _loaded.add(module)


def kits() -> tuple[GameKit, ...]:
    """Every game: tabletop's own in the order of ``PACKAGES`` (whichever was imported
    first), then the others in the order they registered."""
    _load()
    own = {f"tabletop.games.{name}": kit for name, kit in _KITS.items()}
    first = [own[module] for module in PACKAGES if module in own]
    return (*first, *(kit for kit in _KITS.values() if kit not in first))


def names() -> tuple[str, ...]:
    return tuple(kit.name for kit in kits())


def kit(name: str) -> GameKit:
    """A game's kit by name; ValueError names the games there are."""
    _load()
    found = _KITS.get(name)
    if found is None:
        raise ValueError(f"unknown game {name!r} (available: {', '.join(names())})")
    return found


def get_engine(name: str) -> Engine[Any, Any]:
    """The engine of a game by name; ValueError names the games there are."""
    return kit(name).engine


def title(name: str) -> str:
    """A game's title, or its name as given when there is no such game (a saved game
    of a game this version does not have)."""
    _load()
    found = _KITS.get(name)
    return found.title if found else name


def levels(game: str) -> tuple[str, ...]:
    """The bot levels of a game, easiest first; () for a game without bots."""
    return kit(game).levels


def make_bot(game: str, level: str, seed: int) -> Bot:
    """A bot of ``game`` at ``level``; ValueError names the levels there are."""
    return kit(game).make_bot(level, seed)


def hint_from(
    game: str, view: BaseModel, legal: Sequence[Action], budget_s: float | None = None
) -> Hint | None:
    """The hard bot's move from what a seat has (its own view and legal actions: all
    a seat at a hosted game is sent), and why; None if the seat has no move.
    ``budget_s``: ``core.bot.HINT_BUDGET_S`` unless given."""
    from tabletop.core.bot import HINT_BUDGET_S

    return kit(game).hint(view, legal, HINT_BUDGET_S if budget_s is None else budget_s)


def hint(
    engine: Engine[Any, Any], state: Any, seat: int, budget_s: float | None = None
) -> Hint | None:
    """The hard bot's move in ``seat``'s place, and why; None if the seat has no move.

    Like any bot it is handed the seat's view and legal actions, never the state, so
    the hint is the same whatever the cards the seat cannot see (the hint tests vary
    them). Within ``budget_s`` it gives the same hint for the same view; on a machine
    too slow for its search it decides on the part it had time for."""
    return hint_from(
        engine.name, engine.view(state, seat), engine.legal_actions(state, seat), budget_s
    )
