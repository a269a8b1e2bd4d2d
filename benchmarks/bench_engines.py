"""Engine speed: random playouts of each game against python-chess random playouts.

    .venv/bin/python benchmarks/bench_engines.py [--quick]

A playout is what a search bot or the simulator does: ask who acts, list that
seat's legal actions, pick one at random, apply it, check for the end. Ours count
actions per second (legal_actions + apply + to_act + outcome, and for Pocket
Dragon, a real-time game, advancing its clocks 0-3 s between moves); the
reference counts plies per second of python-chess doing the same (legal_moves,
push, outcome) from the start position. Games are seeded, so every leg plays the
same games. Both count per second of this process's CPU time: the work is one
thread's, and CPU time hardly moves when other processes share the machine.
Random play skips a kind only when something else is legal (cancel in
PocketParks, pause and reset in Pocket Dragon), as the hardening tests do: else
a random player cancels or pauses forever.

Target (issue 13): every game >= 1.0x python-chess, Space Park and PocketParks >= 2x.
"""

from __future__ import annotations

import functools
import random
import time
from dataclasses import dataclass
from typing import Any

import chess
from measure import Figure, interleaved, median, run_module

from tabletop.core.engine import Setup
from tabletop.games import get_engine

NAMES = ("Ann", "Bo", "Cy", "Di", "Eve")


@dataclass(frozen=True)
class Playout:
    game: str
    title: str
    setup: Setup
    shun: frozenset[str]
    target: float


PLAYOUTS = (
    Playout("spacepark", "Space Park 4p", Setup(players=NAMES[:4]), frozenset(), 2.0),
    Playout("pocketparks", "PocketParks 5p", Setup(players=NAMES), frozenset({"cancel"}), 2.0),
    Playout(
        "pocketdragon",
        "Pocket Dragon 2p",
        Setup(players=NAMES[:2], options={"mode": "table", "difficulty": "medium"}),
        frozenset({"pause", "reset"}),
        1.0,
    ),
)


def chess_plies(seconds: float, seed: int) -> float:
    """Plies per CPU second of random chess games, played for about ``seconds``."""
    rng = random.Random(seed)
    plies = 0
    began = time.process_time()
    while time.process_time() - began < seconds:
        board = chess.Board()
        while board.outcome() is None:
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    return plies / (time.process_time() - began)


def game_actions(playout: Playout, seconds: float, seed: int) -> float:
    """Actions per CPU second of random games of ``playout``, played for about ``seconds``
    (a game cut off by the time still counts its actions)."""
    engine = get_engine(playout.game)
    rng = random.Random(seed)
    actions = 0
    began = time.process_time()
    while time.process_time() - began < seconds:
        state = engine.new(playout.setup, rng.randrange(1 << 30))
        now = 0.0
        while engine.outcome(state) is None and time.process_time() - began < seconds:
            if engine.realtime:
                now += rng.randint(0, 3000) / 1000
                state = engine.advance(state, now).state
                if engine.outcome(state) is not None:
                    break
            seat = rng.choice(engine.to_act(state))
            legal: list[Any] = engine.legal_actions(state, seat)
            wanted = [a for a in legal if a.kind not in playout.shun] or legal
            state = engine.apply(state, rng.choice(wanted)).state
            actions += 1
    return actions / (time.process_time() - began)


def figures(quick: bool) -> list[Figure]:
    legs, seconds = (5, 0.3) if quick else (15, 1.0)
    out: list[Figure] = []
    for playout in PLAYOUTS:
        game_actions(playout, 0.1, 0)  # load the game's content before timing
        runs = interleaved(
            legs,
            {
                "chess": functools.partial(chess_plies, seconds, 1),
                "ours": functools.partial(game_actions, playout, seconds, 1),
            },
        )
        chess_rate, ours = median(runs["chess"]), median(runs["ours"])
        ratio = ours / chess_rate
        out.append(
            Figure(
                f"engine random playouts, {playout.title}",
                f"{ours:,.0f} actions/s",
                f"python-chess {chess_rate:,.0f} plies/s",
                ratio,
                f">= {playout.target:.1f}x",
                ratio >= playout.target,
            )
        )
    return out


def main() -> None:
    run_module(__doc__, figures)


if __name__ == "__main__":
    main()
