"""The simulator: tables of bots play many games headless; the figures summed up.

`tabletop sim GAME --games N --seats random,greedy,hard --seed S [--json]`

Prints win rates per seat and per bot, the first player's win rate, game length,
score spreads, bot decision times, and content figures: badge pick rates and XP
per badge (Space Park), event use and the icons of played sets (PocketParks).
A Space Park table of one seat is the solo game against Scout. The progress bar
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

from tabletop.core.bot import DEFAULT_BUDGET_S, Bot, bot_games, levels, make_bot
from tabletop.core.engine import Action, Engine, Setup
from tabletop.core.rng import Rng
from tabletop.games import get_engine

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


def parse_seats(game: str, text: str) -> tuple[str, ...]:
    """Bot levels from a comma list such as ``random,greedy,hard``; ValueError if bad."""
    if game not in bot_games():
        raise ValueError(f"no bots for game {game!r} (games with bots: {', '.join(bot_games())})")
    words = [w.strip().lower() for w in text.split(",")]
    if any(not w for w in words):
        raise ValueError(f"bad seat list {text!r}: use bot names separated by commas")
    out = []
    for word in words:
        level = ALIASES.get(word)
        if level is None or level not in levels(game):
            known = ", ".join(sorted(ALIASES))
            raise ValueError(f"unknown bot {word!r} in --seats (use one of: {known})")
        out.append(level)
    engine = get_engine(game)
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


# -- content tallies ---------------------------------------------------------------


class Tally:
    """Counts content figures as a game goes; one per run, fed every action."""

    def observe(self, before: Any, action: Action, after: Any) -> None:
        """One applied action."""

    def finish(self, state: Any) -> None:
        """One finished game."""

    def report(self, games: int) -> dict[str, Any]:
        return {}


class SpaceParkTally(Tally):
    def __init__(self) -> None:
        self.earned = Counter[str]()
        self.games_with = Counter[str]()
        self.xp = Counter[str]()
        self.winner_earned = Counter[str]()
        self._this_game: set[str] = set()

    def observe(self, before: Any, action: Action, after: Any) -> None:
        from tabletop.games.spacepark.rules import xp_of

        for old, new in zip(before.players, after.players, strict=True):
            if len(new.earned) > len(old.earned):
                badge = new.earned[-1]
                self.earned[badge] += 1
                self.xp[badge] += xp_of(new) - xp_of(old)
                self._this_game.add(badge)

    def finish(self, state: Any) -> None:
        from tabletop.games.spacepark import ENGINE

        outcome = ENGINE.outcome(state)
        self.games_with.update(self._this_game)
        self._this_game = set()
        if outcome is not None:
            for seat in outcome.winners:
                self.winner_earned.update(state.players[seat].earned)

    def report(self, games: int) -> dict[str, Any]:
        from tabletop.games.spacepark.content import badges

        rows = {}
        for badge in badges():
            n = self.earned[badge]
            rows[badge] = {
                "pick_rate": round(self.games_with[badge] / games, 3),
                "earned": n,
                "xp_per_earn": round(self.xp[badge] / n, 2) if n else None,
                "by_winners": self.winner_earned[badge],
                # of the times it was earned, the share earned by the game's winner
                "winner_share": round(self.winner_earned[badge] / n, 3) if n else None,
            }
        return {"badges": rows}


class PocketParksTally(Tally):
    def __init__(self) -> None:
        self.events = Counter[str]()
        self.reactions = Counter[str]()
        self.discarded = Counter[str]()
        self.copies = Counter[str]()
        self.icons = Counter[str]()
        self.sets = 0
        self.tours = 0
        self.round_ends = Counter[str]()

    def observe(self, before: Any, action: Action, after: Any) -> None:
        from tabletop.games.pocketparks import rules as R

        kind = getattr(action, "kind", "")
        if kind in ("play_event", "react"):
            # Counted under the card played; a Let's do it again also counts its copy.
            effect = str(R.EFFECT[getattr(action, "card", 0)])
            (self.events if kind == "play_event" else self.reactions)[effect] += 1
            copied = getattr(action, "as_effect", None)
            if copied is not None:
                self.copies[str(copied)] += 1
        elif kind == "discard" and before.phase == "discard":
            card = getattr(action, "card", 0)
            if not R.is_park(card):
                self.discarded[str(R.EFFECT[card])] += 1
        if kind == "park_tour":
            self.tours += 1
        if len(after.results) > len(before.results):
            for result in after.results[len(before.results) :]:
                self.round_ends["won" if result.winner >= 0 else "nobody"] += 1
            return  # the round ended: new sets belong to the next deal
        for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
            if len(new.sets) > len(old.sets):
                for cards in new.sets[len(old.sets) :]:
                    self.sets += 1
                    mask = R.set_icons(after, seat, cards)
                    self.icons.update(R.CONTENT.icon_names(mask))

    def report(self, games: int) -> dict[str, Any]:
        from tabletop.games.pocketparks import rules as R

        effects = sorted({e.effect for e in R.CONTENT.events})
        return {
            "events_per_game": {
                e: {
                    "played": round(self.events[e] / games, 3),
                    "reacted": round(self.reactions[e] / games, 3),
                    "discarded_unplayed": round(self.discarded[e] / games, 3),
                }
                for e in effects
            },
            "copied_by_lets_do_it_again": {
                e: round(n / games, 3) for e, n in sorted(self.copies.items())
            },
            "sets_played": self.sets,
            "icon_share_of_sets": {
                icon: round(n / self.sets, 3) for icon, n in self.icons.most_common()
            }
            if self.sets
            else {},
            "park_tours_per_game": round(self.tours / games, 3),
            "rounds": dict(self.round_ends),
        }


TALLIES: dict[str, Callable[[], Tally]] = {
    "spacepark": SpaceParkTally,
    "pocketparks": PocketParksTally,
}


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
    engine: Engine[Any, Any],
    game: str,
    seats: tuple[str, ...],
    seed: int,
    index: int,
    budget_s: float,
    tally: Tally,
) -> GameResult:
    names = tuple(f"{BOT_WORDS[level]}{i}" for i, level in enumerate(seats))
    options: dict[str, Any] = {"first_player": "random"} if game == "spacepark" else {}
    state = engine.new(Setup(players=names, options=options), seed + index)
    first = int(getattr(state, "first", 0))
    bots: list[Bot] = [make_bot(game, lv, bot_seed(seed, index, i)) for i, lv in enumerate(seats)]
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
    engine = get_engine(game)
    tally = TALLIES[game]()
    results = []
    started = time.perf_counter()
    n = len(seats)
    for i in range(games):
        shift = i % n if rotate else 0
        table = seats[n - shift :] + seats[: n - shift]
        results.append(play_one(engine, game, table, seed, i, budget_s, tally))
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
    content = report["content"]
    if "badges" in content:
        lines.append("")
        lines.append(
            "Badges (games where earned, times earned, XP per earning, share earned by the winner):"
        )
        ranked = sorted(content["badges"].items(), key=lambda kv: -kv[1]["pick_rate"])
        for badge, row in ranked:
            xp = "-" if row["xp_per_earn"] is None else f"{row['xp_per_earn']:.2f}"
            share = "-" if row["winner_share"] is None else f"{row['winner_share']:.0%}"
            lines.append(
                f"  {badge:16} {row['pick_rate']:6.1%}  {row['earned']:5}  {xp:>5}  {share:>4}"
            )
    if "events_per_game" in content:
        lines.append("")
        lines.append("Events per game (played, reacted, discarded unplayed):")
        for effect, row in content["events_per_game"].items():
            lines.append(
                f"  {effect:24} {row['played']:6.2f} {row['reacted']:6.2f} "
                f"{row['discarded_unplayed']:6.2f}"
            )
        copies = content["copied_by_lets_do_it_again"]
        if copies:
            lines.append(
                "Let's do it again copied (per game): "
                + ", ".join(f"{e} {n}" for e, n in copies.items())
            )
        lines.append(
            f"Park Tours per game: {content['park_tours_per_game']}; rounds: {content['rounds']}"
        )
        lines.append(f"Icons of played sets ({content['sets_played']} sets):")
        for icon, share in content["icon_share_of_sets"].items():
            lines.append(f"  {icon:16} {share:6.1%}")
    return "\n".join(lines)


def run(
    game: str,
    seats_text: str,
    games: int,
    seed: int,
    as_json: bool,
    budget_ms: float,
    rotate: bool,
) -> int:
    """The `tabletop sim` command (arguments already checked by ``check_args``)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    seats = parse_seats(game, seats_text)
    console = Console(stderr=True)
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task(f"{game} games", total=games)
        report = simulate(
            game,
            seats,
            games,
            seed,
            budget_ms / 1000,
            rotate,
            progress=lambda done: bar.update(task, completed=done),
        )
    out = json.dumps(report, indent=2) if as_json else format_report(report)
    sys.stdout.write(out + "\n")
    sys.stdout.flush()
    return 0


def check_args(game: str, seats_text: str, games: int, budget_ms: float) -> str | None:
    """What is wrong with the command's arguments, or None."""
    try:
        get_engine(game)
    except ValueError as exc:
        return str(exc)
    if games < 1:
        return f"--games must be at least 1, not {games}"
    if not math.isfinite(budget_ms) or budget_ms <= 0:
        return f"--budget must be a positive number of milliseconds, not {budget_ms}"
    try:
        parse_seats(game, seats_text)
    except ValueError as exc:
        return str(exc)
    return None
