"""The partner bot's strength: tables of two bots in simulated real time, at every
difficulty, on the same seeds (``bots.play_table``, the normal reaction of 1.5 s a move).
`tabletop sim pocketdragon` and benchmarks/bench_partner.py run them.

- honest: two partners, each from its own view only (what play uses);
- ceiling: the same partners deciding on every card's face, their own hands included
  (``Knowledge.omniscient``): what perfect information would give this bot;
- random: any legal move at random (the floor);
- noisy: one partner with a careless one that forgets its looks and moves at random 30%
  of the time (the drop from honest is what a careless person costs).

Each table's win rate and mean score (PD-SCORE-1: a lost game scores 0), the honest
table's mean as a share of the ceiling's (target: at least 85% at every difficulty), what
a flawless instant win would score, and the honest partners' decision times (every call
to decide: median, p99, max; target p99 <= 50 ms). Every game is fixed by its seed, so
the figures do not depend on how many processes play them.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

from tabletop.core.engine import Setup
from tabletop.core.kit import Tables
from tabletop.games.pocketdragon.bots import Noisy, Partner, Randomly, play_table
from tabletop.games.pocketdragon.engine import ENGINE
from tabletop.games.pocketdragon.model import LEVELS, Difficulty
from tabletop.games.pocketdragon.rules import score

TABLES = ("ceiling", "honest", "random", "noisy")
DIFFICULTIES: tuple[Difficulty, ...] = ("easy", "medium", "hard")
Job = tuple[str, Difficulty, int]
Result = tuple[int, bool, list[float]]


def one(job: Job) -> Result:
    """One game: its score, whether it was won, and the honest partners' decision times."""
    table, difficulty, seed = job
    setup = Setup(players=("A", "B"), options={"mode": "table", "difficulty": difficulty})
    state = ENGINE.new(setup, seed)
    pairs: dict[str, list[Partner]] = {
        "honest": [Partner(2 * seed), Partner(2 * seed + 1)],
        "ceiling": [Partner(2 * seed), Partner(2 * seed + 1)],
        "random": [Randomly(2 * seed), Randomly(2 * seed + 1)],
        "noisy": [Partner(2 * seed), Noisy(2 * seed + 1)],
    }
    partners = pairs[table]
    game = play_table(state, partners, ceiling=table == "ceiling")
    won = game.state.status == "won"
    return (score(game.state) if won else 0), won, game.decision_s if table == "honest" else []


def flawless(difficulty: Difficulty) -> int:
    """What a win with no mistake in no time would score: the base, the starting
    Happiness and the whole main timer's tens. Only feeding late (more Happiness) beats
    it, and a game that long has lost tens of seconds."""
    level = LEVELS[difficulty]
    return level.base_score + level.happiness + level.main_s // 10


@contextmanager
def _mapper(jobs: int) -> Iterator[Callable[[list[Job]], list[Result]]]:
    if jobs <= 1:
        yield lambda work: [one(job) for job in work]
        return
    with ProcessPoolExecutor(jobs) as pool:
        yield lambda work: list(pool.map(one, work, chunksize=8))


def strength(
    games: int, seed: int = 0, jobs: int = 1, progress: Callable[[int], None] | None = None
) -> dict[str, Any]:
    """Every table at every difficulty on seeds ``seed`` .. ``seed + games - 1``: the
    report, plain data (JSON-ready). ``progress`` is told the games played so far."""
    if games < 1:
        raise ValueError("the number of games must be at least 1")
    seeds = range(seed, seed + games)
    rows: list[dict[str, Any]] = []
    decisions: list[float] = []
    done = 0
    with _mapper(jobs) as play:
        for difficulty in DIFFICULTIES:
            means: dict[str, float] = {}
            for table in TABLES:
                results = play([(table, difficulty, s) for s in seeds])
                means[table] = statistics.mean(r[0] for r in results)
                for r in results:
                    decisions.extend(r[2])
                rows.append(
                    {
                        "difficulty": difficulty,
                        "table": table,
                        "won": round(sum(r[1] for r in results) / games, 4),
                        "mean": round(means[table], 2),
                        "of_ceiling": round(means[table] / means["ceiling"], 4)
                        if means["ceiling"]
                        else None,
                    }
                )
                done += games
                if progress is not None:
                    progress(done)
    ms = sorted(d * 1000 for d in decisions)
    return {
        "game": "pocketdragon",
        "games": games,
        "seed": seed,
        "reaction_s": 1.5,
        "tables": rows,
        "flawless": {d: flawless(d) for d in DIFFICULTIES},
        "decision_ms": {
            "calls": len(ms),
            "median": round(statistics.median(ms), 3),
            "p99": round(ms[int(len(ms) * 0.99)], 3),
            "max": round(ms[-1], 3),
        },
    }


def lines(report: Mapping[str, Any]) -> list[str]:
    """The report as text: a line per table, then the decision times."""
    last = report["seed"] + report["games"] - 1
    out = [
        f"pocketdragon: partner tables, seeds {report['seed']}-{last}, "
        f"normal reaction ({report['reaction_s']:g} s a move)",
        f"{'difficulty':<10} {'table':<8} {'won':>6} {'mean score':>10} {'of ceiling':>10}",
    ]
    for row in report["tables"]:
        share = "" if row["of_ceiling"] is None else f"{row['of_ceiling']:.1%}"
        out.append(
            f"{row['difficulty']:<10} {row['table']:<8} {row['won']:>6.1%} "
            f"{row['mean']:>10.2f} {share:>10}"
        )
        if row["table"] == TABLES[-1]:
            flawless_score = report["flawless"][row["difficulty"]]
            out.append(f"{row['difficulty']:<10} a flawless instant win scores {flawless_score}")
    t = report["decision_ms"]
    out.append(
        f"decide: {t['calls']} calls, median {t['median']:.2f} ms, "
        f"p99 {t['p99']:.2f} ms, max {t['max']:.2f} ms"
    )
    return out


TABLES_SIM = Tables(count=len(TABLES) * len(DIFFICULTIES), run=strength, lines=lines)
"""The kit's tables for `tabletop sim pocketdragon`."""
