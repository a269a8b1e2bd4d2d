"""High Card, a game that lives outside tabletop (tests/fourth_game): two players,
one hidden card each, swap once or stand, the higher card wins. It joins tabletop as
any game does, through its kit and ``register_game``; a ``tabletop`` process loads it
when ``TABLETOP_GAMES`` names this package.

Its screen (``screen.py``, a UI kit) joins the app's own registry the same way: the
test that plays it on screen registers ``screen.UI``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.core.bot import BotFactory, RandomBot
from tabletop.core.kit import GameKit, Playtest
from tabletop.games import register_game

if TYPE_CHECKING:
    from tabletop.core.engine import Engine

PACKAGE = __name__


def _engine() -> Engine[Any, Any]:
    from tests.fourth_game.highcard.engine import ENGINE

    return ENGINE


def _bots() -> Mapping[str, BotFactory]:
    return {"easy": RandomBot}


def _secrets(state: Any, seat: int | None) -> set[str]:
    """The cards in the deck, and the card of the other seat (both, to a spectator)."""
    if all(state.stood):
        return set()  # the cards are shown
    hidden = [*state.deck, *(card for s, card in enumerate(state.cards) if s != seat)]
    return {f'"card":{card},' for card in hidden}


KIT = GameKit(
    name="highcard",
    title="High Card",
    blurb="2 players: one hidden card each, swap once or stand; the higher card wins.",
    engine_loader=_engine,
    bots=_bots,
    digests=PACKAGE,
    playtest=Playtest(setups=((2, {}),), secrets=_secrets, max_steps=10, warmup=3),
)
register_game(KIT)
