"""What the hint tests of Space Park and PocketParks share: the checks that a hint is
the same whatever its seat cannot see, and a hint that cheats, to prove those checks
can fail."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

import pytest

from tabletop.core.bot import HINT_SEED, Hint
from tabletop.core.rng import Rng
from tabletop.games import hint

BUDGET_S = 60.0  # never reached: the search does all its samples, as on a fast machine


def assert_hint_ignores_hidden(
    engine: Any,
    state: Any,
    seat: int,
    variants: Sequence[Any],
    hidden: Callable[[Any, int], object],
    names: set[str],
    visible: Callable[[Any], set[str]],
) -> None:
    """The seat's hint is legal, its one-line reason names only what the seat sees, and
    each variant (the same view, other hidden cards) gets the very same hint."""
    first = hint(engine, state, seat, BUDGET_S)
    assert first is not None and first.action in engine.legal_actions(state, seat)
    view = engine.view(state, seat)
    assert {n for n in names if n in first.why} <= visible(view), first.why
    assert first.why.endswith(".") and "\n" not in first.why
    assert len({hidden(v, seat) for v in [state, *variants]}) == len(variants) + 1
    for variant in variants:
        assert engine.view(variant, seat) == view
        assert hint(engine, variant, seat, BUDGET_S) == first


def peeking_hint(engine: Any, bots: ModuleType, state: Any, seat: int) -> Hint:
    """A hint that cheats: every sample of its search is the real state."""
    real = state.clone()

    def determinize(view: object, rng: Rng) -> Any:
        twin = real.clone()
        twin.rng = Rng(rng.next64())
        return twin

    legal = engine.legal_actions(state, seat)
    view = engine.view(state, seat)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(bots, "determinize", determinize)
        action = bots.SearchBot(HINT_SEED).choose(view, legal, BUDGET_S)
    return Hint(action, "")
