"""`tabletop play` in a real process: each game from a seeded setup to its end by typed
commands only, output in plain lines (also with TERM=dumb), and the game saved for the
app and for `--continue`."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.core.session import GameSession
from tabletop.core.store import Store, default_path
from tabletop.games import get_engine
from tests.text.talk import BAD, choose, talk


def play(data: Path, *args: str, typed: str, term: str = "xterm-256color") -> str:
    done = subprocess.run(
        [sys.executable, "-m", "tabletop", "--data-dir", str(data), "play", *args],
        input=typed,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "TERM": term},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize(
    ("args", "typed"),
    [
        (("pocketparks", "--players", "Ann,Bo:normal", "--seed", "3"), "1\n" * 3000),
        (("pocketparks", "--players", "Ann,Bo,Cy", "--seed", "4"), "1\n" * 6000),
        (("spacepark", "--players", "Ann", "--seed", "3"), "1\n" * 3000),
        (("spacepark", "--players", "Ann,Bo:easy", "--seed", "5"), "1\n" * 3000),
        (
            ("pocketdragon", "--players", "Ann,Bo", "--options", '{"mode": "companion"}'),
            "start\n" + "mistake\n" * 40,
        ),
    ],
)
def test_each_game_plays_to_its_end_by_commands(
    tmp_path: Path, args: tuple[str, ...], typed: str
) -> None:
    out = play(tmp_path, *args, typed=typed, term="dumb")
    lines = out.splitlines()
    result = [line for line in lines if line.startswith("Result: ")]
    assert len(result) == 1, lines[-10:]
    for line in lines:
        assert not BAD.search(line), line
    store = Store(default_path(tmp_path))
    (finished,) = store.finished()
    store.close()
    assert finished.id == 1


def test_pocket_dragon_table_mode_plays_to_its_end(tmp_path: Path) -> None:
    """Real time at the table, by commands (no pause), with the clock moving meanwhile."""
    rng = random.Random(2)
    t = talk(tmp_path, "pocketdragon", "Ann,Bo", '{"mode": "table"}', seed=9)
    t.start()
    t.say("")
    t.say("start")
    for _ in range(3000):
        if t.talk.done:
            break
        if t.talk.curtain_for is None and rng.random() < 0.5:
            commands = [p.command for p, _ in t.talk._phrases() if p.command != "pause"]
            if commands:
                t.say(rng.choice(commands))
        else:
            choose(t, rng)
        t.wait(1)
    assert t.talk.done
    assert any(line.startswith("Result: ") for line in t.lines)
    assert not any(BAD.search(line) for line in t.lines)


def test_a_game_quit_in_words_continues_in_words_and_in_the_app(tmp_path: Path) -> None:
    first = play(
        tmp_path, "spacepark", "--players", "Ann,Bo:easy", "--seed", "5", typed="1\n1\n1\nquit\n"
    )
    assert first.splitlines()[-1] == "Saved as game 1. To go on: tabletop play --continue 1."
    store = Store(default_path(tmp_path))
    moves = GameSession.resume(store, 1, get_engine("spacepark")).moves  # as the app does
    store.close()
    again = play(tmp_path, "--continue", "1", typed="hand\n")
    assert again.splitlines()[0] == "Space Park, game 1. Players: Ann, Bo (bot)."
    assert "Ann, you may:" in again
    store = Store(default_path(tmp_path))
    assert GameSession.resume(store, 1, get_engine("spacepark")).moves == moves
    store.close()


def test_the_end_of_input_saves_as_quit_does(tmp_path: Path) -> None:
    out = play(tmp_path, "pocketparks", "--players", "Ann,Bo:easy", "--seed", "1", typed="")
    assert out.splitlines()[-1] == "Saved as game 1. To go on: tabletop play --continue 1."


def test_a_bad_setup_is_refused_with_a_reason(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tabletop", "--data-dir", str(tmp_path), "play", "pocketparks"],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("tabletop play: Name the players: --players Ann,Bo")
    unknown = subprocess.run(
        [sys.executable, "-m", "tabletop", "--data-dir", str(tmp_path), "play", "--continue", "9"],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert unknown.returncode == 2 and "no unfinished game 9" in unknown.stderr
