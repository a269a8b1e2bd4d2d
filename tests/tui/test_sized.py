"""Issue 26 item 7: while the window is too small to show a screen, no key but Quit does
anything there (each says why), and the screen plays on once it grows."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games.spacepark.engine import ENGINE
from tabletop.tui.app import TabletopApp
from tabletop.tui.games.spacepark.screen import ASKS, SpaceParkScreen
from tabletop.tui.screens.home import HomeScreen


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(tmp_path / "tabletop.db")
    yield s
    s.close()


def _keys() -> list[str]:
    """Every key of a move on the Space Park screen, and its other keys."""
    return [*(key for ask in ASKS.values() for key in ask.keys), "h", "i", "l", "escape", "f2"]


async def test_a_game_too_small_to_see_takes_no_key(store: Store) -> None:
    session = GameSession.start(store, ENGINE, (SeatInfo("Ann"),), {}, 3)
    app = TabletopApp(store)
    async with app.run_test(size=(120, 36)) as pilot:
        app.resume(session.game_id, "spacepark")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SpaceParkScreen)
        await pilot.resize_terminal(20, 10)
        await pilot.pause()
        assert screen.too_small and screen.focused is None
        for key in _keys():
            await pilot.press(key)
        await pilot.pause()
        assert app.screen is screen
        assert len(store.load_record(session.game_id).actions) == 0  # no move was made
        told = [n for n in app._notifications if n.title == "Window too small"]
        assert told and "That key did nothing" in told[-1].message
        await pilot.resize_terminal(120, 36)
        await pilot.pause()
        assert not screen.too_small
        for key in _keys()[:-3]:  # the moves' keys play again
            await pilot.press(key)
            await pilot.pause()
            if store.load_record(session.game_id).actions:
                break
        assert store.load_record(session.game_id).actions


async def test_home_too_small_opens_nothing(store: Store) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=(30, 8)) as pilot:
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen) and home.too_small
        await pilot.press("c", "h", "n", "s", "enter")
        await pilot.pause()
        assert app.screen is home
