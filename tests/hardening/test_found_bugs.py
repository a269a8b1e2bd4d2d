"""Bugs the hardening tests found, kept as regression tests in the very form
they were found."""

from __future__ import annotations

import pytest

from tabletop.core.engine import Setup
from tabletop.games import get_engine
from tabletop.protocol import Session
from tests.hardening.harness import SPECS, play_to_end


def test_pocketparks_seed_17932_hand_limit_after_a_won_park_tour() -> None:
    spec = SPECS["pocketparks"]
    table = play_to_end(spec, spec.setups[0], 17932)
    assert table.engine.outcome(table.state) is not None


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


def test_pocket_dragon_with_a_huge_but_finite_time() -> None:
    """PD-TIME-2: a reading past 10^12 s counts as 10^12 s, for advance and apply."""
    engine = get_engine("pocketdragon")
    state = engine.new(Setup(players=("Ann", "Bo")), 1)
    assert engine.state_json(engine.advance(state, 1e306).state) == engine.state_json(
        engine.advance(state, 1e12).state
    )
    started = [
        engine.apply(state, engine.parse_action({"kind": "start", "seat": 0, "now": now})).state
        for now in (1e306, 1e12)
    ]
    assert engine.state_json(started[0]) == engine.state_json(started[1])


@pytest.mark.parametrize("now", [-1e306, -1.797693134862316e305])
def test_pocket_dragon_with_a_huge_negative_time(now: float) -> None:
    """PD-TIME-2: found by the long fuzz profile once the top was clamped: a reading
    before -10^12 s counts as -10^12 s (it was an OverflowError, PROTO-INTERNAL in act)."""
    engine = get_engine("pocketdragon")
    state = engine.new(Setup(players=("Ann", "Bo")), 1)
    assert engine.state_json(engine.advance(state, now).state) == engine.state_json(state)
    engine.apply(state, engine.parse_action({"kind": "start", "seat": 0, "now": now}))
    session = Session()
    assert session.handle({"op": "new", "game": "pocketdragon", "players": ["Ann", "Bo"]})["ok"]
    answer = session.handle(
        {"op": "act", "seat": 0, "now": 5, "action": {"kind": "start", "now": now}}
    )  # the protocol now refuses an action whose now is not its request's
    assert answer["ok"] is False and answer["error"]["rule"] == "PROTO-ARGS", answer
