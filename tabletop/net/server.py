"""The server of hosted games: the game authority and its transport (WebSocket).

One process owns a game and serves each seat at its own screen; `tabletop host`
(net/host.py) and a table hosted from the app run one, browser seats (net/web.py)
join it.

The host is the only authority. It runs the engine, saves every move through a
GameSession (the store, autosave and resume exactly as in the app) before it
answers, and for a real-time game it owns the clock: the host's monotonic clock
gives ``now``, stamped on every action. Each connected seat receives only what
that seat may see: its own view, its own legal actions, the log lines it may
read. A join code, one per seat, is a seat's only credential (docs/network.md).

A seat whose connection drops is away: the other seats are told, a turn-based
game waits for it, and a real-time game is paused (through its own pause and
resume actions, so the record replays) until every seat is back.

A real-time game's seat may be a bot (Pocket Dragon's partner, ``core.bot.PacedBot``):
the host plays it (``core.pacing.PacedSeats``), at its reaction time on the host's
clock, from that seat's view; it has no join code, so nobody can take its seat (and
see what it sees), and it is never away.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import ssl
import sys
import time
import traceback
from collections.abc import Callable, Coroutine, Sequence
from contextlib import suppress
from http import HTTPStatus
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from tabletop.core.bot import PacedBot
from tabletop.core.clock import Clock, MonotonicClock
from tabletop.core.engine import Action, Event, Transition
from tabletop.core.errors import IllegalAction
from tabletop.core.pacing import PacedSeats
from tabletop.core.record import GameRecord
from tabletop.core.session import GameSession
from tabletop.core.store import Store, StoreConflict
from tabletop.net import wire
from tabletop.net.admission import Quota, RefusalLog, address_key
from tabletop.protocol import ProtocolError, encode, refusal

JOIN_TIMEOUT_S = 3.0
"""A connection must finish its opening handshake within this time, and then send its
join within this time (a client sends it at once)."""
REFUSE_DELAY_S = 1.0
"""A wrong join code is answered this late: guessing is slow as well as hopeless."""
MAX_JOINING = 256
MAX_JOINING_PER_ADDRESS = 4
"""Connections that have not joined yet, at most, and at most from one address; more
are closed at once (1013: try again)."""
MAX_CHECKS = 256
MAX_CHECKS_PER_ADDRESS = 2
"""Join codes being checked at once (a wrong one waits REFUSE_DELAY_S), at most, and at
most for one address, on both ports together: more are refused unchecked."""
RATE = 1000.0
BURST = 2000.0
"""A connection may send RATE messages a second, in bursts of BURST; past that it is
cut off (a screen or a bot sends a few a move)."""
OUTBOX_LIMIT = 1000
"""Messages waiting for a connection that does not read them; past that it is cut off."""
TICK_S = 1.0
"""A real-time game's clocks are run and shown this often while they run."""
PACE_S = 0.1
"""A real-time game's bots are looked at this often (each moves once it is due)."""
PING_S = 5.0
"""WebSocket pings: a connection silent for two of these is dropped (the seat is away)."""
CLOSE_S = 2.0
"""A connection the host closes has this long to say goodbye (a flooder that does not
read never does)."""

# Real-time games pause and resume through their own actions of these kinds; Start
# and Resume wait until every seat is connected.
PAUSE = "pause"
RESUME = "resume"
CLOCK_STARTS = frozenset({"start", RESUME})

CODES_SETTING = "host-join-codes:{game_id}"
"""The store's settings row keeping a hosted game's join codes, so a resumed host takes
the same codes (and can print them again)."""

Report = Callable[[str], None]


def _to_stderr(line: str) -> None:
    print(f"tabletop host: {line}", file=sys.stderr, flush=True)


def new_code() -> str:
    """A join code: CODE_BYTES random bytes in URL-safe base64. Never one starting with
    '-': `tabletop join URL CODE` would take it for an option and refuse to start."""
    while (code := secrets.token_urlsafe(wire.CODE_BYTES)).startswith("-"):
        pass
    return code


def _code_key(code: str) -> bytes:
    """Codes are looked up by their hash: a lookup's timing says nothing of the codes."""
    return hashlib.sha256(code.encode("utf-8", "surrogatepass")).digest()


class Bucket:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once."""

    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate, self.burst = rate, burst
        self._tokens = burst
        self._last = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True


class Link:
    """One connection playing one seat. Messages leave in the order they are sent,
    through one writer, so a slow connection never holds up the game or other seats.
    ``log_length``: how much of the seat's log it has (None: the next update sends all)."""

    def __init__(self, ws: ServerConnection, seat: int) -> None:
        self.ws = ws
        self.seat = seat
        self.log_length: int | None = None
        self.closing = False
        self._outbox: asyncio.Queue[bytes | None] = asyncio.Queue()  # None: no more
        self._tasks = {asyncio.create_task(self._write())}

    def send(self, message: bytes) -> None:
        """Queue one message (UTF-8 JSON, sent as a text message)."""
        if self._outbox.qsize() >= OUTBOX_LIMIT:
            self.close(1008, "too far behind: this client does not read the host's messages")
        elif not self.closing:
            self._outbox.put_nowait(message)

    def close(self, code: int, reason: str) -> None:
        """Close the connection (once); what is still to send is dropped."""
        if not self.closing:
            self.closing = True
            self._outbox.put_nowait(None)
            self._run(self.ws.close(code, reason))

    def stop(self) -> None:
        """The connection is over: the writer ends once the messages before are sent."""
        self._outbox.put_nowait(None)

    def _run(self, job: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(job)
        self._tasks.add(task)  # a task nobody refers to may be collected before it runs
        task.add_done_callback(self._tasks.discard)

    async def _write(self) -> None:
        with suppress(ConnectionClosed):
            while (message := await self._outbox.get()) is not None:
                await self.ws.send(message, text=True)


class HostedGame:
    """A game the host serves: the session, one join code per seat, the seats connected."""

    def __init__(
        self,
        session: GameSession,
        codes: Sequence[str],
        clock: Clock,
        report: Report = _to_stderr,
    ) -> None:
        self.session = session
        self.engine = session.engine
        self.codes = tuple(codes)
        self.names = tuple(seat.name for seat in session.seats)
        self.links: dict[int, Link] = {}
        self.version = 0
        self.paced = PacedSeats(session, paced_bots(session))
        """The seats the host's bots play (real time only: HostError otherwise)."""
        self._clock = clock
        # The game clock goes on from the last reading the record holds (or, if later,
        # the one saved while the clocks ran: the session resumed there): the time the
        # host was stopped does not count.
        last = max(_last_reading(session.record), session.clock_saved or 0.0)
        self._offset = last - clock.now()
        self._report = report
        self._seen: set[int] = set()  # seats that joined since the host started
        self._held = False  # the host paused the clocks for a seat away
        self._save_problem: str | None = None  # the save failure last told
        self._told_end = False
        self.stopping = False  # the host is closing: seats leaving are not away
        self._seen_state: Any = None  # the state the cached views and legal actions are of
        self._views: dict[int, BaseModel] = {}
        self._legals: dict[int, list[dict[str, Any]]] = {}
        self._applying = False  # the host is making a move (it publishes it itself)
        session.watchers.append(self._moved_here)
        self._tell_presence()
        self._hold_clocks(None)  # a game running when its host stopped waits for its seats

    # -- reading ------------------------------------------------------------------

    def now(self) -> float:
        """The game clock: seconds, as every real-time action is stamped."""
        return self._offset + self._clock.now()

    @property
    def away(self) -> list[int]:
        """Seats whose players are not here: not connected, nor at the host's own
        keyboard (a game hosted from the app plays its other seats there)."""
        here = self.session.here if self.session.elsewhere else ()
        return [
            seat
            for seat in range(len(self.names))
            if seat not in self.links and seat not in here and seat not in self.paced.bots
        ]

    @property
    def over(self) -> bool:
        return self.session.outcome is not None

    # -- seats coming and going ---------------------------------------------------------

    def attach(self, ws: ServerConnection, seat: int) -> Link:
        """``ws`` plays ``seat`` from now on; a connection that played it before is closed."""
        old = self.links.get(seat)
        link = self.links[seat] = Link(ws, seat)
        if old is not None:
            old.close(wire.REPLACED, "this seat joined again on another connection")
        name = self.names[seat]
        joined: wire.Joined = {
            "ok": True,
            "seat": seat,
            "game": self.engine.name,
            "title": self.engine.title,
            "players": list(self.names),
            "options": dict(self.session.setup.options),
            "game_id": self.session.game_id,
        }
        link.send(encode(joined))
        notice = f"{name} is back." if seat in self._seen else f"{name} joined."
        self._seen.add(seat)
        self._report(f"{notice} ({ws.remote_address[0]})")
        self._tell_presence()
        self._catch_up()
        self._hold_clocks(seat)
        self.publish(notice)
        return link

    def detach(self, link: Link) -> None:
        """The connection ``link`` is gone; its seat is away unless another took it over."""
        link.stop()
        if self.links.get(link.seat) is not link:
            return
        del self.links[link.seat]
        if self.stopping:  # a resumed host pauses a running game until all are back
            return
        self._tell_presence()
        self._catch_up()
        self._hold_clocks(link.seat)
        notice = f"{self.names[link.seat]} is away."
        if self._held:
            notice += " The clocks are paused until everyone is back."
        self._report(notice)
        self.publish(notice)

    def _hold_clocks(self, seat: int | None) -> None:
        """Real time: pause while a seat is away (as that seat), resume once all are back
        (as ``seat``, the last to come back) if it was the host that paused. A host
        starting (``seat`` None) holds a game whose clocks ran when it was closed."""
        if not self.engine.realtime or self.over:
            return
        away = self.away
        action = None
        if away and not self._held:
            action = self._clock_action(away[0], PAUSE, reopened=seat is None)
            self._held = action is not None
        elif not away and self._held and seat is not None:
            self._held = False
            action = self._clock_action(seat, RESUME)
        if action is None:
            return
        try:
            self._apply(action)
        except ProtocolError as failed:  # the store refused it: the clocks are as they were
            self._held = not self._held
            self._report(f"could not {action.kind}: {failed.message}")  # type: ignore[attr-defined]

    def _clock_action(self, seat: int, kind: str, *, reopened: bool = False) -> Action | None:
        """Pocket Dragon's pause or resume for ``seat``, stamped with the host's clock and
        its cause (a seat away, or a game ``reopened``), which the log tells (PD-TIME-7)."""
        from tabletop.games.pocketdragon.model import caused

        for action in self.session.legal_actions(seat):
            if getattr(action, "kind", None) == kind:
                return caused(action, self.now(), reopened=reopened)
        return None

    # -- requests -----------------------------------------------------------------------

    def handle(self, link: Link, message: str | bytes) -> bytes:
        """The answer to one message of a joined connection."""
        try:
            request = wire.parse_message(message)
            if "seat" in request and not wire.is_seat(request["seat"], link.seat):
                raise ProtocolError(
                    "PROTO-SEAT", f"this connection plays seat {link.seat} only; leave out 'seat'"
                )
            op = request.get("op")
            if op == "join":
                raise ProtocolError("PROTO-JOIN", f"already joined, as seat {link.seat}")
            if op not in wire.SEAT_OPS:
                ops = ", ".join(wire.SEAT_OPS)
                raise ProtocolError("PROTO-OP", f"unknown op {op!r}; the ops are: {ops}")
            self._catch_up()
            if op == "act":
                return encode({"ok": True, **self._act(link.seat, request)})
            if op == "legal":
                return encode(
                    {"ok": True, "version": self.version, "actions": self._legal(link.seat)}
                )
            return encode({"ok": True, "version": self.version, "view": self._view(link.seat)})
        except (ProtocolError, IllegalAction) as refused:
            return encode(refusal(refused.rule, refused.message))
        except Exception as exc:  # a bug must not end the game for everyone
            where = "".join(traceback.format_tb(exc.__traceback__))
            # The exception's text may name a hidden card: the host's log gets where it
            # happened, the client only that it did.
            self._report(f"internal error {type(exc).__name__}:\n{where}")
            return encode(refusal("PROTO-INTERNAL", "an internal error in the host (see its log)"))

    def _fresh(self) -> None:
        """Forget the views and legal actions built for a state that is gone."""
        if self._seen_state is not self.session.state:
            self._seen_state = self.session.state
            self._views.clear()
            self._legals.clear()

    def _view(self, seat: int) -> BaseModel:
        """The seat's view now, built once per state (an update and an answer share it)."""
        self._fresh()
        if seat not in self._views:
            self._views[seat] = self.session.view(seat)
        return self._views[seat]

    def _legal(self, seat: int) -> list[dict[str, Any]]:
        """The seat's legal actions now, as JSON data, built once per state."""
        self._fresh()
        if seat not in self._legals:
            actions = [] if self.over else self.session.legal_actions(seat)
            self._legals[seat] = self.engine.dump_actions(actions)
        return self._legals[seat]

    def _act(self, seat: int, request: dict[str, Any]) -> dict[str, Any]:
        data = request.get("action")
        if not isinstance(data, dict):
            raise ProtocolError("PROTO-ARGS", "act needs an 'action' object")
        if "seat" in data and not wire.is_seat(data["seat"], seat):
            raise ProtocolError("PROTO-SEAT", f"this connection acts for seat {seat} only")
        clock = {"now": self.now()} if self.engine.realtime else {}  # the host's, always
        action = self.engine.parse_action({**data, **clock, "seat": seat})
        if getattr(action, "cause", None) is not None:  # a seat away, a game reopened
            raise ProtocolError(
                "PROTO-HOST", "only the host pauses or resumes the clocks for a cause; leave it out"
            )
        away = self.away
        if self.engine.realtime and away and getattr(action, "kind", None) in CLOCK_STARTS:
            names = " and ".join(self.names[s] for s in away)
            are = "is" if len(away) == 1 else "are"
            raise ProtocolError(
                "PROTO-AWAY", f"{names} {are} away: the clocks run again once all are back."
            )
        transition = self._apply(action)
        self.publish(self._save_notice(), last=seat)
        # What changed, as the engine protocol answers act; the update just sent to this
        # seat (before this answer) holds its view and legal actions.
        return {
            "version": self.version,
            "moves": self.session.moves,
            "to_act": self.session.to_act,
            "outcome": self.session.outcome,
            "events": _readable(transition.events, seat),
        }

    def _apply(self, action: Action) -> Transition[Any]:
        self._applying = True
        try:
            return self.session.act(action)
        except StoreConflict as conflict:
            raise ProtocolError(
                "PROTO-SAVE", f"{conflict}: the move was not made. Restart the host to go on."
            ) from None
        finally:
            self._applying = False

    def _moved_here(self, transition: Transition[Any] | None) -> None:
        """A move made on the session by a screen of this process (a game hosted from
        the app, its other seats at this keyboard) goes to every connected seat."""
        if transition is not None and not self._applying:
            self.publish(self._save_notice())

    def _tell_presence(self) -> None:
        """The session's screen here learns who of the seats elsewhere is away."""
        if self.session.elsewhere:
            self.session.away = tuple(s for s in self.away if s in self.session.elsewhere)
            self.session.changed(None)

    def _save_notice(self) -> str | None:
        """Said once when moves stop being saved (a full disk), once when they are again."""
        problem = self.session.save_problem
        if problem == self._save_problem:
            return None
        self._save_problem = problem
        if problem is None:
            return "Every move is saved again."
        return f"{problem}. The game goes on, but its latest moves are not saved yet."

    # -- the clock ----------------------------------------------------------------------

    def _catch_up(self) -> None:
        """Real time: run the clocks to now; an end on the clock is told to every seat."""
        if self.engine.realtime and not self.over:
            self.session.advance(self.now())
            if self.over:
                self.publish()

    def pace(self) -> None:
        """Real time: the bot due now, if one is, makes its move (the clocks run to now
        first, so its move is stamped with the host's clock), shown to every seat."""
        bots = self.paced.bots
        if not bots or self.over or not self.links:
            return
        now = self.now()
        if min(bot.due for bot in bots.values()) > now:
            return
        self._catch_up()
        action = self.paced.due_move(now)
        if action is None:
            return
        try:
            self._apply(action)
        except ProtocolError as failed:
            self._report(f"the bot's move was not made: {failed.message}")
            return
        self.publish(self._save_notice())

    def tick(self) -> None:
        """Real time: run the clocks and show them, if they run."""
        if not self.engine.realtime or self.over or not self.links:
            return
        before = self.engine.state_json(self.session.state)
        self.session.advance(self.now())
        if self.engine.state_json(self.session.state) != before:
            self.publish()

    # -- updates -----------------------------------------------------------------------

    def publish(self, notice: str | None = None, last: int | None = None) -> None:
        """Send every connected seat what it sees now, with the log lines it may read that
        it has not had (a move's, and what the clocks did between moves); seat ``last``
        (the one that moved, which is answered too) after the others."""
        self.version += 1
        away = self.away
        seats: list[wire.SeatPresence] = [
            {"name": name, "connected": seat not in away} for seat, name in enumerate(self.names)
        ]
        for link in sorted(self.links.values(), key=lambda link: link.seat == last):
            link.send(self._update(link, seats, notice))
        outcome = self.session.outcome
        if outcome is not None and not self._told_end:
            self._told_end = True
            self._report(f"the game is over: {outcome.summary}")

    def _update(self, link: Link, seats: list[wire.SeatPresence], notice: str | None) -> bytes:
        seat = link.seat
        log_from = link.log_length or 0  # the whole log in a seat's first update
        log = self.session.log(seat)[log_from:]  # a hosted game's log only grows (no undo)
        link.log_length = log_from + len(log)
        update: wire.Update = {
            "version": self.version,
            "moves": self.session.moves,
            "to_act": list(self.session.to_act),
            "outcome": self.session.outcome,
            "view": self._view(seat),
            "legal": self._legal(seat),
            "log_from": log_from,
            "log": log,
            "seats": seats,
            "notice": notice,
        }
        return encode({"update": update})


def _readable(events: Sequence[Event], seat: int) -> list[str]:
    return [e.text for e in events if e.private_to is None or e.private_to == seat]


def _last_reading(record: GameRecord) -> float:
    """The latest game-clock reading a real-time record holds (0 for a turn-based game)."""
    readings = [float(a["now"]) for a in record.actions if "now" in a]
    if record.ended_at is not None:
        readings.append(record.ended_at)
    return max(readings, default=0.0)


class Busy(Exception):
    """This address has its share of join codes being checked: try again (the code was
    not looked at)."""


class Host:
    """Serves hosted games over WebSocket; a join code picks the game and the seat.

    ``origins``: the web pages of this host (`tabletop host --web`'s), the only ones
    whose scripts may connect (a browser says which page opens a socket; a terminal or
    script client says none and is let in)."""

    def __init__(
        self, clock: Clock | None = None, report: Report = _to_stderr, tick_s: float = TICK_S
    ) -> None:
        self.clock = clock if clock is not None else MonotonicClock()
        self.games: list[HostedGame] = []
        self.report = report
        self.done = asyncio.Event()  # every game over and every seat gone
        self.origins: frozenset[str] = frozenset()
        self.refusals = RefusalLog(report)
        self._seats: dict[bytes, tuple[HostedGame, int]] = {}
        self._joining = Quota(MAX_JOINING_PER_ADDRESS, MAX_JOINING)
        self._checks = Quota(MAX_CHECKS_PER_ADDRESS, MAX_CHECKS)
        self._tick_s = tick_s
        self._server: Server
        self._ticker: asyncio.Task[None]
        self._pacer: asyncio.Task[None]

    def seat_of(self, code: str) -> tuple[HostedGame, int] | None:
        """The game and seat ``code`` joins, if it is one of this host's codes."""
        return self._seats.get(_code_key(code))

    async def check_code(self, address: str, code: str) -> tuple[HostedGame, int] | None:
        """The game and seat of ``code``, or None (after REFUSE_DELAY_S) if it is none of
        this host's; Busy, unchecked, if ``address`` has its share of checks under way."""
        if not self._checks.take(address):
            raise Busy
        try:
            found = self.seat_of(code)
            if found is None:
                await asyncio.sleep(REFUSE_DELAY_S)
                self.refusals.refused(address, "a wrong join code")
            return found
        finally:
            self._checks.give(address)

    def add(self, session: GameSession, codes: Sequence[str]) -> HostedGame:
        game = HostedGame(session, codes, self.clock, self.report)
        keys = {
            _code_key(code): seat
            for seat, code in enumerate(game.codes)
            if seat not in game.paced.bots  # a bot's seat is never joined
        }
        if len(keys) != len(game.names) - len(game.paced.bots) or keys.keys() & self._seats.keys():
            raise ValueError("every seat needs a join code of its own")
        self._seats.update({key: (game, seat) for key, seat in keys.items()})
        self.games.append(game)
        return game

    async def start(
        self, bind: str = "127.0.0.1", port: int = 0, tls: ssl.SSLContext | None = None
    ) -> int:
        """Listen on ``bind``:``port`` (0: a free port) and return the port."""
        self._server = await serve(
            self._connection,
            bind,
            port,
            ssl=tls,
            process_request=self._check_origin,
            compression=None,  # small messages; no deflate state per connection
            max_size=wire.MAX_REQUEST,
            max_queue=4,
            ping_interval=PING_S,
            ping_timeout=PING_S,
            open_timeout=JOIN_TIMEOUT_S,
            close_timeout=CLOSE_S,
            server_header=None,
        )
        self._ticker = asyncio.create_task(self._tick())
        self._pacer = asyncio.create_task(self._pace())
        port_bound: int = self._server.sockets[0].getsockname()[1]
        return port_bound

    async def close(self) -> None:
        """Stop: every connection is closed as going away (1001), so clients reconnect.
        Nothing is recorded for the seats leaving (a real-time game stays running in its
        record, and the host that resumes it holds its clocks until all are back)."""
        for game in self.games:
            game.stopping = True
        self._ticker.cancel()
        self._pacer.cancel()
        self._server.close()
        await self._server.wait_closed()

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(self._tick_s)
            for game in self.games:
                game.tick()

    async def _pace(self) -> None:
        while True:
            await asyncio.sleep(PACE_S)
            for game in self.games:
                game.pace()

    def _check_origin(self, ws: ServerConnection, request: Request) -> Response | None:
        """A page's script may connect only from this host's own pages."""
        origin = request.headers.get("Origin")
        if origin is None or origin in self.origins:
            return None
        self.refusals.refused(address_key(ws.remote_address[0]), f"a page of {origin!r}")
        return ws.respond(HTTPStatus.FORBIDDEN, "Not from a page of this host.\n")

    async def _connection(self, ws: ServerConnection) -> None:
        address = address_key(ws.remote_address[0])
        if not self._joining.take(address):
            self.refusals.refused(address, "a connection: too many joining at once")
            await ws.close(1013, "too many connections joining at once: try again")
            return
        try:
            joined = await self._join(ws, address)
        finally:
            self._joining.give(address)
        if joined is None:
            return
        game, link = joined
        bucket = Bucket()
        flooded = False
        try:
            async for message in ws:
                flooded = not bucket.take()
                if flooded:
                    break
                link.send(game.handle(link, message))
                await asyncio.sleep(0)  # messages may wait in a row: let others have a turn
        except ConnectionClosed:
            pass
        finally:
            game.detach(link)
            self._check_done()
        if flooded:
            self.report(f"cut off seat {link.seat}'s connection: too many messages")
            await ws.close(1008, "too many messages: slow down")

    async def _join(self, ws: ServerConnection, address: str) -> tuple[HostedGame, Link] | None:
        """The connection's seat, from the join code it sends first; None if refused."""
        try:
            async with asyncio.timeout(JOIN_TIMEOUT_S):
                text = await ws.recv()
            request = wire.parse_message(text)
            if request.get("op") != "join":
                raise ProtocolError("PROTO-JOIN", "join first: send join with your seat's code")
            code = request.get("code")
            if not isinstance(code, str):
                raise ProtocolError("PROTO-ARGS", "join needs 'code', your seat's join code")
            found = await self.check_code(address, code)
            if found is None:
                raise ProtocolError(
                    "PROTO-CODE", "that is not a join code of this host (codes are case-sensitive)"
                )
        except TimeoutError:
            await ws.close(1008, f"no join within {JOIN_TIMEOUT_S:g} s")
            return None
        except Busy:
            self.refusals.refused(address, "a join: too many codes checked at once")
            await ws.close(1013, "too many joins at once from your address: try again")
            return None
        except ProtocolError as refused:
            with suppress(ConnectionClosed):
                await ws.send(encode(refusal(refused.rule, refused.message)), text=True)
                await ws.close(1008, refused.rule)
            return None
        except ConnectionClosed:
            return None
        game, seat = found
        return game, game.attach(ws, seat)

    def _check_done(self) -> None:
        if all(game.over and not game.links for game in self.games):
            self.done.set()


class HostError(Exception):
    """`tabletop host` cannot start; the message says why, in players' words."""


def paced_bots(session: GameSession) -> dict[int, PacedBot]:
    """The bots of a game's bot seats, each seeded as at one keyboard; HostError if one
    is not a real-time bot (a turn-based game's bots play at one keyboard only)."""
    from tabletop.games import make_bot

    record = session.record
    bots: dict[int, PacedBot] = {}
    for seat, info in enumerate(session.seats):
        if info.bot is None:
            continue
        bot = make_bot(record.game, info.bot, record.seed + seat)
        if not isinstance(bot, PacedBot):
            raise HostError(
                f"{info.name} is a bot: a hosted {session.engine.title} game is played by "
                "people only (a real-time game's partner bot may sit at one)"
            )
        bots[seat] = bot
    return bots


def codes_for(store: Store, session: GameSession) -> list[str]:
    """The game's join codes, one per seat, as kept with it (new ones the first time)."""
    key = CODES_SETTING.format(game_id=session.game_id)
    codes = store.settings().get(key)
    if not (
        isinstance(codes, list)
        and len(codes) == len(session.seats)
        and all(isinstance(c, str) and len(c) >= wire.CODE_BYTES for c in codes)
    ):
        codes = [new_code() for _ in session.seats]
        failed = store.save_setting(key, codes)
        if failed is not None:
            raise HostError(f"cannot keep the join codes with the game: {failed}")
    return codes


def server_tls(tls: tuple[Path, Path]) -> ssl.SSLContext:
    """The host's TLS from a certificate file and its key; HostError if they do not do."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        context.load_cert_chain(tls[0], tls[1])
    except (OSError, ssl.SSLError) as exc:
        raise HostError(f"cannot use the certificate {tls[0]} and key {tls[1]}: {exc}") from None
    return context
