"""The footer: one line of the keys a screen offers now, a group of keys under one
word, keys that may not be pressed now dimmed, and a click on a key presses it."""

from __future__ import annotations

from textual.content import Content

from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games.spacepark.engine import ENGINE
from tabletop.tui.app import TabletopApp
from tabletop.tui.games.spacepark.screen import SpaceParkScreen
from tabletop.tui.screens.saved import ContinueScreen
from tabletop.tui.widgets.bars import Footer

SIZE = (120, 40)


def footer_line(app: TabletopApp) -> Content:
    line = app.screen.query_one(Footer).render()
    assert isinstance(line, Content)
    return line


def dimmed(line: Content, words: str) -> bool:
    """Is all of ``words`` in ``line`` dimmed?"""
    start = line.plain.index(words)
    return any(
        span.start <= start and span.end >= start + len(words) and "dim" in str(span.style)
        for span in line.spans
    )


async def test_the_home_footer_lists_its_keys_and_a_click_presses_one(store: Store) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        line = footer_line(app)
        keys = " n New game  c Continue  h History  r Rules  s Settings  q Quit "
        assert line.plain.startswith(keys) and line.plain.rstrip().endswith("^p palette")
        await pilot.click(Footer, offset=(line.plain.index("c Continue") + 2, 0))
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)


async def test_a_game_footer_groups_keys_and_dims_those_refused_now(store: Store) -> None:
    seats = (SeatInfo("Ann"), SeatInfo("Bob", "easy"))
    session = GameSession.start(store, ENGINE, seats, {}, 3)
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        app.play(session)
        await pilot.pause()
        assert isinstance(app.screen, SpaceParkScreen)
        line = footer_line(app)
        assert "1234567 Visit" in line.plain
        assert "u Undo" not in line.plain  # hidden while there is nothing to undo
        assert not dimmed(line, "esc Back")
        # no Fast Travel pass yet: the key is shown, dimmed (pressed, it says why not)
        assert app.screen.choice_state("travel", 0) is None and dimmed(line, "t Fast Travel")


async def test_a_moves_new_keys_are_drawn_with_the_move(store: Store) -> None:
    """The keys a move changes are in the footer once the move's handler returns, drawn in
    the frame that draws the move: Textual tells the footer a step later, after the
    screen may have drawn that frame (then the keys came a frame and 20 ms late)."""
    store.save_setting("curtain", False)
    seats = (SeatInfo("Ann"), SeatInfo("Bob"))
    session = GameSession.start(store, ENGINE, seats, {}, 3)
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        app.play(session)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SpaceParkScreen)
        changed = 0
        footer = screen.query_one(Footer)
        for _ in range(12):  # moves on the board (a decision's pop-up has keys of its own)
            before = footer.render()
            seat = session.to_act[0]
            screen.act(session.legal_actions(seat)[0])  # no await: nothing else has run
            drawn = footer.render()
            await pilot.pause()
            assert drawn == footer.render()
            changed += drawn != before
        assert changed >= 3
