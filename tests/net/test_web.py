"""Browser seats (`tabletop host --web`, net/web.py): textual-serve serves a seat's page
at its link, refuses a wrong code before anything runs, and for each browser tab runs
that seat's game screen, `tabletop join URL CODE`, which joins the host as that seat."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shlex
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp
import pytest
from textual_serve.download_manager import DownloadManager

from tabletop.core.engine import Setup
from tabletop.net.host import announce
from tabletop.net.server import Host, HostedGame
from tabletop.net.web import SeatServer, SeatService, browser_seats_dir, serve_web
from tests.net.netkit import ENV, ROOT, engine_seat, hosting

SETUP = Setup(players=("Ann", "Bo"), options={})


@asynccontextmanager
async def web_seats(tmp_path: Path) -> AsyncIterator[tuple[Host, HostedGame, SeatServer, str]]:
    """A Space Park host and its browser seats' server, both on loopback: host, game,
    server and the server's address."""
    async with hosting(tmp_path, "spacepark", SETUP, 4) as (host, hosted, url):
        server = SeatServer(host, url, tmp_path / "browsers", None)
        runner, port = await serve_web(server, "127.0.0.1", 0, None)
        try:
            yield host, hosted, server, f"http://127.0.0.1:{port}"
        finally:
            await runner.cleanup()


async def test_a_seat_s_link_serves_its_page_and_wrong_links_serve_nothing(
    tmp_path: Path,
) -> None:
    async with web_seats(tmp_path) as (_, hosted, _server, web), aiohttp.ClientSession() as http:
        code = hosted.codes[1]
        async with http.get(f"{web}/seat/{code}") as page:
            assert page.status == 200 and page.headers["Cache-Control"] == "no-store"
            html = await page.text()
        # The page's terminal connects to this seat's socket, its script served beside it.
        port = web.rsplit(":", 1)[1]
        assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws/{code}"' in html
        async with http.get(f"{web}/static/js/textual.js") as script:
            assert script.status == 200
        for path in ("/", "/ws", f"/seat/{code[:-1]}x", "/seat/not-a-code", f"/ws/{code}x"):
            async with http.get(f"{web}{path}") as refused:
                assert refused.status in (403, 404), path
                assert code not in await refused.text()


def test_the_process_run_for_a_tab_is_the_join_screen_with_no_code_on_it(
    tmp_path: Path,
) -> None:
    """One argument per part, and the game screen: `tabletop join URL`, not the headless
    `--engine`. The code is not on it: the process reads it from its standard input."""
    server = SeatServer(Host(), "ws://127.0.0.1:9", tmp_path, tmp_path / "cert.pem")
    command = shlex.split(server.command_for())
    # the shell is replaced by it (this host is its parent), and it ends with this host
    assert command == [
        "exec",
        sys.executable,
        "-m",
        "tabletop",
        "--data-dir",
        str(tmp_path),
        "join",
        "ws://127.0.0.1:9",
        "--cafile",
        str(tmp_path / "cert.pem"),
        "--host-pid",
        str(os.getpid()),
    ]


async def test_a_browser_seat_s_process_ends_once_its_host_was_killed(tmp_path: Path) -> None:
    """A host killed (SIGKILL) cannot end its browser seats' processes: each ends by
    itself, instead of rejoining the resumed host and holding its seat there, shown as
    present, for a page that closed with the host."""
    async with hosting(tmp_path, "spacepark", SETUP, 4) as (_, hosted, url):
        join = [sys.executable, "-m", "tabletop", "--data-dir", str(tmp_path / "seat")]
        join += ["join", url]
        # the host's stand-in: starts the seat as the web server does, then waits
        stand_in = (
            "import os, subprocess, sys, time\n"
            f"seat = subprocess.Popen({join!r} + ['--host-pid', str(os.getpid())], "
            "stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, "
            "env={**os.environ, 'TEXTUAL_DRIVER': 'textual.drivers.web_driver:WebDriver'})\n"
            f"seat.stdin.write({hosted.codes[1]!r}.encode() + b'\\n')\n"
            "seat.stdin.flush()\n"
            "time.sleep(120)\n"
        )
        host = await asyncio.create_subprocess_exec(sys.executable, "-c", stand_in)
        try:
            async with asyncio.timeout(30):
                while 1 not in hosted.links:
                    await asyncio.sleep(0.05)
        finally:
            host.kill()
            await host.wait()
        async with asyncio.timeout(20):
            while 1 in hosted.links or _seat_processes(host.pid):
                await asyncio.sleep(0.05)


async def test_a_browser_tab_plays_its_seat_and_a_second_tab_takes_it_over(
    tmp_path: Path,
) -> None:
    """The tab's socket runs the seat's `tabletop join` (textual-serve's web driver): the
    host sees that seat join, and the screen's bytes reach the tab; a second tab with
    the same code ends the first one's process; closing the tab leaves the seat away."""
    async with web_seats(tmp_path) as (_, hosted, _server, web), aiohttp.ClientSession() as http:
        socket = f"{web.replace('http', 'ws')}/ws/{hosted.codes[0]}?width=120&height=36"
        async with http.ws_connect(socket) as first:
            screen = await _until_screen(first, b"Space Park")
            assert 0 in hosted.links and b"Ann" in screen
            async with http.ws_connect(socket) as second:
                await _until_screen(second, b"Space Park")
                async with asyncio.timeout(20):
                    while not first.closed:
                        await first.receive()
                assert 0 in hosted.links  # the second tab's process plays Ann now
        async with asyncio.timeout(20):
            while 0 in hosted.links or _seat_processes(os.getpid()):
                await asyncio.sleep(0.05)
        for _ in range(5):  # the loop takes the processes' exits (none outlives the test)
            await asyncio.sleep(0)


def _seat_processes(host_pid: int) -> list[str]:
    """The browser seats' processes the host ``host_pid`` started (its code is never on
    a command line: they are found by their host's)."""
    found = []
    for entry in Path("/proc").iterdir():
        with contextlib.suppress(OSError):
            cmdline = (entry / "cmdline").read_bytes()
            if entry.name.isdigit() and f"--host-pid\0{host_pid}\0".encode() in cmdline:
                found.append(entry.name)
    return found


async def _until_screen(tab: aiohttp.ClientWebSocketResponse, text: bytes) -> bytes:
    """What the tab received until the screen shows ``text`` (a bound, not a timing)."""
    received = b""
    async with asyncio.timeout(30):
        while text not in received:
            message = await tab.receive()
            if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                pytest.fail(f"the tab closed before showing {text!r}")
            if message.type == aiohttp.WSMsgType.BINARY:
                received += message.data
            elif message.type == aiohttp.WSMsgType.TEXT:
                received += message.data.encode()
    return received


def test_the_host_prints_each_seat_s_browser_link(tmp_path: Path) -> None:
    from tabletop.core.session import GameSession
    from tabletop.core.store import SeatInfo, Store
    from tabletop.games import get_engine

    store = Store(tmp_path / "tabletop.db")
    seats = (SeatInfo("Ann"), SeatInfo("Bo"))
    session = GameSession.start(store, get_engine("spacepark"), seats, {}, 1)
    codes = ["A" * 27, "B" * 27]
    line, summary = announce(session, codes, "127.0.0.1", 4321, False, web_port=4322)
    assert '"web": "http://127.0.0.1:4322/seat/' + "A" * 27 + '"' in line
    assert f"or in a browser: http://127.0.0.1:4322/seat/{'B' * 27}" in summary
    assert f"--resume {session.game_id} --web --web-port 4322 --port 4321" in summary
    _, secure = announce(session, codes, "192.168.1.20", 4321, True, web_port=4322)
    assert f"https://192.168.1.20:4322/seat/{'A' * 27}" in secure
    store.close()


def test_a_host_killed_leaves_no_folder_behind(tmp_path: Path) -> None:
    """A `tabletop host --web` killed (SIGKILL: nothing of it runs after) leaves nothing in
    the temporary folder: its browser seats keep their settings beside its saved games."""
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    command = [sys.executable, "-m", "tabletop", "--data-dir", str(tmp_path / "data")]
    command += ["host", "spacepark", "--players", "Ann,Bo", "--web"]
    host = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**ENV, "TMPDIR": str(scratch)},
        cwd=ROOT,
    )
    try:
        assert host.stdout is not None
        assert "/seat/" in json.loads(host.stdout.readline())["seats"][0]["web"]
    finally:
        host.send_signal(signal.SIGKILL)
        host.wait(timeout=20)
        assert host.stdout is not None
        host.stdout.close()
    assert list(scratch.iterdir()) == []
    assert browser_seats_dir(tmp_path / "data") == tmp_path / "data" / "browser-seats"


async def test_no_process_shows_a_join_code(tmp_path: Path) -> None:
    """Every user of a computer can read each process's command line (ps -eo args), and
    often its environment: a browser seat's process and a terminal's `tabletop join`
    take their codes on standard input, so no process's shows one."""
    async with web_seats(tmp_path) as (_, hosted, server, web), aiohttp.ClientSession() as http:
        socket = f"{web.replace('http', 'ws')}/ws/{hosted.codes[0]}?width=100&height=30"
        terminal = engine_seat(server.join_url, hosted.codes[1])
        try:
            async with http.ws_connect(socket) as tab:
                await _until_screen(tab, b"Space Park")
                async with asyncio.timeout(20):
                    while len(hosted.links) < 2:
                        await asyncio.sleep(0.05)
                seen = 0
                for entry in Path("/proc").iterdir():
                    with contextlib.suppress(OSError):
                        told = (entry / "cmdline").read_bytes() + (entry / "environ").read_bytes()
                        seen += 1
                        for code in hosted.codes:
                            assert code.encode() not in told, (entry, code)
                assert seen >= 3 and _seat_processes(os.getpid())
        finally:
            terminal.kill()


async def test_a_tab_closed_before_its_first_frame_crashes_nothing(tmp_path: Path) -> None:
    """textual-serve tells a tab's process to quit while its app is still mounting its
    first screen: the header's title was looked for in a header being removed
    (NoMatches, a crash report in browser-seats/, 3 of 3 tabs closed at once)."""
    async with hosting(tmp_path, "spacepark", SETUP, 4) as (_, hosted, url):
        seats = tmp_path / "browser-seats"
        env = {**ENV, "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver"}
        quit_ = json.dumps({"type": "quit"}).encode()
        given = hosted.codes[0].encode() + b"\n"  # the code, then textual-serve's quit
        given += b"M" + len(quit_).to_bytes(4, "big") + quit_
        command = [sys.executable, "-m", "tabletop", "--data-dir", str(seats), "join", url]
        done = await asyncio.to_thread(  # in a thread: the host answers meanwhile
            subprocess.run, command, input=given, capture_output=True, env=env, cwd=ROOT, timeout=30
        )
        said = done.stderr
        assert not list(seats.glob("crash-*")) and b"unexpected error" not in said


@pytest.mark.parametrize("quits", [True, False])
async def test_a_tab_s_process_has_ended_when_its_service_stops(quits: bool) -> None:
    """A tab's process, told to quit, has ended and the loop has seen it end by the time
    its service stops; one that does not quit is killed (QUIT_S later). textual-serve's
    own stop left the process to the collector, which could not close it once the loop
    had stopped (an error in whichever test came next)."""

    async def ignored(*_: object) -> None:
        """What the process says, and the tab's closing: no tab here."""

    told = "b''\nwhile b'quit' not in told:\n    told += sys.stdin.buffer.read1(64)"
    ends = f"told = {told}" if quits else "time.sleep(60)"
    command = "exec " + shlex.join([sys.executable, "-c", f"import sys, time\n{ends}"])
    service = SeatService(
        command,
        "code",
        write_bytes=ignored,
        write_str=ignored,
        close=ignored,
        download_manager=DownloadManager(),
    )
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("tabletop.net.web.QUIT_S", 0.5)
        await service.start(80, 24)
        await service.stop()
    assert service._process is not None
    assert service._process.returncode == (0 if quits else -signal.SIGKILL)
