"""What the hint tests of Space Park and PocketParks share: the checks that a hint is
the same whatever its seat cannot see, a hint that cheats, to prove those checks
can fail, and the random positions a hint's claims are checked over."""

from __future__ import annotations

import os
import random
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
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


POSITIONS = int(os.environ.get("HINT_POSITIONS", "10000"))
"""Random positions a game's hint claims are checked over (HINT_POSITIONS=100000 for a
longer run)."""


def random_positions(
    engine: Any, new: Callable[[int], Any], count: int, every: int
) -> Iterator[tuple[Any, int]]:
    """``count`` positions of random games (game ``i`` from ``new(i)``): every ``every``-th
    state of each, with a seat to act; a cancel is played only when nothing else is legal,
    so drafts run to their end."""
    rng = random.Random(count)
    made = 0
    game = 0
    while True:
        state = new(game)
        game += 1
        moves = 0
        while engine.outcome(state) is None:
            seat = engine.to_act(state)[rng.randrange(len(engine.to_act(state)))]
            legal = engine.legal_actions(state, seat)
            if moves % every == 0:
                yield state, seat
                made += 1
                if made == count:
                    return
            state = engine.apply(state, rng.choice(_uncancelled(legal))).state
            moves += 1


def _uncancelled(legal: Sequence[Any]) -> list[Any]:
    return [a for a in legal if getattr(a, "kind", None) != "cancel"] or list(legal)


def named(text: str, names: Iterable[str]) -> list[str]:
    """The names that ``text`` holds, in their order, each once where it stands (a name
    inside a longer one is not counted)."""
    found: list[tuple[int, str]] = []
    taken = [False] * len(text)
    for name in sorted(set(names), key=len, reverse=True):
        for match in re.finditer(re.escape(name), text):
            if not any(taken[match.start() : match.end()]):
                found.append((match.start(), name))
                taken[match.start() : match.end()] = [True] * len(name)
    return [name for _, name in sorted(found)]
