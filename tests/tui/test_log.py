"""The game log wraps long lines in a narrow panel instead of cutting them."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tabletop.tui.widgets.log import GameLog

LINE = "Ben stole 1 card from Ana's mountain set and then drew two cards from the pile"


class LogApp(App[None]):
    CSS = "GameLog { width: 34; }"

    def compose(self) -> ComposeResult:
        yield GameLog()


async def test_a_long_line_wraps_within_a_narrow_log() -> None:
    app = LogApp()
    async with app.run_test(size=(80, 12)) as pilot:
        log = app.query_one(GameLog)
        log.show([LINE])
        await pilot.pause()
        rows = [strip.text.rstrip() for strip in log.lines]
        assert len(rows) > 1
        assert all(len(row) <= 30 for row in rows), rows
        assert " ".join(rows).split() == LINE.split()
