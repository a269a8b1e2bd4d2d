"""Start-up, memory, autosave and resume figures for the app shell.

    .venv/bin/python benchmarks/bench_startup.py [--runs N]

1. Cold start to the first drawn frame: `tabletop`'s app vs a bare Textual app
   showing one Static, each in a fresh subprocess (headless, same size), several
   runs each, interleaved. Target: ratio <= 1.3. A third line, the bare app that
   also imports the engine contract, shows what pydantic would cost if the
   home screen loaded it (it does not: engines load when a game starts).
2. Peak memory (ru_maxrss) of those same processes. Target: ratio <= 1.5.
3. Autosave: the median time to commit one action to the store, synced to the disk
   (synchronous = FULL, so a move on screen survives a power cut). Target <= 20 ms,
   a frame's time: the screen draws a move once it is saved. For comparison, the
   same with synchronous = NORMAL (synced at checkpoints only: a power cut may lose
   the last moves; a crash of tabletop loses nothing either way).
4. Resume by replay: the longest Space Park game found (random legal moves end
   a Space Park game before 300 actions) and a PocketParks game saved at its
   300th action. Target < 200 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# Each child prints its peak memory once the first frame has been drawn, then exits.
FIRST_FRAME = """
import resource, sys

async def first_frame(pilot):
    await pilot.pause()
    pilot.app.exit()

{make_app}
app.run(headless=True, size=(100, 30), auto_pilot=first_frame)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""

BARE_APP = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("tabletop")

app = Bare()
"""

TABLETOP_APP = """
from pathlib import Path
from tabletop.core.store import Store, default_path
from tabletop.tui.app import TabletopApp

app = TabletopApp(Store(default_path(Path(sys.argv[1]))))
"""


def cold_start(make_app: str, data_dir: Path) -> tuple[float, int]:
    """(seconds from spawn to exit after the first frame, peak RSS in KiB)."""
    code = FIRST_FRAME.format(make_app=make_app)
    began = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", code, str(data_dir)], capture_output=True, text=True, check=True
    )
    return time.perf_counter() - began, int(done.stdout.split()[-1])


def bench_start(runs: int, data_dir: Path) -> None:
    cold_start(TABLETOP_APP, data_dir)  # warm the OS file cache and create the store
    bare: list[tuple[float, int]] = []
    kernel: list[tuple[float, int]] = []
    ours: list[tuple[float, int]] = []
    for _ in range(runs):
        bare.append(cold_start(BARE_APP, data_dir))
        kernel.append(cold_start("import tabletop.core.engine\n" + BARE_APP, data_dir))
        ours.append(cold_start(TABLETOP_APP, data_dir))
    bare_t = statistics.median(t for t, _ in bare)
    kernel_t = statistics.median(t for t, _ in kernel)
    ours_t = statistics.median(t for t, _ in ours)
    bare_m = max(m for _, m in bare)
    ours_m = max(m for _, m in ours)
    print(f"cold start to first frame, median of {runs}:")
    print(f"  bare Textual app  {bare_t * 1000:7.0f} ms")
    print(f"  bare + kernel     {kernel_t * 1000:7.0f} ms   (+ tabletop.core.engine: pydantic)")
    print(f"  tabletop          {ours_t * 1000:7.0f} ms")
    print(f"  ratio             {ours_t / bare_t:7.2f}   (target <= 1.3)")
    print("peak memory (ru_maxrss):")
    print(f"  bare Textual app  {bare_m / 1024:7.1f} MiB")
    print(f"  tabletop          {ours_m / 1024:7.1f} MiB")
    print(f"  ratio             {ours_m / bare_m:7.2f}   (target <= 1.5)")


def bench_autosave(data_dir: Path) -> None:
    from tabletop.core.store import FIRST_VERSION, SeatInfo, Store

    print("autosave, one committed action:")
    for synchronous in ("FULL", "NORMAL"):
        store = Store(data_dir / f"autosave-{synchronous}.db")
        if synchronous != "FULL":  # the store's own setting is FULL; this is for comparison
            store._db.execute(f"PRAGMA synchronous = {synchronous}")
        seats = (SeatInfo("Ann"), SeatInfo("Bob"))
        setup = {"players": ["Ann", "Bob"], "options": {}}
        game = store.create_game("spacepark", setup, seats, 1)
        version = FIRST_VERSION
        times = []
        for index in range(300):
            action = {"kind": "ride", "seat": index % 2, "rocket": index % 7, "pay": [1, 2]}
            began = time.perf_counter()
            version = store.append_action(game, version, action)
            times.append(time.perf_counter() - began)
        store.close()
        median = statistics.median(times) * 1000
        p95 = statistics.quantiles(times, n=20)[-1] * 1000
        label = "FULL (the store's)" if synchronous == "FULL" else f"{synchronous} (comparison)"
        print(f"  synchronous {label:<20} median {median:6.3f} ms, 95th percentile {p95:6.3f} ms")
    print("  (target <= 20 ms with FULL)")


def bench_resume(data_dir: Path, game: str, players: int) -> None:
    """Play random legal moves (the longest of a few games, up to 300 actions), then
    time resuming it from the store."""
    from tabletop.core.session import GameSession
    from tabletop.core.store import SeatInfo, Store
    from tabletop.games import get_engine

    try:
        engine = get_engine(game)
    except (ValueError, AttributeError) as exc:
        print(f"resume: {game} skipped, no engine ({exc})")
        return
    store = Store(data_dir / f"resume-{game}.db")
    seats = tuple(SeatInfo(n) for n in ("Ann", "Bob", "Cat", "Dan", "Eve")[:players])
    pick = random.Random(0)
    session = None
    for seed in range(40):
        candidate = GameSession.start(store, engine, seats, {}, seed)
        while candidate.to_act and candidate.moves < 300:
            seat = candidate.to_act[0]
            candidate.act(pick.choice(candidate.legal_actions(seat)))
        if session is None or candidate.moves > session.moves:
            session = candidate
        if session.moves >= 300:
            break
    assert session is not None
    times = []
    for _ in range(7):
        began = time.perf_counter()
        resumed = GameSession.resume(store, session.game_id, engine)
        times.append(time.perf_counter() - began)
    assert engine.state_json(resumed.state) == engine.state_json(session.state)
    store.close()
    print(
        f"resume of a {session.moves}-action {engine.title} game ({players} players, random "
        f"legal moves): median {statistics.median(times) * 1000:.1f} ms (target < 200)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="cold starts of each app")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp)
        bench_start(args.runs, data_dir)
        bench_autosave(data_dir)
        bench_resume(data_dir, "spacepark", 4)  # its games end before 300 actions
        bench_resume(data_dir, "pocketparks", 5)


if __name__ == "__main__":
    main()
