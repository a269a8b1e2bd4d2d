"""The game log wraps long lines in a narrow panel instead of cutting them, holds only
the lines of the reader on show (a hand-over leaves nothing of the last reader's
private lines in it), appends a growing log without rewriting it, and wraps a long
log only as far up as it is read."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tabletop.tui.widgets.log import GameLog

LINE = "Ben stole 1 card from Ana's mountain set and then drew two cards from the pile"


class LogApp(App[None]):
    CSS = "GameLog { width: 34; }"

    def compose(self) -> ComposeResult:
        yield GameLog()


def rows(log: GameLog) -> list[str]:
    """Every row the log has wrapped, oldest first."""
    return [strip.text.rstrip() for strip in log._rows]


def on_screen(log: GameLog) -> list[str]:
    return [log.render_line(y).text.rstrip() for y in range(log.scrollable_content_region.height)]


async def test_a_long_line_wraps_within_a_narrow_log() -> None:
    app = LogApp()
    async with app.run_test(size=(80, 12)) as pilot:
        log = app.query_one(GameLog)
        log.show([LINE])
        await pilot.pause()
        wrapped = rows(log)
        assert len(wrapped) > 1
        assert all(len(row) <= 30 for row in wrapped), wrapped
        assert " ".join(wrapped).split() == LINE.split()


async def test_a_new_reader_replaces_the_lines_and_a_growing_log_is_appended() -> None:
    app = LogApp()
    async with app.run_test(size=(80, 12)) as pilot:
        log = app.query_one(GameLog)
        ana = ["Ana drew", "Ana drew the Lake (private)"]
        log.show(ana)
        await pilot.pause()
        assert "Ana drew the Lake (private)" in on_screen(log)
        everyone = ["Ana drew"]
        log.show(everyone)
        await pilot.pause()
        assert log.shown is everyone and rows(log) == ["Ana drew"]
        assert "private" not in app.export_screenshot()  # drawn nowhere, kept nowhere
        ana.append("Ben drew")
        log.show(ana)  # Ana's turn again: her lines, her private one with them
        await pilot.pause()
        before = list(log._rows)
        ana.append("Ana played the Lake")
        log.show(ana)
        await pilot.pause()
        assert rows(log)[-2:] == ["Ben drew", "Ana played the Lake"]
        assert all(a is b for a, b in zip(before, log._rows, strict=False))  # not rewritten
        assert on_screen(log)[:4] == [*ana]


async def test_a_long_log_is_wrapped_only_as_far_up_as_it_is_read() -> None:
    app = LogApp()
    async with app.run_test(size=(80, 12)) as pilot:
        log = app.query_one(GameLog)
        lines = [f"move {n}" for n in range(5000)]
        log.show(lines)
        await pilot.pause()
        assert len(log._rows) < 100  # a few screenfuls, not 5,000 lines
        assert on_screen(log)[-1] == "move 4999"  # the newest at the bottom
        for _ in range(5000):  # Home, again and again, up to the first move
            if on_screen(log)[0] == "move 0":
                break
            log.scroll_home(animate=False)
            await pilot.pause()
        assert on_screen(log)[0] == "move 0" and rows(log) == lines


async def test_a_log_made_shorter_keeps_its_newest_line_in_view() -> None:
    """A status line coming under the board takes a row from the log: the newest line
    stays on screen (it was cut off), and a log scrolled up stays where it was read."""
    app = LogApp()
    async with app.run_test(size=(80, 12)) as pilot:
        log = app.query_one(GameLog)
        lines = [f"Move {n}" for n in range(30)]
        log.show(lines)
        await pilot.pause()
        assert on_screen(log)[-1] == "Move 29"
        log.styles.height = 8
        await pilot.pause()
        assert on_screen(log)[-1] == "Move 29"
        log.scroll_up(animate=False)
        log.scroll_up(animate=False)
        await pilot.pause()
        read = on_screen(log)
        assert read[-1] != "Move 29"  # scrolled up, reading
        log.styles.height = 7
        await pilot.pause()
        assert on_screen(log)[0] == read[0]
