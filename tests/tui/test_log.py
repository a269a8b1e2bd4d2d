"""The game log wraps long lines in a narrow panel instead of cutting them, and keeps
a page per reader so a hand-over shows only that reader's lines, without rewriting them."""

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
        rows = [strip.text.rstrip() for strip in log.page.lines]
        assert len(rows) > 1
        assert all(len(row) <= 30 for row in rows), rows
        assert " ".join(rows).split() == LINE.split()


async def test_each_reader_sees_only_their_own_page() -> None:
    app = LogApp()
    async with app.run_test(size=(80, 12)) as pilot:
        log = app.query_one(GameLog)
        log.show(["Ana drew", "Ana drew the Lake (private)"], 0)
        await pilot.pause()
        ana = log.page
        log.show(["Ana drew"], None)
        await pilot.pause()
        assert log.shown == ["Ana drew"]
        assert not ana.display and log.page.display
        assert "private" not in app.export_screenshot()  # drawn nowhere
        log.show(["Ana drew", "Ana drew the Lake (private)", "Ben drew"], 0)
        await pilot.pause()
        assert log.page is ana and ana.display
        assert [strip.text.rstrip() for strip in ana.lines][-1] == "Ben drew"
        assert len(ana.lines) == 3  # appended, not rewritten
