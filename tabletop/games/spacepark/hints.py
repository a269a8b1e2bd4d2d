"""Space Park hints: the hard bot's move for a seat, from that seat's view, and why.

The hard bot (bots.SearchBot) already decides from a seat's view and legal actions
alone, rebuilding the cards it cannot see at random (``determinize``); the hint
asks a fresh one, seeded alike every time, so the same view always gets the same
hint. The hint never spends a Fast Travel pass or a crystal where a move spending
none does as well by the greedy measure of a visit (``visit_score``): then it is that
move (``unwasted``). A Fast Travel is suggested only when the visit it opens is worth
more than every visit there is now.

Every fact the reason states is worked out here from the seat's own side of the view
(its crystals, its hand, the badges on display) for the move suggested.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from tabletop.core.bot import HINT_SEED, Hint
from tabletop.core.engine import Action
from tabletop.core.rng import Rng
from tabletop.core.words import counted
from tabletop.games.spacepark.bots import (
    SearchBot,
    best_visit,
    determinize,
    earn_gain,
    missing,
    plan_value,
    targets,
    visit_score,
)
from tabletop.games.spacepark.content import CRYSTALS, MOON, SEA, SUN, Badge, badges
from tabletop.games.spacepark.engine import ENGINE
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

GATHERED = {"cosmic_canyon": (SUN, 2), "lunar_woods": (MOON, 1), "celestial_seas": (SEA, 1)}
"""The crystal and how many a gathering destination gives."""


def hint(view: BaseModel, legal: Sequence[Action], budget_s: float) -> Hint:
    assert isinstance(view, SpaceParkView) and view.seat is not None
    action = unwasted(view, legal, SearchBot(HINT_SEED).choose(view, legal, budget_s))
    return Hint(action, why(view, action))


def table(view: SpaceParkView) -> SpaceParkState:
    """The view as a state, for the greedy measure (which reads only the seat's own side
    and what everyone sees)."""
    return determinize(view, Rng(HINT_SEED))


def spends(action: Action) -> bool:
    """A Fast Travel pass or a crystal leaves the player: a Fast Travel, a Sun paid to
    Scout, Fusion Falls, Outpost 13."""
    if isinstance(action, FastTravel):
        return True
    return isinstance(action, Visit) and (
        action.scout_fee == "sun" or action.dest in ("fusion_falls", "outpost13")
    )


def opened(
    state: SpaceParkState, seat: int, travel: FastTravel
) -> tuple[float, SpaceParkState, Visit]:
    """The best visit a Fast Travel opens, by the greedy measure: its worth, the state
    after the Fast Travel, and the visit."""
    after = ENGINE.apply(state, travel).state
    score, visit = best_visit(after, seat, ENGINE.legal_actions(after, seat))
    return score, after, visit


def worth(state: SpaceParkState, seat: int, action: Action) -> float:
    """A turn's move by the greedy measure: a visit's score; a Fast Travel's, the best
    visit it opens."""
    if isinstance(action, FastTravel):
        return opened(state, seat, action)[0]
    return visit_score(state, seat, action) if isinstance(action, Visit) else 0.0


def unwasted(view: SpaceParkView, legal: Sequence[Action], action: Action) -> Action:
    """``action``, unless it wastes: a Fast Travel opening no visit better than the best
    there is now gives way to that visit; then a move spending a pass or a crystal gives
    way to the best visit spending none that is worth as much."""
    assert view.seat is not None
    if view.pending is not None or not spends(action):
        return action
    s, seat = table(view), view.seat
    if isinstance(action, FastTravel):
        now, best = best_visit(s, seat, legal)
        if worth(s, seat, action) <= now:
            action = best
    free = [a for a in legal if isinstance(a, Visit) and not spends(a)]
    if spends(action) and free:
        score, best = best_visit(s, seat, free)
        if score >= worth(s, seat, action):
            action = best
    return action


def why(view: SpaceParkView, action: Action) -> str:
    """The suggested move and its reason, in one line."""
    assert view.seat is not None
    s = table(view)
    me = s.players[view.seat]  # only its own side is read
    deck = badges()
    if isinstance(action, Visit):
        fee = {"sun": ", paying Scout a Sun crystal", "controller": ", paying Scout the Controller"}
        return f"{_visit(s, view.seat, action)}{fee.get(action.scout_fee or '', '')}."
    if isinstance(action, FastTravel):
        _, after, visit = opened(s, view.seat, action)
        return (
            f"Fast Travel the rocket at {DEST_NAMES[action.dest]} first: it opens a better "
            f"visit than any there is now, {_visit(after, view.seat, visit)}."
        )
    if isinstance(action, ScoutBenefit):
        if action.take == "sun":
            return "Take the Sun crystal: crystals pay for badges."
        return "Take the Fast Travel pass: it lets you move a rocket before a visit."
    if isinstance(action, TakeFrom):
        other = view.players[action.target]
        return f"Take it from {other.name}, who has {other.xp} XP."
    if isinstance(action, Keep):
        assert view.pending is not None and view.pending.drawn is not None
        drawn = deck[view.pending.drawn.id]
        kept = plan_value(me, drawn)
        if all(plan_value(me, deck[b.id]) <= kept for b in view.revealed):
            rest = "no badge on display is worth more to you"
        else:  # the greedy measure's margin: an exchange shows everyone the drawn badge
            rest = "no badge on display is worth enough more to put it on show"
        return f"Keep {drawn.name}: {_worth(me, drawn)}; {rest}."
    if isinstance(action, Exchange):
        badge = deck[action.badge]
        return f"Exchange it for {badge.name}: {_worth(me, badge)}."
    return "This is the only move there is."


def _visit(state: SpaceParkState, seat: int, visit: Visit) -> str:
    """What a visit does for ``seat`` (no final stop: a fee may follow)."""
    deck = badges()
    me = state.players[seat]
    where = DEST_NAMES[visit.dest]
    if visit.dest == "outpost13":
        assert visit.badge is not None
        badge = deck[visit.badge]
        return f"{where}: earn {badge.name} now, +{earn_gain(me, badge)} XP"
    if visit.dest == "fusion_falls":
        first = "" if me.stock[SUN] else "take Scout's benefit, a Sun crystal, and "
        return f"{where}: {first}turn a Sun crystal into 1 XP (you have {xp_of(me)} XP)"
    if visit.dest in GATHERED:
        slot, amount = GATHERED[visit.dest]
        gained = counted(amount, f"{CRYSTALS[slot].capitalize()} crystal")
        aim = next((b for b in targets(me) if missing(me, b)[slot]), None)
        if aim is None:
            return f"{where}: {gained}, for the badges to come"
        # the shortfall the player will face once this visit's crystals are in and the
        # fee to Scout (if a Sun) is paid
        stock = list(me.stock[:3])
        stock[slot] += amount
        stock[SUN] -= visit.scout_fee == "sun"
        short = sum(max(0, cost - have) for cost, have in zip(price(me, aim), stock, strict=True))
        after = "then payable" if short == 0 else f"then {counted(short, 'crystal')} short"
        return f"{where}: {gained} toward {aim.name} ({after})"
    if visit.dest == "starlight_station":
        if visit.badge is not None:  # solo: a badge on display or the Scout Stack's top
            badge = deck[visit.badge]
            return f"{where}: take {badge.name} into your hand: {_worth(me, badge)}"
        if not me.hand:
            return f"{where}: draw a badge; you have none in hand to aim for"
        if any(sum(missing(me, deck[b])) <= 2 for b in me.hand):
            return f"{where}: draw a badge, one more to aim for"
        return f"{where}: draw a badge; none in your hand is nearly paid for"
    assert visit.scout_to is not None
    held = state.controller == seat and visit.scout_fee != "controller"  # a fee returns it first
    controller = "keep the Controller" if held else "take the Controller"
    return (
        f"{where}: {controller} and a Fast Travel pass, and send Scout to "
        f"{DEST_NAMES[visit.scout_to]}"
    )


def _worth(me: Player, badge: Badge) -> str:
    """What a badge would give ``me``, and what it still costs."""
    short = sum(missing(me, badge))
    cost = "you can pay for it now" if not short else f"{counted(short, 'crystal')} short"
    return f"+{earn_gain(me, badge)} XP when earned, {cost}"
