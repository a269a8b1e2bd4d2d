"""The solo game against Scout (SP-SOLO-*)."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.games.spacepark.content import SUN
from tabletop.games.spacepark.rules import solo_turns_left
from tests.rulekit import assert_refused


def _top(state: Any, badge: str) -> None:
    """Make ``badge`` the top of the deck."""
    for pile in (state.deck, state.revealed, state.players[0].hand):
        if badge in pile:
            pile.remove(badge)
    state.deck.append(badge)


@pytest.mark.rule("SP-SOLO-1")
def test_scout_draws_after_each_turn_and_moves_by_type(sp: Any) -> None:
    """SP-SOLO-1: a green circle sends Scout to Celestial Seas; the card goes face up
    on the Scout Stack."""
    state = sp.new(1)
    _top(state, "tide_reader")
    deck_count = len(state.deck)
    transition = sp.act(state, 0, "visit", dest="cosmic_canyon")
    after = transition.state
    assert transition.hidden
    assert after.scout_stack == ["tide_reader"]
    assert len(after.deck) == deck_count - 1
    assert after.ring[after.scout] == "celestial_seas"
    assert sp.engine.view(after, 0).scout_stack[0].id == "tide_reader"
    for badge, dest in (("pathfinder", "lunar_woods"), ("comet_tail", "cosmic_canyon")):
        _top(state, badge)
        moved = sp.act(state, 0, "visit", dest="cosmic_canyon").state
        assert moved.ring[moved.scout] == dest


@pytest.mark.rule("SP-SOLO-2")
def test_scout_already_there_advances_every_rocket_together(sp: Any) -> None:
    """SP-SOLO-2: rockets side by side on Seas and Canyon, and on Falls, all step once;
    none jumps another."""
    state = sp.new(1)
    sp.rockets(state, "fusion_falls", "lunar_woods", "celestial_seas")
    state.players[0].stock[SUN] = 1
    sp.scout(state, "cosmic_canyon")
    _top(state, "comet_tail")  # a red diamond: Scout's own destination
    after = sp.act(state, 0, "visit", dest="lunar_woods").state
    # Woods' rocket skipped Seas to Canyon; then all three advance one step.
    assert sp.rocket_dests(after) == {"astral_arcade", "cosmic_canyon", "outpost13"}
    assert after.ring[after.scout] == "cosmic_canyon"


@pytest.mark.rule("SP-SOLO-3")
def test_forbidden_card_advances_rockets_and_scout_stays(sp: Any) -> None:
    """SP-SOLO-3."""
    state = sp.new(1)
    sp.scout(state, "outpost13")
    _top(state, "black_hole")
    after = sp.act(state, 0, "visit", dest="lunar_woods").state
    # Woods' rocket skipped Seas and Canyon to Outpost 13; then all advance one step.
    assert sp.rocket_dests(after) == {"cosmic_canyon", "outpost13", "fusion_falls"}
    assert after.ring[after.scout] == "outpost13"


def test_visiting_scouts_destination_costs_sun_or_the_controller(sp: Any) -> None:
    """SP-SOLO-4: no benefit in solo; pay a Sun crystal or return the Controller, paid
    first, and the action must still be possible afterwards."""
    state = sp.new(1)
    sp.rockets(state, "fusion_falls", "lunar_woods", "celestial_seas")
    sp.scout(state, "fusion_falls")
    assert_refused(sp.engine, state, sp.action(0, "visit", dest="fusion_falls"), "SP-SOLO-4")
    assert_refused(
        sp.engine,
        state,
        sp.action(0, "visit", dest="fusion_falls", scout_fee="controller"),
        "SP-SOLO-4",
    )
    assert_refused(
        sp.engine, state, sp.action(0, "visit", dest="fusion_falls", scout_fee="sun"), "SP-TURN-3"
    )
    assert_refused(
        sp.engine, state, sp.action(0, "visit", dest="lunar_woods", scout_fee="sun"), "SP-SOLO-4"
    )
    state.controller = 0
    after = sp.act(state, 0, "visit", dest="fusion_falls", scout_fee="controller").state
    assert after.controller is None
    assert after.players[0].xp_tokens == 1
    assert after.pending is None
    sp.scout(state, "lunar_woods")
    paid = sp.act(state, 0, "visit", dest="lunar_woods", scout_fee="sun").state
    assert paid.players[0].stock[SUN] == 0
    assert paid.supply[SUN] == state.supply[SUN] + 1  # the fee goes back to the supply
    assert paid.players[0].stock[1] == 1
    assert paid.controller == 0
    multi = sp.new(2)
    message = assert_refused(
        sp.engine, multi, sp.action(0, "visit", dest="lunar_woods", scout_fee="sun"), "SP-SOLO-4"
    ).message
    assert message == "Only in solo play does Scout charge a fee: there is nothing to pay."
    message = assert_refused(
        sp.engine, state, sp.action(0, "visit", dest="celestial_seas", scout_fee="sun"), "SP-SOLO-4"
    ).message
    assert message == "Scout is not here: there is nothing to pay."
    state.controller = None
    state.players[0].stock[SUN] = 0
    message = assert_refused(
        sp.engine, state, sp.action(0, "visit", dest="lunar_woods", scout_fee="sun"), "SP-SOLO-4"
    ).message
    assert message == "You have no Sun crystal to pay Scout."


def test_solo_starlight_takes_a_shown_badge_or_the_stack_top(sp: Any) -> None:
    """SP-SOLO-5: no draw; a display badge or the Scout Stack's top; no replacement."""
    state = sp.new(1)
    sp.rockets(state, "starlight_station", "lunar_woods", "celestial_seas")
    state.scout_stack = [state.deck.pop(), state.deck.pop()]
    under, top = state.scout_stack
    shown = state.revealed[0]
    choices = {a.badge for a in sp.engine.legal_actions(state, 0) if a.dest == "starlight_station"}
    assert choices == {*state.revealed, top}
    assert_refused(
        sp.engine, state, sp.action(0, "visit", dest="starlight_station", badge=under), "SP-SOLO-5"
    )
    assert_refused(sp.engine, state, sp.action(0, "visit", dest="starlight_station"), "SP-SOLO-5")
    deck_count = len(state.deck)
    after = sp.act(state, 0, "visit", dest="starlight_station", badge=shown).state
    assert shown in after.players[0].hand
    assert len(after.revealed) == 2
    assert len(after.deck) == deck_count - 1  # only Scout's draw
    stack = sp.act(state, 0, "visit", dest="starlight_station", badge=top).state
    assert top in stack.players[0].hand
    assert stack.scout_stack[:1] == [under]
    deeper = state.deck.pop()
    state.scout_stack.insert(0, deeper)  # three cards: only the top may be taken
    assert_refused(
        sp.engine, state, sp.action(0, "visit", dest="starlight_station", badge=under), "SP-SOLO-5"
    )
    state.revealed.clear()
    state.scout_stack.clear()
    assert_refused(
        sp.engine, state, sp.action(0, "visit", dest="starlight_station", badge=shown), "SP-SOLO-5"
    )


@pytest.mark.rule("SP-SOLO-4", "SP-SOLO-5", "SP-DEST-7")
def test_every_listed_visit_to_scouts_destination_names_its_fee(sp: Any) -> None:
    """SP-SOLO-4: holding a Sun crystal and the Controller, Ann may pay Scout either way,
    so each visit to Scout's destination is listed once per fee: each badge Starlight
    Station offers (SP-SOLO-5), and Pathfinder at Outpost 13 (SP-DEST-7). Each listed
    visit is accepted, and pays as listed."""
    state = sp.new(1)
    sp.rockets(state, "starlight_station", "outpost13", "lunar_woods")
    state.controller = 0
    state.scout_stack = [state.deck.pop()]
    state.deck.insert(0, state.players[0].hand.pop())  # her hand: only Pathfinder
    sp.hand(state, 0, "pathfinder")
    sp.give(state, 0, moon=1)
    offered = {
        "starlight_station": {*state.revealed, state.scout_stack[-1]},
        "outpost13": {"pathfinder"},
    }
    for dest, badges_offered in offered.items():
        sp.scout(state, dest)
        listed = [a for a in sp.options(state, 0) if a.kind == "visit" and a.dest == dest]
        pairs = {(a.badge, a.scout_fee) for a in listed}
        assert pairs == {(b, fee) for b in badges_offered for fee in ("sun", "controller")}
        assert len(listed) == len(pairs)
        for visit in listed:
            after = sp.engine.apply(state, visit).state
            assert after.controller == (0 if visit.scout_fee == "sun" else None)


@pytest.mark.rule("SP-SOLO-6")
def test_solo_turn_with_no_visit_is_skipped_and_scout_draws_once(sp: Any) -> None:
    """SP-SOLO-6: after Ann's visit Scout stands on Canyon; she cannot pay Scout, has
    no Sun for Falls and no badge for Outpost 13: her turn is skipped and Scout draws
    one more card, which frees Canyon."""
    state = sp.new(1)
    sp.rockets(state, "celestial_seas", "outpost13", "fusion_falls")
    sp.scout(state, "lunar_woods")
    state.supply[SUN] += 1
    state.players[0].stock[SUN] = 0
    state.players[0].hand.clear()
    _top(state, "tide_reader")  # second: green circle, Scout to Celestial Seas
    _top(state, "comet_tail")  # first: red diamond, Scout to Cosmic Canyon
    transition = sp.act(state, 0, "visit", dest="celestial_seas")
    after = transition.state
    assert after.scout_stack == ["comet_tail", "tide_reader"]
    assert "Ann cannot visit any destination: the turn is skipped." in sp.texts(transition)
    assert after.ring[after.scout] == "celestial_seas"
    assert after.turn == state.turn + 2
    assert sp.engine.legal_actions(after, 0)


@pytest.mark.rule("SP-SOLO-7")
def test_reaching_20_wins_at_once(sp: Any) -> None:
    """SP-SOLO-7: no more Scout draw; the outcome names the player."""
    state = sp.new(1)
    sp.rockets(state, "fusion_falls", "lunar_woods", "celestial_seas")
    state.players[0].xp_tokens = 19
    transition = sp.act(state, 0, "visit", dest="fusion_falls")
    after = transition.state
    assert after.over and after.scout_stack == []
    outcome = sp.engine.outcome(after)
    assert outcome.winners == (0,) and outcome.scores == (20,)
    assert outcome.summary == "Ann wins with 20 XP."


@pytest.mark.rule("SP-SOLO-8")
def test_scout_wins_when_the_deck_is_empty(sp: Any) -> None:
    """SP-SOLO-8: Scout must draw from an empty deck before Ann has 20 XP."""
    state = sp.new(1)
    state.deck.clear()
    transition = sp.act(state, 0, "visit", dest="lunar_woods")
    after = transition.state
    assert after.over
    outcome = sp.engine.outcome(after)
    assert outcome.winners == ()
    assert outcome.summary == "Scout wins: the deck ran out with Ann at 0 XP."
    assert any("Scout wins" in t for t in sp.texts(transition))


@pytest.mark.rule("SP-SOLO-1", "SP-SOLO-8")
def test_the_turns_left_before_scout_wins_are_the_deck_and_one(sp: Any) -> None:
    """SP-SOLO-1, SP-SOLO-8: with 3 badges in the deck, Ann plays 4 more turns; the end
    of the 4th, short of 20 XP, is Scout's win (what the solo Players panel says)."""
    state = sp.new(1)
    del state.deck[:-3]
    assert solo_turns_left(len(state.deck)) == 4
    for turn in range(4):
        assert not state.over, turn
        visit = next(a for a in sp.engine.legal_actions(state, 0) if a.kind == "visit")
        state = sp.engine.apply(state, visit).state
    assert state.over and sp.engine.outcome(state).summary.startswith("Scout wins")


def _cornered(sp: Any, ring: tuple[str, ...], rockets: tuple[str, ...], moved: str) -> Any:
    """Solo, Scout on Astral Arcade: Ann has no Sun crystal, no Controller, no badge and
    2 passes, nothing to take at Starlight Station, and Fast Travels the rocket at
    ``moved``. Outpost 13, Fusion Falls, Starlight and Scout's Arcade are out of her
    reach; the gains are not, if a pass can bring a rocket there."""
    state = sp.new(1)
    state.ring = ring
    sp.rockets(state, *rockets)
    sp.scout(state, "astral_arcade")
    player = state.players[0]
    state.supply[SUN] += player.stock[SUN]
    player.stock[SUN] = 0
    player.hand.clear()
    state.revealed.clear()
    sp.give(state, 0, passes=2)
    return sp.act(state, 0, "fast_travel", dest=moved)


@pytest.mark.rule("SP-SOLO-6", "SP-TURN-4")
def test_one_pass_left_reaches_the_destination_just_past_a_rocket(sp: Any) -> None:
    """SP-SOLO-6, SP-TURN-4 ("even after Fast Travel"): after her first pass the rockets
    stand on Starlight, Outpost 13 and Fusion Falls, side by side, with Scout's Arcade
    just before them. Her last pass can move the Falls rocket on to Cosmic Canyon, so
    her turn is not skipped, though no destination she could reach lies just before
    a rocket."""
    ring = (
        "starlight_station",
        "outpost13",
        "fusion_falls",
        "cosmic_canyon",
        "celestial_seas",
        "lunar_woods",
        "astral_arcade",
    )
    moved = _cornered(
        sp, ring, ("starlight_station", "outpost13", "astral_arcade"), "astral_arcade"
    )
    _not_skipped(sp, moved)


def _not_skipped(sp: Any, moved: Any) -> None:
    """The solo player's turn came round with one pass left, and was not skipped."""
    assert sp.rocket_dests(moved.state) == {"starlight_station", "outpost13", "fusion_falls"}
    assert all("skipped" not in t for t in sp.texts(moved))
    assert moved.state.scout_stack == [] and moved.state.players[0].stock[3] == 1


@pytest.mark.rule("SP-SOLO-6", "SP-TURN-4")
def test_one_pass_left_reaches_a_destination_behind_a_rocket_after_a_rocket(sp: Any) -> None:
    """SP-SOLO-6, SP-TURN-4: rockets on Starlight, Outpost 13 and Fusion Falls, one free
    destination apart; every destination with a free one before it is Scout's Arcade
    or lies two passes away, but Lunar Woods, just past Starlight's rocket, takes one."""
    ring = (
        "starlight_station",
        "lunar_woods",
        "outpost13",
        "celestial_seas",
        "fusion_falls",
        "cosmic_canyon",
        "astral_arcade",
    )
    moved = _cornered(
        sp, ring, ("starlight_station", "outpost13", "celestial_seas"), "celestial_seas"
    )
    _not_skipped(sp, moved)


@pytest.mark.rule("SP-SUPPLY-2")
def test_a_solo_gain_with_the_supply_out_gains_nothing(sp: Any) -> None:
    """SP-SUPPLY-2: alone at the table there is nobody to take from."""
    state = sp.new(1)
    state.supply[1] = 0  # a built state: the Moon crystals are off the table
    transition = sp.act(state, 0, "visit", dest="lunar_woods")
    assert transition.state.players[0].stock[1] == 0
    assert "Ann would gain a Moon crystal, but there is none to take." in sp.texts(transition)
