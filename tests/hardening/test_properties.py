"""Property-based tests of the three engines through one harness (harness.py).

A state machine interleaves legal moves, moves from any seat (off-turn seats, past
moves, mutated moves, other kinds: mostly refused) and, in real time, clock jumps
of any size. After every step: the engine's own check holds (Engine.check, the one
statement of a valid state that load also applies: cards and crystals conserved,
indices in range, counts not negative, phase consistent), no view leaks a hidden
card, the state survives a save; a refusal names a rule and changes nothing;
at the end the record replays to the identical state. Separately, random legal
play always ends. HYPOTHESIS_PROFILE picks the fast (ci) or long profile.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from tabletop.core.engine import MALFORMED_ACTION
from tabletop.core.errors import IllegalAction
from tabletop.core.rng import Rng
from tests.hardening.harness import (
    SPECS,
    GameSpec,
    Table,
    check_invariants,
    check_refusal,
    check_replay,
    play_to_end,
    random_clock_step,
    scaled,
)

JUNK_INTS = st.one_of(st.integers(-3, 70), st.sampled_from([2**31, 2**63, -(2**63), 10**30]))
CLOCK_JUMPS = st.one_of(
    st.integers(0, 5000).map(lambda ms: ms / 1000),
    st.floats(0, 1000, allow_nan=False),
    st.sampled_from([0.0, 0.0004, 0.0005, 29.999, 90.0, 120.0, 300.0, 1e6]),
)


def _kinds(spec: GameSpec) -> list[str]:
    schema = spec.engine.schema()["action"]
    return sorted(schema["discriminator"]["mapping"])


class GameMachine(RuleBasedStateMachine):
    """One game at the table; the subclasses below pick the game."""

    spec: ClassVar[GameSpec]
    table: Table

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        """A game of one of the game's setups, some random legal moves in."""
        spec = self.spec
        index = data.draw(st.integers(0, len(spec.setups) - 1), label="setup")
        seed = data.draw(st.integers(0, 2**64 - 1), label="seed")
        warmup = data.draw(st.integers(0, spec.warmup), label="warmup moves")
        self.table = Table(spec, spec.setups[index], seed)
        rng = Rng.from_seed(seed)
        for _ in range(warmup):
            random_clock_step(self.table, rng)
            if self.table.over:
                break
            self.table.random_step(rng)

    @precondition(lambda self: not self.table.over)
    @rule(data=st.data())
    def legal_move(self, data: st.DataObject) -> None:
        """A seat asked to act takes one of its legal moves."""
        table = self.table
        seat = data.draw(st.sampled_from(table.engine.to_act(table.state)), label="seat")
        action = data.draw(st.sampled_from(table.legal(seat)), label="legal move")
        table.apply(action)

    @rule(data=st.data())
    def any_move(self, data: st.DataObject) -> None:
        """Any seat tries a move taken from the game so far or legal for some seat,
        possibly re-seated, with a field changed or of another kind."""
        table = self.table
        pool: list[dict[str, Any]] = list(table.record.actions[-40:])
        for seat in range(table.seats):
            pool += [table.engine.dump_action(a) for a in table.legal(seat)[:40]]
        move = dict(data.draw(st.sampled_from(pool), label="base")) if pool else {}
        move["seat"] = data.draw(st.integers(0, table.seats - 1), label="seat")
        how = data.draw(st.sampled_from(["as is", "field", "kind", "extra"]), label="mutation")
        ints = sorted(k for k, v in move.items() if isinstance(v, int) and k != "seat")
        if how == "field" and ints:
            key = data.draw(st.sampled_from(ints), label="field")
            move[key] = data.draw(JUNK_INTS, label="value")
        elif how == "kind":
            move["kind"] = data.draw(st.sampled_from(_kinds(self.spec)), label="kind")
        elif how == "extra":
            move["junk"] = 1
        try:
            action = table.engine.parse_action(move)
        except IllegalAction as exc:
            assert exc.rule == MALFORMED_ACTION, exc.rule
            return
        before = table.engine.state_json(table.state)
        try:
            table.apply(table.stamp(action))
        except IllegalAction as exc:
            check_refusal(table, exc)
            assert table.engine.state_json(table.state) == before, "a refusal changed the game"

    @precondition(lambda self: self.table.engine.realtime)
    @rule(seconds=CLOCK_JUMPS, split=st.floats(0, 1))
    def clock_jump(self, seconds: float, split: float) -> None:
        """The game clock jumps on; running the clocks there in one step or in two, or
        back to an earlier time, gives the same state (path independence)."""
        table, engine = self.table, self.table.engine
        start = table.state
        target = table.now + seconds
        midway = engine.advance(start, table.now + seconds * split).state
        two_steps = engine.state_json(engine.advance(midway, target).state)
        table.jump(seconds)
        assert engine.state_json(table.state) == two_steps, "advance is not path-independent"
        back = engine.advance(table.state, table.now - seconds)
        assert engine.state_json(back.state) == two_steps, "the clocks ran backwards"

    @invariant()
    def holds(self) -> None:
        check_invariants(self.table)

    def teardown(self) -> None:
        if hasattr(self, "table"):
            check_replay(self.table)


class SpaceParkMachine(GameMachine):
    spec = SPECS["spacepark"]


class PocketParksMachine(GameMachine):
    spec = SPECS["pocketparks"]


class PocketDragonMachine(GameMachine):
    spec = SPECS["pocketdragon"]


MACHINES: dict[str, type[GameMachine]] = {
    "spacepark": SpaceParkMachine,
    "pocketparks": PocketParksMachine,
    "pocketdragon": PocketDragonMachine,
}
# Fast-profile examples per game: PocketParks games are long and slow to warm up.
EXAMPLES = {"spacepark": 40, "pocketparks": 20, "pocketdragon": 40}
END_EXAMPLES = {"spacepark": 30, "pocketparks": 4, "pocketdragon": 30}


@pytest.mark.parametrize("game", MACHINES)
def test_random_interleavings_keep_every_invariant(game: str) -> None:
    run_state_machine_as_test(MACHINES[game], settings=scaled(EXAMPLES[game]))


@pytest.mark.parametrize("game", SPECS)
def test_random_legal_play_always_ends(game: str) -> None:
    spec = SPECS[game]

    @scaled(END_EXAMPLES[game])
    @given(index=st.integers(0, len(spec.setups) - 1), seed=st.integers(0, 2**64 - 1))
    def ends(index: int, seed: int) -> None:
        table = play_to_end(spec, spec.setups[index], seed)
        outcome = table.engine.outcome(table.state)
        assert outcome is not None
        assert len(outcome.scores) == table.seats
        assert set(outcome.winners) <= set(range(table.seats))
        assert outcome.summary
        json.dumps(outcome.model_dump(mode="json"))
        check_invariants(table)
        check_replay(table)

    ends()
