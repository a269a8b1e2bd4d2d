"""`tabletop join URL --engine`: one seat of a hosted game, over the engine
protocol on stdin/stdout (docs/network.md), so scripts and bots in any language
can take a seat.

The seat's code comes first (net.client.read_join_code: ``--code-file``, the terminal,
or the first line of stdin), then one JSON request a line, exactly one answer line
each, in order. ``legal``,
``view`` and ``act`` go to the host with the seat implied; ``wait`` is answered
here, from what the host last sent, once the game has moved on. While the
connection is down, requests are refused with PROTO-OFFLINE and stderr says
what the connection is doing.
"""

from __future__ import annotations

import asyncio
import bisect
import math
import ssl
import sys
import threading
from contextlib import suppress
from pathlib import Path
from typing import Any

from tabletop.net import wire
from tabletop.net.client import Connection, Offline, Refused, read_join_code, tls_context
from tabletop.protocol import ProtocolError, Response, encode, parse_request, read_lines, refusal

OPS = (*wire.SEAT_OPS, "wait")


class Bridge:
    """Answers the engine protocol for the seat of ``connection`` (which must be ready)."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection

    async def handle(self, line: bytes) -> Response:
        try:
            if len(line) > wire.MAX_REQUEST:
                raise ProtocolError(
                    "PROTO-SIZE", f"a request line holds at most {wire.MAX_REQUEST:,} bytes"
                )
            request = parse_request(line)
            op = request.get("op")
            if op == "wait":
                return {"ok": True, **await self._wait(request)}
            if op not in wire.SEAT_OPS:
                raise ProtocolError("PROTO-OP", f"unknown op {op!r}; the ops are: {', '.join(OPS)}")
            try:
                answer = await self.connection.request(request)
            except Offline as offline:
                raise ProtocolError("PROTO-OFFLINE", str(offline)) from None
        except ProtocolError as refused:
            return refusal(refused.rule, refused.message)
        if answer["ok"]:
            return {**answer, "version": self.connection.changes}
        return answer

    async def _wait(self, request: dict[str, Any]) -> dict[str, Any]:
        since = request.get("since", 0)
        if not isinstance(since, int) or isinstance(since, bool):
            raise ProtocolError("PROTO-ARGS", "'since' must be a version (an integer)")
        timeout = request.get("timeout")
        if timeout is not None and (
            not isinstance(timeout, int | float)
            or isinstance(timeout, bool)
            or not math.isfinite(timeout)
            or timeout < 0
        ):
            raise ProtocolError("PROTO-ARGS", "'timeout' must be seconds (a number >= 0)")
        with suppress(TimeoutError):
            await self.connection.wait(since, timeout)
        return self.snapshot(since)

    def snapshot(self, since: int) -> dict[str, Any]:
        """The seat now, with the log lines and notices that came after version ``since``."""
        connection = self.connection
        update = connection.update
        assert update is not None, "the bridge starts once the seat's first update came"
        lengths = connection.log_lengths
        before = bisect.bisect_right(lengths, (since, math.inf)) - 1
        start = lengths[before][1] if before >= 0 else 0
        return {
            "version": connection.changes,
            "connected": connection.connected,
            "moves": update["moves"],
            "to_act": update["to_act"],
            "outcome": update["outcome"],
            "view": update["view"],
            "legal": update["legal"],
            "seats": update["seats"],
            "events": connection.log[start:],
            "notices": [notice for change, notice in connection.notices if change > since],
        }


def _stdin_lines() -> asyncio.Queue[bytes | None]:
    """stdin's lines as they come (None at its end), read by a thread that never holds
    up the process's exit. A line over MAX_REQUEST comes cut (to be refused), the rest
    of it skipped unread, as the engine protocol reads its lines."""
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[bytes | None] = asyncio.Queue()

    def read() -> None:
        for line in read_lines(sys.stdin.buffer, wire.MAX_REQUEST):
            loop.call_soon_threadsafe(lines.put_nowait, line)
        loop.call_soon_threadsafe(lines.put_nowait, None)

    threading.Thread(target=read, daemon=True, name="stdin").start()
    return lines


def _write(response: Response) -> None:
    sys.stdout.buffer.write(encode(response) + b"\n")
    sys.stdout.buffer.flush()


async def serve(url: str, code: str, tls: ssl.SSLContext | None) -> int:
    connection = Connection(url, code, tls=tls)
    runner = asyncio.create_task(connection.run())
    try:
        await connection.ready()
    except (Refused, Offline) as failed:
        with suppress(Refused, Offline):
            await runner
        print(f"tabletop join: error: {failed}", file=sys.stderr)
        return 1
    bridge = Bridge(connection)
    lines = _stdin_lines()
    while True:
        line = asyncio.create_task(lines.get())
        await asyncio.wait({line, runner}, return_when=asyncio.FIRST_COMPLETED)
        if not line.done():  # the connection ended for good
            line.cancel()
            break
        text = line.result()
        if text is None:
            break
        if text.strip():
            _write(await bridge.handle(text))
    if runner.done():
        try:
            runner.result()
        except (Refused, Offline) as failed:
            print(f"tabletop join: error: {failed}", file=sys.stderr)
            return 1
        return 0
    await connection.close()
    await runner
    return 0


def run(url: str, code_file: Path | None, cafile: str | None) -> int:
    """`tabletop join URL --engine`."""
    try:
        tls = tls_context(url, cafile)
        code = read_join_code(code_file)
    except ValueError as exc:
        print(f"tabletop join: error: {exc}", file=sys.stderr)
        return 2
    with suppress(KeyboardInterrupt, BrokenPipeError):
        return asyncio.run(serve(url, code, tls))
    return 1
