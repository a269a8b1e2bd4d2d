"""Security at the host's edge: a join code is the only credential and grants exactly
its seat; wrong codes are refused, slowly; a connection acts only for its own seat;
oversized, malformed and flooding clients are refused or cut off; none of it changes
the game. TLS encrypts the connections when asked."""

from __future__ import annotations

import asyncio
import json
import shutil
import ssl
import time
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from tabletop.net import server as host_module
from tabletop.net import wire
from tabletop.net.client import Refused, tls_context
from tests.hardening.harness import SPECS
from tests.net.netkit import certificate, engine_seat, hosting, join

SETUP = SPECS["spacepark"].setups[1]  # Ann and Bo


async def _raw(url: str, **kwargs: Any) -> ClientConnection:
    return await connect(url, proxy=None, compression=None, **kwargs)


async def _ask(ws: ClientConnection, message: str | bytes) -> dict[str, Any]:
    """Send one message; the next answer (updates skipped)."""
    await ws.send(message)
    while True:
        data: dict[str, Any] = json.loads(await ws.recv())
        if "update" not in data:
            return data


async def _closed(ws: ClientConnection) -> tuple[int | None, str]:
    """Read until the host closes; its close code and reason."""
    with pytest.raises(ConnectionClosed) as closed:
        async with asyncio.timeout(10):
            while True:
                await ws.recv()
    frame = closed.value.rcvd
    return (frame.code, frame.reason) if frame is not None else (None, "")


def test_join_codes_are_long_random_secrets() -> None:
    codes = {host_module.new_code() for _ in range(100)}
    assert len(codes) == 100
    assert all(len(code) * 6 >= 128 and code.isascii() for code in codes)  # base64: 6 bits


def test_no_join_code_starts_with_a_dash(monkeypatch: pytest.MonkeyPatch) -> None:
    """`tabletop join URL -abc` would read the code as an option: one in 64 random codes
    started with '-' (a benchmark's seat died of it)."""
    drawn = iter(["-dashed" + "x" * 20, "_fine" + "x" * 22])
    monkeypatch.setattr(host_module.secrets, "token_urlsafe", lambda size: next(drawn))
    assert host_module.new_code() == "_fine" + "x" * 22


async def test_a_wrong_code_is_refused_slowly_and_changes_nothing(tmp_path: Path) -> None:
    async with hosting(tmp_path, "spacepark", SETUP, 1) as (_, hosted, url):
        before = hosted.version
        for wrong in ("", "x" * 27, hosted.codes[0].upper(), hosted.codes[0][:-1]):
            ws = await _raw(url)
            began = time.monotonic()
            answer = await _ask(ws, json.dumps({"op": "join", "code": wrong}))
            assert time.monotonic() - began >= host_module.REFUSE_DELAY_S
            assert answer["error"]["rule"] == "PROTO-CODE"
            assert (await _closed(ws))[0] == 1008
        with pytest.raises(Refused, match="PROTO-CODE"):
            await join(url, "not-a-code")  # the client gives up at once: retrying cannot help
        assert hosted.version == before and not hosted.links and hosted.session.moves == 0


async def test_a_connection_must_join_first_and_only_once(tmp_path: Path) -> None:
    async with hosting(tmp_path, "spacepark", SETUP, 1) as (_, hosted, url):
        ws = await _raw(url)
        answer = await _ask(ws, json.dumps({"op": "legal"}))
        assert answer["error"]["rule"] == "PROTO-JOIN"
        assert (await _closed(ws))[0] == 1008
        ws = await _raw(url)
        answer = await _ask(ws, json.dumps({"op": "join"}))
        assert answer["error"]["rule"] == "PROTO-ARGS"
        ws = await _raw(url)
        assert (await _ask(ws, json.dumps({"op": "join", "code": hosted.codes[1]})))["seat"] == 1
        again = await _ask(ws, json.dumps({"op": "join", "code": hosted.codes[0]}))
        assert again["error"]["rule"] == "PROTO-JOIN"
        assert hosted.links[1].ws.remote_address == ws.local_address  # still seat 1


async def test_a_connection_that_never_joins_is_closed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(host_module, "JOIN_TIMEOUT_S", 0.2)
    monkeypatch.setattr(host_module, "MAX_JOINING", 2)
    async with hosting(tmp_path, "spacepark", SETUP, 1) as (_, hosted, url):
        idle = [await _raw(url) for _ in range(2)]
        crowd = await _raw(url)  # a third waiting to join at once: closed at once
        assert (await _closed(crowd))[0] == 1013
        for ws in idle:
            assert (await _closed(ws))[0] == 1008
        seat = await join(url, hosted.codes[0])  # room again
        assert seat.connection.seat == 0
        await seat.stop()


async def test_a_code_grants_its_seat_only_and_a_newer_connection_takes_the_seat_over(
    tmp_path: Path,
) -> None:
    async with hosting(tmp_path, "spacepark", SETUP, 1) as (_, hosted, url):
        ann = await join(url, hosted.codes[0])
        bo = await join(url, hosted.codes[1])
        assert (ann.connection.seat, bo.connection.seat) == (0, 1)
        assert hosted.session.to_act == (0,)
        legal = (await ann.ask({"op": "legal"}))["actions"]
        for request in (
            {"op": "act", "seat": 0, "action": legal[0]},  # Bo claims seat 0
            {"op": "act", "action": {**legal[0], "seat": 0}},  # Bo's action says seat 0
            {"op": "legal", "seat": 0},
            {"op": "view", "seat": 0},
            {"op": "view", "seat": None},  # not even the spectator's view
        ):
            answer = await bo.ask(request)
            assert answer["error"]["rule"] == "PROTO-SEAT", request
        copy = {k: v for k, v in legal[0].items() if k != "seat"}
        refused = await bo.ask({"op": "act", "action": copy})  # as Bo: not Bo's turn
        assert refused["error"]["rule"] == "TT-SEAT-1"
        assert hosted.session.moves == 0
        thief = await join(url, hosted.codes[0])  # whoever holds the code is the seat
        with pytest.raises(Refused, match="joined again"):
            await ann.runner  # the older connection gives up, it does not fight back
        assert thief.connection.seat == 0 and "joined again" in str(ann.connection.ended)
        assert (await thief.ask({"op": "act", "action": legal[0]}))["ok"]
        for seat in (bo, thief):
            await seat.stop()


async def test_oversized_malformed_and_flooding_messages_are_refused_and_harm_nothing(
    tmp_path: Path,
) -> None:
    async with hosting(tmp_path, "spacepark", SETUP, 1) as (_, hosted, url):
        bo = await join(url, hosted.codes[1])
        ws = await _raw(url)
        await _ask(ws, json.dumps({"op": "join", "code": hosted.codes[0]}))
        state = hosted.engine.state_json(hosted.session.state)
        refusals = {
            "not json": "PROTO-JSON",
            "[1, 2]": "PROTO-JSON",
            "[" * 10_000 + "]" * 10_000: "PROTO-JSON",
            "1" * 5_000: "PROTO-JSON",
            '{"op": 7}': "PROTO-OP",
            '{"op": "state"}': "PROTO-OP",  # the engine protocol's full state: never here
            '{"op": "new", "game": "spacepark", "players": ["A", "B"]}': "PROTO-OP",
            '{"op": "act"}': "PROTO-ARGS",
            '{"op": "act", "action": []}': "PROTO-ARGS",
            '{"op": "act", "action": {"kind": "fly"}}': "ACTION-FORMAT",
            '{"op": "act", "action": {"kind": "visit", "dest": "nowhere"}}': "ACTION-FORMAT",
        }
        for message, rule in refusals.items():
            assert (await _ask(ws, message))["error"]["rule"] == rule, message
        binary = await _ask(ws, b'{"op": "legal"}')
        assert binary["error"]["rule"] == "PROTO-JSON"
        assert hosted.engine.state_json(hosted.session.state) == state
        # Too big for the bridge: refused there, the connection stays.
        big = json.dumps({"op": "legal", "pad": "x" * wire.MAX_REQUEST})
        assert (await bo.ask(json.loads(big)))["error"]["rule"] == "PROTO-SIZE"
        assert bo.connection.connected
        # Too big for the host: the connection is closed (1009), the seat is away.
        await ws.send(big)
        assert (await _closed(ws))[0] == 1009
        # A flood of junk: cut off (1008) once past the rate, the seat away, the game as
        # it was.
        ws = await _raw(url)
        await _ask(ws, json.dumps({"op": "join", "code": hosted.codes[0]}))
        with suppress(ConnectionClosed):
            for _ in range(int(host_module.BURST) * 3):
                await ws.send("{}")
        assert (await _closed(ws))[0] == 1008
        assert hosted.engine.state_json(hosted.session.state) == state
        assert (await bo.ask({"op": "view"}))["ok"] and 0 in hosted.away
        assert hosted.session.moves == 0
        await bo.stop()


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl for a certificate")
async def test_with_tls_the_connections_are_encrypted(tmp_path: Path) -> None:
    cert, key = certificate(tmp_path)
    server = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server.load_cert_chain(cert, key)
    trusting = ssl.create_default_context(cafile=str(cert))
    async with hosting(tmp_path, "spacepark", SETUP, 1, tls=server) as (_, hosted, url):
        secure = url.replace("ws://", "wss://")
        seat = await join(secure, hosted.codes[0], tls=trusting)
        assert (await seat.ask({"op": "view"}))["ok"]
        await seat.stop()
        with pytest.raises(ssl.SSLError):  # a client that does not trust the certificate
            await _raw(secure, ssl=ssl.create_default_context())
        with pytest.raises((InvalidHandshake, OSError)):  # nor one that does not encrypt
            await _raw(url)


async def test_seat_numbers_are_integers_only(tmp_path: Path) -> None:
    """`"seat": 0.0` named seat 0, and `true` seat 1: Python finds them equal."""
    async with hosting(tmp_path, "spacepark", SETUP, 1) as (_, hosted, url):
        ann, bo = await _raw(url), await _raw(url)
        await _ask(ann, json.dumps({"op": "join", "code": hosted.codes[0]}))
        await _ask(bo, json.dumps({"op": "join", "code": hosted.codes[1]}))
        legal = (await _ask(ann, json.dumps({"op": "legal", "seat": 0})))["actions"]
        for ws, seat in ((ann, 0.0), (bo, True), (ann, "0")):
            answer = await _ask(ws, json.dumps({"op": "view", "seat": seat}))
            assert answer["error"]["rule"] == "PROTO-SEAT", seat
        acted = await _ask(ann, json.dumps({"op": "act", "action": {**legal[0], "seat": 0.0}}))
        assert acted["error"]["rule"] == "PROTO-SEAT" and hosted.session.moves == 0


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl for a certificate")
async def test_a_failed_handshake_is_said_not_retried(tmp_path: Path) -> None:
    """wss:// without --cafile trusts the system's authorities (it crashed the app: no
    context at all); a certificate they do not vouch for, or a host without TLS, ends
    the join with why, at once, for the app's connection and for --engine."""
    cert, key = certificate(tmp_path)
    server = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server.load_cert_chain(cert, key)
    assert tls_context("wss://127.0.0.1:1", None) is not None
    async with hosting(tmp_path, "spacepark", SETUP, 1, tls=server) as (_, hosted, url):
        secure = url.replace("ws://", "wss://")
        with pytest.raises(Refused, match=r"certificate is not trusted.*--cafile"):
            await join(secure, hosted.codes[0], tls=tls_context(secure, None))
        seat = engine_seat(secure, hosted.codes[0])
        try:
            assert await asyncio.to_thread(seat.process.wait, 20) == 1  # the host answers
        finally:
            seat.kill()
        assert "certificate is not trusted" in seat.end()
        trusted = await join(secure, hosted.codes[0], tls=tls_context(secure, str(cert)))
        await trusted.stop()
    async with hosting(tmp_path / "plain", "spacepark", SETUP, 1) as (_, hosted, url):
        secure = url.replace("ws://", "wss://")
        with pytest.raises(Refused, match="no encrypted connection"):
            await join(secure, hosted.codes[0], tls=tls_context(secure, None))
