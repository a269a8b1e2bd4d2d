"""The log dialog (screens/log.py): the whole log the reader may read, and a clear word
when there is nothing in it yet, not an empty box."""

from __future__ import annotations

from textual.app import App

from tabletop.tui.screens.log import LogScreen
from tabletop.tui.widgets.log import GameLog


def drawn(app: App[None]) -> list[str]:
    log = app.screen.query_one(GameLog)
    return [log.render_line(y).text.strip() for y in range(log.size.height)]


async def test_an_empty_log_says_nothing_happened_yet() -> None:
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(LogScreen("Log, as Ann may read it", []))
        await pilot.pause()
        assert "Nothing yet." in drawn(app)


async def test_a_log_shows_its_lines_and_no_empty_word() -> None:
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(LogScreen("Log, as Ann may read it", ["Ann gains 2 Sun crystals."]))
        await pilot.pause()
        lines = drawn(app)
        assert "Ann gains 2 Sun crystals." in lines and "Nothing yet." not in lines
