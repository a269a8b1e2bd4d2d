"""Draw 2, discarding, the hand limit, empty hands and an empty draw pile."""

from __future__ import annotations

import pytest

from tabletop.core.errors import IllegalAction
from tabletop.games.pocketparks.model import (
    AddCard,
    Claim,
    Confirm,
    Discard,
    Draw,
    PlayEvent,
    StartSet,
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
)
from tests.rulekit import assert_refused


def test_draw_two_one_at_a_time_from_pile_or_park_discard() -> None:
    """PP-DRAW-1: the second source is chosen after the first; never the event pile."""
    st = table(
        [parks("Sequoia"), parks("Zion")],
        discard=parks("Arches", "Denali"),
        event_discard=[event("make_a_wish")],
        draws=parks("Yosemite"),
    )
    drawn = ENGINE.apply(st, Draw(seat=0, source="pile"))
    assert drawn.hidden  # a card came off the pile: undo may not go back past it
    st, log = act_log(st, Draw(seat=0, source="pile"))
    assert st.phase == "draw" and park("Yosemite") in st.players[0].hand
    assert texts(log, 0) == ["Ana draws a card.", "You draw Yosemite."]
    assert texts(log, 1) == ["Ana draws a card."]
    st = act(st, Draw(seat=0, source="discard"))
    assert park("Denali") in st.players[0].hand and st.discard == [park("Arches")]
    assert st.phase == "discard" and st.event_discard == [event("make_a_wish")]
    assert_refused(ENGINE, st, Draw(seat=0, source="pile"), "PP-DRAW-2")
    empty = table([parks("Sequoia"), parks("Zion")], discard=[])
    assert Draw(seat=0, source="discard") not in options(empty, 0)
    assert_refused(ENGINE, empty, Draw(seat=0, source="discard"), "PP-DRAW-1")
    assert_refused(ENGINE, act(empty, Draw(seat=0, source="pile")), StartSet(seat=0), "PP-DRAW-1")
    # The event discard pile is no source at all.
    with pytest.raises(IllegalAction, match=r"\[ACTION-FORMAT\] draw.source"):
        ENGINE.parse_action({"kind": "draw", "seat": 0, "source": "events"})


def test_taking_the_discard_top_leaves_no_fresh_card_behind() -> None:
    """PP-DRAW-1, PP-TOUR-1: Ana takes Denali off the park discard pile and ends her draw
    with an event; Arches, now on top, was not discarded this turn, so no Park Tour
    window opens for it."""
    survival = event("survival_of_the_fittest")
    st = table(
        [[park("Sequoia"), survival], parks("Zion")],
        discard=parks("Arches", "Denali"),
        draws=parks("Yosemite"),
    )
    st = run(st, Draw(seat=0, source="discard"), Draw(seat=0, source="pile"))
    st = pass_all(act(st, PlayEvent(seat=0, card=survival)))
    assert st.window is None and st.current == 1 and st.discard == parks("Arches")


def test_then_discard_a_park_or_keep_a_drawn_event() -> None:
    """PP-DRAW-2: an event drawn may stay in hand; a park is discarded on top."""
    st = table(
        [parks("Sequoia"), parks("Zion")],
        discard=parks("Arches"),
        draws=[event("comparing_notes"), park("Yosemite")],
    )
    st = run(st, Draw(seat=0, source="pile"), Draw(seat=0, source="pile"))
    assert_refused(ENGINE, st, Discard(seat=0, card=park("Zion")), "PP-DRAW-2")
    st = act(st, Discard(seat=0, card=park("Sequoia")))
    assert st.discard[-1] == park("Sequoia")
    assert event("comparing_notes") in st.players[0].hand
    assert st.window is not None and st.window.kind == "tour"


def test_only_purple_events_are_discarded_unplayed() -> None:
    """PP-DRAW-3, PP-EVENT-2: a blue card cannot be thrown away; a purple one can,
    and a purple card is never played as your own event."""
    hand = [park("Sequoia"), event("comparing_notes"), event("trail_detour")]
    st = table([hand, parks("Zion")], draws=parks("Yosemite", "Denali"))
    st = run(st, Draw(seat=0, source="pile"), Draw(seat=0, source="pile"))
    assert_refused(ENGINE, st, Discard(seat=0, card=event("comparing_notes")), "PP-DRAW-3")
    assert_refused(ENGINE, st, PlayEvent(seat=0, card=event("trail_detour")), "PP-EVENT-2")
    st = act(st, Discard(seat=0, card=event("trail_detour")))
    assert st.event_discard[-1] == event("trail_detour") and st.current == 1  # no window
    assert st.window is None


def test_events_are_played_only_after_drawing() -> None:
    """PP-EVENT-1: an event is played as the end of the draw action, not before."""
    hand = [park("Sequoia"), event("comparing_notes")]
    st = table([hand, parks("Zion")])
    assert_refused(
        ENGINE, st, PlayEvent(seat=0, card=event("comparing_notes"), target=1), "PP-TURN-1"
    )
    st = run(st, Draw(seat=0, source="pile"), Draw(seat=0, source="pile"))
    assert_refused(ENGINE, st, PlayEvent(seat=0, card=park("Sequoia")), "PP-EVENT-1")
    assert_refused(ENGINE, st, PlayEvent(seat=0, card=event("comparing_notes")), "PP-NOTES-1")
    st = act(st, PlayEvent(seat=0, card=event("comparing_notes"), target=1))
    assert st.window is not None and st.window.kind == "event"


def test_hand_limit_puts_chosen_cards_under_the_piles_without_park_tour() -> None:
    """PP-LIMIT-1: 9 cards at most at the end of the turn; the player picks the
    extras; they go to the bottom; no Park Tour window for them."""
    hand = [
        *parks("Sequoia", "Glacier", "Rocky Mountain", "Denali", "Arches"),
        event("ranger_says_no"),
    ]
    hand += parks("Yosemite", "Zion", "Bryce Canyon")
    st = table(
        [hand, parks("Grand Teton", "Shenandoah", "Hot Springs", "Lassen Volcanic")],
        discard=parks("Acadia"),
        draws=parks("Badlands", "Katmai"),
    )
    st = run(st, Draw(seat=0, source="pile"), Draw(seat=0, source="pile"))
    st = act(st, Discard(seat=0, card=park("Arches")))  # 10 left in hand
    assert st.phase == "limit" and ENGINE.to_act(st) == (0,)
    assert_refused(ENGINE, st, Draw(seat=0, source="pile"), "PP-LIMIT-1")
    assert_refused(ENGINE, st, Discard(seat=0, card=park("Acadia")), "PP-LIMIT-1")
    st, log = act_log(st, Discard(seat=0, card=event("ranger_says_no")))
    assert st.event_discard[0] == event("ranger_says_no")
    assert "Ranger" not in " ".join(texts(log, 1))
    # The hand limit came first; the fresh discard (Arches) now gets its window.
    assert st.window is not None and st.window.card == park("Arches")
    st = pass_all(st)
    assert st.current == 1 and len(st.players[0].hand) == 9
    two = table([[*hand, park("Katmai")], parks("Zion")], discard=parks("Acadia"))
    two.phase = "limit"
    two = act(two, Discard(seat=0, card=park("Sequoia")))
    assert two.discard[0] == park("Sequoia") and two.discard[-1] == park("Acadia")
    assert two.phase == "turn" and two.current == 1 and two.window is None


def test_a_turn_may_end_with_exactly_nine_cards() -> None:
    """PP-LIMIT-1: at most 9, so 9 is within the limit: Ana holds 8, draws 2 and
    discards a purple event, and her turn ends with 9 cards, nothing put back."""
    hand = [
        *parks("Sequoia", "Glacier", "Rocky Mountain", "Denali", "Arches"),
        event("trail_detour"),
    ]
    hand += parks("Yosemite", "Zion")
    st = table(
        [hand, parks("Grand Teton")], discard=parks("Acadia"), draws=parks("Katmai", "Badlands")
    )
    st = run(st, Draw(seat=0, source="pile"), Draw(seat=0, source="pile"))
    st = act(st, Discard(seat=0, card=event("trail_detour")))
    assert st.phase == "turn" and st.current == 1 and st.window is None
    assert len(st.players[0].hand) == 9 and st.discard == parks("Acadia")


@pytest.mark.rule("PP-ZERO-1")
def test_an_empty_hand_draws_two_at_once() -> None:
    """PP-ZERO-1: play your whole hand as a set and draw 2 from the pile."""
    st = table([parks("Sequoia", "Glacier"), parks("Zion")], draws=parks("Yellowstone", "Katmai"))
    st = run(st, StartSet(seat=0), AddCard(seat=0, card=park("Sequoia")))
    st, log = act_log(st, AddCard(seat=0, card=park("Glacier")))
    st, log = act_log(st, Confirm(seat=0))
    assert sorted(st.players[0].hand) == sorted(parks("Yellowstone", "Katmai"))
    assert "Ana has no cards left and draws 2 cards." in texts(log)
    assert "You draw Yellowstone and Katmai." in texts(log, 0)  # Yellowstone: card 0
    assert "You draw Yellowstone and Katmai." not in texts(log, 1)


@pytest.mark.rule("PP-PILE-1")
def test_an_empty_draw_pile_is_rebuilt_from_the_discard_but_its_top() -> None:
    """PP-PILE-1."""
    st = table(
        [parks("Sequoia"), parks("Zion")],
        pile=parks("Arches", "Katmai"),
        discard=parks("Denali", "Glacier", "Rocky Mountain"),
    )
    st = act(st, Draw(seat=0, source="pile"))
    st = act(st, Draw(seat=0, source="pile"))
    assert st.discard == [park("Rocky Mountain")]
    assert sorted(st.pile) == sorted(parks("Denali", "Glacier"))
    assert st.round == 1
    # Two cards on the discard pile rebuild a pile of one, drawn at once (and then no
    # card can be drawn any more: PP-PILE-2).
    two = table([parks("Sequoia"), parks("Zion")], pile=[], discard=parks("Denali", "Glacier"))
    assert Draw(seat=0, source="pile") in options(two, 0)
    _, log = act_log(two, Draw(seat=0, source="pile"))
    assert texts(log, 0)[:3] == [
        "The park discard pile, all but its top card, is shuffled into a new draw pile.",
        "Ana draws a card.",
        "You draw Denali.",
    ]


def test_no_card_left_to_draw_ends_the_round_without_a_winner() -> None:
    """PP-PILE-2: everyone scores as another player; the set of 2 scores nothing."""
    st = table(
        [parks("Sequoia", "Denali"), parks("Zion")],
        sets=[
            [
                parks("Arches", "Petrified Forest"),
                parks("Hot Springs", "Rocky Mountain", "Lassen Volcanic"),
            ],
            [],
        ],
        pile=parks("Katmai"),
        discard=parks("Acadia"),
    )
    st, log = act_log(st, Draw(seat=0, source="pile"))
    assert st.round == 2 and st.results[0].winner == -1
    assert st.results[0].points == [1, 0]
    assert "No card can be drawn any more: the round ends with no winner." in texts(log)
    assert "Round 1 has no winner. Points: Ana +1, Ben +0." in texts(log)
    assert not any("shuffled" in line for line in texts(log))  # one card: nothing to shuffle
    spent = table([parks("Sequoia"), parks("Zion")], pile=[], discard=parks("Acadia"))
    assert Draw(seat=0, source="pile") not in options(spent, 0)
    assert_refused(ENGINE, spent, Draw(seat=0, source="pile"), "PP-PILE-2")


def test_hand_limit_keeps_the_cards_promised_to_a_won_park_tour() -> None:
    """PP-LIMIT-2: over the limit with a Park Tour won this turn (a Make a wish
    flip), the claim's four cards stay; other cards go back, then the tour plays."""
    mountains = parks("Sequoia", "North Cascades", "Rocky Mountain", "Guadalupe Mountains")
    others = parks("Arches", "Zion", "Bryce Canyon", "Yosemite", "Acadia", "Badlands")
    st = table(
        [[*mountains, *others], parks("Shenandoah", "Hot Springs")],
        discard=parks("Grand Teton"),
    )
    st.phase = "limit"
    st.tour = Claim(0, mountains[:])
    legal = {a.card for a in ENGINE.legal_actions(st, 0) if isinstance(a, Discard)}
    assert legal == set(others)
    assert_refused(ENGINE, st, Discard(seat=0, card=park("Guadalupe Mountains")), "PP-LIMIT-2")
    st = act(st, Discard(seat=0, card=park("Arches")))
    assert sorted(st.players[0].sets[-1]) == sorted([*mountains, park("Grand Teton")])
    assert park("Arches") in st.discard and st.current == 1
