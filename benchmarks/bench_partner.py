"""Pocket Dragon's partner bot: strength against its references, and decision time.

For each difficulty, on the same seeds, four tables of two bots in simulated real time
(tabletop.games.pocketdragon.bots.play_table, the normal reaction of 1.5 s a move):

- honest: two partners, each from its own view only (what play uses);
- ceiling: the same partners deciding on every card's face, their own hands included
  (``Knowledge.omniscient``): what perfect information would give this bot;
- random: any legal move at random (the floor);
- noisy: one partner with a careless one that forgets its looks and moves at random 30%
  of the time (the drop from honest is what a careless person costs).

It prints win rate and mean score (PD-SCORE-1: a lost game scores 0) of each table, the
honest table's mean as a share of the ceiling's (target: at least 85% at every
difficulty), what a flawless instant win would score, and the partner's decision times (the
honest tables' every call to decide: median, p99, max; target p99 <= 50 ms).

    .venv/bin/python -u benchmarks/bench_partner.py [--seeds N] [--jobs J]

Every game is fixed by its seed, so the figures do not depend on J.
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from tabletop.core.engine import Setup
from tabletop.games.pocketdragon.bots import Noisy, Partner, Randomly, play_table
from tabletop.games.pocketdragon.engine import ENGINE
from tabletop.games.pocketdragon.model import LEVELS, Difficulty
from tabletop.games.pocketdragon.rules import score

TABLES = ("ceiling", "honest", "random", "noisy")
DIFFICULTIES: tuple[Difficulty, ...] = ("easy", "medium", "hard")


def one(job: tuple[str, Difficulty, int]) -> tuple[int, bool, list[float]]:
    """One game: its score, whether it was won, and the decision times."""
    table, difficulty, seed = job
    setup = Setup(players=("A", "B"), options={"mode": "table", "difficulty": difficulty})
    state = ENGINE.new(setup, seed)
    partners: list[Partner] = {
        "honest": [Partner(2 * seed), Partner(2 * seed + 1)],
        "ceiling": [Partner(2 * seed), Partner(2 * seed + 1)],
        "random": [Randomly(2 * seed), Randomly(2 * seed + 1)],
        "noisy": [Partner(2 * seed), Noisy(2 * seed + 1)],
    }[table]
    game = play_table(state, partners, ceiling=table == "ceiling")
    won = game.state.status == "won"
    return (score(game.state) if won else 0), won, game.decision_s if table == "honest" else []


def flawless(difficulty: Difficulty) -> int:
    """What a win with no mistake in no time would score: the base, the starting
    Happiness and the whole main timer's tens. Only feeding late (more Happiness) beats
    it, and a game that long has lost tens of seconds."""
    level = LEVELS[difficulty]
    return level.base_score + level.happiness + level.main_s // 10


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=1000, help="seeds 0..N-1 (default 1000)")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    print(f"seeds 0-{args.seeds - 1}, normal reaction (1.5 s a move), {args.jobs} jobs")
    print(f"{'difficulty':<10} {'table':<8} {'won':>6} {'mean score':>10} {'of ceiling':>10}")
    decisions: list[float] = []
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        for difficulty in DIFFICULTIES:
            means: dict[str, float] = {}
            for table in TABLES:
                jobs = [(table, difficulty, seed) for seed in range(args.seeds)]
                results = list(pool.map(one, jobs, chunksize=8))
                means[table] = statistics.mean(r[0] for r in results)
                won = sum(r[1] for r in results) / len(results)
                for r in results:
                    decisions.extend(r[2])
                share = f"{means[table] / means['ceiling']:.1%}" if "ceiling" in means else ""
                print(f"{difficulty:<10} {table:<8} {won:>6.1%} {means[table]:>10.2f} {share:>10}")
            print(f"{difficulty:<10} a flawless instant win scores {flawless(difficulty)}")
    decisions.sort()
    ms = [d * 1000 for d in decisions]
    print(
        f"decide: {len(ms)} calls, median {statistics.median(ms):.2f} ms, "
        f"p99 {ms[int(len(ms) * 0.99)]:.2f} ms, max {ms[-1]:.2f} ms"
    )
    print(f"{time.perf_counter() - started:.0f} s in all")


if __name__ == "__main__":
    main()
