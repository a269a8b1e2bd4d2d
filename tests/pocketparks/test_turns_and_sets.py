"""Setup, turns and sets."""

from __future__ import annotations

from dataclasses import fields
from typing import get_args

import pytest

from tabletop.core.engine import Setup
from tabletop.games.pocketparks.model import (
    AddCard,
    Cancel,
    Confirm,
    Discard,
    Draw,
    Pay,
    PlayEvent,
    PocketParksState,
    PPAction,
    StartBuild,
    StartSet,
    StartSteal,
    Take,
)
from tabletop.games.pocketparks.rules import CONTENT, HANDLERS, set_icons
from tests.pocketparks.scenario import (
    ENGINE,
    act,
    event,
    options,
    park,
    parks,
    pass_all,
    run,
    table,
)
from tests.rulekit import assert_refused


def icons(state: PocketParksState, seat: int, idx: int) -> list[str]:
    return CONTENT.icon_names(set_icons(state, seat, state.players[seat].sets[idx]))


@pytest.mark.rule("PP-PLAYERS-1")
def test_two_to_five_players() -> None:
    """PP-PLAYERS-1."""
    for bad in (("A",), ("A", "B", "C", "D", "E", "F")):
        with pytest.raises(ValueError):
            ENGINE.new(Setup(players=bad), 1)
    for n in range(2, 6):
        st = ENGINE.new(Setup(players=tuple("ABCDE"[:n])), 1)
        assert ENGINE.players(st) == tuple("ABCDE"[:n])


@pytest.mark.rule("PP-SETUP-1", "PP-SETUP-2")
def test_setup_deals_six_and_flips_to_a_park() -> None:
    """PP-SETUP-1, PP-SETUP-2: 6 cards each, a park starts the discard pile, any
    event flipped before it lies on the event discard pile."""
    flipped_events = 0
    for seed in range(40):
        st = ENGINE.new(Setup(players=("A", "B", "C")), seed)
        assert [len(p.hand) for p in st.players] == [6, 6, 6]
        assert len(st.discard) == 1 and not CONTENT.is_event(st.discard[0])
        assert all(CONTENT.is_event(c) for c in st.event_discard)
        flipped_events += len(st.event_discard)
        cards = [c for p in st.players for c in p.hand] + st.pile + st.discard + st.event_discard
        assert sorted(cards) == list(range(CONTENT.size))
    assert flipped_events > 0  # some seed flipped an event first


@pytest.mark.rule("PP-SETUP-3", "PP-TURN-3")
def test_first_player_is_an_option_or_drawn_from_the_seed() -> None:
    """PP-SETUP-3, PP-TURN-3: play passes to the next seat after a turn."""
    firsts = {ENGINE.new(Setup(players=("A", "B", "C")), seed).current for seed in range(30)}
    assert firsts == {0, 1, 2}
    st = ENGINE.new(Setup(players=("A", "B", "C"), options={"first_player": 2}), 7)
    assert st.current == 2 and ENGINE.to_act(st) == (2,)
    hands = [
        parks("Sequoia", "Glacier", "Yellowstone"),
        parks("Arches", "Petrified Forest", "Zion"),
    ]
    st = table(hands, current=1)
    st = run(st, StartSet(seat=1), AddCard(seat=1, card=park("Arches")))
    st = run(st, AddCard(seat=1, card=park("Petrified Forest")), Confirm(seat=1))
    assert st.current == 0 and st.phase == "turn"
    with pytest.raises(ValueError):
        ENGINE.new(Setup(players=("A", "B"), options={"first_player": 2}), 1)


def test_only_the_current_player_takes_one_action() -> None:
    """PP-TURN-1, TT-SEAT-1 (another seat's turn, a seat not at the table)."""
    st = table([parks("Sequoia", "Glacier"), parks("Arches", "Zion")])
    assert ENGINE.legal_actions(st, 1) == []
    refusal = assert_refused(ENGINE, st, Draw(seat=1, source="pile"), "TT-SEAT-1")
    assert refusal.message == "It is Ana's turn."
    refusal = assert_refused(ENGINE, st, Confirm(seat=0), "PP-TURN-1")
    assert refusal.message == "Choose one action: play or build a set, draw 2, or pay to steal."
    assert_refused(
        ENGINE, st, ENGINE.parse_action({"kind": "draw", "seat": 7, "source": "pile"}), "TT-SEAT-1"
    )
    refusal = assert_refused(
        ENGINE, st, ENGINE.parse_action({"kind": "draw", "seat": 2, "source": "pile"}), "TT-SEAT-1"
    )
    assert refusal.message == "There is no such seat at this table."


@pytest.mark.rule("PP-TURN-2")
def test_a_draft_moves_nothing_and_can_be_cancelled() -> None:
    """PP-TURN-2: a set being chosen, or a steal being declared, can be dropped."""
    st = table([parks("Sequoia", "Glacier", "Yellowstone"), parks("Arches", "Zion")])
    before = ENGINE.state_json(st)
    drafted = run(st, StartSet(seat=0), AddCard(seat=0, card=park("Sequoia")))
    assert drafted.players[0].hand == st.players[0].hand
    back = act(drafted, Cancel(seat=0))
    assert back.phase == "turn" and back.draft is None
    assert ENGINE.state_json(back) == before
    stealing = run(st, StartSteal(seat=0, target=1))
    assert ENGINE.state_json(act(stealing, Cancel(seat=0))) == before


def test_a_set_shares_icons_and_keeps_what_they_share() -> None:
    """PP-SET-1: Sequoia and Great Basin share mountain and cave."""
    st = table([parks("Sequoia", "Great Basin", "Arches"), parks("Zion")])
    st = run(st, StartSet(seat=0), AddCard(seat=0, card=park("Sequoia")))
    assert_refused(ENGINE, st, AddCard(seat=0, card=park("Arches")), "PP-SET-1")
    assert_refused(ENGINE, st, Confirm(seat=0), "PP-SET-1")  # one card is not a set
    st = run(st, AddCard(seat=0, card=park("Great Basin")), Confirm(seat=0))
    assert icons(st, 0, 0) == ["mountain", "cave"]
    assert st.players[0].hand == [park("Arches")]
    lonely = table([parks("Sequoia", "Arches"), parks("Zion")])
    assert_refused(ENGINE, lonely, StartSet(seat=0), "PP-SET-1")


def test_one_set_per_turn_and_the_turn_is_over() -> None:
    """PP-SET-2: play one new set of 2-4, then the turn passes."""
    hand = parks("Sequoia", "Glacier", "Rocky Mountain", "Arches", "Petrified Forest")
    st = table([hand, parks("Zion")])
    st = run(st, StartSet(seat=0), AddCard(seat=0, card=park("Sequoia")))
    assert_refused(ENGINE, st, Draw(seat=0, source="pile"), "PP-SET-2")
    st = run(st, AddCard(seat=0, card=park("Glacier")), Confirm(seat=0))
    assert st.current == 1
    assert_refused(ENGINE, st, StartSet(seat=0), "TT-SEAT-1")


@pytest.mark.rule("PP-TURN-3")
def test_a_discard_is_fresh_for_its_own_turn_only() -> None:
    """PP-TOUR-1, PP-TURN-3: Ana's discard was offered at the end of her turn; when Ben
    then plays a set, nothing is offered again and Cy plays on."""
    st = table(
        [parks("Sequoia", "Zion"), parks("Rocky Mountain", "Grand Teton"), parks("Acadia")],
        draws=parks("Yosemite", "Denali"),
    )
    st = run(st, Draw(seat=0, source="pile"), Draw(seat=0, source="pile"))
    st = pass_all(act(st, Discard(seat=0, card=park("Zion"))))
    assert st.current == 1 and st.discard[-1] == park("Zion")
    st = run(
        st,
        StartSet(seat=1),
        *(AddCard(seat=1, card=c) for c in parks("Rocky Mountain", "Grand Teton")),
    )
    st = act(st, Confirm(seat=1))
    assert st.window is None and st.current == 2


def test_building_may_narrow_the_shared_icons() -> None:
    """PP-SET-3: Rocky Mountain narrows mountain+cave to mountain."""
    st = table(
        [parks("Rocky Mountain", "Arches"), parks("Zion")],
        sets=[[parks("Sequoia", "Great Basin")], []],
    )
    assert StartBuild(seat=0, set_index=0) in ENGINE.legal_actions(st, 0)
    st = run(st, StartBuild(seat=0, set_index=0))
    assert_refused(ENGINE, st, AddCard(seat=0, card=park("Arches")), "PP-SET-1")
    assert_refused(ENGINE, st, Confirm(seat=0), "PP-SET-1")  # a build adds at least one card
    st = run(st, AddCard(seat=0, card=park("Rocky Mountain")), Confirm(seat=0))
    assert len(st.players[0].sets[0]) == 3 and icons(st, 0, 0) == ["mountain"]


def test_no_set_grows_past_four_by_playing_or_building() -> None:
    """PP-SET-4: no set of 5 from the hand, and no building onto a set of 4 or 5."""
    five = parks(
        "Sequoia", "North Cascades", "Rocky Mountain", "Guadalupe Mountains", "Grand Teton"
    )
    st = table([five, parks("Zion")])
    st = run(st, StartSet(seat=0), *(AddCard(seat=0, card=c) for c in five[:4]))
    assert AddCard(seat=0, card=five[4]) not in options(st, 0)
    assert_refused(ENGINE, st, AddCard(seat=0, card=five[4]), "PP-SET-4")
    full = table([parks("Lassen Volcanic"), parks("Zion")], sets=[[five[:4], five], []])
    assert not any(a.kind == "start_build" for a in options(full, 0))
    assert_refused(ENGINE, full, StartBuild(seat=0, set_index=0), "PP-SET-4")
    assert_refused(ENGINE, full, StartBuild(seat=0, set_index=1), "PP-SET-4")
    # Building onto the first of one's sets counts the cards it already holds.
    three = table([parks("Hot Springs", "Kings Canyon"), parks("Zion")], sets=[[five[:3]], []])
    three = run(three, StartBuild(seat=0, set_index=0), AddCard(seat=0, card=park("Hot Springs")))
    assert not any(a.kind == "add" for a in options(three, 0))
    assert_refused(ENGINE, three, AddCard(seat=0, card=park("Kings Canyon")), "PP-SET-4")


def test_no_building_on_other_players_sets_or_taking_cards_back() -> None:
    """PP-SET-5: a build names one of your own sets; no action takes a set card back."""
    st = table(
        [parks("Rocky Mountain"), parks("Zion")], sets=[[], [parks("Sequoia", "Great Basin")]]
    )
    assert_refused(ENGINE, st, StartBuild(seat=0, set_index=0), "PP-SET-5")
    kinds = {a.kind for a in ENGINE.legal_actions(st, 0)}
    assert kinds <= {"start_set", "draw", "start_steal"}
    own = table([parks("Arches"), parks("Zion")], sets=[[parks("Sequoia", "Great Basin")], []])
    kinds = {a.kind for a in ENGINE.legal_actions(own, 0)}
    assert "start_build" not in kinds
    assert_refused(
        ENGINE, own, StartBuild(seat=0, set_index=0), "PP-SET-3"
    )  # Arches shares nothing


def test_events_never_join_sets() -> None:
    """PP-SET-6."""
    st = table([[*parks("Sequoia", "Glacier"), event("make_a_wish")], parks("Zion")])
    st = run(st, StartSet(seat=0), AddCard(seat=0, card=park("Sequoia")))
    assert_refused(ENGINE, st, AddCard(seat=0, card=event("make_a_wish")), "PP-SET-6")
    adds = {a.card for a in options(st, 0) if a.kind == "add"}
    assert adds == {park("Glacier")}  # not the event, not Sequoia again
    refusal = assert_refused(ENGINE, st, AddCard(seat=0, card=park("Sequoia")), "PP-SET-2")
    assert refusal.message == "That card is not in your hand."


def test_a_new_set_starts_with_a_card_that_has_a_partner() -> None:
    """PP-SET-1: Arches shares no icon with Sequoia or Great Basin, so no set starts with
    it; once a set is started, the cards are judged against the set's icons."""
    st = table([parks("Sequoia", "Great Basin", "Arches"), parks("Zion")])
    st = act(st, StartSet(seat=0))
    assert {a.card for a in options(st, 0) if a.kind == "add"} == set(
        parks("Sequoia", "Great Basin")
    )
    assert_refused(ENGINE, st, AddCard(seat=0, card=park("Arches")), "PP-SET-1")
    st = act(st, AddCard(seat=0, card=park("Sequoia")))
    assert {a.card for a in options(st, 0) if a.kind == "add"} == {park("Great Basin")}


@pytest.mark.rule("PP-SET-7")
def test_a_remnant_stays_a_set_and_can_be_built_again() -> None:
    """PP-SET-7: steal one card out of a set of 2: the single card left is still a
    set, its icons are its own, and its owner can build on it."""
    st = table(
        [parks("Yellowstone", "Yosemite"), parks("Arches", "Rocky Mountain")],
        sets=[[], [parks("Sequoia", "Great Basin")]],
    )
    st = act(st, StartSteal(seat=0, target=1))
    st = run(st, Pay(seat=0, card=park("Yellowstone")), Pay(seat=0, card=park("Yosemite")))
    st = run(st, Take(seat=0, card=park("Great Basin")), Confirm(seat=0))
    st = pass_all(st)  # the steal window
    st = pass_all(st)  # the Park Tour window on the payment
    assert st.players[1].sets == [[park("Sequoia")]]
    assert icons(st, 1, 0) == ["mountain", "cave", "oldest"]
    assert st.current == 1
    st = run(st, StartBuild(seat=1, set_index=0), AddCard(seat=1, card=park("Rocky Mountain")))
    st = act(st, Confirm(seat=1))
    assert icons(st, 1, 0) == ["mountain"]


@pytest.mark.rule("PP-SET-8", "PP-ASTRO-1")
def test_dark_sky_sets_need_an_astronomer_on_an_earlier_turn() -> None:
    """PP-SET-8, PP-ASTRO-1: Bryce Canyon and Mammoth Cave share only the dark sky
    mark, a set only from the turn after Aspiring astronomer was played."""
    hand = [*parks("Bryce Canyon", "Mammoth Cave", "Lassen Volcanic"), event("aspiring_astronomer")]
    st = table([hand, parks("Zion", "Arches")], draws=parks("Rocky Mountain", "Denali"))
    assert_refused(ENGINE, st, StartSet(seat=0), "PP-SET-1")  # Bryce + Mammoth share dark sky only
    st = run(st, Draw(seat=0, source="pile"), Draw(seat=0, source="pile"))
    st = act(st, PlayEvent(seat=0, card=event("aspiring_astronomer")))
    st = pass_all(st)
    assert st.current == 1
    st = run(st, Draw(seat=1, source="pile"))
    st = run(st, Draw(seat=1, source="discard") if st.discard else Draw(seat=1, source="pile"))
    st = act(st, Discard(seat=1, card=park("Zion")))
    st = pass_all(st)
    assert st.current == 0
    st = run(st, StartSet(seat=0), AddCard(seat=0, card=park("Bryce Canyon")))
    st = run(st, AddCard(seat=0, card=park("Mammoth Cave")), Confirm(seat=0))
    assert icons(st, 0, 0) == ["dark_sky"]


@pytest.mark.rule("PP-SET-8", "PP-ASTRO-1", "PP-NINE-1")
def test_dark_sky_does_not_count_on_the_astronomers_own_turn() -> None:
    """PP-SET-8, PP-ASTRO-1, PP-NINE-1: Ana draws her ninth dark sky park, then plays
    Aspiring astronomer. The rest of that turn (her hand limit) is not yet "her next
    turn": nine dark sky parks in hand are no nine of a kind, and once she has put
    one back the round goes on."""
    dark8 = parks(
        "Mesa Verde",
        "Glacier",
        "Grand Canyon",
        "Mammoth Cave",
        "Petrified Forest",
        "Arches",
        "Voyageurs",
        "Great Basin",
    )
    astronomer = event("aspiring_astronomer")
    st = table(
        [[*dark8, astronomer], parks("Zion", "Acadia")],
        draws=parks("Great Sand Dunes", "Yosemite"),
    )
    st = run(st, Draw(seat=0, source="pile"), Draw(seat=0, source="pile"))
    st = pass_all(act(st, PlayEvent(seat=0, card=astronomer)))
    assert st.phase == "limit" and st.current == 0 and len(st.players[0].hand) == 10
    assert st.results == [] and st.players[0].sets == []
    st = act(st, Discard(seat=0, card=park("Glacier")))
    assert st.results == [] and st.round == 1 and st.current == 1
    assert len(st.players[0].hand) == 9 and st.players[0].sets == []


@pytest.mark.rule("PP-ASTRO-1", "PP-SET-8")
def test_a_second_astronomer_does_not_move_the_turn_dark_sky_counts_from() -> None:
    """PP-ASTRO-1: Ana's first Aspiring astronomer was played two turns ago, so her
    Bryce Canyon and Mammoth Cave share dark sky. She plays a second one: for the rest
    of this turn (her hand limit) dark sky still counts for her."""
    astronomer = event("aspiring_astronomer")
    hand = [*parks("Sequoia", "Yosemite", "Denali", "Acadia", "Olympic"), astronomer]
    st = table(
        [[*hand, *parks("Redwood", "Katmai", "Glacier Bay")], parks("Zion")],
        draws=parks("Kenai Fjords", "Lake Clark"),
    )
    st.turn, st.players[0].astronomer_turn = 2, 0
    st.players[0].sets = [parks("Bryce Canyon", "Mammoth Cave")]  # dark sky only
    st = run(st, Draw(seat=0, source="pile"), Draw(seat=0, source="pile"))
    st = pass_all(act(st, PlayEvent(seat=0, card=astronomer)))
    assert st.phase == "limit" and st.current == 0
    me = ENGINE.view(st, 0).players[0]
    assert me.dark_sky_sets and me.sets[0].icons == ["dark_sky"]


def test_the_rules_handle_every_kind_of_action() -> None:
    """PP-TURN-1: every action a player can send has its handler in the rules."""
    classes = get_args(get_args(PPAction)[0])
    kinds = {f.default for cls in classes for f in fields(cls) if f.name == "kind"}
    assert len(kinds) == len(classes) == 16
    assert set(HANDLERS) == kinds


def test_options_are_never_an_empty_list() -> None:
    """PP-TURN-1: the helper tests use to look into a seat's options refuses a seat
    with none (Ben, not to act), so no assertion over them can hold vacuously."""
    st = table([parks("Sequoia", "Glacier"), parks("Zion")])
    assert options(st, 0)
    with pytest.raises(AssertionError, match="no legal action"):
        options(st, 1)


@pytest.mark.rule("PP-TURN-2")
def test_cards_shown_from_a_hand_bar_undo_but_choosing_them_does_not() -> None:
    """PP-TURN-2: choosing a set's cards changes nothing anyone has seen, so it may
    be undone; confirming shows them to the table, which undo cannot take back."""
    st = table([parks("Sequoia", "Glacier", "Arches"), parks("Zion")])
    chosen = ENGINE.apply(st, StartSet(seat=0))
    assert not chosen.hidden
    chosen = ENGINE.apply(chosen.state, AddCard(seat=0, card=park("Sequoia")))
    assert not chosen.hidden
    chosen = ENGINE.apply(chosen.state, AddCard(seat=0, card=park("Glacier")))
    assert ENGINE.apply(chosen.state, Confirm(seat=0)).hidden


def _ana_after_bens_discard(astronomer_first: bool) -> PocketParksState:
    """Ana holds four dark sky parks; Ben discards a fifth on his turn, right after
    Ana's turn, in which she played Aspiring astronomer (or just discarded)."""
    four = parks("Mesa Verde", "Grand Canyon", "Mammoth Cave", "Petrified Forest")
    astronomer = event("aspiring_astronomer")
    st = table(
        [[*four, astronomer, park("Zion")], parks("Great Basin", "Acadia")],
        draws=parks("Yosemite", "Denali", "Everglades", "Redwood"),
    )
    st = run(st, Draw(seat=0, source="pile"), Draw(seat=0, source="pile"))
    if astronomer_first:
        st = pass_all(act(st, PlayEvent(seat=0, card=astronomer)))
    else:
        st = pass_all(act(st, Discard(seat=0, card=park("Zion"))))
    assert st.current == 1
    st = run(st, Draw(seat=1, source="pile"), Draw(seat=1, source="pile"))
    st = act(st, Discard(seat=1, card=park("Great Basin")))
    assert st.window is not None and st.window.kind == "tour"
    return st


@pytest.mark.rule("PP-ASTRO-1", "PP-SET-8")
def test_dark_sky_counts_from_the_very_next_turn_even_another_players() -> None:
    """PP-ASTRO-1, PP-SET-8, PP-TOUR-1: the astronomer's dark sky counts "on a following
    turn", which may be the next player's: Ana Park Tours Ben's dark sky discard."""
    st = _ana_after_bens_discard(astronomer_first=True)
    tours = [a for a in ENGINE.legal_actions(st, 0) if a.kind == "tour_pick"]
    assert tours, "Ana may Park Tour with her four dark sky parks"
    without = _ana_after_bens_discard(astronomer_first=False)
    assert not [a for a in ENGINE.legal_actions(without, 0) if a.kind == "tour_pick"]
    assert [a.kind for a in ENGINE.legal_actions(without, 0)] == ["pass"]
