"""PocketParks: 2-5 players collect sets of US national parks (see seeds/pocketparks.md).

The package declares the game's kit (``core.kit.GameKit``); its modules load when
first used."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.core.kit import GameKit, HintFn, Playtest, Tally
from tabletop.games import register_game

if TYPE_CHECKING:
    from tabletop.core.bot import BotFactory
    from tabletop.core.engine import Engine


def _engine() -> Engine[Any, Any]:
    from tabletop.games.pocketparks.engine import ENGINE

    return ENGINE


def _bots() -> Mapping[str, BotFactory]:
    from tabletop.games.pocketparks.bots import BOTS

    return BOTS


def _hints() -> HintFn:
    from tabletop.games.pocketparks.hints import hint

    return hint


def _tally() -> Tally:
    from tabletop.games.pocketparks.tally import PocketParksTally

    return PocketParksTally()


def _secrets(state: Any, seat: int | None) -> set[str]:
    from tabletop.games.pocketparks.hidden import secrets

    return secrets(state, seat)


def content_report() -> str:
    """The deck in plain text, for `tabletop content pocketparks`."""
    from tabletop.games.pocketparks.content import content_report
    from tabletop.games.pocketparks.rules import CONTENT

    return content_report(CONTENT)


KIT = GameKit(
    name="pocketparks",
    title="PocketParks",
    blurb="2-5 players: collect sets of US national parks, steal, shout Park Tour.",
    engine_loader=_engine,
    bots=_bots,
    hints=_hints,
    tally=_tally,
    content_report=content_report,
    playtest=Playtest(
        setups=((2, {}), (3, {"round_modifiers": False}), (4, {}), (5, {"first_player": 4})),
        secrets=_secrets,
        shun=frozenset({"cancel"}),
        max_steps=60_000,
        warmup=1_500,
        history=frozenset({"results"}),
    ),
)
register_game(KIT)
