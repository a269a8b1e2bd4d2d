"""Space Park: 1-4 players ride the rockets, trade crystals for badges, reach 20 XP.

The package declares the game's kit (``core.kit.GameKit``); its modules load when
first used."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.core.kit import GameKit, HintFn, Playtest, StatGroup, Tally
from tabletop.games import register_game

if TYPE_CHECKING:
    from tabletop.core.bot import BotFactory
    from tabletop.core.engine import Engine
    from tabletop.core.store import FinishedGame


def _engine() -> Engine[Any, Any]:
    from tabletop.games.spacepark.engine import ENGINE

    return ENGINE


def _bots() -> Mapping[str, BotFactory]:
    from tabletop.games.spacepark.bots import BOTS

    return BOTS


def _hints() -> HintFn:
    from tabletop.games.spacepark.hints import hint

    return hint


def _tally() -> Tally:
    from tabletop.games.spacepark.tally import SpaceParkTally

    return SpaceParkTally()


def _secrets(state: Any, seat: int | None) -> set[str]:
    from tabletop.games.spacepark.hidden import secrets

    return secrets(state, seat)


def _solo(game: FinishedGame) -> str | None:
    return "solo" if len(game.players) == 1 else None


KIT = GameKit(
    name="spacepark",
    title="Space Park",
    blurb="1-4 players: ride the rockets, trade crystals for badges, reach 20 XP.",
    engine_loader=_engine,
    bots=_bots,
    hints=_hints,
    tally=_tally,
    sim_options={"first_player": "random"},
    stat_groups=(
        StatGroup(
            id="solo",
            key="Solo",
            title="Space Park solo",
            columns=("Player", "Games", "Beat Scout", "Win rate", "Average XP", "Best XP"),
            row=_solo,
            empty="No solo game of Space Park yet.",
            per_seat=True,
        ),
    ),
    playtest=Playtest(
        setups=((1, {}), (2, {}), (3, {"first_player": "random"}), (4, {"first_player": 2})),
        secrets=_secrets,
        max_steps=2_000,
        warmup=150,
    ),
)
register_game(KIT)
