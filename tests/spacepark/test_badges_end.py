"""Badges (SP-BADGE-*) and the end of a multiplayer game (SP-END-*)."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.games.spacepark.content import SUN, badges
from tabletop.games.spacepark.rules import price, xp_of
from tests.rulekit import assert_refused


@pytest.mark.rule("SP-BADGE-1")
def test_hands_are_secret_and_unlimited(sp: Any) -> None:
    """SP-BADGE-1: a view holds the viewer's own hand only; others see a count; no limit."""
    state = sp.new(3)
    mine = [b for b in list(badges()) if b not in state.players[1].hand][:12]
    sp.hand(state, 0, *mine)
    for seat in (None, 0, 1, 2):
        text = sp.engine.view(state, seat).model_dump_json()
        for owner, player in enumerate(state.players):
            for badge in player.hand:
                if badge in state.revealed or any(badge in p.earned for p in state.players):
                    continue
                assert (badge in text) == (owner == seat), (seat, owner, badge)
    view = sp.engine.view(state, 1)
    assert view.players[0].hand_count == len(state.players[0].hand) >= 12
    assert sp.act(state, 0, "visit", dest="lunar_woods").state.active == 1


@pytest.mark.rule("SP-BADGE-2")
def test_earned_badge_is_face_up_with_xp_and_ability_at_once(sp: Any) -> None:
    """SP-BADGE-2: Pathfinder earned: 3 XP, and at once badges cost one less Sun."""
    state = sp.new()
    sp.rockets(state, "outpost13", "lunar_woods", "celestial_seas")
    sp.hand(state, 0, "pathfinder", "sunseeker")
    sp.give(state, 0, moon=1)
    assert price(state.players[0], badges()["sunseeker"]) == (2, 0, 0)
    visit = sp.act(state, 0, "visit", dest="outpost13", badge="pathfinder")
    after = visit.state
    assert xp_of(after.players[0]) == 3
    assert "Ann earns Pathfinder for 1 Moon crystal (+3 XP)." in sp.texts(visit)
    assert price(after.players[0], badges()["sunseeker"]) == (1, 0, 0)
    earned = sp.engine.view(after, 1).players[0].earned
    assert [b.id for b in earned] == ["pathfinder"]


@pytest.mark.rule("SP-BADGE-3")
def test_reductions_stack_and_stop_at_zero(sp: Any) -> None:
    """SP-BADGE-3: Pathfinder + Sunseeker: two Sun off; Sun Dancer (1 Sun) is free,
    Comet Tail (4 Sun) costs 2, Moon costs are untouched."""
    state = sp.new()
    sp.earned(state, 0, "pathfinder", "sunseeker")
    player = state.players[0]
    deck = badges()
    assert price(player, deck["sun_dancer"]) == (0, 0, 0)
    assert price(player, deck["comet_tail"]) == (2, 0, 0)
    assert price(player, deck["moonwalker"]) == (0, 2, 0)
    sp.rockets(state, "outpost13", "lunar_woods", "celestial_seas")
    sp.hand(state, 0, "sun_dancer")
    state.supply[SUN] += player.stock[SUN]
    player.stock[SUN] = 0
    earned = sp.act(state, 0, "visit", dest="outpost13", badge="sun_dancer")
    assert "sun_dancer" in earned.state.players[0].earned
    assert "Ann earns Sun Dancer for nothing (+2 XP)." in sp.texts(earned)


@pytest.mark.rule("SP-BADGE-3")
def test_moon_and_sea_reductions_stack_per_kind(sp: Any) -> None:
    """SP-BADGE-3: Crater Hopper takes one Moon off, Tide Reader one Sea, each for its
    own kind only, and a badge earned after them takes nothing back."""
    state = sp.new()
    deck = badges()
    player = state.players[0]
    assert price(player, deck["deep_diver"]) == (0, 0, 3)
    assert price(player, deck["nova"]) == (3, 1, 1)
    sp.earned(state, 0, "crater_hopper")
    assert price(player, deck["stargazer"]) == (0, 2, 0)
    assert price(player, deck["deep_diver"]) == (0, 0, 3)
    sp.earned(state, 0, "tide_reader", "moonwalker")
    assert price(player, deck["deep_diver"]) == (0, 0, 2)
    assert price(player, deck["stargazer"]) == (0, 2, 0)
    assert price(player, deck["nova"]) == (3, 0, 0)


@pytest.mark.rule("SP-BADGE-4")
def test_per_type_bonus_counts_before_and_after(sp: Any) -> None:
    """SP-BADGE-4: Lunar Scholar (+1 XP per triangle) counts Moonwalker earned before,
    itself, and Stargazer earned later; a triangle in hand does not count."""
    state = sp.new()
    sp.earned(state, 0, "moonwalker", "lunar_scholar")
    sp.hand(state, 0, "crater_hopper")
    printed = {b: badges()[b].xp for b in ("moonwalker", "lunar_scholar", "stargazer")}
    assert xp_of(state.players[0]) == printed["moonwalker"] + printed["lunar_scholar"] + 2
    sp.earned(state, 0, "stargazer")
    assert xp_of(state.players[0]) == sum(printed.values()) + 3


@pytest.mark.rule("SP-BADGE-4")
def test_the_log_tells_the_xp_an_earning_gives_with_its_bonuses(sp: Any) -> None:
    """SP-BADGE-4 in the log: Solar Sage earned beside Sunseeker (a Sun cheaper) gives
    its 2 XP and 2 of bonus (itself and Sunseeker are diamonds): the line says +4, the
    score's change; then Comet Tail, printed 5, gives 6 with Solar Sage's bonus."""
    state = sp.new()
    sp.earned(state, 0, "sunseeker")
    sp.rockets(state, "outpost13", "lunar_woods", "celestial_seas")
    sp.scout(state, "fusion_falls")
    sp.hand(state, 0, "solar_sage")
    sp.give(state, 0, sun=2 - state.players[0].stock[SUN], moon=1)
    before = xp_of(state.players[0])
    visit = sp.act(state, 0, "visit", dest="outpost13", badge="solar_sage")
    assert xp_of(visit.state.players[0]) - before == 4
    line = "Ann earns Solar Sage for 1 Sun + 1 Moon crystals (+4 XP, 2 of them from badge bonuses)."
    assert line in sp.texts(visit)
    state = visit.state
    sp.earned(state, 0, "pathfinder")  # a Sun cheaper: Comet Tail costs 3
    sp.rockets(state, "outpost13", "lunar_woods", "celestial_seas")
    sp.hand(state, 0, "comet_tail")
    sp.give(state, 0, sun=3 - state.players[0].stock[SUN])
    state.active = 0
    before = xp_of(state.players[0])
    visit = sp.act(state, 0, "visit", dest="outpost13", badge="comet_tail")
    assert xp_of(visit.state.players[0]) - before == 6
    assert any("(+6 XP, 1 of them from badge bonuses)." in t for t in sp.texts(visit))


@pytest.mark.rule("SP-DEST-6")
def test_astral_arcade_tells_its_holder_the_controller_stays(sp: Any) -> None:
    """SP-DEST-6: a visitor who holds the Controller keeps it; the log does not say it is
    taken."""
    state = sp.new()
    sp.rockets(state, "astral_arcade", "lunar_woods", "celestial_seas")
    sp.scout(state, "fusion_falls")
    state.controller = 0
    visit = sp.act(state, 0, "visit", dest="astral_arcade", scout_to="cosmic_canyon")
    assert "Ann keeps the Controller." in sp.texts(visit)
    assert not any("takes the Controller" in t for t in sp.texts(visit))


@pytest.mark.rule("SP-BADGE-5")
def test_forbidden_counts_as_every_type(sp: Any) -> None:
    """SP-BADGE-5: Void Walker counts for a triangle bonus and a diamond bonus alike."""
    state = sp.new()
    sp.earned(state, 0, "lunar_scholar", "solar_sage", "void_walker")
    printed = sum(badges()[b].xp for b in ("lunar_scholar", "solar_sage", "void_walker"))
    # triangle bonus: scholar + void = 2; diamond bonus: sage + void = 2.
    assert xp_of(state.players[0]) == printed + 2 + 2
    assert badges()["void_walker"].counts_as("circle")


@pytest.mark.rule("SP-BADGE-6")
def test_immediate_gain_follows_supply_rules_before_the_rocket_moves(sp: Any) -> None:
    """SP-BADGE-6: Pearl Hunter gives 2 Sun: one from the supply, the last from Bob."""
    state = sp.new()
    sp.rockets(state, "outpost13", "lunar_woods", "celestial_seas")
    sp.hand(state, 0, "pearl_hunter")
    sp.give(state, 0, moon=1, sea=1)
    sp.give(state, 1, sun=state.supply[SUN] - 1)
    transition = sp.act(state, 0, "visit", dest="outpost13", badge="pearl_hunter")
    after = transition.state
    assert after.players[0].stock[SUN] == 3
    assert after.supply[SUN] == 0
    texts = sp.texts(transition)
    took = next(i for i, t in enumerate(texts) if "takes a Sun crystal from Bob" in t)
    moved = next(i for i, t in enumerate(texts) if "moves on to" in t)
    assert took < moved


def _finish(sp: Any, state: Any, xps: list[int], crystals: list[int]) -> Any:
    for player, xp, n in zip(state.players, xps, crystals, strict=True):
        player.xp_tokens = xp
        player.stock[:3] = [n, 0, 0]
    state.over = True
    return sp.engine.outcome(state)


@pytest.mark.rule("SP-END-1")
def test_reaching_20_finishes_the_round(sp: Any) -> None:
    """SP-END-1: Bob reaches 20 XP; Cy still plays, then the game ends (Ann went first)."""
    state = sp.new(3)
    sp.rockets(state, "fusion_falls", "lunar_woods", "celestial_seas")
    state.active = 1
    state.players[1].xp_tokens = 19
    bob = sp.act(state, 1, "visit", dest="fusion_falls").state
    assert bob.last_round and sp.engine.view(bob, None).last_round
    assert bob.active == 2 and sp.engine.outcome(bob) is None
    end = sp.act(bob, 2, "visit", dest="lunar_woods").state
    assert end.over and sp.engine.outcome(end).winners == (1,)
    # With Bob first, Ann is the last of the round: reaching 20 on her turn ends it.
    late = sp.new(3, first_player=1)
    sp.rockets(late, "fusion_falls", "lunar_woods", "celestial_seas")
    late.active = 0
    late.players[0].xp_tokens = 25
    assert sp.act(late, 0, "visit", dest="lunar_woods").state.over


@pytest.mark.rule("SP-END-2")
def test_most_xp_wins(sp: Any) -> None:
    """SP-END-2."""
    outcome = _finish(sp, sp.new(3), [12, 21, 20], [9, 0, 0])
    assert outcome.winners == (1,)
    assert outcome.scores == (12, 21, 20)
    assert outcome.tie_break == ()
    assert "Bob" in outcome.summary


@pytest.mark.rule("SP-END-3")
def test_xp_tie_goes_to_most_crystals(sp: Any) -> None:
    """SP-END-3: settled by crystals, so turn order is not asked."""
    outcome = _finish(sp, sp.new(3), [21, 21, 5], [2, 3, 9])
    assert outcome.winners == (1,)
    assert outcome.tie_break[0].startswith("Tied at 21 XP")
    assert "Most crystals (3): Bob" in outcome.tie_break[1]
    assert len(outcome.tie_break) == 2


@pytest.mark.rule("SP-END-3")
def test_crystals_of_every_kind_count_for_the_tie(sp: Any) -> None:
    """SP-END-3: Ann's 1 Sun + 1 Moon + 2 Sea (4) beat Bob's 3 Sun; passes are no crystals."""
    state = sp.new()
    state.players[0].stock = [1, 1, 2, 0]
    state.players[1].stock = [3, 0, 0, 5]
    for player in state.players:
        player.xp_tokens = 21
    state.over = True
    outcome = sp.engine.outcome(state)
    assert outcome.winners == (0,) and "Most crystals (4): Ann" in outcome.tie_break[1]


@pytest.mark.rule("SP-END-4")
def test_full_tie_goes_to_latest_in_turn_order(sp: Any) -> None:
    """SP-END-4: Bob went first, so turn order is Bob, Cy, Ann: Ann is latest."""
    state = sp.new(3, first_player=1)
    outcome = _finish(sp, state, [21, 21, 21], [2, 2, 2])
    assert outcome.winners == (0,)
    assert "Ann is latest in turn order" in outcome.tie_break[-1]
    outcome = _finish(sp, sp.new(3), [21, 21, 21], [2, 2, 2])
    assert outcome.winners == (2,)
    # Two tied: Bob, second in turn order, is latest.
    outcome = _finish(sp, sp.new(2), [21, 21], [2, 2])
    assert outcome.winners == (1,) and outcome.summary == "Bob wins with 21 XP."


def test_no_action_after_the_end(sp: Any) -> None:
    """TT-OVER-1."""
    state = sp.new()
    state.over = True
    assert_refused(sp.engine, state, sp.action(0, "visit", dest="lunar_woods"), "TT-OVER-1")
    assert sp.engine.legal_actions(state, 0) == []
    assert sp.engine.to_act(state) == ()
