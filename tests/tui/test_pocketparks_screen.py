"""The PocketParks screen, driven by keys through Textual's Pilot.

A seeded 3-player game from the setup form through a draw turn, a set and a
steal; response windows (a Park Tour claimed in private, the countdown on an
injected clock, the same text whether or not anyone can answer); round-end
scoring and the final result; refusals with the engine's reason; rules help at
the step's section; and privacy over a whole stretch of a seeded game: no hand
but the one whose curtain was lifted is ever drawn.

Tables laid out by hand (tests/pocketparks/scenario.py) are played in a real
session whose state is replaced: such a game is never resumed here.
"""

from __future__ import annotations

import functools
import itertools
import re

import pytest
from textual import events
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button, Input, Select, Static

from tabletop.core.bot import ask
from tabletop.core.clock import FakeClock
from tabletop.core.engine import Action, Setup
from tabletop.core.replay import Replay
from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games.pocketparks.bots import GreedyBot
from tabletop.games.pocketparks.engine import ENGINE
from tabletop.games.pocketparks.model import (
    AddCard,
    Cancel,
    Confirm,
    Discard,
    Draw,
    Pass,
    PlayEvent,
    PocketParksState,
    RoundResult,
    StartBuild,
    StartSet,
    StartSteal,
    TourPick,
)
from tabletop.games.pocketparks.rules import CONTENT, MASK, tour_picks
from tabletop.games.pocketparks.view import PPView, card_view
from tabletop.tui.app import TabletopApp
from tabletop.tui.dialogs import Choose
from tabletop.tui.games.pocketparks.hand import ParkHand, grouped, icon_counts
from tabletop.tui.games.pocketparks.modals import (
    FinalResultScreen,
    ResponseWindow,
    ScoreSheet,
    TourPicker,
)
from tabletop.tui.games.pocketparks.screen import PocketParksScreen
from tabletop.tui.games.pocketparks.table import ParkTable, table_content
from tabletop.tui.screens.cards import CardsScreen
from tabletop.tui.screens.keys import KeysScreen
from tabletop.tui.screens.rules import RulesScreen, page_id
from tabletop.tui.screens.setup import SetupScreen
from tabletop.tui.text import flow
from tabletop.tui.widgets.bars import Footer
from tabletop.tui.widgets.curtain import Curtain
from tabletop.tui.widgets.log import GameLog
from tests.pocketparks.scenario import (
    NAMES,
    act,
    event,
    notes_against_ranger,
    park,
    parks,
    table,
)
from tests.test_saves import played

SIZE = (120, 40)


@functools.cache
def seeded_game() -> int:
    """The first 3-player seed where seat 0 plays first and seat 1's dealt hand holds
    two parks sharing an icon (found headless, so a change of content cannot break it)."""
    for seed in itertools.count():
        state = ENGINE.new(Setup(players=NAMES[:3]), seed)
        bob = state.clone()
        bob.current = 1
        if state.current == 0 and StartSet(seat=1) in ENGINE.legal_actions(bob, 1):
            return seed
    raise AssertionError("unreachable")


def seeded_session(store: Store) -> GameSession:
    """A saved 3-player game of ``seeded_game()``, not yet begun."""
    return GameSession.start(
        store, ENGINE, tuple(SeatInfo(n) for n in NAMES[:3]), {}, seeded_game()
    )


@pytest.fixture
def store(store: Store) -> Store:
    """The root conftest's store, with this file's settings."""
    store.save_setting("response_window", 0)  # response windows wait for a key: no timing in tests
    return store


def laid_out(
    store: Store, state: PocketParksState, bots: dict[int, str] | None = None
) -> GameSession:
    """A session playing a table laid out by hand (never resumed); ``bots``: seat -> level."""
    bots = bots or {}
    seats = tuple(SeatInfo(p.name, bots.get(i)) for i, p in enumerate(state.players))
    session = GameSession.start(store, ENGINE, seats, {}, 1)
    session.state = state
    return session


async def open_game(
    app: TabletopApp, pilot: Pilot[None], session: GameSession
) -> PocketParksScreen:
    screen = PocketParksScreen(session, app.settings)
    await app.push_screen(screen)
    await pilot.pause()
    return screen


def game_of(app: TabletopApp) -> PocketParksScreen:
    [game] = [s for s in app.screen_stack if isinstance(s, PocketParksScreen)]
    return game


def hand_ids(game: PocketParksScreen) -> list[int]:
    return list(game.query_one(ParkHand).cards)


def hand_text(game: PocketParksScreen) -> str:
    return option_text(game.query_one(ParkHand))


def prompt(game: PocketParksScreen) -> str:
    return str(game.query_one("#pp-prompt", Static).render())


def view(game: PocketParksScreen, seat: int | None) -> PPView:
    v = game.session.view(seat)
    assert isinstance(v, PPView)
    return v


def question(game: PocketParksScreen) -> str:
    """The open window's question, as the engine words it."""
    window = view(game, None).window
    assert window is not None
    return window.question


def refusals(app: TabletopApp) -> list[str]:
    return [n.title or "" for n in app._notifications if (n.title or "").startswith("Not allowed")]


async def lift(pilot: Pilot[None], name: str) -> None:
    """The named player takes the keyboard."""
    app = pilot.app
    assert isinstance(app.screen, Curtain), app.screen
    assert app.screen.player == name
    await pilot.press("enter")
    await pilot.pause()


async def nobody_answers(pilot: Pilot[None]) -> None:
    assert isinstance(pilot.app.screen, ResponseWindow), pilot.app.screen
    await pilot.press("n")
    await pilot.pause()


async def use(pilot: Pilot[None], game: PocketParksScreen, card: int) -> None:
    """Highlight a hand card and press Space (use it for the step)."""
    game.query_one(ParkHand).highlight_card(card)
    await pilot.press("space")
    await pilot.pause()


async def let_go(pilot: Pilot[None], game: PocketParksScreen, card: int) -> None:
    """Pick a hand card to discard (or put back) with Space, and confirm it with c."""
    await use(pilot, game, card)
    await pilot.press("c")
    await pilot.pause()


async def pick_on(pilot: Pilot[None], hand: ParkHand, cards: list[int]) -> None:
    """Pick each card with Space, where the cursor is put on it."""
    for card in cards:
        hand.highlight_card(card)
        await pilot.press("space")
        await pilot.pause()


def option_text(hand: ParkHand) -> str:
    return "\n".join(str(hand.get_option_at_index(i).prompt) for i in range(hand.option_count))


async def opened(pilot: Pilot[None], rules: RulesScreen) -> None:
    """Let the rules document render and jump (a bounded number of event rounds)."""
    for _ in range(100):
        if rules.opened_at is not None:
            return
        await pilot.pause()


# -- a seeded game from the setup form ------------------------------------------------


async def test_a_three_player_game_draw_set_and_steal(store: Store) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        app.new_game("pocketparks")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#count", Select).value = 3
        await pilot.pause()
        for seat, name in enumerate(("Ann", "Bob", "Cy")):
            setup.query_one(f"#seat-{seat}", Input).value = name
        setup.query_one("#seed", Input).value = str(seeded_game())
        await pilot.press("ctrl+s")
        await pilot.pause()
        game = game_of(app)
        session = game.session
        assert game.viewer is None and hand_ids(game) == []  # nothing private under the curtain
        await lift(pilot, "Ann")
        assert game.viewer == 0
        assert sorted(hand_ids(game)) == sorted(c.id for c in view(game, 0).hand or [])
        assert "Ann, your turn" in prompt(game)

        # a draw turn: the first card is seen before the second is chosen
        dealt = set(hand_ids(game))
        hand = game.query_one(ParkHand)
        before = hand_ids(game)[1]
        hand.highlight_card(before)
        await pilot.press("p")
        await pilot.pause()
        [new] = set(hand_ids(game)) - dealt
        # the new card is marked; the cursor stays on the card it was on
        assert hand.highlighted_card == before
        assert "+ new" in str(hand.border_title)
        assert hand_text(game).splitlines()[hand_ids(game).index(new)].startswith("+ ")
        [drawn] = set(session.log(0)) - set(session.log(None))  # the card, for Ann alone
        assert drawn in str(game.query_one("#pp-news", Static).render())
        assert "second card" in prompt(game)
        assert game.check_action("play_set", ()) is False  # not part of this step: hidden
        await pilot.press("d")
        await pilot.pause()
        assert view(game, 0).phase == "discard"
        drawn_two = set(hand_ids(game)) - dealt  # both cards drawn are marked new
        lines = hand_text(game).splitlines()
        assert len(drawn_two) == 2
        assert all(lines[hand_ids(game).index(c)].startswith("+ ") for c in drawn_two)
        assert sum(line.startswith("+ ") for line in lines) == 2
        a_park = next(c for c in view(game, 0).hand or [] if c.event is None)
        await use(pilot, game, a_park.id)  # Space only picks the card to discard
        assert session.moves == 2 and f"Discard #{a_park.number}" in prompt(game)
        assert "✗" in hand_text(game) and "c confirms" in prompt(game)
        await pilot.press("c")
        await pilot.pause()
        # the discard opens a Park Tour window for Bob and Cy; nobody answers
        window = app.screen
        assert isinstance(window, ResponseWindow)
        assert question(game) in window.text and a_park.name in window.text
        assert "Asked: 2 Bob, 3 Cy" in window.text
        assert game.viewer is None and hand_ids(game) == []
        await nobody_answers(pilot)
        assert [a["kind"] for a in session.record.actions[-2:]] == ["pass", "pass"]

        # Bob's turn, right after the passes: Undo is not offered, and u says why, truly
        await lift(pilot, "Bob")
        assert game.check_action("undo", ()) is False
        await pilot.press("u")
        await pilot.pause()
        [told] = [n.message for n in app._notifications if n.title == "No undo"]
        assert told == "The last move was Cy's: only your own can be taken back."

        # Bob plays a set: s, then Space on two parks sharing an icon, c
        await pilot.press("s")
        await pilot.pause()
        assert view(game, 1).phase == "set"
        for _ in range(2):
            add = next(a for a in session.legal_actions(1) if isinstance(a, AddCard))
            await use(pilot, game, add.card)
        assert hand_text(game).count("✓") == 2
        await pilot.press("c")
        await pilot.pause()
        bob = view(game, None).players[1]
        assert len(bob.sets) == 1 and bob.sets[0].size == 2
        numbers = " ".join(f"#{c.number}" for c in bob.sets[0].cards)
        assert numbers in str(game.query_one(ParkTable).render())

        # Cy steals a card of Bob's set: target, payment, the card, confirm
        await lift(pilot, "Cy")
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, Choose) and "Bob" in app.screen.text
        await pilot.press("2")  # the second target offered: Bob
        await pilot.pause()
        assert session.legal_actions(2)[-1] == Cancel(seat=2)
        held = len(hand_ids(game))
        for card in hand_ids(game)[:2]:
            await use(pilot, game, card)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, Choose)
        await pilot.press("1")
        await pilot.pause()
        taken = view(game, 2).draft
        assert taken is not None and len(taken.takes) == 1
        stolen = taken.takes[0].id
        assert "Steal from Bob" in prompt(game)
        await pilot.press("c")
        await pilot.pause()
        steal_window = app.screen
        assert isinstance(steal_window, ResponseWindow)
        assert question(game) in steal_window.text
        assert "Cy declares a steal against Bob, who may turn it back with Trail detour" in (
            steal_window.text
        )
        await nobody_answers(pilot)
        while isinstance(app.screen, ResponseWindow):  # the payment's top park, if any
            await nobody_answers(pilot)
        assert view(game, None).players[1].sets[0].size == 1  # what is left is still a set
        assert view(game, None).players[2].hand_size == held - 2 + 1  # paid 2, took 1
        assert stolen in [c.id for c in view(game, 2).hand or []]


async def test_the_steal_list_numbers_each_player_by_their_seat(store: Store) -> None:
    # Ana (seat 1) may steal from Ben (seat 2) and Cy (seat 3): Cy is 3, not the list's 2
    st = table(
        [parks("Zion", "Arches", "Acadia"), parks("Olympic"), parks("Denali")],
        sets=[[], [parks("Yosemite", "Glacier")], [parks("Everglades", "Biscayne")]],
    )
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        game = await open_game(app, pilot, laid_out(store, st))
        await lift(pilot, "Ana")
        await pilot.press("x")
        await pilot.pause()
        choice = app.screen
        assert isinstance(choice, Choose) and [c.key for c in choice.choices] == ["2", "3"]
        await pilot.press("3")
        await pilot.pause()
        draft = view(game, 0).draft
        assert draft is not None and draft.target == 2
        # the steal's keys, Undo among them, all fit the footer at 120 columns
        await use(pilot, game, park("Zion"))
        footer = str(game.query_one(Footer).render())
        assert footer.startswith(" u Undo") and footer.rstrip().endswith("i Cards")


async def test_every_card_says_what_it_does(store: Store) -> None:
    # Ana holds a park and an event; Ben has a set on the table; Cy's hand is hidden
    st = table(
        [[park("Zion"), event("make_a_wish")], parks("Olympic"), parks("Denali", "Acadia")],
        sets=[[], [parks("Yosemite", "Glacier")], []],
        discard=parks("Wind Cave"),
    )
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        game = await open_game(app, pilot, laid_out(store, st))
        await lift(pilot, "Ana")
        # in the hand, the event says what it does, from the content
        wish = CONTENT.card_text(event("make_a_wish"))
        assert wish.summary in hand_text(game)
        game.query_one(ParkHand).highlight_card(event("make_a_wish"))
        await pilot.press("i")
        await pilot.pause()
        cards = app.screen
        assert isinstance(cards, CardsScreen)
        assert wish.body[-1] in " ".join(cards.text.split())  # the whole text, at that card
        listed = [c.line.plain for c in cards.cards]
        assert any("Yosemite" in line for line in listed)  # Ben's set, on the table
        assert any("Wind Cave" in line for line in listed)  # the discard top
        assert not any(name in line for line in listed for name in ("Denali", "Acadia"))
        await pilot.press("up")  # another card: Zion, its facts from the content
        await pilot.pause()
        zion = CONTENT.card_text(park("Zion"))
        assert all(" ".join(p.split()) in " ".join(cards.text.split()) for p in zion.body)
        await pilot.press("i")  # the key that opened it closes it
        await pilot.pause()
        assert app.screen is game


async def test_a_greyed_key_says_the_engines_reason(store: Store) -> None:
    # Ana holds no two parks sharing an icon: playing a set is greyed, pressing it explains
    lonely = parks("Yellowstone", "Kenai Fjords", "Saguaro")
    st = table([lonely, parks("Zion", "Arches"), parks("Acadia", "Olympic")])
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        game = await open_game(app, pilot, laid_out(store, st))
        await lift(pilot, "Ana")
        assert game.check_action("play_set", ()) is None
        assert game.check_action("draw", ("pile",)) is True
        await pilot.press("s")
        await pilot.pause()
        assert "Not allowed (PP-SET-1)" in refusals(app)
        assert game.session.moves == 0
        await pilot.press("enter")  # a hand card before any action is chosen
        await pilot.pause()
        [told] = [n.message for n in app._notifications if "No hand card" in n.message]
        assert "s play a set" in told and "p/d draw 2" in told
        assert game.session.moves == 0


async def test_undo_a_plain_step_and_cancel_a_set(store: Store) -> None:
    st = table([parks("Zion", "Arches", "Bryce Canyon"), parks("Acadia"), parks("Olympic")])
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        game = await open_game(app, pilot, laid_out(store, st))
        await lift(pilot, "Ana")
        await pilot.press("s")
        await pilot.pause()
        # a click on a hand card uses it as Space does
        row = game.query_one(ParkHand).cards.index(park("Zion"))
        await pilot.click(ParkHand, offset=(6, 1 + row))
        await pilot.pause()
        assert [c.id for c in view(game, 0).draft.cards] == [park("Zion")]  # type: ignore[union-attr]
        assert game.session.legal_actions(0)[-1] == Cancel(seat=0)
        await pilot.press("backspace")
        await pilot.pause()
        assert view(game, 0).phase == "turn" and view(game, 0).draft is None
        assert "✓" not in hand_text(game)


async def test_undo_takes_back_a_step_that_revealed_nothing(store: Store) -> None:
    session = seeded_session(store)
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        game = await open_game(app, pilot, session)
        await lift(pilot, "Ana")
        await pilot.press("x", "2")  # start a steal from Ben (seat 2)
        await pilot.pause()
        assert view(game, 0).phase == "steal" and game.check_action("undo", ()) is True
        await pilot.press("u")
        await pilot.pause()
        assert view(game, 0).phase == "turn" and session.moves == 0
        assert "Ana, your turn" in prompt(game)


def marked(game: PocketParksScreen) -> set[int]:
    """The hand cards drawn with the "+" of a card new to the player."""
    if not hand_ids(game):
        return set()
    lines = hand_text(game).splitlines()
    return {card for card, line in zip(hand_ids(game), lines, strict=True) if line[0] == "+"}


async def test_new_cards_are_those_since_the_player_last_looked(store: Store) -> None:
    """Both cards of a draw 2 are new (PP-DRAW-1); at the player's next turn, the cards
    that came in meanwhile are (Comparing notes, PP-NOTES-1), and last turn's are not."""
    st = table(
        [parks("Acadia", "Olympic", "Zion"), [*parks("Saguaro"), event("comparing_notes")]],
        draws=parks("Congaree", "Cuyahoga Valley", "Arches", "Redwood"),
    )
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        game = await open_game(app, pilot, laid_out(store, st))
        await lift(pilot, "Ana")
        assert marked(game) == set()  # nothing is new at a first look
        for _ in range(2):
            await pilot.press("p")
            await pilot.pause()
        assert marked(game) == set(parks("Congaree", "Cuyahoga Valley"))
        await let_go(pilot, game, park("Congaree"))
        assert marked(game) == set() and hand_ids(game) == []  # the window, under a curtain
        await nobody_answers(pilot)
        await lift(pilot, "Ben")
        for _ in range(2):
            await pilot.press("p")
            await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, Choose) and "with Ana" in app.screen.text
        await pilot.press("1")
        await pilot.pause()
        await nobody_answers(pilot)  # Ana does not say no: the notes are swapped
        await lift(pilot, "Ana")
        before = {*parks("Acadia", "Olympic", "Zion", "Cuyahoga Valley")}
        received = set(hand_ids(game)) - before
        assert len(received) == 2 and marked(game) == received


async def test_each_player_keeps_their_own_hand_order(store: Store) -> None:
    st = table([parks("Zion", "Arches", "Acadia"), parks("Olympic", "Denali"), parks("Congaree")])
    st.phase, st.draws = "discard", 2
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        game = await open_game(app, pilot, laid_out(store, st))
        await lift(pilot, "Ana")
        await pilot.press("o")
        await pilot.pause()
        hand = game.query_one(ParkHand)
        assert "grouped by icon" in str(hand.border_title) and "── " in hand_text(game)
        await let_go(pilot, game, park("Acadia"))
        await nobody_answers(pilot)
        await lift(pilot, "Ben")
        assert "by park number" in str(hand.border_title) and "── " not in hand_text(game)
        assert game.sort_modes == {0: "icon"}


# -- response windows ----------------------------------------------------------------


def tour_table(ben_can_tour: bool) -> PocketParksState:
    """Ana has drawn 2 and discards Saguaro (desert, mountain). Ben holds four mountain
    parks, or four parks sharing nothing with Saguaro: the public table is the same."""
    mountain = CONTENT.icon_names(MASK[park("Saguaro")])
    assert "mountain" in mountain
    if ben_can_tour:
        ben = parks("Grand Teton", "North Cascades", "Sequoia", "Rocky Mountain")
    else:
        ben = parks("Everglades", "Biscayne", "Dry Tortugas", "Virgin Islands")
    st = table(
        [parks("Saguaro", "Acadia", "Olympic"), ben, parks("Congaree", "Cuyahoga Valley")],
        discard=parks("Wind Cave"),
    )
    st.phase = "discard"
    st.draws = 2
    return st


async def window_text(store: Store, ben_can_tour: bool, clock: FakeClock | None) -> str:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        session = laid_out(store, tour_table(ben_can_tour))
        screen = PocketParksScreen(session, app.settings)
        if clock is not None:
            screen.clock = clock
            app.settings.response_window = 8
        await app.push_screen(screen)
        await pilot.pause()
        await lift(pilot, "Ana")
        await let_go(pilot, screen, park("Saguaro"))
        window = app.screen
        assert isinstance(window, ResponseWindow)
        assert screen.viewer is None and hand_ids(screen) == []
        legal = [type(a) for a in session.legal_actions(1)]
        assert (TourPick in legal) is ben_can_tour
        return window.text


async def test_the_window_reads_the_same_whether_or_not_anyone_can_answer(
    store: Store,
) -> None:
    can = await window_text(store, True, None)
    cannot = await window_text(store, False, None)
    assert can == cannot
    assert "Park Tour on Saguaro?" in can and "Asked: 2 Ben, 3 Cy" in can
    timed_can = await window_text(store, True, FakeClock(100.0))
    timed_cannot = await window_text(store, False, FakeClock(100.0))
    assert timed_can == timed_cannot and "8 s" in timed_can


def shown_buttons(window: ResponseWindow) -> list[str]:
    return [b.id or "" for b in window.query(Button) if b.display]


async def saguaro_let_go(
    app: TabletopApp, pilot: Pilot[None], store: Store
) -> tuple[GameSession, PocketParksScreen]:
    """The tour table opened, Ana at the keyboard lets Saguaro go: its window is up."""
    session = laid_out(store, tour_table(True))
    game = await open_game(app, pilot, session)
    await lift(pilot, "Ana")
    await let_go(pilot, game, park("Saguaro"))
    return session, game


async def test_a_park_tour_is_claimed_in_private(store: Store) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        session, game = await saguaro_let_go(app, pilot, store)
        first = app.screen
        assert isinstance(first, ResponseWindow)
        assert shown_buttons(first) == ["claim-1", "claim-2", "claim-nobody"]
        await pilot.press("1")  # Ana is not asked: her own discard
        await pilot.pause()
        assert isinstance(app.screen, ResponseWindow)
        await pilot.press("2")  # Ben answers in private
        await pilot.pause()
        assert game.viewer is None and hand_ids(game) == []
        await pilot.press("question_mark")  # the rules, from the curtain too
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        await opened(pilot, rules)
        assert rules.opened_at == "Park Tour and nine of a kind"
        await pilot.press("escape")
        await pilot.pause()
        await lift(pilot, "Ben")
        picker = app.screen
        assert isinstance(picker, TourPicker)
        mountains = tour_table(True).players[1].hand
        assert game.viewer == 1 and sorted(hand_ids(game)) == sorted(mountains)
        hand = picker.query_one(ParkHand)
        assert sorted(hand.cards) == sorted(mountains)  # Ben's own hand, to pick from
        await pick_on(pilot, hand, mountains[:2])
        assert tour_picks(session.state, 1) == mountains[:2]
        assert picker.check_action("claim", ()) is None  # two are not a Park Tour yet
        await pilot.press("c")  # tried anyway: the engine says why, the picker stays
        await pilot.pause()
        assert refusals(app) == ["Not allowed (PP-TOUR-1)"] and app.screen is picker
        await pilot.press("backspace")  # start over
        await pilot.pause()
        assert tour_picks(session.state, 1) == [] and "✓" not in option_text(hand)
        await pick_on(pilot, hand, mountains)  # the four mountains, one at a time
        assert option_text(hand).count("✓") == 4 and picker.check_action("claim", ()) is True
        await pilot.press("c")
        await pilot.pause()
        # Cy is still asked: the same window, without Ben; nothing tells Ben claimed. (The
        # screen keeps its window and renews it for the next: the same object, redrawn.)
        window = app.screen
        assert window is first and isinstance(window, ResponseWindow)
        assert "Asked: 3 Cy" in window.text and "Ben" not in window.text.split("Asked:")[1]
        assert shown_buttons(window) == ["claim-2", "claim-nobody"]
        assert game.viewer is None
        await nobody_answers(pilot)
        ben = view(game, None).players[1]
        assert [s.size for s in ben.sets] == [5] and ben.sets[0].protected
        assert "✓safe" in str(game.query_one(ParkTable).render())
        await lift(pilot, "Cy")  # play goes on after the claimant
        assert view(game, None).current == 2


async def test_the_next_claimant_s_park_tour_picker_shows_only_their_own_hand(
    store: Store,
) -> None:
    """The screen keeps one Park Tour picker and renews it for each claimant: the next
    claimant sees their own hand in it, and nothing of the last claimant's."""
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        await saguaro_let_go(app, pilot, store)
        await pilot.press("2")
        await pilot.pause()
        await lift(pilot, "Ben")
        picker = app.screen
        assert isinstance(picker, TourPicker)
        mountains = tour_table(True).players[1].hand
        await pick_on(pilot, picker.query_one(ParkHand), mountains)
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("3")  # Cy answers too
        await pilot.pause()
        await lift(pilot, "Cy")
        assert app.screen is picker  # the same picker, renewed
        cys = tour_table(True).players[2].hand
        assert sorted(picker.query_one(ParkHand).cards) == sorted(cys)
        assert not set(picker.query_one(ParkHand).cards) & set(mountains)
        assert "Cy: Park Tour on" in str(picker.query_one("#tour-title", Static).render())


async def test_a_bot_asked_in_a_window_answers_through_the_engine(store: Store) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        session = laid_out(store, tour_table(True), bots={1: "normal"})
        game = await open_game(app, pilot, session)
        await lift(pilot, "Ana")
        await let_go(pilot, game, park("Saguaro"))
        window = app.screen
        assert isinstance(window, ResponseWindow)
        assert "Asked: 3 Cy" in window.text  # the bot has answered already, unseen
        assert [a["seat"] for a in session.record.actions[-1:]] == [1]
        await nobody_answers(pilot)
        ben = view(game, None).players[1]
        assert [s.size for s in ben.sets] == [5]  # the bot took its Park Tour


async def test_the_countdown_runs_on_the_injected_clock(store: Store) -> None:
    clock = FakeClock(50.0)
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        session = laid_out(store, tour_table(True))
        screen = PocketParksScreen(session, app.settings)
        screen.clock = clock
        app.settings.response_window = 5
        await app.push_screen(screen)
        await pilot.pause()
        await lift(pilot, "Ana")
        await let_go(pilot, screen, park("Saguaro"))
        window = app.screen
        assert isinstance(window, ResponseWindow)
        assert "5 s, then everyone asked passes" in window.text
        # the countdown in words and blocks every terminal font draws, a browser's too
        countdown = str(window.query_one("#window-countdown", Static).render())
        assert countdown.startswith("Time █")
        assert {c for c in countdown if not c.isascii()} <= {"█", "░"}, countdown
        drawn: list[object] = []
        shown = window.query_one("#window-countdown", Static)
        shown.update = drawn.append  # type: ignore[method-assign,assignment]
        window.tick()
        clock.advance(0.1)
        window.tick()
        assert drawn == []  # the same seconds and bar: no frame drawn for them
        clock.advance(3.1)
        window.tick()
        assert len(drawn) == 1
        del shown.update
        clock.advance(0.3)
        window.tick()
        assert "2 s, then" in window.text and isinstance(app.screen, ResponseWindow)
        clock.advance(2)
        window.tick()
        await pilot.pause()
        # time is up: everyone asked passed, Ben's possible Park Tour included
        assert [a["kind"] for a in session.record.actions[-2:]] == ["pass", "pass"]
        assert view(screen, None).window is None and view(screen, None).current == 1
        assert isinstance(app.screen, Curtain) and app.screen.player == "Ben"


async def test_enter_never_passes_for_the_table_and_the_wait_is_a_setting(store: Store) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        # the wait is chosen in Settings, saved, and used by the next window
        app.action_settings()
        await pilot.pause()
        app.screen.query_one("#response_window", Select).value = 40
        await pilot.pause()
        assert app.settings.response_window == 40 and store.settings()["response_window"] == 40
        await pilot.press("escape")
        game = await open_game(app, pilot, laid_out(store, tour_table(True)))
        await lift(pilot, "Ana")
        assert "window_time" not in {b.binding.action for b in game.active_bindings.values()}
        await let_go(pilot, game, park("Saguaro"))
        window = app.screen
        assert isinstance(window, ResponseWindow) and "40 s, then" in window.text
        moves = game.session.moves
        await pilot.press("enter")  # goes on elsewhere; here it only says how to answer
        await pilot.pause()
        assert app.screen is window and game.session.moves == moves
        assert any("press your seat number" in n.message for n in app._notifications)
        await pilot.press("space")  # the table needs longer: no countdown for this window
        await pilot.pause()
        assert window.remaining() is None and "No countdown" in window.text
        await pilot.press("n")  # nobody answers: a key of its own
        await pilot.pause()
        assert game.session.moves == moves + 2


@pytest.mark.parametrize("humans", [(1,), (1, 2)])
async def test_the_window_says_pass_the_keyboard_only_when_several_people_share_it(
    store: Store, humans: tuple[int, ...]
) -> None:
    """Ana (a bot) discards Saguaro; Ben and Cy are asked (PP-WINDOW-1). With Ben the
    one person at the table, the window tells him what he may do; nobody hands the
    keyboard to anyone. With Ben and Cy at this keyboard, whoever answers takes it."""
    asked = act(tour_table(True), Discard(seat=0, card=park("Saguaro")))
    bots = {seat: "normal" for seat in range(3) if seat not in humans}
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(app, pilot, laid_out(store, asked, bots))
        window = app.screen
        assert isinstance(window, ResponseWindow)
        footer = str(window.query_one(Footer).render())
        if humans == (1,):
            assert "Asked: 2 Ben" in window.text  # Cy, a bot, has answered unseen
            assert "Ben: press 2 to claim it, n to pass." in window.text  # a Park Tour
            assert "keyboard" not in window.text and "n Pass" in footer
            assert "the window waits for you; n passes" in window.text
            await pilot.press("enter")  # says how, in the same words
            await pilot.pause()
            assert any(
                n.message == "To claim it, press 2. To pass, press n." for n in app._notifications
            )
            await pilot.press("2")  # Ben answers at once: no curtain
            await pilot.pause()
            assert isinstance(app.screen, TourPicker)
        else:
            assert "Asked: 2 Ben, 3 Cy" in window.text
            assert "To claim it, press your seat number and take the keyboard" in window.text
            assert "n Nobody answers" in footer and "nobody (else) answers" in window.text


async def test_a_second_enter_on_a_lifting_curtain_is_said_not_lost(store: Store) -> None:
    """Enter typed twice on a hand-over lifts the curtain once; the second Enter does
    nothing on the game beneath (the keys typed after it still are taken, in order),
    and the player is told so rather than losing it silently."""
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        game = await open_game(app, pilot, seeded_session(store))
        assert isinstance(app.screen, Curtain) and app.screen.player == "Ana"
        for key, character in (("enter", None), ("enter", None), ("x", "x")):
            app.post_message(events.Key(key, character))  # all queued before the first
        for _ in range(5):
            await pilot.pause()
        assert game.viewer == 0 and game.session.moves == 0
        assert isinstance(app.screen, Choose)  # x: steal from whom?
        told = [n.title for n in app._notifications]
        assert told == ["That second Enter did nothing"]


# -- round end, scoring, the result --------------------------------------------------------


def winning_table(round: int = 1) -> PocketParksState:
    """Ana has sets of 2 and 3 and four wildlife parks in hand: a set of 4 wins the round."""
    st = table(
        [
            parks("Grand Teton", "Kenai Fjords", "Kobuk Valley", "Wind Cave", "Zion"),
            parks("Acadia", "Olympic"),
            parks("Congaree", "Arches"),
        ],
        sets=[
            [parks("Saguaro", "Joshua Tree"), parks("Yellowstone", "Yosemite", "Mesa Verde")],
            [parks("Everglades", "Biscayne", "Dry Tortugas")],
            [],
        ],
        round=round,
    )
    return st


async def play_winning_set(pilot: Pilot[None], game: PocketParksScreen) -> None:
    await pilot.press("s")
    await pilot.pause()
    for card in parks("Grand Teton", "Kenai Fjords", "Kobuk Valley", "Wind Cave"):
        await use(pilot, game, card)
    await pilot.press("c")
    await pilot.pause()


async def test_a_round_end_shows_its_scoring(store: Store) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        game = await open_game(app, pilot, laid_out(store, winning_table()))
        await lift(pilot, "Ana")
        await play_winning_set(pilot, game)
        sheet = app.screen
        assert isinstance(sheet, ScoreSheet)
        text = sheet.text
        assert "Round 1: won by Ana" in text
        assert "Ana: 4 points this round" in text  # 1 + 1 + 2
        assert "Ben: 1 point this round" in text  # a set of 3 scores 1 for the others
        assert "Cy: 0 points this round" in text and "no sets" in text
        assert "R1★" in text  # the chart marks the round's winner
        assert sheet.query_one(VerticalScroll).has_focus  # arrows scroll a long sheet
        assert game.viewer is None and hand_ids(game) == []
        await pilot.press("enter")
        await pilot.pause()
        await lift(pilot, "Ana")  # the winner starts round 2
        public = view(game, None)
        assert public.round == 2 and public.featured is not None
        assert "Featured park" in str(game.query_one(ParkTable).render())
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, ScoreSheet) and "Round 1: won by Ana" in app.screen.text


def five_players_game_over(store: Store) -> GameSession:
    """A 5-player game of greedy bots played to its end, long names and all."""
    names = ("Annabelle", "Bartholomew", "Cyrus", "Dorothea", "Evangeline")
    session = GameSession.start(store, ENGINE, tuple(SeatInfo(n) for n in names), {}, 11)
    bots = [GreedyBot(seat) for seat in range(len(names))]
    while session.outcome is None:
        seat = session.to_act[0]
        session.act(ask(ENGINE, session.state, seat, bots[seat]))
    return session


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_round_sheet_is_whole_on_the_screen(store: Store, size: tuple[int, int]) -> None:
    """Round 3's sheet of five players (featured park, priority, every set) and the chart of
    the three rounds: every word of it on the terminal, nothing cut at the box's edge and
    nothing to scroll to (PP-SCORE-1, PP-MOD-3). At 80x24 that is the compact form."""
    over = five_players_game_over(store).view(None)
    assert isinstance(over, PPView) and len(over.results) == 3
    names = [p.name for p in over.players]
    app = TabletopApp(store)
    async with app.run_test(size=size) as pilot:
        sheet = ScoreSheet(names, over.results, over.results[-1])
        await app.push_screen(sheet)
        await pilot.pause()
        assert sheet.query_one(VerticalScroll).max_scroll_y == 0
        box = sheet.query_one(Vertical).region  # the box's lines, inside its border
        lines = on_screen(pilot).splitlines()[box.y + 1 : box.bottom - 1]
        drawn = [line[box.x + 1 : box.right - 1].strip() for line in lines]
        assert " ".join(sheet.text.split()) in " ".join(" ".join(drawn).split())
        totals = [sum(r.points[seat] for r in over.results) for seat in range(len(names))]
        for name, total in zip(names, totals, strict=True):  # each chart row, to its total
            assert any(line.startswith(name) and line.endswith(f"= {total}") for line in drawn)
        compact = size == (80, 24)
        assert ("this round" in sheet.text) is not compact  # the full form where it fits
        assert "Featured park: " in sheet.text


async def test_the_final_charts_rows_are_whole_at_80x24(store: Store) -> None:
    """PP-GAME-2: five long names and three rounds: each row of the chart, to its total,
    on one line of the result's box."""
    session = five_players_game_over(store)
    app = TabletopApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        over = session.view(None)
        assert isinstance(over, PPView)
        await app.push_screen(FinalResultScreen(session))
        await pilot.pause()
        drawn = on_screen(pilot)
        for player in over.players:
            assert re.search(rf"{player.name} +R1.* = {player.score} ", drawn), drawn


async def test_the_final_result_has_the_tie_break_and_the_chart(store: Store) -> None:
    st = winning_table(round=3)
    st.featured = park("Mammoth Cave")
    st.results = [RoundResult(1, [0, 4, 0], [0, 0, 0]), RoundResult(0, [1, 1, 0], [0, 0, 0])]
    st.players[0].score, st.players[1].score = 1, 5
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        game = await open_game(app, pilot, laid_out(store, st))
        await lift(pilot, "Ana")
        # round 3: a set's icons with priority are starred on the table
        assert "★◆UN" in str(game.query_one(ParkTable).render())
        await play_winning_set(pilot, game)
        sheet = app.screen
        assert isinstance(sheet, ScoreSheet) and "Round 3: won by Ana" in sheet.text
        assert "Ana: 5 points this round" in sheet.text
        assert "2 pts ×2 featured" in sheet.text  # UNESCO priority, Mammoth Cave is UNESCO
        await pilot.press("enter")
        await pilot.pause()
        result = app.screen
        assert isinstance(result, FinalResultScreen)
        outcome = game.session.outcome
        assert outcome is not None
        assert outcome.scores[:2] == (6, 6) and outcome.winners == (0,)  # tie, newest park
        assert outcome.tie_break and "Tie-break" in result.text
        assert "★ Ana: 6" in result.text and "  Ben: 6" in result.text
        for line in outcome.tie_break:
            assert line in result.text
        assert "R1" in result.text and "R2" in result.text and "R3" in result.text
        # under the result, the prompt says who won (the news already says it is over)
        prompt = str(game.query_one("#pp-prompt", Static).render())
        assert prompt.startswith(f"Game over: {outcome.summary}")
        await pilot.resize_terminal(80, 24)  # each player's row of the chart, whole
        await pilot.pause()
        drawn = [strip.text for strip in result._compositor.render_strips()]
        rows = [line for line in drawn if re.search(r"(Ana|Ben|Cy) +R1", line)]
        assert len(rows) == 3 and all("= " in row for row in rows), "\n".join(drawn)
        await pilot.press("enter")
        await pilot.pause()
        assert not any(isinstance(s, PocketParksScreen) for s in app.screen_stack)


# -- rules help --------------------------------------------------------------------------


async def test_rules_help_opens_at_the_steps_section(store: Store) -> None:
    st = table([parks("Zion", "Arches"), parks("Acadia"), parks("Olympic")])
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        game = await open_game(app, pilot, laid_out(store, st))
        await pilot.press("question_mark")  # from the turn's curtain: the turn's section
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        await opened(pilot, rules)
        assert rules.opened_at == "Setup and turns"
        await pilot.press("escape")
        await pilot.pause()
        await lift(pilot, "Ana")
        await pilot.press("p")
        await pilot.pause()
        await pilot.press("question_mark")
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        await opened(pilot, rules)
        assert rules.opened_at == "Draw 2"
        assert rules.query_one(f"#{page_id('pocketparks')}").scroll_y > 0
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game and game.viewer == 0


# -- privacy over a seeded game -------------------------------------------------------


def next_move(game: PocketParksScreen, seat: int) -> Action:
    """A plain deterministic player: the first legal move but cancelling or passing."""
    legal = game.session.legal_actions(seat)
    for action in legal:
        if not isinstance(action, Cancel | Pass | StartSteal | StartBuild):
            return action
    return legal[0]


def others_private_lines(game: PocketParksScreen, viewer: int) -> set[str]:
    session = game.session
    mine = set(session.log(viewer))
    return {
        line
        for seat in range(len(session.seats))
        if seat != viewer
        for line in session.log(seat)
        if line not in mine
    }


async def test_no_hand_but_the_curtain_lifters_is_ever_drawn(store: Store) -> None:
    session = seeded_session(store)
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        game = await open_game(app, pilot, session)
        holder: int | None = None
        checked = 0
        for _ in range(50):
            top = app.screen
            if isinstance(top, Curtain | ResponseWindow | ScoreSheet):
                assert game.viewer is None and hand_ids(game) == []
                if isinstance(top, Curtain):
                    holder = NAMES.index(top.player)
                await pilot.press("n" if isinstance(top, ResponseWindow) else "enter")
                await pilot.pause()
                continue
            if top is not game:
                break
            viewer = game.viewer
            assert viewer is not None and viewer == holder
            own = view(game, viewer)
            assert sorted(hand_ids(game)) == sorted(c.id for c in own.hand or [])
            # the table is the public table; the log only what this seat may read
            table_widget = game.query_one(ParkTable)
            public_table = table_content(view(game, None), table_widget.content_region.width)
            assert str(table_widget.render()) == public_table.plain
            shown = "\n".join(
                [
                    hand_text(game),
                    prompt(game),
                    str(game.query_one("#pp-news", Static).render()),
                    *game.query_one(GameLog).shown,
                ]
            )
            assert not {line for line in others_private_lines(game, viewer) if line in shown}
            for seat in range(3):
                if seat == viewer:
                    continue
                for card in view(game, seat).hand or []:
                    if card.event is None:
                        assert f"#{card.number} {card.name}" not in shown
            checked += 1
            game.act(next_move(game, viewer))
            await pilot.pause()
        assert checked >= 20
        assert session.moves >= 20


async def test_a_narrow_terminal_hides_the_side_panel(store: Store) -> None:
    # five players with sets at 80x24: the table, the prompt and a hand of nine all show
    hand = parks(
        *[
            "Zion",
            "Arches",
            "Acadia",
            "Olympic",
            "Denali",
            "Redwood",
            "Glacier",
            "Biscayne",
            "Saguaro",
        ]
    )
    st = table(
        [hand, *(parks(name) for name in ("Everglades", "Yosemite", "Sequoia", "Wind Cave"))],
        sets=[[], [parks("Bryce Canyon", "Capitol Reef")], [], [], []],
    )
    app = TabletopApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await open_game(app, pilot, laid_out(store, st))
        await lift(pilot, "Ana")
        assert game.has_class("-narrow") and not game.query_one("#side").display
        assert game.query_one(ParkHand).display and game.viewer == 0
        screen = game.region
        for part in ("#pp-table", "#pp-prompt", "#pp-hand"):
            assert screen.contains_region(game.query_one(part).region), part
        assert game.query_one(ParkHand).region.height >= 2 + 6  # six cards at least
        assert not game.query_one("#status").display  # the empty status line gives way
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert not game.has_class("-narrow")


def on_screen(pilot: Pilot[None]) -> str:
    """What the terminal shows: the composed screen, line by line."""
    return "\n".join(strip.text for strip in pilot.app.screen._compositor.render_strips())


def set_maker(state: PocketParksState, seat: int, watched: int) -> Action:
    """A policy that fills the table: ``watched`` draws and discards parks (its hand
    grows to the limit), every other player plays a set when they can, else draws;
    everyone asked in a window passes."""
    legal = ENGINE.legal_actions(state, seat)
    if seat != watched or state.window is not None:
        for kind in (StartSet, AddCard, Confirm):  # a set, card by card, then confirmed
            found = [a for a in legal if isinstance(a, kind)]
            if found and (kind is not Confirm or len(state.draft.cards) >= 2):
                return found[0]
    for kind in (Pass, Draw, Discard):
        found = [a for a in legal if isinstance(a, kind)]
        if found:
            return found[0]
    return legal[0]


@functools.cache
def full_hand_in_round_three() -> PocketParksState:
    """A seeded 5-player game of random legal moves, driven through the engine into
    round 3, then on (``set_maker``) until every other player has a set on the table
    and the player to move holds 9 cards or more, Draw 2 done, the discard next (the
    longest prompt of a turn)."""
    replay = Replay(ENGINE, played("pocketparks", 3, 5).record)
    st: PocketParksState = next(
        replay.state(p) for p in range(len(replay)) if replay.state(p).round == 3
    )
    watched = st.current
    for _ in range(2000):
        others = [p for i, p in enumerate(st.players) if i != watched]
        if (
            st.current == watched
            and st.phase == "discard"
            and len(st.players[watched].hand) >= 9
            and all(p.sets for p in others)
        ):
            return st
        seat = ENGINE.to_act(st)[0]
        st = ENGINE.apply(st, set_maker(st, seat, watched)).state
        assert st.round == 3
    raise AssertionError("no full hand with sets on the table in round 3")


async def test_a_hand_of_nine_is_whole_at_80x24_with_five_players(store: Store) -> None:
    st = full_hand_in_round_three()
    held = len(st.players[st.current].hand)
    assert len(st.players) == 5 and st.phase == "discard" and held >= 9
    app = TabletopApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await open_game(app, pilot, laid_out(store, st))
        await lift(pilot, st.players[st.current].name)
        hand = game.query_one(ParkHand)
        for order in ("by park number", "grouped by icon", "as held"):
            assert order in str(hand.border_title)
            assert len(hand.cards) == held and hand.max_scroll_y == 0  # nothing scrolled away
            assert game.region.contains_region(hand.region)
            shown = on_screen(pilot)
            for card in hand.cards:  # each card's own line, on the terminal
                line = hand.get_option(str(card)).prompt
                assert isinstance(line, Content)
                assert line.plain.strip()[:40] in shown, (order, line.plain)
            for seat, player in enumerate(st.players):  # and every player's row, sets too
                row = f"{seat + 1} {player.name} · hand {len(player.hand)}"
                assert re.search(rf"{row} · \d+ pts? │ \[", shown) or seat == st.current
            assert prompt(game).startswith("Then discard a park or play an event.")
            assert game.region.contains_region(game.query_one("#pp-prompt").region)
            await pilot.press("o")
            await pilot.pause()


# -- events, reactions, the hand limit, empty hands ---------------------------------------


async def test_an_event_is_played_and_a_ranger_says_no_in_private(store: Store) -> None:
    st = notes_against_ranger()
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        game = await open_game(app, pilot, laid_out(store, st))
        await lift(pilot, "Ana")
        await pilot.press("e")
        await pilot.pause()
        choice = app.screen
        assert isinstance(choice, Choose)
        assert "Play Comparing notes with Ben" in choice.text
        assert "Play Comparing notes with Cy" in choice.text
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(app.screen, ResponseWindow)
        # what happened and what may answer it, in players' words (PP-RANGER-1)
        said = "Ana plays Comparing notes with Ben: Ranger says no cancels it."
        assert said in app.screen.text and "answer?" not in app.screen.text
        await pilot.press("2")
        await pilot.pause()
        await lift(pilot, "Ben")
        assert isinstance(app.screen, Choose)
        assert app.screen.text.splitlines() == [
            f"Ben: {said}",
            "Play Ranger says no: Comparing notes has no effect",
            "Pass: let it happen",
        ]
        # Esc passes, as the pop-up says, and its footer says so too
        assert "esc Pass" in app.screen.query_one(Footer).render().plain
        await pilot.press("question_mark")  # rules help from the private answer too
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        await opened(pilot, rules)
        assert rules.opened_at == "Response windows"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, Choose)
        await pilot.press("1")
        await pilot.pause()
        await pilot.press("3")  # Cy is still asked, and holds nothing that answers
        await pilot.pause()
        await lift(pilot, "Cy")
        only_pass = app.screen
        assert isinstance(only_pass, Choose)
        assert only_pass.text.splitlines()[1:] == ["Pass: let it happen"]
        note = str(only_pass.query_one(".note", Static).render())
        assert note.startswith("You hold no card that answers it: you can only pass.")
        await pilot.press("escape")
        await pilot.pause()
        assert [p.hand_size for p in view(game, None).players] == [2, 2, 1]


def boxed_words(pilot: Pilot[None], box: Widget) -> str:
    """The words drawn inside ``box``'s border, whitespace made single spaces."""
    region = box.region
    lines = on_screen(pilot).splitlines()[region.y + 1 : region.bottom - 1]
    return " ".join(" ".join(line[region.x + 1 : region.right - 1] for line in lines).split())


async def test_a_long_question_wraps_whole_in_the_window_and_the_answer(store: Store) -> None:
    """PP-MOSQ-1, PP-RANGER-1: at 80x24, a question longer than the pop-up is wide goes
    onto further lines, in the public window and in the private answer, never cut."""
    bites = event("mosquito_bites")
    st = table(
        [[*parks("Acadia", "Olympic"), bites], parks("Zion"), parks("Congaree")],
        sets=[[], [parks("Black Canyon of the Gunnison", "Bryce Canyon")], []],
    )
    st.phase, st.draws = "discard", 2
    canyon = park("Black Canyon of the Gunnison")
    asked = act(st, PlayEvent(seat=0, card=bites, target=1, pick=canyon))
    said = (
        "Ana plays Mosquito bites on Black Canyon of the Gunnison in Ben's set: "
        "Ranger says no cancels it."
    )
    app = TabletopApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, laid_out(store, asked))
        window = app.screen
        assert isinstance(window, ResponseWindow) and said in window.text
        assert "To answer, press your seat number" in window.text  # a reaction answers
        assert said in boxed_words(pilot, window.query_one(Vertical))
        await pilot.press("2")
        await pilot.pause()
        await lift(pilot, "Ben")
        answer = app.screen
        assert isinstance(answer, Choose)
        assert f"Ben: {said}" in boxed_words(pilot, answer.query_one(Vertical))


async def test_the_hand_limit_puts_cards_back(store: Store) -> None:
    big = parks(
        "Acadia", "Olympic", "Zion", "Arches", "Congaree", "Redwood", "Glacier", "Sequoia",
        "Yosemite", "Everglades", "Denali",
    )  # fmt: skip
    st = table([big, parks("Biscayne"), parks("Pinnacles")])
    st.phase = "discard"
    st.draws = 2
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        game = await open_game(app, pilot, laid_out(store, st))
        await lift(pilot, "Ana")
        await pilot.press("c")  # nothing picked yet: c says how, and nothing leaves the hand
        await pilot.pause()
        [told] = [n.message for n in app._notifications]
        assert "Space on a card picks it first" in told
        await use(pilot, game, park("Acadia"))
        await pilot.press("backspace")  # Ana changes her mind: Acadia stays
        await pilot.pause()
        assert "✗" not in hand_text(game) and game.session.moves == 0
        await let_go(pilot, game, park("Acadia"))
        assert view(game, 0).phase == "limit"
        assert "Hand limit 9: put back 1 card." in prompt(game)
        await let_go(pilot, game, park("Denali"))
        assert view(game, None).players[0].hand_size == 9
        assert isinstance(app.screen, ResponseWindow)  # then Acadia may be Park Toured
        assert question(game) in app.screen.text and "Acadia" in app.screen.text


async def test_an_empty_hand_draws_two_and_says_so(store: Store) -> None:
    st = table([parks("Zion", "Arches"), parks("Acadia"), parks("Olympic")])
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        game = await open_game(app, pilot, laid_out(store, st))
        await lift(pilot, "Ana")
        await pilot.press("s")
        for card in parks("Zion", "Arches"):
            await use(pilot, game, card)
        before = len(game.session.log(None))
        secret = set(game.session.log(0))
        await pilot.press("c")
        await pilot.pause()
        assert view(game, None).players[0].hand_size == 2  # the empty hand drew 2
        said = game.session.log(None)[before:]  # the set, and the draw, in the engine's words
        ana_only = set(game.session.log(0)) - secret - set(said)
        assert len(said) >= 2 and ana_only  # Ana alone reads which cards she drew
        await lift(pilot, "Ben")
        news = str(game.query_one("#pp-news", Static).render())
        assert all(line in news for line in said)
        assert not any(line in news for line in ana_only)


async def test_make_a_wish_asks_everyone_at_each_flip(store: Store) -> None:
    wish = event("make_a_wish")
    st = table(
        [[*parks("Acadia", "Olympic"), wish], parks("Denali"), parks("Redwood")],
        draws=parks("Yosemite", "Bryce Canyon"),  # a park, then a dark sky park
    )
    st.phase, st.draws = "discard", 2
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        game = await open_game(app, pilot, laid_out(store, st))
        await lift(pilot, "Ana")
        await let_go(pilot, game, wish)
        assert isinstance(app.screen, ResponseWindow)
        assert question(game) in app.screen.text and "Make a wish" in app.screen.text
        await nobody_answers(pilot)
        # each flipped park is asked of every seat, the wisher too
        assert isinstance(app.screen, ResponseWindow)
        assert question(game) in app.screen.text and "Yosemite" in app.screen.text
        assert "Asked: 2 Ben, 3 Cy, 1 Ana" in app.screen.text
        await nobody_answers(pilot)
        assert isinstance(app.screen, ResponseWindow)
        assert question(game) in app.screen.text and "Bryce Canyon" in app.screen.text
        await nobody_answers(pilot)
        assert park("Bryce Canyon") in [c.id for c in view(game, 0).hand or []]
        await lift(pilot, "Ben")


def test_grouping_counts_dark_sky_only_when_it_is_an_icon_for_the_owner() -> None:
    hand = [card_view(c) for c in parks("Bryce Canyon", "Petrified Forest", "Badlands")]
    plain = {name: [c.name for c in cards] for name, cards in grouped(hand)}
    assert plain == {"desert": ["Petrified Forest", "Badlands"], "canyon": ["Bryce Canyon"]}
    starry = grouped(hand, dark_sky=True)
    assert [(name, len(cards)) for name, cards in starry] == [("dark_sky", 3)]
    assert icon_counts(hand, dark_sky=True)["dark_sky"] == 3 and "dark_sky" not in icon_counts(hand)


# -- the footer at 80 columns ------------------------------------------------------------


async def footer_check(pilot: Pilot[None], step_keys: list[str]) -> list[str]:
    """The footer at 80 columns shows whole keys only (none cut), the step's keys among
    them; a key it has no room for is listed by f2, which it then names. The keys shown."""
    app = pilot.app
    screen = app.screen
    footer = screen.query_one(Footer)
    every = [part.plain for _, part in footer.keys(screen)[0]]
    line = footer.render()
    assert isinstance(line, Content) and line.cell_length <= 80
    shown = re.split(r"\s{2,}", line.plain.strip())
    assert set(shown) <= {*every, "f2 All keys", "^p palette"}, line.plain  # none cut
    assert set(step_keys) <= set(shown), line.plain
    if not set(every) <= set(shown):
        assert shown[-1] == "f2 All keys" or shown[-2:] == ["f2 All keys", "^p palette"]
        await pilot.press("f2")
        listed = app.screen
        assert isinstance(listed, KeysScreen)
        assert listed.text.splitlines()[: len(every)] == every
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
    return shown


async def test_the_footer_at_80_columns_keeps_each_steps_keys(store: Store) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        session = laid_out(store, tour_table(True))
        game = await open_game(app, pilot, session)
        await footer_check(pilot, ["⏎ Ready", "esc Leave game"])  # the curtain
        await lift(pilot, "Ana")
        await footer_check(pilot, ["e Event", "space Use card", "c Confirm", "⌫ Cancel"])
        await use(pilot, game, park("Saguaro"))
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ResponseWindow)
        await footer_check(pilot, ["n Nobody answers"])
        await pilot.press("2")
        await lift(pilot, "Ben")
        assert isinstance(app.screen, TourPicker)
        picking = ["space Pick card", "c Claim the Park Tour", "⌫ Start over", "esc Pass"]
        await footer_check(pilot, picking)
        await pilot.press("escape")
        await nobody_answers(pilot)  # Cy passes too
        await lift(pilot, "Ben")
        turn = await footer_check(pilot, ["s Set", "b Build", "p Pile", "d Top", "x Steal"])
        assert "o Sort" not in turn  # ranked after the moves: listed by f2
        await pilot.press("x")  # steal from whom: Ana (1)
        await pilot.pause()
        await footer_check(pilot, ["esc Back"])
        await pilot.press("1")
        await pilot.pause()
        assert view(game, None).phase == "steal"
        steal = ["space Use card", "t Take", "r Random", "c Confirm", "⌫ Cancel"]
        await footer_check(pilot, steal)


def test_a_set_goes_whole_under_a_long_player_line() -> None:
    """At 80 columns Bo's line (dark sky counted, a 3-digit hand) leaves no room for his
    first set after it: the set goes whole onto the next line, not cut between two
    park numbers."""
    head = Content("   2 Bo · hand 2 · 8 pts · ☾DS counts as an icon │ ")
    chip = Content("[1: ◒Is ×2 inactive · #40 #50]")
    lines = flow(head, [chip, chip], 80).plain.split("\n")
    assert lines == [head.plain, f"    {chip.plain}  {chip.plain}"]
    # a chip wider than any line starts one, with no blank line before it
    narrow = flow(head, [chip, chip], 20).plain.split("\n")
    assert narrow == [head.plain, f"    {chip.plain}", f"    {chip.plain}"]
    assert flow(Content(), [chip], 10, 0).plain == chip.plain


async def test_two_mosquito_bites_list_each_target_once_each_with_a_key(store: Store) -> None:
    """PP-MOSQ-1 with two copies in hand: a bite of each set card is one entry, not two
    (either copy does the same), and the entries after the ninth have keys too."""
    bites = [event("mosquito_bites"), event("mosquito_bites", 1)]
    st = table(
        [[*bites, *parks("Acadia")], parks("Olympic"), parks("Denali")],
        sets=[
            [],
            [parks("Saguaro", "Joshua Tree", "Death Valley"), parks("Everglades", "Biscayne")],
            [parks("Sequoia", "Rocky Mountain", "Grand Teton"), parks("Zion", "Arches")],
        ],
    )
    st.phase, st.draws = "discard", 2
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        game = await open_game(app, pilot, laid_out(store, st))
        await lift(pilot, "Ana")
        await pilot.press("e")
        await pilot.pause()
        choice = app.screen
        assert isinstance(choice, Choose)
        labels = choice.text.splitlines()[1:]
        assert len(labels) == len(set(labels)) == 10  # a bite of each of the 10 set cards
        keys = [c.key for c in choice.choices]
        assert len(keys) == 10 and len(set(keys)) == 10
        await pilot.press(keys[-1])  # the tenth entry: a letter's key
        await pilot.pause()
        await nobody_answers(pilot)
        left = [c.name for p in view(game, None).players for s in p.sets for c in s.cards]
        assert len(left) == 9 and "Arches" not in left  # the last entry bites Cy's Arches


async def test_pop_ups_at_80x24_leave_the_players_and_their_sets_in_sight(store: Store) -> None:
    """A choice (steal from whom?) at 80x24 with five players sits over the hand and the
    prompt, not over the table of players and sets it asks about."""
    st = table(
        [
            parks("Acadia", "Olympic", "Zion"),
            *(parks(n) for n in ("Everglades", "Yosemite", "Sequoia", "Wind Cave")),
        ],
        sets=[[], [parks("Bryce Canyon", "Capitol Reef")], [], [], []],
    )
    app = TabletopApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await open_game(app, pilot, laid_out(store, st))
        await lift(pilot, "Ana")
        await pilot.press("x")
        await pilot.pause()
        choice = app.screen
        assert isinstance(choice, Choose)
        box = choice.query_one("Vertical").region
        assert not box.overlaps(game.query_one("#pp-table").region), box
