"""The registry of games (tabletop/games/__init__.py): tabletop's three register
through the public call, listing them loads no engine, and what a kit says agrees
with its engine."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

from tabletop.cli import main
from tabletop.games import PLUGINS_VARIABLE, get_engine, kit, kits, names, register_game, title
from tests.registry import isolated


def test_tabletops_own_games_register_in_the_home_screens_order() -> None:
    assert names() == ("pocketparks", "spacepark", "pocketdragon")
    for game in kits():
        engine = get_engine(game.name)
        assert (engine.name, engine.title) == (game.name, game.title)
        assert game.rulebook.title == game.title and game.blurb
        assert game.playtest.setups and all(
            engine.min_players <= n <= engine.max_players for n, _ in game.playtest.setups
        )


def test_listing_the_games_loads_no_engine() -> None:
    code = (
        "import sys; from tabletop.games import kits; titles = [k.title for k in kits()]; "
        "print(sorted(m for m in sys.modules if m.startswith('tabletop.games.')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == [
        "['tabletop.games.pocketdragon',",
        "'tabletop.games.pocketparks',",
        "'tabletop.games.spacepark']",
    ]


def test_an_unknown_game_names_the_games_in_one_order_whatever_was_imported_first() -> None:
    """The message lists the games as the home screen does, not in the order their
    packages happened to be imported (which differed between a process and the engine
    it started)."""
    code = (
        "import tabletop.games.spacepark; from tabletop.games import kit\n"
        "try:\n    kit('chess')\nexcept ValueError as e:\n    print(e)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    expected = "unknown game 'chess' (available: pocketparks, spacepark, pocketdragon)"
    assert done.stdout.strip() == expected


def test_a_name_is_one_game(monkeypatch: pytest.MonkeyPatch) -> None:
    isolated(monkeypatch)
    space = kit("spacepark")
    register_game(space)  # the same kit again: nothing changes
    assert names().count("spacepark") == 1
    with pytest.raises(ValueError, match="two games are called 'spacepark'"):
        register_game(dataclasses.replace(space, title="Another"))
    with pytest.raises(ValueError, match=r"'chess' \(available: pocketparks, spacepark"):
        kit("chess")
    assert title("chess") == "chess"  # a saved game of a game this tabletop lacks


def test_a_game_named_by_the_environment_that_is_no_module_is_said(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    isolated(monkeypatch)
    monkeypatch.setenv(PLUGINS_VARIABLE, "tests.no_such_game")
    assert main(["--help"]) == 2
    said = capsys.readouterr().err
    assert f"{PLUGINS_VARIABLE} names 'tests.no_such_game', which is no module" in said
