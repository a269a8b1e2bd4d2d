"""The round-end table for the PocketParks scoring screen.

The engine scores a round and keeps only each seat's total (``RoundResult``);
once a round is scored the next one is dealt in the same action, so its sets are
gone from the state. To show every set and its points, the screen asks the engine
again for the round-ending move on a copy of the table that cannot deal a next
round (it is marked as round 3 with the round modifiers off, which changes
nothing of a round 1 or 2 but that it ends the game there). The per-set points
read the engine's own scoring tables and are checked against the engine's totals:
if they ever disagree, only the engine's totals are shown.

Everything drawn from here is public: played sets, the featured park, points.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.games.pocketparks import rules as R
from tabletop.games.pocketparks.engine import PocketParksEngine
from tabletop.games.pocketparks.state import NO_CARD, NO_SEAT, PPState
from tabletop.games.pocketparks.view import CardView, PPView, SetView


@dataclass(frozen=True, slots=True)
class SetScore:
    park_set: SetView
    points: int
    doubled: bool  # the featured park doubles it


@dataclass(frozen=True, slots=True)
class SeatScore:
    seat: int
    name: str
    sets: tuple[SetScore, ...]
    total: int  # the engine's


@dataclass(frozen=True, slots=True)
class RoundScore:
    round: int
    winner: int | None
    featured: CardView | None
    round3: bool  # priority rules were in force
    seats: tuple[SeatScore, ...]
    checked: bool  # the per-set points add up to the engine's totals


def round_end_state(engine: PocketParksEngine, before: PPState, action: Any) -> PPState:
    """The table at the moment ``action`` ended the round (before any new deal)."""
    if before.round >= R.ROUNDS:
        return engine.apply(before, action).state
    probe = before.clone()
    probe.round = R.ROUNDS
    probe.modifiers = False
    return engine.apply(probe, action).state


def round_score(
    engine: PocketParksEngine, ended: PPState, number: int, points: list[int], winner: int | None
) -> RoundScore:
    """Every set of the table ``ended`` with its points; ``points`` are the engine's totals."""
    view = engine.view(ended, None)
    assert isinstance(view, PPView)
    round3 = R.round3(ended)
    prio = R.priorities(ended) if round3 else None
    featured = R.MASK[ended.featured] & R.THEME if ended.featured != NO_CARD else 0
    seats = []
    checked = True
    for seat, (player, shown) in enumerate(zip(ended.players, view.players, strict=True)):
        table = R.WINNER_POINTS if seat == winner else R.OTHER_POINTS
        sets = []
        for idx, (cards, park_set) in enumerate(zip(player.sets, shown.sets, strict=True)):
            held = R.set_icons(ended, seat, cards) if prio is None else prio[seat][idx]
            doubled = bool(held & featured)
            base = table.get(len(cards), 0)
            sets.append(SetScore(park_set, base * 2 if doubled else base, doubled))
        checked = checked and sum(s.points for s in sets) == points[seat]
        seats.append(SeatScore(seat, player.name, tuple(sets), points[seat]))
    return RoundScore(
        round=number,
        winner=winner,
        featured=view.featured,
        round3=round3,
        seats=tuple(seats),
        checked=checked,
    )


def score_of_move(
    engine: PocketParksEngine, before: PPState, action: Any, after: PPState
) -> RoundScore | None:
    """The scoring of the round ``action`` ended, or None if it ended none."""
    if len(after.results) <= len(before.results):
        return None
    result = after.results[len(before.results)]
    ended = round_end_state(engine, before, action)
    winner = result.winner if result.winner != NO_SEAT else None
    return round_score(engine, ended, len(after.results), result.points, winner)
