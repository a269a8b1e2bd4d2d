"""`tabletop host` and `tabletop join` on the command line: what they print, and a
clear message for what they cannot do."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games import get_engine
from tabletop.net.client import _first_line, read_join_code
from tabletop.net.host import announce
from tabletop.net.server import new_code
from tests.hardening.harness import ROOT

CODE = "Zp9-_abcdefghijklmnopqrs01"


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tabletop", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=ROOT,
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "name the game and its players"),
        (("spacepark",), "name the game and its players"),
        (("chess", "--players", "A,B"), "unknown game 'chess'"),
        (("pocketparks", "--players", "Ann"), "PocketParks takes 2-5 players, not 1"),
        (("spacepark", "--players", "Ann,\x1b[31m"), "control"),
        (("spacepark", "--players", "Ann,Bo", "--options", "{"), "--options is not JSON"),
        (("spacepark", "--players", "Ann,Bo", "--options", "[]"), "must be a JSON object"),
        (("pocketdragon", "--players", "A,B", "--options", '{"mode": "x"}'), "bad options"),
        (("--resume", "99"), "there is no unfinished saved game 99"),
        (("spacepark", "--players", "A,B", "--tls", "no.pem", "no.key"), "cannot use"),
    ],
)
def test_host_says_what_is_wrong(args: tuple[str, ...], message: str, tmp_path: Path) -> None:
    done = run("--data-dir", str(tmp_path), "host", *args)
    assert done.returncode == 2 and done.stdout == ""
    assert message in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


def test_a_saved_game_with_turn_based_bots_cannot_be_hosted(tmp_path: Path) -> None:
    """Only a real-time game's partner bot is played by a host (PD-BOT-1)."""
    store = Store(tmp_path / "tabletop.db")
    seats = (SeatInfo("Ann"), SeatInfo("Robo", bot="easy"))
    game = GameSession.start(store, get_engine("spacepark"), seats, {}, 1)
    done = run("--data-dir", str(tmp_path), "host", "--resume", str(game.game_id))
    assert done.returncode == 2
    assert "Robo is a bot: a hosted Space Park game is played by people only" in done.stderr


def test_the_announcement_gives_each_seat_its_code_and_warns_beyond_this_computer(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "tabletop.db")
    seats = (SeatInfo("Ann"), SeatInfo("Bo"))
    session = GameSession.start(store, get_engine("spacepark"), seats, {}, 1)
    codes = [new_code(), new_code()]
    line, summary = announce(session, codes, "127.0.0.1", 4321, encrypted=False)
    data = json.loads(line)
    assert data["url"] == "ws://127.0.0.1:4321" and data["game_id"] == session.game_id
    assert [(s["name"], s["code"]) for s in data["seats"]] == [("Ann", codes[0]), ("Bo", codes[1])]
    assert "runs `tabletop join ws://127.0.0.1:4321` and types their own code" in summary
    assert f"  Ann: {codes[0]}" in summary
    assert "Only this computer can join" in summary and "not encrypted" not in summary
    assert f"--resume {session.game_id} --port 4321" in summary
    _, lan = announce(session, codes, "192.168.1.20", 4321, encrypted=False)
    assert "ws://192.168.1.20:4321" in lan and "not encrypted" in lan and "--tls" in lan
    assert "--bind 192.168.1.20 --port 4321" in lan
    cert = tmp_path / "my cert.pem"
    _, secure = announce(session, codes, "192.168.1.20", 4321, encrypted=True, cafile=cert)
    assert "wss://192.168.1.20:4321" in secure and "not encrypted" not in secure
    # the command works as printed: it trusts the host's own certificate
    assert f"`tabletop join wss://192.168.1.20:4321 --cafile '{cert}'`" in secure


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("not an address", "--engine"), "not a host address"),
        (("ws://127.0.0.1:1", "--engine", "--cafile", "c.pem"), "for a wss:// address"),
        (("wss://127.0.0.1:1", "--engine", "--cafile", "nothing.pem"), "cannot use"),
        (("ws://127.0.0.1:1", "--engine", "--code-file", "no-such-file"), "cannot read"),
        # The game screen's join checks its command line before any screen opens.
        (("ws://127.0.0.1:1", "--cafile", "c.pem"), "for a wss:// address"),
        (("wss://127.0.0.1:1", "--cafile", "nothing.pem"), "cannot use"),
    ],
)
def test_join_says_what_is_wrong(args: tuple[str, ...], message: str) -> None:
    done = run("join", *args, stdin=CODE + "\n")
    assert done.returncode in (1, 2) and message in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("given", "message"),
    [("", "no join code given"), ("\n", "no join code given"), ("a code\n", "not a join code")],
)
def test_join_without_a_code_says_so(given: str, message: str) -> None:
    done = run("join", "ws://127.0.0.1:1", "--engine", stdin=given)
    assert done.returncode == 2 and message in done.stderr, done.stderr


def test_a_code_is_never_taken_from_the_command_line() -> None:
    done = run("join", "ws://127.0.0.1:1", CODE, "--engine")
    assert done.returncode == 2 and "unrecognized arguments" in done.stderr


def test_the_code_comes_from_a_file_or_the_first_line_only(tmp_path: Path) -> None:
    """read_join_code takes one line of stdin and leaves the rest (the engine protocol's
    requests) unread; a file's code may have a newline after it."""
    code_file = tmp_path / "code"
    code_file.write_text(f"  {CODE}\n")
    assert read_join_code(code_file) == CODE
    reader, writer = os.pipe()
    os.write(writer, f"{CODE}\n{{'op': 'view'}}\n".encode())
    os.close(writer)
    assert _first_line(reader) == CODE
    assert os.read(reader, 100) == b"{'op': 'view'}\n"
    os.close(reader)
