"""The tables each game fills the rules skeleton with (core/rules.py): every kind of
action has a handler, and in every phase every kind is either allowed or refused
with a rule the game's digest defines."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType
from typing import Annotated, get_args, get_origin

import pytest

from tabletop.core.rules import OVER, SEAT
from tabletop.games import get_engine
from tabletop.games.pocketdragon import rules as pocketdragon
from tabletop.games.pocketparks import rules as pocketparks
from tabletop.games.spacepark import rules as spacepark

ROOT = Path(__file__).resolve().parents[2]
RULES = {"pocketparks": pocketparks, "spacepark": spacepark, "pocketdragon": pocketdragon}


def kinds_of(game: str) -> set[str]:
    union = get_engine(game).action_type
    if get_origin(union) is Annotated:
        union = get_args(union)[0]
    return {cls.__dataclass_fields__["kind"].default for cls in get_args(union)}


def digest_ids(game: str) -> set[str]:
    text = (ROOT / "seeds" / f"{game}.md").read_text(encoding="utf-8")
    return set(re.findall(r"^- \*\*([A-Z]+-[A-Z0-9-]+)\*\*", text, re.MULTILINE))


@pytest.mark.parametrize("game", RULES)
def test_every_kind_has_a_handler_and_checks_name_kinds(game: str) -> None:
    module: ModuleType = RULES[game]
    kinds = kinds_of(game)
    assert set(module.RULES.handlers) == kinds
    assert set(module.RULES.checks) <= kinds


@pytest.mark.parametrize("game", RULES)
def test_every_phase_allows_or_refuses_every_kind_by_a_rule_of_the_digest(game: str) -> None:
    module: ModuleType = RULES[game]
    kinds = kinds_of(game)
    ids = digest_ids(game)
    assert {SEAT, OVER} <= ids
    for name, phase in module.RULES.phases.items():
        assert phase.kinds <= kinds and phase.anyone <= kinds, name
        for kind in kinds - phase.kinds:
            if phase.over:
                continue  # refused as over (TT-OVER-1) before anything else
            rule, message = phase.refusal(kind)
            assert rule in ids, (name, kind, rule)
            sentence = message.format(name="Ann")
            assert sentence[:1].isupper() and sentence.endswith("."), (name, kind, message)
