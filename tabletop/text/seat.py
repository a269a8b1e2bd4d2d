"""The one module of the words front-end that touches the table interface: a game at
this keyboard (core.session's GameSession, with its store, bots and undo: ``TextTable``)
or one seat of a hosted game (net.client's RemoteTable, on an event loop of its own in a
thread: ``RemoteTextTable``). Everything else in tabletop/text reads and acts through
these two, which offer the same methods."""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

from pydantic import BaseModel

from tabletop.core.bot import Bot, PacedBot, ask
from tabletop.core.engine import Action, Engine, Outcome
from tabletop.core.pacing import PacedSeats
from tabletop.core.session import GameSession, UndoRefused
from tabletop.games import make_bot
from tabletop.net.client import Connection, Offline, RemoteTable

JOIN_S = 30.0
"""How long joining a host may take before the seat gives up."""
ACT_S = 30.0
"""How long a move sent waits for the host's answer."""
LEAVE_S = 2.0
"""How long leaving waits for the host to answer the closing of the connection."""
T = TypeVar("T")


class NotSent(Exception):
    """A hosted seat's move that did not reach the host (not connected now); nothing was
    played, and the message says what is going on."""


class TextTable:
    """What the conversation needs of a table: reading, acting, undo, the clocks, bots."""

    local = True
    """The game is played and saved here (its clocks too)."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        record = session.record
        made = {
            seat: make_bot(record.game, info.bot, record.seed + seat)
            for seat, info in enumerate(session.seats)
            if info.bot is not None
        }
        self.bot_seats = tuple(made)
        """Every seat a bot plays."""
        self.bots: dict[int, Bot] = {s: b for s, b in made.items() if not isinstance(b, PacedBot)}
        """The bots asked for a move when their seat is to act (turn-based games)."""
        self.paced = PacedSeats(session, {s: b for s, b in made.items() if isinstance(b, PacedBot)})
        """The real-time bots, which move at their moment of the clocks (``paced_move``)."""

    @property
    def engine(self) -> Engine[Any, Any]:
        return self.session.engine

    @property
    def game_id(self) -> int | None:
        """The saved game's number (None: the host's game)."""
        return self.session.game_id

    @property
    def current(self) -> object:
        return self.session.current

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.session.seats)

    @property
    def here(self) -> tuple[int, ...]:
        return self.session.here

    @property
    def to_act(self) -> tuple[int, ...]:
        return self.session.to_act

    @property
    def outcome(self) -> Outcome | None:
        return self.session.outcome

    @property
    def save_problem(self) -> str | None:
        return self.session.save_problem

    def view(self, seat: int | None) -> BaseModel:
        return self.session.view(seat)

    def legal_actions(self, seat: int) -> list[Action]:
        return self.session.legal_actions(seat)

    def log(self, seat: int | None) -> list[str]:
        return self.session.log(seat)

    def act(self, action: Action) -> None:
        """Apply and save ``action``; IllegalAction (nothing changed) if refused."""
        self.session.act(action)

    def undo_refusal(self, seat: int) -> str | None:
        return self.session.undo_refusal(seat)

    def undo(self, seat: int) -> None:
        self.session.undo(seat)

    def advance(self, now: float) -> None:
        self.session.advance(now)

    def bot_move(self, seat: int) -> Action:
        """The move the bot at ``seat`` chooses, from its view and legal actions only."""
        return ask(self.engine, self.session.state, seat, self.bots[seat])

    def paced_move(self, now: float) -> int | None:
        """A real-time bot's move, if one is due at ``now`` (the clocks run there): made,
        and its seat returned; None if no bot moved."""
        action = self.paced.due_move(now)
        if action is None:
            return None
        self.session.act(action)
        return action.seat

    def bot_why(self, seat: int) -> str:
        """The real-time bot at ``seat``'s reason for its last move."""
        return self.paced.why(seat)

    def notices(self) -> list[str]:
        """What happened to the table that is no move (a hosted seat's connection)."""
        return []

    def close(self) -> None:
        """Keep a snapshot for a quick resume (as the app's game screen does)."""
        self.paced.close()
        self.session.keep_snapshot()


class RemoteTextTable:
    """One seat of a hosted game, as ``TextTable`` offers a local one. The connection
    lives on an event loop in a thread of its own; acting waits for the host's answer.
    Refused or Offline from the constructor when the seat cannot be joined."""

    local = False
    game_id = None
    save_problem = None

    def __init__(self, url: str, code: str, tls: ssl.SSLContext | None) -> None:
        self.bots: dict[int, Bot] = {}  # a hosted game's bots are the host's
        self.bot_seats: tuple[int, ...] = ()
        self._said: list[str] = []  # the connection's reports, not told yet
        self._closed = False
        self._loop = asyncio.new_event_loop()
        threading.Thread(target=self._loop.run_forever, daemon=True).start()
        self._remote: RemoteTable = self._wait(self._join(url, code, tls), JOIN_S)

    async def _join(self, url: str, code: str, tls: ssl.SSLContext | None) -> RemoteTable:
        self._connection = Connection(url, code, tls=tls, report=self._said.append)
        self._runner = asyncio.create_task(self._connection.run())
        ready = asyncio.ensure_future(self._connection.ready())
        await asyncio.wait([ready, self._runner], return_when=asyncio.FIRST_COMPLETED)
        if not ready.done():  # the connection ended first: it says why
            ready.cancel()
            await self._runner
        await ready
        return RemoteTable(self._connection)

    def _wait(self, work: Coroutine[Any, Any, T], timeout: float) -> T:
        return asyncio.run_coroutine_threadsafe(work, self._loop).result(timeout)

    @property
    def engine(self) -> Engine[Any, Any]:
        return self._remote.engine

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self._remote.seats)

    @property
    def here(self) -> tuple[int, ...]:
        return self._remote.here

    @property
    def current(self) -> object:
        return self._remote.current

    @property
    def to_act(self) -> tuple[int, ...]:
        return self._remote.to_act

    @property
    def outcome(self) -> Outcome | None:
        return self._remote.outcome

    def view(self, seat: int | None) -> BaseModel:
        return self._remote.view(seat)

    def legal_actions(self, seat: int) -> list[Action]:
        return self._remote.legal_actions(seat)

    def log(self, seat: int | None) -> list[str]:
        return self._remote.log(seat)

    def act(self, action: Action) -> None:
        """Send ``action`` and wait for the host's answer: IllegalAction if refused,
        NotSent if it could not be sent."""
        try:
            self._wait(self._remote.act(action), ACT_S)
        except (Offline, TimeoutError) as failed:
            raise NotSent(str(failed) or "The host did not answer in time.") from failed

    def undo_refusal(self, seat: int) -> str | None:
        return self._remote.undo_refusal(seat)

    def undo(self, seat: int) -> None:
        raise UndoRefused(self._remote.undo_refusal(seat) or "")

    def advance(self, now: float) -> None:
        """The host runs the clocks: its updates bring their readings."""

    def bot_move(self, seat: int) -> Action:
        raise ValueError("a hosted game's bots are the host's")

    def paced_move(self, now: float) -> int | None:
        """The host moves its bots: their moves come with its updates."""
        return None

    def bot_why(self, seat: int) -> str:
        raise ValueError("a hosted game's bots are the host's")

    def notices(self) -> list[str]:
        said, self._said[:] = self._said[:], []
        return said

    def close(self) -> None:
        """Leave the table (the seat is away until its code joins again); once."""
        if self._closed:
            return
        self._closed = True
        with contextlib.suppress(Exception):
            self._wait(self._leave(), LEAVE_S + 1)
        self._loop.call_soon_threadsafe(self._loop.stop)

    async def _leave(self) -> None:
        """Close the connection (a host slow to answer is not waited for past LEAVE_S),
        then end its task, so nothing is left running on the loop."""
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._connection.close(), LEAVE_S)
        self._runner.cancel()
        with contextlib.suppress(BaseException):
            await self._runner
