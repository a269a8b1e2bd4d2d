"""A crash shows no hidden card (issue 12).

Textual's own crash report prints a traceback with local variables on the terminal
after exit, where the whole table reads it: a crash while a PocketParks hand was
drawn printed that hand. Here the real ``tabletop`` command runs in a pseudo
terminal and crashes while drawing a hand (the hand in a local variable). The
terminal gets a short message naming a report file in the data folder, the report
holds the traceback (for whoever fixes it), and the exit status is 1.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

from tabletop.core.engine import Setup
from tabletop.games.pocketparks.engine import ENGINE
from tabletop.games.pocketparks.rules import CONTENT
from tabletop.tui.app import crash_message, new_crash_report

SEED = 5
PLAYERS = ("Ann", "Bob")

CRASHING = f"""
import sys
from pathlib import Path

from tabletop.cli import main
from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store, default_path
from tabletop.games.pocketparks.engine import ENGINE
from tabletop.tui.app import TabletopApp
from tabletop.tui.widgets.park_hand import ParkHand

data = Path(sys.argv[1])
store = Store(default_path(data))
store.save_setting("curtain", False)  # the first seat's hand is drawn at once
seats = tuple(SeatInfo(name) for name in {PLAYERS!r})
game_id = GameSession.start(store, ENGINE, seats, {{}}, {SEED}).game_id
store.close()

draw_hand = ParkHand.show


def crashing_show(self, hand, *args, **kwargs):
    if hand:  # a bug while the hand is in a local variable
        raise RuntimeError("a bug in drawing the hand")
    return draw_hand(self, hand, *args, **kwargs)


ParkHand.show = crashing_show
opened = TabletopApp.on_mount


def open_the_game(self):
    opened(self)
    self.resume(game_id, "pocketparks")


TabletopApp.on_mount = open_the_game
sys.exit(main(["--data-dir", str(data)]))
"""


def run_in_terminal(args: list[str], timeout: float = 60.0) -> tuple[int, str]:
    """Run ``args`` in a 120x40 pseudo terminal: (exit status, everything it wrote)."""
    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "120", "LINES": "40"}
    process = subprocess.Popen(
        args, stdin=child, stdout=child, stderr=child, env=env, start_new_session=True
    )
    os.close(child)
    out = bytearray()
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([main], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(main, 65536)
                except OSError:  # the terminal closed: the process has ended
                    break
                if not chunk:
                    break
                out += chunk
            elif process.poll() is not None:
                break
        status = process.wait(timeout=max(1.0, deadline - time.monotonic()))
    finally:
        if process.poll() is None:
            process.kill()
        os.close(main)
    return status, out.decode("utf-8", errors="replace")


def test_a_crash_shows_a_short_message_and_keeps_the_report_off_the_terminal(
    tmp_path: Path,
) -> None:
    state = ENGINE.new(Setup(players=PLAYERS), SEED)
    hidden = {CONTENT.name[c] for player in state.players for c in player.hand}
    status, terminal = run_in_terminal([sys.executable, "-c", CRASHING, str(tmp_path)])

    shown = [name for name in hidden if name in terminal]
    assert not shown, f"hidden cards on the terminal: {shown}"
    assert "Traceback" not in terminal and "RuntimeError" not in terminal
    assert "tabletop stopped on an unexpected error" in terminal
    assert status == 1, terminal
    found = re.search(r"(/\S*crash-\S*\.txt)", terminal)
    assert found, terminal
    report = Path(found.group(1))
    assert report.parent == tmp_path
    assert report.stat().st_mode & 0o777 == 0o600  # only its owner may read it
    text = report.read_text("utf-8")
    assert "RuntimeError: a bug in drawing the hand" in text
    assert "crashing_show" in text  # the frames, with their variables
    assert any(name in text for name in hidden)


def test_a_report_the_data_folder_cannot_take_goes_to_the_temporary_folder(
    tmp_path: Path,
) -> None:
    report = new_crash_report(tmp_path / "no such folder")
    assert report is not None and report.parent == Path(tempfile.gettempdir())
    try:
        assert report.stat().st_mode & 0o777 == 0o600
        assert str(report) in crash_message(report)
    finally:
        report.unlink()
