"""Pocket Dragon table mode with the partner bot as the second seat (issue 29 item 2):
one person plays the whole game at one keyboard with no curtain; the bot's hand is in
plain view and the person's own hidden; the bot's moves reach the log and the grid at its
reaction time on the game clock; `w` tells why it made its last move; a saved game
resumed gives the bot back what its looks showed. Driven by keys through Pilot with a
FakeClock (the tests move the clock and call the screen's ``tick``, as its timer would)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from tabletop.core.clock import FakeClock
from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games.pocketdragon.bots import Partner
from tabletop.games.pocketdragon.content import GRID_COLUMNS, cards
from tabletop.games.pocketdragon.engine import ENGINE
from tabletop.games.pocketdragon.model import PocketDragonState, Table
from tabletop.games.pocketdragon.rules import face_down, needed_skills
from tabletop.tui.app import TabletopApp
from tabletop.tui.games.pocketdragon import pocket_dragon_screen
from tabletop.tui.games.pocketdragon.screen import DragonResult, Handover, Overlay
from tabletop.tui.games.pocketdragon.table import ClueOverlay, TableScreen
from tabletop.tui.tables import LocalTable
from tabletop.tui.widgets.log import GameLog


def start(store: Store, seed: int, difficulty: str = "easy") -> GameSession:
    seats = (SeatInfo("Ann"), SeatInfo("Bo", "quick"))
    options = {"mode": "table", "difficulty": difficulty}
    return GameSession.start(store, ENGINE, seats, options, seed)


async def open_screen(
    app: TabletopApp, pilot: Pilot[Any], session: GameSession, clock: FakeClock
) -> TableScreen:
    screen = pocket_dragon_screen(session)(session, app.settings, clock=clock)
    assert isinstance(screen, TableScreen)
    app.push_screen(screen)
    await pilot.pause()
    return screen


def partner_of(screen: TableScreen) -> Partner:
    """The partner bot of seat 2, as the screen's table plays it."""
    controller = screen.controller
    assert isinstance(controller, LocalTable) and controller.paced_seats == (1,)
    bot = controller.pacing.bots[1]
    assert isinstance(bot, Partner)
    return bot


def table(session: GameSession) -> Table:
    state = session.state
    assert isinstance(state, PocketDragonState) and state.table is not None
    return state.table


def rendered(app: TabletopApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def assert_private(app: TabletopApp, screen: TableScreen, session: GameSession) -> None:
    """PD-TALK-2 on screen: Ann never sees her own Activities; Bo's are in plain view."""
    tbl = table(session)
    own = [cards().activities[h.activity].name for h in tbl.hands[0]]
    bots = [cards().activities[h.activity].name for h in tbl.hands[1]]
    text = rendered(app)
    hands = str(screen.query_one("#pd-hands", Static).render())
    for name in own:
        assert name not in text and name not in hands, f"{name} shown to Ann"
    assert screen.viewer == 0
    assert all(name in hands for name in bots)


async def move_to(pilot: Pilot[Any], screen: TableScreen, place: int) -> None:
    row, col = divmod(place, GRID_COLUMNS)
    here_row, here_col = divmod(screen.cursor, GRID_COLUMNS)
    keys = ["down" if row > here_row else "up"] * abs(row - here_row)
    keys += ["right" if col > here_col else "left"] * abs(col - here_col)
    await pilot.press(*keys)


async def ann_moves(
    pilot: Pilot[Any], app: TabletopApp, screen: TableScreen, s: GameSession
) -> None:
    """Ann, who (this test looks under the cards) plays her first Activity on her turn
    and flips what it needs, and answers Bo's clues truly."""
    tbl = table(s)
    if tbl.clue is not None and tbl.clue.asker == 1:
        await pilot.press("a")
        overlay = app.screen
        assert isinstance(overlay, ClueOverlay)
        assert overlay.stage == "open"  # nobody to look away: no curtain
        needs = cards().activities[tbl.hands[1][tbl.clue.card].activity].skills
        letter = next(sk.letter for sk in cards().skills if sk.id == needs[0])
        await pilot.press(letter.lower())
        await pilot.pause()
        return
    if tbl.clue is not None or tbl.peek is not None:
        return
    if tbl.play is None and tbl.turn == 0:
        await pilot.press("1", "p")
    elif tbl.play is not None and tbl.play.seat == 0:
        skill = needed_skills(tbl, tbl.play)[0]
        place = next(
            p for p in face_down(tbl) if cards().collection[tbl.grid[p] or 0].skill == skill
        )
        await move_to(pilot, screen, place)
        await pilot.press("f")


@pytest.mark.rule("PD-BOT-1", "PD-TALK-2")
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_one_person_plays_a_whole_game_with_the_partner(
    store: Store, size: tuple[int, int]
) -> None:
    session = start(store, 2024, "medium")
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=size) as pilot:
        screen = await open_screen(app, pilot, session, clock)
        assert not isinstance(app.screen, Handover) and screen.viewer == 0
        await pilot.press("space")
        assert [a["kind"] for a in session.record.actions] == ["start"]
        bot_moves = 0
        for _ in range(2000):
            if session.outcome is not None:
                break
            if app.screen is screen:
                await ann_moves(pilot, app, screen, session)
            moves = len(session.record.actions)
            clock.advance(0.25)
            screen.tick()
            await pilot.pause()
            made = session.record.actions[moves:]
            if session.outcome is None and any(a["seat"] == 1 for a in made):
                bot_moves += 1
                log = screen.query_one(GameLog)
                assert any(line.startswith("Bo ") for line in log.shown[-3:])
            if app.screen is screen:
                assert_private(app, screen, session)
            else:  # never a curtain, never the bot's own look
                assert not isinstance(app.screen, Handover)
                assert not (isinstance(app.screen, Overlay) and app.screen.looker == "Bo")
        assert session.outcome is not None, "the game did not end"
        assert bot_moves >= 6  # a turn of its own between each two of Ann's
        await pilot.pause()
        assert isinstance(app.screen, DragonResult)
        assert store.finished()[0].players == ("Ann", "Bo")


async def test_w_tells_why_the_partner_made_its_last_move(store: Store) -> None:
    session = start(store, 7)
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_screen(app, pilot, session, clock)
        await pilot.press("w")
        assert "Bo has not moved yet." in [n.message for n in app._notifications]
        # Ann looks at two cards (marks one, then the other), sees them with no curtain,
        # and ends her look
        await pilot.press("space", "l", "right", "l")
        await pilot.pause()
        assert isinstance(app.screen, Overlay) and app.screen.stage == "open"
        await pilot.press("enter")
        await pilot.pause()
        assert [a["kind"] for a in session.record.actions] == ["start", "peek", "end_peek"]
        for _ in range(8):
            clock.advance(0.25)
            screen.tick()
            await pilot.pause()
        assert any(a["seat"] == 1 for a in session.record.actions)
        await pilot.press("w")
        bot = partner_of(screen)
        assert bot.why
        assert f"Bo: {bot.why}" in [n.message for n in app._notifications]


async def test_a_resumed_game_gives_the_partner_its_memory_back(store: Store) -> None:
    session = start(store, 11, "hard")
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_screen(app, pilot, session, clock)
        await pilot.press("space")
        for _ in range(400):
            bot = partner_of(screen)
            if bot.memory.seen:
                break
            if app.screen is screen:
                await ann_moves(pilot, app, screen, session)
            clock.advance(0.25)
            screen.tick()
            await pilot.pause()
        seen = dict(bot.memory.seen)
        assert seen
        app.pop_screen()  # leaving pauses and saves
        await pilot.pause()
        resumed = GameSession.resume(store, session.game_id, ENGINE)
        again = await open_screen(app, pilot, resumed, clock)
        assert partner_of(again).memory.seen == seen
        assert table(resumed).hands == table(session).hands
