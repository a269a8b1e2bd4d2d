"""The engine protocol: time per action through `tabletop engine` against in-process.

    .venv/bin/python benchmarks/bench_protocol.py [--quick]

Both sides play the same seeded random games, action for action, and do the same
work per action: who acts, that seat's legal actions, one picked at random, applied.
In-process calls the engine (legal_actions, apply, to_act, outcome). Through the
protocol, one long-lived `tabletop engine` subprocess is driven as a client that
plays would drive it: one `act` request per action, with `"legal": true`, whose
answer says what changed (`version`, `to_act`, `outcome`, the seat's log lines; no
view) and the legal actions of every seat that acts next (one `legal` request opens
each game). The driver writes each request and parses each answer. Time per action is
the leg's wall time over its actions; the subprocess is started before the clock runs.
Beside it, the CPU time per action: this process's, plus through the protocol
the engine process's (read from /proc/PID/schedstat, in nanoseconds), which a busy
machine hardly moves.
Legs alternate sides; the figure is the median leg. PocketParks games run to
thousands of actions: each game is cut after ACTIONS actions.

Shown beside it, the pipe's floor: the same driver against a process that plays no
game but parses each request and writes back the engine's recorded answer (the
"echo"). A round trip between two processes per action costs that much whatever
the engine does: on a shared 2-core virtual machine it alone is 1 to 4 times the
in-process time, the more the idler the machine (waking a process on an idle
processor costs more than on a busy one), which the ratio's target has to live with.

Target (issue 13): <= 3x in-process, the round trip included: not met on this
machine while the echo alone costs 1 to 4x.

A second row per game is what the engine process adds beyond that floor, the part
`tabletop engine` controls: (protocol - echo) / in-process, the echo's leg taken
beside the protocol's in each round of legs (the median of their differences, over
the median in-process time). It is what reading a request, checking its action,
playing it, building the answer and writing it cost more than answering with a
recorded line, plus waiting: a process that works longer between two lines is
slower to wake on an idle machine and waits longer for a processor on a loaded one.
Beside it, the same difference in CPU time (both processes each) and its ratio to
the in-process CPU time, which the load moves much less than the wall times. In a
response window (PocketParks) the answer holds the legal actions of every seat
asked, where in-process play lists only the chosen seat's: that engine work, which
the protocol's contract asks for, is part of the figure.
Target: <= 3x, the issue's target applied to what the engine process controls.
"""

from __future__ import annotations

import functools
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, NamedTuple

from measure import Figure, interleaved, median, run_module
from pydantic_core import from_json, to_json

from tabletop.core.engine import Setup
from tabletop.games import get_engine

NAMES = ("Ann", "Bo", "Cy", "Di", "Eve")
GAMES = (("spacepark", "Space Park 4p", 4), ("pocketparks", "PocketParks 5p", 5))
SHUN = frozenset({"cancel"})  # a random player would cancel every PocketParks draft
ACTIONS = 300


def engine_command() -> list[str]:
    """`tabletop engine` as installed beside this interpreter (else through -m)."""
    script = Path(sys.executable).with_name("tabletop")
    if script.exists():
        return [str(script), "engine"]
    return [sys.executable, "-m", "tabletop", "engine"]


def pick(rng: random.Random, kinds: list[str]) -> int:
    """The index of a random legal action, shunned kinds only when nothing else is."""
    wanted = [i for i, kind in enumerate(kinds) if kind not in SHUN] or list(range(len(kinds)))
    return rng.choice(wanted)


class Leg(NamedTuple):
    seconds: float
    cpu: float
    """CPU seconds of this process, and of the engine process through the protocol."""
    actions: int
    received: int
    """Bytes answered through the protocol (none in-process)."""


def in_process(game: str, players: int, seeds: range) -> Leg:
    """The seeded games, called in this process."""
    engine = get_engine(game)
    actions = 0
    cpu = time.process_time()
    began = time.perf_counter()
    for seed in seeds:
        rng = random.Random(seed)
        state = engine.new(Setup(players=NAMES[:players]), seed)
        for _ in range(ACTIONS):
            if engine.outcome(state) is not None:
                break
            seat = rng.choice(engine.to_act(state))
            legal: list[Any] = engine.legal_actions(state, seat)
            chosen = legal[pick(rng, [a.kind for a in legal])]
            state = engine.apply(state, chosen).state
            actions += 1
    elapsed = time.perf_counter() - began
    return Leg(elapsed, time.process_time() - cpu, actions, 0)


# The floor: parse each request line, answer with the engine's recorded answer.
ECHO = """
import json, sys
answers = open(sys.argv[1], "rb").read().splitlines(keepends=True)
out = sys.stdout.buffer
for line, answer in zip(sys.stdin.buffer, answers):
    json.loads(line)
    out.write(answer)
    out.flush()
"""


class Engine:
    """A `tabletop engine` subprocess (or ``command``), one request and answer at a time.
    JSON is written and read with pydantic-core's (Rust) functions, as a client in a
    compiled language would: the figure is the engine's and the pipe's, not the stdlib
    json's. ``answers`` keeps every answer line."""

    def __init__(self, command: list[str]) -> None:
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.received = 0
        """Bytes of the answers so far."""
        self.answers: list[bytes] = []

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(to_json(request) + b"\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        self.received += len(line)
        self.answers.append(line)
        answer: dict[str, Any] = from_json(line)
        assert answer["ok"], answer
        return answer

    def cpu(self) -> float:
        """CPU seconds the engine process has used so far (Linux: /proc, in nanoseconds
        where /proc/PID/stat counts 10 ms ticks)."""
        return int(Path(f"/proc/{self.process.pid}/schedstat").read_text().split()[0]) / 1e9

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def through_protocol(
    game: str, players: int, seeds: range, command: list[str], keep: list[bytes] | None = None
) -> Leg:
    """The same games through ``command``: `tabletop engine`, or the echo. ``keep`` takes
    every answer line."""
    engine = Engine(command)
    engine.ask({"op": "schema", "game": game})  # started and the game loaded, off the clock
    actions = 0
    received = engine.received
    cpu = time.process_time() + engine.cpu()
    began = time.perf_counter()
    for seed in seeds:
        rng = random.Random(seed)
        status = engine.ask({"op": "new", "game": game, "players": NAMES[:players], "seed": seed})
        for _ in range(ACTIONS):
            if status["outcome"] is not None:
                break
            seat = rng.choice(status["to_act"])
            if "legal" in status:  # the last act's answer brought them
                legal = next(e["actions"] for e in status["legal"] if e["seat"] == seat)
            else:  # the game's first move
                legal = engine.ask({"op": "legal", "seat": seat})["actions"]
            chosen = legal[pick(rng, [a["kind"] for a in legal])]
            status = engine.ask({"op": "act", "seat": seat, "action": chosen, "legal": True})
            actions += 1
    elapsed = time.perf_counter() - began
    cpu = time.process_time() + engine.cpu() - cpu
    engine.close()
    if keep is not None:
        keep += engine.answers
    return Leg(elapsed, cpu, actions, engine.received - received)


def record_answers(game: str, players: int, seeds: range, path: Path) -> None:
    """The engine's answers to the seeded games (its first, to `schema`, included), one a
    line in ``path``, for the echo."""
    answers: list[bytes] = []
    through_protocol(game, players, seeds, engine_command(), answers)
    path.write_bytes(b"".join(answers))


def figures(quick: bool) -> list[Figure]:
    legs, games = (3, 2) if quick else (7, 6)
    out: list[Figure] = []
    for game, title, players in GAMES:
        seeds = range(games)
        in_process(game, players, range(1))  # load the game's content before timing
        with tempfile.TemporaryDirectory() as scratch:
            answers = Path(scratch) / "answers.jsonl"
            record_answers(game, players, seeds, answers)
            echo = [sys.executable, "-c", ECHO, str(answers)]
            runs: dict[str, list[Leg]] = interleaved(
                legs,
                {
                    "in": functools.partial(in_process, game, players, seeds),
                    "proto": functools.partial(
                        through_protocol, game, players, seeds, engine_command()
                    ),
                    "echo": functools.partial(through_protocol, game, players, seeds, echo),
                },
            )
        counts = {leg.actions for side in runs.values() for leg in side}
        assert len(counts) == 1, f"the two sides played different games: {counts}"
        actions = counts.pop()
        inside, outside, floor = (
            {
                f: median([getattr(leg, f) / actions for leg in runs[side]])
                for f in ("seconds", "cpu")
            }
            for side in ("in", "proto", "echo")
        )
        per_action = runs["proto"][0].received / actions
        ratio = outside["seconds"] / inside["seconds"]
        beyond = {
            f: median(
                [
                    (getattr(ours, f) - getattr(echo, f)) / actions
                    for ours, echo in zip(runs["proto"], runs["echo"], strict=True)
                ]
            )
            for f in ("seconds", "cpu")
        }
        own = beyond["seconds"] / inside["seconds"]
        out.append(
            Figure(
                f"`tabletop engine` time per action, {title}",
                f"{outside['seconds'] * 1e6:,.0f} us (CPU {outside['cpu'] * 1e6:,.0f} us, both "
                f"processes; {per_action / 1024:.1f} KiB answered)",
                f"in-process {inside['seconds'] * 1e6:,.0f} us (CPU "
                f"{inside['cpu'] * 1e6:,.0f} us); the pipe's floor (echo) "
                f"{floor['seconds'] * 1e6:,.0f} us, {floor['seconds'] / inside['seconds']:.1f}x",
                ratio,
                "<= 3x",
                ratio <= 3,
            )
        )
        out.append(
            Figure(
                f"`tabletop engine` own cost per action beyond the pipe's floor, {title}",
                f"{beyond['seconds'] * 1e6:,.0f} us (protocol - echo; CPU "
                f"{beyond['cpu'] * 1e6:,.0f} us, {beyond['cpu'] / inside['cpu']:.1f}x)",
                f"in-process {inside['seconds'] * 1e6:,.0f} us (CPU {inside['cpu'] * 1e6:,.0f} us)",
                own,
                "<= 3x",
                own <= 3,
            )
        )
    return out


def main() -> None:
    run_module(__doc__, figures)


if __name__ == "__main__":
    main()
