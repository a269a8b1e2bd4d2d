"""Pocket Dragon's screens, driven by keys through Pilot with a FakeClock (no sleeping:
the tests move the clock and call the screen's ``tick``, as its timer would)."""

from __future__ import annotations

from typing import Any

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import Button, Static

from tabletop.core.clock import FakeClock
from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games.pocketdragon.content import GRID_COLUMNS, cards
from tabletop.games.pocketdragon.engine import ENGINE
from tabletop.games.pocketdragon.model import PocketDragonState, Table
from tabletop.games.pocketdragon.rules import face_down, needed_skills
from tabletop.tui.app import TabletopApp
from tabletop.tui.dialogs import Choose
from tabletop.tui.games.pocketdragon import pocket_dragon_screen
from tabletop.tui.games.pocketdragon.companion import CompanionScreen
from tabletop.tui.games.pocketdragon.screen import (
    DragonResult,
    Handover,
    PocketDragonScreen,
)
from tabletop.tui.games.pocketdragon.table import (
    ClueOverlay,
    ContentOverlay,
    LookOverlay,
    SuggestOverlay,
    TableScreen,
)
from tabletop.tui.games.pocketdragon.timer import DragonTimer
from tabletop.tui.screens.rules import RulesScreen
from tabletop.tui.widgets.scoreboard import Scoreboard

SIZE = (120, 36)


def start(store: Store, mode: str, seed: int = 2024, difficulty: str = "easy") -> GameSession:
    seats = (SeatInfo("Ann"), SeatInfo("Bo"))
    options = {"mode": mode, "difficulty": difficulty}
    return GameSession.start(store, ENGINE, seats, options, seed)


async def open_screen(
    app: TabletopApp, pilot: Pilot[Any], session: GameSession, clock: FakeClock
) -> PocketDragonScreen:
    screen = pocket_dragon_screen(session)(session, app.settings, clock=clock)
    app.push_screen(screen)
    await pilot.pause()
    return screen


def state(session: GameSession) -> PocketDragonState:
    assert isinstance(session.state, PocketDragonState)
    return session.state


def table(session: GameSession) -> Table:
    tbl = state(session).table
    assert tbl is not None
    return tbl


def rendered(app: TabletopApp) -> str:
    """Every line of text the terminal shows now."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def timer_text(screen: PocketDragonScreen) -> str:
    return screen.query_one(DragonTimer).text


def kinds(session: GameSession) -> list[str]:
    return [a["kind"] for a in session.record.actions]


def refusals(app: TabletopApp) -> list[str]:
    return [n.title or "" for n in app._notifications if (n.title or "").startswith("Not allowed")]


async def tick(pilot: Pilot[Any], screen: PocketDragonScreen, clock: FakeClock, s: float) -> None:
    clock.advance(s)
    screen.tick()
    await pilot.pause()


# -- Table mode -----------------------------------------------------------------------


def owner(session: GameSession) -> int:
    tbl = table(session)
    return tbl.play.seat if tbl.play else tbl.turn


def assert_private(app: TabletopApp, screen: TableScreen, session: GameSession) -> None:
    """The player whose turn it is sees none of their own Activities: not on the terminal,
    not in the hands panel; while it is their view, the partner's Activities are shown."""
    active = owner(session)
    tbl = table(session)
    own = [cards().activities[h.activity].name for h in tbl.hands[active]]
    theirs = [cards().activities[h.activity].name for h in tbl.hands[1 - active]]
    hands = str(screen.query_one("#pd-hands", Static).render())
    text = rendered(app)
    for name in own:
        assert name not in text and name not in hands, f"{name} shown to its holder"
    if app.screen is screen and screen.viewer == active:
        assert all(name in hands for name in theirs)
        # The holder's own rows: card backs, and no Skill but what clues told.
        lines = hands.splitlines()
        start = lines.index(f"{session.seats[active].name}'s hand (yours: hidden)")
        glyphs = {s.glyph for s in cards().skills} | {s.name for s in cards().skills}
        for line, card in zip(lines[start + 1 :], tbl.hands[active], strict=False):
            assert "▒" in line
            if not card.known and not card.ruled_out:
                assert not any(g in line for g in glyphs), line


async def move_to(pilot: Pilot[Any], screen: TableScreen, place: int) -> None:
    row, col = divmod(place, GRID_COLUMNS)
    here_row, here_col = divmod(screen.cursor, GRID_COLUMNS)
    keys = ["down" if row > here_row else "up"] * abs(row - here_row)
    keys += ["right" if col > here_col else "left"] * abs(col - here_col)
    await pilot.press(*keys)
    assert screen.cursor == place


async def test_a_seeded_easy_table_game_is_won_by_keys_and_nobody_sees_their_own_hand(
    store: Store,
) -> None:
    """PD-WIN-1, PD-TALK-2 on screen: each player in turn plays their first Activity and
    flips its Skills (the test looks under the cards); every step is checked for privacy."""
    session = start(store, "table")
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, session, clock)
        assert isinstance(screen, TableScreen)
        assert isinstance(app.screen, Handover) and screen.viewer is None
        assert_private(app, screen, session)
        await pilot.press("enter")
        assert screen.viewer == 0
        assert_private(app, screen, session)
        await pilot.press("space")
        assert kinds(session) == ["start"]
        handovers = 0
        while session.outcome is None:
            tbl = table(session)
            if tbl.play is None:
                await pilot.press("1", "p")
                assert kinds(session)[-1] == "play"
            else:
                skill = needed_skills(tbl, tbl.play)[0]
                place = next(
                    p for p in face_down(tbl) if cards().collection[tbl.grid[p] or 0].skill == skill
                )
                await move_to(pilot, screen, place)
                await pilot.press("f")
                assert kinds(session)[-1] == "flip"
            await tick(pilot, screen, clock, 2.0)
            assert_private(app, screen, session)
            if session.outcome is None and isinstance(app.screen, Handover):
                handovers += 1
                await pilot.press("enter")
                await pilot.pause()
                assert screen.viewer == owner(session)
                assert_private(app, screen, session)
        await pilot.pause()
        assert handovers == 2  # Ann, Bo, Ann: three Activities, two hand-overs
        assert isinstance(app.screen, DragonResult)
        outcome = session.outcome
        assert outcome is not None and outcome.winners == (0, 1)
        elapsed = session.record.actions[-1]["now"]
        expected = 1 + 4 + (300 - int(elapsed)) // 10
        assert outcome.scores == (expected, expected)
        assert f"Score {expected} = base 1 (Easy) + Happiness 4" in rendered(app)
        assert store.finished()[0].scores == (expected, expected)
        # over: no turn is anyone's, and the status line says no move to make
        assert screen.sub_title == "Ann's view"
        assert not str(screen.query_one("#status", Static).render())


async def test_table_private_moments_are_behind_curtains_and_the_clocks_run(
    store: Store,
) -> None:
    """PD-PEEK-2, PD-CLUE-3, PD-CLUE-4: a look, a general clue answered by the app, a
    specific clue answered by the partner, a look at the partner's hand."""
    session = start(store, "table")
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, session, clock)
        assert isinstance(screen, TableScreen)
        await pilot.press("enter", "space")

        await pilot.click("#pd-grid", offset=(3 + 7 * 2 + 2, 3))  # the mouse points too
        assert screen.cursor == 2 * GRID_COLUMNS + 2
        await move_to(pilot, screen, 0)

        # Ann looks at A1 and A2: a curtain first, then only the two cards, until closed.
        await pilot.press("l", "right", "l")
        await pilot.pause()
        look = app.screen
        assert isinstance(look, ContentOverlay) and look.stage == "curtain"
        seen = [cards().collection[table(session).grid[p] or 0] for p in (0, 1)]
        skill_names = {s.id: s.name for s in cards().skills}
        assert skill_names[seen[0].skill] not in look.text
        await tick(pilot, screen, clock, 5.0)  # the clocks run behind the curtain
        assert "Time left 295 s" in look.timer.text
        await pilot.press("enter")
        assert "Only Ann sees these" in look.text
        assert all(skill_names[card.skill] in look.text for card in seen)
        await pilot.press("enter")  # closes the look: Bo's turn, behind a hand-over
        await pilot.pause()
        assert kinds(session)[-2:] == ["peek", "end_peek"]
        assert isinstance(app.screen, Handover)
        await pilot.press("enter")
        assert screen.viewer == 1

        # Bo asks which of his cards need Wit: the app marks them on his backs.
        await pilot.press("g")
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        assert session.record.actions[-1]["skill"] == "wit"
        bo_cards = [cards().activities[h.activity] for h in table(session).hands[1]]
        marks = ["wit" in a.skills for a in bo_cards]
        assert [("wit" in h.known) for h in table(session).hands[1]] == marks
        await pilot.press("enter")  # Ann's turn
        assert screen.viewer == 0

        # Ann asks about her card 2: Bo sees it behind a curtain and names an icon.
        await pilot.press("2", "k")
        await pilot.pause()
        clue = app.screen
        assert isinstance(clue, ClueOverlay) and clue.stage == "curtain"
        asked = cards().activities[table(session).hands[0][1].activity]
        assert asked.name not in rendered(app)
        await pilot.press("enter")
        assert asked.name in clue.text
        letter = cards().skill(asked.skills[-1]).letter.lower()
        await pilot.press(letter)
        await pilot.pause()
        assert kinds(session)[-2:] == ["specific_clue", "answer_clue"]
        assert asked.skills[-1] in table(session).hands[0][1].known
        assert screen.viewer == 1 and screen.is_current  # Bo's turn: he has the keyboard

        # Ann looks at Bo's hand without spending a turn; the keyboard comes back to Bo.
        moves = session.moves
        await pilot.press("h")
        await pilot.pause()
        peek = app.screen
        assert isinstance(peek, ContentOverlay) and "Pass to Ann" in peek.text
        await pilot.press("enter")
        bo_names = [cards().activities[h.activity].name for h in table(session).hands[1]]
        assert all(name in peek.text for name in bo_names)
        await pilot.press("enter")
        assert "Pass back to Bo" in peek.text
        await pilot.press("enter")
        await pilot.pause()
        assert screen.is_current and session.moves == moves
        assert_private(app, screen, session)


async def test_the_kept_clue_question_shows_only_the_card_asked_now(store: Store) -> None:
    """PD-CLUE-4: the screen keeps one clue question and asks each clue in it: the next
    answerer first sees the curtain, then only the card asked now, and the letters of the
    last card's icons name nothing. (The answerer's turn follows, at the keyboard.)"""
    session = start(store, "table")
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, session, clock)
        await pilot.press("enter", "space")
        letters: dict[str, str] = {}  # the last card's icons, by letter
        first: ClueOverlay | None = None
        last = ""  # the last card's name
        for asker, card in ((0, 1), (1, 0)):  # Ann about her card 2, then Bo his card 1
            assert screen.viewer == asker
            if letters:
                await tick(pilot, screen, clock, 30.0)  # clues come into the pool (2 a clue)
            await pilot.press(str(card + 1), "k")
            await pilot.pause()
            clue = app.screen
            assert isinstance(clue, ClueOverlay) and clue.stage == "curtain"
            asked = cards().activities[table(session).hands[asker][card].activity]
            assert asked.name not in rendered(app)
            if letters:  # the question kept from Ann's clue, renewed
                assert clue is first and last not in rendered(app)
            await pilot.press("enter")
            assert asked.name in clue.text
            stale = set(letters) - {cards().skill(sk).letter.lower() for sk in asked.skills}
            for letter in sorted(stale):  # the last card's icons: not this one's
                await pilot.press(letter)
                assert app.screen is clue and clue.stage == "open"
            letters = {cards().skill(sk).letter.lower(): sk for sk in asked.skills}
            first, last = clue, asked.name
            await pilot.press(next(iter(letters)))
            await pilot.pause()
            assert kinds(session)[-2:] == ["specific_clue", "answer_clue"]


# -- Companion mode -------------------------------------------------------------------


async def test_companion_game_is_lost_by_hunger_with_warnings_and_bells(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PD-LOSE-2, PD-FEED-1: warnings at 30, 20, 10 by colour and word, one bell each."""
    session = start(store, "companion")
    app = TabletopApp(store)
    clock = FakeClock()
    bells: list[float] = []
    async with app.run_test(size=SIZE) as pilot:
        monkeypatch.setattr(app, "bell", lambda: bells.append(clock.now()))
        screen = await open_screen(app, pilot, session, clock)
        assert isinstance(screen, CompanionScreen)
        assert app.screen is screen  # nothing private in companion mode: no curtain
        await pilot.press("space")
        await tick(pilot, screen, clock, 89.5)
        assert "Hunger     31 s" in timer_text(screen) and "FEED" not in timer_text(screen)
        assert bells == []
        await tick(pilot, screen, clock, 0.5)
        assert "Hunger     30 s  ⚠ FEED ME" in timer_text(screen)
        await tick(pilot, screen, clock, 0.25)
        assert len(bells) == 1  # once per warning, not once per redraw
        await pilot.press("space")  # a pause keeps the warning and does not ring again
        await tick(pilot, screen, clock, 5.0)
        assert "⚠ FEED ME" in timer_text(screen) and "Paused" in timer_text(screen)
        await pilot.press("space")
        await tick(pilot, screen, clock, 0.25)
        assert len(bells) == 1
        await tick(pilot, screen, clock, 12.0)  # several redraws' worth at once
        assert "⚠⚠ FEED NOW" in timer_text(screen) and len(bells) == 2
        label = screen.query_one("#pd-hunger-label", Static)
        await pilot.resize_terminal(80, 24)  # the word stays on the label's one line
        await pilot.pause()
        assert str(label.render()) == "Feeder ⚠⚠ FEED NOW" and label.size.height == 1
        await pilot.resize_terminal(*SIZE)
        await tick(pilot, screen, clock, 10.0)
        assert "⚠⚠⚠ STARVING" in timer_text(screen) and len(bells) == 3
        assert "STARVING" in rendered(app)
        await tick(pilot, screen, clock, 8.0)  # 120.25 s of running time
        await pilot.pause()
        assert isinstance(app.screen, DragonResult)
        assert "not fed in time" in rendered(app) and "Score 0" in rendered(app)
        outcome = session.outcome
        assert outcome is not None and outcome.winners == () and outcome.scores == (0, 0)
        assert store.finished()[0].summary == outcome.summary
        assert store.unfinished() == []


async def test_feed_is_refused_outside_its_window_and_taken_inside(store: Store) -> None:
    """PD-FEED-1, PD-FEED-2, PD-FEED-3 in companion mode."""
    session = start(store, "companion")
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, session, clock)
        await pilot.press("space")
        await tick(pilot, screen, clock, 60.0)
        feed = screen.query_one("#timer-feed", Button)
        assert screen.check_action("feed", ()) is None and not feed.display  # greyed, hidden
        await pilot.press("f")  # explained, not done
        await pilot.pause()
        assert refusals(app) == ["Not allowed (PD-FEED-1)"]
        assert kinds(session) == ["start"]

        await tick(pilot, screen, clock, 35.0)  # hunger shows 25
        assert screen.check_action("feed", ()) is True and feed.display
        await pilot.press("f")
        await pilot.pause()
        await pilot.press("3")  # three cards of one type
        await pilot.pause()
        assert session.record.actions[-1] == {
            "seat": 0,
            "now": 95.0,
            "kind": "log_feed",
            "discarded": 3,
        }
        assert "Hunger     95 s" in timer_text(screen)  # 120 - 25
        assert "Happiness   6" in timer_text(screen)  # 4 + (3 - 1)
        assert screen.check_action("feed", ()) is None and not feed.display


async def test_companion_buttons_track_clues_successes_and_happiness(store: Store) -> None:
    """PD-APP-1, PD-APP-2, PD-CLUE-2, PD-TIME-6 (Reset), PD-SCORE-1 with Happiness."""
    session = start(store, "companion", seed=7)
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, session, clock)
        await pilot.press("g")  # before Start: explained
        await pilot.pause()
        assert refusals(app) == ["Not allowed (PD-TIME-5)"]
        await pilot.press("space", "g")
        await pilot.click("#timer-specific")  # the panel's buttons do what the keys do
        assert kinds(session) == ["start", "log_general_clue", "log_specific_clue"]
        assert "Clues       0" in timer_text(screen)
        assert screen.check_action("general", ()) is None
        await pilot.press("m", "t")
        assert "Happiness   2" in timer_text(screen)
        await pilot.press("r", "y")
        await pilot.pause()
        assert kinds(session)[-1] == "reset" and "Happiness   4" in timer_text(screen)
        await pilot.press("space")
        await tick(pilot, screen, clock, 31.0)
        await pilot.press("space")  # pause: the clocks stop
        await tick(pilot, screen, clock, 100.0)
        assert "Time left 269 s" in timer_text(screen)
        await pilot.press("space", "m", "l", "l")
        await tick(pilot, screen, clock, 4.5)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, DragonResult)
        # base 1 + Happiness 3 + 26 full 10 s (264.5 s left shows 265)
        assert "Score 30 = base 1 (Easy) + Happiness 3 + 26 for full 10 s left" in rendered(app)


@pytest.mark.parametrize("mode", ["companion", "table"])
async def test_a_clue_coming_in_reaches_the_log_at_the_tick(store: Store, mode: str) -> None:
    """PD-CLUE-1: the clue the clocks bring is in the log on screen as the pool grows,
    not only with the next move."""
    session = start(store, mode)
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, session, clock)
        if mode == "table":
            await pilot.press("enter")  # the first player's curtain
        await pilot.press("space")
        for _ in range(21):  # the first clue comes 15 to 20 s in
            await tick(pilot, screen, clock, 1.0)
        assert "Clues       4" in timer_text(screen)
        assert "A clue comes in: 4 clues in" in rendered(app)  # the log wraps the rest


def burst(app: TabletopApp, *keys: str) -> None:
    """Keys as a fast typist sends them: all in the app's queue before the first is
    handled (Pilot's press waits for each key to be handled before the next)."""
    for key in keys:
        character = " " if key == "space" else key if len(key) == 1 else None
        app.post_message(events.Key(key, character))


@pytest.mark.parametrize("mode", ["companion", "table"])
async def test_keys_pressed_in_a_burst_right_after_space_are_all_taken(
    store: Store, mode: str
) -> None:
    """Space starts the clocks (PD-TIME-5: nothing before), and the keys typed at once
    after it are taken in their order: none is refused as though the clocks had not
    started yet. A key greyed at its turn is still explained, in its place."""
    session = start(store, mode)
    app = TabletopApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_screen(app, pilot, session, FakeClock())
        if mode == "companion":
            burst(app, "space", "g", "g", "l", "m", "s")
            expected = ["start", "log_general_clue", "log_general_clue", "log_success"]
            expected.append("log_mistake")
        else:
            # Enter lifts the curtain; g asks which Skill, answered by its letter at once
            skill = cards().skills[0]
            burst(app, "enter", "space", "right", "down", "2", "g", skill.letter.lower())
            expected = ["start", "general_clue"]
        for _ in range(5):
            await pilot.pause()
        assert kinds(session) == expected
        if mode == "companion":
            # the specific clue, after two general ones, costs more than the pool holds
            assert refusals(app) == ["Not allowed (PD-CLUE-2)"]
        else:
            assert isinstance(screen, TableScreen)
            assert session.record.actions[-1]["skill"] == skill.id
            assert (screen.cursor, screen.selected) == (GRID_COLUMNS + 1, 1)
            assert refusals(app) == []


def second_enters(app: TabletopApp) -> int:
    """How often the player was told a second Enter on a lifting curtain did nothing."""
    return sum(1 for n in app._notifications if n.title == "That second Enter did nothing")


async def settle(pilot: Pilot[Any]) -> None:
    for _ in range(5):
        await pilot.pause()


async def test_a_second_enter_on_pocket_dragons_curtains_is_told_and_takes_nothing(
    store: Store,
) -> None:
    """PD-PEEK-2, PD-CLUE-4, PD-TURN-2: Enter typed twice at once on any of Pocket Dragon's
    curtains (the hand-over, a look's, the hand-back after a look at a hand) lifts it
    once, as every curtain does: the second Enter neither ends the look it opened onto
    nor reaches the board, and the player is told so. The keys typed after it in the
    same burst are taken, in order, by what the curtain lifted onto."""
    session = start(store, "table")
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, session, FakeClock())
        assert isinstance(app.screen, Handover) and isinstance(screen, TableScreen)
        burst(app, "enter", "enter", "space")  # Ann takes the keyboard, starts the clocks
        await settle(pilot)
        assert app.screen is screen and screen.viewer == 0
        assert kinds(session) == ["start"] and second_enters(app) == 1

        await pilot.press("l", "right", "l")  # Ann looks at A1 and A2: a curtain first
        await pilot.pause()
        look = app.screen
        assert isinstance(look, LookOverlay) and look.stage == "curtain"
        burst(app, "enter", "enter")
        await settle(pilot)
        assert app.screen is look and look.stage == "open" and "Only Ann sees these" in look.text
        assert kinds(session)[-1] == "peek" and second_enters(app) == 2
        await pilot.press("enter")  # now the look ends, and Ann's turn
        await pilot.pause()
        assert kinds(session)[-1] == "end_peek" and isinstance(app.screen, Handover)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.viewer == 1

        await pilot.press("h", "enter", "enter")  # Ann looks at Bo's hand, then hands back
        await pilot.pause()
        hand = app.screen
        assert isinstance(hand, ContentOverlay) and "Pass back to Bo" in hand.text
        burst(app, "enter", "enter", "c")  # Bo takes the keyboard back and collects A1
        await settle(pilot)
        assert second_enters(app) == 3 and kinds(session)[-1] == "collect_food"
        assert table(session).food[1] and isinstance(app.screen, Handover)

        burst(app, "enter", "k")  # Ann asks about her card 1: Bo names one of its icons
        await settle(pilot)
        clue = app.screen
        assert isinstance(clue, ClueOverlay) and clue.stage == "curtain"
        asked = cards().activities[table(session).hands[0][0].activity]
        burst(app, "enter", cards().skill(asked.skills[0]).letter.lower())
        await settle(pilot)
        assert kinds(session)[-2:] == ["specific_clue", "answer_clue"]
        assert table(session).hands[0][0].known == [asked.skills[0]]
        assert second_enters(app) == 3 and refusals(app) == []


# -- saving and resuming --------------------------------------------------------------


async def test_leaving_pauses_and_a_resumed_game_continues_from_its_clock(store: Store) -> None:
    session = start(store, "companion")
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, session, clock)
        await pilot.press("space")
        await tick(pilot, screen, clock, 40.0)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not screen
    assert store.load_record(session.game_id).actions[-1] == {
        "seat": 0,
        "now": 40.0,
        "kind": "pause",
    }
    resumed = GameSession.resume(store, session.game_id, ENGINE)
    app = TabletopApp(store)
    clock = FakeClock(1000.0)  # a new run of the app: its clock reads anything
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, resumed, clock)
        assert "Time left 260 s" in timer_text(screen) and "Paused" in timer_text(screen)
        await pilot.press("space")
        await tick(pilot, screen, clock, 10.0)
        assert "Time left 250 s" in timer_text(screen)
        assert resumed.record.actions[-1]["now"] == 40.0  # resumed at the game's own time


async def test_a_game_left_running_by_a_closed_terminal_resumes_paused(store: Store) -> None:
    """No pause was recorded (the terminal closed, or tabletop was killed): the game goes
    on paused at the clocks' reading saved last while they ran (43.25 s), not at its last
    action (30 s); the pause recorded there puts that reading in the record. PD-TIME-7:
    its log line says the game was closed running, not that a player paused."""
    session = start(store, "companion")
    session.act(ENGINE.parse_action({"kind": "start", "seat": 0, "now": 0.0}))
    session.act(ENGINE.parse_action({"kind": "log_general_clue", "seat": 1, "now": 30.0}))
    for redraw in range(121, 174):  # the screen's redraws, 4 a second, to 43.25 s
        session.advance(redraw / 4)
    resumed = GameSession.resume(store, session.game_id, ENGINE)
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, resumed, clock)
        assert resumed.record.actions[-1] == {
            "seat": 0,
            "now": 43.25,
            "kind": "pause",
            "cause": "reopened",
        }
        said = "The game was closed while the clocks ran: they stopped with 257 s left."
        assert resumed.log(None)[-1] == said
        await tick(pilot, screen, clock, 50.0)
        assert "Time left 257 s" in timer_text(screen) and "Paused" in timer_text(screen)


async def test_the_clocks_run_behind_a_handover_and_can_be_paused_there(store: Store) -> None:
    """PD-TIME-4, PD-LOSE-2: the hand-over curtain shows the clocks and takes space; a
    loss behind it takes the curtain down and shows the result."""
    session = start(store, "table")
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, session, clock)
        await pilot.press("enter", "space", "l", "right", "l", "enter", "enter")
        await pilot.pause()
        handover = app.screen
        assert isinstance(handover, Handover) and "Pass to Bo" in handover.text
        await tick(pilot, screen, clock, 60.0)
        assert "Time left 240 s" in handover.timer.text
        await pilot.press("space")
        assert kinds(session)[-1] == "pause"
        await tick(pilot, screen, clock, 100.0)
        assert "Time left 240 s" in handover.timer.text and "Paused" in handover.timer.text
        await pilot.press("space")
        await tick(pilot, screen, clock, 59.0)
        assert "STARVING" in handover.timer.text
        await tick(pilot, screen, clock, 1.0)
        await pilot.pause()
        assert isinstance(app.screen, DragonResult)
        assert [type(s) for s in app.screen_stack[1:]] == [TableScreen, DragonResult]
        assert "not fed in time" in rendered(app)
        await pilot.press("enter")
        await pilot.pause()
        assert len(app.screen_stack) == 1  # home


async def test_quitting_the_app_pauses_the_game(store: Store) -> None:
    session = start(store, "companion")
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, session, clock)
        await pilot.press("space")
        await tick(pilot, screen, clock, 12.5)
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert store.load_record(session.game_id).actions[-1] == {
        "seat": 0,
        "now": 12.5,
        "kind": "pause",
    }


async def test_table_feed_is_refused_outside_its_window_and_taken_inside(store: Store) -> None:
    """PD-FOOD-1, PD-FEED-1, PD-FEED-3 in table mode: collect, then feed from one's own food."""
    session = start(store, "table")
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, session, clock)
        assert isinstance(screen, TableScreen)
        await pilot.press("enter", "space", "c")  # Ann collects A1
        collected = cards().collection[table(session).food[0][0]]
        await pilot.press("enter", "right", "c", "enter")  # Bo collects A2, back to Ann
        assert kinds(session) == ["start", "collect_food", "collect_food"]
        assert "Ann's food: " + cards().skill(collected.skill).glyph in rendered(app)
        await tick(pilot, screen, clock, 10.0)
        assert screen.check_action("feed", ()) is None
        await pilot.press("e")
        await pilot.pause()
        assert refusals(app) == ["Not allowed (PD-FEED-1)"]
        await tick(pilot, screen, clock, 85.0)  # hunger shows 25
        assert screen.check_action("feed", ()) is True
        await pilot.press("e")  # one kind of food: fed at once, nothing to choose
        await pilot.pause()
        assert session.record.actions[-1] == {
            "seat": 0,
            "now": 95.0,
            "kind": "feed",
            "food": collected.food,
        }
        assert table(session).food[0] == [] and len(table(session).discard) == 1
        assert "Hunger     95 s" in timer_text(screen) and "Happiness   4" in timer_text(screen)
        assert isinstance(app.screen, Handover)  # feeding was Ann's turn: over to Bo


async def test_leaving_after_a_timer_ran_out_files_the_loss(store: Store) -> None:
    """The clock ran past the hunger limit since the last redraw: no pause, a loss."""
    session = start(store, "companion")
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        await open_screen(app, pilot, session, clock)
        await pilot.press("space")
        clock.advance(130.0)  # no tick: the screen has not redrawn since
        await pilot.press("escape")
        await pilot.pause()
    assert kinds(session) == ["start"]
    assert store.unfinished() == [] and "not fed in time" in store.finished()[0].summary


async def test_the_partner_suggests_on_a_screen_without_hands(store: Store) -> None:
    """PD-PLAY-4: one Skill short, the partner suggests; a wrong card is a mistake."""
    session = start(store, "table")
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, session, clock)
        assert isinstance(screen, TableScreen)
        await pilot.press("enter", "space", "1", "p")
        tbl = table(session)
        assert tbl.play is not None
        skill_of = {p: cards().collection[tbl.grid[p] or 0].skill for p in face_down(tbl)}
        while len(needed_skills(tbl, tbl.play)) > 1:
            needed = needed_skills(tbl, tbl.play)[0]
            await move_to(pilot, screen, next(p for p in face_down(tbl) if skill_of[p] == needed))
            await pilot.press("f")
            tbl = table(session)
            assert tbl.play is not None
        assert tbl.play is not None
        [last] = needed_skills(tbl, tbl.play)
        wrong = next(p for p in face_down(tbl) if skill_of[p] not in tbl_skills(tbl))
        right = next(p for p in face_down(tbl) if skill_of[p] == last)

        async def suggest(place: int) -> None:
            await pilot.press("s")
            await pilot.pause()
            overlay = app.screen
            assert isinstance(overlay, SuggestOverlay)
            names = [cards().activities[h.activity].name for h in table(session).hands[1]]
            assert not any(name in rendered(app) for name in names)  # Bo's own cards
            row, col = divmod(place, GRID_COLUMNS)
            here_row, here_col = divmod(overlay.cursor, GRID_COLUMNS)
            keys = ["down" if row > here_row else "up"] * abs(row - here_row)
            keys += ["right" if col > here_col else "left"] * abs(col - here_col)
            await pilot.press(*keys, "enter")
            await pilot.pause()
            assert session.record.actions[-1] == {
                "seat": 1,
                "now": 0.0,
                "kind": "suggest",
                "place": place,
            }

        await suggest(wrong)
        assert state(session).happiness == 3
        assert isinstance(app.screen, Handover) and "Pass to Ann" in app.screen.text
        await pilot.press("enter")
        await suggest(right)
        assert state(session).successes == 1
        assert screen.is_current and screen.viewer == 1  # Bo's turn: he has the keyboard


def tbl_skills(tbl: Table) -> list[str]:
    assert tbl.play is not None
    return list(cards().activities[tbl.play.activity].skills)


# -- feeding at the key press, undo, turns and curtains (issue 14) -----------------------


async def test_companion_feed_is_taken_at_the_key_press_while_the_choice_holds_the_clocks(
    store: Store,
) -> None:
    """PD-FEED-5: Feed pressed with 1.5 s of hunger left, the number of cards chosen 3 s
    later: the dragon is fed as of the press (hunger restarts at 118), and the clocks,
    held while the players chose, catch up; cancelled, nothing is fed and they catch up."""
    session = start(store, "companion")
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, session, clock)
        await pilot.press("space")
        await tick(pilot, screen, clock, 118.5)
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, Choose)
        assert "Fed at 2 s of hunger:" in rendered(app)  # the choice is beside the board
        choices = str(app.screen.query_one(".note", Static).render())  # PD-FEED-5 said
        assert "The clocks stand still while you choose: the feed is at the press" in choices
        await tick(pilot, screen, clock, 3.0)  # the dragon would have starved by now
        assert session.outcome is None and "Hunger      2 s" in timer_text(screen)
        await pilot.press("2")
        await pilot.pause()
        assert session.record.actions[-1] == {
            "seat": 0,
            "now": 118.5,
            "kind": "log_feed",
            "discarded": 2,
        }
        await tick(pilot, screen, clock, 0.25)
        assert "Hunger    115 s" in timer_text(screen)  # 118 at the press, 3.25 s later
        assert "Time left 179 s" in timer_text(screen)  # the choice took main time
        await tick(pilot, screen, clock, 89.0)  # 25.75 s of hunger left
        await pilot.press("f")
        await tick(pilot, screen, clock, 5.0)
        await pilot.press("escape")  # cancelled: nothing fed
        await pilot.pause()
        assert kinds(session).count("log_feed") == 1 and screen.is_current
        assert "Hunger     21 s" in timer_text(screen)


async def test_table_feed_choice_is_taken_at_the_key_press(store: Store) -> None:
    """PD-FEED-5, PD-FEED-3 at the table: Ann holds two kinds of food, so she chooses one;
    the feed carries the moment she pressed e, not the moment she chose."""
    session = start(store, "table")
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, session, clock)
        assert isinstance(screen, TableScreen)
        await pilot.press("enter", "space", "c", "enter")  # Ann collects A1; Bo's turn
        first = cards().collection[table(session).food[0][0]].food
        await pilot.press("right", "c", "enter")  # Bo collects A2; Ann's turn
        other = next(
            p
            for p in face_down(table(session))
            if cards().collection[table(session).grid[p] or 0].food != first
        )
        await move_to(pilot, screen, other)
        await pilot.press("c", "enter")  # Ann collects a second kind of food
        second = cards().collection[table(session).food[0][1]].food
        await move_to(pilot, screen, face_down(table(session))[0])
        await pilot.press("c", "enter")  # Bo collects; Ann's turn
        await tick(pilot, screen, clock, 95.0)
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, Choose) and "Fed at 25 s of hunger" in rendered(app)
        await tick(pilot, screen, clock, 3.0)
        await pilot.press(cards().food(second).letter.lower())
        await pilot.pause()
        assert session.record.actions[-1] == {
            "seat": 0,
            "now": 95.0,
            "kind": "feed",
            "food": second,
        }
        assert [cards().collection[c].food for c in table(session).food[0]] == [first]


async def test_companion_undo_takes_back_a_stray_success_or_mistake_and_is_shown_only_then(
    store: Store,
) -> None:
    """PD-APP-4: `l` and `m` are bookkeeping: `u` takes them back (the footer shows Undo
    only then); after a clock button, `u` says why there is no undo."""
    session = start(store, "companion")
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, session, clock)
        await pilot.press("space")
        assert screen.check_action("undo", ()) is False and "u Undo" not in rendered(app)
        await tick(pilot, screen, clock, 2.0)
        await pilot.press("l")
        assert "Successes   2 left" in timer_text(screen) and "u Undo" in rendered(app)
        await tick(pilot, screen, clock, 3.0)
        await pilot.press("u")
        await pilot.pause()
        assert kinds(session) == ["start"] and "Successes   3 left" in timer_text(screen)
        assert "Taken back: A success is logged." in [n.message for n in app._notifications]
        assert "Time left 295 s" in timer_text(screen)  # the clocks ran on meanwhile
        assert "u Undo" not in rendered(app)
        await pilot.press("m", "u")
        await pilot.pause()
        assert kinds(session) == ["start"] and "Happiness   4" in timer_text(screen)
        await pilot.press("space", "u")  # a pause is no bookkeeping
        await pilot.pause()
        assert kinds(session) == ["start", "pause"]
        told = [n.message for n in app._notifications if n.title == "No undo"]
        assert told == ["Pause changes the clocks: it cannot be taken back (PD-APP-4)."]


async def test_table_turns_show_one_player_and_a_curtain_left_by_escape_pauses_for_its_turn(
    store: Store,
) -> None:
    """PD-TURN-1, PD-TURN-2, PD-TIME-4: before the start only Ann, whose turn is first, is
    marked; once Ann collected, Bo's hand-over curtain offers Escape, which leaves the game,
    paused in Bo's name: it is his turn."""
    session = start(store, "table")
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, session, clock)
        await pilot.press("enter")
        players = str(screen.query_one(Scoreboard).render())
        assert "▶ Ann" in players and "▶ Bo" not in players
        await pilot.press("space", "c")
        await pilot.pause()
        assert isinstance(app.screen, Handover) and "esc Leave game" in rendered(app)
        await tick(pilot, screen, clock, 4.0)
        await pilot.press("escape")
        await pilot.pause()
        assert screen not in app.screen_stack
    assert session.record.actions[-1] == {"seat": 1, "now": 4.0, "kind": "pause"}
    assert session.log(None)[-1] == "Bo pauses the game."


async def test_a_look_says_the_same_as_its_footer(store: Store) -> None:
    """PD-PEEK-2: Enter closes the look and ends the turn: the dialog and the footer say so."""
    session = start(store, "table")
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        await open_screen(app, pilot, session, clock)
        await pilot.press("enter", "space", "l", "right", "l")
        await pilot.pause()
        look = app.screen
        assert isinstance(look, LookOverlay) and "⏎ Ready" in rendered(app)
        await pilot.press("enter")
        await pilot.pause()
        assert "Enter ends the look and your turn." in look.text
        assert "⏎ End look and turn" in rendered(app) and "Ready" not in rendered(app)


@pytest.mark.parametrize(
    ("mode", "keys", "shown"),
    [
        ("table", ("enter", "space"), ("p Play", "h Hand")),
        ("companion", ("space", "l"), ("u Undo", "t Tidy up")),
    ],
)
async def test_every_key_of_a_turn_fits_the_footer_at_120_columns(
    store: Store, mode: str, keys: tuple[str, ...], shown: tuple[str, ...]
) -> None:
    """Issue 14: the footer is not cut at 120 columns (in companion mode with Undo on;
    Reset is in the help panel only)."""
    session = start(store, mode)
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_screen(app, pilot, session, clock)
        await pilot.press(*keys)
        await pilot.pause()
        footer = rendered(app).splitlines()[-1]
        assert all(key in footer for key in shown), footer


async def test_the_rules_open_from_pocket_dragons_own_curtains(store: Store) -> None:
    """Issue 14: ? on the hand-over curtain opens the rules at the step being played
    (PD-TURN: the first turn), as on every curtain, with no card of either hand on
    screen; Escape there comes back to the curtain. A clue's curtain offers it too."""
    session = start(store, "table")
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, session, clock)
        assert isinstance(screen, TableScreen)
        await pilot.press("space")  # behind the curtain, Ann's first turn starts
        handover = app.screen
        assert isinstance(handover, Handover) and "? Rules" in rendered(app)
        await pilot.press("question_mark")
        rules = app.screen
        assert isinstance(rules, RulesScreen) and rules.game == "pocketdragon"
        for _ in range(100):  # the page renders and jumps
            if rules.opened_at is not None:
                break
            await pilot.pause()
        assert rules.opened_at == "Turns (table mode)"
        assert_private(app, screen, session)
        await pilot.press("escape")
        assert app.screen is handover and screen.viewer is None
        await pilot.press("enter", "k")
        await pilot.pause()
        assert isinstance(app.screen, ClueOverlay) and "? Rules" in rendered(app)


async def test_the_clocks_draw_on_an_overlay_while_the_app_closes_it(store: Store) -> None:
    """A clock tick can land while the app is removing the overlay on top (quitting with
    a suggestion open): its timer panel still takes the reading, and nothing crashes."""
    session = start(store, "table")
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, session, clock)
        overlay = app.screen
        assert isinstance(overlay, Handover)
        panel = overlay.query_one(DragonTimer)
        await pilot.press("space")
        before = panel.text
        await panel.children[0].remove()  # pruning the screen goes child by child
        clock.advance(3.0)
        screen.tick()
        assert panel.text != before and "Running" in panel.text


async def test_the_rules_pause_a_running_game_while_they_cover_the_board(store: Store) -> None:
    """PD-TIME: the Rules screen covers the board, so a running game pauses while it is
    open, and says so; closed, the clocks run on from where they stopped: 20 s spent
    reading cost the dragon nothing."""
    session = start(store, "companion")
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, session, clock)
        await pilot.press("space")
        await tick(pilot, screen, clock, 10.0)
        hunger = screen.dview(None).clocks.hunger_display
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and screen.status == "paused"
        assert any("Paused while the rules are open" in n.message for n in app._notifications)
        await tick(pilot, screen, clock, 20.0)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.status == "running"
        assert kinds(session)[-2:] == ["pause", "resume"]
        assert screen.dview(None).clocks.hunger_display == hunger


@pytest.mark.rule("PD-CLUE-3")
def test_a_skill_told_twice_shows_once_on_the_hand_card() -> None:
    """PD-CLUE-3: asking the same general clue again (the rules allow it) notes its
    Skill again; the hand card shows each Skill once."""
    from tabletop.core.engine import Setup
    from tabletop.games.pocketdragon.view import HandCardView
    from tabletop.tui.games.pocketdragon.table import Legend, _card_back

    state = ENGINE.new(Setup(players=("Ann", "Bo"), options={"mode": "table"}), 1)
    view = ENGINE.view(state, 0)
    card = HandCardView(activity=None, known=("wit", "wit"), ruled_out=("kindness", "kindness"))
    shown = _card_back(card, Legend(view)).plain
    assert shown.count("W") == 1 and shown.count("K") == 1, shown
