"""The replay viewer (tui/screens/replay.py) at 80x24: from History, Enter opens a
finished game of each game in its own screen, read-only; the keys step through it,
the move list jumps, the chart draws, each seat's view can be shown; no key of the
game makes a move. An unfinished game's replay shows the spectator's view only."""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable
from typing import Any

import pytest
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Static

from tabletop.core.replay import Replay, ReplaySession
from tabletop.core.store import SeatInfo, Store
from tabletop.games import get_engine
from tabletop.games.pocketparks.view import card_view
from tabletop.tui.app import TabletopApp
from tabletop.tui.games.pocketparks.screen import STEP_WORDS
from tabletop.tui.kits import ui_kit
from tabletop.tui.screens.base import GameScreen
from tabletop.tui.screens.replay import (
    ChartScreen,
    HandsScreen,
    MoveList,
    MoveRows,
    ReplayTable,
    replay_screen,
    said,
    turn_starts,
)
from tabletop.tui.screens.saved import HistoryScreen
from tabletop.tui.widgets.chart import MOST_TICKS, whole_ticks
from tests.hardening.harness import compact
from tests.test_saves import GAMES, played, save

SIZE = (80, 24)


def status(screen: GameScreen) -> str:
    content = screen.query_one("#status", Static).content
    assert isinstance(content, Content)
    return content.plain


def shown(pilot: Pilot[None]) -> str:
    return "\n".join(strip.text for strip in pilot.app.screen._compositor.render_strips())


def go(screen: GameScreen, position: int) -> None:
    """Step the replay on ``screen`` to ``position``."""
    table = screen.controller
    assert isinstance(table, ReplayTable)
    table.go(position)


async def open_replay(pilot: Pilot[None]) -> GameScreen:
    await pilot.press("h")
    await pilot.pause()
    assert isinstance(pilot.app.screen, HistoryScreen)
    await pilot.press("enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen) and isinstance(screen.controller, ReplayTable)
    return screen


@pytest.mark.parametrize(("game", "setup", "seed"), GAMES)
async def test_a_finished_game_replays_in_its_own_screen(
    store: Store, game: str, setup: int, seed: int
) -> None:
    table = played(game, setup, seed)
    save(store, table)
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_replay(pilot)
        assert isinstance(screen, ui_kit(game).screen(screen.session))  # the game's own
        session = screen.session
        last = len(session.replay) - 1
        assert status(screen).startswith(f"Move 0 of {last} · spectator's view")
        await pilot.pause()
        footer = shown(pilot).splitlines()[-1]  # every game's, at 80 columns
        for key in ("←→ Move", "[] Turn", "esc Close", "c Chart", "m Moves", "v View"):
            assert key in footer, footer
        for _ in range(3):  # nothing waits in a replay: the steps are said as they come
            assert "waiting" not in shown(pilot).lower()
            await pilot.press("right")
        await pilot.press("home")
        await pilot.press("right", "right", "right", "left")
        assert session.position == 2 and status(screen).startswith(f"Move 2 of {last} · ")
        await pilot.press("end")
        assert session.position == last and session.outcome is not None
        await pilot.press("home")
        assert session.position == 0
        await pilot.press("right_square_bracket")
        assert session.position > 0
        for key in ("1", "2", "k", "space", "enter", "p", "d", "u"):  # the game's keys
            await pilot.press(key)
        await pilot.pause()
        assert app.screen is screen and session.position > 0
        assert len(store.finished()) == 1 and store.unfinished() == []
        assert store.finished()[0].moves == len(table.record.actions)

        await pilot.press("m")
        await pilot.pause()
        moves = app.screen
        assert isinstance(moves, MoveList)
        rows = moves.query_one(MoveRows)
        assert rows.count == last + 1 and rows.cursor == session.position
        rows.cursor = 5
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and session.position == 5

        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ChartScreen)
        assert "Over the game" in shown(pilot)
        moves = tick_labels(shown(pilot))  # whole moves, for short games and long
        assert moves[0] == 0 and moves[-1] <= last and len(moves) >= 2
        await pilot.press("escape")
        await pilot.pause()

        await pilot.press("v")  # a finished game: each seat's view in turn
        assert screen.viewer == 0 and "view of Ann" in status(screen)
        for _ in table.setup.players:
            await pilot.press("v")
        assert screen.viewer is None

        await pilot.press("end", "a")  # a finished game: every hand
        await pilot.pause()
        assert isinstance(app.screen, HandsScreen)
        hands = app.screen.query_one(Static).content
        assert isinstance(hands, Content)
        assert [line.split(":")[0] for line in hands.plain.splitlines()] == list(
            table.setup.players
        )
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)


def tick_labels(screen: str) -> list[int]:
    """The x axis's tick labels of the chart on ``screen`` (the line under its axis):
    each must be a whole number."""
    lines = screen.splitlines()
    [axis] = [i for i, line in enumerate(lines) if "└" in line]
    labels = lines[axis + 1].split("█")[1].split()  # inside the chart's border
    assert labels and all(re.fullmatch(r"\d+", label) for label in labels), labels
    return [int(label) for label in labels]


@pytest.mark.parametrize("last", [0, 1, 3, 8, 31, 107, 1118, 10247])
def test_chart_ticks_are_whole_and_round(last: int) -> None:
    ticks = whole_ticks(0, last)
    assert ticks[0] == 0 and ticks[-1] <= last and len(ticks) <= MOST_TICKS
    steps = {b - a for a, b in itertools.pairwise(ticks)}
    assert len(steps) <= 1 and all(re.fullmatch(r"[125]0*", str(step)) for step in steps)
    assert last - ticks[-1] < (steps.pop() if steps else 1)  # the axis is covered


async def test_a_five_player_replay_shows_each_player_at_80x24(store: Store) -> None:
    """PocketParks' table keeps a line for each player in a replay at 80x24 (its own
    layout holds: the side panel gives way), and the prompt says whose step it is in
    players' words: nothing waits for the keyboard in a replay."""
    table = played("pocketparks", 3, 5)
    names = table.setup.players
    replay = Replay(get_engine("pocketparks"), table.record)
    session = ReplaySession(replay, tuple(SeatInfo(n) for n in names), True)
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = replay_screen(session, app.settings)
        await app.push_screen(screen)
        await pilot.pause()
        assert not screen.query_one("#side").display
        first = names[session.state.current]
        said = prompt(screen)
        assert said == f"{first}'s turn: one action (play a set, build onto one, draw 2 or steal)."
        discard = next(p for p in range(1, 200) if replay.state(p).phase == "discard")
        go(screen, discard)
        await pilot.pause()
        who = names[session.state.current]
        assert prompt(screen) == f"{who} discards a park or plays an event next."
        screen.viewer = (session.state.current + 1) % len(names)  # another seat's view
        await pilot.pause()
        assert prompt(screen) == f"{who} discards a park or plays an event next."
        screen.viewer = None
        await pilot.press("end")
        await pilot.pause()
        for _ in range(len(names) + 1):  # the spectator's view, then each seat's
            text = shown(pilot)
            for seat, name in enumerate(names):
                assert re.search(rf"{seat + 1} {name} · hand \d+ · \d+ pts?", text), (seat, text)
            assert "Featured" in text and "waiting" not in text
            await pilot.press("v")
            await pilot.pause()


def prompt(screen: GameScreen) -> str:
    content = screen.query_one("#pp-prompt", Static).content
    assert isinstance(content, Content)
    return content.plain


async def test_an_unfinished_games_replay_shows_no_hidden_card(store: Store) -> None:
    """Not offered from the app (History lists finished games), and still safe: asked
    for a seat's view, the screen shows none of that seat's hand that is not public;
    the same game, finished, shows it."""
    table = played("pocketparks", 0, 1)
    game_id = save(store, table, upto=40)
    saved = store.load_game(game_id)
    engine = get_engine("pocketparks")
    app = TabletopApp(store)
    async with app.run_test(size=(120, 40)) as pilot:
        for finished in (False, True):
            replay = Replay(engine, saved.record)
            session = ReplaySession(replay, saved.seats, finished)
            screen = replay_screen(session, app.settings)
            await app.push_screen(screen)
            await pilot.press("v")  # greyed for the unfinished game
            assert screen.viewer == (0 if finished else None)
            await pilot.press("a")  # every hand: a finished game's only
            await pilot.pause()
            assert isinstance(app.screen, HandsScreen) is finished
            if finished:
                assert private_cards(session, 0)[0] in shown(pilot)
                await pilot.press("escape")
                await pilot.pause()
            for position in (0, 25, 40):
                go(screen, position)
                screen.viewer = 0
                await pilot.pause()
                private = private_cards(session, 0)
                on_screen = [name for name in private if name in shown(pilot)]
                assert private and bool(on_screen) is finished, (finished, position, on_screen)
            screen.dismiss()
            await pilot.pause()


def private_cards(session: ReplaySession, seat: int) -> list[str]:
    """The names of the cards in ``seat``'s hand that nothing public names: not the
    spectator's view, not the public log."""
    engine = session.engine
    hand = [card["name"] for card in engine.view(session.state, seat).model_dump()["hand"]]
    public = compact(engine.view(session.state, None).model_dump(mode="json"))
    public += "\n".join(session.log(None))
    return [name for name in hand if name not in public]


def hidden_cards(session: ReplaySession) -> Callable[[int, int | None], list[str]]:
    """``hidden(position, viewer)``: the names of the hand cards at ``position`` that
    ``viewer`` does not see there. Each position's hands and each view there are worked
    out once: a move looks at the positions before and after it, its neighbours too."""
    engine = session.engine

    @functools.cache
    def hands(position: int) -> list[str]:
        state = session.replay.state(position)
        views = [engine.view(state, seat).model_dump() for seat in range(len(session.seats))]
        return [card["name"] for view in views for card in view["hand"]]

    @functools.cache
    def hidden(position: int, viewer: int | None) -> list[str]:
        view = engine.view(session.replay.state(position), viewer)
        seen = compact(view.model_dump(mode="json"))
        return [name for name in hands(position) if name not in seen]

    return hidden


def names_card(text: str, name: str) -> bool:
    """``text`` names the park ``name`` (not another whose name begins with it: Glacier
    Bay is not Glacier)."""
    return re.search(rf"\b{re.escape(name)}\b(?! [A-Z])", text) is not None


def test_every_move_says_what_happened_and_shows_no_hidden_card() -> None:
    """A PocketParks move with no log line (a step of a set or a steal being put
    together, an answer given in private) is told in players' words, never "Ann
    moves.": to the spectator without the mover's hand cards, to the mover with them;
    and no move names a card its viewer does not see, before the move or after it."""
    table = played("pocketparks", 1, 1)
    names = table.setup.players
    replay = Replay(get_engine("pocketparks"), table.record)
    session = ReplaySession(replay, tuple(SeatInfo(n) for n in names), True)
    hidden_from = hidden_cards(session)
    silent = {"spectator": 0, "own": 0, "": 0}
    for move in range(1, len(replay)):
        step = replay.step(move)
        mover = step.seat
        assert mover is not None
        for viewer in (None, *range(len(names))):
            told = " ".join(said(session, move, viewer))
            assert re.search(rf"\b{names[mover]}\b", told) or told.startswith("You"), told
            assert not told.endswith(" moves.") and f"{names[mover]}:" not in told, told
            if [e for e in step.events if e.private_to in (None, viewer)]:
                continue  # the engine's log line (its privacy is the engine's tests')
            silent["spectator" if viewer is None else "own" if viewer == mover else ""] = 1
            for position in (move - 1, move):
                hidden = hidden_from(position, viewer)
                assert not [n for n in hidden if names_card(told, n)], (move, viewer, told)
    assert silent == {"spectator": 1, "own": 1, "": 1}  # each case is met


@pytest.mark.parametrize(("game", "setup", "seed"), [g for g in GAMES if g[0] != "pocketparks"])
def test_every_move_of_the_other_games_has_its_log_line(game: str, setup: int, seed: int) -> None:
    """Space Park and Pocket Dragon log every move: the list tells each by its lines."""
    table = played(game, setup, seed)
    replay = Replay(get_engine(game), table.record)
    seats = tuple(SeatInfo(n) for n in table.setup.players)
    session = ReplaySession(replay, seats, True)
    for move in range(1, len(replay)):
        for viewer in (None, 0):
            lines = said(session, move, viewer)
            visible = replay.step(move).events
            assert lines == [e.text for e in visible if e.private_to in (None, viewer)] != []


def first_card_added() -> tuple[ReplaySession, int, dict[str, Any]]:
    """A seeded 3-player PocketParks game's replay, its first move adding a park to a
    set being put together, and that action."""
    table = played("pocketparks", 1, 1)
    replay = Replay(get_engine("pocketparks"), table.record)
    seats = tuple(SeatInfo(n) for n in table.setup.players)
    session = ReplaySession(replay, seats, True)
    move, action = next(
        (i + 1, a) for i, a in enumerate(table.record.actions) if a["kind"] == "add"
    )
    return session, move, action


def test_a_step_of_a_move_names_the_card_to_its_own_player_only() -> None:
    """A park added to a set being put together is the mover's secret until the set
    is played: the move list tells the spectator "a card", the mover which."""
    session, move, action = first_card_added()
    names = [seat.name for seat in session.seats]
    mover = names[action["seat"]]
    card = card_view(action["card"]).name
    assert said(session, move, None) == [f"{mover} adds a card to the set."]
    assert said(session, move, action["seat"]) == [f"{mover} adds {card} to the set."]
    other = (action["seat"] + 1) % len(names)
    assert said(session, move, other) == [f"{mover} adds a card to the set."]


async def test_the_move_list_tells_the_moves_as_the_view_shown(store: Store) -> None:
    """The move list (m) reads as the view on screen: the spectator's, or a seat's."""
    session, move, action = first_card_added()
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = replay_screen(session, app.settings)
        await app.push_screen(screen)
        go(screen, move)
        await pilot.pause()
        for viewer in (None, action["seat"]):
            screen.viewer = viewer
            await pilot.press("m")
            await pilot.pause()
            moves = app.screen
            assert isinstance(moves, MoveList)
            rows = moves.query_one(MoveRows)
            assert rows.move_words(move) == f"{move}. {' '.join(said(session, move, viewer))}"
            # drawn as worded (the list opens on the position shown): the card named on
            # the mover's list only
            drawn = rows.render_line(move - round(rows.scroll_y)).text
            assert drawn.startswith(f"{move}. ")
            assert (card_view(action["card"]).name in drawn) == (viewer is not None)
            await pilot.press("escape")
            await pilot.pause()


async def test_the_move_list_words_only_the_moves_on_screen(store: Store) -> None:
    """A long game's move list words the moves as they come into sight (a game of
    26,000 moves opened as fast as a short one), opens on the position shown, goes
    with the keys and a click, and shows a move too long for its line whole below."""
    session, _, _ = first_card_added()
    last = len(session.replay) - 1
    assert last > 200
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = replay_screen(session, app.settings)
        await app.push_screen(screen)
        go(screen, last // 2)
        await pilot.press("m")
        await pilot.pause()
        rows = app.screen.query_one(MoveRows)
        height = rows.scrollable_content_region.height
        top = round(rows.scroll_y)
        assert rows.cursor == last // 2 and top < last // 2 < top + height
        # the rows on screen are worded, and few others (the first frame's, at the top)
        assert set(range(top, top + height)) <= set(rows.worded)
        assert len(rows.worded) <= 2 * height
        await pilot.press("end")
        assert rows.cursor == last and f"{last}. " in shown(pilot)
        assert len(rows.worded) <= 3 * height
        await pilot.press("home", "down", "down", "pagedown", "up")
        assert rows.cursor == 1 + height
        long = next(m for m in range(last) if len(rows.move_words(m)) > rows.size.width)
        rows.cursor = long
        await pilot.pause()
        words = rows.move_words(long)
        drawn = rows.render_line(long - round(rows.scroll_y)).text.rstrip()
        assert drawn.endswith("…") and words.startswith(drawn[:-1])
        whole = app.screen.query_one("#move-whole", Static).render_line
        assert " ".join(whole(y).text.strip() for y in range(2)).split() == words.split()
        await pilot.click(MoveRows, offset=(3, 2))
        await pilot.pause()
        assert app.screen is screen and session.position == round(rows.scroll_y) + 2


async def test_a_response_window_in_a_replay_is_told_not_asked(store: Store) -> None:
    """A replay describes each step, whoever's view is shown: a response window says
    who may answer and how (never "answer?"), and the seat whose turn it is reads the
    step as everyone does, not what to press."""
    table = played("pocketparks", 3, 5)
    names = table.setup.players
    replay = Replay(get_engine("pocketparks"), table.record)
    session = ReplaySession(replay, tuple(SeatInfo(n) for n in names), True)
    kinds: dict[str, int] = {}
    for position in range(len(replay)):
        window = replay.state(position).window
        if window is not None:
            kinds.setdefault(window.kind, position)
    assert {"tour", "steal", "event"} <= set(kinds)
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = replay_screen(session, app.settings)
        await app.push_screen(screen)
        for kind, position in kinds.items():
            go(screen, position)
            waiting = list(replay.state(position).window.waiting)
            for viewer in (None, waiting[0], session.state.current):
                screen.viewer = viewer
                await pilot.pause()
                said_now = prompt(screen)
                assert said_now.startswith("Response window: ") and "?" not in said_now
                window = screen.session.view(viewer).window
                how = "claim it with a Park Tour" if kind in ("tour", "wish") else "answer."
                if kind not in ("tour", "wish"):  # what happened, and what answers it
                    assert window.question in said_now
                asked = [names[s] for s in waiting]
                assert f"{asked[-1]} may {how}" in said_now and asked[0] in said_now, said_now
        turn = next(p for p in range(len(replay)) if replay.state(p).phase == "turn")
        go(screen, turn)
        screen.viewer = session.state.current
        await pilot.pause()
        who = names[session.state.current]
        assert prompt(screen) == STEP_WORDS["turn"].format(name=who)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_charts_legend_of_five_players_is_under_the_plot(
    store: Store, size: tuple[int, int]
) -> None:
    """Five players' points over the game: each in the legend under the plot, with its
    line's own mark; nothing of the legend over the plot."""
    table = played("pocketparks", 3, 5)
    names = table.setup.players
    replay = Replay(get_engine("pocketparks"), table.record)
    session = ReplaySession(replay, tuple(SeatInfo(n) for n in names), True)
    app = TabletopApp(store)
    async with app.run_test(size=size) as pilot:
        await app.push_screen(replay_screen(session, app.settings))
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ChartScreen)
        lines = [line.split("█")[1] for line in shown(pilot).splitlines() if "█" in line]
        top = next(i for i, line in enumerate(lines) if "┌" in line)  # inside the box only:
        axis = next(i for i, line in enumerate(lines) if "└" in line)  # the table shows around
        plot, below = "\n".join(lines[top : axis + 1]), "\n".join(lines[axis + 1 :])
        assert not [name for name in names if re.search(rf"\b{name}\b", plot)], plot
        marks = re.findall(rf"(\S) ({'|'.join(names)}) points", below)
        assert sorted(name for _, name in marks) == sorted(names), below
        assert len({mark for mark, _ in marks}) == len(names)


def test_a_solo_space_park_turn_step_stops_at_each_turn_and_scout_draw() -> None:
    """SP-SOLO-1: with one seat every move is the player's, so a turn is the game's turn
    count: `]` stops after each turn's Scout draw, not only at the end."""
    table = played("spacepark", 0, 7)
    assert len(table.setup.players) == 1
    replay = Replay(get_engine("spacepark"), table.record)
    starts = turn_starts(replay)
    turns = [replay.state(i).turn for i in range(len(replay))]
    assert starts == [0] + [i for i in range(1, len(replay) - 1) if turns[i] != turns[i - 1]]
    assert len(starts) > len(replay) // 3
    for start in starts[1:]:
        assert any(e.text.startswith("Scout draws") for e in replay.step(start).events)
