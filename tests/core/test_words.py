"""Counted things in players' words: one helper for every game's log, summaries and
hints (never "card(s)", never "1 crystals")."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tabletop.core.words import counted, noun_for

ROOT = Path(__file__).resolve().parents[2] / "tabletop"


@pytest.mark.parametrize(
    ("amount", "noun", "said"),
    [
        (1, "card", "1 card"),
        (0, "point", "0 points"),
        (2, "random card", "2 random cards"),
        (1, "Fast Travel pass", "1 Fast Travel pass"),
        (2, "Fast Travel pass", "2 Fast Travel passes"),
        (3, "Sun crystal", "3 Sun crystals"),
        (4, "match", "4 matches"),
    ],
)
def test_counted_says_one_thing_or_many(amount: int, noun: str, said: str) -> None:
    assert counted(amount, noun) == said
    assert noun_for(amount, noun) == said.split(" ", 1)[1]


def test_no_text_of_the_app_counts_with_an_s_in_brackets() -> None:
    """No string in the package hedges a plural ("card(s)", "point(s)"): counted says
    it right for the amount."""
    hedged = []
    for path in ROOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and re.search(r"[a-z]\(s\)", node.value)
                and path.name != "words.py"
            ):
                hedged.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert hedged == []
