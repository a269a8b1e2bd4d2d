"""Space Park hints: the hard bot's move for a seat, from that seat's view, and why.

The hard bot (bots.SearchBot) already decides from a seat's view and legal actions
alone, rebuilding the cards it cannot see at random (``determinize``); the hint
asks a fresh one, seeded alike every time, so the same view always gets the same
hint. The reason is read from the seat's own side of the view: its crystals, its
hand, the badges on display.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from tabletop.core.bot import HINT_SEED, Hint
from tabletop.core.engine import Action
from tabletop.core.rng import Rng
from tabletop.core.words import counted
from tabletop.games.spacepark.bots import SearchBot, determinize, earn_gain, missing, targets
from tabletop.games.spacepark.content import CRYSTALS, MOON, SEA, SUN, Badge, badges
from tabletop.games.spacepark.model import (
    DEST_NAMES,
    Exchange,
    FastTravel,
    Keep,
    Player,
    ScoutBenefit,
    TakeFrom,
    Visit,
)
from tabletop.games.spacepark.rules import price, xp_of
from tabletop.games.spacepark.view import SpaceParkView

GATHERED = {"cosmic_canyon": (SUN, 2), "lunar_woods": (MOON, 1), "celestial_seas": (SEA, 1)}
"""The crystal and how many a gathering destination gives."""


def hint(view: BaseModel, legal: Sequence[Action], budget_s: float) -> Hint:
    assert isinstance(view, SpaceParkView) and view.seat is not None
    action = SearchBot(HINT_SEED).choose(view, legal, budget_s)
    return Hint(action, why(view, action))


def why(view: SpaceParkView, action: Action) -> str:
    """The suggested move and its reason, in one line."""
    assert view.seat is not None
    me = determinize(view, Rng(HINT_SEED)).players[view.seat]  # only its own side is read
    deck = badges()
    if isinstance(action, Visit):
        fee = {"sun": ", paying Scout a Sun crystal", "controller": ", paying Scout the Controller"}
        return f"{_visit(me, action)}{fee.get(action.scout_fee or '', '')}."
    if isinstance(action, FastTravel):
        return (
            f"Fast Travel the rocket at {DEST_NAMES[action.dest]} first: "
            "it opens a better visit than any there is now."
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
        return f"Keep {drawn.name}: {_worth(me, drawn)}; no badge on display is worth more to you."
    if isinstance(action, Exchange):
        badge = deck[action.badge]
        return f"Exchange it for {badge.name}: {_worth(me, badge)}."
    return "This is the only move there is."


def _visit(me: Player, visit: Visit) -> str:
    """What a visit does for ``me`` (no final stop: a fee may follow)."""
    deck = badges()
    where = DEST_NAMES[visit.dest]
    if visit.dest == "outpost13":
        assert visit.badge is not None
        badge = deck[visit.badge]
        return f"{where}: earn {badge.name} now, +{earn_gain(me, badge)} XP"
    if visit.dest == "fusion_falls":
        return f"{where}: turn a Sun crystal into 1 XP (you have {xp_of(me)} XP)"
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
    return (
        f"{where}: take the Controller and a Fast Travel pass, and send Scout to "
        f"{DEST_NAMES[visit.scout_to]}"
    )


def _worth(me: Player, badge: Badge) -> str:
    """What a badge would give ``me``, and what it still costs."""
    short = sum(missing(me, badge))
    cost = "you can pay for it now" if not short else f"{counted(short, 'crystal')} short"
    return f"+{earn_gain(me, badge)} XP when earned, {cost}"
