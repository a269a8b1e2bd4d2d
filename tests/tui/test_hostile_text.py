"""Hostile names through every screen (issue 12): markup of every kind, unbalanced
brackets, the 16-character limit, wide CJK and emoji. Nothing crashes and each name
is shown as typed, on the terminal's own lines (a name read as markup would lose its
brackets, turn bold or into a link, or crash the app). Escape sequences and other
control characters are refused at the setup screen, and none that reaches a widget
by another way is written to the terminal.

One game per screen, each with several of the names: the setup form, PocketParks
(curtains, the Park Tour window and its private answer, a round's scoring, the
result), Space Park and Pocket Dragon (hand-overs, status line, the result), then
Continue and History.
"""

from __future__ import annotations

import random

import pytest
from rich.segment import Segment
from textual import events
from textual.color import Color
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Input, Select, Static

from tabletop.core.clock import FakeClock
from tabletop.core.names import NAME_LIMIT
from tabletop.core.session import GameSession
from tabletop.core.store import FinishedGame, SavedGame, SeatInfo, Store
from tabletop.games.pocketdragon.engine import ENGINE as DRAGON
from tabletop.games.pocketparks.model import PocketParksState
from tabletop.games.spacepark.engine import ENGINE as SPACE
from tabletop.tui.app import TabletopApp
from tabletop.tui.games.pocketdragon import pocket_dragon_screen
from tabletop.tui.games.pocketdragon.screen import DragonResult, Handover
from tabletop.tui.games.pocketdragon.table import ContentOverlay
from tabletop.tui.games.pocketparks.modals import (
    FinalResultScreen,
    ResponseWindow,
    ScoreSheet,
    TourPicker,
)
from tabletop.tui.games.pocketparks.screen import PocketParksScreen
from tabletop.tui.games.spacepark.screen import SpaceParkScreen
from tabletop.tui.screens.base import ResultScreen
from tabletop.tui.screens.saved import ContinueScreen, HistoryScreen
from tabletop.tui.screens.setup import SetupScreen
from tabletop.tui.text import ControlFilter, plain
from tabletop.tui.widgets.curtain import Curtain
from tests.pocketparks.scenario import park, parks, table
from tests.tui.test_pocketparks_screen import (
    laid_out,
    let_go,
    play_winning_set,
    winning_table,
)
from tests.tui.test_spacepark_screen import pick

SIZE = (120, 40)

MARKUP = (
    "[/]",  # a closing tag with nothing open: the parser raises
    "[link=a:b]x",  # a link the parser refuses
    "[b]Dan",  # bold
    "[link=e.vil]Bob",  # a terminal hyperlink
    "[@click=quit]Q",  # an action run on a click
    "[$accent]Ava",  # a theme variable
    "[i]Ivy[/i]",  # a whole tag pair
    "Ann[",  # unbalanced brackets
    "]Zed[",
    "\\[b]Cy\\",  # a markup escape, and a trailing backslash to break escaping
)
LONG = ("Sixteen-letters!", "龍之介" * 5 + "龍")
"""Names of the longest a name may be, the second 32 cells wide."""
EMOJI = ("👩🚀 Ada", "🐉🔥 Zoë")  # emoji side by side (never joined: below), an accent
REFUSED = ("\x1b[31mEve", "\u202eEve", "Eve\x07", "\x9b2JEve")
"""An escape sequence, a right-to-left override, a bell, a C1 control sequence."""

SETUP = ("[/]", "[link=e.vil]Bob", "Ann[", "\\[b]Cy\\", EMOJI[0])
TOUR = ("[/]", "[link=a:b]x", "[b]Dan", "[@click=quit]Q", LONG[1])
FINAL = ("[link=e.vil]Bob", "[$accent]Ava", "]Zed[")
SPACE_PARK = ("[/]", "[b]Dan", EMOJI[1], LONG[0])
DRAGON_TABLE = ("[link=a:b]x", "[i]Ivy[/i]")


def test_every_hostile_name_goes_through_a_screen() -> None:
    used = {*SETUP, *TOUR, *FINAL, *SPACE_PARK, *DRAGON_TABLE}
    assert used == {*MARKUP, *LONG, *EMOJI}
    assert all(len(name) <= NAME_LIMIT for name in used)
    assert len(LONG[0]) == len(LONG[1]) == NAME_LIMIT


@pytest.fixture
def store(store: Store) -> Store:
    """The root conftest's store, with this file's settings."""
    store.save_setting("response_window", 0)  # response windows wait for a key
    return store


def shown(app: TabletopApp) -> str:
    """Every line the terminal shows now, as it shows it."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def assert_shown(pilot: Pilot[None], *texts: str) -> None:
    """Each of ``texts`` is on the terminal as it is; nothing there is a link (a name
    read as markup could make one) or an escape."""
    await pilot.pause()
    assert isinstance(pilot.app, TabletopApp)
    strips = pilot.app.screen._compositor.render_strips()
    text = "\n".join(strip.text for strip in strips)
    missing = [t for t in texts if t not in text]
    assert not missing, f"{missing} not shown as typed on {pilot.app.screen}:\n{text}"
    assert not [s.text for strip in strips for s in strip if s.style and s.style.link]
    assert "\x1b" not in text


async def assert_history(pilot: Pilot[None], summary: str, names: tuple[str, ...]) -> None:
    """History shows the game just ended with every name; its summary, in the pane
    under the table (which the terminal may cut), is there as it is."""
    assert isinstance(pilot.app.screen, HistoryScreen)
    await assert_shown(pilot, *names)
    assert summary in details(pilot.app.screen)


def details(history: HistoryScreen) -> str:
    """The text of History's pane of the highlighted game."""
    content = history.query_one("#details", Static).content
    assert isinstance(content, Content)
    return content.plain


async def paste(pilot: Pilot[None], field: Input, text: str) -> None:
    field.value = ""
    field.focus()
    field.post_message(events.Paste(text))
    await pilot.pause()


async def test_setup_takes_marked_up_names_as_typed_and_refuses_control_characters(
    store: Store,
) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.new_game("pocketparks")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#count", Select).value = 5
        await pilot.pause()
        first = setup.query_one("#seat-0", Input)
        for refused in REFUSED:  # pasted: a keyboard cannot type them
            await paste(pilot, first, refused)
            assert first.value == refused
            await pilot.press("ctrl+s")
            await pilot.pause()
            error = str(setup.query_one("#error", Static).render())
            assert error.startswith("Seat 1: A player's name cannot hold control characters")
            assert app.screen is setup and first.value == refused  # nothing typed is lost
            assert "\x1b" not in shown(app)
        assert store.unfinished() == []
        for seat, name in enumerate(SETUP):
            field = setup.query_one(f"#seat-{seat}", Input)
            if name.isascii():
                field.value = ""
                field.focus()
                await pilot.press(*name)
            else:
                await paste(pilot, field, name)
            assert field.value == name
        setup.query_one("#seed", Input).value = "7"
        await pilot.press("ctrl+s")
        await pilot.pause()
        curtain = app.screen
        assert isinstance(curtain, Curtain)
        session = app.screen_stack[-2]
        assert isinstance(session, PocketParksScreen)
        assert tuple(s.name for s in session.session.seats) == SETUP
        await assert_shown(pilot, f"Pass to {curtain.player}")
        await pilot.press("enter")
        await assert_shown(pilot, *SETUP)  # the table, the scoreboard, the hand's title
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("c")
        assert isinstance(app.screen, ContinueScreen)
        await assert_shown(pilot, ", ".join(SETUP))


async def test_pocketparks_window_answer_and_result_show_names_as_typed(store: Store) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        # The Park Tour window: every asked seat's name on its button.
        game = PocketParksScreen(laid_out(store, tour_table()), app.settings)
        await app.push_screen(game)
        await assert_shown(pilot, f"Pass to {TOUR[0]}")
        await pilot.press("enter")
        await assert_shown(pilot, *TOUR, f"{TOUR[0]}'s hand")
        await let_go(pilot, game, park("Saguaro"))
        assert isinstance(app.screen, ResponseWindow)
        await assert_shown(pilot, *(f"{seat + 1} {name}" for seat, name in enumerate(TOUR) if seat))
        await pilot.press("1")  # not asked: the toast names the player
        await assert_shown(pilot, f"{TOUR[0]} is not asked this time.")
        await pilot.press("2")
        await assert_shown(pilot, f"Pass to {TOUR[1]}")
        await pilot.press("enter")
        assert isinstance(app.screen, TourPicker)
        await assert_shown(pilot, f"{TOUR[1]}: Park Tour on #")
        await pilot.press("escape")  # passes
        await pilot.pause()
        assert isinstance(app.screen, ResponseWindow)
        await pilot.press("n")  # nobody else answers
        await pilot.pause()
        await pilot.press("escape")  # leave the curtain: home, the game unfinished

        # A round-3 win: the scoring sheet and the result, then History.
        final = winning_table(round=3)
        for seat, name in enumerate(FINAL):
            final.players[seat].name = name
        game = PocketParksScreen(laid_out(store, final), app.settings)
        await app.push_screen(game)
        await pilot.press("enter")
        await play_winning_set(pilot, game)
        assert isinstance(app.screen, ScoreSheet)
        await assert_shown(pilot, f": won by {FINAL[0]}", *FINAL)
        await pilot.press("enter")
        assert isinstance(app.screen, FinalResultScreen)
        outcome = game.session.outcome
        assert outcome is not None and FINAL[0] in outcome.summary
        await assert_shown(pilot, outcome.summary, *(f"{name}: " for name in FINAL))
        await pilot.press("h")
        await assert_history(pilot, outcome.summary, FINAL)
        await pilot.press("escape", "c")
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)
        await assert_shown(pilot, ", ".join(TOUR))


def tour_table() -> PocketParksState:
    """Five players; the first has drawn 2 and discards Saguaro: the others are asked
    about a Park Tour (the second can make one)."""
    st = table(
        [
            parks("Saguaro", "Acadia", "Olympic"),
            parks("Grand Teton", "North Cascades", "Sequoia", "Rocky Mountain"),
            parks("Congaree", "Cuyahoga Valley"),
            parks("Everglades", "Biscayne"),
            parks("Denali", "Glacier"),
        ],
        discard=parks("Wind Cave"),
    )
    st.phase = "discard"
    st.draws = 2
    for player, name in zip(st.players, TOUR, strict=True):
        player.name = name
    return st


async def test_space_park_shows_names_as_typed_to_history(store: Store) -> None:
    session = GameSession.start(store, SPACE, tuple(SeatInfo(n) for n in SPACE_PARK), {}, 11)
    app = TabletopApp(store)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.play(session)
        await pilot.pause()
        assert isinstance(app.screen, Curtain)
        first = app.screen.player
        await assert_shown(pilot, f"Pass to {first}")
        await pilot.press("enter")
        game = app.screen
        assert isinstance(game, SpaceParkScreen)
        await assert_shown(
            pilot,
            *SPACE_PARK,
            f"{first}: visit a destination",
            f"{first}'s hand",
            f"Space Park — {first}'s view",  # the header
        )
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("c")
        await assert_shown(pilot, ", ".join(SPACE_PARK))
        rng = random.Random(11)  # the rest of the game, headless, then the result
        while session.outcome is None:
            seat = session.to_act[0]
            session.act(pick(session.legal_actions(seat), rng))
        app.play(session)
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        summary = session.outcome.summary
        assert any(name in summary for name in SPACE_PARK)
        await assert_shown(pilot, summary, *(f"{name}: " for name in SPACE_PARK))
        await pilot.press("h")
        await assert_history(pilot, summary, SPACE_PARK)


async def test_pocket_dragon_shows_names_as_typed_to_history(store: Store) -> None:
    seats = tuple(SeatInfo(n) for n in DRAGON_TABLE)
    session = GameSession.start(store, DRAGON, seats, {"mode": "table"}, 2024)
    clock = FakeClock()
    app = TabletopApp(store)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        screen = pocket_dragon_screen(session)(session, app.settings, clock=clock)
        app.push_screen(screen)
        await pilot.pause()
        assert isinstance(app.screen, Handover)
        await assert_shown(pilot, *DRAGON_TABLE)
        await pilot.press("enter", "space")
        turn, other = DRAGON_TABLE
        await assert_shown(pilot, f"{turn}'s turn:", f"▶ {turn}", f"{turn}'s hand", other)
        await pilot.press("h")  # the partner looks at the hand: curtain, hand, hand-back
        await pilot.pause()
        assert isinstance(app.screen, ContentOverlay)
        await assert_shown(pilot, f"Pass to {other}", f"{other} looks at {turn}'s hand.")
        await pilot.press("enter")
        await assert_shown(pilot, f"{turn}'s hand, for {other} only")
        await pilot.press("enter")
        await assert_shown(pilot, f"Pass back to {turn}")
        await pilot.press("enter")
        clock.advance(400.0)  # past the main clock: the game is lost
        screen.tick()
        await pilot.pause()
        assert isinstance(app.screen, DragonResult)
        summary = session.outcome.summary if session.outcome else ""
        await assert_shown(pilot, ", ".join(DRAGON_TABLE), summary)
        await pilot.press("h")
        await assert_history(pilot, summary, DRAGON_TABLE)


def test_plain_shows_control_characters_as_symbols() -> None:
    text = plain("\x1b[31mEve\x07\u202e!\u200d\nok")
    assert text.plain == "␛[31mEve␇\ufffd!\u200d\nok"  # the joiner of emoji stays
    assert plain("[b]Dan", "bold").plain == "[b]Dan"


def test_no_control_character_reaches_the_terminal() -> None:
    segments = [Segment("ok "), Segment("\x1b]8;;http://e.vil\x1b\\Bob\u202e\x07", None)]
    filtered = ControlFilter().apply(segments, Color(0, 0, 0))
    assert "".join(s.text for s in filtered) == "ok ]8;;http://e.vil\\Bob"
    printable = [Segment("all printable: 龍 🐉")]
    assert ControlFilter().apply(printable, Color(0, 0, 0)) is printable
    joined = [Segment("👩\u200d🚀")]  # the joiner of an emoji sequence stays
    assert ControlFilter().apply(joined, Color(0, 0, 0)) == joined


async def test_a_control_character_in_any_widget_stays_off_the_terminal(store: Store) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.screen.mount(Static(Content("before\x1b[2J\x1b]8;;x\x1b\\after"), id="raw"))
        await pilot.pause()
        text = shown(app)
        assert "before[2J]8;;x\\after" in text and "\x1b" not in text


async def test_a_saved_games_file_with_markup_and_escapes_lists_as_it_is(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a damaged or hand-edited saves file holds reaches Continue and History as
    text: markup shown as typed, control characters as symbols, never raw."""
    players = ("[/]", "Eve\x1b[2J")
    game = "[link=e.vil]x\x07"  # a game this version does not know: its id is shown
    summary = "\x1b]8;;http://e.vil\x1b\\[b]won\u202e"
    monkeypatch.setattr(store, "unfinished", lambda: [SavedGame(1, game, players, 3, 0.0, 0.0, 0)])
    finished = FinishedGame(
        2, game, players, (None, None), {}, (1, 2), (1,), summary, 0.0, 0.0, 3, 0
    )
    monkeypatch.setattr(store, "finished", lambda: [finished])
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        assert isinstance(app.screen, ContinueScreen)
        await assert_shown(pilot, "[link=e.vil]x␇", "[/], Eve␛[2J")
        await pilot.press("escape", "h")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        await assert_shown(pilot, "★ Eve␛[2J 2 · [/] 1")
        assert details(app.screen).endswith("\n␛]8;;http://e.vil␛\\[b]won\ufffd")


# Issue 26 item 5: names the setup screen refused only when two were equal as typed, or
# took though they show nothing, or (emoji joined into one) push a border out of line.
UNSHOWN = ("\u200d" * 5, "\u3164", "\u2800", "\u115f\u1160")
UNEVEN = ("👨\u200d👩\u200d👧\u200d👦🏳️\u200d🌈x", "👍🏽", "❤️")


async def test_setup_refuses_names_alike_blank_or_of_uneven_width(store: Store) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        app.new_game("pocketparks")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        first, second = setup.query_one("#seat-0", Input), setup.query_one("#seat-1", Input)
        await paste(pilot, second, "Bo")
        for name, said in [
            *((name, "Seat 1: A player's name must show something") for name in UNSHOWN[1:]),
            *((name, "Seat 1: A player's name cannot hold an emoji sequence") for name in UNEVEN),
            (UNSHOWN[0], "Seat 1: A player's name cannot hold an emoji sequence (U+200D"),
            (" bo ", "Two players are named 'bo' and 'Bo'"),
            ("BO", "Two players are named 'BO' and 'Bo'"),
        ]:
            await paste(pilot, first, name)
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.screen is setup and first.value == name  # nothing typed is lost
            assert str(setup.query_one("#error", Static).render()).startswith(said), name
        assert store.unfinished() == []


async def test_setup_refuses_scout_for_a_solo_space_park_player(store: Store) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        app.new_game("spacepark")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#count", Select).value = 1
        await pilot.pause()
        await paste(pilot, setup.query_one("#seat-0", Input), "scout")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is setup and store.unfinished() == []
        error = str(setup.query_one("#error", Static).render())
        assert "a solo player cannot be named Scout too (SP-SETUP-8)" in error
