"""The screen-reader setting: the terminal cursor sits on the first cell of the focused
item's text on every screen, so a screen reader or braille display follows it; and a game
started in words opens in the app."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.geometry import Offset
from textual.pilot import Pilot
from textual.widgets import OptionList, Switch

from tabletop.core.clock import FakeClock
from tabletop.core.store import Store
from tabletop.text.conversation import Conversation
from tabletop.text.run import open_session
from tabletop.text.seat import TextTable
from tabletop.tui.app import TabletopApp
from tabletop.tui.games.spacepark.screen import SpaceParkScreen

SIZE = (100, 32)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(tmp_path / "tabletop.db")
    yield s
    s.close()


def _cursor_on_focus(app: TabletopApp) -> bool:
    focused, at = app.focused, app.cursor_position
    return focused is not None and (
        focused.content_region.contains_point(at) or focused.region.contains_point(at)
    )


async def on_focused_item(pilot: Pilot[None]) -> None:
    """The terminal cursor is on the focused item, once the screen has settled (a
    screen just opened places it after its first layout: under load, a pause later)."""
    app = pilot.app
    assert isinstance(app, TabletopApp)
    for _ in range(40):
        if _cursor_on_focus(app):
            break
        await pilot.pause(0.05)
    focused = app.focused
    assert focused is not None, f"{type(app.screen).__name__}: nothing focused"
    at = app.cursor_position
    assert _cursor_on_focus(app), (
        type(app.screen).__name__,
        type(focused).__name__,
        at,
        focused.content_region,
    )


async def test_the_cursor_follows_the_focused_item_on_every_screen(store: Store) -> None:
    session = open_session(store, "spacepark", "Ann", "{}", 3, None)
    talk = Conversation(TextTable(session), FakeClock())
    talk.start()
    talk.hear("1")  # a move made in words
    talk.hear("quit")
    finished = Conversation(
        TextTable(open_session(store, "spacepark", "Bo", "{}", 4, None)), FakeClock()
    )
    finished.start()
    while not finished.done:  # a game for History and Statistics to list
        finished.hear("1")
    store.save_setting("screen_reader", True)
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        games = app.screen.query_one("#games", OptionList)
        assert app.focused is games and games.highlighted == 0
        assert app.cursor_position == games.content_region.offset
        await pilot.press("down")
        await pilot.pause()
        assert games.highlighted == 1
        assert app.cursor_position.y > games.content_region.y
        await on_focused_item(pilot)
        for open_screen in (
            app.action_settings,
            app.action_rules,
            app.action_continue,
            app.action_history,
            app.action_statistics,
            lambda: app.new_game("pocketparks"),
        ):
            open_screen()
            await pilot.pause()
            await on_focused_item(pilot)
            app.pop_screen()
            await pilot.pause()
            await on_focused_item(pilot)
        app.resume(1, "spacepark")  # the game started in words, in the app
        await pilot.pause()
        assert isinstance(app.screen, SpaceParkScreen)
        assert app.screen.session.moves == 1
        await on_focused_item(pilot)


async def test_the_setting_shows_and_hides_the_cursor(store: Store) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        assert app.cursor_position == Offset(0, 0)  # off: Textual's own, unmoved
        app.action_settings()
        await pilot.pause()
        switch = app.screen.query_one("#screen_reader", Switch)
        switch.focus()
        switch.toggle()
        await pilot.pause()
        assert app.settings.screen_reader is True
        assert store.settings()["screen_reader"] is True
        await on_focused_item(pilot)
