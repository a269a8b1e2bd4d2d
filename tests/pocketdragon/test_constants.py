"""Pocket Dragon's module constants where the existing rule tests leave one loose: each
test pins one number of the rules at its exact edge."""

from __future__ import annotations

import pytest

from tabletop.core.engine import InvalidState
from tabletop.games.pocketdragon.engine import ENGINE
from tests.pocketdragon.helpers import at, started


def _save_with_clues(seconds: float, clues: int) -> dict[str, object]:
    """A companion game's save after ``seconds`` of play, its clue pool set to ``clues``
    and its next clue due as late as it may be (20 s on), so that only the time played
    bounds the pool."""
    data = ENGINE.dump_state(at(started("companion"), seconds))
    data["clues"] = clues
    data["next_clue_ms"] = round(seconds * 1000) + 20_000
    return data


@pytest.mark.rule("PD-CLUE-1")
@pytest.mark.parametrize(("seconds", "most"), [(14.999, 4), (15.0, 5), (30.0, 6)])
def test_a_save_holds_at_most_one_clue_more_than_15_second_intervals_give(
    seconds: float, most: int
) -> None:
    """PD-CLUE-1: a clue comes at the earliest 15 s after the last, so a save's pool holds
    at most 3, plus one per whole 15 s played, plus one; 14.999 s and 15 s fall apart."""
    loaded = ENGINE.load_state(_save_with_clues(seconds, most))
    assert loaded.clues == most
    with pytest.raises(InvalidState, match="PD-CLUE-2"):
        ENGINE.load_state(_save_with_clues(seconds, most + 1))
