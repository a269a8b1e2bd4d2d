"""`tabletop` in a real terminal (tmux): the home screen at 80x24, a too-small
window and its recovery, a seeded Space Park game started and played with keys
and clicks, checked on the captured screen and in the saved games, and a Pocket
Dragon game killed while its clocks run, resumed where it stopped.

Every step waits until the screen shows the previous one took effect before the
next key goes in: keys sent in one burst would reach the app as a paste.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from tabletop.core.engine import Setup
from tabletop.games import get_engine
from tabletop.tui.kits import has_ui

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (.ci/run installs it)")
WAIT_S = 30.0  # how long a screen may take to show what we wait for (not a speed test)
# Textual takes COLUMNS and LINES (which pytest may set) over the terminal's real size.
ENV = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}


class Terminal:
    """One tmux server of our own (its own socket) running `tabletop` in one window."""

    def __init__(self, tmp: Path, width: int, height: int) -> None:
        assert TMUX is not None
        self.base = [TMUX, "-S", str(tmp / "tmux.sock")]
        self.data = tmp / "data"
        command = [sys.executable, "-m", "tabletop", "--data-dir", str(self.data)]
        self.tmux("new-session", "-d", "-s", "t", "-x", str(width), "-y", str(height), *command)

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            [*self.base, *args], capture_output=True, text=True, timeout=30, check=True, env=ENV
        )
        return done.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "t")

    def wait_for(self, text: str) -> str:
        if not self.shows(text, WAIT_S):
            pytest.fail(f"the screen never showed {text!r}; it shows:\n{self.screen()}")
        return self.screen()

    def shows(self, text: str, within: float) -> bool:
        """Whether the screen shows ``text`` within ``within`` seconds."""
        deadline = time.monotonic() + within
        while text not in self.screen():
            if time.monotonic() > deadline:
                return False
            time.sleep(0.1)
        return True

    def type_into(self, field: str, text: str) -> None:
        """Click the field showing ``field`` and type ``text`` there. Under load a click
        may land while the layout still moves (the keys then go elsewhere): again."""
        for _ in range(3):
            self.click_on(field)
            self.type(text)
            if self.shows(f"{text} ", 5.0):
                return
        pytest.fail(f"{text!r} never reached the field {field!r}:\n{self.screen()}")

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", "t", *keys)

    def type(self, text: str) -> None:
        self.tmux("send-keys", "-t", "t", "-l", text)

    def click_on(self, text: str, line_with: str = "") -> None:
        """Click (an SGR mouse report) on ``text`` in the first line showing it (and
        ``line_with``)."""
        lines = self.screen().splitlines()
        row = next(i for i, line in enumerate(lines) if text in line and line_with in line)
        x = lines[row].index(text) + 1
        self.type(f"\x1b[<0;{x + 1};{row + 1}M\x1b[<0;{x + 1};{row + 1}m")

    def resize(self, width: int, height: int) -> None:
        self.tmux("resize-window", "-t", "t", "-x", str(width), "-y", str(height))

    def running(self) -> bool:
        return (
            subprocess.run([*self.base, "has-session", "-t", "t"], capture_output=True).returncode
            == 0
        )

    def wait_until_closed(self) -> None:
        deadline = time.monotonic() + WAIT_S
        while self.running():
            if time.monotonic() > deadline:
                pytest.fail(f"tabletop did not quit; the screen shows:\n{self.screen()}")
            time.sleep(0.1)

    def close(self) -> None:
        subprocess.run([*self.base, "kill-server"], capture_output=True, check=False)


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[list[Terminal]]:
    opened: list[Terminal] = []
    yield opened
    for term in opened:
        term.close()


def _open(opened: list[Terminal], tmp_path: Path, width: int, height: int) -> Terminal:
    term = Terminal(tmp_path, width, height)
    opened.append(term)
    return term


def test_home_at_80x24_rules_and_quit(terminal: list[Terminal], tmp_path: Path) -> None:
    term = _open(terminal, tmp_path, 80, 24)
    screen = term.wait_for("q Quit")
    for title in ("PocketParks", "Space Park", "Pocket Dragon", "No unfinished games."):
        assert title in screen
    term.keys("r")
    term.wait_for("PP-")  # the PocketParks digest, with its rule ids
    term.keys("Escape")
    term.wait_for("No unfinished games.")
    term.keys("q")
    term.wait_until_closed()


def test_a_too_small_window_says_so_and_recovers(terminal: list[Terminal], tmp_path: Path) -> None:
    term = _open(terminal, tmp_path, 50, 12)
    screen = term.wait_for("Make the window at least")
    assert "60x16" in screen and "50x12" in screen
    term.resize(80, 24)
    term.wait_for("No unfinished games.")


@pytest.mark.skipif(not has_ui("spacepark"), reason="the Space Park screen is not built")
def test_a_seeded_space_park_game_in_the_terminal(terminal: list[Terminal], tmp_path: Path) -> None:
    seed = 4242
    state = get_engine("spacepark").new(Setup(players=("Ann", "Bo")), seed)
    visit = str(min(state.rockets) + 1)  # the board numbers the ring from 1
    term = _open(terminal, tmp_path, 100, 32)
    term.wait_for("No unfinished games.")
    term.click_on("Space Park")
    term.wait_for("New game: Space Park")
    term.type_into("Player 1", "Ann")  # setup opens on Start: the fields are a click away
    term.type_into("Player 2", "Bo")
    term.click_on("random", line_with="Seed")  # the seed field
    term.type(str(seed))
    term.wait_for(str(seed))
    term.keys("C-s")  # Enter in a field goes to the next one; starting is explicit
    term.wait_for("Pass to Ann")
    term.keys("Enter")
    term.wait_for("Ann's view")
    screen = term.wait_for("Starlight")  # the ring may draw a frame after the title
    assert "Bo" in screen
    term.keys(visit)
    term.wait_for("Pass to Bo")  # the hand-over curtain: Bo's hand is hidden
    term.keys("Enter")
    term.wait_for("Bo's view")
    # Ann's move in the news line (at 100 columns the log gives way to it; it may draw a
    # frame after the title)
    term.wait_for("Ann gains a Moon crystal.")
    term.keys("Escape")
    term.wait_for("1 unfinished game")
    term.keys("q")
    term.wait_until_closed()

    with closing(sqlite3.connect(term.data / "tabletop.db")) as db:
        games = db.execute("SELECT game, seed FROM games").fetchall()
        moves = db.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
    assert games == [("spacepark", seed)]
    assert moves == 1


def test_saved_games_that_cannot_be_written_are_announced(
    terminal: list[Terminal], tmp_path: Path
) -> None:
    """The saved games file cannot be opened (a folder holds its place): the app says
    that nothing will be saved, and the home screen works."""
    (tmp_path / "data" / "tabletop.db").mkdir(parents=True)
    term = _open(terminal, tmp_path, 100, 32)
    term.wait_for("Saved games")
    deadline = time.monotonic() + WAIT_S
    while "nothing is saved" not in " ".join(term.screen().replace("▌", " ").split()):
        assert time.monotonic() < deadline, term.screen()
        time.sleep(0.1)
    assert "No unfinished games." in term.screen()


def _time_left(screen: str) -> int:
    found = re.search(r"Time left\s+(\d+) s", screen)
    assert found, screen
    return int(found.group(1))


def test_a_pocket_dragon_game_killed_mid_play_resumes_within_a_second(
    terminal: list[Terminal], tmp_path: Path
) -> None:
    """tabletop killed (SIGKILL) while the clocks run, seconds after the last move: the
    game resumes, paused, where the screen last showed it (the clocks' reading is saved
    twice a second while they run), not back at the last move (the start, at 300 s)."""
    term = _open(terminal, tmp_path, 100, 32)
    term.wait_for("No unfinished games.")
    term.click_on("Pocket Dragon")
    term.wait_for("New game: Pocket Dragon")
    term.keys("C-s")
    term.wait_for("Pass to Player 1")
    term.keys("Enter")
    term.wait_for("Player 1's turn and view")
    term.keys("Space")
    term.wait_for("Time left 295 s")
    app = int(term.tmux("list-panes", "-t", "t", "-F", "#{pane_pid}").split()[0])
    shown = _time_left(term.screen())
    os.kill(app, signal.SIGKILL)
    term.wait_until_closed()

    again = _open(terminal, tmp_path, 100, 32)
    again.wait_for("1 unfinished game")
    again.keys("c")
    again.wait_for("Pocket Dragon")
    again.keys("Enter")
    again.wait_for("Pass to Player 1")
    resumed = _time_left(again.wait_for("Paused"))
    assert shown - 3 <= resumed <= shown + 1 < 300
    with closing(sqlite3.connect(again.data / "tabletop.db")) as db:
        kinds = [
            row[0]
            for row in db.execute("SELECT json_extract(action, '$.kind') FROM actions ORDER BY idx")
        ]
    assert kinds == ["start", "pause"]
