"""Winning a round, scoring, round modifiers (featured park, priority) and the game."""

from __future__ import annotations

import pytest

from tabletop.core.engine import Event, Setup
from tabletop.games.pocketparks.model import (
    AddCard,
    Confirm,
    Draw,
    PocketParksState,
    RoundResult,
    StartBuild,
    StartSet,
)
from tabletop.games.pocketparks.rules import (
    CONTENT,
    priorities,
    score_sheet,
    sheet_totals,
    wins_with,
)
from tests.pocketparks.scenario import (
    ENGINE,
    act,
    act_log,
    park,
    parks,
    run,
    table,
    texts,
)
from tests.rulekit import assert_refused

DESERT2 = parks("Arches", "Petrified Forest")
ISLAND3 = parks("Virgin Islands", "Voyageurs", "Biscayne")
WILD3 = parks("Wind Cave", "Everglades", "Isle Royale")


def play_set(
    state: PocketParksState, seat: int, cards: list[int]
) -> tuple[PocketParksState, tuple[Event, ...]]:
    state = run(state, StartSet(seat=seat), *(AddCard(seat=seat, card=c) for c in cards))
    return act_log(state, Confirm(seat=seat))


def round_points(state: PocketParksState, winner: int) -> list[int]:
    """The totals each seat would score if ``winner`` won the round now."""
    return sheet_totals(score_sheet(state, winner))


@pytest.mark.rule("PP-WIN-1")
def test_sets_of_two_three_and_four_win_the_round() -> None:
    """PP-WIN-1: 2-3-4 and 2-4-5 win; 2-2-4 and 3-4 do not."""
    assert wins_with([2, 3, 4]) and wins_with([5, 4, 2]) and wins_with([1, 2, 3, 4])
    assert not wins_with([2, 2, 4]) and not wins_with([3, 4]) and not wins_with([3, 3, 3])
    four = parks("Sequoia", "North Cascades", "Rocky Mountain", "Guadalupe Mountains")
    st = table([[*four, park("Katmai")], parks("Zion")], sets=[[DESERT2, ISLAND3], []])
    st, log = play_set(st, 0, four)
    assert st.results[0].winner == 0 and st.round == 2
    assert "Ana has sets of 2, 3 and 4 or more." in texts(log)
    assert "Round 1 is won by Ana. Points: Ana +4, Ben +0." in texts(log)
    st = table(
        [[*four, park("Katmai")], parks("Zion")], sets=[[DESERT2, parks("Katmai", "Pinnacles")], []]
    )
    st, _ = play_set(st, 0, four)
    assert st.round == 1 and st.current == 1


@pytest.mark.rule("PP-SCORE-1")
def test_scoring_table_for_winner_and_others() -> None:
    """PP-SCORE-1: winner 1/1/2/2/9 for sets of 2/3/4/5/9, others 0/1/2/2; a
    1-card remnant scores nothing."""
    five = parks(
        "Sequoia", "North Cascades", "Rocky Mountain", "Guadalupe Mountains", "Grand Teton"
    )
    four = parks("Lassen Volcanic", "Shenandoah", "Hot Springs", "Kings Canyon")
    st = table(
        [parks("Zion"), parks("Bryce Canyon")],
        sets=[
            [DESERT2, ISLAND3, four, five, parks("Katmai")],
            [
                parks("Badlands", "White Sands"),
                WILD3,
                parks("Haleakalā", "Crater Lake", "Pinnacles", "Mount Rainier"),
            ],
        ],
    )
    assert round_points(st, 0) == [1 + 1 + 2 + 2, 0 + 1 + 2]
    assert round_points(st, 1) == [0 + 1 + 2 + 2, 1 + 1 + 2]
    nine = [c for c in range(len(CONTENT.parks)) if "mountain" in CONTENT.parks[c].icons][:9]
    st.players[0].sets = [nine]
    assert round_points(st, 0)[0] == 9


@pytest.mark.rule("PP-GAME-1")
def test_round_winner_starts_the_next_round_and_three_rounds_end_the_game() -> None:
    """PP-GAME-1: cards are gathered and dealt again; after a round nobody won,
    the player after the last starter begins."""
    four = parks("Sequoia", "North Cascades", "Rocky Mountain", "Guadalupe Mountains")
    st = table(
        [parks("Zion"), [*four, park("Katmai")], parks("Acadia")],
        sets=[[], [DESERT2, ISLAND3], []],
        current=1,
    )
    st.first = 0
    st, _ = play_set(st, 1, four)
    assert st.round == 2 and st.first == 1 and st.current == 1
    assert [len(p.hand) for p in st.players] == [6, 6, 6] and all(p.sets == [] for p in st.players)
    cards = [c for p in st.players for c in p.hand] + st.pile + st.discard + st.event_discard
    assert sorted([*cards, st.featured]) == list(range(CONTENT.size))
    st = table(
        [parks("Zion"), parks("Acadia")], pile=parks("Katmai"), discard=parks("Arches"), round=2
    )
    st.first = 1
    st = act(st, Draw(seat=0, source="pile"))  # the pile cannot be rebuilt: nobody wins
    assert st.round == 3 and st.first == 0
    st = table([[*four, park("Katmai")], parks("Zion")], sets=[[DESERT2, ISLAND3], []], round=3)
    st, log = play_set(st, 0, four)
    assert st.phase == "over" and ENGINE.to_act(st) == ()
    assert all(ENGINE.legal_actions(st, seat) == [] for seat in range(2))
    assert "The game is over." in texts(log)
    outcome = ENGINE.outcome(st)
    assert outcome is not None and outcome.winners == (0,) and outcome.tie_break == ()
    assert outcome.summary == f"Ana wins with {outcome.scores[0]} points."
    assert_refused(ENGINE, st, Draw(seat=0, source="pile"), "TT-OVER-1")


@pytest.mark.rule("PP-GAME-2")
def test_tie_goes_to_the_newest_park_in_round_three_sets() -> None:
    """PP-GAME-2: tied on points; Ben's round-3 sets hold a newer park."""
    four = parks("Sequoia", "North Cascades", "Rocky Mountain", "Guadalupe Mountains")
    st = table(
        [[*four, park("Katmai")], parks("Zion")],
        sets=[[DESERT2, ISLAND3], [parks("Great Sand Dunes", "Saguaro")]],
        round=3,
        modifiers=False,
    )
    st.players[1].score = 6  # Ana scores 1 + 1 + 2 = 4 this round; both end on 6
    st.players[0].score = 2
    st, _ = play_set(st, 0, four)
    outcome = ENGINE.outcome(st)
    assert outcome is not None and outcome.scores == (6, 6)
    assert outcome.winners == (1,) and outcome.tie_break
    st = table(
        [[*four, park("Katmai")], parks("Zion")],
        sets=[[DESERT2, ISLAND3], []],
        round=3,
        modifiers=False,
    )
    st.players[1].score = 4
    st, _ = play_set(st, 0, four)
    outcome = ENGINE.outcome(st)
    assert outcome is not None and outcome.winners == (0,)  # Ana's sets hold #41, Ben has none


@pytest.mark.rule("PP-GAME-2")
def test_a_tie_nothing_breaks_is_a_shared_win() -> None:
    """PP-GAME-2: tied on points, and neither has a round-3 set: they share the win."""
    st = table([parks("Zion"), parks("Acadia")], pile=parks("Katmai"), discard=parks("Arches"))
    st.round = 3
    for player in st.players:
        player.score = 5
    st = act(st, Draw(seat=0, source="pile"))  # the pile cannot be rebuilt: nobody wins
    outcome = ENGINE.outcome(st)
    assert outcome is not None and outcome.winners == (0, 1)
    assert outcome.summary == "Ana and Ben share the win with 5 points."
    assert outcome.tie_break == (
        "Ana: newest park in round-3 sets #0",
        "Ben: newest park in round-3 sets #0",
    )


@pytest.mark.rule("PP-MOD-1")
def test_round_modifiers_are_on_by_default_and_can_be_off() -> None:
    """PP-MOD-1: off gives three standard rounds with no featured park."""
    st = ENGINE.new(Setup(players=("A", "B")), 3)
    assert st.modifiers
    off = ENGINE.new(Setup(players=("A", "B"), options={"round_modifiers": False}), 3)
    four = parks("Sequoia", "North Cascades", "Rocky Mountain", "Guadalupe Mountains")
    for state, featured in ((st, True), (off, False)):
        state = table(
            [[*four, park("Katmai")], parks("Zion")],
            sets=[[DESERT2, ISLAND3], []],
            modifiers=state.modifiers,
        )
        state, _ = play_set(state, 0, four)
        assert (state.featured != -1) == featured and state.round == 2


@pytest.mark.rule("PP-MOD-2")
def test_featured_park_is_out_of_the_round_and_doubles_matching_sets() -> None:
    """PP-MOD-2: round 2; Great Sand Dunes (mountain, newest) doubles the mountain set."""
    four = parks("Sequoia", "North Cascades", "Rocky Mountain", "Guadalupe Mountains")
    st = table(
        [[*four, park("Katmai")], parks("Zion")],
        sets=[[DESERT2, ISLAND3], []],
        round=2,
        featured=park("Great Sand Dunes"),
    )
    assert park("Great Sand Dunes") not in st.pile
    st, _ = play_set(st, 0, four)
    assert st.results[0].points == [1 + 1 + 2 * 2, 0]
    assert ENGINE.view(st, None).featured is not None


def jones_and_linda() -> tuple[PocketParksState, list[int]]:
    """Round 3, featured Great Sand Dunes. Jones (seat 0) has 3 mountains; Linda
    (seat 1) has a desert 2 and an island 3 and holds 4 mountains."""
    linda4 = parks("Lassen Volcanic", "Hot Springs", "Shenandoah", "Kings Canyon")
    jones3 = parks("Sequoia", "Rocky Mountain", "Grand Teton")
    return table(
        [parks("Great Basin", "Zion"), [*linda4, park("Katmai")]],
        sets=[[jones3], [DESERT2, ISLAND3]],
        current=1,
        round=3,
        featured=park("Great Sand Dunes"),
    ), linda4


@pytest.mark.rule("PP-MOD-3", "PP-MOD-4")
def test_jones_and_linda_priority_decides_winning_and_doubling() -> None:
    """PP-MOD-3, PP-MOD-4: the rulebook's example. Linda's 4 mountains take the
    mountain priority from Jones' 3 and she wins: her set scores 2x2, his 1."""
    st, linda4 = jones_and_linda()
    assert priorities(st)[0] == [1 << 0]  # Jones holds mountain priority, for now
    st, _ = play_set(st, 1, linda4)
    assert st.results[0].winner == 1
    assert st.results[0].points == [1, 1 + 1 + 2 * 2]


@pytest.mark.rule("PP-MOD-3", "PP-MOD-4")
def test_a_double_set_keeps_priority_in_its_other_icon() -> None:
    """PP-MOD-3: Jones' mountain set also shares desert, so it keeps the desert
    priority (and so still counts), but is not doubled: desert is not a featured
    icon (PP-MOD-4)."""
    st, linda4 = jones_and_linda()
    st.players[0].sets = [parks("Big Bend", "Guadalupe Mountains", "Saguaro")]
    st.players[1].sets = [ISLAND3]  # Linda will not win this turn
    st, _ = play_set(st, 1, linda4)
    prio = priorities(st)
    desert = 1 << [i.id for i in CONTENT.icons].index("desert")
    assert prio[0][0] == desert and prio[1][1] == 1  # Linda holds mountain
    view = ENGINE.view(st, 0)
    assert view.players[0].sets[0].active and view.players[0].sets[0].priority == ["desert"]
    assert round_points(st, 1)[0] == 1


@pytest.mark.rule("PP-MOD-3")
def test_priority_ties_go_to_the_newest_park() -> None:
    """PP-MOD-3: Jones builds his mountains to 4 with Great Basin (#49), newer than
    Linda's newest (#24): he reclaims the priority and her set stops counting."""
    st, linda4 = jones_and_linda()
    st.players[1].sets = [DESERT2]
    st, _ = play_set(st, 1, linda4)
    assert st.current == 0
    st = run(st, StartBuild(seat=0, set_index=0), AddCard(seat=0, card=park("Great Basin")))
    st = act(st, Confirm(seat=0))
    prio = priorities(st)
    assert prio[0][0] == 1 and prio[1][1] == 0
    view = ENGINE.view(st, 1)
    assert not view.players[1].sets[1].active and view.players[0].sets[0].priority == ["mountain"]


@pytest.mark.rule("PP-MOD-3")
def test_a_priority_tie_goes_to_the_newest_park_whoever_sits_first() -> None:
    """PP-MOD-3: Jones (seat 0) and Linda (seat 1) both hold a set of 4 mountains.
    Linda's holds the newest park (Great Basin, #49, against Jones' Shenandoah, #22),
    although Jones' oldest card (#9) is newer than hers (#2): she has the mountain
    priority, so her sets of 2, 3 and 4 all count and she wins; her mountains score
    double (featured Great Sand Dunes), Jones' 4 their standard 2."""
    jones4 = parks("Rocky Mountain", "Hot Springs", "Grand Teton", "Shenandoah")
    linda4 = parks("Sequoia", "Lassen Volcanic", "Kings Canyon", "Great Basin")
    st = table(
        [parks("Zion", "Yosemite"), [*linda4, park("Katmai")]],
        sets=[[jones4], [DESERT2, ISLAND3]],
        current=1,
        round=3,
        featured=park("Great Sand Dunes"),
    )
    st, log = play_set(st, 1, linda4)
    assert st.results[0].winner == 1
    assert st.results[0].points == [2, 1 + 1 + 2 * 2]
    assert "Ben has sets of 2, 3 and 4 or more." in texts(log)  # Linda sits as Ben


def test_the_next_round_starts_with_the_winner_or_after_the_last_starter() -> None:
    """PP-GAME-1: three players; Ana started round 1 and Cy wins it: Cy starts round 2.
    Round 2, started by Ben, ends with no winner: Cy, after Ben, starts round 3."""
    four = parks("Sequoia", "North Cascades", "Rocky Mountain", "Guadalupe Mountains")
    st = table(
        [parks("Zion"), parks("Acadia"), [*four, park("Katmai")]],
        sets=[[], [], [DESERT2, ISLAND3]],
        current=2,
    )
    st.first = 0
    st, _ = play_set(st, 2, four)
    assert st.round == 2 and st.first == 2 and st.current == 2
    st = table(
        [parks("Zion"), parks("Acadia"), parks("Katmai")],
        pile=parks("Yosemite"),
        discard=parks("Arches"),
        round=2,
        current=1,
    )
    st = act(st, Draw(seat=1, source="pile"))
    assert st.round == 3 and st.first == 2 and st.current == 2


@pytest.mark.rule("PP-MOD-3", "PP-WIN-1")
def test_in_round_three_a_set_without_priority_does_not_count_toward_winning() -> None:
    """PP-MOD-3, PP-WIN-1: Jones' 4 mountains hold Great Basin (#49); Linda's 4
    mountains tie on size but her newest is Kings Canyon (#24): without the mountain
    priority her sets of 2, 3 and 4 do not win the round."""
    jones4 = parks("Rocky Mountain", "Hot Springs", "Grand Teton", "Great Basin")
    linda4 = parks("Sequoia", "Lassen Volcanic", "Shenandoah", "Kings Canyon")
    st = table(
        [parks("Zion", "Yosemite"), [*linda4, park("Katmai")]],
        sets=[[jones4], [DESERT2, ISLAND3]],
        current=1,
        round=3,
    )
    st, _ = play_set(st, 1, linda4)
    assert st.results == [] and st.round == 3 and st.current == 0


@pytest.mark.rule("PP-WIN-1", "PP-MOD-3")
def test_when_two_players_qualify_at_once_the_current_player_wins() -> None:
    """PP-WIN-1: round 3. Ana builds Big Bend and Guadalupe Mountains (desert, mountain,
    canyon) with Saguaro: her sets of 4, 3 and 2 qualify, and her set no longer shares
    canyon, so the canyon priority passes to Ben's older canyon pair and his 4, 3 and 2
    qualify too, by the same action. The current player, Ana, wins the round."""
    volcano4 = parks("Mount Rainier", "Crater Lake", "Katmai", "Lake Clark")
    st = table(
        [parks("Saguaro", "Zion"), parks("Acadia")],
        sets=[
            [parks("Big Bend", "Guadalupe Mountains"), volcano4, parks("Olympic", "Redwood")],
            [
                parks("Virgin Islands", "Voyageurs", "Biscayne", "American Samoa"),
                parks("Denali", "Kobuk Valley", "Theodore Roosevelt"),
                parks("Bryce Canyon", "Mesa Verde"),
            ],
        ],
        round=3,
    )
    assert priorities(st)[1][2] == 0  # Ana's pair holds the canyon priority, for now
    st = run(st, StartBuild(seat=0, set_index=0), AddCard(seat=0, card=park("Saguaro")))
    st, log = act_log(st, Confirm(seat=0))
    assert st.results[0].winner == 0
    assert "Ana has sets of 2, 3 and 4 or more." in texts(log)


@pytest.mark.rule("PP-WIN-1", "PP-SET-7")
def test_a_one_card_remnant_is_no_set_of_two_toward_winning() -> None:
    """PP-WIN-1, PP-SET-7: Ana holds a set of 4 and a 1-card remnant and plays a set of
    3: 4-3-1 does not win the round, and play passes to Ben."""
    four = parks("Sequoia", "North Cascades", "Rocky Mountain", "Guadalupe Mountains")
    st = table([[*ISLAND3, park("Zion")], parks("Acadia")], sets=[[four, parks("Katmai")], []])
    st, _ = play_set(st, 0, ISLAND3)
    assert st.results == [] and st.round == 1 and st.current == 1


@pytest.mark.rule("PP-MOD-2", "PP-ASTRO-1")
def test_the_featured_parks_dark_sky_mark_doubles_no_set() -> None:
    """PP-MOD-2: round 2, featured Great Sand Dunes (mountain, dark sky). With Aspiring
    astronomer in force, Ana's Arches and Petrified Forest share desert and dark sky:
    dark sky is no theme icon, so only her mountain set is doubled."""
    four = parks("Sequoia", "North Cascades", "Rocky Mountain", "Guadalupe Mountains")
    st = table(
        [[*four, park("Katmai")], parks("Zion")],
        sets=[[DESERT2, ISLAND3], []],
        round=2,
        featured=park("Great Sand Dunes"),
    )
    st.turn, st.players[0].astronomer_turn = 2, 0
    assert ENGINE.view(st, None).players[0].sets[0].icons == ["desert", "dark_sky"]
    st, _ = play_set(st, 0, four)
    assert st.results[0].points == [1 + 1 + 2 * 2, 0]


@pytest.mark.rule("PP-MOD-3", "PP-SET-8")
def test_in_round_three_a_dark_sky_set_holds_priority_and_counts() -> None:
    """PP-MOD-3, PP-SET-8: round 3, Aspiring astronomer in force for Ana. Her Bryce
    Canyon and Mammoth Cave share only dark sky: the set holds the dark sky priority,
    so with her islands and the mountains she plays it wins her the round."""
    four = parks("Sequoia", "North Cascades", "Rocky Mountain", "Guadalupe Mountains")
    st = table(
        [[*four, park("Katmai")], parks("Zion")],
        sets=[[ISLAND3], []],
        round=3,
    )
    st.turn, st.players[0].astronomer_turn = 2, 0
    st.players[0].sets.insert(0, parks("Bryce Canyon", "Mammoth Cave"))  # dark sky only
    dark_set = ENGINE.view(st, None).players[0].sets[0]
    assert (dark_set.priority, dark_set.active) == (["dark_sky"], True)
    st, _ = play_set(st, 0, four)
    assert st.results[0].winner == 0


@pytest.mark.rule("PP-GAME-2")
def test_the_final_tie_break_reads_round_three_not_round_one() -> None:
    """PP-GAME-2: tied on points after round 3, where Ben's sets hold the newer park;
    in round 1 Ana's did (#62 against #1). The tie goes to Ben."""
    four = parks("Sequoia", "North Cascades", "Rocky Mountain", "Guadalupe Mountains")
    st = table(
        [[*four, park("Katmai")], parks("Zion")],
        sets=[[DESERT2, ISLAND3], [parks("Great Sand Dunes", "Saguaro")]],
        round=3,
        modifiers=False,
    )
    st.results = [RoundResult(0, [4, 0], [62, 1]), RoundResult(1, [0, 4], [20, 30])]
    st.players[0].score, st.players[1].score = 6, 10  # Ana scores 4 this round: 10 each
    st, _ = play_set(st, 0, four)
    outcome = ENGINE.outcome(st)
    assert outcome is not None and outcome.scores == (10, 10) and outcome.winners == (1,)


@pytest.mark.rule("PP-MOD-1", "PP-WIN-1")
def test_with_modifiers_off_round_three_has_no_priority() -> None:
    """PP-MOD-1, PP-WIN-1: modifiers off, round 3 is a standard round. Jones' 4
    mountains hold a newer park (Great Basin) than the 4 Linda plays, so with
    priority (PP-MOD-3) her set would not count; off, her 2-3-4 win the round."""
    jones4 = parks("Lassen Volcanic", "Shenandoah", "Hot Springs", "Great Basin")
    linda4 = parks("Sequoia", "Rocky Mountain", "Grand Teton", "Kings Canyon")
    st = table(
        [parks("Zion", "Yosemite"), [*linda4, park("Katmai")]],
        sets=[[jones4], [DESERT2, ISLAND3]],
        current=1,
        round=3,
        modifiers=False,
    )
    st, _ = play_set(st, 1, linda4)
    assert st.phase == "over" and st.results[0].winner == 1
    assert st.results[0].points == [2, 1 + 1 + 2]  # nothing doubled either
    with_priority = table(
        [parks("Zion", "Yosemite"), [*linda4, park("Katmai")]],
        sets=[[jones4], [DESERT2, ISLAND3]],
        current=1,
        round=3,
    )
    with_priority, _ = play_set(with_priority, 1, linda4)
    assert with_priority.phase != "over" and with_priority.results == []
