"""`tabletop host --web`: browser seats, through textual-serve.

A player with only a browser opens their seat's link, ``http://ADDRESS:PORT/seat/CODE``.
textual-serve serves the page (a terminal drawn by its JavaScript) and, for each
browser tab, runs one process on the host's computer and relays the tab's keys and
the process's screen: here that process is ``tabletop join URL CODE``, the seat's own
game screen, joined to this host over loopback like any other seat. So a browser
seat is exactly a terminal seat: the same screen, the same code, the same view.

The code is checked before anything runs (a wrong one is refused after the host's
delay, and starts no process), and each seat has at most one process: a second tab
with the same code ends the first one's (as a second `tabletop join` would take the
seat over). Codes are URL-safe base64, and go to the process as one argument.
"""

from __future__ import annotations

import asyncio
import contextvars
import os
import re
import shlex
import ssl
import sys
from pathlib import Path
from typing import Any

import aiohttp_jinja2
from aiohttp import web
from textual_serve.server import Server

from tabletop.core.store import default_path
from tabletop.net.host import REFUSE_DELAY_S, Host, Report

_CODE = re.compile(r"[A-Za-z0-9_-]{16,64}")
_command: contextvars.ContextVar[str] = contextvars.ContextVar("seat_command")


def browser_seats_dir(data_dir: Path | None) -> Path:
    """Where the browser seats keep their own settings (theme, bell...): one folder beside
    the host's saved games, which every `tabletop host --web` on them reuses. Not a
    temporary folder: a host killed (SIGKILL) could not remove it."""
    return default_path(data_dir).parent / "browser-seats"


class SeatServer(Server):
    """textual-serve's server, with one page and one process per seat's code."""

    def __init__(
        self,
        host: Host,
        join_url: str,
        data_dir: Path,
        cafile: Path | None,
        report: Report,
    ) -> None:
        super().__init__(command="tabletop join", title="tabletop")
        self.tabletop_host = host
        self.join_url = join_url
        self.data_dir = data_dir
        self.cafile = cafile
        self.report = report
        self._tabs: dict[str, asyncio.Task[Any]] = {}  # the tab playing each code now

    # textual-serve runs ``self.command`` for each tab; here it is the command of the
    # code this request is for (a context variable: each request is a task of its own).
    @property
    def command(self) -> str:
        return _command.get()

    @command.setter
    def command(self, value: str) -> None:
        """textual-serve's own command is never used."""

    def command_for(self, code: str) -> str:
        """The seat's game screen, joined to this host: `tabletop join URL CODE`. On a
        POSIX system the shell textual-serve starts it with is replaced by it (exec),
        so that this host is its parent: it ends once this host is gone, even killed
        (``--host-pid``), instead of rejoining a resumed host for a page long closed."""
        args = [sys.executable, "-m", "tabletop", "--data-dir", str(self.data_dir)]
        args += ["join", self.join_url, code]
        if self.cafile is not None:
            args += ["--cafile", str(self.cafile)]
        if os.name != "posix":
            return shlex.join(args)
        return "exec " + shlex.join([*args, "--host-pid", str(os.getpid())])

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.router.add_get("/seat/{code}", self.handle_seat, name="seat")
        app.router.add_get("/ws/{code}", self.handle_seat_socket, name="seat-socket")
        return app

    async def on_startup(self, app: web.Application) -> None:
        """Quiet: `tabletop host` prints every seat's link itself."""

    async def _checked(self, request: web.Request) -> str:
        """The request's code, if it is one of this host's; else refused, slowly."""
        code = request.match_info["code"]
        if _CODE.fullmatch(code) and self.tabletop_host.seat_of(code) is not None:
            return code
        await asyncio.sleep(REFUSE_DELAY_S)
        self.report(f"refused a wrong join code from a browser at {request.remote}")
        raise web.HTTPForbidden(text="That is not a join code of this game.")

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        raise web.HTTPNotFound(text="Open your seat's own link: the host printed it.")

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        raise web.HTTPNotFound()

    async def handle_seat(self, request: web.Request) -> web.Response:
        """The page of one seat: textual-serve's, its terminal connected to this seat."""
        code = await self._checked(request)
        origin = f"{request.scheme}://{request.host}"
        socket = request.app.router["seat-socket"].url_for(code=code)
        static = request.app.router["static"].url_for(filename="/")
        font_size = request.query.get("fontsize", "16")
        context = {
            "font_size": int(font_size) if font_size.isdigit() else 16,
            "app_websocket_url": f"{'wss' if request.secure else 'ws'}://{request.host}{socket}",
            "config": {"static": {"url": f"{origin}{str(static).rstrip('/')}/"}},
            "application": {"name": "tabletop"},
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        response.headers["Cache-Control"] = "no-store"  # the page names a code
        response.headers["Referrer-Policy"] = "no-referrer"
        return response

    async def handle_seat_socket(self, request: web.Request) -> web.WebSocketResponse:
        """One tab's terminal: textual-serve runs the seat's game screen for it. A tab
        already open for this code is closed first: one process per seat."""
        code = await self._checked(request)
        earlier = self._tabs.get(code)
        if earlier is not None:
            earlier.cancel()
        this = asyncio.current_task()
        assert this is not None
        self._tabs[code] = this
        _command.set(self.command_for(code))
        try:
            return await super().handle_websocket(request)
        finally:
            if self._tabs.get(code) is this:
                del self._tabs[code]


async def serve_web(
    server: SeatServer, bind: str, port: int, tls: ssl.SSLContext | None
) -> tuple[web.AppRunner, int]:
    """Start ``server`` on ``bind``:``port`` (0: a free one) in the running loop; the
    runner (to stop it: ``cleanup``) and the port."""
    runner = web.AppRunner(await server._make_app(), access_log=None, handle_signals=False)
    await runner.setup()
    site = web.TCPSite(runner, bind, port, ssl_context=tls)
    await site.start()
    bound: int = runner.addresses[0][1]
    return runner, bound
