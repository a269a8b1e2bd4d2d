"""PocketParks speed: random full games (3 rounds, 4 players).

Prints the median microseconds of one legal_actions + apply, actions per second
and games per second. Run: .venv/bin/python benchmarks/bench_pocketparks.py [games]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from tabletop.core.engine import Setup
from tabletop.games.pocketparks import ENGINE

PLAYERS = ("Ana", "Ben", "Cy", "Dee")


def play(seed: int, samples: list[float]) -> int:
    rnd = random.Random(seed)
    state = ENGINE.new(Setup(players=PLAYERS), seed)
    actions = 0
    clock = time.perf_counter
    while ENGINE.outcome(state) is None:
        seat = rnd.choice(ENGINE.to_act(state))
        start = clock()
        legal = ENGINE.legal_actions(state, seat)
        middle = clock()
        action = rnd.choice([a for a in legal if a.kind != "cancel"] or legal)
        resumed = clock()
        state = ENGINE.apply(state, action).state
        samples.append((middle - start) + (clock() - resumed))
        actions += 1
    return actions


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    samples: list[float] = []
    start = time.perf_counter()
    actions = sum(play(seed, samples) for seed in range(games))
    elapsed = time.perf_counter() - start
    engine_time = sum(samples)
    print(f"games: {games}, actions: {actions} ({actions / games:.0f} per game)")
    print(f"median legal_actions + apply: {statistics.median(samples) * 1e6:.1f} us")
    print(f"p90 legal_actions + apply:    {statistics.quantiles(samples, n=10)[-1] * 1e6:.1f} us")
    print(f"actions/s (engine time):      {actions / engine_time:,.0f}")
    print(f"games/s (wall, incl. bot):    {games / elapsed:.2f}")


if __name__ == "__main__":
    main()
