"""Playing over the network (issue 16, item 7), on loopback: figures for run_all.py.

    .venv/bin/python benchmarks/bench_net.py [--quick] [--profile FILE]

1. Latency of headless seats: a `tabletop host` process and one `tabletop join
   --engine` process per seat play a seeded random game. For each move the other
   seats wait (`wait`); a delivery is the time from writing the mover's `act` to
   reading another seat's answer. Its reference is the same moves in process:
   GameSession.act (the engine and the save) plus every seat's view and legal
   actions, which is what the host must compute before it can tell anyone, made in
   this process between the moves over the network (so that both sides see the
   same load: the save's sync to the disk alone varies from 0.3 to 4 ms on a shared
   machine). The figures are medians over every leg's samples.
   Target: the median delivery at most 5 ms beyond the in-process median.
2. Latency of game screens (Pilot clients): a `tabletop host` process and, per
   seat, `tabletop join`'s game screen (its app, headless under Textual's Pilot,
   noting each frame it draws as bench_screens.py does) in a process of its own, as
   at each player's own computer; Space Park, 2 players, played by random keys the
   screens offer. For each key that sends a move, the time from just before the key
   to the last frame the move drew at the other seat's screen (once it has drawn
   nothing for bench_screens.QUIET); beside it, when the host's update reached that
   screen's process, and the CPU time that process spent from then to that frame.
   The key is sent as the terminal driver sends it, and that screen is left alone
   until it has drawn the move's first frame: the Pilot's settle (Pilot.press's too)
   queues a call on every widget of the app and waits for each, work that competed
   with the screens' drawing (a quarter of the CPU time measured) and that no
   player's terminal does.
   Reference: a bare Textual app's key (bench_screens.bare_keys),
   legs in turn. Target: median <= 30 ms, max <= 60 ms.
3. Scale: one host process holding 50 tables of 4 seats, every seat a websockets
   client (client.Connection) in this process, all playing random legal Space Park
   games at once to their ends: first each table moves about once a second
   (the latency of a table among busy ones: a seat's act sent to the other seats'
   updates received, p50 and p99), then all flat out (moves a second). The host's
   memory per table, and every seat checks it got every update exactly once (no gap,
   no repeat): the target. Its reference: the same moves in process, per move.

--profile FILE measures the Pilot clients only, with cProfile on in each screen's
process from each host update's arrival to the frame it drew (a seat's whole part
of a delivery), merged into FILE, and prints the top functions; the profiler slows
what it measures, so its figures are not the ones to quote.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import pstats
import random
import selectors
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from bench_screens import (
    APP_CSS,
    SIZE,
    FrameClock,
    Took,
    bare_keys,
    game_screen,
    settle,
)
from measure import Figure, load, median, ms, table
from pydantic_core import from_json, to_json
from rich.console import RenderableType
from textual.app import App
from textual.screen import Screen

from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games import get_engine
from tabletop.net.client import Connection
from tabletop.tui.dialogs import Choose
from tabletop.tui.games.spacepark.screen import ASKS, SpaceParkScreen
from tabletop.tui.join import JoinApp

NAMES = ("Ann", "Bo", "Cy", "Di")


def space_park_key(app: App[Any], rng: random.Random) -> str:
    """A random key the seat's Space Park screen offers now (a decision's, in its
    pop-up over the board)."""
    game = app.screen
    if isinstance(game, Choose):
        return rng.choice([c.key for c in game.choices if c.offered])
    assert isinstance(game, SpaceParkScreen)
    choice = game.choice_state
    keys = [
        key
        for kind in game.question()
        for index, key in enumerate(ASKS[kind].keys)
        if choice(kind, index) is True
    ]
    return rng.choice(keys)


class Game(NamedTuple):
    game: str
    title: str
    players: int
    options: str


LATENCY_GAMES = (
    Game("spacepark", "Space Park 4p", 4, "{}"),
    Game("pocketparks", "PocketParks 4p", 4, "{}"),
    Game("pocketdragon", "Pocket Dragon 2p (table mode)", 2, '{"mode": "table"}'),
)
BEYOND_S = 0.005
"""Target: the median delivery at most this much beyond the in-process median."""


def quantile(seconds: list[float], q: float) -> float:
    ordered = sorted(seconds)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# -- 1. latency through real processes -------------------------------------------------


STUCK_S = 60.0
"""A leg that waits this long for a seat is broken: it stops, saying what the seats said."""


class Seat:
    """A `tabletop join --engine` process; what it says on stderr goes to ``log``. Its
    JSON is written and read with pydantic-core's functions, as a compiled client would
    (bench_protocol.Engine)."""

    def __init__(self, url: str, code: str, log: Path) -> None:
        self.log = log
        with log.open("wb") as stderr:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tabletop", "join", url, "--engine"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=stderr,
            )
        assert self.process.stdin is not None and self.process.stdout is not None
        self.stdin, self.stdout = self.process.stdin, self.process.stdout
        self.stdin.write(code.encode() + b"\n")  # the code first, as a script gives it

    def send(self, request: dict[str, Any]) -> None:
        self.stdin.write(to_json(request) + b"\n")
        self.stdin.flush()

    def read(self) -> dict[str, Any]:
        line = self.stdout.readline()
        if not line:
            raise RuntimeError(f"a seat ended: {self.log.read_text()[-2000:]}")
        answer: dict[str, Any] = from_json(line)
        return answer

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        self.send(request)
        return self.read()


def _all_here(seat: Seat) -> dict[str, Any]:
    """The seat's state once every seat has joined."""
    deadline = time.monotonic() + STUCK_S
    state = seat.ask({"op": "wait", "since": 0})
    while not all(other["connected"] for other in state["seats"]):
        if time.monotonic() > deadline:
            raise RuntimeError(f"the seats did not all join: {state['seats']}")
        state = seat.ask({"op": "wait", "since": state["version"], "timeout": 1})
    return state


class Mirror:
    """A hosted game's moves made again in this process as the host makes them, each
    timed: act (the engine and the save, in a store of its own), then every seat's view
    and legal actions, as the host computes them for its updates. Caught up after every
    move over the network, so both sides are measured under the same load. (A real-time
    game's record holds the host's own start, pause and resume moves too.)"""

    def __init__(self, hosted: Path, game_id: int, scratch: Path) -> None:
        self.source = Store(hosted)
        self.game_id = game_id
        record = self.source.load_record(game_id)
        self.engine = get_engine(record.game)
        self.store = Store(scratch / "tabletop.db")
        self.seats = tuple(SeatInfo(name) for name in record.setup.players)
        self.session = GameSession.start(
            self.store, self.engine, self.seats, record.setup.options, record.seed
        )
        self.made = 0
        self.times: list[float] = []

    def catch_up(self) -> None:
        actions = self.source.load_record(self.game_id).actions
        for data in actions[self.made :]:
            action = self.engine.parse_action(data)
            began = time.perf_counter()
            self.session.act(action)
            for seat in range(len(self.seats)):
                self.session.view(seat).model_dump_json()
                [self.engine.dump_action(a) for a in self.session.legal_actions(seat)]
            self.times.append(time.perf_counter() - began)
        self.made = len(actions)

    def close(self) -> None:
        self.source.close()
        self.store.close()


def start_host(data: Path, game: Game, seed: int) -> tuple[subprocess.Popen[str], dict[str, Any]]:
    """A `tabletop host` process serving a new game saved in ``data``, and the JSON line
    it printed (the address, the game's id, each seat's code)."""
    host = subprocess.Popen(
        [
            *(sys.executable, "-m", "tabletop", "--data-dir", str(data), "host", game.game),
            *("--players", ",".join(NAMES[: game.players]), "--options", game.options),
            *("--seed", str(seed)),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert host.stdout is not None
    return host, json.loads(host.stdout.readline())


def latency_leg(data: Path, game: Game, moves: int) -> tuple[list[float], list[float]]:
    """One game through a host and a join process per seat: every delivery's seconds,
    and every move's seconds in process (Mirror)."""
    host, hosted = start_host(data, game, 7)
    (data / "mirror").mkdir()
    mirror = Mirror(data / "tabletop.db", hosted["game_id"], data / "mirror")
    seats = [Seat(hosted["url"], s["code"], data / f"seat{s['seat']}.log") for s in hosted["seats"]]
    chooser = random.Random(7)
    deliveries: list[float] = []
    try:
        states = [_all_here(seat) for seat in seats]
        for _ in range(moves):
            mirror.catch_up()
            state = states[0]
            if state["outcome"] is not None:
                break
            mover = chooser.choice(state["to_act"])
            legal = [a for a in states[mover]["legal"] if a["kind"] not in ("pause", "reset")]
            action = chooser.choice(legal or states[mover]["legal"])
            others = [s for s in range(game.players) if s != mover]
            selector = selectors.DefaultSelector()
            for other in others:
                seats[other].send({"op": "wait", "since": states[other]["version"]})
                selector.register(seats[other].stdout, selectors.EVENT_READ, other)
            began = time.perf_counter()
            answer = seats[mover].ask({"op": "act", "action": action})
            assert answer["ok"], answer
            waiting = set(others)
            while waiting:
                ready = selector.select(STUCK_S)
                if not ready:
                    raise RuntimeError(f"no update reached seats {sorted(waiting)}")
                for key, _ in ready:
                    other = key.data
                    states[other] = seats[other].read()
                    if states[other]["moves"] < answer["moves"]:  # a clock tick came first
                        seats[other].send({"op": "wait", "since": states[other]["version"]})
                        continue
                    deliveries.append(time.perf_counter() - began)
                    waiting.discard(other)
                    selector.unregister(seats[other].stdout)
            states[mover] = seats[mover].ask({"op": "wait", "since": 0})
    finally:
        for seat in seats:
            seat.stdin.close()
        host.terminate()
        processes: list[subprocess.Popen[Any]] = [seat.process for seat in seats]
        for process in [*processes, host]:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
        mirror.close()
    return deliveries, mirror.times


def in_process(store: Path, game_id: int) -> list[float]:
    """The moves of a stored game made again in process, each timed (as Mirror does)."""
    with tempfile.TemporaryDirectory() as scratch:
        mirror = Mirror(store, game_id, Path(scratch))
        mirror.catch_up()
        mirror.close()
    return mirror.times


def latency(game: Game, legs: int, moves: int) -> Figure:
    net: list[float] = []
    local: list[float] = []
    for _ in range(legs):
        with tempfile.TemporaryDirectory() as data:
            deliveries, made = latency_leg(Path(data), game, moves)
            net += deliveries
            local += made
    net_p50, local_p50 = median(net), median(local)
    return Figure(
        f"headless seats: a move reaching the others, {game.title}",
        f"median {ms(net_p50)}, p99 {ms(quantile(net, 0.99))} ({len(net)} deliveries)",
        f"in process {ms(local_p50)} (act, save, every seat's view)",
        net_p50 / local_p50,
        "<= in-process + 5 ms",
        net_p50 - local_p50 <= BEYOND_S,
    )


# -- 2. latency of game screens: `tabletop join` under the Pilot ---------------------------

PILOT_GAME = Game("spacepark", "Space Park 2p", 2, "{}")


PROFILE: Path | None = None
"""Set by --profile: where the Pilot clients' profiles are merged."""


class ClockedJoin(FrameClock, JoinApp):
    """`tabletop join`'s app, noting when each frame is drawn (bench_screens), and the
    process's CPU time then; ``profiler``, if any, stops at each frame."""

    CSS_PATH = APP_CSS

    def __init__(self, store: Store, url: str, code: str) -> None:
        super().__init__(store, url, code)
        self.frames = []
        self.frame_cpu: list[float] = []
        self.profiler: cProfile.Profile | None = None

    def _display(self, screen: Screen[Any], renderable: RenderableType | None) -> None:
        drawn = len(self.frames)
        super()._display(screen, renderable)
        if len(self.frames) > drawn:
            self.frame_cpu.append(time.process_time())
            if self.profiler is not None:
                self.profiler.disable()


async def _until(holds: Callable[[], bool], what: str) -> None:
    """Until ``holds``, letting the app and its connection work (a bound, not a timing:
    the measurement is the frames' times)."""
    try:
        async with asyncio.timeout(STUCK_S):
            while not holds():
                await asyncio.sleep(0.001)
    except TimeoutError:
        raise RuntimeError(what) from None


async def _screen_seat(url: str, code: str, data: str, seed: str, profile: str) -> None:
    """One seat's game screen (ClockedJoin, headless under the Pilot) in this process,
    driven by JSON lines on stdin, one answer line each on stdout:
    ``settle`` (until it has drawn all it will; its table now), ``key`` (a random key
    the screen offers, timed from just before it is pressed; did it send a move?),
    ``moved`` (until the table shows move ``moves``, then settled: when the host's update
    with it came, the last frame drawn since the last ``settle``, and the process's CPU
    seconds from the update to that frame). ``profile``: a file for the profile of
    each update's arrival to its frame, or ""."""
    store = Store(Path(data) / "seat.db")
    app = ClockedJoin(store, url, code)
    if profile:
        app.profiler = cProfile.Profile()
    rng = random.Random(int(seed))
    loop = asyncio.get_running_loop()
    async with app.run_test(size=SIZE) as pilot:
        await _until(lambda: isinstance(app.screen, SpaceParkScreen), "no game screen")
        table = game_screen(app).session
        settled = 0  # frames drawn by the last settle
        # when the host's updates came (wall and CPU), with the moves they showed
        arrivals: list[tuple[float, float, int]] = []
        connection = app.connection
        assert connection is not None

        def arrived() -> None:
            arrivals.append((time.perf_counter(), time.process_time(), table.moves))
            if app.profiler is not None:
                app.profiler.enable()

        connection.subscribe(arrived)
        while line := await loop.run_in_executor(None, sys.stdin.readline):
            request = json.loads(line)
            if request["op"] == "settle":
                app.clear_notifications()
                await settle(pilot, app.frames)
                settled = len(app.frames)
                answer = {"moves": table.moves, "to_act": table.to_act, "over": table.outcome}
            elif request["op"] == "key":
                moves = table.moves
                key = space_park_key(app, rng)
                began = time.perf_counter()
                # as the terminal driver sends a key; not Pilot.press, whose settle queues
                # a call on every widget while the key's move is sent (as under ``moved``)
                await app._press_keys([key])
                sent = game_screen(app).sending is not None or table.moves > moves
                answer = {"began": began, "sent": sent}
            else:
                target = request["moves"]
                async with asyncio.timeout(STUCK_S):  # woken by the update, as the screen is
                    while table.moves < target:
                        await connection.wait(connection.changes)
                    # Its first frame is awaited as a player's terminal would, doing nothing:
                    # the Pilot's settle queues a call on every widget, work that would
                    # compete with the screen's own. Then any later frame it caused.
                    while len(app.frames) == settled:
                        app.framed.clear()
                        await app.framed.wait()
                await settle(pilot, app.frames)
                came, cpu = next((t, c) for t, c, moves in arrivals if moves >= target)
                drew = len(app.frames) > settled
                answer = {
                    "came": came,
                    "last": app.frames[-1] if drew else None,
                    "cpu": app.frame_cpu[-1] - cpu if drew else None,
                }
            print(json.dumps(answer, default=str), flush=True)
    store.close()
    if app.profiler is not None:
        app.profiler.dump_stats(profile)


SCREEN_SEAT = "import asyncio, sys, bench_net; asyncio.run(bench_net._screen_seat(*sys.argv[1:]))"


class ScreenSeat:
    """A seat's game screen in a process of its own (``_screen_seat``): as at a player's
    own computer, drawing one screen does not hold up another's."""

    def __init__(self, url: str, code: str, data: Path, seed: int) -> None:
        data.mkdir()
        self.process = subprocess.Popen(
            [
                *(sys.executable, "-c", SCREEN_SEAT),
                *(url, code, str(data), str(seed), str(data / "profile") if PROFILE else ""),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=(data / "stderr").open("wb"),
            cwd=Path(__file__).parent,
            text=True,
        )
        self.data = data

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"a screen ended: {(self.data / 'stderr').read_text()[-3000:]}")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


class Delivery(NamedTuple):
    """A move by keys at one screen, at the other seats' screens (the latest of them):
    seconds from the key to the host's update arriving, and to the last frame drawn;
    the CPU seconds a screen's process spent from the update to that frame (the most
    of any screen)."""

    came: float
    drawn: float
    cpu: float


def pilot_leg(data: Path, keys: int, seed: int) -> list[Delivery]:
    """A Space Park game through a `tabletop host` process, each seat a `tabletop join`
    game screen in a process of its own (ScreenSeat), played by random keys the screens
    offer; every key that sent a move, timed at the other seats' screens."""
    host, hosted = start_host(data, PILOT_GAME, seed)
    seats = [
        ScreenSeat(hosted["url"], s["code"], data / f"seat{s['seat']}", seed + s["seat"])
        for s in hosted["seats"]
    ]
    deliveries: list[Delivery] = []
    try:
        while len(deliveries) < keys:
            tables = [seat.ask({"op": "settle"}) for seat in seats]
            if tables[0]["over"] is not None:
                break
            mover = tables[0]["to_act"][0]
            pressed = seats[mover].ask({"op": "key"})
            if not pressed["sent"]:
                continue  # a key that chose part of a move, or was refused at the screen
            moved = {"op": "moved", "moves": tables[0]["moves"] + 1}
            ends = [seat.ask(moved) for i, seat in enumerate(seats) if i != mover]
            if any(end["last"] is None for end in ends):
                raise RuntimeError("a move reached a screen and drew nothing there")
            began = pressed["began"]
            deliveries.append(
                Delivery(
                    max(end["came"] for end in ends) - began,
                    max(end["last"] for end in ends) - began,
                    max(end["cpu"] for end in ends),
                )
            )
    finally:
        for seat in seats:
            seat.close()
        host.terminate()
        host.wait(timeout=30)
        if PROFILE is not None:
            _merge_profiles([seat.data / "profile" for seat in seats])
    return deliveries


def _merge_profiles(files: list[Path]) -> None:
    assert PROFILE is not None
    stats = pstats.Stats(*(str(f) for f in [PROFILE, *files] if f.exists()))
    stats.dump_stats(PROFILE)


def pilot_latency(legs: int, keys: int) -> Figure:
    """Pilot clients' deliveries against a bare Textual app's key, legs in turn."""
    bare: list[Took] = []
    net: list[Delivery] = []
    for leg in range(legs):
        bare += asyncio.run(bare_keys(keys))
        with tempfile.TemporaryDirectory() as data:
            net += pilot_leg(Path(data), keys, 100 + leg)
    reference = median([t.wall for t in bare])
    drawn = [d.drawn for d in net]
    mid, top = median(drawn), max(drawn)
    return Figure(
        f"Pilot clients: a move by keys reaching the other screen, {PILOT_GAME.title}",
        f"median {ms(mid)}, max {ms(top)} ({len(net)} moves; the host's update came in "
        f"median {ms(median([d.came for d in net]))}, the rest is the screen's redraw: "
        f"CPU median {ms(median([d.cpu for d in net]))})",
        f"bare app's key: median {ms(reference)}, max {ms(max(t.wall for t in bare))}",
        mid / reference,
        "median <= 30 ms, max <= 60 ms",
        mid <= 0.030 and top <= 0.060,
    )


# -- 3. scale: many tables in one host -----------------------------------------------------

HOST_SCRIPT = r"""
import asyncio, json, sys
from pathlib import Path
from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games import get_engine
from tabletop.net.server import Host, new_code

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
    tables = [{"codes": game.codes, "game_id": game.session.game_id} for game in games]
    print(json.dumps({"port": port, "rss_kb": before, "tables": tables}), flush=True)
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


class ScaleRun(NamedTuple):
    scale: Scale
    moves_per_s: float
    kb_per_table: float
    game_ids: list[int]


async def _scale_run(data: Path, tables: int, paced: int, pace: float) -> ScaleRun:
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
        asyncio.create_task(_table(url, list(hosted["codes"]), table, scale))
        for table, hosted in enumerate(started["tables"])
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
    moves_per_s = (sum(scale.moves) - moves_then) / (ended - flat_began)
    per_table = (peak - started["rss_kb"]) / tables
    return ScaleRun(scale, moves_per_s, per_table, [t["game_id"] for t in started["tables"]])


def scale(tables: int, paced: int, sample: int) -> Figure:
    """The scale run, and its reference: the first ``sample`` tables' moves in process."""
    with tempfile.TemporaryDirectory() as data:
        run = asyncio.run(_scale_run(Path(data), tables, paced, 1.0))
        local = [
            t
            for game_id in run.game_ids[:sample]
            for t in in_process(Path(data) / "tabletop.db", game_id)
        ]
    paced_lat = run.scale.latencies["paced"]
    local_rate = 1 / median(local)
    lost = run.scale.problems
    return Figure(
        f"{tables} tables x 4 headless seats, one host (Space Park)",
        f"{run.moves_per_s:,.0f} moves/s flat out; at a move a second a table, updates "
        f"p50 {ms(median(paced_lat))}, p99 {ms(quantile(paced_lat, 0.99))}; "
        f"{run.kb_per_table:,.0f} KB a table" + (f"; LOST: {'; '.join(lost)}" if lost else ""),
        f"in process {local_rate:,.0f} moves/s (act, save, 4 views)",
        local_rate / run.moves_per_s,
        "every update once to every seat",
        not lost,
    )


def figures(quick: bool) -> list[Figure]:
    legs, moves, paced, keys = (1, 100, 5, 15) if quick else (3, 300, 20, 40)
    out = [latency(game, legs, moves) for game in LATENCY_GAMES]
    out.append(pilot_latency(legs, keys))
    out.append(scale(50, paced, 10))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer legs and games")
    parser.add_argument(
        "--profile",
        type=Path,
        metavar="FILE",
        help="the Pilot clients only, each screen profiled from an update to its frame",
    )
    args = parser.parse_args()
    print(load())
    if args.profile is None:
        print(table(figures(args.quick)))
        return
    global PROFILE
    PROFILE = args.profile
    PROFILE.unlink(missing_ok=True)
    print(table([pilot_latency(1, 15 if args.quick else 40)]))
    pstats.Stats(str(PROFILE)).sort_stats("cumulative").print_stats(40)


if __name__ == "__main__":
    main()
