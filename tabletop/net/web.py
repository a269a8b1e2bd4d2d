"""`tabletop host --web`: browser seats, through textual-serve.

A player with only a browser opens their seat's link, ``http://ADDRESS:PORT/seat/CODE``.
textual-serve's page (a terminal drawn by its JavaScript) is served here and, for each
browser tab, one process runs on the host's computer, its screen relayed to the tab
and the tab's keys to it: here that process is ``tabletop join URL``, the seat's own
game screen, joined to the host (net/server.py) over loopback like any other seat. So
a browser seat is exactly a terminal seat: the same screen, the same code, the same
view. The code goes to the process as the first line of its standard input, never on
its command line or in its environment, where every user of the computer could read it.

The code is checked before anything runs (a wrong one is refused after the host's
delay, and starts no process), and each seat has at most one process: a second tab
with the same code ends the first one's (as a second `tabletop join` would take the
seat over). The port holds against strangers as the host's own does: connections and
code checks have a share per address (net/admission.py), a connection must send its
request within HEADER_S and is closed once idle that long, every page says it may not
be framed nor its types guessed and which scripts it runs, and a page of another site
may not open a seat's socket.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import os
import re
import shlex
import ssl
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeGuard

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web
from aiohttp.web_protocol import RequestHandler
from textual_serve.app_service import AppService
from textual_serve.server import Server

from tabletop.core.store import default_path
from tabletop.net.address import address_for_others, loopback
from tabletop.net.admission import Quota, address_key
from tabletop.net.server import Busy, Host

HEADER_S = 10.0
"""A connection must have sent a whole request this soon after it opened, or after the
answer to its last one (an idle keep-alive is closed then too); a tab's open socket is
not idle."""
MAX_CONNECTIONS = 512
MAX_CONNECTIONS_PER_ADDRESS = 32
"""Connections open at once, at most, and from one address (a browser opens about 6 a
page, and one socket per tab); more are closed at once."""
QUIT_S = 5.0
"""A tab's process told to quit has this long to end before it is killed."""
FONT_SIZES = range(6, 65)
TERMINAL_COLUMNS = range(1, 1001)
TERMINAL_ROWS = range(1, 501)


def browser_seats_dir(data_dir: Path | None) -> Path:
    """Where the browser seats keep their own settings (theme, bell...): one folder beside
    the host's saved games, which every `tabletop host --web` on them reuses. Not a
    temporary folder: a host killed (SIGKILL) could not remove it."""
    return default_path(data_dir).parent / "browser-seats"


def web_origins(bind: str, port: int, encrypted: bool) -> tuple[str, ...]:
    """The origins of this host's pages: first the one its links name (the address the
    players are given), then, when it listens on loopback too, loopback's names."""
    scheme = "https" if encrypted else "http"
    origins = [f"{scheme}://{address_for_others(bind)}:{port}"]
    if bind in ("0.0.0.0", "::", "") or loopback(bind):
        origins += [f"{scheme}://{name}:{port}" for name in ("127.0.0.1", "localhost", "[::1]")]
    return tuple(dict.fromkeys(origins))


def content_security_policy(template: str, origins: tuple[str, ...]) -> str:
    """The page's policy: its own scripts only (the template's inline ones by their hash),
    its sockets to its own origins, never framed."""
    inline = re.findall(r"<script>(.*?)</script>", template, re.DOTALL)
    inline += re.findall(r'\son[a-zA-Z]+="([^"]*)"', template)
    hashes = " ".join(
        f"'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'" for s in inline
    )
    sockets = " ".join(origin.replace("http", "ws", 1) for origin in origins)
    return "; ".join(
        [
            "default-src 'none'",
            f"script-src 'self' 'unsafe-hashes' {hashes}",
            "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
            "font-src 'self' https://fonts.gstatic.com",
            "img-src 'self'",
            f"connect-src 'self' {sockets}",
            "frame-ancestors 'none'",
            "base-uri 'none'",
            "form-action 'none'",
        ]
    )


def _query_int(request: web.Request, name: str, default: int, allowed: range) -> int:
    """A whole number from the query, in ``allowed``; 400 if it is not one."""
    text = request.query.get(name)
    if text is None:
        return default
    if not (text.isascii() and text.isdecimal() and len(text) <= 4 and int(text) in allowed):
        raise web.HTTPBadRequest(
            text=f"{name} must be a whole number from {allowed.start} to {allowed.stop - 1}."
        )
    return int(text)


def _within(value: object, allowed: range) -> TypeGuard[int]:
    return type(value) is int and value in allowed


class SeatService(AppService):
    """textual-serve's process for one tab, given the seat's code on its standard input
    (its first line, before anything the tab sends)."""

    def __init__(self, command: str, code: str, **kwargs: Any) -> None:
        super().__init__(command, **kwargs)
        self._code = code

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        process = await super()._open_app_process(width, height)
        self.stdin.write(self._code.encode("ascii") + b"\n")
        return process

    async def stop(self) -> None:
        """textual-serve's, which tells the process to quit and waits for its output to
        end, then its exit awaited; killed if it has not ended QUIT_S after it was told.
        Its transport closes while the loop sees the exit, not later in the collector,
        where closing it fails once the loop has stopped. (A timeout around textual-serve's
        wait would be lost: its reading task swallows the cancellation.)"""
        process = self._process
        if process is None:
            await super().stop()
            return
        kill = asyncio.get_running_loop().call_later(QUIT_S, _kill_if_running, process)
        try:
            await super().stop()
            await process.wait()
        finally:
            kill.cancel()


def _kill_if_running(process: asyncio.subprocess.Process) -> None:
    if process.returncode is None:
        process.kill()


class _CountingServer(web.Server):
    """aiohttp's server, which closes a connection at once past its address's share."""

    def __init__(self, made: web.Server, quota: Quota, refused: Callable[[str], None]) -> None:
        super().__init__(
            made.request_handler,
            request_factory=made.request_factory,
            handler_cancellation=made.handler_cancellation,
            **made._kwargs,
        )
        self._quota = quota
        self._refused = refused
        self._addresses: dict[RequestHandler, str] = {}

    def connection_made(self, handler: RequestHandler, transport: asyncio.Transport) -> None:
        super().connection_made(handler, transport)
        peer = transport.get_extra_info("peername")
        address = address_key(peer[0] if peer else None)
        if self._quota.take(address):
            self._addresses[handler] = address
        else:
            self._refused(address)
            # once the handler has started (closed at once, it would start on nothing)
            asyncio.get_running_loop().call_soon(handler.force_close)

    def connection_lost(self, handler: RequestHandler, exc: BaseException | None = None) -> None:
        super().connection_lost(handler, exc)
        address = self._addresses.pop(handler, None)
        if address is not None:
            self._quota.give(address)


class _SeatRunner(web.AppRunner):
    def __init__(self, app: web.Application, quota: Quota, refused: Callable[[str], None]):
        super().__init__(app, access_log=None, handle_signals=False, keepalive_timeout=HEADER_S)
        self._quota, self._refused = quota, refused

    async def _make_server(self) -> web.Server:
        return _CountingServer(await super()._make_server(), self._quota, self._refused)


class SeatServer(Server):
    """textual-serve's server, with one page and one process per seat's code."""

    def __init__(self, host: Host, join_url: str, data_dir: Path, cafile: Path | None) -> None:
        super().__init__(command="tabletop join", title="tabletop")
        self.tabletop_host = host
        self.join_url = join_url
        self.data_dir = data_dir
        self.cafile = cafile
        self.origins: tuple[str, ...] = ()
        """This server's own origins (``web_origins``), once it listens."""
        self._policy = ""
        self._tabs: dict[str, asyncio.Task[Any]] = {}  # the tab playing each code now

    def command_for(self) -> str:
        """A seat's game screen, joined to this host: `tabletop join URL`, which reads the
        code from its standard input. On a POSIX system the shell textual-serve starts it
        with is replaced by it (exec), so that this host is its parent: it ends once this
        host is gone, even killed (``--host-pid``), instead of rejoining a resumed host
        for a page long closed."""
        args = [sys.executable, "-m", "tabletop", "--data-dir", str(self.data_dir)]
        args += ["join", self.join_url]
        if self.cafile is not None:
            args += ["--cafile", str(self.cafile)]
        if os.name != "posix":
            return shlex.join(args)
        return "exec " + shlex.join([*args, "--host-pid", str(os.getpid())])

    def listening(self, origins: tuple[str, ...]) -> None:
        """Where the pages are served, once known: links and sockets name ``origins[0]``."""
        self.origins = origins
        self.tabletop_host.origins = frozenset(origins)
        template = (self.templates_path / "app_index.html").read_text(encoding="utf-8")
        self._policy = content_security_policy(template, origins)

    def refused(self, address: str, what: str) -> None:
        self.tabletop_host.refusals.refused(address, f"{what} (web)")

    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._check_origin])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.router.add_get("/seat/{code}", self.handle_seat, name="seat")
        app.router.add_get("/ws/{code}", self.handle_seat_socket, name="seat-socket")
        app.router.add_static("/static", self.statics_path, name="static")  # no listing
        app.on_response_prepare.append(self._secure_headers)
        return app

    @web.middleware
    async def _check_origin(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        """A request a page of another site makes (its Origin says so) is refused."""
        origin = request.headers.get("Origin")
        if origin is not None and origin not in self.origins:
            self.refused(address_key(request.remote), f"a page of {origin!r}")
            raise web.HTTPForbidden(text="Not from a page of this host.")
        return await handler(request)

    async def _secure_headers(self, request: web.Request, response: web.StreamResponse) -> None:
        response.headers["Content-Security-Policy"] = self._policy
        response.headers["X-Frame-Options"] = "DENY"
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"

    async def _checked(self, request: web.Request) -> str:
        """The request's code, if it is one of this host's; else refused (slowly, or at
        once and unchecked when its address has its share of checks under way)."""
        code = request.match_info["code"]
        address = address_key(request.remote)
        try:
            found = await self.tabletop_host.check_code(address, code)
        except Busy:
            self.refused(address, "a link: too many codes checked at once")
            raise web.HTTPTooManyRequests(text="Too many tries at once: try again.") from None
        if found is None:
            raise web.HTTPForbidden(text="That is not a join code of this game.")
        return code

    async def handle_seat(self, request: web.Request) -> web.Response:
        """The page of one seat: textual-serve's, its terminal connected to this seat."""
        font_size = _query_int(request, "fontsize", 16, FONT_SIZES)
        code = await self._checked(request)
        origin = self.origins[0]
        socket = request.app.router["seat-socket"].url_for(code=code)
        static = request.app.router["static"].url_for(filename="/")
        context = {
            "font_size": font_size,
            "app_websocket_url": f"{origin.replace('http', 'ws', 1)}{socket}",
            "config": {"static": {"url": f"{origin}{str(static).rstrip('/')}/"}},
            "application": {"name": "tabletop"},
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        response.headers["Cache-Control"] = "no-store"  # the page names a code
        return response

    async def handle_seat_socket(self, request: web.Request) -> web.WebSocketResponse:
        """One tab's terminal: the seat's game screen runs for it. A tab already open for
        this code is closed first: one process per seat."""
        width = _query_int(request, "width", 80, TERMINAL_COLUMNS)
        height = _query_int(request, "height", 24, TERMINAL_ROWS)
        code = await self._checked(request)
        earlier = self._tabs.get(code)
        if earlier is not None:
            earlier.cancel()
        this = asyncio.current_task()
        assert this is not None
        self._tabs[code] = this
        websocket = web.WebSocketResponse(heartbeat=15)
        service: SeatService | None = None
        try:
            await websocket.prepare(request)
            service = SeatService(
                self.command_for(),
                code,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,
                download_manager=self.download_manager,
            )
            await service.start(width, height)
            await self._relay(websocket, service)
        except asyncio.CancelledError:
            await websocket.close()
        finally:
            if service is not None:
                await service.stop()
            if self._tabs.get(code) is this:
                del self._tabs[code]
        return websocket

    async def _relay(self, websocket: web.WebSocketResponse, service: SeatService) -> None:
        """The tab's messages to its process: keys, its size, focus; anything else, or a
        size out of range, is left out."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                kind, data = message.json()
            except (ValueError, TypeError):
                continue
            if kind == "stdin" and isinstance(data, str):
                await service.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                width, height = data.get("width"), data.get("height")
                if _within(width, TERMINAL_COLUMNS) and _within(height, TERMINAL_ROWS):
                    await service.set_terminal_size(width, height)
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await service.blur()
            elif kind == "focus":
                await service.focus()


async def serve_web(
    server: SeatServer, bind: str, port: int, tls: ssl.SSLContext | None
) -> tuple[web.AppRunner, int]:
    """Start ``server`` on ``bind``:``port`` (0: a free one) in the running loop; the
    runner (to stop it: ``cleanup``) and the port."""
    quota = Quota(MAX_CONNECTIONS_PER_ADDRESS, MAX_CONNECTIONS)
    runner = _SeatRunner(
        await server._make_app(), quota, lambda address: server.refused(address, "a connection")
    )
    await runner.setup()
    site = web.TCPSite(runner, bind, port, ssl_context=tls)
    await site.start()
    bound: int = runner.addresses[0][1]
    server.listening(web_origins(bind, bound, tls is not None))
    return runner, bound
