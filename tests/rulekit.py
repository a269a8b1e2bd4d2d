"""The rule tests' kit, shared by the three games: ``assert_refused`` for a rule that
forbids, ``@pytest.mark.rule(...)`` for a rule that permits, and the rule ids a test
that ran recorded, from which tests/conftest.py computes the rule coverage."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from tabletop.core.engine import Action, Engine
from tabletop.core.errors import IllegalAction

ROOT = Path(__file__).resolve().parents[1]
ID = r"(?:SP|PP|PD|TT)-[A-Z0-9]+(?:-[A-Z0-9]+)*-\d+"
GAME_RULE = re.compile(ID)
DEFINED = re.compile(rf"^\s*[-*]\s+\*\*({ID})\*\*", re.MULTILINE)
# The digests as the package finds them (tabletop.seeds), not beside this file: mutation
# testing runs the tests from a copy of tabletop/ and tests/ alone.
DIGESTS = tuple(sorted(Path(str(resources.files("tabletop.seeds"))).glob("*.md")))


def defined_ids(digest: Path) -> list[str]:
    """The rule ids a digest defines, in its order (duplicates kept, for the check)."""
    return DEFINED.findall(digest.read_text(encoding="utf-8"))


ALL_IDS = frozenset(i for d in DIGESTS for i in defined_ids(d))

_recorded: list[str] = []


def record(*rules: str) -> None:
    """Count these rules as executed by the running test (if it passes)."""
    unknown = [r for r in rules if r not in ALL_IDS]
    assert not unknown, f"no digest in seeds/ defines {unknown}"
    _recorded.extend(rules)


def take_recorded() -> list[str]:
    """The ids recorded since the last call (tests/conftest.py calls it after each test)."""
    taken = list(_recorded)
    _recorded.clear()
    return taken


def assert_refused(
    engine: Engine[Any, Any], state: Any, action: Action, rule: str
) -> IllegalAction:
    """``action`` is refused naming ``rule``, is not among its seat's legal actions (at the
    action's moment, for a real-time game), and leaves the state exactly as it was.
    Records ``rule`` as executed if it is a game's rule (the core's own ids, such as
    the malformed action's, are in no digest)."""
    before = engine.state_json(state)
    now = getattr(action, "now", None)
    at = state if now is None else engine.advance(state, now).state
    assert action not in engine.legal_actions(at, action.seat), f"listed as legal: {action}"
    with pytest.raises(IllegalAction) as caught:
        engine.apply(state, action)
    assert caught.value.rule == rule, caught.value
    assert engine.state_json(state) == before, "a refused action changed the state"
    if GAME_RULE.fullmatch(rule):
        record(rule)
    return caught.value


def missing_ids(recorded: set[str]) -> dict[str, list[str]]:
    """Per digest (by file name), the ids no test that ran recorded or marked."""
    missing = {d.name: [i for i in defined_ids(d) if i not in recorded] for d in DIGESTS}
    return {name: ids for name, ids in missing.items() if ids}
