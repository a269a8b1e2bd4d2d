"""The simulator: tables of bots play many games headless; the figures summed up.

`tabletop sim GAME --games N --seats random,greedy,hard --seed S [--json]`

A game may play tables of its own instead (``core.kit.Tables``): `tabletop sim
pocketdragon --games N` plays the partner bot's tables at every difficulty
(games/pocketdragon/tables.py), and takes no seats.

Prints win rates per seat and per bot, the first player's win rate, game length,
score spreads, bot decision times, and content figures: badge pick rates and XP
per badge (Space Park), event use and the icons of played sets (PocketParks): each
game's kit gives its tally (``core.kit.Tally``) and the options of its tables. A
Space Park table of one seat is the solo game against Scout. The progress bar
goes to stderr, so stdout (text or --json) stays clean for a pipe.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.core.bot import DEFAULT_BUDGET_S, Bot
from tabletop.core.engine import Setup
from tabletop.core.kit import GameKit, Tally
from tabletop.core.rng import Rng
from tabletop.games import kit, kits

# Seat words: the level names, and what each level is.
ALIASES: dict[str, str] = {
    "easy": "easy",
    "random": "easy",
    "normal": "normal",
    "greedy": "normal",
    "hard": "hard",
    "search": "hard",
}
BOT_WORDS: dict[str, str] = {"easy": "random", "normal": "greedy", "hard": "hard"}
DEFAULT_SEATS = "greedy,greedy"


def parse_seats(game: str, text: str) -> tuple[str, ...]:
    """Bot levels from a comma list such as ``random,greedy,hard``; ValueError if bad."""
    if kit(game).tables is not None:
        raise ValueError(f"{game} plays tables of its own: leave out --seats")
    if not kit(game).levels:
        with_bots = ", ".join(k.name for k in kits() if k.levels)
        raise ValueError(f"no bots for game {game!r} (games with bots: {with_bots})")
    words = [w.strip().lower() for w in text.split(",")]
    if any(not w for w in words):
        raise ValueError(f"bad seat list {text!r}: use bot names separated by commas")
    out = []
    for word in words:
        level = ALIASES.get(word)
        if level is None or level not in kit(game).levels:
            known = ", ".join(sorted(ALIASES))
            raise ValueError(f"unknown bot {word!r} in --seats (use one of: {known})")
        out.append(level)
    engine = kit(game).engine
    if not engine.min_players <= len(out) <= engine.max_players:
        raise ValueError(
            f"{engine.title} takes {engine.min_players}-{engine.max_players} seats, "
            f"not {len(out)} (--seats {text})"
        )
    return tuple(out)


def bot_seed(seed: int, game_index: int, seat: int) -> int:
    """A bot's seed: fixed by the run's seed, the game and the seat."""
    rng = Rng.from_seed(seed * 1_000_003 + game_index * 101 + seat)
    return rng.next64()


# -- running ------------------------------------------------------------------------


@dataclass
class GameResult:
    bots: tuple[str, ...]  # level per seat
    first: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    actions: int
    turns: int
    decision_s: dict[str, list[float]] = field(default_factory=dict)


def play_one(
    game: GameKit,
    seats: tuple[str, ...],
    seed: int,
    index: int,
    budget_s: float,
    tally: Tally,
) -> GameResult:
    engine = game.engine
    names = tuple(f"{BOT_WORDS[level]}{i}" for i, level in enumerate(seats))
    state = engine.new(Setup(players=names, options=dict(game.sim_options)), seed + index)
    first = int(getattr(state, "first", 0))
    bots: list[Bot] = [game.make_bot(lv, bot_seed(seed, index, i)) for i, lv in enumerate(seats)]
    times: dict[str, list[float]] = {}
    actions = 0
    clock = time.perf_counter
    while engine.outcome(state) is None:
        seat = engine.to_act(state)[0]
        bot = bots[seat]
        legal = engine.legal_actions(state, seat)
        view = engine.view(state, seat) if bot.needs_view else None
        start = clock()
        action = bot.choose(view, legal, budget_s)
        times.setdefault(seats[seat], []).append(clock() - start)
        if action not in legal:
            raise RuntimeError(f"{type(bot).__name__} chose an illegal action: {action!r}")
        after = engine.apply(state, action).state
        tally.observe(state, action, after)
        state = after
        actions += 1
    tally.finish(state)
    outcome = engine.outcome(state)
    assert outcome is not None
    return GameResult(
        bots=seats,
        first=first,
        scores=outcome.scores,
        winners=outcome.winners,
        actions=actions,
        turns=int(getattr(state, "turn", 0)),
        decision_s=times,
    )


def simulate(
    game: str,
    seats: tuple[str, ...],
    games: int,
    seed: int = 0,
    budget_s: float = DEFAULT_BUDGET_S,
    rotate: bool = False,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games and return the report (plain data, JSON-ready).

    ``rotate``: game i seats the bots shifted i places, so every bot plays every
    seat equally often."""
    if games < 1:
        raise ValueError("the number of games must be at least 1")
    played = kit(game)
    tally = played.tally()
    results = []
    started = time.perf_counter()
    n = len(seats)
    for i in range(games):
        shift = i % n if rotate else 0
        table = seats[n - shift :] + seats[: n - shift]
        results.append(play_one(played, table, seed, i, budget_s, tally))
        if progress is not None:
            progress(i + 1)
    elapsed = time.perf_counter() - started
    return _report(game, seats, games, seed, rotate, results, tally, elapsed, budget_s)


def _share(x: float, n: int) -> float:
    return round(x / n, 3) if n else 0.0


def _report(
    game: str,
    seats: tuple[str, ...],
    games: int,
    seed: int,
    rotate: bool,
    results: Sequence[GameResult],
    tally: Tally,
    elapsed: float,
    budget_s: float,
) -> dict[str, Any]:
    n = len(seats)
    solo = n == 1
    seat_wins = [0.0] * n
    bot_wins: dict[str, float] = {}
    bot_games = Counter[str]()
    first_wins = 0.0
    no_winner = 0
    times: dict[str, list[float]] = {}
    for r in results:
        if not r.winners:
            no_winner += 1
        share = 1 / len(r.winners) if r.winners else 0.0
        for w in r.winners:
            seat_wins[w] += share
            word = BOT_WORDS[r.bots[w]]
            bot_wins[word] = bot_wins.get(word, 0.0) + share
            if w == r.first:
                first_wins += share
        for level in r.bots:
            bot_games[BOT_WORDS[level]] += 1
        for level, ts in r.decision_s.items():
            times.setdefault(BOT_WORDS[level], []).extend(ts)
    scores = [[r.scores[s] for r in results] for s in range(n)]
    margins = [sorted(r.scores)[-1] - sorted(r.scores)[-2] for r in results if len(r.scores) > 1]
    report: dict[str, Any] = {
        "game": game,
        "games": games,
        "seats": [BOT_WORDS[s] for s in seats],
        "rotate": rotate,
        "seed": seed,
        "budget_ms": round(budget_s * 1000),
        "elapsed_s": round(elapsed, 2),
        "win_rate_by_seat": [_share(w, games) for w in seat_wins],
        # Each bot's wins over the seats it held (a bot in two seats counts twice).
        "win_rate_by_bot": {
            b: _share(bot_wins.get(b, 0.0), bot_games[b]) for b in sorted(bot_games)
        },
        "first_player_win_rate": None if solo else _share(first_wins, games),
        "no_winner_rate": _share(no_winner, games),
        "avg_actions": round(statistics.mean(r.actions for r in results), 1),
        "avg_turns": round(statistics.mean(r.turns for r in results), 1),
        "scores_by_seat": [
            {
                "mean": round(statistics.mean(s), 2),
                "sd": round(statistics.pstdev(s), 2),
                "min": min(s),
                "max": max(s),
            }
            for s in scores
        ],
        "winning_margin": None
        if solo
        else {"mean": round(statistics.mean(margins), 2), "max": max(margins)},
        "decision_ms": {
            b: {
                "median": round(1000 * statistics.median(ts), 3),
                "max": round(1000 * max(ts), 3),
            }
            for b, ts in sorted(times.items())
        },
        "content": tally.report(games),
    }
    if solo:
        report["solo_win_rate"] = report["win_rate_by_seat"][0]
    return report


# -- text output ----------------------------------------------------------------------


def format_report(report: dict[str, Any]) -> str:
    lines = [
        f"{report['game']}: {report['games']} games, seats {', '.join(report['seats'])}"
        f"{' (rotated each game)' if report['rotate'] else ''}, seed {report['seed']}, "
        f"budget {report['budget_ms']} ms, {report['elapsed_s']} s",
        "",
        "Win rate by seat: "
        + "  ".join(f"seat {i}: {w:.1%}" for i, w in enumerate(report["win_rate_by_seat"])),
        "Win rate by bot:  "
        + "  ".join(f"{b}: {w:.1%}" for b, w in report["win_rate_by_bot"].items()),
    ]
    if report["first_player_win_rate"] is not None:
        seats = len(report["seats"])
        lines.append(
            f"First player wins: {report['first_player_win_rate']:.1%} (fair share {1 / seats:.1%})"
        )
    if "solo_win_rate" in report:
        lines.append(f"Solo wins against Scout: {report['solo_win_rate']:.1%}")
    lines.append(f"No winner: {report['no_winner_rate']:.1%}")
    lines.append(
        f"Game length: {report['avg_actions']} actions, {report['avg_turns']} turns on average"
    )
    lines.append("Scores by seat (mean, sd, min-max):")
    for i, s in enumerate(report["scores_by_seat"]):
        lines.append(f"  seat {i}: {s['mean']:6.2f}  {s['sd']:5.2f}  {s['min']}-{s['max']}")
    margin = report["winning_margin"]
    if margin is not None:
        lines.append(
            f"Winning margin over the runner-up: mean {margin['mean']}, max {margin['max']}"
        )
    lines.append(
        "Decision time (median / max ms): "
        + "  ".join(f"{b}: {t['median']} / {t['max']}" for b, t in report["decision_ms"].items())
    )
    lines += kit(report["game"]).tally().lines(report["content"])
    return "\n".join(lines)


def run(
    game: str,
    seats_text: str | None,
    games: int,
    seed: int,
    as_json: bool,
    budget_ms: float,
    rotate: bool,
) -> int:
    """The `tabletop sim` command (arguments already checked by ``check_args``)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    played = kit(game)
    tables = played.tables() if played.tables is not None else None
    console = Console(stderr=True)
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as bar:
        total = games * (tables.count if tables is not None else 1)
        task = bar.add_task(f"{game} games", total=total)

        def progress(done: int) -> None:
            bar.update(task, completed=done)

        if tables is not None:
            report = tables.run(games, seed, 1, progress)
        else:
            seats = parse_seats(game, seats_text or DEFAULT_SEATS)
            report = simulate(game, seats, games, seed, budget_ms / 1000, rotate, progress)
    if as_json:
        out = json.dumps(report, indent=2)
    else:
        out = "\n".join(tables.lines(report)) if tables is not None else format_report(report)
    sys.stdout.write(out + "\n")
    sys.stdout.flush()
    return 0


def check_args(game: str, seats_text: str | None, games: int, budget_ms: float) -> str | None:
    """What is wrong with the command's arguments, or None."""
    try:
        played = kit(game)
    except ValueError as exc:
        return str(exc)
    if games < 1:
        return f"--games must be at least 1, not {games}"
    if not math.isfinite(budget_ms) or budget_ms <= 0:
        return f"--budget must be a positive number of milliseconds, not {budget_ms}"
    if played.tables is not None and seats_text is None:
        return None
    try:
        parse_seats(game, seats_text or DEFAULT_SEATS)
    except ValueError as exc:
        return str(exc)
    return None
