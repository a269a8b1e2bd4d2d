"""A person against bots, through the app, to the end: Space Park with two bots
(the person playing by keys) and PocketParks with three bots (the person acting
through the screen's own ``act``), both set up from the home screen's form.

Bots move by themselves in workers; the tests wait for them with bounded loops
of Pilot pauses (a bot that stops moving fails the test, it does not hang it).
Bots move at full speed here: the Bot moves setting is "instant".
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Sequence
from typing import TypeVar

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Select, Static

from tabletop.core.bot import ask
from tabletop.core.engine import Action, Setup
from tabletop.core.store import SeatInfo, Store
from tabletop.games import make_bot
from tabletop.games.pocketparks.engine import ENGINE as PP_ENGINE
from tabletop.games.pocketparks.model import (
    AddCard,
    Cancel,
    Confirm,
    Pass,
    PocketParksState,
    StartSet,
    StartSteal,
)
from tabletop.games.spacepark.content import badges
from tabletop.games.spacepark.model import SpaceParkState
from tabletop.tui.app import TabletopApp
from tabletop.tui.dialogs import Choose
from tabletop.tui.games.pocketparks.hand import ParkHand
from tabletop.tui.games.pocketparks.modals import (
    FinalResultScreen,
    ResponseWindow,
    ScoreSheet,
)
from tabletop.tui.games.pocketparks.screen import PocketParksScreen
from tabletop.tui.screens.base import ResultScreen
from tabletop.tui.screens.setup import HUMAN
from tabletop.tui.widgets.curtain import Curtain
from tabletop.tui.widgets.scoreboard import Scoreboard
from tests.tui.test_spacepark_screen import game_screen, play_one

PAUSE = 0.05
STALL = 600
"""Pauses of PAUSE s (at least 30 s, more on a busy machine) a bot may take for one
move before the test calls it stalled."""


@pytest.fixture
def store(store: Store) -> Store:
    """The root conftest's store, with this file's settings."""
    store.save_setting("bot_pace", "instant")
    store.save_setting("response_window", 0)  # response windows wait for a key: no timing
    return store


async def set_up_from_home(
    pilot: Pilot[None], app: TabletopApp, game: str, seats: list[tuple[str, str]], seed: int
) -> None:
    """Home → the game → the setup form: a name and a kind ("person" or a bot
    level) per seat, the seed → Start."""
    games = app.screen.query_one("#games", OptionList)
    ids = [games.get_option_at_index(i).id for i in range(games.option_count)]
    games.highlighted = ids.index(game)
    await pilot.press("n")
    setup = app.screen
    setup.query_one("#count", Select).value = len(seats)
    await pilot.pause()
    for seat, (name, kind) in enumerate(seats):
        setup.query_one(f"#seat-{seat}", Input).focus()
        await pilot.press(*name)
        setup.query_one(f"#kind-{seat}", Select).value = kind
    setup.query_one("#seed", Input).value = str(seed)
    await pilot.pause()
    await pilot.press("ctrl+s")
    await pilot.pause()


async def until(pilot: Pilot[None], done: Callable[[], bool], progress: Callable[[], int]) -> None:
    """Pause until ``done``; fails if ``progress`` (a move count) stands still for
    STALL pauses in a row: a bot that never moves."""
    last, idle = progress(), 0
    while not done():
        await pilot.pause(PAUSE)
        now = progress()
        idle = 0 if now != last else idle + 1
        last = now
        assert idle < STALL, f"stalled at move {now}: {pilot.app.screen}"


# -- Space Park: Ann against a normal and a hard bot, by keys ----------------------------


async def test_space_park_against_two_bots_to_the_end(store: Store) -> None:
    app = TabletopApp(store)
    rng = random.Random(7)
    deck = badges()
    hand_checks = ann_turns = 0
    async with app.run_test(size=(120, 36)) as pilot:
        await set_up_from_home(
            pilot, app, "spacepark", [("Ann", HUMAN), ("Bob", "normal"), ("Cy", "hard")], 7
        )
        game = game_screen(app)
        session = game.session
        assert session.seats == (SeatInfo("Ann"), SeatInfo("Bob", "normal"), SeatInfo("Cy", "hard"))
        assert session.humans == (0,)
        assert not isinstance(app.screen, Curtain)  # one person: nothing to hide from
        players = str(game.query_one(Scoreboard).render())
        assert "Ann  " in players and "Bob (bot)" in players and "Cy (bot)" in players
        while session.outcome is None:
            await until(
                pilot,
                lambda: session.outcome is not None or 0 in session.to_act,
                lambda: session.moves,
            )
            if session.outcome is not None:
                break
            # the keyboard never left Ann (a decision is asked in a pop-up over the board)
            assert app.screen is game or isinstance(app.screen, Choose)
            assert game.viewer == 0
            state = session.state
            assert isinstance(state, SpaceParkState)
            public = {deck[b].name for b in state.revealed} | {
                deck[b].name for p in state.players for b in p.earned
            }
            mine = {deck[b].name for b in state.players[0].hand}
            hand = str(game.query_one("#hand", Static).render())
            assert "Ann's hand" in str(game.query_one("#hand").border_title)
            assert all(name in hand for name in mine)
            for bot in (1, 2):
                secret = {deck[b].name for b in state.players[bot].hand} - public - mine
                shown = [name for name in secret if name in hand]
                assert not shown, f"{state.players[bot].name}'s {shown} in Ann's hand panel"
                hand_checks += bool(secret)
            await play_one(pilot, app, rng, typed=ann_turns < 6)  # typed keys, then tapped
            ann_turns += 1
        await until(
            pilot,  # the result shows (pushed, and composed)
            lambda: isinstance(app.screen, ResultScreen) and app.screen.is_mounted,
            lambda: session.moves,
        )
        outcome = session.outcome
        assert outcome is not None and len(outcome.scores) == 3
        result = str(app.screen.query_one("#result", Static).render())
        assert all(f"{name}: " in result for name in ("Ann", "Bob", "Cy"))
        by_seat = [a["seat"] for a in session.record.actions]
        assert by_seat.count(1) >= 5 and by_seat.count(2) >= 5 and ann_turns >= 5
        assert hand_checks >= 10
        [done] = [g for g in store.finished() if g.id == session.game_id]
        assert done.game == "spacepark" and done.scores == outcome.scores
        assert store.unfinished() == []


# -- PocketParks: Ann against three bots, through the screen's act -----------------------

PP_SEATS = [("Ann", HUMAN), ("Bob", "easy"), ("Cy", "normal"), ("Di", "normal")]
SHORT = 1000
"""A PocketParks table here plays a game of fewer moves than this (about 5 s)."""


def pp_weight(action: Action) -> float:
    """A rough player that finishes what it starts: sets, cards and confirms are
    likely, steals less so, cancelling a started step hardly ever."""
    if isinstance(action, Cancel):
        return 0.02
    if isinstance(action, Confirm | AddCard | StartSet):
        return 5.0
    if isinstance(action, StartSteal):
        return 0.5
    return 1.0


A = TypeVar("A", bound=Action)


def pp_pick(legal: Sequence[A], rng: random.Random) -> A:
    return rng.choices(legal, [pp_weight(a) for a in legal])[0]


def pp_headless(seed: int) -> int:
    """The number of moves of game ``seed`` as the app test plays it: the same bots
    (seeded from the game's seed and their seat, as the screen makes them), bots
    answering a window first and the person passing, the person's turns by
    ``pp_pick`` drawing from ``random.Random(seed)``."""
    state = PP_ENGINE.new(Setup(players=tuple(name for name, _ in PP_SEATS)), seed)
    assert isinstance(state, PocketParksState)
    bots = {
        seat: make_bot("pocketparks", kind, seed + seat)
        for seat, (_, kind) in enumerate(PP_SEATS)
        if kind != HUMAN
    }
    rng = random.Random(seed)
    moves = 0
    while PP_ENGINE.outcome(state) is None:
        waiting = PP_ENGINE.to_act(state)
        seat = next((s for s in waiting if s in bots), waiting[0])
        legal = PP_ENGINE.legal_actions(state, seat)
        if seat in bots:
            asked = ask(PP_ENGINE, state, seat, bots[seat])
            action = next(a for a in legal if a == asked)  # ask checks it is one
        elif state.window is not None:
            action = Pass(seat=seat)
        else:
            action = pp_pick(legal, rng)
        state = PP_ENGINE.apply(state, action).state
        moves += 1
    return moves


@functools.cache
def short_seed() -> int:
    """The first seed whose game (played headless as the test plays it) is short:
    the test stays quick whatever the content's balance makes of a seed."""
    return next(seed for seed in itertools.count() if pp_headless(seed) < SHORT)


async def test_pocketparks_against_three_bots_to_the_end(store: Store) -> None:
    seed = short_seed()
    app = TabletopApp(store)
    rng = random.Random(seed)
    sheets: list[str] = []
    windows = ann_moves = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await set_up_from_home(pilot, app, "pocketparks", PP_SEATS, seed)
        [game] = [s for s in app.screen_stack if isinstance(s, PocketParksScreen)]
        session = game.session
        assert [s.bot for s in session.seats] == [None, "easy", "normal", "normal"]
        assert session.humans == (0,)

        def settled() -> bool:
            """Something for the test to do: a modal to answer, or Ann to move."""
            top = app.screen
            modals = ScoreSheet | ResponseWindow | FinalResultScreen | Curtain | Choose
            if isinstance(top, modals):
                return top.is_mounted  # pushed and composed: ready for its keys
            return (
                top is game
                and game.public().window is None
                and session.to_act == (0,)
                and game.viewer == 0
            )

        while not (isinstance(app.screen, FinalResultScreen) and app.screen.is_mounted):
            await until(pilot, settled, lambda: session.moves)
            top = app.screen
            assert not isinstance(top, Curtain | Choose), top  # one person: no hand-over
            if isinstance(top, ScoreSheet):
                sheets.append(top.text)
                assert game.viewer is None
                await pilot.press("enter")
            elif isinstance(top, ResponseWindow):
                windows += 1
                await pilot.press("n")  # nobody (else) answers: Ann passes
            elif top is game:
                # Ann's own hand only, and her move through the screen's own path
                view = game.view()
                assert view.seat == 0 and view.hand is not None
                assert sorted(game.query_one(ParkHand).cards) == sorted(c.id for c in view.hand)
                assert "Ann's hand" in str(game.query_one(ParkHand).border_title)
                before = session.moves
                assert game.act(pp_pick(session.legal_actions(0), rng)) is not None
                assert session.moves > before
                ann_moves += 1

        outcome = session.outcome
        assert outcome is not None and len(outcome.scores) == 4
        result = app.screen
        assert isinstance(result, FinalResultScreen)
        assert "R1" in result.text and "R2" in result.text and "R3" in result.text
        # a scoring sheet after each round, in order, before the result
        assert len(sheets) == 3
        for n, text in enumerate(sheets, start=1):
            assert f"Round {n}: won by" in text
            assert all(f"{name}: " in text for name, _ in PP_SEATS)
        by_seat = [a["seat"] for a in session.record.actions]
        assert all(by_seat.count(bot) >= 10 for bot in (1, 2, 3)) and ann_moves >= 10
        assert windows > 0
        assert session.moves == pp_headless(seed)  # the app played the game the search saw
        [done] = [g for g in store.finished() if g.id == session.game_id]
        assert done.game == "pocketparks" and done.scores == outcome.scores
        assert store.unfinished() == []
        await pilot.press("enter")  # the result closes; home again
        await pilot.pause()
        assert not any(isinstance(s, PocketParksScreen) for s in app.screen_stack)
