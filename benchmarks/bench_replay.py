"""The replay viewer (issue 15): starting a replay, and each step of it.

    nice .venv/bin/python benchmarks/bench_replay.py [--quick]

A 5-person PocketParks game of random moves is saved at move 3,000 (as
bench_screens.py's longest saved game). Measured, legs in turn, with the Pilot at
120x40, from the call to the last frame it caused (bench_screens.timed):

1. Starting its replay: ``open_replay`` (what History's Enter does: the game read
   from the store, the game's own screen opened read-only at move 0). Reference:
   opening the same game saved at move 0 to play it (``app.resume``), the game
   screen's own cost. Target: under 200 ms.
2. Each step: ``right`` and ``left`` from the middle of the game, and ``]`` (the next
   turn), once the positions are computed (a worker computes them after the start).
   Reference: a key of a bare Textual app. Target: every step under 30 ms.
3. Opening the move list (``m``) in the middle of a game of 26,000 random moves
   (PocketParks 5p, seed 4: it runs that long unfinished), its positions computed.
   Reference: the move list of a game of 10 moves, over the same replay. Target:
   under 200 ms (median). The slowest opening is told too: one of either side may
   take a full garbage collection pass of Python over the 26,000 positions kept in
   memory (0.4-0.7 s; the replay's, not the list's).
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from bench_screens import (
    SIZE,
    ClockedTabletop,
    Took,
    bare_keys,
    open_game,
    press,
    random_game,
    settle,
    timed,
)
from measure import Figure, median, ms, run_module

from tabletop.core.replay import ReplaySession
from tabletop.core.store import Store
from tabletop.tui.screens.base import GameScreen
from tabletop.tui.screens.replay import MoveList, ReplayTable, open_replay

MOVES = 3_000
LIST_MOVES = 26_000


async def measure_replay(data_dir: Path, legs: int, keys: int) -> tuple[list[Took], ...]:
    store = Store(data_dir / "replay.db")
    long = random_game(store, "pocketparks", 5, 1, lambda s: s.moves >= MOVES)
    empty = random_game(store, "pocketparks", 5, 1, lambda s: True)
    app = ClockedTabletop(store)
    starts: list[Took] = []
    references: list[Took] = []
    steps: list[Took] = []
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, app, empty, "pocketparks")  # the modules imported
        for _ in range(legs):
            for game_id in (empty, long):
                while len(app.screen_stack) > 1:
                    app.pop_screen()
                if game_id == empty:
                    references.append(await open_game(pilot, app, empty, "pocketparks"))
                    continue

                async def start(game_id: int = game_id) -> None:
                    open_replay(app, game_id, "pocketparks")

                starts.append(await timed(pilot, app.frames, start))
        screen = app.screen
        assert isinstance(screen, GameScreen) and isinstance(screen.controller, ReplayTable)
        table = screen.controller
        assert len(table.replay.replay) == MOVES + 1
        while table.replay.replay.computed < MOVES + 1:  # the worker, after the start
            await asyncio.sleep(0.05)
        table.go(MOVES // 2)
        await settle(pilot, app.frames)
        for key in ("right", "left", "right_square_bracket") * keys:
            steps.append(await timed(pilot, app.frames, press(pilot, key)))
    store.close()
    return starts, references, steps


async def measure_move_list(data_dir: Path, legs: int) -> tuple[list[Took], list[Took]]:
    """The move list of a 26,000-move game opened and closed ``legs`` times, and in turn
    that of a 10-move game (the reference), both over the long game's replay."""
    store = Store(data_dir / "moves.db")
    long = random_game(store, "pocketparks", 5, 4, lambda s: s.moves >= LIST_MOVES)
    short = random_game(store, "pocketparks", 5, 4, lambda s: s.moves >= 10)
    app = ClockedTabletop(store)
    lists: list[Took] = []
    references: list[Took] = []
    async with app.run_test(size=SIZE) as pilot:
        sessions: list[ReplaySession] = []
        for game_id in (short, long):
            while len(app.screen_stack) > 1:
                app.pop_screen()
            open_replay(app, game_id, "pocketparks")
            await settle(pilot, app.frames)
            screen = app.screen
            assert isinstance(screen, GameScreen) and isinstance(screen.controller, ReplayTable)
            table = screen.controller
            replay = table.replay.replay
            while replay.computed < len(replay):  # the worker, after the start
                await asyncio.sleep(0.05)
            table.go(len(replay) // 2)
            sessions.append(table.replay)
        assert len(sessions[1].replay) == LIST_MOVES + 1
        await settle(pilot, app.frames)
        for _ in range(legs):
            for session, took in zip(sessions, (references, lists), strict=True):

                async def open_list(session: ReplaySession = session) -> None:
                    app.push_screen(MoveList(session, None))

                took.append(await timed(pilot, app.frames, open_list))
                assert isinstance(app.screen, MoveList)
                await pilot.press("escape")
    store.close()
    return lists, references


async def measure(quick: bool) -> list[Figure]:
    legs, keys = (2, 5) if quick else (5, 15)
    with tempfile.TemporaryDirectory() as tmp:
        starts, references, steps = await measure_replay(Path(tmp), legs, keys)
        lists, list_references = await measure_move_list(Path(tmp), 2 * legs + 1)
    bare = await bare_keys(len(steps))
    start, reference = median([t.wall for t in starts]), median([t.wall for t in references])
    mid, top = median([t.wall for t in steps]), max(t.wall for t in steps)
    bare_mid = median([t.wall for t in bare])
    listed = median([t.wall for t in lists])
    short_listed = median([t.wall for t in list_references])
    return [
        Figure(
            f"replay start, PocketParks 5p at move {MOVES:,}",
            f"{ms(start)} (CPU {ms(median([t.cpu for t in starts]))})",
            f"opening the game at move 0 to play: {ms(reference)}",
            start / reference,
            "< 200 ms",
            start < 0.200,
        ),
        Figure(
            f"replay step (next, previous, next turn), PocketParks 5p, {MOVES:,} moves",
            f"median {ms(mid)}, max {ms(top)} (CPU median {ms(median([t.cpu for t in steps]))}; "
            f"{len(steps)} keys)",
            f"bare app: median {ms(bare_mid)}",
            mid / bare_mid,
            "each < 30 ms",
            top < 0.030,
        ),
        Figure(
            f"move list opened, PocketParks 5p, {LIST_MOVES:,} moves",
            f"median {ms(listed)}, max {ms(max(t.wall for t in lists))} "
            f"(CPU median {ms(median([t.cpu for t in lists]))}; {len(lists)} openings)",
            f"10 moves: median {ms(short_listed)} "
            f"(CPU {ms(median([t.cpu for t in list_references]))})",
            listed / short_listed,
            "< 200 ms",
            listed < 0.200,
        ),
    ]


def figures(quick: bool) -> list[Figure]:
    return asyncio.run(measure(quick))


def main() -> None:
    run_module(__doc__, figures)


if __name__ == "__main__":
    main()
