"""What saving a real-time game's running clocks costs (issue 14 item 16).

    nice .venv/bin/python benchmarks/bench_checkpoint.py [--quick]

A Pocket Dragon screen runs the game to its clock 4 times a second, and the session
saves the clocks' reading every CHECKPOINT_S (0.5 s) of that, so a game killed while
its clocks ran resumes within a second. Measured, legs interleaved, medians:

- one reading saved (``Store.save_clock``: an UPDATE, not synced to the disk), beside
  one move saved (``Store.append_action``, synced), in the same file;
- a second of play as a screen ticks it (4 ``GameSession.advance`` calls, 2 of them
  saving), beside the same ticks in a session that never saves a reading: wall and
  processor time, so the share of one core the checkpoints take is plain.
"""

from __future__ import annotations

import functools
import tempfile
import time
from pathlib import Path

from measure import Figure, interleaved, median, ms, run_module

from tabletop.core import session as session_module
from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games.pocketdragon.engine import ENGINE

SEATS = (SeatInfo("Ann"), SeatInfo("Bo"))
TICKS_PER_S = 4


def _game(store: Store) -> GameSession:
    session = GameSession.start(store, ENGINE, SEATS, {"mode": "companion"}, 1)
    session.act(ENGINE.parse_action({"kind": "start", "seat": 0, "now": 0.0}))
    return session


def saves(data_dir: Path, count: int, kind: str) -> float:
    """The median seconds of one write of ``kind`` (a clock reading, or a move)."""
    store = Store(data_dir / f"{kind}.db")
    session = _game(store)
    game, version = session.game_id, store.load_game(session.game_id).version
    move = {"kind": "log_general_clue", "seat": 0, "now": 1.0}
    times = []
    for index in range(count):
        began = time.perf_counter()
        if kind == "clock":
            store.save_clock(game, version, float(index))
        else:
            version = store.append_action(game, version, move)
        times.append(time.perf_counter() - began)
    store.close()
    return median(times)


def play(data_dir: Path, seconds: int, checkpoints: bool) -> tuple[float, float]:
    """Wall and processor seconds per second of play, ticked as a screen does."""
    store = Store(data_dir / f"play-{checkpoints}.db")
    session = _game(store)
    every = session_module.CHECKPOINT_S if checkpoints else float("inf")
    original, session_module.CHECKPOINT_S = session_module.CHECKPOINT_S, every
    try:
        wall, cpu = time.perf_counter(), time.process_time()
        for tick in range(1, seconds * TICKS_PER_S + 1):
            session.advance(tick / TICKS_PER_S)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    finally:
        session_module.CHECKPOINT_S = original
    assert session.outcome is None  # the dragon's 120 s are not over
    store.close()
    return wall / seconds, cpu / seconds


def figures(quick: bool) -> list[Figure]:
    legs = 3 if quick else 9
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp)
        writes = interleaved(
            legs,
            {
                "move": functools.partial(saves, data_dir, 50, "move"),
                "clock": functools.partial(saves, data_dir, 50, "clock"),
            },
        )
        ticks = interleaved(
            legs,
            {
                "without": functools.partial(play, data_dir, 100, False),
                "with": functools.partial(play, data_dir, 100, True),
            },
        )
    clock, move = median(writes["clock"]), median(writes["move"])
    with_wall = median([wall for wall, _ in ticks["with"]])
    with_cpu = median([cpu for _, cpu in ticks["with"]])
    without_wall = median([wall for wall, _ in ticks["without"]])
    without_cpu = median([cpu for _, cpu in ticks["without"]])
    return [
        Figure(
            "clock checkpoint, one reading saved",
            ms(clock),
            f"one move saved {ms(move)}",
            clock / move,
            "<= 1 ms",
            clock <= 0.001,
        ),
        Figure(
            "a second of Pocket Dragon play, 4 ticks, 2 checkpoints",
            f"{ms(with_wall)} (CPU {ms(with_cpu)}, {with_cpu * 100:.2f}% of a core)",
            f"no checkpoints {ms(without_wall)} (CPU {ms(without_cpu)})",
            with_wall / without_wall,
            "CPU <= 1% of a core",
            with_cpu <= 0.01,
        ),
    ]


def main() -> None:
    run_module(__doc__, figures)


if __name__ == "__main__":
    main()
