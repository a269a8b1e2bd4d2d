"""Bots and the simulator: decision times, random-game speed, bot strength, content.

Prints, for docs/balance.md:
  1. hard-bot decision time (median, p90, max) against the 300 ms budget;
  2. 1,000 random-bot Space Park games (1-4 players) and 200 random-bot
     4-player PocketParks games, timed;
  3. first-seat advantage and content figures from greedy tables;
  4. win rates of hard vs greedy vs random in 2-player duels (the bots swap
     seats every game), with N and a 95% interval.

    .venv/bin/python -u benchmarks/bench_bots.py [--duels N] [--pp-duels N] [--jobs J] [--quick]

Duels run in J worker processes (default 2, this machine's cores); every game
is fixed by its index, so the figures do not depend on J.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from tabletop.core.bot import DEFAULT_BUDGET_S
from tabletop.core.engine import Setup
from tabletop.games import get_engine, make_bot
from tabletop.sim import BOT_WORDS, Tally, format_report, play_one, simulate

NAMES = ("A", "B", "C", "D", "E")
GAMES: tuple[str, ...] = ("spacepark", "pocketparks")


def decision_times(game: str, players: int, games: int) -> list[float]:
    """Every decision of hard bots (all seats hard), in seconds."""
    engine = get_engine(game)
    options: dict[str, Any] = {"first_player": "random"} if game == "spacepark" else {}
    times: list[float] = []
    for g in range(games):
        state = engine.new(Setup(players=NAMES[:players], options=options), 500 + g)
        bots = [make_bot(game, "hard", 77 * g + i) for i in range(players)]
        while engine.outcome(state) is None:
            seat = engine.to_act(state)[0]
            legal = engine.legal_actions(state, seat)
            view = engine.view(state, seat)
            start = time.perf_counter()
            action = bots[seat].choose(view, legal, DEFAULT_BUDGET_S)
            times.append(time.perf_counter() - start)
            state = engine.apply(state, action).state
    return times


def section_decisions(quick: bool) -> None:
    print("1. Hard bot decision time (budget 300 ms; every decision, incl. trivial ones)")
    tables = [("spacepark", 1, 4), ("spacepark", 2, 4), ("spacepark", 4, 2)]
    tables += [("pocketparks", 2, 1), ("pocketparks", 4, 1)]
    for game, players, games in tables:
        if game not in GAMES:
            continue
        if quick:
            games = 1
        ts = sorted(decision_times(game, players, games))
        searched = [t for t in ts if t > 0.005]
        over = sum(1 for t in ts if t > DEFAULT_BUDGET_S)
        print(
            f"  {game:11} {players}p x{games}: {len(ts):5} decisions, "
            f"median {1000 * statistics.median(ts):6.1f} ms, "
            f"searches (>5 ms) {len(searched):4}: median "
            f"{1000 * statistics.median(searched) if searched else 0:6.1f} ms, "
            f"p90 {1000 * searched[int(0.9 * len(searched))] if searched else 0:6.1f} ms, "
            f"max {1000 * ts[-1]:6.1f} ms, over budget {over}"
        )


def random_speed(game: str, players: Sequence[int], games: int) -> tuple[float, int]:
    engine = get_engine(game)
    tally = Tally()
    actions = 0
    start = time.perf_counter()
    for i in range(games):
        n = players[i % len(players)]
        result = play_one(engine, game, ("easy",) * n, 1, i, DEFAULT_BUDGET_S, tally)
        actions += result.actions
    return time.perf_counter() - start, actions


def section_speed(quick: bool) -> None:
    print("2. Random-bot games (the driver builds no view for the random bot)")
    sp_games, pp_games = (100, 20) if quick else (1000, 200)
    if "spacepark" in GAMES:
        elapsed, actions = random_speed("spacepark", (1, 2, 3, 4), sp_games)
        print(
            f"  Space Park, 1-4 players: {sp_games} games in {elapsed:6.1f} s "
            f"({1000 * elapsed / sp_games:5.1f} ms/game, {actions / elapsed:8,.0f} actions/s)"
        )
    if "pocketparks" not in GAMES:
        return
    elapsed, actions = random_speed("pocketparks", (4,), pp_games)
    print(
        f"  PocketParks, 4 players: {pp_games} games in {elapsed:6.1f} s "
        f"({1000 * elapsed / pp_games:5.1f} ms/game, {actions / elapsed:8,.0f} actions/s, "
        f"{actions / pp_games:6.0f} actions/game)"
    )


def _duel_game(args: tuple[str, tuple[str, str], int]) -> tuple[str, ...]:
    """One duel game; the pair swaps seats on odd games. Returns the winners' levels."""
    game, pair, index = args
    engine = get_engine(game)
    seats = pair if index % 2 == 0 else (pair[1], pair[0])
    result = play_one(engine, game, seats, 2024, index, DEFAULT_BUDGET_S, Tally())
    return tuple(seats[w] for w in result.winners)


def duel(game: str, pair: tuple[str, str], games: int, jobs: int) -> tuple[float, int]:
    work = [(game, pair, i) for i in range(games)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(_duel_game, work, chunksize=4))
    wins = 0.0
    for winners in results:
        if pair[0] in winners and pair[1] in winners:
            wins += 0.5
        elif pair[0] in winners:
            wins += 1
    return wins / games, games


def section_duels(n_fast: int, n_slow: dict[str, int], jobs: int) -> None:
    print("4. Two-player duels, seats swapped every game (win rate of the first named)")
    for game in GAMES:
        for pair in (("normal", "easy"), ("hard", "easy"), ("hard", "normal")):
            games = n_slow[game] if "hard" in pair else n_fast
            start = time.perf_counter()
            rate, n = duel(game, pair, games, jobs)
            half = 1.96 * math.sqrt(max(rate * (1 - rate), 1e-9) / n)
            print(
                f"  {game:11} {BOT_WORDS[pair[0]]:6} vs {BOT_WORDS[pair[1]]:6}: "
                f"{rate:6.1%} +- {half:5.1%}  (N={n}, {time.perf_counter() - start:5.0f} s)"
            )


def section_content(quick: bool) -> None:
    print("3. Greedy tables, seats as dealt (first player drawn from the seed)")
    sp = 100 if quick else 1000
    pp = 20 if quick else 200
    for game, seats, games in (
        ("spacepark", ("normal",) * 4, sp),
        ("spacepark", ("normal",) * 2, sp),
        ("spacepark", ("normal",), sp),
        ("spacepark", ("hard",), 20 if quick else 100),
        ("pocketparks", ("normal",) * 4, pp),
        ("pocketparks", ("normal",) * 2, pp),
    ):
        if game not in GAMES:
            continue
        report = simulate(game, seats, games, seed=7)
        print()
        print(format_report(report))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--duels", type=int, default=500, help="Space Park games per duel with a hard bot"
    )
    parser.add_argument(
        "--pp-duels", type=int, default=250, help="PocketParks games per duel with a hard bot"
    )
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="a small run to try the script")
    parser.add_argument("--only", choices=["decisions", "speed", "duels", "content"], default=None)
    parser.add_argument("--game", choices=["spacepark", "pocketparks"], default=None)
    args = parser.parse_args()
    global GAMES
    if args.game is not None:
        GAMES = (args.game,)
    n_slow = {"spacepark": args.duels, "pocketparks": args.pp_duels}
    n_fast = max(args.duels, 1000)
    if args.quick:
        n_slow = {"spacepark": 10, "pocketparks": 4}
        n_fast = 40
    sections: dict[str, Callable[[], None]] = {
        "decisions": lambda: section_decisions(args.quick),
        "speed": lambda: section_speed(args.quick),
        "content": lambda: section_content(args.quick),
        "duels": lambda: section_duels(n_fast, n_slow, args.jobs),
    }
    for name, run in sections.items():
        if args.only in (None, name):
            run()
            print()


if __name__ == "__main__":
    main()
