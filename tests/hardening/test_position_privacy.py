"""The line on where a saved game stands (Engine.position, shown by Continue) says only
what every seat may see: two positions that differ only in hidden cards (a card in a
hand swapped with one face down in the pile or deck) read the same, move after move of
seeded games (a real-time one with its clocks running between moves)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tabletop.core.engine import Engine, InvalidState, Setup
from tabletop.games.pocketdragon.engine import ENGINE as DRAGON
from tabletop.games.pocketdragon.model import PocketDragonState
from tabletop.games.pocketparks.engine import ENGINE as PARKS
from tabletop.games.spacepark.engine import ENGINE as SPACE


def played(engine: Engine[Any, Any], players: tuple[str, ...], seed: int) -> Iterator[Any]:
    """Every state of a seeded random game, to its end or 400 moves; a real-time game's
    clocks run half a second before each move."""
    state = engine.new(Setup(players=players), seed)
    rng = random.Random(seed)
    for move in range(400):
        yield state
        if engine.outcome(state) is not None:
            return
        if engine.realtime:
            state = engine.advance(state, move / 2).state
        seat = engine.to_act(state)[0]
        state = engine.apply(state, rng.choice(engine.legal_actions(state, seat))).state


Swapped = tuple[Any, int] | None
"""The state with a hidden card swapped, and a seat who sees the change."""


def swap_with(pile: str) -> Callable[[Any, random.Random], Swapped]:
    """A hand card swapped with a card of the face-down ``pile`` (both hidden from the
    table)."""

    def swap(state: Any, rng: random.Random) -> Swapped:
        seats = [seat for seat, p in enumerate(state.players) if p.hand]
        if not seats or not getattr(state, pile):
            return None
        other = state.clone()
        seat = rng.choice(seats)
        hand, cards = other.players[seat].hand, getattr(other, pile)
        i, j = rng.randrange(len(hand)), rng.randrange(len(cards))
        hand[i], cards[j] = cards[j], hand[i]
        return other, seat

    return swap


def swap_activities(state: PocketDragonState, rng: random.Random) -> Swapped:
    """An Activity in a hand swapped with one of the deck (nobody sees their own hand,
    so the partner is who sees the change); a swap the clues already gave away (a
    clue said the card needs a Skill the other lacks) is no possible position."""
    table = state.table
    assert table is not None  # the table mode: companion games hold no card
    seats = [seat for seat, hand in enumerate(table.hands) if hand]
    if not seats or not table.deck:
        return None
    other = state.successor()
    assert other.table is not None
    other.table = other.table.successor()
    seat = rng.choice(seats)
    hand, deck = other.table.hands[seat], other.table.deck
    i, j = rng.randrange(len(hand)), rng.randrange(len(deck))
    hand[i], deck[j] = dataclasses.replace(hand[i], activity=deck[j]), hand[i].activity
    try:
        DRAGON.check(other)
    except InvalidState:
        return None
    return other, 1 - seat


@pytest.mark.parametrize(
    ("engine", "players", "swap", "second_part"),
    [
        (PARKS, ("Ann", "Bob", "Cy"), swap_with("pile"), "Ann "),
        (SPACE, ("Ann", "Bob"), swap_with("deck"), "Ann "),
        (SPACE, ("Ann",), swap_with("deck"), "Ann "),
        (DRAGON, ("Ann", "Bob"), swap_activities, "time left "),
    ],
    ids=["pocketparks", "spacepark", "spacepark-solo", "pocketdragon"],
)
def test_the_position_line_shows_no_hidden_card(
    engine: Engine[Any, Any],
    players: tuple[str, ...],
    swap: Callable[[Any, random.Random], Swapped],
    second_part: str,
) -> None:
    rng = random.Random(7)
    compared = 0
    for state in played(engine, players, 11):
        swapped = swap(state, rng)
        if swapped is None:
            continue
        other, seat = swapped
        assert engine.view(other, seat) != engine.view(state, seat)  # a real, hidden change
        assert engine.position(other) == engine.position(state)
        compared += 1
    assert compared >= 20
    # names and scores; Pocket Dragon's shared clocks
    assert engine.position(state).split(" · ")[1].startswith(second_part)
