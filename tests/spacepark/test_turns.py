"""Turns, rockets, Fast Travel, the seven destinations, Scout and supplies."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.games.spacepark.content import PASS, SUN, badges
from tabletop.games.spacepark.model import SpaceParkState
from tabletop.games.spacepark.rules import xp_of
from tests.rulekit import assert_refused


@pytest.mark.rule("SP-MOVE-1", "SP-DEST-2")
def test_rulebook_rocket_example(sp: Any) -> None:
    """SP-MOVE-1: rockets on Lunar Woods, Celestial Seas, Cosmic Canyon; visiting
    Celestial Seas moves its rocket past Cosmic Canyon to Outpost 13. SP-DEST-2: the
    visitor gains a Sea crystal from the supply."""
    state = sp.new()
    assert sp.rocket_dests(state) == {"lunar_woods", "celestial_seas", "cosmic_canyon"}
    after = sp.act(state, 0, "visit", dest="celestial_seas").state
    assert sp.rocket_dests(after) == {"lunar_woods", "cosmic_canyon", "outpost13"}
    assert after.players[0].stock[2] == state.players[0].stock[2] + 1
    assert after.supply[2] == state.supply[2] - 1
    assert len(set(after.rockets)) == 3


@pytest.mark.rule("SP-MOVE-1")
def test_rocket_wraps_round_the_ring(sp: Any) -> None:
    """SP-MOVE-1: from the last tile the rocket goes on to Starlight Station, skipping it
    when it is taken."""
    state = sp.new()
    sp.rockets(state, "astral_arcade", "starlight_station", "lunar_woods")
    sp.scout(state, "outpost13")
    after = sp.act(state, 0, "visit", dest="astral_arcade", scout_to="fusion_falls").state
    assert sp.rocket_dests(after) == {"starlight_station", "lunar_woods", "celestial_seas"}


@pytest.mark.rule("SP-MOVE-2")
def test_scout_does_not_block_rockets(sp: Any) -> None:
    """SP-MOVE-2: a rocket lands on Scout's destination like any other."""
    state = sp.new()
    sp.scout(state, "outpost13")
    after = sp.act(state, 0, "visit", dest="celestial_seas").state
    assert "outpost13" in sp.rocket_dests(after)


@pytest.mark.rule("SP-TURN-1")
def test_only_the_active_player_acts(sp: Any) -> None:
    """SP-TURN-1, TT-SEAT-1: another seat may not act on your turn."""
    state = sp.new(3)
    message = assert_refused(
        sp.engine, state, sp.action(1, "visit", dest="cosmic_canyon"), "TT-SEAT-1"
    ).message
    assert "Ann" in message
    assert sp.engine.legal_actions(state, 1) == []
    assert sp.engine.to_act(state) == (0,)


def test_options_are_never_an_empty_list(sp: Any) -> None:
    """SP-TURN-1: the helper tests use to look into a seat's options refuses a seat
    with none (Bob, not to act), so no assertion over them can hold vacuously."""
    state = sp.new()
    assert sp.options(state, 0)
    with pytest.raises(AssertionError, match="no legal action"):
        sp.options(state, 1)


def test_only_a_destination_with_a_rocket(sp: Any) -> None:
    """SP-TURN-2: no rocket, no visit."""
    state = sp.new()
    assert_refused(sp.engine, state, sp.action(0, "visit", dest="fusion_falls"), "SP-TURN-2")
    assert_refused(sp.engine, state, sp.action(0, "visit", dest="starlight_station"), "SP-TURN-2")
    visits = {a.dest for a in sp.engine.legal_actions(state, 0) if a.kind == "visit"}
    assert visits == {"lunar_woods", "celestial_seas", "cosmic_canyon"}


def test_actions_must_be_performable_in_full(sp: Any) -> None:
    """SP-TURN-3: Fusion Falls needs Sun, Outpost 13 a payable badge, Starlight a card."""
    state = sp.new()
    sp.rockets(state, "fusion_falls", "outpost13", "starlight_station")
    state.players[0].stock[SUN] = 0
    state.supply[SUN] += 1
    sp.hand(state, 0, "heat_shield")
    assert_refused(sp.engine, state, sp.action(0, "visit", dest="fusion_falls"), "SP-TURN-3")
    message = assert_refused(
        sp.engine, state, sp.action(0, "visit", dest="outpost13", badge="heat_shield"), "SP-TURN-3"
    ).message
    assert f"{badges()['heat_shield'].cost[SUN]} Sun" in message
    state.deck.clear()
    assert_refused(sp.engine, state, sp.action(0, "visit", dest="starlight_station"), "SP-TURN-3")


@pytest.mark.rule("SP-SUPPLY-2")
def test_gaining_never_blocks_a_visit(sp: Any) -> None:
    """SP-TURN-3 / SP-SUPPLY-2: an empty supply with nobody else holding any still
    lets you visit; you gain nothing."""
    state = sp.new()
    state.supply[1] = 0  # every Moon crystal sits with Ann
    state.players[0].stock[1] = 12
    transition = sp.act(state, 0, "visit", dest="lunar_woods")
    assert transition.state.players[0].stock[1] == 12
    assert any("none to take" in t for t in sp.texts(transition))


def _strip(sp: Any, state: SpaceParkState, seat: int) -> None:
    """The seat holds no Sun crystal, no pass and no badge."""
    player = state.players[seat]
    state.supply[SUN] += player.stock[SUN]
    state.supply[PASS] += player.stock[PASS]
    player.stock[SUN] = player.stock[PASS] = 0
    state.deck.extend(player.hand)
    player.hand.clear()


@pytest.mark.rule("SP-TURN-4")
def test_player_who_cannot_visit_passes(sp: Any) -> None:
    """SP-TURN-4: after Ann's visit only Starlight (deck empty), Outpost 13 and Fusion
    Falls have rockets; Bob can do none of them and has no pass: his turn passes."""
    state = sp.new(3)
    _strip(sp, state, 1)
    state.deck.clear()
    sp.rockets(state, "astral_arcade", "outpost13", "fusion_falls")
    sp.scout(state, "lunar_woods")
    transition = sp.act(state, 0, "visit", dest="astral_arcade", scout_to="celestial_seas")
    after = transition.state
    assert sp.rocket_dests(after) == {"starlight_station", "outpost13", "fusion_falls"}
    assert "Bob cannot visit any destination: the turn passes." in sp.texts(transition)
    assert after.active == 2
    assert after.turn == state.turn + 2  # the pass counts as Bob's turn


@pytest.mark.rule("SP-TURN-4")
def test_fast_travel_that_leaves_no_visit_passes_the_turn(sp: Any) -> None:
    """SP-TURN-4: Bob could reach Canyon, but Fast Travels its rocket onto Fusion Falls
    instead; no visit is left, so his turn passes."""
    state = sp.new(3)
    _strip(sp, state, 1)
    sp.give(state, 1, passes=1)
    state.deck.clear()
    state.active = 1
    sp.rockets(state, "starlight_station", "outpost13", "cosmic_canyon")
    assert {a.kind for a in sp.engine.legal_actions(state, 1)} == {"fast_travel", "visit"}
    transition = sp.act(state, 1, "fast_travel", dest="cosmic_canyon")
    after = transition.state
    assert sp.rocket_dests(after) == {"starlight_station", "outpost13", "fusion_falls"}
    assert after.active == 2
    assert any("Bob cannot visit" in t for t in sp.texts(transition))


@pytest.mark.rule("SP-TURN-4")
def test_a_visit_reached_only_by_spending_every_pass_is_not_passed(sp: Any) -> None:
    """SP-TURN-4: "even after spending Fast Travel passes". After Ann's visit only
    Starlight (deck empty), Outpost 13 and Fusion Falls have rockets; Bob holds one
    pass, exactly what moving Starlight's rocket on to Lunar Woods costs: his turn
    is not passed, and he visits Lunar Woods after spending it."""
    state = sp.new(3)
    _strip(sp, state, 1)
    sp.give(state, 1, passes=1)
    state.deck.clear()
    sp.rockets(state, "astral_arcade", "outpost13", "fusion_falls")
    sp.scout(state, "lunar_woods")
    transition = sp.act(state, 0, "visit", dest="astral_arcade", scout_to="celestial_seas")
    after = transition.state
    assert sp.rocket_dests(after) == {"starlight_station", "outpost13", "fusion_falls"}
    assert all("cannot visit" not in t for t in sp.texts(transition))
    assert after.active == 1 and after.turn == state.turn + 1 and after.idle_turns == 0
    moves = sp.engine.legal_actions(after, 1)
    assert {(a.kind, a.dest) for a in moves} == {
        ("fast_travel", "starlight_station"),
        ("fast_travel", "outpost13"),
        ("fast_travel", "fusion_falls"),
    }
    travelled = sp.act(after, 1, "fast_travel", dest="starlight_station").state
    assert travelled.active == 1 and travelled.players[1].stock[PASS] == 0
    visited = sp.act(travelled, 1, "visit", dest="lunar_woods").state
    assert visited.players[1].stock[1] == 1 and visited.active == 2


@pytest.mark.rule("SP-TURN-5")
def test_a_whole_round_of_passes_ends_the_game(sp: Any) -> None:
    """SP-TURN-5 (house ruling): when everyone passes in a row the game ends, scored."""
    state = sp.new(2)
    for seat in (0, 1):
        _strip(sp, state, seat)
    state.deck.clear()
    state.supply[SUN] = 0  # a built state: no Sun crystal left anywhere
    sp.rockets(state, "cosmic_canyon", "starlight_station", "fusion_falls")
    transition = sp.act(state, 0, "visit", dest="cosmic_canyon")
    after = transition.state
    assert after.over
    assert sp.engine.to_act(after) == ()
    assert sp.engine.outcome(after) is not None
    assert any("whole round" in t for t in sp.texts(transition))
    # It ends as soon as the round of passes is whole: Bob passes, then Ann, and
    # nobody passes a second time.
    passes = [t for t in sp.texts(transition) if "cannot visit any destination" in t]
    assert passes == [
        "Bob cannot visit any destination: the turn passes.",
        "Ann cannot visit any destination: the turn passes.",
    ]
    assert after.idle_turns == 2
    assert after.turn == state.turn + 2


@pytest.mark.rule("SP-TURN-4", "SP-TURN-5")
def test_a_pass_after_fast_travel_can_end_the_game(sp: Any) -> None:
    """SP-TURN-4, SP-TURN-5: Bob Fast Travels Canyon's rocket onto Fusion Falls and
    can visit nothing; Ann, next, cannot either: the round of passes ends the game."""
    state = sp.new(2)
    for seat in (0, 1):
        _strip(sp, state, seat)
    sp.give(state, 1, passes=1)
    state.deck.clear()
    state.supply[SUN] = 0  # a built state: no Sun crystal left anywhere
    state.active = 1
    sp.rockets(state, "starlight_station", "outpost13", "cosmic_canyon")
    transition = sp.act(state, 1, "fast_travel", dest="cosmic_canyon")
    assert sp.texts(transition)[1:] == [
        "Bob cannot visit any destination: the turn passes.",
        "Ann cannot visit any destination: the turn passes.",
        "Nobody could visit any destination for a whole round: the game is over.",
    ]
    assert transition.state.over


@pytest.mark.rule("SP-SCOUT-2", "SP-SUPPLY-2")
def test_the_controller_visitor_counts_on_a_sun_from_another_player(sp: Any) -> None:
    """SP-SCOUT-2, SP-SUPPLY-2: the Sun supply is out, but Bob holds Sun crystals: Ann,
    holding the Controller with no Sun, may visit Fusion Falls where Scout stands, takes
    her benefit's Sun crystal from Bob and turns it in. Had nobody else any Sun, the
    benefit could not give one, and Fusion Falls is refused."""
    state = sp.new()
    sp.rockets(state, "fusion_falls", "lunar_woods", "celestial_seas")
    sp.scout(state, "fusion_falls")
    state.controller = 0
    state.players[0].stock[SUN] = 0
    state.players[1].stock[SUN] = 2
    state.supply[SUN] = 0  # a built state: the other Sun crystals are off the table
    mid = sp.act(state, 0, "visit", dest="fusion_falls").state
    after = sp.act(mid, 0, "scout_benefit", take="sun").state
    assert after.players[1].stock[SUN] == 1 and xp_of(after.players[0]) == 1
    state.players[1].stock[SUN] = 0
    assert_refused(sp.engine, state, sp.action(0, "visit", dest="fusion_falls"), "SP-TURN-3")


def test_fast_travel_moves_a_chosen_rocket_and_returns_the_pass(sp: Any) -> None:
    """SP-FAST-1: any number of passes before visiting, each moving one rocket to the
    next open destination clockwise; passes go back to the supply."""
    state = sp.new()
    sp.give(state, 0, passes=2)
    one = sp.act(state, 0, "fast_travel", dest="celestial_seas")
    assert sp.rocket_dests(one.state) == {"lunar_woods", "cosmic_canyon", "outpost13"}
    assert one.state.active == 0  # still Ann's turn: she has not visited yet
    two = sp.act(one.state, 0, "fast_travel", dest="lunar_woods")
    assert sp.rocket_dests(two.state) == {"celestial_seas", "cosmic_canyon", "outpost13"}
    assert two.state.players[0].stock[PASS] == 0
    assert two.state.supply[PASS] == 10
    assert "moves to Celestial Seas" in sp.texts(two)[0]
    assert_refused(
        sp.engine, two.state, sp.action(0, "fast_travel", dest="outpost13"), "SP-FAST-2"
    )  # no pass left


def test_fast_travel_needs_a_pass_and_a_rocket(sp: Any) -> None:
    """SP-FAST-2: no pass, no Fast Travel; SP-FAST-1: it moves a rocket that exists."""
    state = sp.new()
    assert_refused(sp.engine, state, sp.action(0, "fast_travel", dest="lunar_woods"), "SP-FAST-2")
    assert all(a.kind == "visit" for a in sp.options(state, 0))
    sp.give(state, 0, passes=1)
    assert_refused(sp.engine, state, sp.action(0, "fast_travel", dest="fusion_falls"), "SP-FAST-1")


@pytest.mark.rule("SP-DEST-1")
def test_cosmic_canyon_gives_two_sun(sp: Any) -> None:
    """SP-DEST-1."""
    transition = sp.act(sp.new(), 0, "visit", dest="cosmic_canyon")
    assert "Ann gains 2 Sun crystals." in sp.texts(transition)  # one line for both
    assert not any("gains a Sun" in text for text in sp.texts(transition))
    after = transition.state
    assert after.players[0].stock[SUN] == 3
    assert after.supply[SUN] == 22 - 2


@pytest.mark.rule("SP-DEST-1", "SP-SCOUT-1")
def test_gains_after_other_lines_are_told_in_one_line_per_player(sp: Any) -> None:
    """SP-DEST-1: Cy, holding the Controller, takes the Scout benefit's Sun crystal before
    Ann's two at Cosmic Canyon: each player's run of gains is one line, Ann's coming
    after two others."""
    state = sp.new(3)
    state.controller = 2
    sp.scout(state, "cosmic_canyon")
    mid = sp.act(state, 0, "visit", dest="cosmic_canyon").state
    transition = sp.act(mid, 2, "scout_benefit", take="sun")
    assert sp.texts(transition)[:3] == [
        "Cy (Controller) takes the Scout benefit: a Sun crystal.",
        "Cy gains a Sun crystal.",
        "Ann gains 2 Sun crystals.",
    ]
    assert transition.state.players[0].stock[SUN] == 3


@pytest.mark.rule("SP-SCOUT-2", "SP-DEST-6")
def test_a_gain_after_another_line_starts_a_line_of_its_own(sp: Any) -> None:
    """SP-SCOUT-2, SP-DEST-6: Ann, holding the Controller, visits Astral Arcade where
    Scout stands and takes her own benefit's pass; Arcade's lines come between it and
    Arcade's own pass, so that pass is told in a new line, not run into the first one
    over the lines between."""
    state = sp.new()
    state.controller = 0
    sp.scout(state, "astral_arcade")
    sp.rockets(state, "astral_arcade", "lunar_woods", "celestial_seas")
    mid = sp.act(state, 0, "visit", dest="astral_arcade", scout_to="lunar_woods").state
    transition = sp.act(mid, 0, "scout_benefit", take="pass")
    assert sp.texts(transition)[:5] == [
        "Ann (Controller) takes the Scout benefit: a Fast Travel pass.",
        "Ann gains a Fast Travel pass.",
        "Ann keeps the Controller.",
        "Ann sends Scout to Lunar Woods.",
        "Ann gains a Fast Travel pass.",
    ]
    assert transition.state.players[0].stock[PASS] == 2


@pytest.mark.rule("SP-DEST-3")
def test_lunar_woods_gives_a_moon_crystal(sp: Any) -> None:
    """SP-DEST-3."""
    transition = sp.act(sp.new(), 0, "visit", dest="lunar_woods")
    assert "Ann gains a Moon crystal." in sp.texts(transition)
    after = transition.state
    assert after.players[0].stock[1] == 1
    assert after.supply[1] == 11


@pytest.mark.rule("SP-DEST-4", "SP-SETUP-3")
def test_fusion_falls_turns_sun_into_xp(sp: Any) -> None:
    """SP-DEST-4; SP-SETUP-3: XP is unlimited, no token supply to run out."""
    state = sp.new()
    sp.rockets(state, "fusion_falls", "lunar_woods", "celestial_seas")
    state.players[0].xp_tokens = 500
    after = sp.act(state, 0, "visit", dest="fusion_falls").state
    assert after.players[0].stock[SUN] == 0
    assert after.supply[SUN] == state.supply[SUN] + 1
    assert xp_of(after.players[0]) == 501


def test_starlight_keep_is_secret(sp: Any) -> None:
    """SP-DEST-5: draw, look, keep; nobody else learns the card."""
    state = sp.new()
    sp.rockets(state, "starlight_station", "lunar_woods", "celestial_seas")
    top = state.deck[-1]
    drawn = sp.act(state, 0, "visit", dest="starlight_station")
    assert drawn.hidden
    mid = drawn.state
    assert mid.pending is not None and mid.pending.kind == "starlight"
    assert sp.engine.to_act(mid) == (0,)
    assert sp.engine.view(mid, 0).pending.drawn.id == top
    assert top not in sp.engine.view(mid, 1).model_dump_json()
    assert all(top not in t for t in sp.texts(drawn, 1))
    name = badges()[top].name
    assert any(name in e.text for e in drawn.events if e.private_to == 0)
    assert all(name not in e.text for e in drawn.events if e.private_to is None)
    assert_refused(
        sp.engine, mid, sp.action(0, "visit", dest="lunar_woods"), "SP-DEST-5"
    )  # decide first
    assert_refused(sp.engine, mid, sp.action(1, "keep"), "TT-SEAT-1")
    kept = sp.act(mid, 0, "keep")
    assert not kept.hidden
    assert top in kept.state.players[0].hand
    assert top not in sp.engine.view(kept.state, 1).model_dump_json()
    assert kept.state.active == 1


def test_starlight_exchange_puts_the_drawn_badge_on_display(sp: Any) -> None:
    """SP-DEST-5: exchange the drawn badge for one on display."""
    state = sp.new()
    sp.rockets(state, "starlight_station", "lunar_woods", "celestial_seas")
    top = state.deck[-1]
    shown = state.revealed[1]
    mid = sp.act(state, 0, "visit", dest="starlight_station").state
    assert_refused(
        sp.engine, mid, sp.action(0, "exchange", badge=top), "SP-DEST-5"
    )  # not on display
    swapped = sp.act(mid, 0, "exchange", badge=shown)
    deck = badges()
    assert sp.texts(swapped) == [
        f"Ann takes {deck[shown].name} from the display; {deck[top].name} goes on display.",
        "The rocket at Starlight Station moves on to Cosmic Canyon.",
    ]
    assert swapped.hidden
    assert swapped.state.revealed[1] == top
    assert shown in swapped.state.players[0].hand
    assert top not in swapped.state.players[0].hand
    assert_refused(sp.engine, swapped.state, sp.action(1, "keep"), "SP-DEST-5")  # nothing drawn now


def test_astral_arcade_controller_scout_and_pass(sp: Any) -> None:
    """SP-DEST-6: take the Controller, send Scout to a different destination, gain a pass."""
    state = sp.new()
    sp.rockets(state, "astral_arcade", "lunar_woods", "celestial_seas")
    state.controller = 1
    sp.scout(state, "outpost13")
    options = [a for a in sp.engine.legal_actions(state, 0) if a.dest == "astral_arcade"]
    assert sorted(a.scout_to for a in options) == sorted(d for d in state.ring if d != "outpost13")
    assert_refused(
        sp.engine,
        state,
        sp.action(0, "visit", dest="astral_arcade", scout_to="outpost13"),
        "SP-DEST-6",
    )
    assert_refused(sp.engine, state, sp.action(0, "visit", dest="astral_arcade"), "SP-DEST-6")
    assert_refused(
        sp.engine,
        state,
        sp.action(0, "visit", dest="lunar_woods", scout_to="fusion_falls"),
        "SP-DEST-6",
    )
    after = sp.act(state, 0, "visit", dest="astral_arcade", scout_to="fusion_falls").state
    assert after.controller == 0
    assert after.ring[after.scout] == "fusion_falls"
    assert after.players[0].stock[PASS] == 1


def test_outpost13_earns_a_badge_from_hand(sp: Any) -> None:
    """SP-DEST-7: pay the cost to the supply, the badge goes face up."""
    state = sp.new()
    sp.rockets(state, "outpost13", "lunar_woods", "celestial_seas")
    sp.hand(state, 0, "moonwalker")
    sp.give(state, 0, moon=2)
    assert_refused(
        sp.engine, state, sp.action(0, "visit", dest="outpost13"), "SP-DEST-7"
    )  # no badge named
    assert_refused(
        sp.engine, state, sp.action(0, "visit", dest="outpost13", badge="stargazer"), "SP-DEST-7"
    )
    message = assert_refused(
        sp.engine, state, sp.action(0, "visit", dest="lunar_woods", badge="moonwalker"), "SP-DEST-7"
    ).message
    assert message == "A visit to Lunar Woods names no badge."
    after = sp.act(state, 0, "visit", dest="outpost13", badge="moonwalker").state
    assert after.players[0].earned == ["moonwalker"]
    assert after.players[0].stock[1] == 0
    assert after.supply[1] == 12
    assert xp_of(after.players[0]) == badges()["moonwalker"].xp


def test_scout_benefit_is_the_holders_off_turn_decision(sp: Any) -> None:
    """SP-SCOUT-1: Ann visits Scout's destination; Cy holds the Controller and chooses."""
    state = sp.new(3)
    state.controller = 2
    sp.scout(state, "lunar_woods")
    mid = sp.act(state, 0, "visit", dest="lunar_woods").state
    assert sp.engine.to_act(mid) == (2,)
    assert {a.take for a in sp.engine.legal_actions(mid, 2)} == {"sun", "pass"}
    assert sp.engine.legal_actions(mid, 0) == []
    assert sp.engine.view(mid, 1).pending.kind == "scout_benefit"
    assert_refused(sp.engine, mid, sp.action(0, "scout_benefit", take="sun"), "TT-SEAT-1")
    assert_refused(sp.engine, mid, sp.action(2, "take_from", target=1), "SP-SCOUT-1")
    took = sp.act(mid, 2, "scout_benefit", take="pass")
    assert "Cy (Controller) takes the Scout benefit: a Fast Travel pass." in sp.texts(took)
    after = took.state
    assert after.players[2].stock[PASS] == 1
    assert after.players[0].stock[1] == 1  # then Ann's Moon crystal
    assert after.active == 1
    assert_refused(sp.engine, after, sp.action(1, "scout_benefit", take="sun"), "SP-SCOUT-1")


@pytest.mark.rule("SP-SCOUT-2")
def test_benefit_comes_first_and_can_pay_for_the_action(sp: Any) -> None:
    """SP-SCOUT-2: Ann holds the Controller, has no Sun, and visits Fusion Falls where
    Scout stands: she takes a Sun crystal first and turns it in for 1 XP. Bob, not
    holding the Controller, could not count on it."""
    state = sp.new()
    sp.rockets(state, "fusion_falls", "lunar_woods", "celestial_seas")
    sp.scout(state, "fusion_falls")
    for seat in (0, 1):
        state.supply[SUN] += state.players[seat].stock[SUN]
        state.players[seat].stock[SUN] = 0
    state.controller = 0
    mid = sp.act(state, 0, "visit", dest="fusion_falls").state
    after = sp.act(mid, 0, "scout_benefit", take="sun").state
    assert xp_of(after.players[0]) == 1
    assert after.players[0].stock[SUN] == 0
    bobs = sp.new()
    sp.rockets(bobs, "fusion_falls", "lunar_woods", "celestial_seas")
    sp.scout(bobs, "fusion_falls")
    bobs.supply[SUN] += bobs.players[0].stock[SUN]
    bobs.players[0].stock[SUN] = 0
    bobs.controller = 1
    assert_refused(sp.engine, bobs, sp.action(0, "visit", dest="fusion_falls"), "SP-TURN-3")


@pytest.mark.rule("SP-SCOUT-3")
def test_no_controller_holder_no_benefit(sp: Any) -> None:
    """SP-SCOUT-3."""
    state = sp.new()
    sp.scout(state, "lunar_woods")
    after = sp.act(state, 0, "visit", dest="lunar_woods").state
    assert after.pending is None
    assert after.active == 1
    assert after.supply[PASS] == 10


@pytest.mark.rule("SP-SCOUT-4")
def test_only_astral_arcade_moves_scout(sp: Any) -> None:
    """SP-SCOUT-4: visiting any other destination leaves Scout where it is."""
    state = sp.new()
    sp.scout(state, "outpost13")
    for dest in ("lunar_woods", "celestial_seas", "cosmic_canyon"):
        assert sp.act(state, 0, "visit", dest=dest).state.scout == state.scout


@pytest.mark.rule("SP-SCOUT-5")
def test_benefit_taking_the_visitors_last_sun_voids_the_action(sp: Any) -> None:
    """SP-SCOUT-5 (house ruling): Sun supply out, Bob holds the Controller and takes a
    Sun crystal; Ann holds the most, so it comes from her, and Fusion Falls gives nothing."""
    state = sp.new()
    sp.rockets(state, "fusion_falls", "lunar_woods", "celestial_seas")
    sp.scout(state, "fusion_falls")
    state.supply[SUN] = 0  # a built state: the other Sun crystals are off the table
    state.players[0].stock[SUN] = 1
    state.players[1].stock[SUN] = 0
    state.controller = 1
    mid = sp.act(state, 0, "visit", dest="fusion_falls").state
    transition = sp.act(mid, 1, "scout_benefit", take="sun")
    after = transition.state
    assert after.players[1].stock[SUN] == 1
    assert after.players[0].stock[SUN] == 0
    assert xp_of(after.players[0]) == 0
    assert any("gives nothing" in t for t in sp.texts(transition))
    assert after.active == 1  # the visit still counted


@pytest.mark.rule("SP-SUPPLY-1")
def test_gains_come_from_the_supply_and_payments_return_to_it(sp: Any) -> None:
    """SP-SUPPLY-1: totals stay 48 crystals and 10 passes."""
    state = sp.new()
    after = sp.act(state, 0, "visit", dest="cosmic_canyon").state
    for s in (state, after):
        assert sum(s.supply[:3]) + sum(sum(p.stock[:3]) for p in s.players) == 48
        assert s.supply[PASS] + sum(p.stock[PASS] for p in s.players) == 10


@pytest.mark.rule("SP-SUPPLY-2")
def test_shortage_takes_from_the_player_with_the_most(sp: Any) -> None:
    """SP-SUPPLY-2: Moon supply out; Ann takes from Cy (3) rather than Bob (1)."""
    state = sp.new(3)
    sp.give(state, 1, moon=1)
    sp.give(state, 2, moon=3)
    state.supply[1] = 0  # a built state: the rest of the Moon crystals are off the table
    transition = sp.act(state, 0, "visit", dest="lunar_woods")
    after = transition.state
    assert [p.stock[1] for p in after.players] == [1, 1, 2]
    assert any("takes a Moon crystal from Cy" in t for t in sp.texts(transition))


@pytest.mark.rule("SP-SUPPLY-2", "SP-SUPPLY-3")
def test_the_gainer_never_takes_from_herself(sp: Any) -> None:
    """SP-SUPPLY-2/3: Moon supply out. Ann 2, Bob 2, Cy 1: Bob alone holds the most
    among the others, so no choice is asked and Ann takes his. Ann 2, Bob 2, Cy 2: the
    choice is between Bob and Cy, and taking from herself is refused."""
    state = sp.new(3)
    for seat in (0, 1, 2):
        sp.give(state, seat, moon=2)
    state.players[2].stock[1] = 1
    state.supply[1] = 0  # a built state: the rest of the Moon crystals are off the table
    after = sp.act(state, 0, "visit", dest="lunar_woods").state
    assert after.pending is None
    assert [p.stock[1] for p in after.players] == [3, 1, 1]
    state.players[2].stock[1] = 2
    mid = sp.act(state, 0, "visit", dest="lunar_woods").state
    assert mid.pending is not None and mid.pending.targets == (1, 2)
    assert {a.target for a in sp.options(mid, 0)} == {1, 2}
    assert_refused(sp.engine, mid, sp.action(0, "take_from", target=0), "SP-SUPPLY-3")


def test_shortage_tie_is_the_gainers_choice(sp: Any) -> None:
    """SP-SUPPLY-3: Bob and Cy tie for the most Sea; Ann chooses, twice at Canyon for Sun."""
    state = sp.new(3)
    sp.give(state, 1, sea=2)
    sp.give(state, 2, sea=2)
    state.supply[2] = 0
    mid = sp.act(state, 0, "visit", dest="celestial_seas").state
    assert mid.pending is not None and mid.pending.kind == "take_from"
    assert sp.engine.to_act(mid) == (0,)
    assert {a.target for a in sp.engine.legal_actions(mid, 0)} == {1, 2}
    assert sp.engine.view(mid, 1).pending.targets == [1, 2]
    assert_refused(sp.engine, mid, sp.action(0, "take_from", target=0), "SP-SUPPLY-3")
    assert_refused(sp.engine, mid, sp.action(0, "keep"), "SP-SUPPLY-3")
    after = sp.act(mid, 0, "take_from", target=2).state
    assert [p.stock[2] for p in after.players] == [1, 2, 1]
    assert after.active == 1
    assert_refused(sp.engine, after, sp.action(1, "take_from", target=0), "SP-SUPPLY-3")


@pytest.mark.rule("SP-SCOUT-5")
def test_visitor_holding_the_controller_who_takes_the_pass_gets_no_action(sp: Any) -> None:
    """SP-SCOUT-5 (house ruling): Ann counted on the benefit's Sun crystal for Fusion
    Falls but takes the pass: the Falls give nothing, the turn still ends."""
    state = sp.new()
    sp.rockets(state, "fusion_falls", "lunar_woods", "celestial_seas")
    sp.scout(state, "fusion_falls")
    state.supply[SUN] += state.players[0].stock[SUN]
    state.players[0].stock[SUN] = 0
    state.controller = 0
    mid = sp.act(state, 0, "visit", dest="fusion_falls").state
    transition = sp.act(mid, 0, "scout_benefit", take="pass")
    after = transition.state
    assert after.players[0].stock[PASS] == 1
    assert xp_of(after.players[0]) == 0
    assert any("Fusion Falls gives nothing" in t for t in sp.texts(transition))
    assert after.active == 1


def test_an_action_is_recorded_as_plain_json_without_empty_fields(sp: Any) -> None:
    """SP-TURN-2: a visit as the record keeps it: only the fields it has, JSON types."""
    visit = sp.engine.parse_action(
        {"kind": "visit", "seat": 1, "dest": "outpost13", "badge": "nova"}
    )
    assert sp.engine.dump_action(visit) == {
        "kind": "visit",
        "seat": 1,
        "dest": "outpost13",
        "badge": "nova",
    }
    assert sp.engine.parse_action(sp.engine.dump_action(visit)) == visit


def test_only_outpost13_and_solo_starlight_name_a_badge(sp: Any) -> None:
    """SP-DEST-5, SP-DEST-7, SP-SOLO-5: with two players a Starlight visit draws, so
    naming a badge is refused (SP-DEST-5); alone, Starlight takes the badge named, but a
    gain destination still names none (SP-DEST-7)."""
    state = sp.new()
    sp.rockets(state, "starlight_station", "lunar_woods", "celestial_seas")
    shown = state.revealed[0]
    assert_refused(
        sp.engine, state, sp.action(0, "visit", dest="starlight_station", badge=shown), "SP-DEST-5"
    )
    solo = sp.new(1)
    sp.rockets(solo, "starlight_station", "lunar_woods", "celestial_seas")
    assert_refused(
        sp.engine,
        solo,
        sp.action(0, "visit", dest="lunar_woods", badge=solo.revealed[0]),
        "SP-DEST-7",
    )


@pytest.mark.rule("SP-SETUP-4")
def test_a_move_leaves_the_games_random_source_as_it_was(sp: Any) -> None:
    """SP-SETUP-4: the seed shuffled the game at setup; a move neither uses nor loses the
    random source the saved game keeps."""
    state = sp.new()
    after = sp.act(state, 0, "visit", dest="lunar_woods").state
    assert sp.engine.dump_state(after)["rng"] == sp.engine.dump_state(state)["rng"]
    again = sp.engine.load_state(sp.engine.dump_state(after))
    assert sp.engine.state_json(again) == sp.engine.state_json(after)


def test_a_seat_that_is_not_at_the_table_is_refused(sp: Any) -> None:
    """TT-SEAT-1: a seat number past the last player is no seat at all."""
    message = assert_refused(
        sp.engine, sp.new(2), sp.action(2, "visit", dest="lunar_woods"), "TT-SEAT-1"
    ).message
    assert message == "There is no such seat at this table."


@pytest.mark.rule("SP-TURN-4", "SP-TURN-5")
def test_a_single_pass_does_not_end_the_game(sp: Any) -> None:
    """SP-TURN-4, SP-TURN-5: Ann, first to play, Fast Travels into a board where she can
    visit nothing: her turn passes, and Bob, who can visit Fusion Falls, plays on."""
    state = sp.new(2)
    for seat in (0, 1):
        _strip(sp, state, seat)
    sp.give(state, 0, passes=1)
    sp.give(state, 1, sun=1)
    state.deck.clear()
    sp.rockets(state, "starlight_station", "outpost13", "cosmic_canyon")
    state.supply[SUN] = 0  # a built state: Bob's is the only Sun crystal
    after = sp.act(state, 0, "fast_travel", dest="cosmic_canyon").state
    assert (after.over, after.active, after.idle_turns) == (False, 1, 1)


@pytest.mark.rule("SP-TURN-5")
def test_a_visit_between_two_passes_starts_the_count_again(sp: Any) -> None:
    """SP-TURN-5: only a whole round of passes in a row ends the game. Bob has passed;
    Ann visits Cosmic Canyon, then Bob, who can visit nothing, passes again: the game
    goes on, and Ann can visit Fusion Falls with her Sun."""
    state = sp.new(2)
    for seat in (0, 1):
        _strip(sp, state, seat)
    sp.give(state, 0, sun=2)
    state.deck.clear()
    state.supply[SUN] = 0  # a built state: Ann's are the only Sun crystals
    sp.rockets(state, "cosmic_canyon", "starlight_station", "fusion_falls")
    state.idle_turns = 1  # Bob's pass, just before Ann's turn
    transition = sp.act(state, 0, "visit", dest="cosmic_canyon")
    after = transition.state
    assert "Bob cannot visit any destination: the turn passes." in sp.texts(transition)
    assert (after.over, after.active, after.idle_turns) == (False, 0, 1)
    assert any(a.dest == "fusion_falls" for a in sp.options(after, 0) if a.kind == "visit")


@pytest.mark.rule("SP-SCOUT-2")
def test_the_controllers_own_benefit_counts_as_one_sun_crystal(sp: Any) -> None:
    """SP-SCOUT-2: Ann holds the Controller and 1 Sun crystal; Scout stands on Outpost 13.
    Counting the benefit's Sun, she can pay Sunseeker (2 Sun) but not Harbor Guide
    (3 Sun). With the supply out and nobody else holding Sun, there is no benefit Sun
    to count on: Sunseeker is refused too."""
    state = sp.new()
    sp.rockets(state, "outpost13", "lunar_woods", "celestial_seas")
    sp.scout(state, "outpost13")
    state.controller = 0
    sp.hand(state, 0, "sunseeker", "harbor_guide")
    badges_named = {a.badge for a in sp.options(state, 0) if a.dest == "outpost13"}
    assert badges_named == {"sunseeker"}
    assert_refused(
        sp.engine, state, sp.action(0, "visit", dest="outpost13", badge="harbor_guide"), "SP-TURN-3"
    )
    state.supply[SUN] = 0  # a built state: Ann's is the only Sun crystal
    state.players[1].stock[SUN] = 0
    assert_refused(
        sp.engine, state, sp.action(0, "visit", dest="outpost13", badge="sunseeker"), "SP-TURN-3"
    )


def test_the_position_line_tells_the_turn_the_xp_and_the_deck(sp: Any) -> None:
    """The saved games' one line (Engine.position): public facts only, no badge names."""
    state = sp.new(2)
    state.players[0].xp_tokens = 1
    deck = len(state.deck)
    assert sp.engine.position(state) == f"Turn 1 · Ann 1 XP, Bob 0 XP · deck {deck}"
    state.last_round = True
    assert sp.engine.position(state) == f"Turn 1, last round · Ann 1 XP, Bob 0 XP · deck {deck}"
    solo = sp.act(sp.new(1), 0, "visit", dest="lunar_woods").state
    left = len(solo.deck)
    assert sp.engine.position(solo) == f"Turn 2 · Ann 0 XP · Scout Stack 1, deck {left}"
