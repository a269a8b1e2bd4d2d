"""The Space Park screen, driven by keys through Textual's Pilot: setup from home,
turns and the hot-seat curtain, off-turn Scout benefits, refused keys, a whole
seeded game to its result (tie-break shown), privacy of hands, solo, resume."""

from __future__ import annotations

import contextlib
import functools
import gc
import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.content import Content
from textual.notifications import Notification
from textual.pilot import Pilot
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget
from textual.widgets import Input, OptionList, Select, Static
from textual.worker import WorkerCancelled

from tabletop.core.engine import Action, Setup
from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games.spacepark.content import badges
from tabletop.games.spacepark.engine import ENGINE
from tabletop.games.spacepark.model import (
    Exchange,
    FastTravel,
    Keep,
    ScoutBenefit,
    SpaceParkState,
    TakeFrom,
    Visit,
)
from tabletop.games.spacepark.view import SpaceParkView
from tabletop.tui.app import TabletopApp
from tabletop.tui.dialogs import Choose
from tabletop.tui.games.spacepark.board import HOVER_GROUND, PICK_GROUND, TYPE_MARKS, Look, Ring
from tabletop.tui.games.spacepark.screen import ASKS, SpaceParkScreen, scout_lines
from tabletop.tui.screens.base import COLLECT_AFTER_S, ResultScreen
from tabletop.tui.screens.cards import CardsScreen
from tabletop.tui.screens.log import LogScreen
from tabletop.tui.widgets.curtain import Curtain
from tabletop.tui.widgets.log import GameLog

SIZE = (120, 36)
NAMES = ("Ann", "Bob", "Cy")


def game_screen(app: TabletopApp) -> SpaceParkScreen:
    [screen] = [s for s in app.screen_stack if isinstance(s, SpaceParkScreen)]
    return screen


def weight(action: Action) -> float:
    """A rough player: earns badges when it can, rarely spends passes."""
    if isinstance(action, FastTravel):
        return 0.3
    if isinstance(action, Visit):
        return {"outpost13": 20.0, "fusion_falls": 4.0, "starlight_station": 2.0}.get(
            action.dest, 1.0
        )
    return 1.0


def pick(legal: list[Action], rng: random.Random) -> Action:
    return rng.choices(legal, [weight(a) for a in legal])[0]


def hoard(legal: list[Action], rng: random.Random) -> Action:
    """A player who draws badges at Starlight Station far more than they earn them:
    hands of five to eight badges."""

    def hoarding(action: Action) -> float:
        if isinstance(action, Visit):
            return {"starlight_station": 30.0, "outpost13": 3.0}.get(action.dest, 1.0)
        return 10.0 if isinstance(action, Keep) else weight(action)

    return rng.choices(legal, [hoarding(a) for a in legal])[0]


def played_by_pick(names: tuple[str, ...], seed: int) -> Iterator[SpaceParkState]:
    """Every state of the game ``seed`` as these tests play it (``pick`` drawing from
    ``random.Random(seed)``), headless: a search for a seed that shows a situation."""
    state = ENGINE.new(Setup(players=names), seed)
    rng = random.Random(seed)
    yield state
    while ENGINE.outcome(state) is None:
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, pick(ENGINE.legal_actions(state, seat), rng)).state
        yield state


@functools.cache
def tied_seed() -> int:
    """The first two-player game with an off-turn Scout benefit on the way and a
    finish tied on XP that the crystals break."""
    for seed in itertools.count():
        states = list(played_by_pick(NAMES[:2], seed))
        off_turn = any(s.pending is not None and s.pending.seat != s.active for s in states)
        outcome = ENGINE.outcome(states[-1])
        if off_turn and outcome is not None and outcome.tie_break and outcome.winners:
            return seed
    raise AssertionError("unreachable")


def keys_for(action: Action, view: SpaceParkView) -> list[str]:
    """The keys a player presses for ``action`` on this screen."""
    ring = [d.id for d in view.ring]
    if isinstance(action, FastTravel):
        return ["t", str(ring.index(action.dest) + 1)]
    if isinstance(action, Visit):
        keys = [str(ring.index(action.dest) + 1)]
        if action.scout_fee is not None:
            keys.append("s" if action.scout_fee == "sun" else "c")
        if action.badge is not None:
            if action.dest == "outpost13":
                keys.append(str([b.id for b in view.hand].index(action.badge) + 1))
            else:
                offer = [b.id for b in view.revealed]
                keys.append("abc"[offer.index(action.badge)] if action.badge in offer else "d")
        if action.scout_to is not None:
            keys.append(str(ring.index(action.scout_to) + 1))
        return keys
    if isinstance(action, ScoutBenefit):
        return ["s" if action.take == "sun" else "p"]
    if isinstance(action, TakeFrom):
        return [str(action.target + 1)]
    if isinstance(action, Keep):
        return ["k"]
    assert isinstance(action, Exchange)
    return ["abc"[[b.id for b in view.revealed].index(action.badge)]]


def tap(game: SpaceParkScreen, key: str) -> None:
    """A key through the screen's own key path (as its bindings run it, or the pop-up
    of a decision on top of it), without waiting for the terminal to redraw: for
    playing long games quickly."""
    top = game.app.screen
    if isinstance(top, Choose):
        [index] = [i for i, c in enumerate(top.choices) if c.key == key]
        top.action_pick(index)
        return
    for kind in game.question():
        keys = ASKS[kind].keys
        if key in keys:
            game.action_choose(kind, keys.index(key))
            return
    raise AssertionError(f"{key} chooses nothing now")


async def play_one(
    pilot: Pilot[None],
    app: TabletopApp,
    rng: random.Random,
    typed: bool = True,
    player: Callable[[list[Action], random.Random], Action] = pick,
) -> Action:
    """Lift the curtain if it is down, then make one move by keys (``typed``: pressed
    through the Pilot, else tapped) that ``player`` chooses; checks the move made is
    the one meant."""
    if isinstance(app.screen, Curtain):
        await pilot.press("enter")
    game = game_screen(app)
    await pilot.pause()  # a decision's pop-up is up
    assert app.screen is game or (isinstance(app.screen, Choose) and game.question())
    seat = game.viewer
    assert seat is not None and seat in game.session.to_act
    view = game.session.view(seat)
    assert isinstance(view, SpaceParkView)
    action = player(game.session.legal_actions(seat), rng)
    before = game.session.moves
    if typed:
        await pilot.press(*keys_for(action, view))
    else:
        for key in keys_for(action, view):
            tap(game, key)
    for _ in range(10):  # a decision's pop-up answers once it is gone
        if game.session.moves > before:
            break
        await pilot.pause()
    made = game.session.record.actions[before:]  # a bot may have moved since
    assert made and made[0] == ENGINE.dump_action(action), f"keys did not make {action}"
    return action


async def resume(pilot: Pilot[None], game_id: int) -> tuple[TabletopApp, SpaceParkScreen]:
    """The saved game ``game_id`` opened in the app the Pilot drives."""
    app = pilot.app
    assert isinstance(app, TabletopApp)
    app.resume(game_id, "spacepark")
    await pilot.pause()
    return app, game_screen(app)


def plain(markup: object) -> str:
    """A border title's text (titles are kept as markup)."""
    return Content.from_markup(str(markup or "")).plain


def log_lines(log: GameLog) -> list[str]:
    """The lines the log shows (whole, however it wraps them)."""
    return log.shown


def screen_text(app: TabletopApp) -> str:
    """Everything drawn: every widget's text and border titles, the logs, the toasts."""
    parts: list[str] = []
    for screen in app.screen_stack:
        for widget in screen.query(Widget):
            parts.append(plain(widget.border_title))
            parts.append(plain(widget.border_subtitle))
            if isinstance(widget, GameLog):
                parts.extend(log_lines(widget))
            elif isinstance(widget, (Static, Ring)):
                parts.append(str(widget.render()))
    parts.extend(n.message for n in app._notifications)
    return "\n".join(parts)


def panel(app: TabletopApp, name: str) -> str:
    return str(game_screen(app).query_one(f"#{name}", Static).render())


def tile_lines(game: SpaceParkScreen, pos: int) -> tuple[str, str, str]:
    """Ring position ``pos``'s tile as drawn: its top edge, its text (the lines inside
    its sides, joined) and its bottom edge."""
    ring = game.query_one(Ring)
    box = ring.box(pos)
    top, *inside, bottom = (
        ring.render_line(y).crop(box.x, box.right).text for y in range(box.y, box.bottom)
    )
    return top, " ".join(" ".join(line[1:-1] for line in inside).split()), bottom


async def click_tile(pilot: Pilot[None], game: SpaceParkScreen, pos: int) -> None:
    ring = game.query_one(Ring)
    await pilot.click(Ring, offset=ring.box(pos).center)


async def start_from_home(
    pilot: Pilot[None], app: TabletopApp, players: int, seed: int, first: int | None = None
) -> None:
    """Home → Space Park → the setup form filled by keys → Start."""
    games = app.screen.query_one("#games", OptionList)
    ids = [games.get_option_at_index(i).id for i in range(games.option_count)]
    games.highlighted = ids.index("spacepark")
    await pilot.press("n")
    setup = app.screen
    setup.query_one("#count", Select).value = players
    await pilot.pause()
    for seat in range(players):
        setup.query_one(f"#seat-{seat}", Input).focus()
        await pilot.press(*NAMES[seat])
    if first is not None:
        setup.query_one("#opt-first_player", Select).value = first
    setup.query_one("#seed", Input).value = str(seed)
    await pilot.press("ctrl+s")
    await pilot.pause()


async def test_setup_turns_curtain_and_refused_keys(store: Store) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        await start_from_home(pilot, app, 2, seed=3)
        # the curtain is down before any hand is drawn
        assert isinstance(app.screen, Curtain) and app.screen.player == "Ann"
        game = game_screen(app)
        assert game.viewer is None and "hidden" in panel(app, "hand")
        await pilot.press("enter")
        assert game.viewer == 0
        session = game.session
        assert session.seats == (SeatInfo("Ann"), SeatInfo("Bob")) and session.record.seed == 3
        state = session.state
        assert isinstance(state, SpaceParkState)
        own = badges()[state.players[0].hand[0]].name
        assert own in panel(app, "hand")
        assert "Ann's hand" in plain(game.query_one("#hand").border_title)
        # the legend is the key to the mark, not a status
        assert plain(game.query_one("#hand").border_subtitle).endswith(" · ✓ = can pay")
        # seven tiles, numbered, with names, icons and the rockets and Scout marked
        view = session.view(0)
        assert isinstance(view, SpaceParkView)
        for pos, dest in enumerate(view.ring):
            top, text, bottom = tile_lines(game, pos)
            assert top.lstrip("╭┏─━ ").startswith(f"{pos + 1} ")
            assert text.startswith(f"{dest.name} {dest.action}")
            assert ("⇑ROCKET" in bottom) == dest.rocket == top.startswith("┏")  # heavy: a rocket
            assert ("☻SCOUT" in bottom) == dest.scout
        # a destination without a rocket is greyed; pressing it names the rule
        empty = next(pos for pos, d in enumerate(view.ring) if not d.rocket)
        assert game.check_action("choose", ("visit", empty)) is None
        await pilot.press(str(empty + 1))
        await pilot.pause()
        assert any(n.title == "Not allowed (SP-TURN-2)" for n in app._notifications)
        # no pass yet: Fast Travel is greyed, and pressing t says so
        assert game.check_action("choose", ("travel", 0)) is None
        await pilot.press("t")
        await pilot.pause()
        assert any(n.title == "Not allowed (SP-FAST-2)" for n in app._notifications)
        assert session.moves == 0
        # a legal visit by its number key; the curtain falls for Bob
        rocket = next(pos for pos, d in enumerate(view.ring) if d.rocket and d.id != "outpost13")
        await pilot.press(str(rocket + 1))
        await pilot.pause()
        assert session.moves == 1
        assert isinstance(app.screen, Curtain) and app.screen.player == "Bob"
        assert game.viewer is None and own not in screen_text(app)
        await pilot.press("enter")
        assert game.viewer == 1 and "Bob: visit" in panel(app, "prompt")
        # a click on a tile visits it, too
        view = session.view(1)
        assert isinstance(view, SpaceParkView)
        rocket = next(pos for pos, d in enumerate(view.ring) if d.rocket and d.id != "outpost13")
        await click_tile(pilot, game, rocket)
        await pilot.pause()
        assert session.moves == 2 and isinstance(app.screen, Curtain)


async def test_a_tinted_tile_is_its_plain_lines_on_that_ground(store: Store) -> None:
    """The ring tints a tile the question may pick, or under the mouse, over its kept
    plain lines rather than drawing it again. In every theme (the ring drawn again
    when it changes), each cell has the text and the ground its text on that ground
    is drawn with, and the colour it has on the ring's own ground."""
    store.save_setting("curtain", False)
    saved = GameSession.start(store, ENGINE, (SeatInfo("Ann"), SeatInfo("Bob")), {}, 3)
    async with TabletopApp(store).run_test(size=SIZE) as pilot:
        app, game = await resume(pilot, saved.game_id)
        ring = game.query_one(Ring)
        view = game.session.view(game.viewer)
        assert isinstance(view, SpaceParkView)
        rocket = ring.box(next(pos for pos, d in enumerate(view.ring) if d.rocket))
        await pilot.hover(Ring, offset=(rocket.x + 2, rocket.y + 2))
        for theme in sorted(app.available_themes):
            app.theme = theme
            await pilot.pause()
            grounds = Counter(look.ground for look in ring._shown)
            assert grounds[HOVER_GROUND] == 1 and grounds[PICK_GROUND] >= 1, theme
            for look in ring._shown:
                box = look.box
                shown = [
                    ring.render_line(y).crop(box.x, box.right) for y in range(box.y, box.bottom)
                ]
                on_ground = cells(ring, ring._drawn[look][0], look)
                on_own = cells(ring, ring._drawn[look._replace(ground="")][0], look)
                assert [cell for line in shown for cell in line_cells(line)] == [
                    (char, ground, colour)
                    for (char, ground, _), (_, _, colour) in zip(on_ground, on_own, strict=True)
                ], (theme, look.position)


Cell = tuple[str, Any, Any]
"""A character as drawn, its ground and its colour."""


def cells(ring: Ring, text: Content, look: Look) -> list[Cell]:
    """``text`` drawn in ``look``'s tile."""
    lines = Visual.to_strips(ring, text, look.box.width, look.box.height, look.style)
    return [cell for line in lines for cell in line_cells(line)]


def line_cells(line: Strip) -> list[Cell]:
    return [
        (char, style and style.bgcolor, style and style.color)
        for text, style, _ in line
        for char in text
    ]


async def test_astral_arcade_asks_where_scout_goes_and_esc_goes_back(store: Store) -> None:
    store.save_setting("curtain", False)
    saved = GameSession.start(store, ENGINE, (SeatInfo("Ann"), SeatInfo("Bob")), {}, 3)
    state = saved.state
    assert isinstance(state, SpaceParkState)
    arcade = state.ring.index("astral_arcade")
    # play on until a rocket stands on Astral Arcade
    rng = random.Random(0)
    while arcade not in saved.state.rockets:
        saved.act(pick(saved.legal_actions(saved.to_act[0]), rng))
    async with TabletopApp(store).run_test(size=SIZE) as pilot:
        app, game = await resume(pilot, saved.game_id)
        session = game.session
        seat = game.viewer
        assert seat is not None
        await pilot.press(str(arcade + 1))
        assert game.question() == ("scout_to",)
        assert "send Scout" in panel(app, "prompt")
        scout = session.state.scout
        assert game.check_action("choose", ("scout_to", scout)) is None  # Scout must move
        await pilot.press(str(scout + 1))
        await pilot.pause()
        assert any(n.title == "Not allowed (SP-DEST-6)" for n in app._notifications)
        await pilot.press("escape")  # back out of the visit, still on the game
        assert app.screen is game and game.question() == ("visit", "travel")
        moves = session.moves
        target = next(p for p in range(7) if p != scout)
        await pilot.press(str(arcade + 1), str(target + 1))
        assert session.moves == moves + 1
        after = session.state
        assert isinstance(after, SpaceParkState)
        assert after.scout == target and after.controller == seat


def burst(app: TabletopApp, *keys: str) -> None:
    """Keys as a fast typist sends them: all in the app's queue before the first is
    handled (Pilot's press waits for each key to be handled before the next)."""
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))


async def test_keys_pressed_in_a_burst_are_each_taken_or_explained_in_order(
    store: Store,
) -> None:
    """Keys typed at once, from the Enter that lifts the curtain on: each key makes its
    part of the move or is explained, in its order and against the position the keys
    before it left (a greyed key is refused with its rule: SP-FAST-2 no pass, SP-TURN-2
    no rocket, SP-DEST-6 Scout must move), across a hand-over to the next player."""
    saved = GameSession.start(store, ENGINE, (SeatInfo("Ann"), SeatInfo("Bob")), {}, 3)
    state = saved.state
    assert isinstance(state, SpaceParkState)
    arcade = state.ring.index("astral_arcade")
    rng = random.Random(0)
    while arcade not in saved.state.rockets or not saved.moves:
        saved.act(pick(saved.legal_actions(saved.to_act[0]), rng))
    state = saved.state
    assert isinstance(state, SpaceParkState)
    [me] = saved.to_act
    assert not state.players[me].stock[3]  # no Fast Travel pass: t is greyed
    empty = next(pos for pos in range(7) if pos not in state.rockets)
    target = next(pos for pos in range(7) if pos != state.scout)
    mine = Visit(seat=me, dest="astral_arcade", scout_to=state.ring[target])
    after = ENGINE.apply(state, mine).state
    assert isinstance(after, SpaceParkState)
    theirs = next(
        a
        for a in ENGINE.legal_actions(after, 1 - me)
        if isinstance(a, Visit) and a.dest not in ("outpost13", after.ring[after.scout])
    )
    their_empty = next(pos for pos in range(7) if pos not in after.rockets)
    app = TabletopApp(store)
    told: list[tuple[int, str]] = []
    async with app.run_test(size=SIZE) as pilot:
        app, game = await resume(pilot, saved.game_id)
        assert isinstance(app.screen, Curtain)
        tell = app.tell

        def spy(message: str, **kwargs: Any) -> Notification:
            told.append((game.session.moves, kwargs.get("title") or message))
            return tell(message, **kwargs)

        app.tell = spy  # type: ignore[method-assign]
        moves = game.session.moves
        keys = ["t", str(empty + 1), str(arcade + 1), str(state.scout + 1), str(target + 1)]
        burst(app, "enter", *keys)
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, Curtain) and app.screen.player == NAMES[1 - me]
        burst(app, "enter", str(their_empty + 1), str(after.ring.index(theirs.dest) + 1))
        for _ in range(5):
            await pilot.pause()
        made = game.session.record.actions[moves:]
        assert made == [ENGINE.dump_action(mine), ENGINE.dump_action(theirs)]
        assert told == [
            (moves, "Not allowed (SP-FAST-2)"),
            (moves, "Not allowed (SP-TURN-2)"),
            (moves, "Not allowed (SP-DEST-6)"),
            (moves + 1, "Not allowed (SP-TURN-2)"),
        ]
        assert isinstance(app.screen, Curtain) and app.screen.player == NAMES[me]


async def test_enter_pressed_twice_on_the_curtain_lifts_it_once(store: Store) -> None:
    """A double Enter at a hand-over: the curtain lifts, the game stays on screen (the
    second Enter used to dismiss the game screen too, back to home)."""
    saved = GameSession.start(store, ENGINE, (SeatInfo("Ann"), SeatInfo("Bob")), {}, 3)
    async with TabletopApp(store).run_test(size=SIZE) as pilot:
        app, game = await resume(pilot, saved.game_id)
        assert isinstance(app.screen, Curtain)
        burst(app, "enter", "enter")
        for _ in range(5):
            await pilot.pause()
        assert app.screen is game and game.viewer == 0


async def test_a_seeded_game_to_its_result_with_the_tie_break(store: Store) -> None:
    store.save_setting("curtain", False)  # hand-overs are tested elsewhere; this is long
    app = TabletopApp(store)
    seed = tied_seed()
    rng = random.Random(seed)
    off_turn = own_benefit = 0
    async with app.run_test(size=SIZE) as pilot:
        await start_from_home(pilot, app, 2, seed=seed)
        game = game_screen(app)
        session = game.session
        last_round = 0
        while session.outcome is None:
            state = session.state
            assert isinstance(state, SpaceParkState)
            title = plain(game.query_one("#players").border_title)
            assert title.startswith(f"Turn {state.turn}")
            assert ("⚑ LAST ROUND" in title) == state.last_round
            last_round += state.last_round
            if state.pending is not None and state.pending.seat != state.active:
                # an off-turn decision: the keyboard went to the Controller holder
                off_turn += 1
                assert game.viewer == state.pending.seat
                assert "you hold the Controller" in panel(app, "prompt")
            elif state.pending is not None and state.pending.kind == "scout_benefit":
                # the holder visits: told once, not "Ann visits ... Ann, you hold ..."
                own_benefit += 1
                name = session.seats[state.active].name
                assert panel(app, "prompt").startswith(
                    f"{name}, you visit Scout's destination and hold the Controller"
                )
            await play_one(pilot, app, rng, typed=False)
        await pilot.pause()
        assert off_turn > 0 and own_benefit > 0 and last_round > 0
        outcome = session.outcome
        assert outcome.tie_break and outcome.winners
        assert isinstance(app.screen, ResultScreen)
        result = str(app.screen.query_one("#result", Static).render())
        for line in outcome.tie_break:
            assert line in result and line in panel(app, "prompt")
        assert store.unfinished() == []


async def test_no_other_hand_is_ever_drawn(store: Store) -> None:
    """Three players: at every step, no badge secret to the seats not at the keyboard
    is anywhere on screen; the keyboard holder's own hand is. Seed 0 has an exchange
    at Starlight Station and an off-turn Scout benefit within these moves."""
    app = TabletopApp(store)
    rng = random.Random(0)
    seen_own = off_turn = 0
    async with app.run_test(size=SIZE) as pilot:
        await start_from_home(pilot, app, 3, seed=0)
        game = game_screen(app)
        session = game.session
        deck = badges()
        public: set[str] = set()
        for step in range(16):
            state = session.state
            assert isinstance(state, SpaceParkState)
            public |= set(state.revealed) | {b for p in state.players for b in p.earned}
            if state.pending is not None and state.pending.seat != state.active:
                # the keyboard goes to the Controller holder, behind the curtain
                off_turn += 1
                holder = state.players[state.pending.seat].name
                assert isinstance(app.screen, Curtain) and app.screen.player == holder
            for lifted in (False, True):
                if lifted and isinstance(app.screen, Curtain):
                    await pilot.press("enter")
                text = screen_text(app)
                drawn = state.pending.drawn if state.pending else None
                for seat, player in enumerate(state.players):
                    held = [*player.hand]
                    if drawn is not None and state.pending and state.pending.seat == seat:
                        held.append(drawn)  # a badge drawn at Starlight Station, not yet kept
                    secret = {deck[b].name for b in held if b not in public}
                    if seat == game.viewer:
                        seen_own += bool(secret) and all(name in text for name in secret)
                        continue
                    for name in secret:
                        assert name not in text, f"{name} of seat {seat} shown to {game.viewer}"
            await play_one(pilot, app, rng, typed=step < 5)  # typed: the exchange at step 3
        assert seen_own > 10 and off_turn


async def test_solo_shows_the_scout_stack_and_scout_moves(store: Store) -> None:
    app = TabletopApp(store)
    rng = random.Random(1)
    async with app.run_test(size=SIZE) as pilot:
        await start_from_home(pilot, app, 1, seed=1)
        assert not isinstance(app.screen, Curtain)  # nobody to hide from
        game = game_screen(app)
        session = game.session
        assert "Scout Stack: 0" in panel(app, "display")
        for _ in range(3):
            await play_one(pilot, app, rng)
        state = session.state
        assert isinstance(state, SpaceParkState)
        top = badges()[state.scout_stack[-1]].name
        display = panel(app, "display")
        assert f"Scout Stack: {len(state.scout_stack)}, the top:" in display and top in display
        assert f"deck {len(state.deck)}" in plain(game.query_one("#display").border_title)
        stack = f"Deck {len(state.deck)} · Scout Stack {len(state.scout_stack)}"
        assert tile_lines(game, 0)[1].endswith(stack)  # on Starlight Station, whole
        # Scout's draws and moves are in the log, in words
        events = session.log(0)
        scout = [line for line in events if line.startswith("Scout draws")]
        assert len(scout) == len(state.scout_stack)
        assert f"Last: {scout[-1]}" in " ".join(display.split())
        assert log_lines(game.query_one(GameLog)) == events  # the log shows them all
        while session.outcome is None:
            await play_one(pilot, app, rng, typed=False)
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)


async def test_resume_after_teardown_mid_turn(tmp_path: Path) -> None:
    path = tmp_path / "tabletop.db"
    store = Store(path)
    app = TabletopApp(store)
    rng = random.Random(5)
    async with app.run_test(size=SIZE) as pilot:
        await start_from_home(pilot, app, 2, seed=5)
        await pilot.press("enter")
        app.settings.curtain = False  # for this run only (not saved): quicker to the point
        game = game_screen(app)
        session = game.session

        def choices_left() -> list[Action]:
            """Moves of the seat to act that take more than one key."""
            legal = session.legal_actions(session.to_act[0])
            longer = [a for a in legal if isinstance(a, Visit) and (a.badge or a.scout_to)]
            return longer + [a for a in legal if isinstance(a, FastTravel)]

        while session.moves < 4 or not choices_left():
            await play_one(pilot, app, rng, typed=False)
        saved = ENGINE.state_json(session.state)
        moves = session.moves
        seat = game.viewer
        assert seat is not None
        # half-way through a turn: the first key of a longer move pressed, no more
        view = session.view(seat)
        assert isinstance(view, SpaceParkView)
        await pilot.press(keys_for(choices_left()[0], view)[0])
        assert game.building
        game_id = session.game_id
    store.close()  # the app is gone mid-turn

    again = Store(path)
    app = TabletopApp(again)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c", "enter")
        await pilot.pause()
        assert isinstance(app.screen, Curtain)
        await pilot.press("enter")
        game = game_screen(app)
        assert game.session.game_id == game_id and game.viewer == seat
        assert ENGINE.state_json(game.session.state) == saved
        assert game.question() == ("visit", "travel")  # the half-made move was not saved
        await play_one(pilot, app, rng)
        assert game.session.moves == moves + 1
    again.close()


async def test_a_bot_seat_moves_by_itself_and_its_hand_stays_hidden(store: Store) -> None:
    store.save_setting("bot_pace", "instant")
    saved = GameSession.start(store, ENGINE, (SeatInfo("Ann"), SeatInfo("Robo", "normal")), {}, 4)
    rng = random.Random(4)
    async with TabletopApp(store).run_test(size=SIZE) as pilot:
        app, game = await resume(pilot, saved.game_id)
        assert not isinstance(app.screen, Curtain)  # one person: nothing to hide
        session = game.session
        deck = badges()
        waited = 0
        for _ in range(4):
            await play_one(pilot, app, rng, typed=False)  # tapped: the bot waits for the loop
            if 0 not in session.to_act:
                waited += 1
                assert game.viewer == 0 and "Robo is a bot: thinking…" in panel(app, "prompt")
            while 0 not in session.to_act and session.outcome is None:
                with contextlib.suppress(WorkerCancelled):  # a newer think replaced it
                    await app.workers.wait_for_complete()
                await pilot.pause()
            state = session.state
            assert isinstance(state, SpaceParkState)
            robo = {deck[b].name for b in state.players[1].hand} - {
                deck[b].name for b in state.revealed
            }
            text = screen_text(app)
            assert not any(name in text for name in robo)
        assert session.moves >= 8 and waited


async def test_fast_travel_by_keys_and_a_badge_earned_by_a_click(store: Store) -> None:
    store.save_setting("curtain", False)
    saved = GameSession.start(store, ENGINE, (SeatInfo("Ann"), SeatInfo("Bob")), {}, 2)
    rng = random.Random(2)

    def play_until(wanted: type[Action], dest: str | None = None) -> Action:
        """Play on until the seat to act may make such a move; that move."""
        while True:
            legal = saved.legal_actions(saved.to_act[0])
            for action in legal:
                if isinstance(action, wanted) and dest in (None, getattr(action, "dest", None)):
                    return action
            saved.act(pick(legal, rng))

    travel = play_until(FastTravel)
    async with TabletopApp(store).run_test(size=SIZE) as pilot:
        app, game = await resume(pilot, saved.game_id)
        state = game.session.state
        assert isinstance(state, SpaceParkState)
        start = state.ring.index(travel.dest)  # type: ignore[attr-defined]
        await pilot.press("t")
        assert game.question() == ("rocket",) and "Fast Travel" in panel(app, "prompt")
        await pilot.press(str(start + 1))
        moved = game.session.state
        assert isinstance(moved, SpaceParkState)
        assert start not in moved.rockets and len(moved.rockets) == 3
        assert game.session.record.actions[-1] == ENGINE.dump_action(travel)
        await pilot.press("escape")  # leave the game; play on without it
        await pilot.pause()

    saved = GameSession.resume(store, saved.game_id, ENGINE)
    earn = play_until(Visit, "outpost13")
    async with TabletopApp(store).run_test(size=SIZE) as pilot:
        app, game = await resume(pilot, saved.game_id)
        view = game.session.view(game.viewer)
        assert isinstance(view, SpaceParkView)
        outpost = [d.id for d in view.ring].index("outpost13")
        await click_tile(pilot, game, outpost)
        assert game.question() == ("earn",)
        name = badges()[earn.badge].name  # type: ignore[attr-defined]
        [line] = [line for line in panel(app, "hand").splitlines() if name in line]
        assert "✓" in line
        # a click on the badge's line in the hand earns it
        hand = game.query_one("#hand")
        [row] = [y for y in range(hand.size.height) if name in hand.render_line(y).text]
        await pilot.click("#hand", offset=(4, row + 1))  # + 1: below the top border
        await pilot.pause()
        assert game.session.record.actions[-1] == ENGINE.dump_action(earn)


async def test_whom_to_take_from_when_the_supply_is_out(store: Store) -> None:
    """Four players played by ``pick``, to the first move where the supply is out and
    two players tie for the most: the one gaining chooses by seat number."""
    store.save_setting("curtain", False)
    names = ("Ann", "Bob", "Cy", "Di")
    seed, move = next(
        (seed, move)
        for seed in itertools.count()
        for move, s in enumerate(played_by_pick(names, seed))
        if s.pending is not None and s.pending.kind == "take_from"
    )
    seats = tuple(SeatInfo(name) for name in names)
    saved = GameSession.start(store, ENGINE, seats, {}, seed)
    rng = random.Random(seed)
    for _ in range(move):
        saved.act(pick(saved.legal_actions(saved.to_act[0]), rng))
    state = saved.state
    assert isinstance(state, SpaceParkState) and state.pending is not None
    assert state.pending.kind == "take_from" and len(state.pending.targets) >= 2
    targets = state.pending.targets
    async with TabletopApp(store).run_test(size=SIZE) as pilot:
        app, game = await resume(pilot, saved.game_id)
        assert game.viewer == state.pending.seat and game.question() == ("take_from",)
        prompt = panel(app, "prompt")
        assert "take one from" in prompt
        assert all(f"{t + 1} {seats[t].name}" in prompt for t in targets)
        other = next(s for s in range(4) if s not in targets)
        assert game.check_action("choose", ("take_from", other)) is None
        await pilot.press(str(other + 1))
        await pilot.pause()
        assert any(n.title == "Not allowed (SP-SUPPLY-3)" for n in app._notifications)
        await pilot.press(str(targets[-1] + 1))
        assert game.session.record.actions[move] == {
            "seat": state.pending.seat,
            "kind": "take_from",
            "target": targets[-1],
        }


async def test_80_by_24_fits_with_short_tiles_and_grows_back(store: Store) -> None:
    store.save_setting("curtain", False)
    saved = GameSession.start(store, ENGINE, (SeatInfo("Ann"), SeatInfo("Bob")), {}, 6)
    state = saved.state
    assert isinstance(state, SpaceParkState)
    canyon = state.ring.index("cosmic_canyon")
    async with TabletopApp(store).run_test(size=(80, 24)) as pilot:
        _, game = await resume(pilot, saved.game_id)
        await pilot.pause()
        assert not game.has_class("-too-small") and game.has_class("-narrow")
        top, text, _ = tile_lines(game, canyon)
        assert "Cosmic Canyon" in top and text == "Gain 2 Sun"  # words, not glyphs
        # the hand, the display and every player's crystals are on screen, no scrolling
        shown = game.query_one("#sp-scroll").region
        for panel in ("display", "hand", "players"):
            region = game.query_one(f"#{panel}").region
            assert region.height and shown.contains_region(region), panel
        assert not game.query_one("#more").display
        assert "☀1 ☾0 ≈0 »0" in plain(game.query_one("#hand").border_title)  # no bottom edge
        assert game.query_one("#prompt").region.height >= 1  # the question is on screen
        await pilot.resize_terminal(120, 36)
        await pilot.pause()
        assert not game.has_class("-narrow")
        assert tile_lines(game, canyon)[1] == "Cosmic Canyon Gain two Sun crystals."


async def test_l_shows_the_whole_log_the_news_line_cuts(store: Store) -> None:
    """At 80x24 the log panel gives way to one news line, cut at the width: l opens
    every line the player may read, whole (and no line they may not), Esc closes it."""
    store.save_setting("curtain", False)
    app = TabletopApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_from_home(pilot, app, 2, seed=6)
        rng = random.Random(6)
        for _ in range(6):
            await play_one(pilot, app, rng)
        game = game_screen(app)
        seat = game.viewer
        assert seat is not None
        readable = game.session.log(seat)
        others_only = set(game.session.log(1 - seat)) - set(readable)
        await pilot.press("l")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, LogScreen)
        shown = dialog.query_one(GameLog).shown
        assert shown == readable and len(shown) > 6
        assert not others_only & set(shown)
        log = dialog.query_one(GameLog)
        drawn = " ".join(log.render_line(y).text.strip() for y in range(log.size.height))
        assert drawn.split()[-len(readable[-1].split()) :] == readable[-1].split()  # newest, whole
        await pilot.press("escape")
        assert app.screen is game


def fits(game: SpaceParkScreen) -> None:
    """Every panel of the board is on screen whole, nothing below the fold, every badge
    of the hand on a line of its own, and the Players panel has a row per player with
    their XP, hand and earned badges counted by type."""
    shown = game.query_one("#sp-scroll").region
    for name in ("ring", "display", "hand", "players"):
        region = game.query_one(f"#{name}").region
        assert region.height and shown.contains_region(region), name
    assert not game.query_one("#more").display
    prompt = game.query_one("#prompt").region
    assert prompt.height and game.region.contains_region(prompt)
    view = game.session.view(game.viewer)
    assert isinstance(view, SpaceParkView)
    hand = game.query_one("#hand", Static)
    shown = [hand.render_line(y).text for y in range(hand.size.height)]
    for index, badge in enumerate(view.hand):
        assert any(f"{index + 1} " in line and badge.name in line for line in shown), badge
    players = game.query_one("#players", Static)
    rows = [players.render_line(y).text for y in range(players.size.height)]
    for player in view.players:
        [row] = [r for r in rows if r[1:].lstrip(" ▶").startswith(player.name)]
        assert f" {player.xp} XP " in row and f"hand {player.hand_count}" in row
        kinds = Counter(b.type for b in player.earned)
        assert all(f"{TYPE_MARKS[t][0]}×{n}" in row for t, n in kinds.items()), row


async def at_80_by_24(
    store: Store,
    names: tuple[str, ...],
    seed: int,
    moves: int,
    check: Callable[[SpaceParkScreen, SpaceParkView], None],
    player: Callable[[list[Action], random.Random], Action] = pick,
) -> None:
    """A seeded game played by taps at 80x24, ``check`` at every position until the
    end or ``moves`` moves."""
    store.save_setting("curtain", False)
    saved = GameSession.start(store, ENGINE, tuple(SeatInfo(n) for n in names), {}, seed)
    rng = random.Random(seed)
    async with TabletopApp(store).run_test(size=(80, 24)) as pilot:
        app, game = await resume(pilot, saved.game_id)
        session = game.session
        while session.outcome is None and session.moves < moves:
            await pilot.pause()
            view = session.view(game.viewer)
            assert isinstance(view, SpaceParkView)
            check(game, view)
            await play_one(pilot, app, rng, typed=False, player=player)


@pytest.mark.parametrize("players", [3, 4])
async def test_80_by_24_fits_three_and_four_players(store: Store, players: int) -> None:
    """Issue 14 (11): at 80x24 every panel fits without scrolling, with a compact row
    per player, whenever the hand on show holds up to four badges; checked at every
    move of a seeded game."""
    checked = 0

    def check(game: SpaceParkScreen, view: SpaceParkView) -> None:
        nonlocal checked
        if len(view.hand) <= 4:
            fits(game)
            checked += 1

    await at_80_by_24(store, ("Ann", "Bob", "Cy", "Di")[:players], 7, 80, check)
    assert checked > 40


async def test_80_by_24_keeps_a_long_hand_and_every_player_on_screen(store: Store) -> None:
    """Issue 14 (11): four players who hoard badges, hands of five to seven: the ring
    goes a line lower for them, and the hand, the ring and every player stay on screen,
    checked at every move of a seeded game (eight badges go below the fold: the next
    test)."""
    long_hands = Counter[int]()

    def check(game: SpaceParkScreen, view: SpaceParkView) -> None:
        if len(view.hand) <= 7:
            fits(game)
            long_hands[len(view.hand)] += 1
            # a line of words per tile only when the hand needs the row
            drawn = view.pending is not None and view.pending.drawn is not None
            lines = len(view.hand) + drawn
            assert game.query_one(Ring).has_class("-low") == (lines > 4) or lines == 5

    await at_80_by_24(store, ("Ann", "Bob", "Cy", "Di"), 3, 160, check, player=hoard)
    assert long_hands[5] and long_hands[6], long_hands


async def test_a_reduced_cost_says_what_the_holder_pays_on_one_line(store: Store) -> None:
    """SP-BADGE-3: Pathfinder earned, Eclipse Chaser (☀2 ☾2) costs Ann ☀1 ☾2: the hand
    says so after the cost where there is room, and at 80x24 in place of the cost, the
    badge still on one line."""
    store.save_setting("curtain", False)
    session = GameSession.start(store, ENGINE, (SeatInfo("Ann"), SeatInfo("Bob")), {}, 3)
    state = session.state.clone()
    assert isinstance(state, SpaceParkState)
    for badge in ("pathfinder", "eclipse_chaser"):
        for place in (state.deck, state.revealed, *(p.hand for p in state.players)):
            if badge in place:
                place.remove(badge)
    state.players[0].earned.append("pathfinder")
    state.players[0].hand.insert(0, "eclipse_chaser")
    session.state = state
    app = TabletopApp(store)
    async with app.run_test(size=(160, 40)) as pilot:
        app.play(session)
        await pilot.pause()
        assert "1 ✗ ▲T Eclipse Chaser  ☀2 ☾2  5 XP · you pay ☀1 ☾2" in panel(app, "hand")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        hand = game_screen(app).query_one("#hand", Static)
        lines = [hand.render_line(y).text.strip() for y in range(hand.size.height)]
        assert "1 ✗ ▲T Eclipse Chaser  pay ☀1 ☾2  5 XP" in lines


async def test_a_board_taller_than_80_by_24_says_there_is_more(store: Store) -> None:
    """A hand too big for 80x24 (eight badges): the board goes on below the terminal,
    and the screen says so until PgDn shows the rest."""
    store.save_setting("curtain", False)
    names = ("Ann", "Bob", "Cy", "Di")
    session = GameSession.start(store, ENGINE, tuple(SeatInfo(n) for n in names), {}, 3)
    state = session.state.clone()
    assert isinstance(state, SpaceParkState)
    state.players[0].hand.extend(state.deck[:7])
    del state.deck[:7]
    session.state = state
    app = TabletopApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        app.play(session)
        await pilot.pause()
        game = game_screen(app)
        view = session.view(0)
        assert isinstance(view, SpaceParkView) and game.viewer == 0 and len(view.hand) == 8
        more = game.query_one("#more")
        assert more.display and "more below" in str(more.render())
        await pilot.press("pagedown")
        await pilot.pause()
        assert not more.display
        shown = game.query_one("#sp-scroll").region
        assert shown.contains_region(game.query_one("#hand").region)  # the hand whole


async def test_solo_players_panel_states_scouts_rules(store: Store) -> None:
    """SP-SOLO-1, SP-SOLO-4, SP-SOLO-8 on screen: where Scout is and its fee, its
    stack, and the turns left before it wins."""
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        await start_from_home(pilot, app, 1, seed=5)
        game = game_screen(app)
        view = game.session.view(0)
        assert isinstance(view, SpaceParkView)
        text = panel(app, "players")
        scout_at = next(d.name for d in view.ring if d.scout)
        assert f"Scout at {scout_at}: visiting it costs ☀1 or the ✜Controller." in text
        turns = view.deck_count + 1
        assert f"  Stack 0 · deck {view.deck_count}: {turns} turns (this one too)" in text
        await play_one(pilot, app, random.Random(5))
        await pilot.pause()
        text = panel(app, "players")
        assert f"  Stack 1 · deck {view.deck_count - 1}: {turns - 1} turns" in text
        # each line whole on one row of the panel at 80 columns, at the start (the
        # longest counts) too
        assert all(line.cell_length <= 80 - 4 for line in scout_lines(view))


def test_solo_scout_lines_stop_racing_once_the_game_is_over() -> None:
    """SP-SOLO-7, SP-SOLO-8: over, the panel no longer counts turns to a race that ended."""
    state = list(played_by_pick(NAMES[:1], 3))[-1]
    assert ENGINE.outcome(state) is not None
    view = ENGINE.view(state, 0)
    assert isinstance(view, SpaceParkView)
    last = scout_lines(view)[-1].plain
    assert last.endswith(": the game is over.") and "Scout wins" not in last


def solo_at(store: Store, holds: Callable[[SpaceParkState], bool]) -> GameSession:
    """Ann's solo game (seed 3, played by pick) at its first position where ``holds``,
    a copy of it saved as a session to play on (its state may be set up further)."""
    session = GameSession.start(store, ENGINE, (SeatInfo("Ann"),), {}, 3)
    session.state = next(s for s in played_by_pick(NAMES[:1], 3) if holds(s)).clone()
    return session


async def test_solo_starlight_names_only_the_badges_it_offers(store: Store) -> None:
    """A display of one badge and a Scout Stack: the prompt offers a and d, not a-c,
    and b says it chooses nothing (SP-SOLO-5's Starlight Station)."""
    session = solo_at(
        store,
        lambda s: bool(s.scout_stack) and 0 in s.rockets and s.pending is None and s.scout != 0,
    )
    state = session.state
    state.deck[:0] = state.revealed[1:]  # one badge left on display, the rest under the deck
    del state.revealed[1:]
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        app.play(session)
        await pilot.pause()
        await pilot.press("1")  # Starlight Station
        prompt = panel(app, "prompt")
        assert "take a badge on display (a) or the Scout Stack's top (d)." in prompt
        await pilot.press("b")
        await pilot.pause()
        told = [n.message for n in app._notifications]
        assert told == ["b chooses nothing here: a or d does."]
        assert session.moves == 0


@pytest.mark.parametrize("controller", [False, True])
async def test_solo_fee_prompt_names_only_the_ways_the_player_can_pay(
    store: Store, controller: bool
) -> None:
    """SP-SOLO-4: Scout's fee is a Sun crystal or the Controller; the prompt offers the
    Controller only to a player who holds it (c stays a greyed key otherwise)."""
    session = solo_at(
        store, lambda s: s.scout in s.rockets and s.pending is None and s.players[0].stock[0] > 0
    )
    state = session.state
    state.controller = 0 if controller else None
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        app.play(session)
        await pilot.pause()
        await pilot.press(str(state.scout + 1))  # Scout's destination
        await pilot.pause()
        prompt = panel(app, "prompt")
        ways = (
            "s (a Sun crystal) or c (return the Controller)" if controller else "s (a Sun crystal)"
        )
        assert f": pay with {ways}. Esc: back." in prompt.replace("\n", " ")


async def test_i_lists_every_card_in_view_with_its_whole_text(store: Store) -> None:
    store.save_setting("curtain", False)
    saved = GameSession.start(store, ENGINE, (SeatInfo("Ann"), SeatInfo("Bob")), {}, 6)
    async with TabletopApp(store).run_test(size=SIZE) as pilot:
        app, game = await resume(pilot, saved.game_id)
        view = game.session.view(game.viewer)
        assert isinstance(view, SpaceParkView) and view.hand
        await pilot.press("i")
        await pilot.pause()
        cards = app.screen
        assert isinstance(cards, CardsScreen)
        places = [c.place for c in cards.cards]
        assert places[:7] == ["Destinations"] * 7 and places[-1] == "Symbols"
        assert view.ring[0].action in cards.text  # opens at the first destination
        listed = " ".join(c.line.plain for c in cards.cards)
        other = game.session.view(1 - (game.viewer or 0))
        assert isinstance(other, SpaceParkView)
        assert all(b.name not in listed for b in other.hand if b not in view.hand)
        mine = places.index("Ann's hand")
        for _ in range(mine):  # down to Ann's first badge (the headings are skipped)
            await pilot.press("down")
        await pilot.pause()
        assert " ".join(badges()[view.hand[0].id].text().body[0].split()) in " ".join(
            cards.text.split()
        )


async def test_both_scout_benefits_are_offered_whole_at_80_by_24(store: Store) -> None:
    """SP-SCOUT-1 at 80x24: the Controller holder's two choices are both in the
    decision's pop-up, whole on the screen, by their keys; Esc there leaves the game
    as on the board, and the question is asked again when it is opened."""
    store.save_setting("curtain", False)
    app = TabletopApp(store)
    seed = tied_seed()
    rng = random.Random(seed)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_from_home(pilot, app, 2, seed=seed)
        session = game_screen(app).session

        def benefit() -> bool:
            state = session.state
            assert isinstance(state, SpaceParkState) and session.outcome is None
            return state.pending is not None and state.pending.kind == "scout_benefit"

        while not benefit():
            await play_one(pilot, app, rng, typed=False)
        await pilot.pause()
        asking = app.screen
        assert isinstance(asking, Choose) and "you hold the Controller" in asking.text
        assert [(c.key, c.label) for c in asking.choices] == [
            ("s", "Sun crystal"),
            ("p", "Fast Travel pass"),
        ]
        box = asking.query_one(".box").region
        assert box.x >= 0 and box.right <= 80 and box.bottom <= 23  # above the footer
        game_id = game_screen(app).session.game_id
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, Choose | SpaceParkScreen)  # left: every move saved
        app.resume(game_id, "spacepark")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, Choose) and "you hold the Controller" in app.screen.text


async def test_a_decision_is_asked_in_the_step_that_draws_its_move(store: Store) -> None:
    """SP-TURN-1: the move that leaves a decision to the viewer (a Scout benefit, whom to
    take from, a badge drawn) opens its pop-up before the move's handler returns, so the
    board's change and the question are drawn in one frame (asked a step later, after
    the board's frame, they took two)."""
    store.save_setting("curtain", False)
    seats = (SeatInfo("Ann"), SeatInfo("Bo"))
    session = GameSession.start(store, ENGINE, seats, {}, 3)
    app = TabletopApp(store)
    rng = random.Random(7)
    async with app.run_test(size=SIZE) as pilot:
        app.play(session)
        await pilot.pause()
        screen = game_screen(app)
        decisions = 0
        while decisions < 3 and session.outcome is None:
            seat = session.to_act[0]
            screen.act(rng.choice(session.legal_actions(seat)))  # no await in between
            state = session.state
            assert isinstance(state, SpaceParkState)
            if state.pending is not None:
                assert isinstance(app.screen, Choose), state.pending.kind
                decisions += 1
            await pilot.pause()  # a decision is made by the next act: its pop-up goes
        assert decisions == 3


async def test_a_moves_garbage_is_collected_between_keys_and_a_closed_game_thawed(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once the game screen is drawn, what it keeps alive is frozen out of the collector's
    passes and its question pop-up is ready, mounted; each move's garbage is collected a
    moment after the move (once, however many moves came in that moment), not by the
    collector's own passes in the middle of a key's frame; leaving the game thaws what
    it kept, for the collector to free."""
    collected: list[str] = []
    real_collect, real_freeze, real_unfreeze = gc.collect, gc.freeze, gc.unfreeze
    monkeypatch.setattr(gc, "collect", lambda *a: collected.append("collect") or real_collect())
    monkeypatch.setattr(gc, "freeze", lambda: collected.append("freeze") or real_freeze())
    monkeypatch.setattr(gc, "unfreeze", lambda: collected.append("unfreeze") or real_unfreeze())
    store.save_setting("curtain", False)
    session = GameSession.start(store, ENGINE, (SeatInfo("Ann"), SeatInfo("Bo")), {}, 3)
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        app.play(session)
        await pilot.pause(2 * COLLECT_AFTER_S)
        screen = game_screen(app)
        assert "collect,freeze" in ",".join(collected)  # as its first frame was drawn
        [kept] = [s for s in screen._kept if isinstance(s, Choose)]
        assert kept.is_mounted and kept not in app.screen_stack
        collected.clear()
        for _ in range(2):  # two moves at once: one collection
            screen.act(session.legal_actions(session.to_act[0])[0])
        assert collected == []
        await pilot.pause(2 * COLLECT_AFTER_S)
        assert collected == ["collect"]
        collected.clear()
        screen.dismiss()
        await pilot.pause(2 * COLLECT_AFTER_S)
        assert collected == ["unfreeze", "collect", "freeze"]
