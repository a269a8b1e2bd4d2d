"""The hint key (h) in Space Park and PocketParks: the hard bot's move for the player at
the keyboard and why, on the status line; gone with the next move, never shown to the
next player after a hand-over. The hint itself is tested with each game's engine
(tests/<game>/test_hints.py); here, that the screen shows that one."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games import get_engine, hint
from tabletop.games.pocketparks.model import PocketParksState
from tabletop.tui.app import TabletopApp
from tabletop.tui.dialogs import Choose
from tabletop.tui.games.pocketparks.modals import ResponseWindow, TourPicker
from tabletop.tui.screens.base import GameScreen
from tabletop.tui.widgets.curtain import Curtain
from tests.pocketparks.test_hints import reaction_window, tour_window

SIZE = (120, 40)


def status(game: GameScreen) -> str:
    return str(game.query_one("#status", Static).render()).replace("\n", " ")


async def settled(pilot: Pilot[None]) -> None:
    await pilot.app.workers.wait_for_complete()
    for _ in range(3):
        await pilot.pause()


async def started(app: TabletopApp, pilot: Pilot[None], game: str) -> tuple[GameScreen, int]:
    """A two-person game of ``game``, its first player at the keyboard."""
    seats = (SeatInfo("Ann"), SeatInfo("Bob"))
    session = GameSession.start(app.store, get_engine(game), seats, {"first_player": 0}, 3)
    app.play(session)
    await settled(pilot)
    assert isinstance(app.screen, Curtain)
    await pilot.press("enter")
    await settled(pilot)
    screen = app.screen
    assert isinstance(screen, GameScreen) and screen.viewer == 0
    return screen, 0


@pytest.mark.parametrize("game", ["spacepark", "pocketparks"])
async def test_h_shows_the_hint_for_the_player_at_the_keyboard_until_the_move(
    store: Store, game: str
) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        screen, seat = await started(app, pilot, game)
        session = screen.session
        assert screen.check_action("hint", ()) is True
        expected = hint(session.engine, session.state, seat)
        assert expected is not None
        await pilot.press("h")
        await settled(pilot)
        assert status(screen) == f"Hint: {expected.why}"
        screen.act(expected.action)  # the move (or its first step) suggested
        await settled(pilot)
        assert "Hint:" not in status(screen)
        if isinstance(app.screen, Curtain):  # handed over: Bob is not shown Ann's hint
            assert screen.viewer is None and "Hint:" not in status(screen)
            assert screen.check_action("hint", ()) is False


async def test_a_hint_that_comes_after_the_move_is_dropped(store: Store) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        screen, seat = await started(app, pilot, "spacepark")
        session = screen.session
        before = session.state
        screen.action_hint()  # thinking in its thread...
        assert status(screen) == "Hint: thinking…"
        move = next(a for a in session.legal_actions(seat) if a.kind == "visit")
        screen.act(move)  # ...while the move is made
        await settled(pilot)
        assert session.state is not before and "Hint:" not in status(screen)


async def test_pocket_dragon_has_no_hint(store: Store) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        seats = (SeatInfo("Ann"), SeatInfo("Bo"))
        options = {"mode": "companion"}
        app.play(GameSession.start(store, get_engine("pocketdragon"), seats, options, 1))
        await settled(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.check_action("hint", ()) is False


@pytest.mark.parametrize("window", [tour_window, reaction_window], ids=["tour", "reaction"])
async def test_h_in_a_private_answer_shows_the_answering_players_hint(
    store: Store, window: Callable[[], tuple[PocketParksState, int]]
) -> None:
    """Asked in a PocketParks window, the player answering in private gets the hint for
    their own seat on the answer's pop-up (the Park Tour picker, the reaction's choice),
    the one the engine test shows is the same whatever the other hands hold; the public
    window, asked of the whole table, offers none; a move (a pick) takes it away."""
    state, seat = window()
    store.save_setting("response_window", 0)  # the window waits for a key
    app = TabletopApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        seats = tuple(SeatInfo(p.name) for p in state.players)
        session = GameSession.start(store, get_engine("pocketparks"), seats, {}, 1)
        session.state = state
        app.play(session)
        await settled(pilot)
        asked = app.screen
        assert isinstance(asked, ResponseWindow) and asked.check_action("hint", ()) is False
        await pilot.press(str(seat + 1))  # the seat answers, and takes the keyboard
        await settled(pilot)
        await pilot.press("enter")
        await settled(pilot)
        popup = app.screen
        assert isinstance(popup, TourPicker | Choose) and popup.check_action("hint", ())
        expected = hint(session.engine, session.state, seat)
        assert expected is not None
        await pilot.press("h")
        await settled(pilot)
        line = str(popup.query_one("#hint", Static).render()).replace("\n", " ")
        assert line == f"Hint: {expected.why}"
        if isinstance(popup, TourPicker):
            await pilot.press("space")  # a pick is a move: the hint was for before it
            await settled(pilot)
            assert not str(popup.query_one("#hint", Static).render())
