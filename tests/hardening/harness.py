"""One harness for every game: what its kit says random play must know (what each
seat may not see, the setups to cover, the moves to shun), a table that plays seeded
random games, the invariant checks run after every step (a valid state is what the
engine's own ``check`` says: the one statement of it, which ``load`` also applies),
and the text of a golden playthrough.

Used by the property tests, the golden tests, scripts/regen_golden.py and
scripts/fuzz_long.sh; never reads anything outside the repository.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis.database import DirectoryBasedExampleDatabase, ReadOnlyDatabase
from pydantic import BaseModel

from tabletop.core.engine import MALFORMED_ACTION, Engine, Event, Setup
from tabletop.core.errors import IllegalAction
from tabletop.core.kit import GameKit
from tabletop.core.record import GameRecord, replay
from tabletop.core.rng import Rng
from tabletop.games import kit, kits

ROOT = Path(__file__).resolve().parents[2]
GOLDEN_DIR = ROOT / "tests" / "golden"
EXAMPLE_DB = ROOT / "tests" / "hypothesis-db"

# -- hypothesis profiles ------------------------------------------------------------
# HYPOTHESIS_PROFILE=ci (the default) is the fast profile .ci/run uses: it replays
# the examples kept in tests/hypothesis-db without writing there. "long" is run by
# scripts/fuzz_long.sh: many more and longer examples, and what it finds is saved
# in tests/hypothesis-db (commit that folder to keep the finds).
_COMMON: dict[str, Any] = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
    "print_blob": True,
}
settings.register_profile(
    "ci",
    max_examples=25,
    stateful_step_count=30,
    database=ReadOnlyDatabase(DirectoryBasedExampleDatabase(EXAMPLE_DB)),
    **_COMMON,
)


class _KeepingDatabase(DirectoryBasedExampleDatabase):
    """Saves what the long profile finds and forgets nothing: hypothesis drops a kept
    example once it passes, but the kept ones are the regression cases CI replays."""

    def delete(self, key: bytes, value: bytes) -> None:
        pass

    def move(self, src: bytes, dest: bytes, value: bytes) -> None:
        self.save(dest, value)


settings.register_profile(
    "long",
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "1500")),
    stateful_step_count=120,
    database=_KeepingDatabase(EXAMPLE_DB),
    **_COMMON,
)
PROFILE = settings.get_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def scaled(examples: int, long_cap: int | None = None) -> settings:
    """The profile, with ``examples`` examples in the fast profile; the long profile keeps
    its own number, at most ``long_cap`` (for tests that start a process per example)."""
    if PROFILE.database is not None and not isinstance(PROFILE.database, ReadOnlyDatabase):
        cap = PROFILE.max_examples if long_cap is None else min(long_cap, PROFILE.max_examples)
        return settings(PROFILE, max_examples=cap)
    return settings(PROFILE, max_examples=examples)


# -- what each game's kit says random play must know --------------------------------

GOLDEN = re.compile(r"(?P<game>[a-z0-9_]+)-\d+p-setup(?P<setup>\d+)-seed(?P<seed>\d+)\.txt")


@dataclass(frozen=True)
class GameSpec:
    """What the harness needs to know of one game: its kit's ``Playtest``."""

    kit: GameKit

    @property
    def game(self) -> str:
        return self.kit.name

    @property
    def engine(self) -> Engine[Any, Any]:
        return self.kit.engine

    @property
    def setups(self) -> tuple[Setup, ...]:
        return tuple(_setup(n, **options) for n, options in self.kit.playtest.setups)

    def secrets(self, state: Any, seat: int | None) -> set[str]:
        """What ``seat`` may not see (JSON fragments no view of it may hold)."""
        return self.kit.playtest.secrets(state, seat)

    @property
    def shun(self) -> frozenset[str]:
        return self.kit.playtest.shun

    @property
    def max_steps(self) -> int:
        return self.kit.playtest.max_steps

    @property
    def warmup(self) -> int:
        return self.kit.playtest.warmup

    @property
    def history(self) -> frozenset[str]:
        return self.kit.playtest.history

    @property
    def golden(self) -> tuple[tuple[int, int], ...]:
        """(setup index, seed) of the golden games: the files of tests/golden."""
        found = (GOLDEN.fullmatch(path.name) for path in sorted(GOLDEN_DIR.glob("*.txt")))
        return tuple(
            (int(m["setup"]), int(m["seed"])) for m in found if m and m["game"] == self.game
        )


def _setup(players: int, **options: Any) -> Setup:
    return Setup(players=("Ann", "Bo", "Cy", "Di", "Eve")[:players], options=options)


SPECS: dict[str, GameSpec] = {kit.name: GameSpec(kit) for kit in kits()}
"""Every game registered when the harness is imported (tabletop's own)."""


@cache
def rule_ids(game: str) -> frozenset[str]:
    """The rule ids of a game's digest, read from where its kit says it is."""
    book = kit(game).rulebook
    return frozenset(rule.id for section in book.sections for rule in section.rules)


# -- a table: a game, its record and (real time) its clock ------------------------


def compact(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def view_data(engine: Engine[Any, Any], state: Any, seat: int | None) -> Any:
    view: BaseModel = engine.view(state, seat)
    return view.model_dump(mode="json")


@dataclass
class Table:
    """A game being played, with its record. ``now`` is the game clock (real time):
    it only moves forward, and every action is stamped with it, as a screen does."""

    spec: GameSpec
    setup: Setup
    seed: int
    state: Any = None
    record: GameRecord = field(init=False)
    now: float = 0.0
    steps: int = 0

    def __post_init__(self) -> None:
        self.engine = self.spec.engine
        self.state = self.engine.new(self.setup, self.seed)
        self.record = GameRecord(game=self.spec.game, setup=self.setup, seed=self.seed)
        self.seats = len(self.setup.players)

    @property
    def over(self) -> bool:
        return self.engine.outcome(self.state) is not None

    def jump(self, seconds: float) -> list[Event]:
        """Move the game clock on and run the game's clocks to it (real time only); what
        the clocks did that the log tells."""
        if not self.engine.realtime:
            return []
        self.now += seconds
        transition = self.engine.advance(self.state, self.now)
        self.state = transition.state
        return list(transition.events)

    def stamp(self, action: Any) -> Any:
        """The action at the table's clock (real-time actions carry their ``now``)."""
        if self.engine.realtime:
            return replace(action, now=self.now)
        return action

    def legal(self, seat: int) -> list[Any]:
        return [self.stamp(a) for a in self.engine.legal_actions(self.state, seat)]

    def apply(self, action: Any) -> list[Event]:
        """Apply (IllegalAction on refusal, the state untouched); on success record it."""
        before = self.engine.state_json(self.state)
        try:
            transition = self.engine.apply(self.state, action)
        finally:
            after = self.engine.state_json(self.state)
            assert after == before, "apply changed the state it was given"
        self.state = transition.state
        self.record.actions.append(self.engine.dump_action(action))
        self.steps += 1
        return list(transition.events)

    def random_step(self, rng: Rng) -> tuple[int, Any, list[Event]]:
        """One random legal move of a seat asked to act (shunned kinds last)."""
        seat = rng.choice(self.engine.to_act(self.state))
        legal = self.legal(seat)
        assert legal, f"seat {seat} is asked to act but has no legal action"
        preferred = [a for a in legal if a.kind not in self.spec.shun] or legal
        action = rng.choice(preferred)
        return seat, action, self.apply(action)


def random_clock_step(table: Table, rng: Rng) -> list[Event]:
    """Real time: 0 to 3 s pass between two moves (whole milliseconds); what the clocks
    did that the log tells."""
    if not table.engine.realtime:
        return []
    return table.jump(rng.randint(0, 3000) / 1000)


def play_to_end(spec: GameSpec, setup: Setup, seed: int) -> Table:
    """A seeded random game of legal moves, to its end; fails past ``max_steps``."""
    table = Table(spec, setup, seed)
    rng = Rng.from_seed(seed)
    for _ in range(spec.max_steps):
        random_clock_step(table, rng)
        if table.over:
            return table
        table.random_step(rng)
    raise AssertionError(f"{spec.game} seed {seed} did not end in {spec.max_steps} moves")


def chosen_move(spec: GameSpec, state: Any, seed: int, index: int) -> Any:
    """Move ``index`` of a game played by a fixed policy: the same state, seed and index
    give the same move, so a game interrupted and resumed goes on the same way. Real
    time: move i is made at second i + 1 (advance the state there first)."""
    engine = spec.engine
    rng = Rng.from_seed(seed * 1_000_003 + index)
    seat = rng.choice(engine.to_act(state))
    legal = engine.legal_actions(state, seat)
    action = rng.choice([a for a in legal if a.kind not in spec.shun] or legal)
    if engine.realtime:
        action = replace(action, now=float(index + 1))
    return action


# -- invariants ---------------------------------------------------------------------


def check_views(table: Table) -> None:
    """No view shows a card its seat may not see; the spectator sees no hidden card."""
    engine, state = table.engine, table.state
    history = table.spec.history
    public = {k: v for k, v in view_data(engine, state, None).items() if k in history}
    for seat in (None, *range(table.seats)):
        data = view_data(engine, state, seat)
        assert {k: v for k, v in data.items() if k in history} == public, "history differs"
        text = compact({k: v for k, v in data.items() if k not in history})
        leaked = sorted(t for t in table.spec.secrets(state, seat) if t in text)
        assert not leaked, f"seat {seat} sees {leaked}"


def check_invariants(table: Table) -> None:
    """What must hold after every step of every game."""
    engine, state = table.engine, table.state
    engine.check(state)  # cards conserved, indices in range, counts >= 0, phase consistent
    check_views(table)
    text = engine.state_json(state)
    assert engine.state_json(engine.load_state(json.loads(text))) == text, "state round trip"
    if engine.outcome(state) is None:
        seats = engine.to_act(state)
        assert seats, "the game runs but nobody may act"
        for seat in seats:
            assert engine.legal_actions(state, seat), f"seat {seat} is asked but has no move"


def check_replay(table: Table) -> None:
    """The record (through JSON) replays to the identical state."""
    record = GameRecord.model_validate_json(table.record.model_dump_json())
    again = replay(table.engine, record)
    if table.engine.realtime:  # the clock moved on since the last action: not recorded
        again = table.engine.advance(again, table.now).state
    assert table.engine.state_json(again) == table.engine.state_json(table.state), "replay"


def check_refusal(table: Table, exc: IllegalAction) -> None:
    """A refusal names a rule of the game's digest (or ACTION-FORMAT) and says why."""
    assert exc.rule == MALFORMED_ACTION or exc.rule in rule_ids(table.spec.game), exc.rule
    assert exc.message.strip(), f"refusal {exc.rule} has no message"


# -- golden playthroughs ------------------------------------------------------------


def _flatten(data: Any, prefix: str = "") -> Iterator[tuple[str, Any]]:
    """Dicts and lists become dotted paths to their leaves, except a list of cards (dicts
    with an ``id``): one value, the tuple of its cards' JSON, so that a card drawn or
    played reads as one card come or gone."""
    if isinstance(data, list) and data and all(isinstance(x, dict) and "id" in x for x in data):
        yield prefix, tuple(compact(item) for item in data)
    elif isinstance(data, dict | list) and data:
        keys = sorted(data) if isinstance(data, dict) else range(len(data))
        for key in keys:
            yield from _flatten(data[key], f"{prefix}.{key}" if prefix else str(key))
    else:
        yield prefix, compact(data)


def _list_delta(path: str, before: Any, after: tuple[str, ...]) -> list[str]:
    """Items gone (``path-item``) and come (``path+item``); a mere reordering shows the
    whole list (``path=[...]``)."""
    if not isinstance(before, tuple):
        return [f"{path}=[{','.join(after)}]"]
    gone, come = Counter(before) - Counter(after), Counter(after) - Counter(before)
    if not gone and not come:
        return [f"{path}=[{','.join(after)}]"]
    return [f"{path}-{item}" for item in gone.elements()] + [
        f"{path}+{item}" for item in come.elements()
    ]


def view_delta(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """What changed between two flattened views: ``path=value``, list items ``path-item``
    and ``path+item``, and ``-path`` for a path gone."""
    parts: list[str] = []
    for key, value in after.items():
        if before.get(key) == value:
            continue
        if isinstance(value, tuple):
            parts += _list_delta(key, before.get(key), value)
        else:
            parts.append(f"{key}={value}")
    parts += [f"-{k}" for k in before if k not in after]
    return parts


def golden_name(spec: GameSpec, setup_index: int, seed: int) -> str:
    setup = spec.setups[setup_index]
    return f"{spec.game}-{len(setup.players)}p-setup{setup_index}-seed{seed}.txt"


def golden_text(spec: GameSpec, setup_index: int, seed: int) -> str:
    """A seeded random game of legal moves as text: the first views, then each move with
    its log lines (``log *`` public, ``log N`` private to seat N), what changed in the
    spectator's view (``*``) and how each seat's changes differ from those (``!`` marks a
    spectator change the seat did not get), and at the end the outcome."""
    setup = spec.setups[setup_index]
    table = Table(spec, setup, seed)
    engine = table.engine
    viewers: tuple[int | None, ...] = (None, *range(table.seats))

    def label(seat: int | None) -> str:
        return "*" if seat is None else str(seat)

    def views() -> dict[int | None, dict[str, Any]]:
        return {v: dict(_flatten(view_data(engine, table.state, v))) for v in viewers}

    lines = [
        f"# {spec.game} golden playthrough: random legal moves from Rng({seed})",
        f"# setup {compact(setup.model_dump(mode='json'))} seed {seed}",
        "# regenerate on purpose with: .venv/bin/python scripts/regen_golden.py",
    ]
    shown = views()
    for seat in viewers:
        lines.append(f"view {label(seat)} {compact(view_data(engine, table.state, seat))}")
    rng = Rng.from_seed(seed)
    while True:
        assert table.steps < spec.max_steps, "the golden game does not end"
        ticked = random_clock_step(table, rng)
        lines += [f"clock log {label(e.private_to)} {e.text}" for e in ticked]
        if table.over:
            break
        _, action, events = table.random_step(rng)
        lines.append(f"move {table.steps} {compact(engine.dump_action(action))}")
        lines += [f"  log {label(e.private_to)} {e.text}" for e in events]
        now = views()
        public = view_delta(shown[None], now[None])
        if public:
            lines.append(f"  * {' '.join(public)}")
        for seat in range(table.seats):  # a seat: how its changes differ from the spectator's
            own = view_delta(shown[seat], now[seat])
            parts = [p for p in own if p not in public] + [f"!{p}" for p in public if p not in own]
            if parts:
                lines.append(f"  {seat} {' '.join(parts)}")
        shown = now
    outcome = engine.outcome(table.state)
    assert outcome is not None
    lines.append(f"outcome {compact(outcome.model_dump(mode='json'))}")
    return "\n".join(lines) + "\n"


def golden_games() -> list[tuple[GameSpec, int, int]]:
    return [(spec, i, seed) for spec in SPECS.values() for i, seed in spec.golden]
