"""A hosted game holds against strangers (issue 25): connections that never join and
wrong guesses from one address cannot lock out a player joining from another, on either
port; the web port closes connections that send nothing, caps what one address holds,
says which scripts its pages run, may not be framed, lists no folder, builds its links
from its own address, and refuses pages of other sites, as the game port does."""

from __future__ import annotations

import asyncio
import json
import resource
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.typing import Origin

from tabletop.core.engine import Setup
from tabletop.net import admission, server, web
from tabletop.net.admission import Quota, RefusalLog, address_key
from tests.net.netkit import hosting
from tests.net.test_web import web_seats

IDLE, GUESSING = 500, 100
SETUP = Setup(players=("Ann", "Bo"), options={})


@pytest.fixture
def many_files() -> Iterator[None]:
    """The open-file limit raised to its hard limit: each connection is a file twice here."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if hard < 2 * (IDLE + GUESSING) + 200:
        pytest.skip(f"needs {2 * (IDLE + GUESSING) + 200} open files, the hard limit is {hard}")
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


async def _open(url: str, **kwargs: Any) -> ClientConnection | None:
    """A connection, or None if the host would not have it."""
    try:
        return await connect(url, proxy=None, compression=None, open_timeout=20, **kwargs)
    except (OSError, InvalidStatus, TimeoutError):
        return None


async def _guess(url: str, code: str) -> ClientConnection | None:
    ws = await _open(url)
    if ws is not None:
        try:
            await ws.send(json.dumps({"op": "join", "code": code}))
        except ConnectionClosed:
            return None
    return ws


async def test_strangers_holding_connections_lock_no_player_out(
    tmp_path: Path, many_files: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """500 connections that never join and 100 wrong guesses from 127.0.0.1 (each of
    them took every joining slot before: 32 for the whole host); Ann, at 127.0.0.2,
    gets her seat while they still hold their share. The strangers' first-message
    deadline is long here, so that the hold lasts however loaded the machine is."""
    monkeypatch.setattr(server, "JOIN_TIMEOUT_S", 20.0)
    async with hosting(tmp_path, "spacepark", SETUP, 1) as (host, hosted, url):
        wrong = "x" * 27
        held = await asyncio.gather(
            *(_open(url) for _ in range(IDLE)), *(_guess(url, wrong) for _ in range(GUESSING))
        )
        ann = await connect(url, proxy=None, local_addr=("127.0.0.2", 0), open_timeout=10)
        await ann.send(json.dumps({"op": "join", "code": hosted.codes[0]}))
        async with asyncio.timeout(10):
            answer = json.loads(await ann.recv())
        assert answer["ok"] and answer["seat"] == 0 and 0 in hosted.links
        # she was let in during the hold, not after it
        assert host._joining.held("127.0.0.1") == server.MAX_JOINING_PER_ADDRESS
        closes = Counter()
        for ws in held:
            if ws is not None:
                with pytest.raises(ConnectionClosed):
                    async with asyncio.timeout(30):
                        while True:
                            await ws.recv()
                closes[ws.close_code] += 1
        # Past its share, 127.0.0.1 is told to try again (1013; a guesser may be closed
        # before it sent its guess); the few of its share admitted are refused (1008).
        assert set(closes) <= {1008, 1013} and closes[1008] <= server.MAX_JOINING_PER_ADDRESS
        await ann.close()


async def test_one_address_has_a_few_codes_checked_at_once(tmp_path: Path) -> None:
    """A third join from an address whose two wrong codes are being checked is told to
    try again, unchecked: guessing from one address runs at two codes a second."""
    async with hosting(tmp_path, "spacepark", SETUP, 1) as (_, hosted, url):
        first = await asyncio.gather(*(_guess(url, "y" * 27) for _ in range(2)))
        await asyncio.sleep(0.2)  # both are being checked
        third = await _guess(url, hosted.codes[1])
        assert third is not None
        with pytest.raises(ConnectionClosed) as closed:
            await third.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
        assert 1 not in hosted.links
        for ws in first:
            assert ws is not None and "PROTO-CODE" in str(await ws.recv())


async def test_a_page_of_another_site_opens_no_socket_on_either_port(tmp_path: Path) -> None:
    """A page the player visits may not open a socket to a host on their LAN: a request
    with an Origin (every browser's) must come from this host's own pages; a terminal
    or script client sends none and is let in."""
    async with web_seats(tmp_path) as (_, hosted, seats, page):
        game = seats.join_url
        with pytest.raises(InvalidStatus) as refused:
            await connect(game, proxy=None, origin=Origin("http://evil.example"))
        assert refused.value.response.status_code == 403
        for origin in (Origin(seats.origins[0]), None):
            ws = await connect(game, proxy=None, origin=origin)
            await ws.close()
        socket = f"{page.replace('http', 'ws')}/ws/{hosted.codes[0]}"
        async with aiohttp.ClientSession() as http:
            with pytest.raises(aiohttp.WSServerHandshakeError) as failed:
                await http.ws_connect(socket, origin="http://evil.example")
            assert failed.value.status == 403
        assert 0 not in hosted.links


def test_refusals_are_logged_once_per_address_in_a_while(monkeypatch: pytest.MonkeyPatch) -> None:
    said: list[str] = []
    now = [100.0]
    monkeypatch.setattr(admission.time, "monotonic", lambda: now[0])
    log = RefusalLog(said.append)
    for _ in range(50):
        log.refused("10.0.0.9", "a wrong join code")
    log.refused("10.0.0.8", "a wrong join code")
    now[0] += admission.LOG_EVERY_S
    log.refused("10.0.0.9", "a wrong join code")
    assert said == [
        "refused a wrong join code from 10.0.0.9",
        "refused a wrong join code from 10.0.0.8",
        "refused a wrong join code from 10.0.0.9 (and 49 more refused since)",
    ]


def test_addresses_are_counted_by_machine() -> None:
    assert address_key("2001:db8::1") == address_key("2001:db8::ffff") == "2001:db8::/64"
    assert address_key("::ffff:192.0.2.7") == "192.0.2.7"
    quota = Quota(per_address=2, total=3)
    assert quota.take("a") and quota.take("a") and not quota.take("a")
    assert quota.take("b") and not quota.take("c")  # the total
    quota.give("a")
    assert quota.take("c") and quota.held("a") == 1


# -- the web port ----------------------------------------------------------------------


async def test_every_answer_of_the_web_port_is_hardened(tmp_path: Path) -> None:
    async with web_seats(tmp_path) as (_, hosted, seats, page), aiohttp.ClientSession() as http:
        code = hosted.codes[0]
        for path in (f"/seat/{code}", "/static/js/textual.js", "/static/", "/nothing"):
            async with http.get(f"{page}{path}") as answer:
                assert answer.headers["X-Frame-Options"] == "DENY", path
                assert answer.headers["X-Content-Type-Options"] == "nosniff", path
                policy = answer.headers["Content-Security-Policy"]
                assert "frame-ancestors 'none'" in policy and "default-src 'none'" in policy
        async with http.get(f"{page}/static/") as listing:  # no directory listing
            assert listing.status in (403, 404) and "textual.js" not in await listing.text()
        async with http.get(f"{page}/seat/{code}", headers={"Host": "evil.example"}) as seat:
            html = await seat.text()
        assert "evil.example" not in html and f'"{seats.origins[0]}/static/' in html
        for query in ("fontsize=%C2%B2", "fontsize=" + "9" * 5000, "fontsize=-3", "fontsize=999"):
            async with http.get(f"{page}/seat/{code}?{query}") as bad:
                assert bad.status == 400, query
        async with http.get(f"{page}/seat/{code}?fontsize=20") as good:
            assert good.status == 200 and 'data-font-size="20"' in await good.text()
        async with http.get(f"{page}/ws/{code}?width=%C2%B2") as bad:
            assert bad.status == 400


async def test_one_address_has_few_link_checks_at_once(tmp_path: Path) -> None:
    """100 wrong links from one address, 30 at a time (1,000 at once were all checked
    before, about 600 a second): two are checked at a time (403 after the delay), the
    rest refused unchecked (429), so guessing runs at two codes a second."""
    connector = aiohttp.TCPConnector(limit=30)
    async with (
        web_seats(tmp_path) as (_, _hosted, _seats, page),
        aiohttp.ClientSession(connector=connector) as http,
    ):

        async def status(n: int) -> int:
            async with http.get(f"{page}/seat/{'z' * 26}{n % 10}") as answer:
                return answer.status

        began = time.monotonic()
        statuses = Counter(await asyncio.gather(*(status(n) for n in range(100))))
        took = time.monotonic() - began
        assert set(statuses) == {403, 429}
        checks = server.MAX_CHECKS_PER_ADDRESS * (took / server.REFUSE_DELAY_S + 1)
        assert statuses[403] <= checks, (statuses, took)


async def test_the_web_port_closes_connections_that_say_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Silent, half-header and trickling connections are closed once HEADER_S passes;
    one address holds at most its share of connections."""
    monkeypatch.setattr(web, "HEADER_S", 0.5)
    monkeypatch.setattr(web, "MAX_CONNECTIONS_PER_ADDRESS", 4)
    async with web_seats(tmp_path) as (_, _hosted, _seats, page):
        host, port = page.removeprefix("http://").rsplit(":", 1)
        opened = [await asyncio.open_connection(host, int(port)) for _ in range(6)]
        half, trickle = opened[1][1], opened[2][1]
        half.write(b"GET /static/css/xterm.css HTTP/1.1\r\nHost: x\r\n")
        trickle.write(b"GET /static/css/xterm.css HTTP/1.1\r\n")
        began = time.monotonic()
        async with asyncio.timeout(10):
            for reader, _writer in opened[4:]:  # past the share: closed at once
                assert await reader.read() == b""
            while not opened[2][0].at_eof():  # a header line every 0.1 s: closed all the same
                trickle.write(b"X-Slow: 1\r\n")
                assert await _read_some(opened[2][0]) == b""
            for reader, _writer in opened[:4]:
                assert await reader.read() == b""
        assert time.monotonic() - began < 5
        for _reader, writer in opened:
            writer.close()


async def _read_some(reader: asyncio.StreamReader) -> bytes:
    try:
        return await asyncio.wait_for(reader.read(100), 0.05)
    except TimeoutError:
        return b""
