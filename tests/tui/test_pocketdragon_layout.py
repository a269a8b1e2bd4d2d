"""Pocket Dragon's panels in sight (issue 14 item 11): at 80x24, the size the app asks
for, and at 120x40, every panel a player needs is whole on the screen, without
scrolling: the clocks with the Feed window, both hands as the viewer may see them, the
clue pool with its keys, the Keys panel, the log, the companion's Log success. Region
checks (where Textual put each panel, and how much of it is not clipped), not text."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App
from textual.color import Color
from textual.geometry import Region
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget

from tabletop.core.clock import FakeClock
from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games.pocketdragon.content import cards
from tabletop.games.pocketdragon.engine import ENGINE
from tabletop.games.pocketdragon.rules import face_down, needed_skills
from tabletop.tui.app import TabletopApp
from tabletop.tui.dialogs import Choose
from tabletop.tui.games.pocketdragon.screen import Handover, PocketDragonScreen
from tabletop.tui.games.pocketdragon.table import _COLOURS, ClueOverlay, SuggestOverlay, TableScreen
from tabletop.tui.games.pocketdragon.timer import DragonTimer
from tabletop.tui.widgets.bars import Footer
from tabletop.tui.widgets.log import GameLog
from tests.tui.test_pocketdragon_screens import (
    move_to,
    open_screen,
    rendered,
    table,
    tick,
)

SIZES = [(80, 24), (120, 40)]
NAMES = ("Annabelle Louise", "Bartholomew Kane")  # 16 characters, the longest a name may be

TABLE_PANELS = (
    "#pd-top",  # whose turn it is
    "#pd-grid",
    "#pd-food",
    "#pd-hands",  # both hands, as the viewer may see them
    DragonTimer,  # the clocks, the clue pool, successes, Happiness
    "#timer-general",  # the clue pool's buttons, with their keys
    "#timer-specific",
    "#pd-keys",
    GameLog,
)


def start(store: Store, mode: str) -> GameSession:
    seats = tuple(SeatInfo(name) for name in NAMES)
    return GameSession.start(store, ENGINE, seats, {"mode": mode, "difficulty": "easy"}, 2024)


def assert_in_sight(screen: Screen[Any], *panels: str | type[Widget]) -> None:
    """Each panel is shown whole: laid out on ``screen``, inside the terminal, and not
    clipped by the panel that holds it (nothing of it below the fold)."""
    app = screen.app
    assert isinstance(app, App)
    terminal = Region(0, 0, *app.size)
    for panel in panels:
        widget = screen.query_one(panel)
        where = screen.find_widget(widget)
        assert where.region.area, f"{panel} is not shown"
        assert terminal.contains_region(where.region), f"{panel} at {where.region}"
        assert where.visible_region == where.region, f"{panel} cut to {where.visible_region}"


def assert_apart(screen: Screen[Any], panel: str | type[Widget], other: Widget) -> None:
    """``panel`` on ``screen`` covers nothing of ``other`` (on the screen beneath)."""
    top = screen.find_widget(screen.query_one(panel)).region
    beneath = other.screen.find_widget(other).region
    assert not top.overlaps(beneath), f"{panel} at {top} covers {other} at {beneath}"


def assert_log_reads(screen: Screen[Any], lines: int) -> None:
    """The log (it grows upward) shows at least ``lines`` lines inside its border."""
    log = screen.find_widget(screen.query_one(GameLog)).region
    assert log.height >= 2 + lines, f"the log has {log.height - 2} lines"


def assert_footer_whole(app: TabletopApp) -> None:
    """The footer's keys are not cut: the command palette's key still fits after them."""
    footer = rendered(app).splitlines()[-1]
    assert footer.rstrip().endswith("^p palette"), footer
    assert app.screen.query_one(Footer).region.width == app.size.width


async def fullest_board(pilot: Pilot[Any], screen: TableScreen, clock: FakeClock) -> None:
    """The table at its fullest: a clue told, food collected, an Activity in play with
    one Skill left (the partner may suggest), the Feed window open."""
    session = screen.session
    await pilot.press("enter", "space", "g", "w")  # Annabelle asks which cards need Wit
    await pilot.pause()
    await pilot.press("enter", "c")  # Bartholomew collects food from A1
    await pilot.pause()
    await pilot.press("enter", "1", "p")  # Annabelle plays her first card
    tbl = table(session)
    assert tbl.play is not None
    skill = needed_skills(tbl, tbl.play)[0]
    place = next(p for p in face_down(tbl) if cards().collection[tbl.grid[p] or 0].skill == skill)
    await move_to(pilot, screen, place)
    await pilot.press("f")
    await tick(pilot, screen, clock, 95.0)  # 25 s of hunger left: feed now
    tbl = table(session)
    assert tbl.play is not None and len(needed_skills(tbl, tbl.play)) == 1
    assert screen.dview(None).clocks.feed_available and screen.viewer == 0


@pytest.mark.parametrize("size", SIZES)
async def test_a_table_turn_shows_every_panel_whole(store: Store, size: tuple[int, int]) -> None:
    session = start(store, "table")
    app = TabletopApp(store)
    async with app.run_test(size=size) as pilot:
        screen = await open_screen(app, pilot, session, FakeClock())
        await pilot.press("enter", "space")
        assert app.screen is screen
        assert_in_sight(screen, *TABLE_PANELS)
        assert_log_reads(screen, 2)
        assert_footer_whole(app)


@pytest.mark.parametrize("size", SIZES)
async def test_the_fullest_table_shows_every_panel_whole(
    store: Store, size: tuple[int, int]
) -> None:
    """Both hands whole: the viewer's two card backs and the partner's three cards."""
    session = start(store, "table")
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=size) as pilot:
        screen = await open_screen(app, pilot, session, clock)
        assert isinstance(screen, TableScreen)
        await fullest_board(pilot, screen, clock)
        assert_in_sight(screen, *TABLE_PANELS, "#pd-play", "#timer-feed")
        hands = screen.find_widget(screen.query_one("#pd-hands")).region
        assert hands.height == 2 + 2 + 3  # two titles, two backs, the partner's three cards
        assert_log_reads(screen, 2)
        assert_footer_whole(app)


async def test_a_choice_leaves_the_clocks_and_the_board_in_sight(store: Store) -> None:
    """At 80x24 the feeding choice covers neither the clocks nor the board (the hands,
    the grid, the food) and lets them show through."""
    session = start(store, "table")
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_screen(app, pilot, session, clock)
        assert isinstance(screen, TableScreen)
        await pilot.press("enter", "space", "c", "enter")  # Annabelle collects A1
        first = cards().collection[table(session).food[0][0]].food
        await pilot.press("right", "c", "enter")  # Bartholomew collects A2
        other = next(
            p
            for p in face_down(table(session))
            if cards().collection[table(session).grid[p] or 0].food != first
        )
        await move_to(pilot, screen, other)
        await pilot.press("c", "enter")  # Annabelle collects a second kind of food
        await move_to(pilot, screen, face_down(table(session))[0])
        await pilot.press("c", "enter")  # Bartholomew collects
        await tick(pilot, screen, clock, 95.0)
        await pilot.press("e")  # two kinds of food: which one?
        await pilot.pause()
        chooser = app.screen
        assert isinstance(chooser, Choose) and chooser.styles.background.a == 0
        assert_in_sight(chooser, ".box")
        for panel in ("#pd-hands", "#pd-grid", "#pd-food", DragonTimer):
            assert_apart(chooser, ".box", screen.query_one(panel))
        assert_in_sight(screen, "#pd-hands", "#pd-grid", "#pd-food", DragonTimer)


async def test_the_private_moments_fit_80x24(store: Store) -> None:
    """The hand-over, a clue answered and a suggestion: their text and clocks whole."""
    session = start(store, "table")
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_screen(app, pilot, session, clock)
        assert isinstance(app.screen, Handover)
        assert_in_sight(app.screen, "#overlay-text", DragonTimer)
        assert_footer_whole(app)
        await pilot.press("enter", "space", "k", "enter")  # Bartholomew sees the asked card
        await pilot.pause()
        assert isinstance(app.screen, ClueOverlay) and app.screen.stage == "open"
        assert_in_sight(app.screen, "#overlay-text", DragonTimer)
        await pilot.press(app.screen.skills[0].letter.lower())
        await pilot.pause()
        await pilot.press("1", "p")  # Bartholomew plays; Annabelle suggests
        tbl = table(session)
        assert tbl.play is not None
        skill = needed_skills(tbl, tbl.play)[0]
        place = next(
            p for p in face_down(tbl) if cards().collection[tbl.grid[p] or 0].skill == skill
        )
        await move_to(pilot, screen, place)
        await pilot.press("f", "s")
        await pilot.pause()
        assert isinstance(app.screen, SuggestOverlay)
        assert_in_sight(app.screen, "#overlay-text", DragonTimer)


@pytest.mark.parametrize("size", SIZES)
async def test_the_companion_shows_every_panel_whole(store: Store, size: tuple[int, int]) -> None:
    """The clocks, the Feed window's button, the clue pool, Log success, the help, the log."""
    session = start(store, "companion")
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=size) as pilot:
        screen = await open_screen(app, pilot, session, clock)
        assert isinstance(screen, PocketDragonScreen)
        await pilot.press("space")
        await tick(pilot, screen, clock, 95.0)
        assert_in_sight(
            screen,
            "#pd-main",
            "#pd-hunger",
            DragonTimer,
            "#timer-feed",
            "#timer-general",
            "#timer-specific",
            "#timer-success",
            "#pd-help",
            GameLog,
        )
        assert_log_reads(screen, 4)
        assert_footer_whole(app)


def test_every_card_colour_is_one_textuals_style_parser_knows() -> None:
    """A colour Textual does not know (Rich's "grey62") still draws, through Rich, but
    only after a search for a close name at every card drawn: 56 ms frames."""
    for colour in _COLOURS.values():
        Color.parse(colour)  # raises ColorParseError for a name it does not know
