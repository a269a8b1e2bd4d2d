"""Setup and the badge deck (SP-SETUP-*, SP-BADGE-7)."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from tabletop.core.engine import Setup
from tabletop.core.errors import ContentError
from tabletop.games.spacepark.content import ASSET, badges, destination_text, parse_deck
from tabletop.games.spacepark.engine import ENGINE
from tabletop.games.spacepark.model import DEST_NAMES
from tabletop.games.spacepark.rules import OTHER_TILES

PLAYERS = ("Ann", "Bob", "Cy", "Di")


def test_ring_is_starlight_then_the_six_tiles_shuffled() -> None:
    """SP-SETUP-1: Starlight Station first, the other six in a seeded random order."""
    orders = set()
    for seed in range(30):
        state = ENGINE.new(Setup(players=PLAYERS[:2]), seed)
        assert state.ring[0] == "starlight_station"
        assert sorted(state.ring[1:]) == sorted(OTHER_TILES)
        orders.add(state.ring)
    assert len(orders) > 10
    view = ENGINE.view(ENGINE.new(Setup(players=PLAYERS[:2]), 3), 0)
    assert [d.id for d in view.ring] == list(ENGINE.new(Setup(players=PLAYERS[:2]), 3).ring)


def test_rockets_scout_and_controller_start_positions() -> None:
    """SP-SETUP-2: rockets on Canyon, Seas, Woods; Scout on Arcade; no Controller holder."""
    state = ENGINE.new(Setup(players=PLAYERS[:3]), 11)
    view = ENGINE.view(state, 0)
    assert {d.id for d in view.ring if d.rocket} == {
        "cosmic_canyon",
        "celestial_seas",
        "lunar_woods",
    }
    assert [d.id for d in view.ring if d.scout] == ["astral_arcade"]
    assert view.controller is None


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_supply_hands_display_and_starting_sun(count: int) -> None:
    """SP-SETUP-3 supplies, SP-SETUP-4 one secret badge each and three on display,
    SP-SETUP-5 one Sun crystal each."""
    state = ENGINE.new(Setup(players=PLAYERS[:count]), 5)
    assert state.supply == [24 - count, 12, 12, 10]
    assert all(p.stock == [1, 0, 0, 0] for p in state.players)
    assert all(len(p.hand) == 1 for p in state.players)
    assert len(state.revealed) == 3
    assert len(state.deck) == 27 - count - 3
    every = state.deck + state.revealed + [b for p in state.players for b in p.hand]
    assert sorted(every) == sorted(badges())


def test_first_player_option() -> None:
    """SP-SETUP-6: seat 0 by default, a chosen seat, or random by seed; turns go clockwise."""
    fresh = ENGINE.new(Setup(players=PLAYERS[:3]), 1)
    assert (fresh.active, fresh.turn, fresh.idle_turns) == (0, 1, 0)
    assert ENGINE.view(fresh, None).turn == 1
    state = ENGINE.new(Setup(players=PLAYERS[:3], options={"first_player": 2}), 1)
    assert (state.first, state.active) == (2, 2)
    randoms = {
        ENGINE.new(Setup(players=PLAYERS, options={"first_player": "random"}), s).first
        for s in range(100)
    }
    assert randoms == {0, 1, 2, 3}
    again = ENGINE.new(Setup(players=PLAYERS, options={"first_player": "random"}), 9)
    assert (
        again.first
        == ENGINE.new(Setup(players=PLAYERS, options={"first_player": "random"}), 9).first
    )
    with pytest.raises(ValueError):
        ENGINE.new(Setup(players=PLAYERS[:2], options={"first_player": 2}), 1)
    with pytest.raises(ValueError):
        ENGINE.new(Setup(players=PLAYERS[:2], options={"first": 1}), 1)
    # Clockwise: after seat 2 comes seat 0 in a three-player game.
    action = next(a for a in ENGINE.legal_actions(state, 2) if a.kind == "visit")
    assert ENGINE.apply(state, action).state.active == 0


def test_player_counts() -> None:
    """SP-SETUP-7: 1 to 4 players; one player is solo."""
    for bad in ((), (*PLAYERS, "Ed")):
        with pytest.raises(ValueError):
            ENGINE.new(Setup(players=bad), 1)
    assert ENGINE.view(ENGINE.new(Setup(players=("Ann",)), 1), 0).solo
    assert not ENGINE.view(ENGINE.new(Setup(players=PLAYERS[:2]), 1), 0).solo
    assert ENGINE.players(ENGINE.new(Setup(players=PLAYERS), 1)) == PLAYERS


def test_deck_is_27_badges_with_pathfinder_as_printed() -> None:
    """SP-BADGE-7: 27 badges, Pathfinder exactly as printed, types of the four kinds,
    the file marked as a house design."""
    deck = badges()
    assert len(deck) == 27
    pathfinder = deck["pathfinder"]
    assert pathfinder.name == "Pathfinder"
    assert pathfinder.cost == (0, 1, 0)
    assert pathfinder.discount == (1, 0, 0)
    assert pathfinder.xp == 3
    assert pathfinder.type == "triangle"
    assert pathfinder.ability_text() == "Badges now cost one less Sun crystal to earn."
    assert {b.type for b in deck.values()} == {"triangle", "circle", "diamond", "forbidden"}
    raw = json.loads(resources.files("tabletop.assets").joinpath(ASSET).read_text("utf-8"))
    assert "house design" in raw["note"].lower()


def test_ability_texts_count_in_plain_english() -> None:
    """SP-BADGE-7: the house badges' abilities read as printed cards would."""
    texts = [badge.ability_text() for badge in badges().values()]
    assert "Gain 2 Fast Travel passes at once." in texts
    assert not any("passs" in text or " 2 less" in text for text in texts)


def test_every_badge_and_destination_says_what_it_does() -> None:
    """The card list's texts come from the deck: a badge's type, cost, XP and ability
    (in a few words beside it, whole in its text); each destination's action."""
    for badge in badges().values():
        text = badge.text()
        assert text.title == badge.name and f"worth {badge.xp} XP" in text.body[0]
        if badge.ability_text():
            assert text.body[1] == badge.ability_text() and 0 < len(text.summary) <= 32
        else:
            assert text.body[1] == "No ability." and not text.summary
    pathfinder = badges()["pathfinder"].text()
    assert pathfinder.body[0] == "Purple triangle (Moon) badge. Costs 1 Moon crystal; worth 3 XP."
    assert pathfinder.summary == "Badges cost 1 Sun less"
    for dest, name in DEST_NAMES.items():
        text = destination_text(dest, name, solo=False)
        assert text.title == name and text.body[0].endswith(".") and len(text.summary) <= 32
    solo = destination_text("starlight_station", "Starlight Station", solo=True)
    assert "Scout Stack" in solo.body[0]  # SP-SOLO-5


def _deck_json(mutate: Callable[[dict[str, Any]], None]) -> str:
    raw = json.loads(resources.files("tabletop.assets").joinpath(ASSET).read_text("utf-8"))
    mutate(raw)
    return json.dumps(raw)


def test_bad_deck_files_name_the_file_and_the_entry() -> None:
    """SP-BADGE-7: the deck is validated on load; errors name file and badge."""

    def negative_xp(raw: dict[str, Any]) -> None:
        raw["badges"][5]["xp"] = -1

    def unknown_ability(raw: dict[str, Any]) -> None:
        raw["badges"][3]["ability"] = {"kind": "teleport"}

    def short_deck(raw: dict[str, Any]) -> None:
        raw["badges"].pop()

    def pathfinder_changed(raw: dict[str, Any]) -> None:
        next(b for b in raw["badges"] if b["id"] == "pathfinder")["xp"] = 4

    def duplicate(raw: dict[str, Any]) -> None:
        raw["badges"][1]["id"] = raw["badges"][0]["id"]

    ids = list(badges())
    with pytest.raises(ContentError, match=rf"badges\.json: badge '{ids[5]}'.*xp"):
        parse_deck(_deck_json(negative_xp))
    with pytest.raises(ContentError, match=f"badge '{ids[3]}'"):
        parse_deck(_deck_json(unknown_ability))
    with pytest.raises(ContentError, match=f"badge '{ids[0]}' appears twice"):
        parse_deck(_deck_json(duplicate))
    with pytest.raises(ContentError, match="27 badges"):
        parse_deck(_deck_json(short_deck))
    with pytest.raises(ContentError, match="pathfinder"):
        parse_deck(_deck_json(pathfinder_changed))
    with pytest.raises(ContentError, match=r"badges\.json: not valid JSON"):
        parse_deck("{")
