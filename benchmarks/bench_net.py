"""Playing over the network (issue 16), on loopback, everything measured in one run.

    .venv/bin/python benchmarks/bench_net.py [--moves N] [--tables N]

1. Latency: a `tabletop host` process and one `tabletop join --engine` process per
   seat. For each move the other seats wait (`wait`); the figure is the time from
   writing the mover's `act` to reading each other seat's answer. Beside it, the
   same moves in process: GameSession.act (the engine and the save) plus every
   seat's view and legal actions, which is what the host must compute before it can
   tell anyone. Target: the median latency at most 5 ms beyond the in-process time.
2. Scale: one host process holding N tables (default 50) of 4 seats, every seat a
   websockets client in this process, all playing random legal Space Park games at
   once to their ends. Moves a second, p50/p99 latency (a seat's act sent to the
   other seats' updates received), the host's memory per table, and a check that
   every seat got every update exactly once (no gap, no repeat).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import selectors
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games import get_engine
from tabletop.net.client import Connection

NAMES = ("Ann", "Bo", "Cy", "Di")
LATENCY_GAMES = (
    ("spacepark", 2, "{}"),
    ("spacepark", 4, "{}"),
    ("pocketparks", 4, "{}"),
    ("pocketdragon", 2, '{"mode": "table"}'),
)


def _ms(seconds: list[float], q: float) -> float:
    ordered = sorted(seconds)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


# -- 1. latency through real processes -------------------------------------------------


class Seat:
    """A `tabletop join --engine` process."""

    def __init__(self, url: str, code: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tabletop", "join", url, code, "--engine"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        assert self.process.stdin is not None and self.process.stdout is not None
        self.stdin, self.stdout = self.process.stdin, self.process.stdout

    def send(self, request: dict[str, Any]) -> None:
        self.stdin.write(json.dumps(request).encode() + b"\n")
        self.stdin.flush()

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        self.send(request)
        answer: dict[str, Any] = json.loads(self.stdout.readline())
        return answer


def _all_here(seat: Seat) -> dict[str, Any]:
    """The seat's state once every seat has joined."""
    state = seat.ask({"op": "wait", "since": 0})
    while not all(other["connected"] for other in state["seats"]):
        state = seat.ask({"op": "wait", "since": state["version"]})
    return state


def latency_run(data: Path, game: str, players: int, options: str, moves: int) -> str:
    host = subprocess.Popen(
        [
            *(sys.executable, "-m", "tabletop", "--data-dir", str(data), "host", game),
            *("--players", ",".join(NAMES[:players]), "--options", options, "--seed", "7"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert host.stdout is not None
    hosted = json.loads(host.stdout.readline())
    seats = [Seat(hosted["url"], s["code"]) for s in hosted["seats"]]
    chooser = random.Random(7)
    over_net: list[float] = []
    try:
        states = [_all_here(seat) for seat in seats]
        for _ in range(moves):
            state = states[0]
            if state["outcome"] is not None:
                break
            mover = chooser.choice(state["to_act"])
            legal = [a for a in states[mover]["legal"] if a["kind"] not in ("pause", "reset")]
            action = chooser.choice(legal or states[mover]["legal"])
            others = [s for s in range(players) if s != mover]
            selector = selectors.DefaultSelector()
            for other in others:
                seats[other].send({"op": "wait", "since": states[other]["version"]})
                selector.register(seats[other].stdout, selectors.EVENT_READ, other)
            began = time.perf_counter()
            answer = seats[mover].ask({"op": "act", "action": action})
            assert answer["ok"], answer
            waiting = set(others)
            while waiting:
                for key, _ in selector.select():
                    other = key.data
                    states[other] = json.loads(seats[other].stdout.readline())
                    if states[other]["moves"] < answer["moves"]:  # a clock tick came first
                        seats[other].send({"op": "wait", "since": states[other]["version"]})
                        continue
                    over_net.append(time.perf_counter() - began)
                    waiting.discard(other)
                    selector.unregister(seats[other].stdout)
            states[mover] = seats[mover].ask({"op": "wait", "since": 0})
    finally:
        for seat in seats:
            seat.stdin.close()
            seat.process.wait(timeout=30)
        host.terminate()
        host.wait(timeout=30)
    in_process = _in_process(data, game, hosted["game_id"], players)
    net, local = statistics.median(over_net) * 1000, statistics.median(in_process) * 1000
    return (
        f"  {game:12} {players} seats {len(in_process):4} moves: over the network p50 "
        f"{net:6.2f} ms (p99 {_ms(over_net, 0.99):6.2f}), in process {local:5.2f} ms, "
        f"beyond it {net - local:5.2f} ms (target <= 5), ratio {net / local:4.1f}"
    )


def _in_process(data: Path, game: str, game_id: int, players: int) -> list[float]:
    """The same moves in process: act (engine and save), then every seat's view and
    legal actions, as the host computes them for its updates."""
    record = Store(data / "tabletop.db").load_record(game_id)
    engine = get_engine(game)
    with tempfile.TemporaryDirectory() as scratch:
        store = Store(Path(scratch) / "tabletop.db")
        seats = tuple(SeatInfo(name) for name in record.setup.players)
        session = GameSession.start(store, engine, seats, record.setup.options, record.seed)
        times = []
        for data_action in record.actions:
            action = engine.parse_action(data_action)
            began = time.perf_counter()
            session.act(action)
            for seat in range(players):
                session.view(seat).model_dump_json()
                [engine.dump_action(a) for a in session.legal_actions(seat)]
            times.append(time.perf_counter() - began)
        store.close()
    # The host's own pause/resume/start moves are in the record too; the figure is per move.
    return times


# -- 2. scale: many tables in one host -----------------------------------------------------

HOST_SCRIPT = r"""
import asyncio, json, sys
from pathlib import Path
from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games import get_engine
from tabletop.net.client import Connection
from tabletop.net.host import Host, new_code

def rss_kb():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])

async def main(data, tables):
    before = rss_kb()
    store = Store(Path(data) / "tabletop.db")
    host = Host(report=lambda line: None)
    engine = get_engine("spacepark")
    games = []
    for table in range(tables):
        seats = tuple(SeatInfo(name) for name in ("Ann", "Bo", "Cy", "Di"))
        session = GameSession.start(store, engine, seats, {}, table)
        games.append(host.add(session, [new_code() for _ in seats]))
    port = await host.start("127.0.0.1", 0)
    codes = [game.codes for game in games]
    print(json.dumps({"port": port, "rss_kb": before, "codes": codes}), flush=True)
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while await reader.readline():  # each line: report memory now
        print(json.dumps({"rss_kb": rss_kb()}), flush=True)
    await host.close()

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
"""


class Scale:
    """What the tables of the scale run share: first every table moves once every
    ``pace`` seconds or so, ``paced`` moves; then, once all have, every table plays flat
    out to its end."""

    def __init__(self, tables: int, paced: int, pace: float) -> None:
        self.paced, self.pace = paced, pace
        self.sent: dict[tuple[int, int], tuple[float, str]] = {}  # (table, move): when, phase
        self.latencies: dict[str, list[float]] = {"paced": [], "flat": []}
        self.problems: list[str] = []
        self.moves = [0] * tables
        self.waiting = tables
        self.flat = asyncio.Event()
        self.flat_from = (0.0, 0)  # when the flat phase began, and the moves made by then

    def paced_done(self) -> None:
        self.waiting -= 1
        if self.waiting == 0:
            self.flat_from = (time.perf_counter(), sum(self.moves))
            self.flat.set()


async def _table(url: str, codes: list[str], table: int, scale: Scale) -> None:
    """Four seats play one random game; each checks it gets every update exactly once."""
    connections = [Connection(url, code, report=lambda line: None) for code in codes]
    runners = [asyncio.create_task(c.run()) for c in connections]
    for connection in connections:
        await connection.ready()
    seen: list[list[int]] = [[] for _ in codes]
    moved = asyncio.Event()

    def watcher(seat: int) -> Any:
        def changed() -> None:
            update = connections[seat].update
            assert update is not None
            seen[seat].append(update["version"])
            sent = scale.sent.get((table, update["moves"]))
            if update["notice"] is None and sent is not None:
                scale.latencies[sent[1]].append(time.perf_counter() - sent[0])
            moved.set()

        return changed

    for seat, connection in enumerate(connections):
        connection.subscribe(watcher(seat))
    chooser = random.Random(table)
    while True:
        update = connections[0].update
        assert update is not None
        if update["outcome"] is not None:
            break
        updates = [c.update for c in connections]
        if any(u is None or u["moves"] != update["moves"] for u in updates):
            moved.clear()
            await moved.wait()  # until every seat has seen the last move
            continue
        phase = "paced" if update["moves"] < scale.paced else "flat"
        if phase == "paced":
            await asyncio.sleep(scale.pace * chooser.uniform(0.5, 1.5))
        elif not scale.flat.is_set():
            scale.paced_done()
            await scale.flat.wait()
        mover = chooser.choice(update["to_act"])
        legal = updates[mover]["legal"]  # type: ignore[index]
        scale.sent[(table, update["moves"] + 1)] = (time.perf_counter(), phase)
        answer = await connections[mover].request({"op": "act", "action": chooser.choice(legal)})
        if not answer["ok"]:
            scale.problems.append(f"table {table}: {answer}")
            break
        scale.moves[table] = answer["moves"]
    if not scale.flat.is_set():
        scale.paced_done()
    for seat, versions in enumerate(seen):
        if versions != list(range(versions[0], versions[0] + len(versions))):
            scale.problems.append(f"table {table} seat {seat}: an update lost or repeated")
    for connection in connections:
        await connection.close()
    for runner in runners:
        await runner


async def scale_run(data: Path, tables: int, paced: int, pace: float) -> list[str]:
    host = subprocess.Popen(
        [sys.executable, "-c", HOST_SCRIPT, str(data), str(tables)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert host.stdin is not None and host.stdout is not None
    started = json.loads(host.stdout.readline())
    url = f"ws://127.0.0.1:{started['port']}"
    scale = Scale(tables, paced, pace)
    play = [
        asyncio.create_task(_table(url, codes, table, scale))
        for table, codes in enumerate(started["codes"])
    ]
    peak = 0
    while not all(task.done() for task in play):
        host.stdin.write("\n")
        host.stdin.flush()
        line = await asyncio.to_thread(host.stdout.readline)
        peak = max(peak, json.loads(line)["rss_kb"])
        await asyncio.wait(play, timeout=0.5)
    for task in play:
        task.result()
    ended = time.perf_counter()
    host.stdin.close()
    host.wait(timeout=30)
    flat_began, moves_then = scale.flat_from
    flat_moves = sum(scale.moves) - moves_then
    per_table = (peak - started["rss_kb"]) / tables
    paced_lat, flat_lat = scale.latencies["paced"], scale.latencies["flat"]
    return [
        f"  {tables} tables x 4 seats, Space Park, {sum(scale.moves)} moves; every seat "
        "checks it got every update once:",
        f"  paced (a move every ~{pace:g} s a table, the first {paced} moves): latency (act "
        f"sent -> each seat's update) p50 {_ms(paced_lat, 0.5):.2f} ms, p99 "
        f"{_ms(paced_lat, 0.99):.2f} ms over {len(paced_lat)} deliveries",
        f"  flat out to the ends: {flat_moves} moves in {ended - flat_began:.1f} s = "
        f"{flat_moves / (ended - flat_began):.0f} moves/s; latency p50 {_ms(flat_lat, 0.5):.1f} "
        f"ms, p99 {_ms(flat_lat, 0.99):.1f} ms (every table waiting its turn at the host)",
        f"  host memory: {started['rss_kb'] / 1024:.0f} MB before the tables, peak "
        f"{peak / 1024:.0f} MB: {per_table:.0f} KB a table",
        "  every update reached every seat exactly once"
        if not scale.problems
        else "  PROBLEMS:\n    " + "\n    ".join(scale.problems),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=300, help="moves per latency game")
    parser.add_argument("--tables", type=int, default=50, help="tables in the scale run")
    parser.add_argument("--paced", type=int, default=20, help="paced moves a table first")
    parser.add_argument("--pace", type=float, default=1.0, help="seconds between paced moves")
    args = parser.parse_args()
    load = ", ".join(f"{n:.1f}" for n in os.getloadavg())
    print(f"(load average before the run: {load}, on {os.cpu_count()} cores)")
    print("1. Latency: a move by one headless seat reaching the others (loopback)")
    for game, players, options in LATENCY_GAMES:
        with tempfile.TemporaryDirectory() as data:
            print(latency_run(Path(data), game, players, options, args.moves), flush=True)
    print(f"2. Scale: one host, {args.tables} tables")
    with tempfile.TemporaryDirectory() as data:
        for line in asyncio.run(scale_run(Path(data), args.tables, args.paced, args.pace)):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
