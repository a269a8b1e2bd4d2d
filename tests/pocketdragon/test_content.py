"""The card file: what the rules fix, the house design marked as such, and clear errors."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from tabletop.core.errors import ContentError
from tabletop.games.pocketdragon.content import FILE, cards, parse_cards


@pytest.mark.rule("PD-SETUP-1")
def test_the_cards_match_what_the_rules_fix() -> None:
    """PD-SETUP-1: 20 Collection cards (a Skill and a Food each), 14 Activities of 2-3 Skills."""
    deck = cards()
    assert len(deck.collection) == 20 and len(deck.activities) == 14
    assert all(2 <= len(a.skills) <= 3 for a in deck.activities)
    assert all(len(set(a.skills)) == len(a.skills) for a in deck.activities)  # none twice
    assert {(s.name, s.colour) for s in deck.skills} >= {
        ("Endurance", "grey"),
        ("Attention", "green"),
    }
    assert {f.name for f in deck.foods} >= {"Sushi", "Hazelnut spread", "Steak"}
    known = {s.id for s in deck.skills if not s.house_design} | {
        f.id for f in deck.foods if not f.house_design
    }
    assert known == {"endurance", "attention", "sushi", "hazelnut_spread", "steak"}
    assert "house design" in deck.note
    assert len({(s.glyph, s.letter) for s in deck.skills}) == len(deck.skills)


def raw() -> dict[str, Any]:
    text = resources.files("tabletop.assets").joinpath(FILE).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def broken(change: str) -> dict[str, Any]:
    data = raw()
    if change == "unknown skill":
        data["activities"][3]["skills"] = ["endurance", "luck"]
    elif change == "duplicate id":
        data["collection"][5]["id"] = data["collection"][4]["id"]
    elif change == "one skill":
        data["activities"][0]["skills"] = ["wit"]
    elif change == "missing card":
        data["collection"].pop()
    return data


@pytest.mark.rule("PD-SETUP-1")
@pytest.mark.parametrize(
    ("change", "names"),
    [
        ("unknown skill", "activities[3] ('birthday-cake'): unknown skill 'luck'"),
        ("duplicate id", "collection[5] ('C05'): the id is used twice"),
        ("one skill", "activities.0.skills"),
        ("missing card", "collection"),
    ],
)
def test_a_broken_file_names_the_file_and_the_entry(change: str, names: str) -> None:
    """PD-SETUP-1: ContentError, never a bare crash."""
    with pytest.raises(ContentError) as caught:
        parse_cards(json.dumps(broken(change)))
    assert str(caught.value).startswith(f"{FILE}: ") and names in str(caught.value)


def test_broken_json_is_a_content_error() -> None:
    with pytest.raises(ContentError, match="not valid JSON"):
        parse_cards("{")
