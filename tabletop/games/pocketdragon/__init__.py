"""Pocket Dragon: real-time co-op for two (companion app or full table on screen).

The package declares the game's kit (``core.kit.GameKit``); its modules load when
first used."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.kit import GameKit, Playtest, StatGroup
from tabletop.games import register_game

if TYPE_CHECKING:
    from tabletop.core.engine import Engine
    from tabletop.core.store import FinishedGame


def _engine() -> Engine[Any, Any]:
    from tabletop.games.pocketdragon.engine import ENGINE

    return ENGINE


def _secrets(state: Any, seat: int | None) -> set[str]:
    from tabletop.games.pocketdragon.hidden import secrets

    return secrets(state, seat)


def _difficulty(game: FinishedGame) -> str:
    return str(game.options.get("difficulty", "easy")).capitalize()


KIT = GameKit(
    name="pocketdragon",
    title="Pocket Dragon",
    blurb="2 players, real time: keep the dragon fed and happy before the clock runs out.",
    engine_loader=_engine,
    stat_groups=(
        StatGroup(
            id="dragon",
            key="Dragon",
            title="Pocket Dragon",
            columns=("Difficulty", "Games", "Wins", "Win rate", "Average", "Best score"),
            row=_difficulty,
            empty="No game of Pocket Dragon yet.",
            order=("Easy", "Medium", "Hard"),
        ),
    ),
    playtest=Playtest(
        setups=(
            (2, {"mode": "table", "difficulty": "easy"}),
            (2, {"mode": "table", "difficulty": "hard"}),
            (2, {"mode": "companion", "difficulty": "medium"}),
        ),
        secrets=_secrets,
        shun=frozenset({"pause", "reset"}),
        max_steps=5_000,
        warmup=60,
    ),
)
register_game(KIT)
