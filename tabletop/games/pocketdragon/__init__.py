"""Pocket Dragon: real-time co-op for two (companion app or full table on screen).

The package declares the game's kit (``core.kit.GameKit``); its modules load when
first used."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.core.kit import BotLevel, GameKit, Playtest, StatGroup, Tables
from tabletop.games import register_game

if TYPE_CHECKING:
    from pydantic import BaseModel

    from tabletop.core.bot import BotFactory
    from tabletop.core.engine import Engine
    from tabletop.core.store import FinishedGame


def _engine() -> Engine[Any, Any]:
    from tabletop.games.pocketdragon.engine import ENGINE

    return ENGINE


def _secrets(state: Any, seat: int | None) -> set[str]:
    from tabletop.games.pocketdragon.hidden import secrets

    return secrets(state, seat)


def _bots() -> Mapping[str, BotFactory]:
    from tabletop.games.pocketdragon.bots import BOTS

    return BOTS


def _tables() -> Tables:
    from tabletop.games.pocketdragon.tables import TABLES_SIM

    return TABLES_SIM


def _bots_refused(options: BaseModel) -> str | None:
    if getattr(options, "mode", None) == "table":
        return None
    return (
        "The partner bot plays table mode only (PD-BOT-1): in companion mode the cards "
        "are on a real table, where only people can play them."
    )


PARTNER_LEVELS = (
    BotLevel("relaxed", "Partner, relaxed", "Relaxed", "moves 3 s after the table changes"),
    BotLevel("normal", "Partner, normal", "Normal", "after 1.5 s"),
    BotLevel("quick", "Partner, quick", "Quick", "after 0.6 s"),
)
"""The partner bot at its reaction times (bots.REACTION_S)."""


def _difficulty(game: FinishedGame) -> str:
    return str(game.options.get("difficulty", "easy")).capitalize()


KIT = GameKit(
    name="pocketdragon",
    title="Pocket Dragon",
    blurb="2 players, or 1 with the partner bot, real time: keep the dragon fed and happy.",
    engine_loader=_engine,
    bots=_bots,
    bot_levels=PARTNER_LEVELS,
    bots_note=(
        "In table mode a seat may be the partner bot: it sees your hand, never its own, "
        "plays from what its seat may see (its own looks, the clues, the table), and "
        "tells why it made its last move."
    ),
    bots_refused=_bots_refused,
    tables=_tables,
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
