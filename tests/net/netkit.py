"""What the network tests share: a host on loopback (127.0.0.1, a free port) serving a
game saved in a temporary store, seats joined to it that keep every message the host
sent them, and real `tabletop host` / `tabletop join` processes."""

from __future__ import annotations

import asyncio
import json
import os
import queue
import ssl
import subprocess
import sys
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.core.clock import Clock, FakeClock
from tabletop.core.engine import Setup
from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games import get_engine
from tabletop.net.client import Connection, Offline, Refused
from tabletop.net.headless import Bridge
from tabletop.net.server import Host, HostedGame, new_code
from tabletop.net.wire import Update
from tests.hardening.harness import ROOT


def certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and its key, made by openssl in ``folder``
    (tests using it are skipped where openssl is missing)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"),
            *("-keyout", str(key), "-out", str(cert), "-subj", "/CN=127.0.0.1"),
            *("-addext", "subjectAltName=IP:127.0.0.1"),
        ],
        check=True,
        capture_output=True,
    )
    return cert, key


def quiet(line: str) -> None:
    """A report nobody reads (the host's and the clients' progress lines)."""


@dataclass
class Seat:
    """A joined seat: its connection, its headless bridge, every message it received."""

    connection: Connection
    runner: asyncio.Task[None]
    bridge: Bridge
    received: list[str] = field(default_factory=list)

    async def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """One request through the headless bridge, as a script sends it."""
        return await self.bridge.handle(json.dumps(request).encode())

    async def stop(self) -> None:
        await self.connection.close()
        with suppress(Refused, Offline, asyncio.CancelledError):
            await self.runner


@asynccontextmanager
async def hosting(
    data: Path,
    game: str,
    setup: Setup,
    seed: int,
    clock: Clock | None = None,
    tls: ssl.SSLContext | None = None,
    **kwargs: Any,
) -> AsyncIterator[tuple[Host, HostedGame, str]]:
    """A new game saved in ``data``, served on 127.0.0.1 (a free port): host, game, URL.
    ``kwargs`` go to the Host."""
    store = Store(data / "tabletop.db")
    seats = tuple(SeatInfo(name) for name in setup.players)
    session = GameSession.start(store, get_engine(game), seats, dict(setup.options), seed)
    host = Host(clock if clock is not None else FakeClock(), report=quiet, **kwargs)
    hosted = host.add(session, [new_code() for _ in seats])
    port = await host.start("127.0.0.1", 0, tls)
    try:
        yield host, hosted, f"ws://127.0.0.1:{port}"
    finally:
        await host.close()
        store.close()


async def join(url: str, code: str, **kwargs: Any) -> Seat:
    """A seat joined with ``code``, once its first update came."""
    received: list[str] = []
    connection = Connection(url, code, report=quiet, on_message=received.append, **kwargs)
    runner = asyncio.create_task(connection.run())
    try:
        await connection.ready()
    except (Refused, Offline):
        with suppress(Refused, Offline):
            await runner
        raise
    return Seat(connection, runner, Bridge(connection), received)


def latest(seat: Seat) -> Update:
    """The seat's latest update."""
    update = seat.connection.update
    assert update is not None, "not joined"
    return update


async def settle(seats: list[Seat], moves: int) -> None:
    """Until every seat has the update of move number ``moves``."""
    async with asyncio.timeout(10):
        for seat in seats:
            while seat.connection.update is None or seat.connection.update["moves"] < moves:
                await seat.connection.wait(seat.connection.changes)


# -- real processes -----------------------------------------------------------------

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}  # the tests' own modules, in a child


class Process:
    """A tabletop process; its stdout lines read by a thread (so a read can time out)."""

    def __init__(self, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tabletop", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=ENV,
            cwd=ROOT,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.errors: list[str] = []
        stderr = self.process.stderr
        assert self.process.stdout is not None and stderr is not None
        for target, stream in ((self._read, self.process.stdout), (self.errors.extend, stderr)):
            threading.Thread(target=target, args=(stream,), daemon=True).start()

    def _read(self, stdout: Any) -> None:
        for line in stdout:
            self.lines.put(line)

    def line(self) -> str:
        """The next line it prints; a failure saying what it said on stderr if none comes
        within 20 s (a process stuck or gone, not a slow one)."""
        try:
            return self.lines.get(timeout=20)
        except queue.Empty:
            said = "".join(self.errors)[-3000:]
            raise AssertionError(
                f"{' '.join(self.process.args[3:])}: no line within 20 s "
                f"(exit status {self.process.poll()}); its stderr:\n{said}"
            ) from None

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        answer: dict[str, Any] = json.loads(self.line())
        return answer

    def kill(self) -> None:
        """Kill it if it still runs (a test that failed half-way)."""
        if self.process.poll() is None:
            self.process.kill()

    def end(self) -> str:
        """Close stdin, wait for the exit, and return stderr."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=20)
        return "".join(self.errors)


def engine_seat(url: str, code: str, *args: str) -> Process:
    """`tabletop join URL --engine`, given its code as a script gives it: the first line
    of its standard input."""
    seat = Process("join", url, "--engine", *args)
    assert seat.process.stdin is not None
    seat.process.stdin.write(code + "\n")
    seat.process.stdin.flush()
    return seat


def host_process(data: Path, *args: str) -> tuple[Process, dict[str, Any]]:
    """`tabletop host` on ``data`` and the JSON line it printed first."""
    host = Process("--data-dir", str(data), "host", *args)
    return host, json.loads(host.line())
