"""Space Park bots: easy (random), normal (greedy), hard (determinized Monte Carlo).

Every bot decides from its seat's view and legal actions only. The greedy and
search bots first rebuild a full game state from the view (``determinize``):
everything public is copied, the seat's own hand and a badge it has just drawn
are known, and the badges it cannot see (other hands, the face-down deck) are
dealt at random from the badges not visible to it. A decision is then scored on
that rebuilt state, and the chosen action is mapped back to the legal list.

What the view does not carry and the rebuild assumes: the count of passes in a
row (SP-TURN-5) starts at 0, and the steps left of a visit interrupted by a
decision are unknown, so pending decisions (Scout benefit, whom to take from,
keep or exchange) are answered by heuristics, never by search.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, TypeVar

from pydantic import BaseModel

from tabletop.core.bot import DEFAULT_BUDGET_S, Bot, BotFactory, RandomBot
from tabletop.core.engine import Action
from tabletop.core.rng import Rng
from tabletop.games.spacepark.content import MOON, PASS, SEA, SUN, Badge, badges
from tabletop.games.spacepark.engine import ENGINE
from tabletop.games.spacepark.model import (
    Exchange,
    FastTravel,
    Keep,
    Pending,
    Player,
    ScoutBenefit,
    SpaceParkState,
    TakeFrom,
    Visit,
)
from tabletop.games.spacepark.rules import WIN_XP, crystals_of, next_open, price, xp_of
from tabletop.games.spacepark.view import SpaceParkView

A = TypeVar("A", bound=Action)

GATHER: dict[str, tuple[int, int]] = {  # destination: (crystal slot, how many)
    "cosmic_canyon": (SUN, 2),
    "celestial_seas": (SEA, 1),
    "lunar_woods": (MOON, 1),
}
RESOURCE_WORTH = (0.5, 0.7, 0.7, 0.4)  # an immediate gain of one Sun, Moon, Sea, pass

# -- rebuilding a state from a view ---------------------------------------------------


def determinize(view: SpaceParkView, rng: Rng) -> SpaceParkState:
    """A full state consistent with ``view``: hidden badges dealt at random."""
    assert view.seat is not None, "a bot plays a seat, never the spectator view"
    me = view.seat
    deck = badges()
    ring = tuple(d.id for d in view.ring)
    seen: set[str] = {b.id for b in view.revealed}
    seen.update(b.id for b in view.scout_stack)
    seen.update(b.id for b in view.hand)
    for p in view.players:
        seen.update(b.id for b in p.earned)
    pending = view.pending
    if pending is not None and pending.drawn is not None:
        seen.add(pending.drawn.id)
    unseen = [b for b in deck if b not in seen]
    rng.shuffle(unseen)
    players = []
    for p in view.players:
        earned = [b.id for b in p.earned]
        base = xp_of(Player(p.name, [0, 0, 0, 0], 0, [], earned))
        if p.seat == me:
            hand = [b.id for b in view.hand]
        else:
            hand = [unseen.pop() for _ in range(p.hand_count)]
        players.append(Player(p.name, [p.sun, p.moon, p.sea, p.passes], p.xp - base, hand, earned))
    drawn: str | None = None
    if pending is not None and pending.kind == "starlight":
        drawn = pending.drawn.id if pending.drawn is not None else unseen.pop()
    deck_cards = [unseen.pop() for _ in range(min(view.deck_count, len(unseen)))]
    state_pending = None
    if pending is not None:
        resource = (
            ("sun", "moon", "sea", "pass").index(pending.resource) if pending.resource else -1
        )
        state_pending = Pending(
            pending.kind,  # type: ignore[arg-type]
            pending.seat,
            resource=resource,
            targets=tuple(pending.targets),
            drawn=drawn,
        )
    return SpaceParkState(
        ring=ring,
        rockets=[i for i, d in enumerate(view.ring) if d.rocket],
        scout=next(i for i, d in enumerate(view.ring) if d.scout),
        controller=view.controller,
        supply=[view.supply["sun"], view.supply["moon"], view.supply["sea"], view.supply["pass"]],
        deck=deck_cards,
        revealed=[b.id for b in view.revealed],
        scout_stack=[b.id for b in view.scout_stack],
        players=players,
        first=view.first_player,
        active=view.active,
        turn=view.turn,
        last_round=view.last_round,
        idle_turns=0,
        pending=state_pending,
        queue=[],
        over=view.over,
        rng=Rng(rng.next64()),
    )


# -- heuristics on a (rebuilt) state ------------------------------------------------


def earn_gain(player: Player, badge: Badge) -> int:
    """The XP earning ``badge`` would give now, per-type bonuses included (SP-BADGE-4)."""
    deck = badges()
    earned = [deck[e] for e in player.earned]
    gain = badge.xp
    gain += sum(1 for e in earned if e.bonus_type is not None and badge.counts_as(e.bonus_type))
    if badge.bonus_type is not None:
        bonus = badge.bonus_type
        gain += sum(1 for e in earned if e.counts_as(bonus)) + badge.counts_as(bonus)
    return gain


def missing(player: Player, badge: Badge) -> tuple[int, int, int]:
    cost = price(player, badge)
    return (
        max(0, cost[0] - player.stock[SUN]),
        max(0, cost[1] - player.stock[MOON]),
        max(0, cost[2] - player.stock[SEA]),
    )


def ability_worth(player: Player, badge: Badge) -> float:
    """What a badge's ability is worth to its earner, in rough XP."""
    deck = badges()
    worth = sum(g * w for g, w in zip(badge.gains, RESOURCE_WORTH, strict=True))
    if any(badge.discount):
        slot = next(i for i, n in enumerate(badge.discount) if n)
        needing = sum(1 for b in player.hand if b != badge.id and deck[b].cost[slot])
        worth += 0.6 + 0.8 * needing
    return worth


def badge_worth(player: Player, badge: Badge) -> float:
    return earn_gain(player, badge) + ability_worth(player, badge)


def plan_value(player: Player, badge: Badge) -> float:
    """How good a badge is to hold: its worth, less the crystals it still needs."""
    return badge_worth(player, badge) - 1.2 * sum(missing(player, badge))


def targets(player: Player) -> list[Badge]:
    """The hand's badges, the most promising first."""
    deck = badges()
    return sorted((deck[b] for b in player.hand), key=lambda b: (-plan_value(player, b), b.id))


def visit_score(state: SpaceParkState, seat: int, v: Visit) -> float:
    """The greedy worth of one visit for ``seat`` (higher is better)."""
    deck = badges()
    player = state.players[seat]
    xp = xp_of(player)
    endgame = (
        state.last_round or xp >= WIN_XP - 4 or (len(state.players) == 1 and len(state.deck) <= 3)
    )
    fee = 0.0
    if v.scout_fee == "sun":
        fee = 1.5
    elif v.scout_fee == "controller":
        fee = 0.8
    dest = v.dest
    if dest == "outpost13":
        assert v.badge is not None
        badge = deck[v.badge]
        return 20 + 2 * earn_gain(player, badge) + ability_worth(player, badge) - fee
    if dest == "fusion_falls":
        need_sun = sum(
            missing(player, b)[0] == 0 and price(player, b)[0] for b in targets(player)[:1]
        )
        surplus = player.stock[SUN] - need_sun
        return (12 if endgame else 5 if surplus > 0 else 2) - fee
    if endgame and xp >= WIN_XP - 1 and len(state.players) > 1:
        return 1 - fee  # only XP matters now
    if dest in GATHER:
        slot, amount = GATHER[dest]
        plan = targets(player)
        value = 1.5 * amount if slot == SUN else 0.5
        if plan:
            first = missing(player, plan[0])[slot]
            value += 5 * min(amount, first)
            for other in plan[1:3]:
                value += 1.5 * min(amount, missing(player, other)[slot])
        return value - fee
    if dest == "starlight_station":
        if len(state.players) == 1:
            assert v.badge is not None
            badge = deck[v.badge]
            return 3 + 0.6 * plan_value(player, badge) - 2 * len(player.hand) - fee
        affordable = sum(1 for b in player.hand if sum(missing(player, deck[b])) <= 2)
        return (9 if not player.hand else 6 if not affordable else 1.5) - fee
    # astral_arcade
    assert v.scout_to is not None
    value = 2.5 + (1.5 if not player.stock[PASS] else 0.5)
    if len(state.players) > 1:
        value += 1 if v.scout_to == "cosmic_canyon" else 0.5 if v.scout_to in GATHER else 0
    return value - fee


def decision_score(state: SpaceParkState, seat: int, action: Any) -> float:
    """Pending decisions and visits; Fast Travel scores 0 here (see ``fast_travel_gain``)."""
    deck = badges()
    player = state.players[seat]
    if isinstance(action, Visit):
        return visit_score(state, seat, action)
    if isinstance(action, ScoutBenefit):
        if action.take == "sun":
            return 2.0
        return 2.5 if not player.stock[PASS] and player.stock[SUN] >= 3 else 1.0
    if isinstance(action, TakeFrom):
        return xp_of(state.players[action.target]) + 0.1 * crystals_of(state.players[action.target])
    if isinstance(action, Keep):
        assert state.pending is not None and state.pending.drawn is not None
        return plan_value(player, deck[state.pending.drawn])
    if isinstance(action, Exchange):
        return plan_value(player, deck[action.badge]) - 0.2  # keeping shows nothing
    return 0.0


def best_visit(state: SpaceParkState, seat: int, legal: Sequence[Any]) -> tuple[float, Any]:
    best: tuple[float, Any] = (-math.inf, None)
    for action in legal:
        if isinstance(action, FastTravel):
            continue
        score = decision_score(state, seat, action)
        if score > best[0]:
            best = (score, action)
    return best


def greedy_action(state: SpaceParkState, seat: int, legal: Sequence[Any], fast_travel: bool) -> Any:
    """The greedy choice: the best-scoring visit or decision; with ``fast_travel``,
    a pass is spent when moving a rocket opens a clearly better visit."""
    score, action = best_visit(state, seat, legal)
    if fast_travel and state.pending is None:
        pass_cost = 2.5
        for ft in legal:
            if not isinstance(ft, FastTravel):
                continue
            after = state.clone()
            start = after.ring.index(ft.dest)
            after.rockets[after.rockets.index(start)] = next_open(after.rockets, start)
            after.players[seat].stock[PASS] -= 1
            after.supply[PASS] += 1
            opened = ENGINE.legal_actions(after, seat)
            then, _ = best_visit(after, seat, opened)
            if then - pass_cost > score:
                score, action = then - pass_cost, ft
    if action is None:  # only Fast Travel is legal (cannot happen: a visit was possible)
        action = legal[0]
    return action


def _pick(legal: Sequence[A], wanted: Any) -> A:
    """The legal action equal to ``wanted`` (actions compare by value)."""
    for action in legal:
        if action == wanted:
            return action
    return legal[0]


# -- the bots -------------------------------------------------------------------------


class GreedyBot(Bot):
    """Normal: collect towards the most promising badge in hand, earn the best XP
    for the cost, Fast Travel when it opens a clearly better visit."""

    level: ClassVar[str] = "normal"

    def choose(
        self, view: BaseModel | None, legal: Sequence[A], budget_s: float = DEFAULT_BUDGET_S
    ) -> A:
        assert isinstance(view, SpaceParkView) and view.seat is not None
        if len(legal) == 1:
            return legal[0]
        state = determinize(view, self.rng)
        return _pick(legal, greedy_action(state, view.seat, legal, fast_travel=True))


def rollout_policy(state: SpaceParkState, seat: int, legal: Sequence[Any], rng: Rng) -> Any:
    """Greedy without Fast Travel look-ahead, with a little noise: fast, and varied."""
    best: tuple[float, Any] = (-math.inf, legal[0])
    for action in legal:
        if isinstance(action, FastTravel):
            continue
        score = decision_score(state, seat, action) + rng.random() * 1.5
        if score > best[0]:
            best = (score, action)
    return best[1]


def position_value(state: SpaceParkState, seat: int) -> float:
    """Rough worth of a seat's position in XP: XP, plus the badges in hand it can
    soon pay for, plus a little for crystals and passes."""
    deck = badges()
    player = state.players[seat]
    value = float(xp_of(player))
    for badge in player.hand:
        b = deck[badge]
        need = sum(missing(player, b))
        value += earn_gain(player, b) * (0.6 if need == 0 else 0.35 if need <= 2 else 0.1)
    value += 0.15 * crystals_of(player) + 0.3 * player.stock[PASS]
    return value


def result_value(state: SpaceParkState, seat: int) -> float:
    """A rollout's end, from ``seat``'s side, in [0, 1]: a win counts most."""
    outcome = ENGINE.outcome(state)
    if len(state.players) == 1:
        if outcome is not None:
            return 1.0 if outcome.winners else 0.1 * min(1.0, outcome.scores[0] / WIN_XP)
        # Solo: the race is against Scout's deck.
        return 0.5 * min(1.0, position_value(state, 0) / WIN_XP)
    if outcome is not None:
        mine = outcome.scores[seat]
        best_other = max(x for i, x in enumerate(outcome.scores) if i != seat)
        bonus = 0.8 if seat in outcome.winners else 0.0
        return bonus + 0.2 / (1 + math.exp(-(mine - best_other) / 3))
    mine_v = position_value(state, seat)
    other = max(position_value(state, i) for i in range(len(state.players)) if i != seat)
    return 1 / (1 + math.exp(-(mine_v - other) / 3))


class SearchBot(Bot):
    """Hard: determinized Monte Carlo. For each of ``iterations`` samples of the
    hidden badges, every candidate action is played out on the same sample with
    noisy greedy players for every seat, up to ``horizon`` turns or the end; the
    action with the best mean result is chosen.

    The work is a fixed number of samples, so a seed gives the same choice on
    any machine that is fast enough; the budget is still a hard cap: when the
    clock runs out the search stops after the current playout and decides on
    what it has (on a slow machine the choice may then differ).

    Calibration (this 2-core machine, 300 ms budget): 32 samples x at most 6
    candidates x 6-turn playouts take about 50-75 ms at the median and under
    170 ms at the worst, so the cap is never reached and the play is
    reproducible. Short playouts ending in a position estimate beat longer
    ones clearly (against greedy, 100 games each: 40 turns to the end 55%,
    24 turns 62%, 16 turns 74%, 6-10 turns 75-78%): a noisy playout of the
    whole game drowns the difference one move makes.
    """

    level: ClassVar[str] = "hard"

    def __init__(
        self, seed: int, iterations: int = 32, horizon: int = 6, max_candidates: int = 6
    ) -> None:
        super().__init__(seed)
        self.clock: Callable[[], float] = time.perf_counter  # tests may set a fake clock
        self.playouts = 0  # playouts run by the last search (for tests and benchmarks)
        self.iterations = iterations
        self.horizon = horizon
        self.max_candidates = max_candidates

    def choose(
        self, view: BaseModel | None, legal: Sequence[A], budget_s: float = DEFAULT_BUDGET_S
    ) -> A:
        start = self.clock()
        assert isinstance(view, SpaceParkView) and view.seat is not None
        seat = view.seat
        if len(legal) == 1:
            return legal[0]
        base = determinize(view, self.rng)
        if view.pending is not None:
            return _pick(legal, greedy_action(base, seat, legal, fast_travel=False))
        # The candidates: greedy's favourites (Fast Travel moves always in).
        ranked = sorted(
            range(len(legal)),
            key=lambda i: (
                -(
                    decision_score(base, seat, legal[i])
                    + (100 if isinstance(legal[i], FastTravel) else 0)
                ),
                i,
            ),
        )
        candidates = [legal[i] for i in ranked[: self.max_candidates]]
        greedy = greedy_action(base, seat, legal, fast_travel=True)
        if greedy not in candidates:
            candidates.append(_pick(legal, greedy))
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        deadline = start + budget_s * 0.9
        self.playouts = 0
        out_of_time = False
        for _ in range(self.iterations):
            sample = determinize(view, self.rng)
            roll_seed = self.rng.next64()
            for i, action in enumerate(candidates):
                if self.clock() > deadline:
                    out_of_time = True
                    break
                totals[i] += self._playout(sample, seat, action, Rng(roll_seed))
                counts[i] += 1
                self.playouts += 1
            if out_of_time:
                break
        # Ties (and candidates never played out) go to the greedy choice.
        best = max(
            range(len(candidates)),
            key=lambda i: (totals[i] / counts[i] if counts[i] else -1.0, candidates[i] == greedy),
        )
        return candidates[best]

    def _playout(self, sample: SpaceParkState, seat: int, action: Any, rng: Rng) -> float:
        s = ENGINE.apply(sample, action).state
        s.rng = Rng(rng.next64())  # the sample's future draws differ per playout seed only
        turn_limit = s.turn + self.horizon
        while not s.over and s.turn < turn_limit:
            actor = ENGINE.to_act(s)[0]
            legal = ENGINE.legal_actions(s, actor)
            s = ENGINE.apply(s, rollout_policy(s, actor, legal, rng)).state
        return result_value(s, seat)


BOTS: dict[str, BotFactory] = {
    "easy": RandomBot,
    "normal": GreedyBot,
    "hard": SearchBot,
}
