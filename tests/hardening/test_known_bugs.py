"""Engine bugs the hardening tests found, each pinned by a strict xfail: the test
fails (as expected) while the bug is there and turns into a failure once it is
fixed, so that whoever fixes it removes the mark (and the bug's entry in
harness.known_bug, which lets the property tests look past it meanwhile)."""

from __future__ import annotations

import contextlib

import pytest

from tabletop.core.engine import Setup
from tabletop.core.errors import IllegalAction
from tabletop.games import get_engine
from tabletop.protocol import Session
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


@pytest.mark.xfail(
    strict=True,
    raises=(ValueError, OverflowError),
    reason="Protocol bug: Session._advance accepts any JSON number as 'now' and hands it to "
    "engine.advance, where round(now * 1000) raises (NaN: ValueError; Infinity, 1e400, "
    "10**400: OverflowError). Session.handle_line raises and `tabletop engine` answers "
    "PROTO-INTERNAL instead of PROTO-ARGS.",
)
@pytest.mark.parametrize("now", ["NaN", "Infinity", "-Infinity", "1e400", "1" + "0" * 400])
def test_a_real_time_request_with_a_now_that_is_no_finite_number(now: str) -> None:
    session = Session()
    new = {"op": "new", "game": "pocketdragon", "players": ["Ann", "Bo"], "seed": 1}
    assert session.handle(new)["ok"]
    assert session.handle_line(
        '{"op": "act", "seat": 0, "now": 0, "action": {"kind": "start", "now": 0}}'
    )["ok"]
    answer = session.handle_line(f'{{"op": "view", "seat": 0, "now": {now}}}')
    assert answer["ok"] is False and answer["error"]["rule"] == "PROTO-ARGS"


@pytest.mark.xfail(
    strict=True,
    raises=OverflowError,
    reason="Pocket Dragon bug: an action's 'now' is a FiniteFloat, but clocks.to_ms computes "
    "round(now * 1000), which overflows to infinity above about 1.8e305 s: apply and advance "
    "raise OverflowError instead of refusing (IllegalAction) or running the clocks out.",
)
@pytest.mark.parametrize("call", ["apply", "advance"])
def test_pocket_dragon_with_a_huge_but_finite_time(call: str) -> None:
    engine = get_engine("pocketdragon")
    state = engine.new(Setup(players=("Ann", "Bo")), 1)
    if call == "advance":
        engine.advance(state, 1e306)
        return
    action = engine.parse_action({"kind": "start", "seat": 0, "now": 1e306})
    with contextlib.suppress(IllegalAction):
        engine.apply(state, action)
