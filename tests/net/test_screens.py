"""The game screens at their own seats: `tabletop join URL CODE` (tui/join.py's
JoinApp) on a host in this process, driven by Pilot. Each client is the same game
screen a local game opens, on the seat's RemoteTable: no curtain, the other seats'
moves appear as they are made, a seat away is shown so, and nothing another seat may
not see (its own hand, in Pocket Dragon's table mode) is ever on its screen."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from tabletop.core.clock import FakeClock
from tabletop.core.engine import Setup
from tabletop.core.store import Store
from tabletop.games import hint
from tabletop.games.pocketdragon.content import GRID_COLUMNS, cards
from tabletop.games.pocketdragon.model import PocketDragonState, Table
from tabletop.games.pocketdragon.rules import face_down, needed_skills
from tabletop.games.pocketparks.view import PPView
from tabletop.games.spacepark.engine import ENGINE
from tabletop.games.spacepark.view import SpaceParkView
from tabletop.net.server import HostedGame
from tabletop.tui.dialogs import Choose, Confirm
from tabletop.tui.games.pocketdragon.table import Packed, TableScreen
from tabletop.tui.games.pocketdragon.timer import DragonTimer
from tabletop.tui.games.pocketparks.hand import ParkHand
from tabletop.tui.games.pocketparks.modals import ResponseWindow
from tabletop.tui.games.pocketparks.screen import PocketParksScreen
from tabletop.tui.join import JoinApp
from tabletop.tui.screens.base import GameScreen, ResultScreen
from tabletop.tui.widgets.bars import Title
from tabletop.tui.widgets.log import GameLog
from tests.net.netkit import hosting
from tests.tui.test_spacepark_screen import keys_for, pick

SIZE = (120, 36)


async def until(pilot: Pilot[Any], holds: Callable[[], bool]) -> None:
    """Let the apps and the host work until ``holds`` (a bound, not a timing)."""
    async with asyncio.timeout(20):
        while not holds():
            await asyncio.sleep(0.005)
            await pilot.pause()


@asynccontextmanager
async def seat_app(
    data: Path, url: str, code: str, size: tuple[int, int] = SIZE
) -> AsyncIterator[tuple[JoinApp, Pilot[Any]]]:
    """A player's `tabletop join URL CODE`, its settings in a store of its own, once its
    game screen is open."""
    store = Store(data / "tabletop.db")
    app = JoinApp(store, url, code)
    try:
        async with app.run_test(size=size) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            yield app, pilot
    finally:
        store.close()


def game_screen(app: JoinApp) -> GameScreen:
    screen = app.screen_stack[1]
    assert isinstance(screen, GameScreen)
    return screen


def rendered(app: JoinApp) -> str:
    """Every line of text the terminal shows now."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def title_shown(screen: GameScreen) -> str:
    """The screen's title as its header draws it."""
    return str(screen.query_one(Title).render())


def text_of(screen: GameScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


def messages(app: JoinApp) -> list[str]:
    """The notifications shown so far: title and text."""
    return [f"{n.title}: {n.message}" for n in app._notifications]


def keys_of(screen: GameScreen) -> str:
    """The Pocket Dragon table's Keys panel, every entry."""
    return "  ".join(entry.plain for entry in screen.query_one("#pd-keys", Packed).entries)


# -- Pocket Dragon, table mode: two players, each at their own screen ---------------------


def dragon_table(hosted: HostedGame) -> Table:
    state = hosted.session.state
    assert isinstance(state, PocketDragonState) and state.table is not None
    return state.table


def assert_hands(app: JoinApp, seat: int, hosted: HostedGame) -> None:
    """PD-TALK-2 at one's own screen: the partner's Activities are shown, never one's own
    (not anywhere on the terminal)."""
    t = dragon_table(hosted)
    own = [cards().activities[h.activity].name for h in t.hands[seat]]
    theirs = [cards().activities[h.activity].name for h in t.hands[1 - seat]]
    screen = game_screen(app)
    hands = text_of(screen, "#pd-hands")
    text = rendered(app)
    for name in own:
        assert name not in text and name not in hands, f"seat {seat} sees its own {name}"
    assert all(name in hands for name in theirs)


async def test_two_table_mode_clients_play_by_the_host_s_clock_and_see_each_other_s_moves(
    tmp_path: Path,
) -> None:
    """PD-TALK-2, PD-TIME-1, PD-PLAY-1: two JoinApps of Pocket Dragon's table mode on one
    host; each sees the partner's hand and never its own, with no curtain at either; the
    clocks run by the host's clock on both screens; an Activity played and a card flipped
    at one screen appear on the other with their log lines."""
    clock = FakeClock()
    setup = Setup(players=("Ann", "Bo"), options={"mode": "table", "difficulty": "easy"})
    async with (
        hosting(tmp_path, "pocketdragon", setup, 2024, clock, tick_s=0.01) as (_, hosted, url),
        seat_app(tmp_path / "ann", url, hosted.codes[0]) as (ann, ann_pilot),
        seat_app(tmp_path / "bo", url, hosted.codes[1]) as (bo, bo_pilot),
    ):
        apps = {0: (ann, ann_pilot), 1: (bo, bo_pilot)}
        screens = {seat: game_screen(app) for seat, (app, _) in apps.items()}
        for seat, screen in screens.items():
            assert isinstance(screen, TableScreen) and screen.viewer == seat
            assert apps[seat][0].screen is screen  # no curtain, no hand-over
            assert_hands(apps[seat][0], seat, hosted)

        await ann_pilot.press("space")  # Ann starts the clocks, at her screen
        await until(bo_pilot, lambda: "Time left 300 s" in screens[1].query_one(DragonTimer).text)
        assert hosted.session.record.actions[0]["kind"] == "start"
        clock.advance(30)  # the host's clock: both screens show it
        for seat, (_, pilot) in apps.items():
            timer = screens[seat].query_one(DragonTimer)
            await until(pilot, lambda timer=timer: "Time left 270 s" in timer.text)

        turn = dragon_table(hosted).turn
        pilot = apps[turn][1]
        other_pilot = apps[1 - turn][1]
        other = screens[1 - turn]
        # Keys of the turn belong to the player whose turn it is: at the other's screen
        # the partner's moves are not offered.
        assert screens[turn].check_action("play", ()) is not False
        assert other.check_action("play", ()) is False and other.check_action("flip", ()) is False
        # ... nor listed there: that screen says whose turn it is and where it is played.
        name = ("Ann", "Bo")[turn]
        await until(
            other_pilot,
            lambda: f"{name}'s turn, played at {name}'s screen" in rendered(apps[1 - turn][0]),
        )
        assert keys_of(other) == "none now: your partner's move"

        await pilot.press("1", "p")
        await until(other_pilot, lambda: dragon_table(hosted).play is not None)
        played = dragon_table(hosted).play
        assert played is not None
        activity = cards().activities[played.activity]
        # Public once played: the other screen shows it, with the partner's key only.
        await until(other_pilot, lambda: activity.name in text_of(other, "#pd-play"))
        keys = keys_of(other)
        assert "s partner suggests" in keys and "flip" not in keys and "give up" not in keys
        assert len(needed_skills(dragon_table(hosted), played)) > 1  # PD-PLAY-4: not yet
        await until(other_pilot, lambda: "suggest once one Skill is left" in rendered(other.app))

        t = dragon_table(hosted)
        skill = needed_skills(t, t.play)[0] if t.play else ""
        place = next(p for p in face_down(t) if cards().collection[t.grid[p] or 0].skill == skill)
        row, col = divmod(place, GRID_COLUMNS)
        await pilot.press(*(["down"] * row + ["right"] * col))
        assert screens[turn].cursor == place
        log_before = len(other.query_one(GameLog).shown)
        grid_before = text_of(other, "#pd-grid")
        await pilot.press("f")
        await until(other_pilot, lambda: text_of(other, "#pd-grid") != grid_before)
        assert hosted.session.record.actions[-1]["kind"] == "flip"
        flipped = other.query_one(GameLog).shown[log_before:]
        assert flipped and flipped == hosted.session.log(1 - turn)[log_before:]
        grid_row = text_of(other, "#pd-grid").splitlines()[1 + row]
        assert "▒▒▒▒▒" not in grid_row.split()[1 + col]  # face up now, at the other screen
        for seat, (seat_app_, _) in apps.items():
            assert_hands(seat_app_, seat, hosted)


Seat = tuple[JoinApp, Pilot[Any]]


@asynccontextmanager
async def dragon_started(tmp_path: Path) -> AsyncIterator[tuple[HostedGame, Seat, Seat]]:
    """Table-mode Pocket Dragon hosted here, Ann and Bo at their own screens, the clocks
    started: the host, then (app, pilot) of the player whose turn it is and of the
    partner."""
    setup = Setup(players=("Ann", "Bo"), options={"mode": "table", "difficulty": "easy"})
    async with (
        hosting(tmp_path, "pocketdragon", setup, 2024, FakeClock(), tick_s=0.01) as (
            _,
            hosted,
            url,
        ),
        seat_app(tmp_path / "ann", url, hosted.codes[0]) as ann,
        seat_app(tmp_path / "bo", url, hosted.codes[1]) as bo,
    ):
        await ann[1].press("space")
        turn = dragon_table(hosted).turn
        mover, partner = (ann, bo) if turn == 0 else (bo, ann)
        await until(mover[1], lambda: game_screen(mover[0]).phase() == "turn")
        yield hosted, mover, partner


async def test_a_look_is_the_looker_s_alone_and_the_partner_s_screen_says_so(
    tmp_path: Path,
) -> None:
    """PD-TALK-2 with a look: the looker's screen shows the two cards and the key to see
    them again; the partner's screen shows neither, and says who is looking."""
    async with dragon_started(tmp_path) as (hosted, (looker, pilot), (partner, partner_pilot)):
        turn = dragon_table(hosted).turn
        await pilot.press("l", "right", "l")
        await until(partner_pilot, lambda: game_screen(partner).phase() == "peek")
        peek = dragon_table(hosted).peek
        assert peek is not None
        seen = [cards().collection[dragon_table(hosted).grid[p] or 0] for p in peek.places]
        name = ("Ann", "Bo")[turn]
        await until(partner_pilot, lambda: f"{name} looks at 2 grid cards" in rendered(partner))
        assert "look again" not in keys_of(game_screen(partner))
        assert "look again" in keys_of(game_screen(looker))
        skills = {s.id: s.name for s in game_screen(looker).pub().skills}
        shown = rendered(looker)
        assert all(skills[card.skill] in shown for card in seen)
        assert "Only" not in rendered(partner)


async def test_a_clue_asked_at_one_screen_is_answered_at_the_partner_s(tmp_path: Path) -> None:
    """PD-CLUE-4, PD-CLUE-5: the asker's screen waits for the partner; the partner's
    screen offers the answer key and, pressed, names whose card it is and the icons."""
    async with dragon_started(tmp_path) as (hosted, (asker, pilot), (answerer, answerer_pilot)):
        turn = dragon_table(hosted).turn
        names = ("Ann", "Bo")[turn], ("Ann", "Bo")[1 - turn]
        await pilot.press("1", "k")
        await until(answerer_pilot, lambda: game_screen(answerer).phase() == "clue")
        await until(pilot, lambda: f"{names[1]} names an icon on your card" in rendered(asker))
        assert keys_of(game_screen(answerer)) == "a partner answers"
        await answerer_pilot.press("a")
        await until(answerer_pilot, lambda: "Name exactly one of its icons" in rendered(answerer))
        assert f"{names[0]}'s card 1, for {names[1]} only" in rendered(answerer)


async def test_a_seat_away_is_shown_away_and_the_clocks_pause_on_both_screens(
    tmp_path: Path,
) -> None:
    """PD-TIME-4 over the network: Bo's app closes mid-game; Ann's screen marks Bo away and
    says the clocks are paused; Bo joins again with his code and the game goes on.
    PD-TIME-7: both logs say Bo was away and everyone is back, not that Bo paused."""
    clock = FakeClock()
    setup = Setup(players=("Ann", "Bo"), options={"mode": "table", "difficulty": "easy"})
    async with (
        hosting(tmp_path, "pocketdragon", setup, 7, clock, tick_s=0.01) as (_, hosted, url),
        seat_app(tmp_path / "ann", url, hosted.codes[0]) as (ann, ann_pilot),
    ):
        screen = game_screen(ann)
        async with seat_app(tmp_path / "bo", url, hosted.codes[1]) as (_, bo_pilot):
            await bo_pilot.press("space")
            await until(ann_pilot, lambda: screen.status == "running")
        await until(ann_pilot, lambda: "Bo (away)" in text_of(screen, "Scoreboard"))
        await until(ann_pilot, lambda: screen.status == "paused")
        told = [n.message for n in ann._notifications]
        assert any("Bo is away" in m and "paused" in m for m in told), told
        # ... and says so where it stays, not "space resumes": Space cannot, Bo being away.
        await until(ann_pilot, lambda: "Paused: Bo is away; the clocks run" in rendered(ann))
        assert "a player is away" in screen.query_one(DragonTimer).text
        await ann_pilot.press("space")
        await until(ann_pilot, lambda: any("PROTO-AWAY" in m for m in messages(ann)))
        assert "Bo is away: the clocks run again" in messages(ann)[-1]
        assert screen.status == "paused"
        async with seat_app(tmp_path / "bo2", url, hosted.codes[1]) as (bo, bo_pilot):
            await until(ann_pilot, lambda: "(away)" not in text_of(screen, "Scoreboard"))
            await until(ann_pilot, lambda: screen.status == "running")
            assert game_screen(bo).status == "running"
            said = ["Bo is away: the clocks are paused.", "Everyone is back: the clocks run again."]
            for seat_screen, pilot in ((screen, ann_pilot), (game_screen(bo), bo_pilot)):
                log = seat_screen.query_one(GameLog)
                await until(pilot, lambda log=log: log.shown[-2:] == said)


# -- Space Park: moves at one screen appear at the other; refusals name the rule ----------


async def test_a_partner_not_yet_there_is_named_before_the_clocks_start(tmp_path: Path) -> None:
    """PD-TIME-4: Ann has joined and Bo not yet: her screen says Bo is away and that the
    clocks start once all are here (Space cannot start them), not that Space starts
    them; once Bo joins, it says Space starts them."""
    setup = Setup(players=("Ann", "Bo"), options={"mode": "table", "difficulty": "easy"})
    async with (
        hosting(tmp_path, "pocketdragon", setup, 7, FakeClock(), tick_s=0.01) as (_, hosted, url),
        seat_app(tmp_path / "ann", url, hosted.codes[0]) as (ann, ann_pilot),
    ):
        screen = game_screen(ann)
        await until(ann_pilot, lambda: "Bo is away: the clocks start once all" in rendered(ann))
        assert "Ready: a player is away" in screen.query_one(DragonTimer).text
        async with seat_app(tmp_path / "bo", url, hosted.codes[1]):
            await until(ann_pilot, lambda: "Space starts the clocks" in rendered(ann))
            assert "Ready: space starts" in screen.query_one(DragonTimer).text


async def test_space_park_seats_play_by_keys_and_a_move_shows_only_once_the_host_has_it(
    tmp_path: Path,
) -> None:
    """SP-TURN-1 at two screens: the seat to act plays by keys, the other screen shows
    the move and its log line as the host sends it; a move held on its way back from
    the host is not drawn as made (the title says it is being sent); a refused move
    names its rule; each screen shows its own hand and nobody else's."""
    setup = Setup(players=("Ann", "Bo"), options={})
    async with (
        hosting(tmp_path, "spacepark", setup, 11) as (_, hosted, url),
        seat_app(tmp_path / "ann", url, hosted.codes[0]) as (ann, ann_pilot),
        seat_app(tmp_path / "bo", url, hosted.codes[1]) as (bo, bo_pilot),
    ):
        apps = {0: (ann, ann_pilot), 1: (bo, bo_pilot)}
        screens = {seat: game_screen(app) for seat, (app, _) in apps.items()}
        rng = random.Random(5)
        for _ in range(8):
            seat = hosted.session.to_act[0]
            app, pilot = apps[seat]
            screen = screens[seat]
            other = screens[1 - seat]
            # never a curtain (a decision is asked in a pop-up over the board)
            assert app.screen is screen or isinstance(app.screen, Choose)
            assert screen.viewer == seat
            view = screen.session.view(seat)
            assert isinstance(view, SpaceParkView)
            action = pick(screen.session.legal_actions(seat), rng)
            before = hosted.session.moves
            await pilot.press(*keys_for(action, view))
            await until(pilot, lambda s=screen, before=before: s.session.moves > before)
            assert hosted.session.record.actions[before] == ENGINE.dump_action(action)
            await until(apps[1 - seat][1], lambda o=other: o.session.moves == hosted.session.moves)
            for s, shown in screens.items():
                assert shown.query_one(GameLog).shown == hosted.session.log(s)
                own = hosted.session.view(s)
                assert isinstance(own, SpaceParkView)
                hand = text_of(shown, "#hand")
                assert all(badge.name in hand for badge in own.hand)

        # A move on its way: the host has made it, the mover's screen not yet.
        seat = hosted.session.to_act[0]
        app, pilot = apps[seat]
        screen = screens[seat]
        link = hosted.links[seat]
        held: list[bytes] = []
        send = link.send
        link.send = held.append  # type: ignore[method-assign]
        view = screen.session.view(seat)
        assert isinstance(view, SpaceParkView)
        before = hosted.session.moves
        await pilot.press(*keys_for(pick(screen.session.legal_actions(seat), rng), view))
        await until(pilot, lambda: hosted.session.moves > before and len(held) >= 2)
        assert screen.session.moves == before
        await until(pilot, lambda: "sending your move" in title_shown(screen))
        await pilot.press(*keys_for(pick(screen.session.legal_actions(seat), rng), view))
        told = [n.message for n in app._notifications]
        assert "Your last move is still on its way to the host." in told  # one at a time
        link.send = send  # type: ignore[method-assign]
        for message in held:
            send(message)
        await until(pilot, lambda: screen.session.moves == hosted.session.moves)
        assert hosted.session.moves == before + 1
        await until(pilot, lambda: "sending" not in title_shown(screen))

        # A destination without a rocket: greyed, and pressed anyway the host refuses it.
        seat = hosted.session.to_act[0]
        app, pilot = apps[seat]
        screen = screens[seat]
        view = screen.session.view(seat)
        assert isinstance(view, SpaceParkView)
        if view.pending is None:
            empty = next(i for i, d in enumerate(view.ring) if not d.rocket)
            moves = hosted.session.moves
            await pilot.press(str(empty + 1))
            await until(pilot, lambda: any(refused(app)))
            assert refused(app)[0].startswith("Not allowed (SP-") and hosted.session.moves == moves


async def test_a_space_park_seat_away_is_marked_away_at_80_columns_and_its_turn_waits(
    tmp_path: Path,
) -> None:
    """At 80x24 there is no players panel: the turn panel marks the seat away, and the
    prompt says the game waits for it; both go once it is back."""
    setup = Setup(players=("Ann", "Bo"), options={})
    async with (
        hosting(tmp_path, "spacepark", setup, 11) as (_, hosted, url),
        seat_app(tmp_path / "ann", url, hosted.codes[0], (80, 24)) as (ann, pilot),
    ):
        screen = game_screen(ann)
        async with seat_app(tmp_path / "bo", url, hosted.codes[1]):
            await until(pilot, lambda: not screen.session.away)
            rng = random.Random(1)
            while hosted.session.to_act != (1,):  # Ann plays until it is Bo's turn
                view = screen.session.view(0)
                assert isinstance(view, SpaceParkView)
                moves = hosted.session.moves
                await pilot.press(*keys_for(pick(screen.session.legal_actions(0), rng), view))
                await until(pilot, lambda m=moves: screen.session.moves > m)
        await until(pilot, lambda: "Bo (away)" in text_of(screen, "#players"))
        assert "Bo is away: the game waits." in text_of(screen, "#prompt")
        assert "Bo (away)" in rendered(ann)
        async with seat_app(tmp_path / "bo2", url, hosted.codes[1]):
            await until(pilot, lambda: "(away)" not in text_of(screen, "#players"))
            assert "away" not in text_of(screen, "#prompt")


def refused(app: JoinApp) -> list[str]:
    return [n.title or "" for n in app._notifications if (n.title or "").startswith("Not allowed")]


# -- PocketParks: a turn at one screen, the response window at the other's ---------------


async def test_pocketparks_seats_take_turns_and_the_window_opens_only_where_it_is_asked(
    tmp_path: Path,
) -> None:
    """PP-TURN-1, PP-TOUR-1 at two screens: the player to act draws two and discards by
    keys; the other screen shows the discard in its news and log (never the drawn
    cards), and the Park Tour window opens at the screen of the seat asked, not at the
    mover's, whose prompt says what the table waits for; n there passes for that seat."""
    setup = Setup(players=("Ann", "Bo"), options={})
    async with (
        hosting(tmp_path, "pocketparks", setup, 3) as (_, hosted, url),
        seat_app(tmp_path / "ann", url, hosted.codes[0]) as (ann, ann_pilot),
        seat_app(tmp_path / "bo", url, hosted.codes[1]) as (bo, bo_pilot),
    ):
        apps = {0: (ann, ann_pilot), 1: (bo, bo_pilot)}
        mover = hosted.session.to_act[0]
        app, pilot = apps[mover]
        other_app, other_pilot = apps[1 - mover]
        game, other = game_screen(app), game_screen(other_app)
        assert isinstance(game, PocketParksScreen) and isinstance(other, PocketParksScreen)
        assert app.screen is game and other_app.screen is other  # no curtain at either
        for seat, screen in ((mover, game), (1 - mover, other)):
            own = hosted.session.view(seat)
            assert isinstance(own, PPView) and own.hand is not None
            assert sorted(screen.query_one(ParkHand).cards) == sorted(c.id for c in own.hand)
        assert "'s turn: one action" in text_of(other, "#pp-prompt")  # the mover's step

        await pilot.press("p")
        await until(pilot, lambda: game.session.moves == 1)
        await pilot.press("p")
        await until(pilot, lambda: game.session.moves == 2)
        hand = hosted.session.view(mover)
        assert isinstance(hand, PPView) and hand.hand is not None
        park = next(c for c in hand.hand if c.event is None)
        game.query_one(ParkHand).highlight_card(park.id)
        await pilot.press("space", "c")
        await until(other_pilot, lambda: isinstance(other_app.screen, ResponseWindow))
        window = other_app.screen
        assert isinstance(window, ResponseWindow) and park.name in window.text
        # alone at this screen: no keyboard to take, and n is this seat's pass
        assert f": press {2 - mover} to claim it, n to pass." in window.text
        assert "keyboard" not in window.text and "Nobody" not in rendered(other_app)
        assert window.active_bindings["n"].binding.description == "Pass"
        assert app.screen is game  # the mover is not asked: no window on that screen
        await until(pilot, lambda: "Response window" in text_of(game, "#pp-prompt"))
        drawn = set(hosted.session.log(mover)) - set(hosted.session.log(1 - mover))
        assert drawn and not drawn & set(other.query_one(GameLog).shown)  # only the mover's
        assert park.name in text_of(other, "#pp-news")

        await other_pilot.press("n")  # nobody answers: this seat passes
        await until(other_pilot, lambda: other_app.screen is other)
        await until(other_pilot, lambda: hosted.session.record.actions[-1]["kind"] == "pass")
        assert hosted.session.record.actions[-1] == {"kind": "pass", "seat": 1 - mover}
        assert hosted.session.to_act == (1 - mover,)
        await until(other_pilot, lambda: "your turn" in text_of(other, "#pp-prompt"))
        await until(pilot, lambda: "'s turn: one action" in text_of(game, "#pp-prompt"))


async def test_a_pocketparks_seat_away_is_marked_away_at_80_columns_and_its_turn_waits(
    tmp_path: Path,
) -> None:
    """At 80x24 there is no players panel: the table's row marks the seat away, and the
    prompt says the game waits for it; both go once it is back."""
    setup = Setup(players=("Ann", "Bo"), options={})
    async with hosting(tmp_path, "pocketparks", setup, 3) as (_, hosted, url):
        mover = hosted.session.to_act[0]
        name = setup.players[mover]
        code = hosted.codes[1 - mover]
        async with seat_app(tmp_path / "watcher", url, code, (80, 24)) as (app, pilot):
            screen = game_screen(app)
            async with seat_app(tmp_path / "mover", url, hosted.codes[mover]):
                await until(pilot, lambda: not screen.session.away)
                assert "(away)" not in text_of(screen, "#pp-table")
            await until(pilot, lambda: f"{mover + 1} {name} (away)" in text_of(screen, "#pp-table"))
            assert f"{name} is away: the game waits." in text_of(screen, "#pp-prompt")
            assert f"{name} (away)" in rendered(app)
            async with seat_app(tmp_path / "back", url, hosted.codes[mover]):
                await until(pilot, lambda: "(away)" not in text_of(screen, "#pp-table"))
                assert "away" not in text_of(screen, "#pp-prompt")


async def test_a_wrong_code_says_why_on_the_joining_screen(tmp_path: Path) -> None:
    """PROTO-CODE at the game screen's join: no game screen, the host's refusal in words."""
    setup = Setup(players=("Ann", "Bo"), options={})
    async with hosting(tmp_path, "spacepark", setup, 1) as (_, _hosted, url):
        store = Store(tmp_path / "tabletop.db")
        app = JoinApp(store, url, "not-a-code-of-this-host-at-all")
        async with app.run_test(size=SIZE) as pilot:
            joining = app.joining
            await until(pilot, lambda: any("Not joined" in line for line in joining.lines))
            said = str(joining.query_one("#joining", Static).render())
            assert "not a join code of this host" in said and "PROTO-CODE" in said
            assert app.table is None and app.screen is joining
        store.close()


# -- hints: from the asking seat's view, as the host sent it -------------------------------


@pytest.mark.parametrize("game", ["spacepark", "pocketparks"])
async def test_h_at_a_joined_seat_hints_from_that_seat_s_own_view(
    tmp_path: Path, game: str
) -> None:
    """The hint key at a hosted seat's screen: the hard bot's move for that seat, the same
    one the engine's hint gives for the seat at the host (it is worked out from the seat's
    view and legal actions, all the seat is sent); none at the screen of a seat not to
    act. The host's other hand is never involved: the hint tests deal it again and again."""
    setup = Setup(players=("Ann", "Bo"), options={"first_player": 0})
    async with (
        hosting(tmp_path, game, setup, 3) as (_, hosted, url),
        seat_app(tmp_path / "ann", url, hosted.codes[0]) as (ann, ann_pilot),
        seat_app(tmp_path / "bo", url, hosted.codes[1]) as (bo, _),
    ):
        assert hosted.session.to_act == (0,)
        screen = game_screen(ann)
        assert screen.check_action("hint", ()) is True
        assert game_screen(bo).check_action("hint", ()) is False  # not Bo's turn
        expected = hint(hosted.session.engine, hosted.session.state, 0)
        assert expected is not None
        await ann_pilot.press("h")
        await until(ann_pilot, lambda: text_of(screen, "#status") == f"Hint: {expected.why}")
        screen.act(expected.action)  # the move (or its first step) suggested
        await until(ann_pilot, lambda: screen.session.moves == hosted.session.moves == 1)
        await until(ann_pilot, lambda: "Hint:" not in text_of(screen, "#status"))


async def test_a_joined_seat_leaves_rather_than_going_home(tmp_path: Path) -> None:
    """Escape and the result at a joined seat end its app: the keys say Leave, and the
    result offers no History (the game is in the host's)."""
    setup = Setup(players=("Ann", "Bo"), options={})
    async with (
        hosting(tmp_path, "pocketparks", setup, 3) as (_, hosted, url),
        seat_app(tmp_path / "ann", url, hosted.codes[0]) as (ann, _),
    ):
        screen = game_screen(ann)
        assert screen.back_label == "Leave"
        leaving = [b for bs in screen._bindings.key_to_bindings.values() for b in bs]
        assert {b.description for b in leaving if b.action == "leave"} == {"Leave"}
        assert ResultScreen(screen.controller).check_action("close", (True,)) is False
        assert ResultScreen(screen.controller).check_action("close", (False,)) is True


async def test_escape_at_a_joined_seat_asks_before_leaving(tmp_path: Path) -> None:
    """Issue 28: two presses of Escape (one to back out of a step, one more) dropped the
    player from the game. Escape asks; n stays at the table, y leaves it."""
    setup = Setup(players=("Ann", "Bo"), options={})
    async with (
        hosting(tmp_path, "spacepark", setup, 3) as (_, hosted, url),
        seat_app(tmp_path / "ann", url, hosted.codes[0]) as (ann, pilot),
    ):
        screen = game_screen(ann)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(ann.screen, Confirm))
        await pilot.press("n")
        await until(pilot, lambda: ann.screen is screen)
        assert 0 in hosted.links and ann.is_running
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(ann.screen, Confirm))
        await pilot.press("y")
        async with asyncio.timeout(20):
            while ann.is_running:
                await asyncio.sleep(0.01)
