"""Pay to steal, Trail detour, and Let's do it again answering a steal."""

from __future__ import annotations

import pytest

from tabletop.games.pocketparks.model import (
    Cancel,
    Confirm,
    ParkTour,
    Pass,
    Pay,
    React,
    StartSteal,
    Take,
    TakeRandom,
)
from tabletop.games.pocketparks.rules import payment_buys
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
)
from tests.rulekit import assert_refused

PLAIN = parks("Yellowstone", "Sequoia", "Yosemite", "Mount Rainier")  # no dark sky
DARK = parks("Arches", "Petrified Forest")  # dark sky parks


def test_payment_forms() -> None:
    """PP-STEAL-2: 2 cards or 1 dark sky park buy 1; 4 cards, 2 cards + 1 dark sky,
    or 2 dark sky parks buy 2; anything else buys nothing."""
    assert payment_buys(PLAIN[:2]) == (1,)
    assert payment_buys([event("make_a_wish"), PLAIN[0]]) == (1,)
    assert payment_buys(DARK[:1]) == (1,)
    assert payment_buys(PLAIN[:1]) == ()
    assert payment_buys(PLAIN[:4]) == (2,)
    assert payment_buys([*PLAIN[:2], DARK[0]]) == (2,)
    assert payment_buys([PLAIN[0], DARK[0]]) == (1,)
    assert payment_buys(DARK) == (1, 2)
    assert payment_buys(PLAIN[:3]) == ()
    assert payment_buys([]) == ()


def test_a_steal_is_declared_in_full_before_anything_moves() -> None:
    """PP-STEAL-1, PP-STEAL-2: three plain cards buy nothing, so it is refused."""
    st = table([PLAIN, parks("Zion", "Bryce Canyon")], sets=[[], [parks("Glacier", "Denali")]])
    before = ENGINE.state_json(st)
    st = run(st, StartSteal(seat=0, target=1), *(Pay(seat=0, card=c) for c in PLAIN[:3]))
    st = act(st, Take(seat=0, card=park("Glacier")))
    assert st.players[0].hand == PLAIN and st.players[1].sets == [parks("Glacier", "Denali")]
    assert Confirm(seat=0) not in options(st, 0)
    assert_refused(ENGINE, st, Confirm(seat=0), "PP-STEAL-2")
    paid_twice = assert_refused(ENGINE, st, Pay(seat=0, card=PLAIN[0]), "PP-STEAL-2")
    assert paid_twice.message == "Pay with cards from your hand."
    st = run(st, TakeRandom(seat=0))
    assert_refused(ENGINE, st, TakeRandom(seat=0), "PP-STEAL-2")
    assert_refused(ENGINE, st, Take(seat=0, card=park("Denali")), "PP-STEAL-2")
    assert ENGINE.state_json(act(st, Cancel(seat=0))) == before
    poor = table([parks("Sequoia"), parks("Zion")])
    assert not any(a.kind == "start_steal" for a in options(poor, 0))
    assert_refused(ENGINE, poor, StartSteal(seat=0, target=1), "PP-STEAL-2")
    assert_refused(ENGINE, st, StartSteal(seat=0, target=0), "PP-STEAL-1")


@pytest.mark.rule("PP-STEAL-2")
def test_three_cards_with_two_dark_sky_parks_buy_two() -> None:
    """PP-STEAL-2: a plain park and two dark sky parks hold the form "2 cards + 1 dark
    sky park": Ana takes both of Ben's parks, and the steal is listed and accepted."""
    st = table(
        [[PLAIN[0], *DARK, PLAIN[1]], parks("Zion")], sets=[[], [parks("Glacier", "Denali")]]
    )
    st = run(st, StartSteal(seat=0, target=1), *(Pay(seat=0, card=c) for c in [PLAIN[0], *DARK]))
    st = run(st, Take(seat=0, card=park("Glacier")), Take(seat=0, card=park("Denali")))
    st = pass_all(act(st, Confirm(seat=0)))  # Ben lets the steal go on
    assert set(parks("Glacier", "Denali")) <= set(st.players[0].hand)
    assert st.players[1].sets == []


@pytest.mark.rule("PP-STEAL-3", "PP-STEAL-5")
def test_payment_goes_to_the_discard_piles_last_card_on_top() -> None:
    """PP-STEAL-3, PP-STEAL-4, PP-STEAL-5: one player, a set card and a random
    hand card; events paid go to the event pile unplayed."""
    hand = [*PLAIN[:3], event("make_a_wish"), park("Zion")]
    sets = [[], [parks("Glacier", "Denali", "Glacier Bay")]]
    st = table([hand, parks("Bryce Canyon")], sets=sets, discard=parks("Acadia"))
    st = run(st, StartSteal(seat=0, target=1))
    assert_refused(ENGINE, st, Take(seat=0, card=park("Zion")), "PP-STEAL-4")  # not in Ben's sets
    payment = [PLAIN[0], event("make_a_wish"), PLAIN[1], PLAIN[2]]
    st = run(st, *(Pay(seat=0, card=c) for c in payment))
    st = run(st, Take(seat=0, card=park("Denali")), TakeRandom(seat=0))
    st, log = act_log(st, Confirm(seat=0))
    assert st.discard == [park("Acadia"), PLAIN[0], PLAIN[1], PLAIN[2]]
    assert st.event_discard[-1] == event("make_a_wish") and not st.wishing
    assert "Ana pays Yellowstone, Make a wish, Sequoia and Yosemite" in texts(log)[0]
    assert st.window is not None and st.window.kind == "steal"
    assert ENGINE.to_act(st) == (1,)
    st, log = act_log(st, Pass(seat=1))
    assert sorted(st.players[0].hand) == sorted(parks("Zion", "Denali", "Bryce Canyon"))
    assert st.players[1].sets == [parks("Glacier", "Glacier Bay")]
    assert "You steal Bryce Canyon." in texts(log, 0)
    assert "Ana steals Bryce Canyon from your hand." in texts(log, 1)
    assert not any("Bryce" in line for line in texts(log))
    # Ben's hand was emptied, so he drew 2 at once (PP-ZERO-1).
    assert len(st.players[1].hand) == 2


def test_trail_detour_turns_the_steal_around() -> None:
    """PP-DETOUR-1: the payment is made, but the target takes from the thief."""
    hand = [*PLAIN[:2], park("Zion")]
    st = table(
        [hand, [park("Bryce Canyon"), event("trail_detour")]],
        sets=[[], [parks("Glacier", "Denali")]],
    )
    st = run(
        st, StartSteal(seat=0, target=1), Pay(seat=0, card=PLAIN[0]), Pay(seat=0, card=PLAIN[1])
    )
    st = run(st, Take(seat=0, card=park("Glacier")), Confirm(seat=0))
    assert React(seat=1, card=event("trail_detour")) in ENGINE.legal_actions(st, 1)
    st, log = act_log(st, React(seat=1, card=event("trail_detour")))
    assert st.players[1].sets == [parks("Glacier", "Denali")]
    assert sorted(st.players[1].hand) == sorted(parks("Bryce Canyon", "Zion"))
    assert st.event_discard[-1] == event("trail_detour")
    assert "You take Zion." in texts(log, 1) and "You lose Zion." in texts(log, 0)
    assert "You take Zion." not in texts(log, 0) and "You lose Zion." not in texts(log, 1)
    assert len(st.players[0].hand) == 2  # Ana was emptied and drew 2 at once


@pytest.mark.rule("PP-WINDOW-2")
def test_lets_do_it_again_replays_a_reactive_card() -> None:
    """PP-AGAIN-1, PP-WINDOW-2: Let's do it again, copying the Trail detour in the
    event discard pile, redirects a steal; a seat not stolen from cannot react."""
    again = event("lets_do_it_again")
    players = [
        [*PLAIN[:2], park("Zion")],
        [park("Bryce Canyon"), again],
        [event("trail_detour", 1)],
    ]
    st = table(players, sets=[[], [parks("Glacier", "Denali")], []])
    st = run(
        st, StartSteal(seat=0, target=1), Pay(seat=0, card=PLAIN[0]), Pay(seat=0, card=PLAIN[1])
    )
    st = run(st, Take(seat=0, card=park("Glacier")), Confirm(seat=0))
    assert ENGINE.to_act(st) == (1, 2)
    assert ENGINE.legal_actions(st, 2) == [Pass(seat=2)]  # Cy is asked too, to hide who can answer
    assert_refused(ENGINE, st, React(seat=2, card=event("trail_detour", 1)), "PP-DETOUR-1")
    assert_refused(
        ENGINE, st, React(seat=1, card=again, as_effect="trail_detour"), "PP-AGAIN-1"
    )  # nothing to copy
    st.event_discard = [event("trail_detour")]
    assert_refused(ENGINE, st, React(seat=1, card=again), "PP-AGAIN-1")
    st = act(st, React(seat=1, card=again, as_effect="trail_detour"))
    st, log = act_log(st, Pass(seat=2))
    assert "Ben plays Let's do it again as Trail detour." in texts(log)
    assert st.players[1].sets == [parks("Glacier", "Denali")]
    assert park("Zion") in st.players[1].hand and st.event_discard[-1] == again


def test_a_plain_card_and_a_dark_sky_park_steal_only_one() -> None:
    """PP-STEAL-2: two cards, one of them a dark sky park, are the "2 cards" form: they
    buy 1, not 2 (2 dark sky parks, or 2 cards + 1 dark sky park, buy 2)."""
    sets = [[], [parks("Glacier", "Denali", "Glacier Bay")]]
    st = table([[PLAIN[0], DARK[0], park("Zion")], parks("Bryce Canyon")], sets=sets)
    st = run(
        st, StartSteal(seat=0, target=1), Pay(seat=0, card=PLAIN[0]), Pay(seat=0, card=DARK[0])
    )
    st = run(st, Take(seat=0, card=park("Glacier")))
    one = ENGINE.legal_actions(st, 0)
    assert Confirm(seat=0) in one
    st = act(st, Take(seat=0, card=park("Denali")))
    assert Confirm(seat=0) not in options(st, 0)
    assert_refused(ENGINE, st, Confirm(seat=0), "PP-STEAL-2")


def test_dark_sky_parks_pay_for_steals() -> None:
    """PP-STEAL-2: 1 dark sky park steals 1; 2 dark sky parks steal 2; 2 plain
    cards and a dark sky park steal 2."""
    sets = [[], [parks("Glacier", "Denali", "Glacier Bay")]]
    for payment, takes in (
        (DARK[:1], 1),
        (DARK, 2),
        (DARK[:1] + PLAIN[:2], 2),
    ):
        st = table([[*PLAIN[:2], *DARK, park("Zion")], parks("Bryce Canyon")], sets=sets)
        st = run(st, StartSteal(seat=0, target=1), *(Pay(seat=0, card=c) for c in payment))
        st = run(st, *(Take(seat=0, card=c) for c in parks("Glacier", "Denali")[:takes]))
        st = pass_all(act(st, Confirm(seat=0)))
        assert len(st.players[1].sets[0]) == 3 - takes
        for card in payment:
            assert card in st.discard


def test_a_payment_stops_at_four_cards_and_random_takes_at_the_hand() -> None:
    """PP-STEAL-2: no payment holds a fifth card; PP-STEAL-4: Ben holds one card, so a
    second random take is refused; with a card more, two random takes steal two."""
    hand = [*PLAIN, park("Zion")]
    st = table([hand, parks("Bryce Canyon")])
    st = run(st, StartSteal(seat=0, target=1), *(Pay(seat=0, card=c) for c in PLAIN))
    assert_refused(ENGINE, st, Pay(seat=0, card=park("Zion")), "PP-STEAL-2")
    st = act(st, TakeRandom(seat=0))
    refusal = assert_refused(ENGINE, st, TakeRandom(seat=0), "PP-STEAL-4")
    assert refusal.message == "That player's hand has no more cards."
    two = table([hand, parks("Bryce Canyon", "Acadia")])
    two = run(two, StartSteal(seat=0, target=1), *(Pay(seat=0, card=c) for c in PLAIN))
    two = pass_all(run(two, TakeRandom(seat=0), TakeRandom(seat=0), Confirm(seat=0)))
    assert sorted(two.players[0].hand) == sorted(parks("Zion", "Bryce Canyon", "Acadia"))


def test_only_the_right_purple_card_answers() -> None:
    """PP-DETOUR-1, PP-RANGER-1, PP-TOUR-1: Ben, stolen from, cannot answer with Ranger
    says no (a Trail detour is wanted); nobody claims a Park Tour in a steal window."""
    hand = [*PLAIN[:2], park("Zion")]
    st = table(
        [hand, [park("Bryce Canyon"), event("ranger_says_no")]],
        sets=[[], [parks("Glacier", "Denali")]],
    )
    st = run(
        st, StartSteal(seat=0, target=1), Pay(seat=0, card=PLAIN[0]), Pay(seat=0, card=PLAIN[1])
    )
    st = run(st, Take(seat=0, card=park("Glacier")), Confirm(seat=0))
    assert_refused(ENGINE, st, React(seat=1, card=event("ranger_says_no")), "PP-DETOUR-1")
    claim = ParkTour(seat=1, cards=tuple(parks("Bryce Canyon", "Zion", "Glacier", "Denali")))
    refusal = assert_refused(ENGINE, st, claim, "PP-TOUR-1")
    assert refusal.message == "There is no newly discarded park to claim."


def test_a_steal_takes_nothing_unpaid_and_from_any_one_other_player() -> None:
    """PP-STEAL-2, PP-STEAL-4: nothing paid buys nothing; a steal names one other player
    at the table, Ben may steal from Ana (seat 0), and a taken card leaves the set it
    lies in, the first of two here."""
    st = table(
        [[*PLAIN[:2], park("Zion")], parks("Bryce Canyon")],
        sets=[[], [parks("Glacier", "Denali"), parks("Arches", "Petrified Forest")]],
    )
    assert_refused(ENGINE, st, StartSteal(seat=0, target=0), "PP-STEAL-4")
    refusal = assert_refused(ENGINE, st, StartSteal(seat=0, target=2), "PP-STEAL-4")
    assert refusal.message == "Steal from one other player at the table."
    unpaid = run(st, StartSteal(seat=0, target=1), Take(seat=0, card=park("Glacier")))
    assert Confirm(seat=0) not in options(unpaid, 0)
    refusal = assert_refused(ENGINE, unpaid, Confirm(seat=0), "PP-STEAL-2")
    assert refusal.message.startswith("Pay 2 cards or 1 dark sky park per card stolen")
    paid = run(unpaid, Pay(seat=0, card=PLAIN[0]), Pay(seat=0, card=PLAIN[1]), Confirm(seat=0))
    paid = pass_all(paid)
    assert paid.players[1].sets == [parks("Denali"), parks("Arches", "Petrified Forest")]
    bens = table([parks("Zion"), parks("Bryce Canyon", "Acadia")], current=1)
    assert act(bens, StartSteal(seat=1, target=0)).phase == "steal"


def test_trail_detour_takes_as_many_as_the_thief_meant_to_steal() -> None:
    """PP-DETOUR-1: a set card and a random hand card meant: Ben takes 2 from Ana."""
    hand = [*PLAIN, park("Zion"), park("Acadia")]
    st = table(
        [hand, [park("Bryce Canyon"), event("trail_detour")]],
        sets=[[], [parks("Glacier", "Denali")]],
    )
    st = run(st, StartSteal(seat=0, target=1), *(Pay(seat=0, card=c) for c in PLAIN))
    st = run(st, Take(seat=0, card=park("Glacier")), TakeRandom(seat=0), Confirm(seat=0))
    st, log = act_log(st, React(seat=1, card=event("trail_detour")))
    assert sorted(st.players[1].hand) == sorted(parks("Bryce Canyon", "Zion", "Acadia"))
    assert "The steal turns around: Ben takes 2 cards from the thief." in texts(log)
    assert st.players[0].hand != [] and len(st.players[0].hand) == 2  # emptied, drew 2


def test_a_steal_lists_only_what_it_may_still_add() -> None:
    """PP-STEAL-2, PP-STEAL-4: four cards paid, no fifth is offered; two cards taken, no
    third; Ben's single hand card taken at random, no second random take."""
    st = table(
        [[*PLAIN, park("Zion")], parks("Bryce Canyon")], sets=[[], [parks("Glacier", "Denali")]]
    )
    st = run(st, StartSteal(seat=0, target=1), *(Pay(seat=0, card=c) for c in PLAIN))
    assert not any(a.kind == "pay" for a in options(st, 0))
    one = act(st, TakeRandom(seat=0))
    assert not any(a.kind == "take_random" for a in options(one, 0))
    assert any(a.kind == "take" for a in options(one, 0))
    two = act(one, Take(seat=0, card=park("Glacier")))
    assert not any(a.kind in ("take", "take_random") for a in options(two, 0))
    randoms = table([[*PLAIN, park("Zion")], parks("Bryce Canyon", "Acadia", "Katmai")])
    randoms = run(randoms, StartSteal(seat=0, target=1), TakeRandom(seat=0), TakeRandom(seat=0))
    assert not any(a.kind in ("take", "take_random") for a in options(randoms, 0))


@pytest.mark.rule("PP-STEAL-2")
def test_a_lone_dark_sky_park_in_hand_pays_for_a_steal() -> None:
    """PP-STEAL-2: one card in hand can still pay if it is a dark sky park (a lone
    plain park cannot, see above): Ana pays Arches alone and steals Glacier."""
    st = table([DARK[:1], parks("Zion")], sets=[[], [parks("Glacier", "Denali")]])
    assert StartSteal(seat=0, target=1) in options(st, 0)
    st = run(st, StartSteal(seat=0, target=1), Pay(seat=0, card=DARK[0]))
    st = act(st, Take(seat=0, card=park("Glacier")))
    st = pass_all(act(st, Confirm(seat=0)))  # Ben has no Trail detour to answer with
    assert park("Glacier") in st.players[0].hand and st.players[1].sets == [parks("Denali")]
    assert DARK[0] in st.discard
