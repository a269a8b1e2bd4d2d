"""Every event card: its effect, and the reactions that answer it."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.games.pocketparks.model import (
    Discard,
    Draw,
    Pass,
    PlayEvent,
    PocketParksState,
    React,
    StartSteal,
    Take,
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


def after_draw(hands: list[list[int]], **kw: Any) -> PocketParksState:
    """Ana has drawn Yosemite and Zion and must now discard or play an event."""
    st = table(hands, draws=parks("Yosemite", "Zion"), **kw)
    return run(st, Draw(seat=0, source="pile"), Draw(seat=0, source="pile"))


@pytest.mark.rule("PP-WISH-1")
def test_make_a_wish_flips_to_a_dark_sky_park() -> None:
    """PP-WISH-1: parks flipped go on the park discard pile (each asked about, the
    wisher too), events on the event pile, the dark sky park into the hand."""
    wish = event("make_a_wish")
    upcoming = [
        park("Yosemite"),
        park("Zion"),
        park("Yellowstone"),
        event("survival_of_the_fittest"),
        park("Arches"),
    ]
    st = table([[wish, park("Sequoia")], parks("Bryce Canyon"), parks("Acadia")], draws=upcoming)
    st = run(st, Draw(seat=0, source="pile"), Draw(seat=0, source="pile"))
    st = act(st, PlayEvent(seat=0, card=wish))
    st = pass_all(st)  # the event window: nobody says no
    assert st.window is not None and st.window.kind == "wish"
    assert st.window.card == park("Yellowstone") and ENGINE.to_act(st) == (1, 2, 0)
    st = pass_all(st)
    assert st.event_discard[-1] == event("survival_of_the_fittest")
    assert st.window is not None and st.window.card == park("Arches")
    st, log = act_log(pass_all(st, except_seats=(0,)), Pass(seat=0))
    assert park("Arches") in st.players[0].hand and st.discard[-1] == park("Yellowstone")
    assert st.wishing is False  # a saved game holds a true/false here
    assert "The wish comes true: Ana takes Arches." in texts(log)
    assert st.current == 1 and st.window is None


@pytest.mark.rule("PP-WISH-2")
def test_make_a_wish_is_stopped_by_a_park_tour() -> None:
    """PP-WISH-2: Ben tours a flipped mountain; the wish stops and does not come
    true; play continues after Ben."""
    wish = event("make_a_wish")
    upcoming = [park("Yosemite"), park("Zion"), park("Grand Teton"), park("Arches")]
    ben = [*MOUNTAINS, park("Katmai")]
    st = table([[wish, park("Acadia")], ben, parks("Bryce Canyon")], draws=upcoming)
    st = run(st, Draw(seat=0, source="pile"), Draw(seat=0, source="pile"))
    st = pass_all(act(st, PlayEvent(seat=0, card=wish)))
    assert st.window is not None and st.window.card == park("Grand Teton")
    st = tour(st, 1, MOUNTAINS)
    st = run(st, Pass(seat=2), Pass(seat=0))
    assert len(st.players[1].sets[0]) == 5 and not st.wishing
    assert park("Arches") not in st.players[0].hand and st.pile[-1] == park("Arches")
    assert st.current == 2


@pytest.mark.rule("PP-SET-7")
def test_a_bite_takes_the_card_from_the_set_it_lies_in() -> None:
    """PP-MOSQ-1, PP-SET-7: Mosquito bites Glacier out of Ben's first set of two."""
    bite = event("mosquito_bites")
    sets = [[], [parks("Glacier", "Denali"), parks("Arches", "Petrified Forest")], []]
    st = after_draw([[bite, park("Sequoia")], parks("Bryce Canyon"), parks("Acadia")], sets=sets)
    st = pass_all(act(st, PlayEvent(seat=0, card=bite, target=1, pick=park("Glacier"))))
    assert st.players[1].sets == [parks("Denali"), parks("Arches", "Petrified Forest")]


def test_own_turn_events_listed_are_those_playable() -> None:
    """PP-EVENT-1, PP-EVENT-2, PP-NOTES-1: after drawing, Ana may play Comparing notes
    naming Ben or Cy (not herself); her Trail detour, purple, is offered only as a
    discard, whatever order her hand is in."""
    notes, detour = event("comparing_notes"), event("trail_detour")
    st = after_draw([[detour, notes, park("Sequoia")], parks("Bryce Canyon"), parks("Acadia")])
    played = {(a.card, a.target) for a in options(st, 0) if a.kind == "play_event"}
    assert played == {(notes, 1), (notes, 2)}
    assert Discard(seat=0, card=detour) in options(st, 0)


def test_comparing_notes_can_be_uneven_with_a_one_card_hand() -> None:
    """PP-NOTES-1: Ana gives 2 random cards, Ben (one card) gives 1."""
    notes = event("comparing_notes")
    st = after_draw([[notes, park("Sequoia")], parks("Bryce Canyon"), parks("Acadia")])
    assert_refused(ENGINE, st, PlayEvent(seat=0, card=notes, target=0), "PP-NOTES-1")
    st = act(st, PlayEvent(seat=0, card=notes, target=1))
    st = act(st, Pass(seat=1))
    swapped = ENGINE.apply(st, Pass(seat=2))
    assert swapped.hidden  # random hand cards changed hands: undo may not go back past it
    st = swapped.state
    assert len(st.players[1].hand) == 2 and park("Bryce Canyon") in st.players[0].hand
    assert len(st.players[0].hand) == 2  # 3 after playing the event, -2, +1
    assert sorted(st.players[0].hand + st.players[1].hand) == sorted(
        parks("Sequoia", "Yosemite", "Zion", "Bryce Canyon")
    )


@pytest.mark.rule("PP-SURV-1")
def test_survival_of_the_fittest_passes_two_each_way_round_the_table() -> None:
    """PP-SURV-1: a 1-card hand passes only 1, so the exchange is uneven."""
    survival = event("survival_of_the_fittest")
    st = after_draw(
        [[survival, park("Sequoia")], parks("Bryce Canyon"), parks("Acadia", "Katmai", "Pinnacles")]
    )
    st = act(st, PlayEvent(seat=0, card=survival))
    st = act(st, Pass(seat=1))
    st, log = act_log(st, Pass(seat=2))
    assert [len(p.hand) for p in st.players] == [3, 2, 2]
    assert park("Bryce Canyon") in st.players[2].hand  # Ben's only card went to Cy
    assert sum(1 for line in texts(log) if "passes" in line) == 3
    assert all("Bryce" not in line for line in texts(log))


def test_mosquito_bites_a_set_of_five_down_to_a_stealable_four() -> None:
    """PP-MOSQ-1, PP-TOUR-6: a set of 5 cannot be stolen from; bitten to 4, it can.
    The bitten card lies on the discard for others to Park Tour."""
    five = [*MOUNTAINS, park("Grand Teton")]
    bite = event("mosquito_bites")
    hands = [
        [bite, *parks("Yellowstone", "Mount Rainier")],
        parks("Bryce Canyon"),
        parks("Acadia", "Katmai"),
    ]
    st = table(hands, sets=[[], [five], []])
    st = run(st, StartSteal(seat=0, target=1))
    assert_refused(ENGINE, st, Take(seat=0, card=park("Sequoia")), "PP-TOUR-6")
    assert not any(a.kind == "take" for a in options(st, 0))
    st = after_draw(hands, sets=[[], [five], []])
    assert_refused(
        ENGINE, st, PlayEvent(seat=0, card=bite, target=1, pick=park("Acadia")), "PP-MOSQ-1"
    )
    st = pass_all(act(st, PlayEvent(seat=0, card=bite, target=1, pick=park("Grand Teton"))))
    assert st.players[1].sets == [MOUNTAINS] and st.discard[-1] == park("Grand Teton")
    assert st.window is not None and st.window.kind == "tour" and ENGINE.to_act(st) == (2, 0)
    st = pass_all(st)
    st = pass_all(
        run(
            st,
            Draw(seat=1, source="pile"),
            Draw(seat=1, source="pile"),
            Discard(seat=1, card=park("Bryce Canyon")),
        )
    )
    st = run(st, StartSteal(seat=2, target=1))
    assert any(a.kind == "take" for a in ENGINE.legal_actions(st, 2))


@pytest.mark.rule("PP-TOUR-2")
def test_the_biter_may_park_tour_the_bitten_card_but_its_owner_may_not() -> None:
    """PP-MOSQ-1, PP-TOUR-2: Grand Teton bitten out of Ben's set came from Ben's cards,
    not Ana's: Ana, who played Mosquito bites, is asked and completes a Park Tour with
    her four mountains; Ben is not asked about his own card."""
    bite = event("mosquito_bites")
    hands = [[bite, *MOUNTAINS], parks("Bryce Canyon"), parks("Acadia")]
    bens_set = [parks("Grand Teton", "Denali")]
    st = after_draw(hands, sets=[[], bens_set, []])
    st = pass_all(act(st, PlayEvent(seat=0, card=bite, target=1, pick=park("Grand Teton"))))
    assert st.window is not None and st.window.card == park("Grand Teton")
    assert ENGINE.to_act(st) == (2, 0)
    assert_refused(ENGINE, st, Pass(seat=1), "TT-SEAT-1")
    st = tour(act(st, Pass(seat=2)), 0, MOUNTAINS)
    assert sorted(st.players[0].sets[0]) == sorted([*MOUNTAINS, park("Grand Teton")])
    assert st.players[1].sets == [parks("Denali")] and st.current == 1


@pytest.mark.rule("PP-WINDOW-2")
def test_ranger_says_no_cancels_an_event_and_cannot_be_answered() -> None:
    """PP-RANGER-1, PP-WINDOW-2: the cancelled event has no effect and the turn
    ends; nobody is asked about the Ranger."""
    notes = event("comparing_notes")
    st = after_draw(
        [[notes, park("Sequoia")], [event("ranger_says_no"), park("Bryce Canyon")], parks("Acadia")]
    )
    st = act(st, PlayEvent(seat=0, card=notes, target=2))
    assert React(seat=1, card=event("ranger_says_no")) in ENGINE.legal_actions(st, 1)
    assert_refused(ENGINE, st, React(seat=2, card=event("ranger_says_no")), "PP-EVENT-2")
    assert_refused(
        ENGINE, st, React(seat=2, card=park("Acadia")), "PP-RANGER-1"
    )  # a park answers nothing
    assert options(st, 2) == [Pass(seat=2)]
    # With the Ranger in the event discard, only Let's do it again could copy it.
    copied = after_draw(
        [[notes, park("Sequoia")], parks("Bryce Canyon"), parks("Acadia")],
        event_discard=[event("ranger_says_no")],
    )
    copied = act(copied, PlayEvent(seat=0, card=notes, target=2))
    assert options(copied, 1) == [Pass(seat=1)] and options(copied, 2) == [Pass(seat=2)]
    st = act(st, React(seat=1, card=event("ranger_says_no")))
    st, log = act_log(st, Pass(seat=2))
    assert st.players[2].hand == parks("Acadia")
    assert st.event_discard[-2:] == [notes, event("ranger_says_no")]
    assert st.window is None and st.current == 1
    assert "Ben says no: Comparing notes has no effect." in texts(log)
    assert "Ben plays Ranger says no." in texts(log)  # as itself: no "as ..." copy
    assert_refused(
        ENGINE,
        act(table([[event("ranger_says_no")], parks("Zion")]), Draw(seat=0, source="pile")),
        React(seat=0, card=event("ranger_says_no")),
        "PP-DRAW-1",
    )


def test_lets_do_it_again_copies_a_discarded_event() -> None:
    """PP-AGAIN-1: copying Comparing notes from the event discard pile."""
    again = event("lets_do_it_again")
    hands = [[again, park("Sequoia")], parks("Bryce Canyon", "Acadia"), parks("Katmai")]
    st = after_draw(hands, event_discard=[event("comparing_notes"), event("trail_detour")])
    assert PlayEvent(
        seat=0, card=again, as_effect="comparing_notes", target=1
    ) in ENGINE.legal_actions(st, 0)
    assert_refused(ENGINE, st, PlayEvent(seat=0, card=again, as_effect="make_a_wish"), "PP-AGAIN-1")
    assert_refused(ENGINE, st, PlayEvent(seat=0, card=again), "PP-AGAIN-1")
    # a purple card lies in the pile, but is no own-turn event to copy
    assert_refused(
        ENGINE, st, PlayEvent(seat=0, card=again, as_effect="trail_detour"), "PP-AGAIN-1"
    )
    assert_refused(
        ENGINE,
        st,
        PlayEvent(seat=0, card=event("comparing_notes"), as_effect="make_a_wish"),
        "PP-EVENT-1",
    )
    st, log = act_log(st, PlayEvent(seat=0, card=again, as_effect="comparing_notes", target=1))
    assert "Ana plays Let's do it again as Comparing notes." in texts(log)
    st = pass_all(st)
    assert park("Bryce Canyon") in st.players[0].hand and park("Acadia") in st.players[0].hand
    assert st.event_discard[-1] == again


def test_an_event_card_is_played_as_itself_with_a_target_only_if_it_takes_one() -> None:
    """PP-AGAIN-1, PP-EVENT-1: only Let's do it again copies another event; an event
    that names nobody (Survival of the fittest) takes no target."""
    notes, survival = event("comparing_notes"), event("survival_of_the_fittest")
    st = after_draw([[notes, survival, park("Sequoia")], parks("Bryce Canyon"), parks("Acadia")])
    refusal = assert_refused(
        ENGINE,
        st,
        PlayEvent(seat=0, card=notes, as_effect="comparing_notes", target=1),
        "PP-AGAIN-1",
    )
    assert refusal.message == "Only Let's do it again copies another event."
    assert_refused(ENGINE, st, PlayEvent(seat=0, card=survival, target=1), "PP-EVENT-1")
    played, log = act_log(st, PlayEvent(seat=0, card=survival))
    assert texts(log) == ["Ana plays Survival of the fittest."]
    assert played.window is not None


@pytest.mark.rule("PP-WISH-1", "PP-PILE-1")
def test_a_wish_that_runs_out_of_cards_ends_with_nothing() -> None:
    """PP-WISH-1, PP-PILE-1: no dark sky park left: the wish ends, then the
    discard pile (but its top) becomes the new draw pile."""
    wish = event("make_a_wish")
    pile = parks("Yellowstone", "Sequoia", "Zion", "Yosemite")  # bottom to top
    st = table(
        [[wish, park("Acadia")], parks("Katmai"), parks("Pinnacles")],
        pile=pile,
        discard=parks("Redwood"),
    )
    st = run(st, Draw(seat=0, source="pile"), Draw(seat=0, source="pile"))
    st = pass_all(act(st, PlayEvent(seat=0, card=wish)))
    st = pass_all(st)  # Sequoia
    st, log = act_log(pass_all(st, except_seats=(0,)), Pass(seat=0))  # Yellowstone
    assert "The draw pile runs out: the wish does not come true." in texts(log)
    assert st.current == 1 and st.discard == parks("Yellowstone")
    assert sorted(st.pile) == sorted(parks("Redwood", "Sequoia"))
    assert st.wishing is False  # a saved game holds a true/false here


@pytest.mark.rule("PP-TOUR-2", "PP-WISH-2")
def test_the_wisher_may_park_tour_a_flipped_card() -> None:
    """PP-TOUR-2, PP-WISH-2: flips are the exception; Ana tours her own flip."""
    wish = event("make_a_wish")
    ana = [wish, *MOUNTAINS, park("Acadia")]
    st = table(
        [ana, parks("Katmai"), parks("Pinnacles")],
        draws=[*parks("Yosemite", "Zion", "Grand Teton")],
    )
    st = run(st, Draw(seat=0, source="pile"), Draw(seat=0, source="pile"))
    st = pass_all(act(st, PlayEvent(seat=0, card=wish)))
    assert TourPick(seat=0, card=MOUNTAINS[0]) in ENGINE.legal_actions(st, 0)
    st = tour(run(st, Pass(seat=1), Pass(seat=2)), 0, MOUNTAINS)
    assert len(st.players[0].sets[0]) == 5 and st.current == 1


@pytest.mark.rule("PP-WISH-1")
def test_a_wish_that_ends_the_round_deals_anew_and_bars_undo() -> None:
    """PP-WISH-1, PP-PILE-2, PP-GAME-1: the wish flips the pile's last card (no dark sky)
    and runs out; nothing can be drawn any more, so the round ends and a new one is
    dealt: undo may not go back past the deal."""
    wish = event("make_a_wish")
    st = table(
        [[wish, park("Sequoia")], parks("Bryce Canyon")],
        pile=parks("Yosemite", "Zion", "Yellowstone"),
        discard=[],
    )
    st = run(st, Draw(seat=0, source="pile"), Draw(seat=0, source="pile"))
    st = act(act(st, PlayEvent(seat=0, card=wish)), Pass(seat=1))  # nobody says no
    assert st.window is not None and st.window.card == park("Yosemite")
    st = act(st, Pass(seat=1))
    dealt = ENGINE.apply(st, Pass(seat=0))
    assert dealt.state.round == 2 and dealt.state.results[0].winner == -1
    assert dealt.hidden


@pytest.mark.rule("PP-WISH-1", "PP-HIDDEN-1")
@pytest.mark.xfail(
    strict=True,
    reason="engine bug reported to the lead: a Make a wish flip shows draw pile cards "
    "but its transition is not marked hidden, so undo can go back across it",
)
def test_a_wish_flip_shows_pile_cards_and_bars_undo() -> None:
    """PP-WISH-1, PP-HIDDEN-1: the cards Make a wish flips came from the face-down draw
    pile; once seen, undo must not take the table back to before the flip."""
    wish = event("make_a_wish")
    upcoming = [park("Yosemite"), park("Zion"), park("Yellowstone"), park("Arches")]
    st = table([[wish, park("Sequoia")], parks("Bryce Canyon"), parks("Acadia")], draws=upcoming)
    st = run(st, Draw(seat=0, source="pile"), Draw(seat=0, source="pile"))
    st = act(act(st, PlayEvent(seat=0, card=wish)), Pass(seat=1))
    flipped = ENGINE.apply(st, Pass(seat=2))
    assert "Make a wish flips Yellowstone." in texts(flipped.events)
    assert flipped.hidden


@pytest.mark.rule("PP-MOSQ-1")
def test_mosquito_bites_with_no_set_on_the_table_is_played_for_nothing() -> None:
    """PP-MOSQ-1: no other player has a set, yet Ana may still play Mosquito bites,
    naming nobody: it has no effect and her turn ends."""
    bite = event("mosquito_bites")
    st = after_draw([[bite, park("Sequoia")], parks("Bryce Canyon"), parks("Acadia")])
    play = PlayEvent(seat=0, card=bite, target=None, pick=None)
    assert play in options(st, 0)
    st = act(st, play)
    st, log = act_log(st, Pass(seat=1))
    st, log = act_log(st, Pass(seat=2))
    assert "Nobody has a set to bite." in texts(log)
    assert all(p.sets == [] for p in st.players) and bite in st.event_discard
    assert st.current == 1 and st.phase == "turn"
