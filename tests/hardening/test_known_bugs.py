"""Engine bugs the hardening tests found, each pinned by a strict xfail: the test
fails (as expected) while the bug is there and turns into a failure once it is
fixed, so that whoever fixes it removes the mark (and the bug's entry in
harness.known_bug, which lets the property tests look past it meanwhile)."""

from __future__ import annotations

import pytest

from tests.hardening.harness import SPECS, play_to_end


@pytest.mark.xfail(
    strict=True,
    raises=ValueError,
    reason="PocketParks bug: Ann (seat 0, over the hand limit after her Make a wish) wins a "
    "Park Tour with [20, 22, 41, 53]; at the hand limit legal_actions offers to put card 20 "
    "back, and after that discard close_turn -> play_tour -> leave_hand raises "
    "ValueError('list.remove(x): x not in list') at move 842 of seed 17932 (2 players).",
)
def test_pocketparks_seed_17932_hand_limit_after_a_won_park_tour() -> None:
    spec = SPECS["pocketparks"]
    table = play_to_end(spec, spec.setups[0], 17932)
    assert table.engine.outcome(table.state) is not None
