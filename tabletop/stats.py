"""Figures from the finished games the store lists: results in order, and statistics
per player name and game (games, wins, win rate, average and best score, longest
game), the tables each game's kit adds (``core.kit.StatGroup``: Space Park solo
against Scout, Pocket Dragon per difficulty), win rates over time. Computed from
``Store.finished()`` alone: no game is replayed.

A player is a name at a seat, or a bot: a bot is told apart by its level, so a
person called like a bot keeps their own figures.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from tabletop.core.kit import StatGroup
from tabletop.core.store import FinishedGame
from tabletop.games import kits

STAR = "★"


@dataclass(frozen=True, slots=True)
class Placed:
    """One seat's result."""

    seat: int
    name: str
    score: int
    won: bool


def ranking(game: FinishedGame) -> list[Placed]:
    """The seats of a finished game, winners first, then by score (highest first),
    then in seat order."""
    placed = [
        Placed(seat, name, score, seat in game.winners)
        for seat, (name, score) in enumerate(zip(game.players, game.scores, strict=True))
    ]
    return sorted(placed, key=lambda p: (not p.won, -p.score, p.seat))


def result_line(game: FinishedGame) -> str:
    """``★ Eve 22 · Ann 19 · Bob 12``: every seat, winners first, with a star."""
    return " · ".join(f"{STAR + ' ' if p.won else ''}{p.name} {p.score}" for p in ranking(game))


def headline(game: FinishedGame) -> str:
    """A finished game in one line: its results, or, when nobody at the table won (Scout
    did, a lost co-op game), the game's own summary."""
    return result_line(game) if game.winners else game.summary


@dataclass(frozen=True, slots=True, order=True)
class Player:
    """A person by name, or a bot (``bot``: its level)."""

    name: str
    bot: str | None = None

    def __str__(self) -> str:
        return self.name if self.bot is None else f"{self.name} ({self.bot} bot)"


def seats(game: FinishedGame) -> list[Player]:
    return [Player(name, bot) for name, bot in zip(game.players, game.bots, strict=True)]


@dataclass(slots=True)
class Tally:
    """Figures over some games of one player (or one kind of game)."""

    games: int = 0
    wins: int = 0
    total: int = 0
    best: int | None = None
    longest: int = 0
    """The most moves a game took."""

    def add(self, score: int, won: bool, moves: int) -> None:
        self.games += 1
        self.wins += won
        self.total += score
        self.best = score if self.best is None else max(self.best, score)
        self.longest = max(self.longest, moves)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average(self) -> float:
        return self.total / self.games if self.games else 0.0


@dataclass(slots=True)
class Statistics:
    by_player: dict[tuple[Player, str], Tally] = field(default_factory=dict)
    """Per player and game."""
    groups: dict[str, dict[Player | str, Tally]] = field(default_factory=dict)
    """Per table a game adds (by ``StatGroup.id``), its rows."""


def stat_groups() -> list[StatGroup]:
    """The tables the games add to the statistics, in the games' order."""
    return [group for kit in kits() for group in kit.stat_groups]


def statistics(games: Iterable[FinishedGame]) -> Statistics:
    groups = {kit.name: kit.stat_groups for kit in kits()}
    figures = Statistics({}, {group.id: {} for group in stat_groups()})
    for game in games:
        for seat, player in enumerate(seats(game)):
            won = seat in game.winners
            score = game.scores[seat]
            figures.by_player.setdefault((player, game.game), Tally()).add(score, won, game.moves)
        for group in groups.get(game.game, ()):
            row = group.row(game)
            if row is None:
                continue
            rows = figures.groups[group.id]
            if group.per_seat:
                for seat, player in enumerate(seats(game)):
                    won = seat in game.winners
                    rows.setdefault(player, Tally()).add(game.scores[seat], won, game.moves)
            else:
                best = max(game.scores, default=0)
                rows.setdefault(row, Tally()).add(best, bool(game.winners), game.moves)
    return figures


@dataclass(frozen=True, slots=True)
class RatePoint:
    """A player's win rate over all their games up to the ``games``-th, finished at
    ``finished``."""

    finished: float
    games: int
    rate: float


def win_rates_over_time(
    games: Sequence[FinishedGame], game: str | None = None
) -> dict[Player, list[RatePoint]]:
    """Each player's win rate after each of their games (of ``game``, or of all
    games), oldest first."""
    wins: dict[Player, int] = {}
    curves: dict[Player, list[RatePoint]] = {}
    for finished in sorted(games, key=lambda g: (g.finished, g.id)):
        if game is not None and finished.game != game:
            continue
        for seat, player in enumerate(seats(finished)):
            wins[player] = wins.get(player, 0) + (seat in finished.winners)
            curve = curves.setdefault(player, [])
            played = len(curve) + 1
            curve.append(RatePoint(finished.finished, played, wins[player] / played))
    return curves
