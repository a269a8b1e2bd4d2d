"""The PocketParks deck: facts followed, icons spread, errors that name the entry."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from tabletop.core.errors import ContentError
from tabletop.games.pocketparks.content import build_content, content_report, load_content

CONTENT = load_content()


def _raw(name: str) -> Any:
    return json.loads((resources.files("tabletop.assets") / "pocketparks" / name).read_text())


def _count(icon: str) -> int:
    return sum(1 for p in CONTENT.parks if icon in p.icons)


@pytest.mark.rule("PP-DECK-1")
def test_deck_has_63_parks_in_order_of_establishment() -> None:
    """PP-DECK-1: numbered 1..63 by establishment, so a higher number is newer."""
    assert [p.number for p in CONTENT.parks] == list(range(1, 64))
    years = [p.established for p in CONTENT.parks]
    assert years == sorted(years)
    assert CONTENT.parks[0].name == "Yellowstone" and CONTENT.parks[62].name == "New River Gorge"


@pytest.mark.rule("PP-DECK-2")
def test_sixteen_icons_each_on_six_or_more_parks() -> None:
    """PP-DECK-2: 9 physical + 7 statistical icons, 1-3 a card, each on >= 6 parks."""
    kinds = [i.kind for i in CONTENT.icons]
    assert kinds.count("physical") == 9 and kinds.count("statistical") == 7
    ids = {i.id for i in CONTENT.icons}
    assert {"mountain", "glacier_ice", "desert", "volcano", "island"} <= ids
    counts = {i.id: _count(i.id) for i in CONTENT.icons}
    assert min(counts.values()) >= 6
    assert sum(1 for c in counts.values() if c >= 9) >= 3
    assert all(1 <= len(p.icons) <= 3 for p in CONTENT.parks)


@pytest.mark.rule("PP-DECK-2")
def test_statistical_icons_follow_the_facts() -> None:
    """PP-DECK-2: oldest = the lowest numbers, newest = the highest, and so on."""
    oldest = [p.number for p in CONTENT.parks if "oldest" in p.icons]
    newest = [p.number for p in CONTENT.parks if "newest" in p.icons]
    assert oldest == list(range(1, len(oldest) + 1))
    assert newest == list(range(64 - len(newest), 64))
    unesco = {p.name for p in CONTENT.parks if "unesco" in p.icons}
    assert {"Yellowstone", "Grand Canyon", "Mammoth Cave"} <= unesco
    largest = {p.name for p in CONTENT.parks if "largest" in p.icons}
    assert "Wrangell–St. Elias" in largest and "Gateway Arch" not in largest
    smallest = {p.name for p in CONTENT.parks if "smallest" in p.icons}
    assert "Gateway Arch" in smallest


@pytest.mark.rule("PP-DECK-3")
def test_dark_sky_on_eighteen_parks_including_badlands() -> None:
    """PP-DECK-3."""
    dark = [p.name for p in CONTENT.parks if p.dark_sky]
    assert len(dark) == 18 and "Badlands" in dark


@pytest.mark.rule("PP-DECK-4")
def test_event_cards_are_a_marked_house_design() -> None:
    """PP-DECK-4: the six named events plus the two reactive ones, 10-14 cards."""
    assert 10 <= len(CONTENT.events) <= 14
    names = {e.name for e in CONTENT.events}
    assert {
        "Mosquito bites",
        "Let's do it again",
        "Survival of the fittest",
        "Comparing notes",
        "Make a wish",
        "Aspiring astronomer",
    } <= names
    colours = {e.effect: e.colour for e in CONTENT.events}
    assert colours["trail_detour"] == colours["ranger_says_no"] == "purple"
    assert colours["lets_do_it_again"] == "purple"
    assert _raw("events.json")["house_design"].startswith("HOUSE DESIGN")
    assert _raw("parks.json")["house_design"].startswith("HOUSE DESIGN")


def test_bad_entry_is_named_in_the_error() -> None:
    parks = copy.deepcopy(_raw("parks.json"))
    parks["parks"][4]["icons"] = []
    with pytest.raises(ContentError, match=r"parks.json: parks\[4\] \(Crater Lake\)"):
        build_content(parks, _raw("events.json"))
    parks = copy.deepcopy(_raw("parks.json"))
    parks["parks"][7]["icons"] = ["mountain", "lava"]
    with pytest.raises(ContentError, match=r"parks\[7\] \(Glacier\): unknown icon 'lava'"):
        build_content(parks, _raw("events.json"))
    events = copy.deepcopy(_raw("events.json"))
    events["events"][1]["colour"] = "green"
    with pytest.raises(ContentError, match=r"events.json: events\[1\] \(Aspiring astronomer\)"):
        build_content(_raw("parks.json"), events)


def test_content_report_counts_icons_and_lists_cards() -> None:
    text = content_report(CONTENT)
    assert f"Mountain       physical     {_count('mountain')}" in text
    assert "#58 Great Sand Dunes" in text and "Mountain, Newest" in text
    assert "Dark sky" in text and "2 x Make a wish (blue)" in text


def test_every_card_says_what_it_does() -> None:
    """The card list's texts come from the assets: a park's icons, states, year and
    fact; an event's colour, a line that fits beside it in the hand, and its text."""
    content = load_content()
    raw_events = {e["effect"]: e for e in _raw("events.json")["events"]}
    for card in range(content.size):
        text = content.card_text(card)
        if content.is_event(card):
            entry = raw_events[content.event(card).effect]
            assert text.title == entry["name"] and text.summary == entry["summary"]
            assert text.body[-1] == entry["text"] and entry["colour"] in text.body[0].lower()
        else:
            park = content.parks[card]
            assert text.title == f"#{park.number} {park.name}" and text.body[-1] == park.fact
            assert str(park.established) in text.summary
            assert ("Dark sky park" in " ".join(text.body)) == park.dark_sky
