"""What every Pocket Dragon state holds (``check_state``, run on every loaded state): the
states play reaches pass, and each broken invariant is refused, saying which."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tabletop.core.engine import InvalidState
from tabletop.games.pocketdragon.engine import ENGINE
from tabletop.games.pocketdragon.model import OpenPeek, PendingClue, Play, PocketDragonState
from tests.pocketdragon.helpers import (
    ATTENTION,
    WIT,
    act,
    arranged,
    at,
    new,
    started,
    table,
)


def test_the_states_play_reaches_hold() -> None:
    """PD-PEEK-2, PD-CLUE-4, PD-PLAY-2: a look, a clue waiting, an Activity in play."""
    state = arranged()
    for reached in (
        new("companion"),
        at(started("companion"), 50.0),
        act(state, "peek", 1.0, places=[0, 1]),
        act(state, "specific_clue", 1.0, card=0),
        act(act(state, "collect_food", 1.0, place=0), "play", 2.0, seat=1, card=1),
    ):
        ENGINE.check(reached)


def _look_at(*places: int) -> Callable[[PocketDragonState], None]:
    def change(state: PocketDragonState) -> None:
        table(state).peek = OpenPeek(0, list(places))

    return change


def _look_at_an_empty_place(state: PocketDragonState) -> None:
    tbl = table(state)
    card = tbl.grid[5]
    assert card is not None
    tbl.grid[5] = None
    tbl.discard.append(card)
    tbl.peek = OpenPeek(0, [0, 5])


@pytest.mark.rule("PD-PEEK-1")
@pytest.mark.parametrize(
    "change",
    [_look_at(0, 20), _look_at(0, 0), _look_at(0), _look_at(0, 1, 2), _look_at_an_empty_place],
    ids=["off the grid", "one card twice", "one card", "three cards", "an empty place"],
)
def test_a_look_is_at_two_face_down_cards(change: Callable[[PocketDragonState], None]) -> None:
    """PD-PEEK-1, PD-PEEK-2."""
    state = arranged()
    change(state)
    with pytest.raises(InvalidState, match="a look is at two face-down cards"):
        ENGINE.check(state)


def _clue_about(asker: int, card: int) -> Callable[[PocketDragonState], None]:
    def change(state: PocketDragonState) -> None:
        table(state).clue = PendingClue(asker, card)

    return change


def _play(seat: int, matched: list[int], flips: int) -> Callable[[PocketDragonState], None]:
    def change(state: PocketDragonState) -> None:
        tbl = table(state)
        activity = tbl.hands[0].pop(2).activity  # Make Friends: Kindness, Wit
        tbl.play = Play(seat, activity, matched, flips)

    return change


def _set(**fields: object) -> Callable[[PocketDragonState], None]:
    def change(state: PocketDragonState) -> None:
        for name, value in fields.items():
            setattr(state, name, value)

    return change


def _card_twice(state: PocketDragonState) -> None:
    tbl = table(state)
    tbl.grid[1] = tbl.grid[0]


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (_clue_about(0, 3), "not in the asker's hand"),
        (_clue_about(2, 0), "no such seat"),
        (_play(0, [WIT[0], WIT[1]], 2), "more matches than Skills or flips"),
        (_play(0, [WIT[0]], 0), "more matches than Skills or flips"),
        (_play(0, [WIT[0], WIT[0]], 2), "matched by empty grid places"),
        (_play(2, [], 0), "no such seat"),
        (_set(now_ms=-1), "PD-TIME-2"),
        (_set(elapsed_ms=300_001), "PD-TIME-1"),
        (_set(hunger_deadline_ms=121_001), "PD-FEED-2"),
        (_set(clues=-1), "PD-CLUE-2"),
        (_set(happiness=-1), "below zero"),
        (_set(successes=4), "successes, not 0 to the level's 3"),
        (_set(status="won"), "won exactly when"),
        (_set(status="lost"), "a lost game, and only one, has a cause"),
        (_card_twice, "in more than one place"),
    ],
)
def test_each_broken_invariant_is_named(
    change: Callable[[PocketDragonState], None], said: str
) -> None:
    state = at(arranged(), 1.0)
    change(state)
    with pytest.raises(InvalidState, match=said):
        ENGINE.check(state)


@pytest.mark.rule("PD-TIME-2")
def test_the_clock_reads_up_to_a_trillion_seconds() -> None:
    """PD-TIME-2: a state's clock reading is 0 to 10^12 s (in ms), that bound included."""
    state = at(arranged(), 1.0)
    state.now_ms = 10**15
    ENGINE.check(state)
    state.now_ms = 10**15 + 1
    with pytest.raises(InvalidState, match="PD-TIME-2"):
        ENGINE.check(state)


def test_a_look_and_a_clue_are_not_open_at_once() -> None:
    state = act(arranged(), "peek", 1.0, places=[ATTENTION[0], ATTENTION[1]])
    table(state).clue = PendingClue(0, 0)
    with pytest.raises(InvalidState, match="open at once"):
        ENGINE.check(state)
