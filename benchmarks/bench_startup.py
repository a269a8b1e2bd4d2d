"""Start-up: `tabletop engine` and the app, each against a bare process doing the least.

    .venv/bin/python benchmarks/bench_startup.py [--quick]

1. `tabletop engine` launch to its first answer (a `new` Space Park game), against
   a bare Python process that imports pydantic (its BaseModel) and answers the
   line (the "pydantic echo"), and one that only imports json (the "bare echo",
   shown for scale). Spawn to the answer read. The three run with their bytecode
   cached, as an installed program does (pip compiles it; this machine's
   PYTHONDONTWRITEBYTECODE would have every launch compile tabletop's sources):
   in a cache of their own (PYTHONPYCACHEPREFIX), filled by a first launch.
2. The app's cold start to its first drawn frame against a bare Textual app
   showing one Static: each in a fresh process, headless at the same size, from
   spawn until the process exits after its first frame. Peak memory (VmHWM, the
   peak resident set: Linux) of the same processes.
3. Autosave: committing one action to the store (every move does before the
   screen draws it), against the same INSERT and commit in plain sqlite3 on
   the same disk, with the store's settings (WAL, synchronous FULL: a move on
   screen survives a power cut). Target: at most a frame, 20 ms.

Legs alternate the sides; figures are medians over the legs (memory: the highest).
"""

from __future__ import annotations

import functools
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_protocol import engine_command
from measure import Figure, interleaved, median, ms, run_module

# -- 1. engine launch ------------------------------------------------------------

BARE_ECHO = """
import json, sys
request = json.loads(sys.stdin.readline())
print(json.dumps({"ok": True, "op": request["op"]}), flush=True)
"""

# `import pydantic` alone loads next to nothing (its names load on first use): take one.
PYDANTIC_ECHO = """
import json, sys
from pydantic import BaseModel
request = json.loads(sys.stdin.readline())
print(json.dumps({"ok": True, "op": request["op"]}), flush=True)
"""

FIRST_REQUEST = '{"op": "new", "game": "spacepark", "players": ["Ann", "Bo"], "seed": 1}\n'


def first_answer(command: list[str], env: dict[str, str] | None = None) -> float:
    """Seconds from spawning ``command`` to reading its answer to FIRST_REQUEST."""
    began = time.perf_counter()
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(FIRST_REQUEST)
    process.stdin.flush()
    answer = process.stdout.readline()
    elapsed = time.perf_counter() - began
    process.stdin.close()
    process.wait()
    assert answer.startswith('{"ok":true') or answer.startswith('{"ok": true'), answer
    return elapsed


def engine_launch(legs: int, data_dir: Path) -> Figure:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(data_dir / "bytecode")
    commands = {
        "bare": [sys.executable, "-c", BARE_ECHO],
        "pydantic": [sys.executable, "-c", PYDANTIC_ECHO],
        "engine": engine_command(),
    }
    for command in commands.values():  # compile the bytecode, warm the OS file cache
        first_answer(command, env)
    runs = interleaved(
        legs,
        {side: functools.partial(first_answer, command, env) for side, command in commands.items()},
    )
    bare, pydantic, engine = (median(runs[k]) for k in ("bare", "pydantic", "engine"))
    ratio = engine / pydantic
    return Figure(
        "`tabletop engine` launch to first answer",
        f"{ms(engine)} ({engine / bare:.1f}x a bare echo, {ms(bare)})",
        f"pydantic echo {ms(pydantic)}",
        ratio,
        "<= 2x",
        ratio <= 2,
    )


# -- 2. app start ----------------------------------------------------------------

# Each child prints its peak memory (VmHWM: ru_maxrss would count the benchmark's own,
# inherited across fork) once the first frame has been drawn, then exits.
FIRST_FRAME = """
import re, sys

async def first_frame(pilot):
    await pilot.pause()
    pilot.app.exit()

{make_app}
app.run(headless=True, size=(120, 40), auto_pilot=first_frame)
with open("/proc/self/status") as status:
    print(re.search(r"VmHWM:\\s*(\\d+) kB", status.read()).group(1))
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


def app_start(legs: int, data_dir: Path) -> list[Figure]:
    cold_start(TABLETOP_APP, data_dir)  # warm the OS file cache and create the store
    runs = interleaved(
        legs,
        {
            "bare": functools.partial(cold_start, BARE_APP, data_dir),
            "ours": functools.partial(cold_start, TABLETOP_APP, data_dir),
        },
    )
    bare_t, ours_t = (median([t for t, _ in runs[k]]) for k in ("bare", "ours"))
    bare_m, ours_m = (max(m for _, m in runs[k]) / 1024 for k in ("bare", "ours"))
    return [
        Figure(
            "app start to first frame",
            ms(ours_t),
            f"bare Textual app {ms(bare_t)}",
            ours_t / bare_t,
            "<= 1.3x",
            ours_t / bare_t <= 1.3,
        ),
        Figure(
            "app memory at first frame (peak resident set)",
            f"{ours_m:.1f} MiB",
            f"bare Textual app {bare_m:.1f} MiB",
            ours_m / bare_m,
            "<= 1.5x",
            ours_m / bare_m <= 1.5,
        ),
    ]


# -- 3. autosave -----------------------------------------------------------------

ACTION = {"kind": "visit", "seat": 0, "dest": "lunar_woods", "scout_fee": None}


def store_commits(data_dir: Path, count: int) -> float:
    """The median seconds of Store.append_action, in a fresh game."""
    from tabletop.core.store import FIRST_VERSION, SeatInfo, Store

    store = Store(data_dir / "autosave.db")
    seats = (SeatInfo("Ann"), SeatInfo("Bob"))
    game = store.create_game("spacepark", {"players": ["Ann", "Bob"], "options": {}}, seats, 1)
    version = FIRST_VERSION
    times = []
    for _ in range(count):
        began = time.perf_counter()
        version = store.append_action(game, version, ACTION)
        times.append(time.perf_counter() - began)
    store.close()
    return median(times)


def sqlite_commits(data_dir: Path, count: int) -> float:
    """The median seconds of the same row inserted and committed with plain sqlite3,
    as the store's settings have it."""
    import json

    db = sqlite3.connect(data_dir / "plain.db")
    db.execute("PRAGMA journal_mode = WAL")  # as the store sets it
    db.execute("PRAGMA synchronous = FULL")
    db.execute("CREATE TABLE IF NOT EXISTS actions (g INTEGER, i INTEGER, a TEXT)")
    times = []
    for index in range(count):
        began = time.perf_counter()
        with db:
            db.execute("INSERT INTO actions VALUES (?, ?, ?)", (1, index, json.dumps(ACTION)))
        times.append(time.perf_counter() - began)
    db.close()
    return median(times)


def autosave(legs: int, data_dir: Path) -> Figure:
    runs = interleaved(
        legs,
        {
            "sqlite": functools.partial(sqlite_commits, data_dir, 100),
            "store": functools.partial(store_commits, data_dir, 100),
        },
    )
    store, plain = median(runs["store"]), median(runs["sqlite"])
    return Figure(
        "autosave, one action committed",
        ms(store),
        f"plain sqlite3 {ms(plain)}",
        store / plain,
        "<= 20 ms",
        store <= 0.020,
    )


def figures(quick: bool) -> list[Figure]:
    legs = 3 if quick else 9
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp)
        return [
            engine_launch(legs, data_dir),
            *app_start(legs, data_dir),
            autosave(legs, data_dir),
        ]


def main() -> None:
    run_module(__doc__, figures)


if __name__ == "__main__":
    main()
