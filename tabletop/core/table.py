"""The table a game screen draws: what both a game at this keyboard (core.session's
GameSession) and a seat at a hosted game (net.client's RemoteTable) give a screen.

A screen reads the table through these and nothing else, so one screen code path
serves both. Acting is where they differ, and only there: a GameSession applies and
saves a move before ``act`` returns; a RemoteTable's ``act`` is a round trip to the
host, awaited, and the move shows only once the host accepted it.
"""

from __future__ import annotations

from typing import Any, Protocol

from pydantic import BaseModel

from tabletop.core.engine import Action, Engine, Outcome, Setup
from tabletop.core.store import SeatInfo


class Table(Protocol):
    @property
    def engine(self) -> Engine[Any, Any]: ...

    @property
    def seats(self) -> tuple[SeatInfo, ...]: ...

    @property
    def setup(self) -> Setup:
        """The players and the game's options."""
        ...

    @property
    def current(self) -> object:
        """Stands for everything on the table now: a new object after every change (a
        move, a clock running), the same one until then. Screens key their caches on it."""
        ...

    @property
    def moves(self) -> int: ...

    @property
    def to_act(self) -> tuple[int, ...]: ...

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats people play (the rest are bots)."""
        ...

    @property
    def here(self) -> tuple[int, ...]:
        """The seats played at this screen: at one keyboard, every person's (curtains
        between them); at a hosted game, the one seat joined."""
        ...

    @property
    def away(self) -> tuple[int, ...]:
        """Seats whose players are not connected now (always none at one keyboard)."""
        ...

    def view(self, seat: int | None) -> BaseModel:
        """What ``seat`` sees; None: what may be shown with nobody's private view (a
        hosted seat's table holds nothing but its own seat's: it gives that)."""
        ...

    def legal_actions(self, seat: int) -> list[Action]: ...

    def log(self, seat: int | None) -> list[str]:
        """The lines ``seat`` may read, as one list that grows with the game (callers
        must not change it)."""
        ...

    def undo_refusal(self, seat: int | None = None) -> str | None:
        """Why the last move cannot be taken back now (by ``seat``); None if it can."""
        ...

    def advance(self, now: float) -> object:
        """Real-time games: run the clocks to ``now`` where this table keeps them."""
        ...
