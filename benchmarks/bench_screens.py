"""The app's screens: key to last screen update, and opening a saved game.

    .venv/bin/python benchmarks/bench_screens.py [--quick] [--profile FILE]

How "key to last screen update" is measured. The app runs headless under
Textual's Pilot (120x40). Every frame Textual sends to the terminal goes through
``App._display``; the apps here override it to render the frame's terminal bytes
(which headless mode skips, and a real terminal pays for) and note the time.
A key is sent as the terminal driver sends it (``App._press_keys``, what
``Pilot.press`` does before it settles) with the clock started just before; then
the app is left alone until it draws its first frame (``first_frame``), and only
then settled: until it has drawn nothing for QUIET seconds with its process idle
and no widget waiting to be drawn. (The Pilot's settle queues a call on every
widget and waits for each; run while the key was drawn, that work competed with
it, which no terminal does.) The key's latency runs to the last frame drawn by then: the last screen
refresh the key caused (the screen's 60 Hz refresh timer included). Toasts left
from the key before are cleared, unmeasured, before each key. Beside the wall
time, the CPU time the process spent in that window: on a machine shared with
other work, wall time grows with the load and CPU time much less.

1. Every game, by random keys: up to 4 people at one keyboard (Pocket Dragon's
   table: 2), the curtain off, each key one the screen on top offers now (its
   active bindings, hidden ones included; never leaving, the rules, the hint or
   undo). A key after which the game has one move more is a move; the moves are
   reported apart from the other keys (a choice opened, a cursor moved, a pop-up
   closed), which are cheap and would pull the median down; and the moves are split
   into those on the board and those that opened or closed a pop-up (a screen of
   its own: a decision, a response window, a result). The game screen's clock is
   held still while a key is timed (``HeldClock``): what the clocks draw on their own
   (Pocket Dragon's 4 times a second, a response window's countdown) is not the key's.
2. PocketParks, 5 people, a random game saved at the start of round 2, resumed:
   `o` (sort the hand) pressed again and again.
   Reference for both: a bare Textual app whose key updates one Static, in the
   same run.
3. Opening a saved game: from ``app.resume`` (what Continue does) to the last
   screen update it causes, for random PocketParks games of 5 saved at move 300
   and 3,000 and left as the game screen leaves a game (with its snapshot, so
   nothing is replayed), against the same game at move 0. Measured in a running
   app that has opened a game before: a first open also imports the game's modules
   (their cost is in the start-up figures).

Target (issues 13 and 24): moves median <= 30 ms and max <= 60 ms in every game; keys
likewise; opening <= 150 ms.

--profile FILE runs cProfile in the timed windows only (the app's work for the
keys and openings, references included) and prints the top functions; the
profiler slows what it measures, so its figures are not the ones to quote.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import functools
import pstats
import random
import re
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, ClassVar, NamedTuple

from measure import Figure, load, median, ms, table
from rich.console import RenderableType
from textual._compositor import CompositorUpdate
from textual._wait import wait_for_idle
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Static

import tabletop.tui.app
from tabletop.core.clock import Clock
from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games import get_engine
from tabletop.tui.app import TabletopApp
from tabletop.tui.screens.base import GameScreen
from tabletop.tui.widgets.curtain import Curtain

SIZE = (120, 40)
QUIET = 0.1
"""Seconds without a frame (six refresh periods) after which a key is done drawing."""
NAMES = ("Ann", "Bo", "Cy", "Di", "Eve")


def _frame_drawn(app: App[Any], renderable: RenderableType | None, frames: list[float]) -> None:
    """Render what a terminal would be sent (headless skips it), then note the time."""
    if renderable is None or app._batch_count:
        return
    if isinstance(renderable, CompositorUpdate):
        renderable.render_segments(app.console)
    frames.append(time.perf_counter())


class FrameClock(App[Any]):
    """Notes in ``frames`` when each frame is drawn, and sets ``framed``: the first base
    of a clocked app (``class ClockedX(FrameClock, X)``)."""

    frames: list[float]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.framed = asyncio.Event()

    def _display(self, screen: Screen[Any], renderable: RenderableType | None) -> None:
        super()._display(screen, renderable)
        _frame_drawn(self, renderable, self.frames)
        self.framed.set()


async def first_frame(app: FrameClock, drawn: int) -> None:
    """Until the app has drawn a frame beyond its first ``drawn``, or for QUIET: waited
    for doing nothing, as a terminal does. (The Pilot's settle queues a call on every
    widget and waits for each: work that would compete with the app's drawing.)"""
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(QUIET):
            while len(app.frames) == drawn:
                app.framed.clear()
                await app.framed.wait()


APP_CSS = str(Path(tabletop.tui.app.__file__).with_name("app.tcss"))
"""The app's CSS, for its subclasses here (a relative CSS_PATH is read beside them)."""


class ClockedTabletop(FrameClock, TabletopApp):
    """The app, noting when each frame is drawn."""

    CSS_PATH = APP_CSS

    def __init__(self, store: Store) -> None:
        super().__init__(store)
        self.frames = []


class BareApp(FrameClock, App[None]):
    """The reference: one Static, updated by a key; noting frames as above."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("o", "count", "Count")]

    def __init__(self) -> None:
        super().__init__()
        self.frames = []
        self.presses = 0

    def compose(self) -> ComposeResult:
        yield Static("pressed 0 times", id="count")

    def action_count(self) -> None:
        self.presses += 1
        self.query_one("#count", Static).update(f"pressed {self.presses} times")


class Took(NamedTuple):
    """What one key (or one opening) took: wall time to its last frame, and the CPU
    time this process spent meanwhile (less swayed by other processes on the machine)."""

    wall: float
    cpu: float


PROFILER: cProfile.Profile | None = None
"""Set by --profile: profiles the timed windows only, the app's own work for each key."""


async def settle(pilot: Pilot[Any], frames: list[float]) -> None:
    """Until the app has drawn nothing for QUIET seconds, idle, with nothing left to draw."""
    while True:
        seen = len(frames)
        await pilot._wait_for_screen()
        await wait_for_idle(0)
        await asyncio.sleep(QUIET)
        screen = pilot.app.screen
        pending = screen._dirty_widgets or screen._layout_required or screen._repaint_required
        if len(frames) == seen and not pending:
            return


async def timed(
    pilot: Pilot[Any], frames: list[float], start: Callable[[], Awaitable[None]]
) -> Took:
    """From ``start`` to the last frame it caused (0 if it drew nothing)."""
    pilot.app.clear_notifications()
    await settle(pilot, frames)
    drawn = len(frames)
    if PROFILER is not None:
        PROFILER.enable()
    cpu = time.process_time()
    began = time.perf_counter()
    await start()
    assert isinstance(pilot.app, FrameClock)
    await first_frame(pilot.app, drawn)
    await settle(pilot, frames)
    cpu = time.process_time() - cpu
    if PROFILER is not None:
        PROFILER.disable()
    return Took(frames[-1] - began if len(frames) > drawn else 0.0, cpu)


def press(pilot: Pilot[Any], key: str) -> Callable[[], Awaitable[None]]:
    """``key``, as the terminal driver sends it (not Pilot.press, which settles)."""
    return lambda: pilot.app._press_keys([key])


# -- the reference -----------------------------------------------------------------


async def bare_keys(count: int) -> list[Took]:
    app = BareApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app.frames)
        times = [await timed(pilot, app.frames, press(pilot, "o")) for _ in range(count)]
        assert app.presses == count
    return times


# -- moves by keys, every game --------------------------------------------------------

NOT_PRESSED = frozenset(
    {
        *("leave", "back", "quit", "give_up", "pause"),  # the game would stop
        *("rules", "cards", "log", "scores", "join_codes", "all_keys", "command_palette"),
        *("hint", "undo", "copy_text", "focus_next", "focus_previous"),
    }
)
"""Keys the random player never presses: leaving or stopping the game, another screen,
the hint's thread, taking a move back, moving the focus."""
PEOPLE = {"spacepark": 4, "pocketparks": 4, "pocketdragon": 2}
OPTIONS: dict[str, dict[str, str]] = {"pocketdragon": {"mode": "table"}}


def game_screen(app: TabletopApp) -> GameScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))


def random_key(app: TabletopApp, rng: random.Random) -> str:
    """A random key of its own the screen on top offers now (Escape if none)."""
    keys = [
        key
        for key, active in app.screen.active_bindings.items()
        if active.enabled
        and active.node is app.screen  # not a focused widget's (the log's scrolling)
        and re.sub(r"^\w+\.|\(.*", "", active.binding.action) not in NOT_PRESSED
    ]
    return rng.choice(sorted(keys)) if keys else "escape"


class HeldClock:
    """A game screen's clock, which ``holding`` stops while a key is timed, at the last
    reading the game took (held at the time it was told, a tick during the key would
    still run the clocks to it and draw a new second); let go, it reads the real time
    again (the game's clocks catch up at their next tick)."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.held: float | None = None
        self.last: float | None = None

    def now(self) -> float:
        if self.held is None:
            self.last = self.clock.now()
            return self.last
        return self.held

    @contextlib.contextmanager
    def holding(self) -> Iterator[None]:
        self.held = self.clock.now() if self.last is None else self.last
        try:
            yield
        finally:
            self.held = None


def hold_clock(screen: GameScreen) -> contextlib.AbstractContextManager[None]:
    """Hold ``screen``'s clock (Pocket Dragon's, PocketParks' response windows') while
    a key is timed; nothing for a game without one."""
    clock = getattr(screen, "clock", None)
    if clock is None:
        return contextlib.nullcontext()
    if not isinstance(clock, HeldClock):
        clock = HeldClock(clock)
        setattr(screen, "clock", clock)  # noqa: B010 (not every screen has a clock)
    return clock.holding()


class ByKeys(NamedTuple):
    moves: list[Took]
    others: list[Took]
    popups: list[Took]
    """The moves among ``moves`` that opened or closed a pop-up (a screen of their own)."""


async def moves_by_keys(data_dir: Path, game: str, count: int, seed: int) -> ByKeys:
    """Random keys of seeded games until ``count`` of them made a move."""
    store = Store(data_dir / f"{game}-{seed}.db")
    store.save_setting("curtain", False)
    app = ClockedTabletop(store)
    rng = random.Random(seed)
    played = ByKeys([], [], [])
    async with app.run_test(size=SIZE) as pilot:
        while len(played.moves) < count and len(played.others) < 20 * count:
            seats = tuple(SeatInfo(name) for name in NAMES[: PEOPLE[game]])
            session = GameSession.start(store, get_engine(game), seats, OPTIONS.get(game, {}), seed)
            app.play(session)
            await settle(pilot, app.frames)
            screen = game_screen(app)
            while session.outcome is None and screen in app.screen_stack:
                if len(played.moves) >= count or len(played.others) >= 20 * count:
                    break
                moves, top = session.moves, app.screen
                key = random_key(app, rng)
                await settle(pilot, app.frames)  # the clocks' redraws until now
                with hold_clock(screen):
                    took = await timed(pilot, app.frames, press(pilot, key))
                (played.moves if session.moves > moves else played.others).append(took)
                if session.moves > moves and app.screen is not top:
                    played.popups.append(took)
            seed += 1
            while len(app.screen_stack) > 1:
                app.pop_screen()
            await settle(pilot, app.frames)
    store.close()
    return played


# -- PocketParks ---------------------------------------------------------------------


def random_game(
    store: Store, game: str, players: int, seed: int, stop: Callable[[GameSession], bool]
) -> int:
    """A seeded game of random legal moves (no cancel while anything else is legal),
    saved in ``store`` until ``stop(session)`` and left as the game screen leaves a game
    (with its snapshot); its id."""
    engine = get_engine(game)
    seats = tuple(SeatInfo(name) for name in NAMES[:players])
    session = GameSession.start(store, engine, seats, {}, seed)
    rng = random.Random(seed)
    while session.outcome is None and not stop(session):
        legal: list[Any] = session.legal_actions(rng.choice(session.to_act))
        session.act(rng.choice([a for a in legal if a.kind != "cancel"] or legal))
    session.keep_snapshot()
    return session.game_id


async def open_game(pilot: Pilot[Any], app: ClockedTabletop, game_id: int, game: str) -> Took:
    """Open a saved game, timed; then lift its curtain (unmeasured)."""

    async def resume() -> None:
        app.resume(game_id, game)

    opened = await timed(pilot, app.frames, resume)
    if isinstance(app.screen, Curtain):
        await pilot.press("enter")
        await settle(pilot, app.frames)
    return opened


async def pocket_parks_keys(data_dir: Path, count: int) -> list[Took]:
    """``count`` presses of `o` in a 5-person game resumed at the start of round 2."""
    store = Store(data_dir / "pocketparks-mid.db")
    game_id = random_game(store, "pocketparks", 5, 0, lambda s: s.state.round >= 2)
    app = ClockedTabletop(store)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, app, game_id, "pocketparks")
        assert game_screen(app).viewer is not None
        times = [await timed(pilot, app.frames, press(pilot, "o")) for _ in range(count)]
    store.close()
    return times


# -- saved games ---------------------------------------------------------------------

OPEN_AT = (0, 300, 3000)


def saved_games(store: Store) -> dict[int, int]:
    """A 5-person PocketParks game saved at each move of OPEN_AT: the game id by move."""
    return {
        at: random_game(store, "pocketparks", 5, 1, functools.partial(moves_reached, at))
        for at in OPEN_AT
    }


def moves_reached(moves: int, session: GameSession) -> bool:
    return session.moves >= moves


async def opening(data_dir: Path, legs: int) -> dict[int, list[Took]]:
    """Seconds to open each saved game, the games taken in turn for ``legs`` rounds."""
    store = Store(data_dir / "pocketparks-saved.db")
    games = saved_games(store)
    assert GameSession.resume(store, games[3000], get_engine("pocketparks")).moves == 3000
    app = ClockedTabletop(store)
    times: dict[int, list[Took]] = {at: [] for at in OPEN_AT}
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, app, games[0], "pocketparks")  # the modules imported
        for _ in range(legs):
            for at, game_id in games.items():
                while len(app.screen_stack) > 1:
                    app.pop_screen()
                times[at].append(await open_game(pilot, app, game_id, "pocketparks"))
    store.close()
    return times


# -- figures -------------------------------------------------------------------------


def key_figure(name: str, ours: list[Took], bare: list[Took]) -> Figure:
    if not ours:
        return Figure(f"key to last screen update, {name}", "none pressed", "", 0, "", False)
    wall = [t.wall for t in ours]
    mid, top = median(wall), max(wall)
    reference = median([t.wall for t in bare])
    return Figure(
        f"key to last screen update, {name}",
        f"median {ms(mid)}, max {ms(top)} (CPU median {ms(median([t.cpu for t in ours]))}; "
        f"{len(ours)} keys)",
        f"bare app: median {ms(reference)}, max {ms(max(t.wall for t in bare))}",
        mid / reference,
        "median <= 30 ms, max <= 60 ms",
        mid <= 0.030 and top <= 0.060,
    )


async def measure(quick: bool) -> list[Figure]:
    legs, keys = (2, 15) if quick else (5, 40)
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp)
        bare: list[Took] = []
        played = {game: ByKeys([], [], []) for game in PEOPLE}
        parks: list[Took] = []
        for leg in range(legs):  # interleaved: a leg of each app in turn
            for game, so_far in played.items():
                bare += await bare_keys(keys)
                leg_played = await moves_by_keys(data_dir, game, keys, 100 * leg)
                for kept, new in zip(so_far, leg_played, strict=True):
                    kept.extend(new)
            bare += await bare_keys(keys)
            parks += await pocket_parks_keys(data_dir, keys)
        opened = await opening(data_dir, legs)
    empty = median([t.wall for t in opened[0]])
    figures = []
    for game, by_keys in played.items():
        people = f"{get_engine(game).title} {PEOPLE[game]}p"
        figures.append(key_figure(f"{people}, moves", by_keys.moves, bare))
        on_board = [t for t in by_keys.moves if all(t is not p for p in by_keys.popups)]
        figures.append(key_figure(f"{people}, moves on the board", on_board, bare))
        figures.append(key_figure(f"{people}, moves through a pop-up", by_keys.popups, bare))
        figures.append(key_figure(f"{people}, other keys", by_keys.others, bare))
    figures.append(key_figure("PocketParks 5p round 2, `o`", parks, bare))
    for at in OPEN_AT[1:]:
        took = median([t.wall for t in opened[at]])
        cpu = median([t.cpu for t in opened[at]])
        figures.append(
            Figure(
                f"opening a saved game, PocketParks 5p at move {at:,}",
                f"{ms(took)} (CPU {ms(cpu)})",
                f"the same game at move 0: {ms(empty)}",
                took / empty,
                "<= 150 ms",
                took <= 0.150,
            )
        )
    return figures


def figures(quick: bool) -> list[Figure]:
    return asyncio.run(measure(quick))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer legs and keys")
    parser.add_argument(
        "--profile", type=Path, metavar="FILE", help="cProfile the timed windows into FILE"
    )
    args = parser.parse_args()
    global PROFILER
    if args.profile is not None:
        PROFILER = cProfile.Profile()
    print(load())
    print(table(figures(args.quick)))
    if PROFILER is not None:
        PROFILER.dump_stats(args.profile)
        pstats.Stats(str(args.profile)).sort_stats("cumulative").print_stats(40)


if __name__ == "__main__":
    main()
