"""The round's score sheet: the engine records every set it scored, with its
points, doubling and round-3 priority, and every view shows it the same way."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tabletop.core.engine import InvalidState, Setup
from tabletop.games.pocketparks.model import (
    NO_CARD,
    NO_SEAT,
    AddCard,
    Confirm,
    PocketParksState,
    RoundResult,
    StartSet,
)
from tabletop.games.pocketparks.rules import CONTENT
from tabletop.games.pocketparks.view import RoundView
from tests.pocketparks.scenario import ENGINE, act, park, parks, run, table

DESERT2 = parks("Arches", "Petrified Forest")
ISLAND3 = parks("Virgin Islands", "Voyageurs", "Biscayne")
MOUNTAIN4 = parks("Sequoia", "North Cascades", "Rocky Mountain", "Guadalupe Mountains")
ICON = {icon.id: 1 << i for i, icon in enumerate(CONTENT.icons)}


def play_set(state: PocketParksState, seat: int, cards: list[int]) -> PocketParksState:
    state = run(state, StartSet(seat=seat), *(AddCard(seat=seat, card=c) for c in cards))
    return act(state, Confirm(seat=seat))


def sheet_of(result: RoundResult) -> list[list[tuple[list[int], int, int, bool]]]:
    """Per seat, per set: (cards, icons, points, doubled)."""
    return [[(s.cards, s.icons, s.points, s.doubled) for s in row] for row in result.sets]


def check_sums(result: RoundResult) -> None:
    assert result.points == [sum(s.points for s in row) for row in result.sets]


def public_sheet(state: PocketParksState) -> list[RoundView]:
    """The results every view shows: the same for each seat and the spectator."""
    spectator = ENGINE.view(state, None).results
    for seat in range(len(state.players)):
        assert ENGINE.view(state, seat).results == spectator
    return spectator


@pytest.mark.rule("PP-SCORE-1")
def test_the_sheet_holds_every_set_with_its_points() -> None:
    """PP-SCORE-1: round 1, Ana wins with 2-3-4: 1 + 1 + 2. Ben, not the winner,
    scores 1 for his set of 3, 0 for his set of 2 and his 1-card remnant."""
    ben = [parks("Wind Cave", "Everglades", "Isle Royale"), parks("Badlands", "White Sands")]
    ben.append(parks("Kenai Fjords"))
    st = table([[*MOUNTAIN4, park("Katmai")], parks("Zion")], sets=[[DESERT2, ISLAND3], ben])
    st = play_set(st, 0, MOUNTAIN4)
    result = st.results[0]
    assert result.winner == 0 and st.round == 2
    assert sheet_of(result) == [
        [
            (DESERT2, ICON["desert"], 1, False),
            (ISLAND3, ICON["island"], 1, False),
            (MOUNTAIN4, ICON["mountain"], 2, False),
        ],
        [
            (ben[0], ICON["wildlife"], 1, False),
            (ben[1], ICON["desert"], 0, False),
            (ben[2], ICON["glacier_ice"] | ICON["coast"] | ICON["wildlife"], 0, False),
        ],
    ]
    check_sums(result)
    assert result.points == [4, 1]
    assert result.featured == NO_CARD and not result.priority_rules
    assert all(s.priority == 0 for row in result.sets for s in row)
    assert result.newest == [CONTENT.number[park("Biscayne")], CONTENT.number[park("White Sands")]]
    (shown,) = public_sheet(st)
    assert shown.round == 1 and shown.winner == 0 and shown.points == [4, 1]
    assert shown.featured is None and not shown.priority_rules
    assert [[[c.id for c in s.park_set.cards] for s in row] for row in shown.sets] == [
        [DESERT2, ISLAND3, MOUNTAIN4],
        ben,
    ]
    assert [s.points for s in shown.sets[1]] == [1, 0, 0]
    assert shown.sets[0][2].park_set.icons == ["mountain"]
    assert all(s.park_set.active and s.park_set.priority == [] for row in shown.sets for s in row)
    # The next round's hands were dealt from every card: the sheet is of round 1's
    # sets, not of any card where it lies now.
    assert all(p.sets == [] for p in st.players)


@pytest.mark.rule("PP-MOD-2")
def test_the_featured_park_doubles_a_set_on_the_sheet() -> None:
    """PP-MOD-2: round 2, featured Great Sand Dunes (mountain, newest): Ana's
    mountain set scores 2 x 2 and Ben's mountain set of 3 scores 1 x 2; the desert
    and island sets score their standard points."""
    ben = [parks("Lassen Volcanic", "Hot Springs", "Shenandoah"), parks("Badlands", "White Sands")]
    st = table(
        [[*MOUNTAIN4, park("Katmai")], parks("Zion")],
        sets=[[DESERT2, ISLAND3], ben],
        round=2,
        featured=park("Great Sand Dunes"),
    )
    st = play_set(st, 0, MOUNTAIN4)
    result = st.results[0]
    assert [[(s.points, s.doubled) for s in row] for row in result.sets] == [
        [(1, False), (1, False), (4, True)],
        [(2, True), (0, False)],
    ]
    check_sums(result)
    assert result.points == [6, 2] and [p.score for p in st.players] == [6, 2]
    assert result.featured == park("Great Sand Dunes") and not result.priority_rules
    (shown,) = public_sheet(st)
    assert shown.featured is not None and shown.featured.id == park("Great Sand Dunes")
    assert [s.doubled for s in shown.sets[0]] == [False, False, True]


def jones_and_linda() -> tuple[PocketParksState, list[int]]:
    """Round 3, featured Great Sand Dunes (mountain, newest). Jones (seat 0) has two
    sets of 3: mountains, and mountain + desert. Linda (seat 1) has an island 3 and
    a glacier + coast 2, and holds 4 mountains."""
    linda4 = parks("Lassen Volcanic", "Hot Springs", "Shenandoah", "Kings Canyon")
    jones = [
        parks("Sequoia", "Rocky Mountain", "Grand Teton"),
        parks("Big Bend", "Guadalupe Mountains", "Saguaro"),
    ]
    return table(
        [parks("Great Basin", "Zion"), [*linda4, park("Katmai")]],
        sets=[jones, [ISLAND3, parks("Kenai Fjords", "Olympic")]],
        current=1,
        round=3,
        featured=park("Great Sand Dunes"),
    ), linda4


@pytest.mark.rule("PP-MOD-3", "PP-MOD-4")
def test_round_three_sheet_records_priority_and_doubles_only_with_it() -> None:
    """PP-MOD-3, PP-MOD-4: Linda's 4 mountains take the mountain priority and win;
    only her mountain set is doubled. Jones' mountain set holds no priority (and did
    not count to win); his mountain + desert set keeps the desert priority but desert
    is no featured icon, so both score their standard 1."""
    st, linda4 = jones_and_linda()
    st = play_set(st, 1, linda4)
    assert st.phase == "over"
    result = st.results[0]
    assert result.winner == 1 and result.priority_rules
    assert result.featured == park("Great Sand Dunes")
    mountain, desert = ICON["mountain"], ICON["desert"]
    assert [[(s.icons, s.priority, s.points, s.doubled) for s in row] for row in result.sets] == [
        [(mountain, 0, 1, False), (mountain | desert, desert, 1, False)],
        [
            (ICON["island"], ICON["island"], 1, False),
            (ICON["glacier_ice"] | ICON["coast"], ICON["glacier_ice"] | ICON["coast"], 1, False),
            (mountain, mountain, 4, True),
        ],
    ]
    check_sums(result)
    assert result.points == [2, 6]
    (shown,) = public_sheet(st)
    assert shown.priority_rules
    jones, linda = shown.sets
    assert not jones[0].park_set.active and jones[0].park_set.priority == []
    assert jones[1].park_set.active and jones[1].park_set.priority == ["desert"]
    assert jones[1].park_set.icons == ["mountain", "desert"] and not jones[1].doubled
    assert linda[2].park_set.priority == ["mountain"] and linda[2].doubled
    assert linda[2].points == 4


@pytest.mark.rule("PP-HIDDEN-1")
def test_the_sheet_is_public_and_holds_no_hand_card() -> None:
    """PP-HIDDEN-1: every seat and the spectator see the same sheet; its cards are
    the sets as they stood at round end, and none of the cards left in a hand."""
    st, linda4 = jones_and_linda()
    st = play_set(st, 1, linda4)
    (shown,) = public_sheet(st)
    on_sheet = [[[c.id for c in s.park_set.cards] for s in row] for row in shown.sets]
    assert on_sheet == [p.sets for p in st.players]  # round 3: the sets stay on the table
    in_hands = {c for p in st.players for c in p.hand}
    assert in_hands == set(parks("Great Basin", "Zion", "Katmai"))
    assert not in_hands & {c for row in on_sheet for s in row for c in s}
    for viewer in (None, 0, 1):
        text = json.dumps([r.model_dump(mode="json") for r in ENGINE.view(st, viewer).results])
        assert not [c for c in in_hands if f'"id":{c},' in text]


@pytest.mark.rule("PP-SCORE-1")
def test_a_saved_game_keeps_the_sheet_and_an_old_save_loads_without_one() -> None:
    """PP-SCORE-1: the sheet is plain state: it clones, saves and loads; a game saved
    before the sheet existed still loads, its rounds showing the totals only."""
    st, linda4 = jones_and_linda()
    st = play_set(st, 1, linda4)
    saved = ENGINE.state_json(st)
    assert ENGINE.state_json(ENGINE.load_state(json.loads(saved))) == saved
    twin = st.clone()
    assert ENGINE.state_json(twin) == saved
    twin.results[0].sets[0][0].cards.append(park("Zion"))
    assert ENGINE.state_json(st) == saved  # the clone shares no list
    old = json.loads(saved)
    for result in old["results"]:
        for key in ("sets", "featured", "priority_rules"):
            del result[key]
    loaded = ENGINE.load_state(old)
    (shown,) = ENGINE.view(loaded, None).results
    assert shown.points == [2, 6] and shown.sets == [] and shown.featured is None


@pytest.mark.rule("PP-SCORE-1")
def test_a_loaded_sheet_with_an_empty_set_or_a_park_scored_twice_is_refused() -> None:
    """PP-SCORE-1: a loaded state's sheet scores each park once and no empty set; a
    sheet edited to break either is not a state the game can be in."""
    st, linda4 = jones_and_linda()
    saved = ENGINE.state_json(play_set(st, 1, linda4))

    def first_set(state: dict[str, Any]) -> dict[str, Any]:
        return next(row[0] for result in state["results"] for row in result["sets"] if row)

    twice, empty = json.loads(saved), json.loads(saved)
    first_set(twice)["cards"].append(first_set(twice)["cards"][0])
    first_set(empty)["cards"] = []
    for broken in (twice, empty):
        with pytest.raises(InvalidState, match="a set scored empty, or a park scored twice"):
            ENGINE.load_state(broken)


@pytest.mark.rule("PP-SCORE-1", "PP-MOD-2", "PP-MOD-3")
@pytest.mark.parametrize("n", [3, 4])
def test_random_games_score_exactly_the_sheet(n: int) -> None:
    """PP-SCORE-1, PP-MOD-2, PP-MOD-3: in whole random games every round's totals
    are the sums of its sheet, the scores the sums of the totals, and the sheet's
    sets are the ones standing at round end (round 3: still on the table)."""
    rnd = random.Random(n)
    st = ENGINE.new(Setup(players=("A", "B", "C", "D")[:n]), 20 + n)
    for _ in range(60_000):
        if ENGINE.outcome(st) is not None:
            break
        seat = rnd.choice(ENGINE.to_act(st))
        actions = ENGINE.legal_actions(st, seat)
        action = rnd.choice([a for a in actions if a.kind != "cancel"] or actions)
        st = ENGINE.apply(st, action).state
    assert len(st.results) == 3
    for number, result in enumerate(st.results, start=1):
        check_sums(result)
        assert result.priority_rules == (number == 3)
        assert (result.featured != NO_CARD) == (number > 1)
        assert result.winner == NO_SEAT or result.sets[result.winner]
    assert [p.score for p in st.players] == [sum(r.points[s] for r in st.results) for s in range(n)]
    assert [[s.cards for s in row] for row in st.results[-1].sets] == [p.sets for p in st.players]
    shown = public_sheet(st)
    assert [r.points for r in shown] == [r.points for r in st.results]


@pytest.mark.rule("PP-SET-7", "PP-SET-8")
def test_scenario_tables_refuse_sets_sharing_no_theme_icon() -> None:
    """PP-SET-1, PP-SET-7, PP-SET-8: the scenario helper refuses a set whose cards
    share no theme icon (dark sky alone does not count); a 1-card remnant is fine."""
    with pytest.raises(AssertionError, match="shares no theme icon"):
        table([[], []], sets=[[parks("Shenandoah", "Theodore Roosevelt")], []])
    with pytest.raises(AssertionError, match="shares no theme icon"):
        table([[], []], sets=[[], [parks("Bryce Canyon", "Petrified Forest")]])
    st = table([[], []], sets=[[parks("Zion")], [DESERT2]])
    assert st.players[0].sets == [parks("Zion")]
