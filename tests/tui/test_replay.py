"""The replay viewer (tui/screens/replay.py) at 80x24: from History, Enter opens a
finished game of each game in its own screen, read-only; the keys step through it,
the move list jumps, the chart draws, each seat's view can be shown; no key of the
game makes a move. An unfinished game's replay shows the spectator's view only."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from tabletop.core.replay import Replay, ReplaySession
from tabletop.core.store import Store
from tabletop.games import get_engine
from tabletop.tui.app import TabletopApp
from tabletop.tui.screens import load_screen
from tabletop.tui.screens.replay import (
    ChartScreen,
    HandsScreen,
    MoveList,
    ReplayScreen,
    replay_screen,
)
from tabletop.tui.screens.saved import HistoryScreen
from tests.hardening.harness import compact
from tests.test_saves import GAMES, played, save

SIZE = (80, 24)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(tmp_path / "tabletop.db")
    yield s
    s.close()


def status(screen: ReplayScreen) -> str:
    content = screen.query_one("#status", Static).content
    assert isinstance(content, Content)
    return content.plain


def shown(pilot: Pilot[None]) -> str:
    return "\n".join(strip.text for strip in pilot.app.screen._compositor.render_strips())


async def open_replay(pilot: Pilot[None]) -> ReplayScreen:
    await pilot.press("h")
    await pilot.pause()
    assert isinstance(pilot.app.screen, HistoryScreen)
    await pilot.press("enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ReplayScreen)
    return screen


@pytest.mark.parametrize(("game", "setup", "seed"), GAMES)
async def test_a_finished_game_replays_in_its_own_screen(
    store: Store, game: str, setup: int, seed: int
) -> None:
    table = played(game, setup, seed)
    save(store, table)
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_replay(pilot)
        assert isinstance(screen, load_screen(game))  # the game's own screen
        session = screen.session
        last = len(session.replay) - 1
        assert status(screen).startswith(f"Move 0 of {last} · spectator's view")
        await pilot.press("right", "right", "right", "left")
        assert session.position == 2 and status(screen).startswith(f"Move 2 of {last} · ")
        await pilot.press("end")
        assert session.position == last and session.outcome is not None
        await pilot.press("home")
        assert session.position == 0
        await pilot.press("right_square_bracket")
        assert session.position > 0
        for key in ("1", "2", "k", "space", "enter", "p", "d", "u"):  # the game's keys
            await pilot.press(key)
        await pilot.pause()
        assert app.screen is screen and session.position > 0
        assert len(store.finished()) == 1 and store.unfinished() == []
        assert store.finished()[0].moves == len(table.record.actions)

        await pilot.press("m")
        await pilot.pause()
        moves = app.screen
        assert isinstance(moves, MoveList)
        options = moves.query_one(OptionList)
        assert options.option_count == last + 1
        options.highlighted = 5
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and session.position == 5

        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ChartScreen)
        assert "Over the game" in shown(pilot)
        await pilot.press("escape")
        await pilot.pause()

        await pilot.press("v")  # a finished game: each seat's view in turn
        assert screen.viewer == 0 and "view of Ann" in status(screen)
        for _ in table.setup.players:
            await pilot.press("v")
        assert screen.viewer is None

        await pilot.press("end", "a")  # a finished game: every hand
        await pilot.pause()
        assert isinstance(app.screen, HandsScreen)
        hands = app.screen.query_one(Static).content
        assert isinstance(hands, Content)
        assert [line.split(":")[0] for line in hands.plain.splitlines()] == list(
            table.setup.players
        )
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)


async def test_an_unfinished_games_replay_shows_no_hidden_card(store: Store) -> None:
    """Not offered from the app (History lists finished games), and still safe: asked
    for a seat's view, the screen shows none of that seat's hand that is not public;
    the same game, finished, shows it."""
    table = played("pocketparks", 0, 1)
    game_id = save(store, table, upto=40)
    saved = store.load_game(game_id)
    engine = get_engine("pocketparks")
    app = TabletopApp(store)
    async with app.run_test(size=(120, 40)) as pilot:
        for finished in (False, True):
            replay = Replay(engine, saved.record)
            session = ReplaySession(store, game_id, replay, saved.seats, finished)
            screen = replay_screen(session, app.settings)
            await app.push_screen(screen)
            await pilot.press("v")  # greyed for the unfinished game
            assert screen.viewer == (0 if finished else None)
            await pilot.press("a")  # every hand: a finished game's only
            await pilot.pause()
            assert isinstance(app.screen, HandsScreen) is finished
            if finished:
                assert private_cards(session, 0)[0] in shown(pilot)
                await pilot.press("escape")
                await pilot.pause()
            for position in (0, 25, 40):
                screen.go(position)
                screen.viewer = 0
                await pilot.pause()
                private = private_cards(session, 0)
                on_screen = [name for name in private if name in shown(pilot)]
                assert private and bool(on_screen) is finished, (finished, position, on_screen)
            screen.dismiss()
            await pilot.pause()


def private_cards(session: ReplaySession, seat: int) -> list[str]:
    """The names of the cards in ``seat``'s hand that nothing public names: not the
    spectator's view, not the public log."""
    engine = session.engine
    hand = [card["name"] for card in engine.view(session.state, seat).model_dump()["hand"]]
    public = compact(engine.view(session.state, None).model_dump(mode="json"))
    public += "\n".join(session.log(None))
    return [name for name in hand if name not in public]
