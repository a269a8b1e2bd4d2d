"""Park Tour, nine of a kind, and the response windows that ask every seat."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop.games.pocketparks.model import (
    Cancel,
    Confirm,
    Discard,
    Draw,
    ParkTour,
    Pass,
    Pay,
    PlayEvent,
    PocketParksState,
    React,
    StartSteal,
    Take,
    TakeRandom,
    TourPick,
)
from tests.pocketparks.scenario import (
    ENGINE,
    act,
    act_log,
    event,
    options,
    park,
    parks,
    pass_all,
    run,
    table,
    texts,
    tour,
)
from tests.rulekit import assert_refused

MOUNTAINS = parks("Sequoia", "North Cascades", "Rocky Mountain", "Guadalupe Mountains")
WILDLIFE = parks("Wind Cave", "Everglades", "Isle Royale", "Channel Islands")


def discard_teton(hands: list[list[int]], **kw: Any) -> PocketParksState:
    """Ana draws Yosemite and Zion, then discards Grand Teton (mountain, wildlife)."""
    st = table(hands, draws=parks("Yosemite", "Zion"), **kw)
    st = run(st, Draw(seat=0, source="pile"), Draw(seat=0, source="pile"))
    return act(st, Discard(seat=0, card=park("Grand Teton")))


@pytest.mark.rule("PP-TOUR-4")
def test_park_tour_plays_a_set_of_five_and_play_goes_on_after_the_claimant() -> None:
    """PP-TOUR-1, PP-TOUR-4: Ben and Cy both claim Grand Teton; Ben is nearer
    after Ana, so he wins; the next turn is Cy's."""
    st = discard_teton([parks("Grand Teton", "Arches"), MOUNTAINS, WILDLIFE])
    assert st.window is not None and st.window.card == park("Grand Teton")
    assert ENGINE.to_act(st) == (1, 2)
    picks = [a for a in ENGINE.legal_actions(st, 1) if a.kind == "tour_pick"]
    assert picks == [TourPick(seat=1, card=c) for c in MOUNTAINS]
    st = tour(st, 2, WILDLIFE)
    st, log = act_log(st, ParkTour(seat=1, cards=tuple(sorted(MOUNTAINS))))
    assert sorted(st.players[1].sets[0]) == sorted([*MOUNTAINS, park("Grand Teton")])
    assert st.players[2].sets == [] and sorted(st.players[2].hand) == sorted(WILDLIFE)
    assert st.current == 2 and st.phase == "turn"
    assert any("PARK TOUR! Ben" in line for line in texts(log))
    assert_refused(ENGINE, st, ParkTour(seat=1, cards=tuple(MOUNTAINS)), "TT-SEAT-1")


@pytest.mark.rule("PP-TOUR-4", "PP-WISH-2")
def test_the_wisher_comes_last_when_claiming_a_flipped_park() -> None:
    """PP-TOUR-4, PP-WISH-2: Ana's Make a wish flips Grand Teton; Ana (the current
    player, allowed to claim a wish flip) claims first, then Ben claims too. Ben is
    nearest after Ana and wins the claim; the wish stops, and Cy plays next."""
    wish = event("make_a_wish")
    anas = parks("Lassen Volcanic", "Kings Canyon", "Shenandoah", "Hot Springs")
    st = table(
        [[wish, *anas], [*MOUNTAINS, park("Katmai")], parks("Bryce Canyon")],
        draws=parks("Yosemite", "Zion", "Grand Teton", "Arches"),
    )
    st = run(st, Draw(seat=0, source="pile"), Draw(seat=0, source="pile"))
    st = pass_all(act(st, PlayEvent(seat=0, card=wish)))
    assert st.window is not None and st.window.kind == "wish"
    assert st.window.card == park("Grand Teton") and ENGINE.to_act(st) == (1, 2, 0)
    st = tour(st, 0, anas)
    st = tour(st, 1, MOUNTAINS)
    st = act(st, Pass(seat=2))
    assert sorted(st.players[1].sets[0]) == sorted([*MOUNTAINS, park("Grand Teton")])
    assert st.players[0].sets == [] and set(anas) <= set(st.players[0].hand)
    assert not st.wishing and st.current == 2 and st.phase == "turn"


@pytest.mark.rule("PP-TOUR-4")
def test_claims_are_settled_from_the_player_after_the_current_one() -> None:
    """PP-TOUR-4: on Ben's turn both Ana and Cy claim his discard; Cy, next after Ben,
    wins the claim, though Ana sits first at the table."""
    anas = parks("Lassen Volcanic", "Kings Canyon", "Shenandoah", "Hot Springs")
    st = table(
        [[*anas, park("Katmai")], parks("Grand Teton", "Arches"), [*MOUNTAINS, park("Acadia")]],
        draws=parks("Yosemite", "Zion"),
        current=1,
    )
    st = run(st, Draw(seat=1, source="pile"), Draw(seat=1, source="pile"))
    st = act(st, Discard(seat=1, card=park("Grand Teton")))
    st = tour(st, 0, anas)
    st = tour(st, 2, MOUNTAINS)
    assert sorted(st.players[2].sets[0]) == sorted([*MOUNTAINS, park("Grand Teton")])
    assert st.players[0].sets == [] and st.current == 0


def test_a_park_tour_needs_four_sharing_an_icon_with_the_top() -> None:
    """PP-TOUR-1."""
    st = discard_teton([parks("Grand Teton", "Arches"), [*MOUNTAINS[:3], park("Arches")], WILDLIFE])
    assert ENGINE.legal_actions(st, 1) == [Pass(seat=1)]
    assert_refused(
        ENGINE, st, ParkTour(seat=1, cards=(*MOUNTAINS[:3], park("Arches"))), "PP-TOUR-1"
    )
    refusal = assert_refused(ENGINE, st, ParkTour(seat=1, cards=tuple(MOUNTAINS[:3])), "PP-TOUR-1")
    assert refusal.message.startswith("A Park Tour needs 4 park cards from your hand")
    # Four desert parks share an icon, but not one of Grand Teton's (mountain, wildlife).
    desert = parks("Petrified Forest", "Canyonlands", "Capitol Reef", "White Sands")
    st = discard_teton([parks("Grand Teton", "Arches"), desert, WILDLIFE])
    assert ENGINE.legal_actions(st, 1) == [Pass(seat=1)]
    assert_refused(ENGINE, st, ParkTour(seat=1, cards=tuple(sorted(desert))), "PP-TOUR-1")


def test_park_tour_picks_are_refused_unless_they_grow_a_tour_from_the_hand() -> None:
    """PP-TOUR-1: Ben, asked about Grand Teton, holds five mountains and Zion. He may
    pick only a card he holds, once, that can still make a tour with the top; he may
    claim only with every card he picked, and cancel only picks he made."""
    hand = [*MOUNTAINS, park("Lassen Volcanic"), park("Zion")]
    st = discard_teton([parks("Grand Teton", "Arches"), hand, parks("Bryce Canyon")])
    refusal = assert_refused(ENGINE, st, Cancel(seat=1), "PP-TOUR-1")
    assert refusal.message == "You have picked no card for a Park Tour."
    refusal = assert_refused(ENGINE, st, TourPick(seat=1, card=park("Bryce Canyon")), "PP-TOUR-1")
    assert refusal.message == "Pick a card from your hand, once."
    refusal = assert_refused(ENGINE, st, TourPick(seat=1, card=park("Zion")), "PP-TOUR-1")
    assert refusal.message.startswith("With the cards picked, that card makes no Park Tour")
    st = act(st, TourPick(seat=1, card=park("Lassen Volcanic")))
    refusal = assert_refused(
        ENGINE, st, TourPick(seat=1, card=park("Lassen Volcanic")), "PP-TOUR-1"
    )
    assert refusal.message == "Pick a card from your hand, once."
    without_the_pick = ParkTour(seat=1, cards=tuple(sorted(MOUNTAINS)))
    refusal = assert_refused(ENGINE, st, without_the_pick, "PP-TOUR-1")
    assert refusal.message == "Claim with the cards you picked (or cancel them)."
    st = act(st, Cancel(seat=1))
    assert st.window is not None and st.window.picks == []
    assert act(st, TourPick(seat=1, card=MOUNTAINS[0])).window is not None


@pytest.mark.rule("PP-TOUR-2")
def test_no_park_tour_on_your_own_discard() -> None:
    """PP-TOUR-2: Ana is not even asked about her own discard."""
    hand = [*MOUNTAINS, park("Grand Teton")]
    st = discard_teton([hand, parks("Zion"), parks("Bryce Canyon")])
    assert 0 not in ENGINE.to_act(st) and ENGINE.legal_actions(st, 0) == []
    assert_refused(ENGINE, st, ParkTour(seat=0, cards=tuple(MOUNTAINS)), "TT-SEAT-1")


@pytest.mark.rule("PP-TOUR-3", "PP-STEAL-6")
def test_only_the_top_payment_card_can_be_toured_after_the_steal() -> None:
    """PP-TOUR-3, PP-STEAL-6: Ana pays Grand Teton then Yellowstone; Ben's four
    mountains match only Grand Teton, which lies under the top."""
    hand = [park("Grand Teton"), park("Yellowstone"), park("Zion")]
    st = table([hand, MOUNTAINS, parks("Bryce Canyon")])
    st = run(st, StartSteal(seat=0, target=2), Pay(seat=0, card=park("Grand Teton")))
    st = run(st, Pay(seat=0, card=park("Yellowstone")), TakeRandom(seat=0), Confirm(seat=0))
    assert st.window is not None and st.window.kind == "steal"
    assert not any(a.kind == "tour_pick" for a in options(st, 1))
    st = pass_all(st)  # the steal resolves first
    assert park("Bryce Canyon") in st.players[0].hand
    assert st.window is not None and st.window.kind == "tour"
    assert st.window.card == park("Yellowstone")
    assert ENGINE.legal_actions(st, 1) == [Pass(seat=1)]


@pytest.mark.rule("PP-STEAL-6", "PP-TOUR-5")
def test_park_tour_on_a_payment_after_the_steal_resolves() -> None:
    """PP-STEAL-6, PP-TOUR-5: the claim is settled after the steal."""
    hand = [park("Yellowstone"), park("Grand Teton"), park("Zion")]
    st = table(
        [hand, MOUNTAINS, parks("Bryce Canyon")],
        sets=[[], [], [parks("Arches", "Petrified Forest")]],
    )
    st = run(st, StartSteal(seat=0, target=2), Pay(seat=0, card=park("Yellowstone")))
    st = run(
        st,
        Pay(seat=0, card=park("Grand Teton")),
        Take(seat=0, card=park("Arches")),
        Confirm(seat=0),
    )
    st = pass_all(st)
    st = tour(st, 1, MOUNTAINS)
    st = act(st, Pass(seat=2))
    assert park("Arches") in st.players[0].hand and len(st.players[1].sets[0]) == 5
    assert st.current == 2


@pytest.mark.rule("PP-TOUR-5")
def test_hand_limit_then_park_tour_then_the_player_after_the_claimant() -> None:
    """PP-TOUR-5: the current player's hand limit resolves before the claim."""
    hand = [
        *parks("Grand Teton", "Arches", "Petrified Forest", "Zion", "Bryce Canyon"),
        *parks("Acadia", "Katmai", "Pinnacles", "Redwood"),
    ]
    st = discard_teton([hand, parks("Yellowstone"), MOUNTAINS])
    assert st.phase == "limit" and st.window is None
    st = act(st, Discard(seat=0, card=park("Arches")))
    assert st.window is not None and st.window.card == park("Grand Teton")
    st = act(st, Pass(seat=1))
    st = tour(st, 2, MOUNTAINS)
    assert len(st.players[2].sets[0]) == 5 and st.current == 0  # after Cy comes Ana


@pytest.mark.rule("PP-NINE-1")
def test_nine_of_a_kind_in_hand_wins_the_round_at_once() -> None:
    """PP-NINE-1: Ana holds 8 mountains and draws the 9th."""
    eight = [*MOUNTAINS, *parks("Lassen Volcanic", "Grand Teton", "Shenandoah", "Hot Springs")]
    st = table([eight, parks("Zion")], draws=parks("Kings Canyon"))
    st, log = act_log(st, Draw(seat=0, source="pile"))
    assert st.results[0].winner == 0 and st.round == 2
    assert st.results[0].points[0] == 9
    assert any("nine of a kind" in line for line in texts(log))


@pytest.mark.rule("PP-NINE-1", "PP-WIN-1")
def test_nine_in_two_hands_the_player_whose_turn_it_is_wins() -> None:
    """PP-NINE-1, PP-WIN-1: Ana and Ben each hold nine of a kind; on Ben's turn his
    draw settles the round, and he, whose turn it is, comes before Ana."""
    anas = parks("Sequoia", "Rocky Mountain", "Lassen Volcanic", "Hot Springs", "Grand Teton")
    anas += parks("Shenandoah", "Kings Canyon", "Big Bend", "Haleakalā")
    bens = parks("Wind Cave", "Denali", "Everglades", "Great Smoky Mountains", "Isle Royale")
    bens += parks("Badlands", "Theodore Roosevelt", "Channel Islands", "Biscayne")
    st = table([anas, bens], current=1, draws=parks("Zion"))
    st, log = act_log(st, Draw(seat=1, source="pile"))
    assert st.results[0].winner == 1 and st.results[0].points == [0, 9]
    assert any("Ben holds nine of a kind" in line for line in texts(log))


@pytest.mark.rule("PP-NINE-1")
def test_ten_of_a_kind_in_hand_play_the_newest_nine() -> None:
    """PP-NINE-1: Ana holds ten mountain parks; at her first move the newest nine are
    played and win the round; Sequoia (#2), the oldest, is left out."""
    ten = parks(
        "Sequoia",
        "Rocky Mountain",
        "Lassen Volcanic",
        "Hot Springs",
        "Grand Teton",
        "Shenandoah",
        "Kings Canyon",
        "Guadalupe Mountains",
        "North Cascades",
        "Saguaro",
    )
    st = table([ten, parks("Zion")], draws=parks("Acadia"))
    st = act(st, Draw(seat=0, source="pile"))
    nine = st.results[0].sets[0][0].cards
    assert st.results[0].winner == 0 and sorted(nine) == sorted(ten[1:])


@pytest.mark.rule("PP-NINE-2")
def test_park_tour_the_ninth_with_eight_in_hand() -> None:
    """PP-NINE-2: on Ana's turn, Ben claims her discard with 8 and wins the round."""
    eight = [*MOUNTAINS, *parks("Lassen Volcanic", "Kings Canyon", "Shenandoah", "Hot Springs")]
    st = discard_teton([parks("Grand Teton", "Arches"), eight])
    for card in eight:
        st = act(st, TourPick(seat=1, card=card))
    nine_claims = [a for a in ENGINE.legal_actions(st, 1) if a.kind == "park_tour"]
    assert nine_claims == [ParkTour(seat=1, cards=tuple(sorted(eight)))]
    st = act(st, nine_claims[0])
    assert st.results[0].winner == 1 and st.results[0].points[1] == 9


def test_a_window_asks_every_other_seat_and_hides_who_could_answer() -> None:
    """PP-WINDOW-1: Ben can claim and Cy cannot; both are asked the same question,
    both must answer, and no view shows a claim before the window closes."""
    st = discard_teton([parks("Grand Teton", "Arches"), parks("Zion", "Bryce Canyon"), MOUNTAINS])
    ben = ENGINE.view(st, 1).model_dump(mode="json")["window"]
    cy = ENGINE.view(st, 2).model_dump(mode="json")["window"]
    assert ben == cy and ben["you_answer"] and ben["waiting"] == [1, 2]
    assert ENGINE.legal_actions(st, 1) == [Pass(seat=1)]
    st = tour(st, 2, MOUNTAINS)
    for seat in (None, 0, 1):
        text = json.dumps(ENGINE.view(st, seat).model_dump(mode="json"))
        assert "claims" not in text and "Sequoia" not in text
    assert ENGINE.to_act(st) == (1,)
    assert_refused(ENGINE, st, Pass(seat=2), "TT-SEAT-1")  # Cy already answered
    assert_refused(ENGINE, st, Draw(seat=1, source="pile"), "PP-WINDOW-1")
    assert_refused(ENGINE, st, React(seat=1, card=event("ranger_says_no")), "PP-EVENT-2")
    st = act(st, Pass(seat=1))
    assert len(st.players[2].sets[0]) == 5 and st.current == 0


@pytest.mark.rule("PP-WIN-1")
def test_a_park_tour_can_win_the_round_off_turn() -> None:
    """PP-WIN-1: checked after every off-turn play: Ben's set of 5 joins his 2 and 3."""
    sets = [
        [],
        [parks("Arches", "Petrified Forest"), parks("Virgin Islands", "Voyageurs", "Biscayne")],
        [],
    ]
    st = discard_teton(
        [parks("Grand Teton", "Katmai"), [*MOUNTAINS, park("Acadia")], parks("Zion")], sets=sets
    )
    st = tour(st, 1, MOUNTAINS)
    st, log = act_log(st, Pass(seat=2))
    assert st.results[0].winner == 1 and st.round == 2 and st.first == 1
    assert "Ben has sets of 2, 3 and 4 or more." in texts(log)


@pytest.mark.rule("PP-TOUR-1")
def test_a_park_tour_names_four_different_cards() -> None:
    """PP-TOUR-1: Ben holds the 4 mountains; a claim naming one of them twice (so
    only 3 cards) is refused, and the 4 different ones are still his to claim."""
    st = discard_teton([parks("Grand Teton", "Arches"), MOUNTAINS, WILDLIFE])
    twice = tuple(sorted([MOUNTAINS[0], *MOUNTAINS[:3]]))
    assert_refused(ENGINE, st, ParkTour(seat=1, cards=twice), "PP-TOUR-1")
    assert ParkTour(seat=1, cards=tuple(sorted(MOUNTAINS))) not in options(st, 1)  # not picked
    st = pass_all(tour(st, 1, MOUNTAINS))
    assert sorted(st.players[1].sets[0]) == sorted([*MOUNTAINS, park("Grand Teton")])


@pytest.mark.rule("PP-TOUR-1")
def test_a_park_tour_uses_only_cards_from_the_claimants_hand() -> None:
    """PP-TOUR-1: Ben holds 3 mountains, Cy the fourth (Shenandoah): Ben cannot
    claim Grand Teton with Cy's card."""
    st = discard_teton(
        [parks("Grand Teton", "Arches"), [*MOUNTAINS[:3], park("Katmai")], parks("Shenandoah")]
    )
    borrowed = tuple(sorted([*MOUNTAINS[:3], park("Shenandoah")]))
    assert_refused(ENGINE, st, ParkTour(seat=1, cards=borrowed), "PP-TOUR-1")
