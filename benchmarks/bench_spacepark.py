"""Space Park speed: random games with fixed seeds, 1-4 players.

Prints actions per second, the median microseconds of one (legal_actions + apply),
games per second and milliseconds per 4-player game. Then a balance check of the
house badge deck: games between simple greedy players (turns per player, solo wins,
which badges get earned most and least).

    .venv/bin/python benchmarks/bench_spacepark.py [games per player count]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter
from typing import Any

from tabletop.core.engine import Setup
from tabletop.games.spacepark import ENGINE
from tabletop.games.spacepark.content import CRYSTALS, badges
from tabletop.games.spacepark.model import State
from tabletop.games.spacepark.scoring import price

NAMES = ("Ann", "Bob", "Cy", "Di")


def play(players: int, seed: int, step_ns: list[int]) -> State:
    state = ENGINE.new(Setup(players=NAMES[:players]), seed)
    chooser = random.Random(seed)
    clock = time.perf_counter_ns
    while not state.over:
        seat = ENGINE.to_act(state)[0]
        start = clock()
        legal = ENGINE.legal_actions(state, seat)
        action = legal[chooser.randrange(len(legal))]
        state = ENGINE.apply(state, action).state
        step_ns.append(clock() - start)
    return state


GATHER = {"sun": "cosmic_canyon", "moon": "lunar_woods", "sea": "celestial_seas"}


def greedy_score(state: State, seat: int, action: Any) -> float:
    """A plain greedy player: earn the best badge, else gather what the hand needs."""
    deck = badges()
    player = state.players[seat]
    kind = action.kind
    if kind == "scout_benefit":
        return 2 if action.take == "sun" else 1
    if kind == "keep":
        assert state.pending is not None and state.pending.drawn is not None
        return deck[state.pending.drawn].xp
    if kind == "exchange":
        return deck[action.badge].xp
    if kind != "visit":
        return 0
    fee = 3 if action.scout_fee == "sun" else 1 if action.scout_fee else 0
    dest = action.dest
    if dest == "outpost13":
        return 100 + deck[action.badge].xp - fee
    if dest == "starlight_station":
        return (60 if len(player.hand) < 2 else 5) - fee
    if dest == "fusion_falls":
        return 15 - fee
    if dest == "astral_arcade":
        return 10 - fee
    missing = Counter[str]()
    for badge in player.hand:
        for i, n in enumerate(price(player, deck[badge])):
            missing[CRYSTALS[i]] += max(0, n - player.stock[i])
    crystal = next(c for c, d in GATHER.items() if d == dest)
    return 20 + 10 * min(missing[crystal], 2) - fee


def play_greedy(players: int, seed: int) -> State:
    state = ENGINE.new(Setup(players=NAMES[:players]), seed)
    chooser = random.Random(seed)
    while not state.over:
        seat = ENGINE.to_act(state)[0]
        legal = ENGINE.legal_actions(state, seat)
        scores = [greedy_score(state, seat, a) + chooser.random() for a in legal]
        state = ENGINE.apply(state, legal[scores.index(max(scores))]).state
    return state


def balance(games: int) -> None:
    print(f"Balance: {games} games of greedy players per player count")
    earned = Counter[str]()
    for players in (1, 2, 3, 4):
        turns: list[float] = []
        wins = 0
        for seed in range(games):
            state = play_greedy(players, seed)
            outcome = ENGINE.outcome(state)
            assert outcome is not None
            turns.append(state.turn / players)
            wins += bool(outcome.winners)
            earned.update(b for p in state.players for b in p.earned)
        line = f"{players}p: {statistics.mean(turns):5.1f} turns per player"
        if players == 1:
            line += f"  solo wins {wins}/{games}"
        print(line)
    ranked = [f"{b} {n}" for b, n in earned.most_common()]
    print("most earned: " + ", ".join(ranked[:5]))
    print("least earned: " + ", ".join(ranked[-5:]))
    never = sorted(set(badges()) - set(earned))
    print("never earned: " + (", ".join(never) or "none"))


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    play(2, 0, [])  # warm the caches
    print(f"Space Park benchmark: {games} random games per player count")
    for players in (1, 2, 3, 4):
        steps: list[int] = []
        turns: list[int] = []
        best_xp: list[int] = []
        wins = 0
        start = time.perf_counter()
        for seed in range(games):
            state = play(players, seed, steps)
            outcome = ENGINE.outcome(state)
            assert outcome is not None
            turns.append(state.turn)
            best_xp.append(max(outcome.scores))
            wins += bool(outcome.winners)
        elapsed = time.perf_counter() - start
        line = (
            f"{players}p: {len(steps) / elapsed:9,.0f} actions/s (whole games)  "
            f"median {statistics.median(steps) / 1000:5.1f} us/action  "
            f"{games / elapsed:6.1f} games/s  {1000 * elapsed / games:6.2f} ms/game  "
            f"{statistics.mean(turns):5.1f} turns  best XP {statistics.mean(best_xp):4.1f}"
        )
        if players == 1:
            line += f"  random solo wins {wins}/{games}"
        print(line)
    balance(max(games // 4, 10))


if __name__ == "__main__":
    main()
