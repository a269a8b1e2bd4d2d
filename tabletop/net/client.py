"""A seat at a host: the connection, which reconnects by itself, and the table a screen
or a script reads.

``Connection`` joins with the seat's code, keeps what the host last sent (the seat's
update and its whole log), answers requests in order, and when the connection drops
tries again with a bounded backoff, saying so, until the host is back (the same code
resumes the seat exactly) or it has waited ``patience`` seconds.

``RemoteTable`` is that seat's table for a screen: the reading methods of a
GameSession for one seat (view, legal actions, log, to_act, outcome) built from
the host's messages, an awaitable ``act``, and a notification after every change.
"""

from __future__ import annotations

import asyncio
import getpass
import os
import re
import ssl
import sys
import typing
from collections import deque
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from tabletop.core.engine import Action, Engine, Outcome, Setup
from tabletop.core.errors import IllegalAction
from tabletop.core.store import SeatInfo
from tabletop.games import get_engine
from tabletop.net import wire
from tabletop.protocol import ProtocolError, Response, encode

FIRST_DELAY_S = 0.2
MAX_DELAY_S = 5.0
"""Reconnecting waits FIRST_DELAY_S, then twice as long each time, at most MAX_DELAY_S."""
PATIENCE_S = 600.0
"""How long a seat keeps trying to reconnect before it gives up."""
CONNECT_TIMEOUT_S = 10.0
PING_S = 5.0

# Closes after which trying again cannot help: a refused code or a flood (policy), a
# message too big, the seat taken over by a newer connection.
_FINAL_CLOSES = {1008, 1009, wire.REPLACED}

Report = Callable[[str], None]


def _to_stderr(line: str) -> None:
    print(f"tabletop join: {line}", file=sys.stderr, flush=True)


def tls_context(url: str, cafile: str | None) -> ssl.SSLContext | None:
    """What a seat trusts for ``url``: a wss:// host's certificate, ``cafile`` (a host's
    own: trusted as it is, even if a certificate authority signed it) or else the
    system's; None for ws://. ValueError saying why it cannot."""
    if not url.startswith("wss://"):
        if cafile is not None:
            raise ValueError("--cafile is for a wss:// address")
        return None
    if cafile is None:
        return ssl.create_default_context()
    try:
        context = ssl.create_default_context(cafile=cafile)
    except (OSError, ssl.SSLError) as exc:
        raise ValueError(f"cannot use {cafile}: {exc}") from None
    context.verify_flags |= ssl.VERIFY_X509_PARTIAL_CHAIN
    return context


_CODE = re.compile(r"[A-Za-z0-9_-]{16,64}")
MAX_CODE_LINE = 256


def read_join_code(code_file: Path | None = None) -> str:
    """A seat's join code, never from a command line or an environment (every user of the
    computer can read those): from ``code_file``, else asked for on the terminal (not
    shown as it is typed), else the first line of standard input (a script's, or a
    browser seat's, whose host writes it there). Only that line is read: the rest of
    standard input is left to whoever reads it next. ValueError saying what is wrong."""
    if code_file is not None:
        try:
            text = code_file.read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            raise ValueError(f"cannot read the join code from {code_file}: {exc}") from None
    elif sys.stdin is not None and sys.stdin.isatty():
        try:
            text = getpass.getpass("Your seat's join code: ")
        except EOFError:
            text = ""
    else:
        text = _first_line(0)
    code = text.strip()
    if not code:
        raise ValueError("no join code given (the host printed one for each seat)")
    if not _CODE.fullmatch(code):
        raise ValueError(
            "that is not a join code: a code is 27 letters, digits, '-' and '_', "
            "as the host printed it"
        )
    return code


def _first_line(fd: int) -> str:
    """The first line of ``fd``, read a byte at a time so nothing after it is taken."""
    line = bytearray()
    while len(line) <= MAX_CODE_LINE and (byte := os.read(fd, 1)) not in (b"", b"\n"):
        line += byte
    return line.decode("utf-8", errors="replace")


class Refused(Exception):
    """The host will not have this connection (a wrong code, the seat taken over, cut
    off), or is not a tabletop host: trying again cannot help."""


class Offline(Exception):
    """Not connected to the host now; the message says what is going on."""


class Connection:
    """One seat's connection to a host. Run ``run()`` as a task; read ``update``,
    ``log`` and ``changes``; send with ``request``; wait with ``wait``. Progress
    (joined, lost, reconnecting) goes to ``report``: stderr unless a screen takes it."""

    def __init__(
        self,
        url: str,
        code: str,
        *,
        tls: ssl.SSLContext | None = None,
        report: Report = _to_stderr,
        patience: float = PATIENCE_S,
        on_message: Callable[[str], None] | None = None,
    ) -> None:
        self.url = url
        self.code = code
        self.joined: wire.Joined | None = None
        self.update: wire.Update | None = None
        self.log: list[str] = []
        self.connected = False
        self.ended: str | None = None  # why the connection ended for good
        self.changes = 0
        """Counts what this seat saw change: every update, the connection lost, its end."""
        self.notices: list[tuple[int, str]] = []  # (change, what happened)
        self.log_lengths: list[tuple[int, int]] = []  # (change, length of the log then)
        self._tls = tls
        self._report = report
        self._patience = patience
        self._on_message = on_message  # every message from the host as it came (tests)
        self._ws: ClientConnection | None = None
        self._pending: deque[asyncio.Future[Response]] = deque()
        self._changed = asyncio.Event()
        self._listeners: list[Callable[[], None]] = []
        self._first = asyncio.get_running_loop().create_future()  # the first update
        self._closing = asyncio.Event()

    # -- reading ---------------------------------------------------------------------

    @property
    def seat(self) -> int:
        assert self.joined is not None, "not joined yet"
        return self.joined["seat"]

    async def ready(self) -> None:
        """Until the seat's first update has come (Refused or Offline if it cannot)."""
        await asyncio.shield(self._first)

    async def wait(self, since: int, timeout: float | None = None) -> None:
        """Until ``changes`` is past ``since`` (or ``timeout`` seconds have passed)."""
        async with asyncio.timeout(timeout):
            while self.changes <= since:
                await self._changed.wait()

    def subscribe(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` (on the event loop) after every change."""
        self._listeners.append(listener)

    def unsubscribe(self, listener: Callable[[], None]) -> None:
        self._listeners.remove(listener)

    # -- requests ----------------------------------------------------------------------

    async def request(self, request: dict[str, Any]) -> Response:
        """Send one request and return the host's answer. Offline when not connected, or
        when the connection drops before the answer (a move may then have been made or
        not: the next update tells)."""
        ws = self._ws
        if ws is None or not self.connected:
            raise Offline(self._offline_reason())
        answer: asyncio.Future[Response] = asyncio.get_running_loop().create_future()
        self._pending.append(answer)
        with suppress(ConnectionClosed):  # if it closed, the receiver fails every answer
            await ws.send(encode(request), text=True)
        return await answer

    def _offline_reason(self) -> str:
        if self.ended is not None:
            return self.ended
        return "not connected to the host: reconnecting"

    # -- the connection ---------------------------------------------------------------

    async def close(self) -> None:
        self._closing.set()
        if self._ws is not None:
            await self._ws.close()

    async def run(self) -> None:
        """Connect, join, follow the game; reconnect when the connection drops. Returns
        after ``close()``; raises Refused, or Offline once ``patience`` has run out."""
        loop = asyncio.get_running_loop()
        lost_at = loop.time()
        delay = FIRST_DELAY_S
        attempt = 0
        try:
            while not self._closing.is_set():
                try:
                    was_joined, reason = await self._session()
                except ssl.SSLError as exc:  # trying again cannot help: nothing changes
                    raise Refused(_tls_failure(exc)) from None
                except ConnectionResetError as exc:
                    # A first wss:// connection reset in its handshake: a host without TLS.
                    if self.joined is None and self.url.startswith("wss://"):
                        raise Refused(
                            _tls_failure(ssl.SSLError("reset in the handshake"))
                        ) from None
                    was_joined, reason = False, _reason(exc)
                except (OSError, TimeoutError, InvalidHandshake) as exc:
                    was_joined, reason = False, _reason(exc)
                if self._closing.is_set():
                    return
                if was_joined:
                    lost_at, delay, attempt = loop.time(), FIRST_DELAY_S, 0
                    self._lost(reason)
                attempt += 1
                if loop.time() - lost_at + delay > self._patience:
                    raise Offline(
                        f"gave up after {self._patience:.0f} s without the host ({reason})"
                    )
                self._report(f"{reason}; reconnecting in {delay:.1f} s (attempt {attempt})")
                with suppress(TimeoutError):  # the backoff, cut short by close()
                    await asyncio.wait_for(self._closing.wait(), delay)
                delay = min(delay * 2, MAX_DELAY_S)
        except (Refused, Offline) as exc:
            self._end(str(exc))
            raise
        except InvalidURI as exc:
            self._end(f"not a host address: {exc}")
            raise Refused(f"not a host address: {exc}") from None

    async def _session(self) -> tuple[bool, str]:
        """One connection: join, then take messages until it closes. Returns whether it
        joined, and why it ended."""
        async with connect(
            self.url,
            ssl=self._tls,
            max_size=wire.MAX_UPDATE,
            compression=None,
            proxy=None,
            open_timeout=CONNECT_TIMEOUT_S,
            ping_interval=PING_S,
            ping_timeout=PING_S,
        ) as ws:
            if self._closing.is_set():  # closed while this connection was being made
                return False, "closed"
            try:
                await ws.send(encode({"op": "join", "code": self.code}), text=True)
                self._joined(await ws.recv())
                self._ws = ws
                self.connected = True
                self._report(f"joined {self.url} as {self.joined_name} (seat {self.seat})")
                async for message in ws:
                    self._take(message)
                return True, _closed(ws.close_code, ws.close_reason)
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else None
                why = closed.rcvd.reason if closed.rcvd is not None else None
                if code in _FINAL_CLOSES:
                    raise Refused(f"the host closed the connection: {why or code}") from None
                return self._ws is not None, _closed(code, why)
            except wire.HostMessageError as exc:
                raise Refused(f"the host sent {exc}: is it a tabletop host?") from None
            finally:
                self.connected = False
                self._ws = None
                self._fail_pending()

    @property
    def joined_name(self) -> str:
        assert self.joined is not None
        return self.joined["players"][self.joined["seat"]]

    def _joined(self, text: str | bytes) -> None:
        try:
            joined = wire.parse_joined(text)
        except ProtocolError as refused:
            raise Refused(f"the host refused to join: {refused.message} [{refused.rule}]") from None
        if self.joined is not None and (
            joined["game_id"],
            joined["seat"],
        ) != (self.joined["game_id"], self.joined["seat"]):
            raise Refused("the host now gives this code another game or seat")
        self.joined = joined

    def _take(self, text: str | bytes) -> None:
        if self._on_message is not None:
            self._on_message(text if isinstance(text, str) else text.decode())
        message = wire.host_message(text)
        if "update" in message:
            self._updated(wire.update_of(message))
            return
        if not self._pending:
            raise wire.HostMessageError("an answer to no request")
        self._pending.popleft().set_result(wire.answer_of(message))

    def _updated(self, update: wire.Update) -> None:
        start = update["log_from"]
        if start > len(self.log):
            raise wire.HostMessageError("an update with a gap in the log")
        self.log[start:] = update["log"]
        self.update = update
        if not self._first.done():
            self._first.set_result(None)
        self._change(update["notice"])

    def _lost(self, reason: str) -> None:
        self._change(f"Connection lost: {reason}. Reconnecting.")

    def _end(self, reason: str) -> None:
        self.ended = reason
        if not self._first.done():
            self._first.set_exception(Refused(reason))
            self._first.exception()  # retrieved: ready() re-raises it to whoever waits
        self._change(f"Disconnected for good: {reason}")

    def _change(self, notice: str | None) -> None:
        self.changes += 1
        self.log_lengths.append((self.changes, len(self.log)))
        if notice is not None:
            self.notices.append((self.changes, notice))
        self._changed.set()
        self._changed = asyncio.Event()
        for listener in list(self._listeners):  # a listener may unsubscribe
            listener()

    def _fail_pending(self) -> None:
        while self._pending:
            self._pending.popleft().set_exception(
                Offline(
                    "the connection dropped before the host answered: "
                    "the next update shows whether a move was made"
                )
            )


def _closed(code: int | None, reason: str | None) -> str:
    if code == 1001:
        return "the host stopped"
    if code is None:  # no closing word: the host was killed, or the network dropped
        return "the host stopped answering"
    return f"the host closed it ({reason or code})"


def _tls_failure(exc: OSError) -> str:
    """Why no encrypted connection could be made: an SSLError, or a reset in the handshake."""
    if isinstance(exc, ssl.SSLCertVerificationError):
        return (
            f"the host's certificate is not trusted ({exc.verify_message}): if the host "
            "made it itself, trust it with --cafile and a copy of its certificate file"
        )
    why = getattr(exc, "reason", None) or "the host closed the connection in the handshake"
    return f"no encrypted connection with the host ({why}): is it a wss:// host?"


def _reason(exc: BaseException) -> str:
    if isinstance(exc, TimeoutError):
        return "the host does not answer"
    if isinstance(exc, ConnectionRefusedError):
        return "no host at this address (yet)"
    return f"cannot reach the host ({exc})"


class RemoteTable:
    """One seat's table at a host, for a screen: a core.table.Table for that one seat.
    Its reading side is a GameSession's: ``engine``, ``seats``, ``setup``, ``view``,
    ``legal_actions``, ``log``, ``to_act``, ``outcome``, ``moves``, all as the host last
    sent them (typed as the engine types them), so a screen drawing a session draws
    this too. Only this seat is here: its view is also what it shows for nobody in
    particular (``view(None)``: no other seat looks at this screen), and asking for
    another seat's is a ValueError. ``act`` is awaited: it returns once the host saved
    the move, or raises IllegalAction (a rule of the game or of the protocol, with its
    id) or Offline. ``subscribe`` calls back after every change; ``away`` and
    ``connected`` tell who is at the table."""

    def __init__(self, connection: Connection) -> None:
        joined, update = connection.joined, connection.update
        assert joined is not None and update is not None, "not ready"
        self.connection = connection
        self.seat = connection.seat
        self.here = (self.seat,)
        self.engine: Engine[Any, Any] = get_engine(joined["game"])
        self.seats = tuple(SeatInfo(name) for name in joined["players"])
        self.humans = tuple(range(len(self.seats)))  # a hosted game has no bot seat
        self.setup = Setup(players=tuple(joined["players"]), options=joined["options"])
        self._view_type: type[BaseModel] = typing.get_type_hints(type(self.engine).view)["return"]
        self._cache: tuple[wire.Update, BaseModel, list[Action]] | None = None

    def _typed(self, seat: int | None) -> tuple[BaseModel, list[Action]]:
        if seat is not None and seat != self.seat:
            raise ValueError(f"this table is seat {self.seat}'s: it has no view of seat {seat}")
        update = self._update
        if self._cache is None or self._cache[0] is not update:
            view = self._view_type.model_validate(update["view"])
            legal = [self.engine.parse_action(a) for a in update["legal"]]
            self._cache = (update, view, legal)
        return self._cache[1], self._cache[2]

    @property
    def _update(self) -> wire.Update:
        update = self.connection.update
        assert update is not None
        return update

    @property
    def current(self) -> object:
        return self._update

    def view(self, seat: int | None) -> BaseModel:
        return self._typed(seat)[0]

    def legal_actions(self, seat: int) -> list[Action]:
        return self._typed(seat)[1]

    def log(self, seat: int | None) -> list[str]:
        self._typed(seat)
        return self.connection.log

    @property
    def to_act(self) -> tuple[int, ...]:
        return tuple(self._update["to_act"])

    @property
    def outcome(self) -> Outcome | None:
        return self._update["outcome"]

    @property
    def moves(self) -> int:
        return self._update["moves"]

    @property
    def away(self) -> tuple[int, ...]:
        """Seats whose players are not connected now."""
        return tuple(i for i, seat in enumerate(self._update["seats"]) if not seat["connected"])

    @property
    def connected(self) -> bool:
        return self.connection.connected

    def undo_refusal(self, seat: int | None = None) -> str | None:
        return "A hosted game has no undo: every move is final once the host has it."

    def advance(self, now: float) -> None:
        """The host runs the clocks: its updates bring their readings."""

    def subscribe(self, listener: Callable[[], None]) -> None:
        self.connection.subscribe(listener)

    def unsubscribe(self, listener: Callable[[], None]) -> None:
        self.connection.unsubscribe(listener)

    async def act(self, action: Action) -> None:
        answer = await self.connection.request(
            {"op": "act", "action": self.engine.dump_action(action)}
        )
        if answer["ok"] is False:
            raise IllegalAction(answer["error"]["rule"], answer["error"]["message"])
