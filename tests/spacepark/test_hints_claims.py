"""Space Park hints are claims, and each is checked against the position: over random
positions (``POSITIONS``, 1 to 4 players), every move the search may choose is put
through the hint (``unwasted``, then ``why``), and each fact its words state is worked
out again here from the engine's state: the badge earned and its XP (the rules' own
``xp_of``), what a gathering leaves short, who holds the Controller, the visit a Fast
Travel opens against the visits there are now. The move never wastes: no pass or
crystal spent where a visit spending none is worth as much by the greedy measure."""

from __future__ import annotations

import re

from tabletop.core.engine import Setup
from tabletop.games import hint
from tabletop.games.spacepark.bots import missing, plan_value, visit_score
from tabletop.games.spacepark.content import CRYSTALS, MOON, PASS, SEA, SUN, badges
from tabletop.games.spacepark.engine import ENGINE
from tabletop.games.spacepark.hints import unwasted, why
from tabletop.games.spacepark.model import (
    DEST_NAMES,
    Exchange,
    FastTravel,
    Keep,
    Player,
    ScoutBenefit,
    SpaceParkState,
    TakeFrom,
    Visit,
)
from tabletop.games.spacepark.rules import price, xp_of
from tabletop.games.spacepark.view import SpaceParkView
from tests.core.hintkit import BUDGET_S, POSITIONS, random_positions

from .conftest import NAMES, Table

BY_NAME = {b.name: b for b in badges().values()}
GIVES = {"cosmic_canyon": (SUN, 2), "lunar_woods": (MOON, 1), "celestial_seas": (SEA, 1)}


def new(game: int) -> SpaceParkState:
    state: SpaceParkState = ENGINE.new(Setup(players=NAMES[: 1 + game % 4]), game)
    return state


def a_view(state: SpaceParkState, seat: int) -> SpaceParkView:
    view = ENGINE.view(state, seat)
    assert isinstance(view, SpaceParkView)
    return view


def earned_xp(player: Player, badge: str) -> int:
    with_it = Player(player.name, player.stock, player.xp_tokens, [], [*player.earned, badge])
    return xp_of(with_it) - xp_of(player)


def visits(state: SpaceParkState, seat: int) -> list[Visit]:
    return [a for a in ENGINE.legal_actions(state, seat) if isinstance(a, Visit)]


def best(state: SpaceParkState, seat: int, moves: list[Visit]) -> float:
    return max((visit_score(state, seat, v) for v in moves), default=-1e9)


def spends(action: object) -> bool:
    return isinstance(action, FastTravel) or (
        isinstance(action, Visit)
        and (action.scout_fee == "sun" or action.dest in ("fusion_falls", "outpost13"))
    )


def check_worth(said: str, player: Player, badge: str) -> None:
    """'+N XP when earned, you can pay for it now' / '..., K crystals short'."""
    match = re.search(
        r"\+(\d+) XP when earned, (you can pay for it now|(\d+) crystals? short)", said
    )
    assert match, said
    assert int(match[1]) == earned_xp(player, badge), said
    short = sum(missing(player, badges()[badge]))
    assert (match[3] is None and short == 0) or int(match[3] or 0) == short, said


def check_visit(state: SpaceParkState, seat: int, visit: Visit, said: str) -> None:
    """What a visit's words claim (from the destination's name on)."""
    player = state.players[seat]
    where = DEST_NAMES[visit.dest]
    assert said.startswith(f"{where}: "), said
    fee = ", paying Scout a Sun crystal" in said
    assert fee == (visit.scout_fee == "sun"), said
    returned = visit.scout_fee == "controller"
    assert (", paying Scout the Controller" in said) == returned, said
    said = said.removesuffix(", paying Scout a Sun crystal").removesuffix(
        ", paying Scout the Controller"
    )
    deck = badges()
    if visit.dest == "outpost13":
        match = re.match(rf"{where}: earn (.+) now, \+(\d+) XP", said)
        assert match and visit.badge is not None, said
        assert BY_NAME[match[1]].id == visit.badge and visit.badge in player.hand, said
        assert int(match[2]) == earned_xp(player, visit.badge), said
    elif visit.dest == "fusion_falls":
        benefit = "take Scout's benefit, a Sun crystal, and "
        match = re.match(
            rf"{where}: ({benefit})?turn a Sun crystal into 1 XP \(you have (\d+) XP\)", said
        )
        assert match and int(match[2]) == xp_of(player), said
        if match[1]:  # SP-SCOUT-2: the visitor holds the Controller, Scout is there
            assert state.controller == seat and state.ring[state.scout] == visit.dest, said
        else:
            assert player.stock[SUN] >= 1 + fee, said
    elif visit.dest in GIVES:
        slot, amount = GIVES[visit.dest]
        crystal = CRYSTALS[slot].capitalize()
        gained = rf"{amount} {crystal} crystals?"
        aiming = [deck[b] for b in player.hand if missing(player, deck[b])[slot]]
        if re.match(rf"{where}: {gained}, for the badges to come", said):
            assert not aiming, said
            return
        match = re.match(
            rf"{where}: {gained} toward (.+) \(then (payable|(\d+) crystals? short)\)", said
        )
        assert match, said
        aim = BY_NAME[match[1]]
        assert aim in aiming, said
        stock = list(player.stock[:3])
        stock[slot] += amount
        stock[SUN] -= fee
        short = sum(max(0, c - h) for c, h in zip(price(player, aim), stock, strict=True))
        assert (match[2] == "payable" and short == 0) or int(match[3] or -1) == short, said
    elif visit.dest == "starlight_station":
        if visit.badge is not None:
            match = re.match(rf"{where}: take (.+) into your hand: ", said)
            assert match and BY_NAME[match[1]].id == visit.badge, said
            assert visit.badge in [*state.revealed, *state.scout_stack[-1:]], said
            check_worth(said, player, visit.badge)
        elif not player.hand:
            assert said == f"{where}: draw a badge; you have none in hand to aim for", said
        else:
            near = any(sum(missing(player, deck[b])) <= 2 for b in player.hand)
            words = "one more to aim for" if near else "none in your hand is nearly paid for"
            assert said.endswith(words), said
    else:
        match = re.match(
            rf"{where}: (take|keep) the Controller and a Fast Travel pass, and send Scout to (.+)",
            said,
        )
        assert match and visit.scout_to is not None, said
        assert (match[1] == "keep") == (state.controller == seat and not returned), said
        assert match[2] == DEST_NAMES[visit.scout_to], said


def check_claims(state: SpaceParkState, seat: int, action: object, said: str) -> None:
    """Every fact of ``said`` about ``action``, from ``state``."""
    assert said.endswith(".") and "\n" not in said, said
    player = state.players[seat]
    deck = badges()
    if isinstance(action, Visit):
        check_visit(state, seat, action, said[:-1])
    elif isinstance(action, FastTravel):
        start = f"Fast Travel the rocket at {DEST_NAMES[action.dest]} first: it opens a better "
        start += "visit than any there is now, "
        assert said.startswith(start), said
        after = ENGINE.apply(state, action).state
        opened = visits(after, seat)
        assert best(after, seat, opened) > best(state, seat, visits(state, seat)), said
        told = [v for v in opened if said[len(start) :].startswith(DEST_NAMES[v.dest] + ":")]
        assert any(visit_score(after, seat, v) == best(after, seat, opened) for v in told), said
    elif isinstance(action, ScoutBenefit):
        assert said.startswith("Take the Sun crystal" if action.take == "sun" else "Take the Fast")
    elif isinstance(action, TakeFrom):
        other = state.players[action.target]
        assert said == f"Take it from {other.name}, who has {xp_of(other)} XP.", said
    elif isinstance(action, Keep):
        assert state.pending is not None and state.pending.drawn is not None
        drawn = deck[state.pending.drawn]
        assert said.startswith(f"Keep {drawn.name}: "), said
        check_worth(said, player, drawn.id)
        most = all(plan_value(player, deck[b]) <= plan_value(player, drawn) for b in state.revealed)
        assert ("no badge on display is worth more to you" in said) == most, said
    elif isinstance(action, Exchange):
        assert said.startswith(f"Exchange it for {deck[action.badge].name}: "), said
        assert action.badge in state.revealed
        check_worth(said, player, action.badge)
    else:
        assert said == "This is the only move there is.", said


def check_no_waste(state: SpaceParkState, seat: int, action: object) -> None:
    """No pass or crystal is spent where a visit spending none is worth as much."""
    if not spends(action) or state.pending is not None:
        return
    if isinstance(action, FastTravel):
        worth = best(
            ENGINE.apply(state, action).state, seat, visits(ENGINE.apply(state, action).state, seat)
        )
    else:
        assert isinstance(action, Visit)
        worth = visit_score(state, seat, action)
    free = [v for v in visits(state, seat) if not spends(v)]
    assert best(state, seat, free) < worth, action


def test_every_move_the_search_may_choose_is_hinted_in_true_words() -> None:
    checked = 0
    for state, seat in random_positions(ENGINE, new, POSITIONS, every=3):
        view = a_view(state, seat)
        legal = ENGINE.legal_actions(state, seat)
        for chosen in legal:
            action = unwasted(view, legal, chosen)
            assert action in legal
            check_no_waste(state, seat, action)
            check_claims(state, seat, action, why(view, action))
            checked += 1
    assert checked >= POSITIONS


def test_the_hint_itself_is_true_and_wastes_nothing() -> None:
    """The search's own choice, over fewer positions (a search takes 0.1 s)."""
    for state, seat in random_positions(ENGINE, new, 40, every=11):
        suggested = hint(ENGINE, state, seat, BUDGET_S)
        assert suggested is not None
        check_no_waste(state, seat, suggested.action)
        check_claims(state, seat, suggested.action, suggested.why)


def test_a_fast_travel_that_opens_nothing_better_is_not_suggested(sp: Table) -> None:
    """The reported late solo game: no Sun crystal, 4 passes, a rocket at Celestial Seas
    from the start: moving the rocket at Astral Arcade first opens no better visit, so the
    pass is kept and the visit there is now is suggested."""
    state = sp.new(players=1)
    player = state.players[0]
    state.supply[SUN] += player.stock[SUN]
    player.stock[SUN] = 0
    sp.give(state, 0, passes=4 - player.stock[PASS])
    sp.hand(state, 0, "dark_matter")
    sp.rockets(state, "astral_arcade", "lunar_woods", "celestial_seas")
    ENGINE.check(state)
    view = a_view(state, 0)
    legal = ENGINE.legal_actions(state, 0)
    travel = FastTravel(seat=0, dest="astral_arcade")
    assert travel in legal
    suggested = unwasted(view, legal, travel)
    assert isinstance(suggested, Visit)
    check_no_waste(state, 0, suggested)
    check_claims(state, 0, suggested, why(view, suggested))
