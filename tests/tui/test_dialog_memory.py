"""Closing a dialog (or a screen) leaves nothing behind: once it has been opened and
closed a first time (which may fill caches for good), opening and closing it again
leaves no more widgets alive (screens included, counted after a full garbage
collection), so the count stays flat however often it is opened. Each kind is
tried: the delete confirm, Pocket Dragon's confirm and private moments, a
PocketParks pop-up, the list of every key, the hand-over curtain (with the game
screen under it), the game-end result, the Settings, History and Rules screens
(the app keeps one Rules screen: it is built on its first opening, and nothing
grows after that).

Textual's Header and Footer kept every header of a closed screen and every set of
footer keys replaced alive (Textualize/textual#6666); tabletop/tui/widgets/bars.py
works around it. Resident memory is measured in benchmarks/bench_dialog_memory.py.
"""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget

from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games import get_engine
from tabletop.games.pocketdragon.model import Start
from tabletop.tui.app import TabletopApp
from tabletop.tui.dialogs import Confirm
from tabletop.tui.games.pocketdragon.screen import DragonResult, Overlay
from tabletop.tui.games.pocketparks.modals import ScoreSheet
from tabletop.tui.screens.keys import KeysScreen
from tabletop.tui.screens.rules import RulesScreen
from tabletop.tui.screens.saved import HistoryScreen
from tabletop.tui.screens.settings import SettingsScreen
from tabletop.tui.screens.statistics import StatisticsScreen
from tabletop.tui.widgets.curtain import Curtain

SIZE = (120, 40)


def live_widgets() -> Counter[str]:
    """Every widget alive, frozen ones too (a game screen freezes what is alive once it is
    drawn, and ``gc.get_objects`` does not list what is frozen)."""
    gc.unfreeze()
    gc.collect()
    return Counter(type(o).__qualname__ for o in gc.get_objects() if isinstance(o, Widget))


def seats(*names: str) -> tuple[SeatInfo, ...]:
    return tuple(SeatInfo(name) for name in names)


Step = Callable[[TabletopApp, Pilot[Any]], Awaitable[None]]


async def home(app: TabletopApp, pilot: Pilot[Any]) -> None:
    """The home screen, as the app opens."""


async def continue_screen(app: TabletopApp, pilot: Pilot[Any]) -> None:
    GameSession.start(app.store, get_engine("spacepark"), seats("Ann", "Bob"), {}, 1)
    await pilot.press("c")


async def dragon(app: TabletopApp, pilot: Pilot[Any], mode: str) -> None:
    options = {"mode": mode, "difficulty": "easy"}
    engine = get_engine("pocketdragon")
    app.play(GameSession.start(app.store, engine, seats("Ann", "Bo"), options, 7))
    await pilot.pause()
    if mode == "table":
        await pilot.press("enter")  # Ann takes the keyboard
    await pilot.press("space", "space")  # start, then pause: the clocks wait for the test


async def dragon_companion(app: TabletopApp, pilot: Pilot[Any]) -> None:
    await dragon(app, pilot, "companion")


async def dragon_table(app: TabletopApp, pilot: Pilot[Any]) -> None:
    await dragon(app, pilot, "table")


async def pocketparks(app: TabletopApp, pilot: Pilot[Any]) -> None:
    app.play(GameSession.start(app.store, get_engine("pocketparks"), seats("Ann", "Bo"), {}, 3))
    await pilot.pause()
    await pilot.press("enter")  # lifts the first curtain


async def show_a_result(app: TabletopApp, pilot: Pilot[Any]) -> None:
    """The end of a Pocket Dragon game lost to hunger (over home: the game screen's own
    coming and going is the curtain's case)."""
    options = {"mode": "companion", "difficulty": "easy"}
    engine = get_engine("pocketdragon")
    session = GameSession.start(app.store, engine, seats("Ann", "Bo"), options, 7)
    session.act(Start(seat=0, now=0.0))
    session.advance(1000.0)
    app.push_screen(DragonResult(session))


@dataclass(frozen=True)
class Dialog:
    under: Step
    """Opens the screen the dialog opens over."""
    keys: tuple[str, ...]
    """Open the dialog (when ``opener`` is None)."""
    shows: type[Screen[Any]]
    close: tuple[str, ...]
    """Close it, back to the screen under it."""
    opener: Step | None = None


DIALOGS = {
    "continue delete confirm": Dialog(continue_screen, ("d",), Confirm, ("n",)),
    "pocket dragon reset confirm": Dialog(dragon_companion, ("r",), Confirm, ("n",)),
    "pocket dragon private look": Dialog(dragon_table, ("h",), Overlay, ("enter",) * 3),
    "pocketparks score sheet": Dialog(pocketparks, ("g",), ScoreSheet, ("escape",)),
    "every key of a game": Dialog(pocketparks, ("f2",), KeysScreen, ("escape",)),
    "curtain over a resumed game": Dialog(continue_screen, ("enter",), Curtain, ("escape",)),
    "game end result": Dialog(home, (), DragonResult, ("enter",), show_a_result),
    "settings": Dialog(home, ("s",), SettingsScreen, ("escape",)),
    "history": Dialog(home, ("h",), HistoryScreen, ("escape",)),
    "rules": Dialog(home, ("r", "right", "right"), RulesScreen, ("escape",)),
    "rules from a game": Dialog(pocketparks, ("question_mark",), RulesScreen, ("escape",)),
    "statistics": Dialog(home, ("t",), StatisticsScreen, ("escape",)),
}


@pytest.mark.parametrize("name", DIALOGS)
async def test_closing_a_dialog_leaves_nothing_behind(store: Store, name: str) -> None:
    dialog = DIALOGS[name]
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        await dialog.under(app, pilot)
        await pilot.pause()
        under = app.screen

        async def round_trip() -> None:
            if dialog.opener is not None:
                await dialog.opener(app, pilot)
            for key in dialog.keys:
                await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, dialog.shows)
            for key in dialog.close:
                await pilot.press(key)
            await pilot.pause()
            assert app.screen is under

        await round_trip()
        before = live_widgets()
        await round_trip()
        grown = live_widgets() - before
        assert not grown, f"opening and closing it again left alive: {dict(grown)}"
