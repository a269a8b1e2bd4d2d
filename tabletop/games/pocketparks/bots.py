"""PocketParks bots: easy (random), normal (greedy), hard (determinized Monte Carlo).

Every bot decides from its seat's view and legal actions only. On its own turn a
bot picks a whole move (a "macro": play a set of these cards, build these onto
that set, draw from here, steal that card paying with those) and then feeds the
steps of the move (start, add, add, confirm) one decision at a time, checking
each against the legal list. Response windows are answered at once: claim a
Park Tour whenever the hand can; Trail detour a steal against oneself; Ranger
says no to a harmful event; pass otherwise.

The hard bot rebuilds full states from the view (``determinize``): the cards it
cannot see (other hands, the draw pile, the park discard under its top card)
are dealt at random from the cards not visible to it, and each candidate move
is played out on several such samples, every seat played by the greedy policy,
for a few turns; the move with the best mean result is chosen.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from pydantic import BaseModel

from tabletop.core.bot import DEFAULT_BUDGET_S, Bot, BotFactory, RandomBot
from tabletop.core.engine import Action
from tabletop.core.errors import IllegalAction
from tabletop.core.rng import Rng
from tabletop.games.pocketparks import rules as R
from tabletop.games.pocketparks.engine import ENGINE
from tabletop.games.pocketparks.model import (
    NO_CARD,
    TOUR_SIZES,
    AddCard,
    Confirm,
    Discard,
    Draw,
    ParkTour,
    Pass,
    Pay,
    Player,
    PlayEvent,
    PocketParksState,
    PPAction,
    React,
    StartBuild,
    StartSet,
    StartSteal,
    Take,
    TourPick,
)
from tabletop.games.pocketparks.view import PPView, round_result

A = TypeVar("A", bound=Action)

HARMFUL_TO_ANSWER = ("mosquito_bites", "make_a_wish", "lets_do_it_again")

# -- what a seat knows, from a view or from a (rebuilt) state -------------------------


@dataclass(slots=True)
class Info:
    """The facts a decision uses: the seat's own hand, and public things only."""

    seat: int
    phase: str
    current: int
    hand: list[int]
    sets: list[list[list[int]]]  # per seat
    filters: list[int]  # per seat: the icons its sets may use (dark sky or not)
    hand_sizes: list[int]
    discard_top: int
    event_discard: list[int]
    window_kind: str | None
    window_card: int
    picked: list[int]  # the seat's own Park Tour picks in the open window
    scores: list[int]


def info_from_view(view: PPView) -> Info:
    assert view.seat is not None and view.hand is not None
    return Info(
        seat=view.seat,
        phase=view.phase,
        current=view.current,
        hand=[c.id for c in view.hand],
        sets=[[[c.id for c in s.cards] for s in p.sets] for p in view.players],
        filters=[R.ALL_ICONS if p.dark_sky_sets else R.THEME for p in view.players],
        hand_sizes=[p.hand_size for p in view.players],
        discard_top=view.discard_top.id if view.discard_top is not None else NO_CARD,
        event_discard=[c.id for c in view.event_discard],
        window_kind=view.window.kind if view.window is not None else None,
        window_card=view.window.card.id
        if view.window is not None and view.window.card is not None
        else NO_CARD,
        picked=[c.id for c in view.window.picked] if view.window is not None else [],
        scores=[p.score for p in view.players],
    )


def info_from_state(state: PocketParksState, seat: int) -> Info:
    """Only the seat's own hand is read: the same facts its view shows."""
    return Info(
        seat=seat,
        phase=state.phase,
        current=state.current,
        hand=state.players[seat].hand,
        sets=[p.sets for p in state.players],
        filters=[R.icon_filter(state, s) for s in range(len(state.players))],
        hand_sizes=[len(p.hand) for p in state.players],
        discard_top=state.discard[-1] if state.discard else NO_CARD,
        event_discard=state.event_discard,
        window_kind=state.window.kind if state.window is not None else None,
        window_card=state.window.card if state.window is not None else NO_CARD,
        picked=R.tour_picks(state, seat) if state.window is not None else [],
        scores=[p.score for p in state.players],
    )


def determinize(view: PPView, rng: Rng) -> PocketParksState:
    """A full state consistent with ``view`` (its own turn, outside any draft or
    window): the unseen cards dealt at random to the places the view counts."""
    assert view.seat is not None and view.hand is not None
    seen = {c.id for c in view.hand}
    seen.update(c.id for p in view.players for s in p.sets for c in s.cards)
    seen.update(c.id for c in view.event_discard)
    if view.discard_top is not None:
        seen.add(view.discard_top.id)
    if view.featured is not None:
        seen.add(view.featured.id)
    unseen = [c for c in range(R.CONTENT.size) if c not in seen]
    rng.shuffle(unseen)
    parks = [c for c in unseen if R.is_park(c)]
    under = parks[: max(0, view.discard_size - 1)]  # only parks lie on the park discard
    rest = [c for c in unseen if c not in set(under)]
    players = []
    for p in view.players:
        if p.seat == view.seat:
            hand = [c.id for c in view.hand]
        else:
            hand = [rest.pop() for _ in range(min(p.hand_size, len(rest)))]
        players.append(
            Player(
                p.name,
                hand,
                [[c.id for c in s.cards] for s in p.sets],
                p.score,
                0 if p.dark_sky_sets else -1,
            )
        )
    discard = [*under, view.discard_top.id] if view.discard_top is not None else under
    return PocketParksState(
        players=players,
        rng=Rng(rng.next64()),
        modifiers=view.featured is not None or view.round == 1,
        round=view.round,
        first=view.current,
        current=view.current,
        turn=1,  # astronomers in force played on turn 0: before this one
        phase="turn",
        pile=rest,
        discard=discard,
        event_discard=[c.id for c in view.event_discard],
        featured=view.featured.id if view.featured is not None else NO_CARD,
        results=[round_result(r) for r in view.results],
    )


# -- heuristics ---------------------------------------------------------------------


def deficit(sizes: Sequence[int]) -> int:
    """Cards still missing from sets of 4, 3 and 2 (0: the round is won)."""
    if any(s >= R.NINE for s in sizes):
        return 0
    top = [*sorted(sizes, reverse=True)[:3], 0, 0, 0]
    return max(0, 4 - top[0]) + max(0, 3 - top[1]) + max(0, 2 - top[2])


def sizes_of(sets: Sequence[Sequence[int]]) -> list[int]:
    return [len(s) for s in sets]


def threat(info: Info, seat: int) -> float:
    """How close a seat is to winning the round, as a weight."""
    d = deficit(sizes_of(info.sets[seat]))
    return 4.0 if d <= 2 else 2.0 if d <= 4 else 1.0


def victim_bias(info: Info, target: int) -> float:
    """A small preference among other players, the same for every seat: the
    leader in points first, then the one whose sets are nearest a win, then the
    next in turn order (never a fixed seat number, which would pick on seat 0)."""
    n = len(info.sets)
    return (
        0.2 * info.scores[target]
        - 0.05 * deficit(sizes_of(info.sets[target]))
        - 0.01 * ((target - info.seat) % n)
    )


SPARE = 1.5
"""Below this ``usefulness`` a card is one to give away: discarded first, and what a
Comparing notes or Survival of the fittest is worth for."""


def usefulness(info: Info, card: int, hand: Sequence[int] | None = None) -> float:
    """How much a card helps the seat's sets (higher: keep it)."""
    if not R.is_park(card):
        return 2.5 if R.COLOUR[card] == "purple" else 1.0
    hand = info.hand if hand is None else hand
    icons = R.MASK[card] & info.filters[info.seat]
    best = 0.0
    for bit in R.bits(icons):
        mates = sum(1 for c in hand if c != card and R.is_park(c) and R.MASK[c] & bit)
        value = float(min(mates, 4))
        for cards in info.sets[info.seat]:
            if len(cards) < R.MAX_SET and R.common_icons(cards, info.filters[info.seat]) & bit:
                value += 2.0
                break
        best = max(best, value)
    if R.MASK[card] & R.DARK:
        best += 0.5
    return best + 0.1 * bin(icons).count("1")


def _cheap(info: Info, cards: Sequence[int]) -> list[int]:
    return sorted(cards, key=lambda c: (usefulness(info, c), c))


@dataclass(frozen=True, slots=True)
class Macro:
    """One whole move of the turn, as the steps to feed."""

    steps: tuple[PPAction, ...]
    score: float


def _set_macros(info: Info) -> list[Macro]:
    seat = info.seat
    icons_ok = info.filters[seat]
    parks = [c for c in info.hand if R.is_park(c)]
    mine = sizes_of(info.sets[seat])
    before = deficit(mine)
    out: list[Macro] = []
    seen: set[tuple[int, ...]] = set()
    for bit in R.bits(icons_ok):
        group = [c for c in parks if R.MASK[c] & bit]
        if len(group) < 2:
            continue
        ordered = sorted(group, key=lambda c: (_other_use(info, c, bit), c))
        for k in range(2, min(R.MAX_SET, len(ordered)) + 1):
            chosen = tuple(ordered[:k])
            key = tuple(sorted(chosen))
            if key in seen:
                continue
            seen.add(key)
            score = _placement_score(info, [*mine, k], before, chosen)
            steps: list[PPAction] = [StartSet(seat=seat)]
            steps.extend(AddCard(seat=seat, card=c) for c in chosen)
            steps.append(Confirm(seat=seat))
            out.append(Macro(tuple(steps), score))
    for idx, cards in enumerate(info.sets[seat]):
        room = R.MAX_SET - len(cards)
        if room <= 0:
            continue
        icons = R.common_icons(cards, icons_ok)
        for bit in R.bits(icons):
            group = [c for c in parks if R.MASK[c] & bit]
            ordered = sorted(group, key=lambda c: (_other_use(info, c, bit), c))
            for k in range(1, min(room, len(ordered)) + 1):
                added = tuple(ordered[:k])
                key = (-1 - idx, *sorted(added))
                if key in seen:
                    continue
                seen.add(key)
                sizes = mine[:]
                sizes[idx] += k
                score = _placement_score(info, sizes, before, added)
                steps = [StartBuild(seat=seat, set_index=idx)]
                steps.extend(AddCard(seat=seat, card=c) for c in added)
                steps.append(Confirm(seat=seat))
                out.append(Macro(tuple(steps), score))
    return out


def _other_use(info: Info, card: int, bit: int) -> float:
    """What a card is worth for icons other than ``bit`` (spend the least useful)."""
    rest = R.MASK[card] & info.filters[info.seat] & ~bit
    best = 0.0
    for other in R.bits(rest):
        best = max(best, float(sum(1 for c in info.hand if c != card and R.MASK[c] & other)))
    return best


def _placement_score(info: Info, sizes: list[int], before: int, cards: Sequence[int]) -> float:
    after = deficit(sizes)
    if after == 0:
        return 1000.0
    points = sum(R.OTHER_POINTS.get(s, 0) for s in sizes) - sum(
        R.OTHER_POINTS.get(s, 0) for s in sizes_of(info.sets[info.seat])
    )
    return 10.0 * (before - after) + 1.5 * points - 0.8 * len(cards)


def _draw_macros(info: Info, legal_kinds: set[str]) -> list[Macro]:
    seat = info.seat
    out = [Macro((Draw(seat=seat, source="pile"),), 6.0)]
    if info.discard_top != NO_CARD:
        use = usefulness(info, info.discard_top, [*info.hand, info.discard_top])
        out.append(Macro((Draw(seat=seat, source="discard"),), 4.0 + use))
    return out


def _steal_macros(info: Info) -> list[Macro]:
    seat = info.seat
    hand = info.hand
    if len(hand) < 2 and not any(R.MASK[c] & R.DARK for c in hand):
        return []
    darks = [c for c in _cheap(info, hand) if R.MASK[c] & R.DARK]
    cheap = _cheap(info, hand)
    options: list[tuple[float, list[int]]] = []
    if len(cheap) >= 2:
        options.append((usefulness(info, cheap[0]) + usefulness(info, cheap[1]), cheap[:2]))
    if darks:
        options.append((usefulness(info, darks[0]) + 0.5, darks[:1]))
    cost, payment = min(options, key=lambda o: o[0])
    out: list[Macro] = []
    for target in range(len(info.sets)):
        if target == seat:
            continue
        sets = info.sets[target]
        before = deficit(sizes_of(sets))
        weight = threat(info, target)
        for idx, cards in enumerate(sets):
            if len(cards) in R.UNSTEALABLE:
                continue
            for card in cards:
                sizes = sizes_of(sets)
                sizes[idx] -= 1
                damage = (deficit(sizes) - before) * weight
                gain = usefulness(info, card, [*hand, card])
                score = 2.0 * gain + 2.5 * damage - 1.5 * cost + victim_bias(info, target)
                steps: list[PPAction] = [StartSteal(seat=seat, target=target)]
                steps.extend(Pay(seat=seat, card=c) for c in payment)
                steps.append(Take(seat=seat, card=card))
                steps.append(Confirm(seat=seat))
                out.append(Macro(tuple(steps), score))
    return out


def turn_macros(info: Info, legal: Sequence[Any]) -> list[Macro]:
    """Every move the greedy bot considers on its turn, best first."""
    kinds = {a.kind for a in legal}
    firsts = set(legal)
    macros = _set_macros(info) + _draw_macros(info, kinds)
    if "start_steal" in kinds:
        macros += _steal_macros(info)
    macros = [m for m in macros if m.steps[0] in firsts]
    return sorted(macros, key=lambda m: -m.score)


def _event_score(info: Info, action: PlayEvent) -> float:
    effect = action.as_effect or R.EFFECT[action.card]
    if effect == "make_a_wish":
        return 5.0
    if effect == "aspiring_astronomer":
        darks = sum(1 for c in info.hand if R.MASK[c] & R.DARK)
        darks += sum(1 for s in info.sets[info.seat] for c in s if R.MASK[c] & R.DARK)
        return 0.5 + 1.2 * darks if info.filters[info.seat] == R.THEME else 0.0
    if effect == "mosquito_bites":
        if action.target is None or action.pick is None:
            return 0.5
        sets = info.sets[action.target]
        idx = next(i for i, s in enumerate(sets) if action.pick in s)
        sizes = sizes_of(sets)
        before = deficit(sizes)
        sizes[idx] -= 1
        damage = (deficit(sizes) - before) * threat(info, action.target)
        return 1.0 + 2.5 * damage + victim_bias(info, action.target)
    if effect == "comparing_notes":
        weak = sum(1 for c in info.hand if usefulness(info, c) < SPARE)
        target = action.target if action.target is not None else info.seat
        return 0.5 + 0.5 * weak + 0.1 * info.hand_sizes[target] + victim_bias(info, target)
    if effect == "survival_of_the_fittest":
        return 0.5 + 0.4 * sum(1 for c in info.hand if usefulness(info, c) < SPARE)
    return 0.0


def step_choice(info: Info, legal: Sequence[Any]) -> Any:
    """The greedy answer outside the start of a turn: second draw, discard or
    event, hand limit, response windows, and a draft with no plan left."""
    kinds = {a.kind for a in legal}
    if info.window_kind is not None:
        if any(isinstance(a, TourPick | ParkTour) for a in legal):
            return _tour_step(info)
        reacts = [a for a in legal if isinstance(a, React)]
        if reacts:
            purple = sorted(reacts, key=lambda a: (a.as_effect is not None, a.card))
            if info.window_kind == "steal":
                return purple[0]
            effect = R.EFFECT[info.window_card] if info.window_card != NO_CARD else None
            if effect in HARMFUL_TO_ANSWER:
                return purple[0]
        return next(a for a in legal if isinstance(a, Pass))
    if info.phase == "draw" and "draw" in kinds:
        top = info.discard_top
        wanted = top != NO_CARD and usefulness(info, top, [*info.hand, top]) >= 2.5
        source = "discard" if wanted else "pile"
        for a in legal:
            if isinstance(a, Draw) and a.source == source:
                return a
        return next(a for a in legal if isinstance(a, Draw))
    if info.phase == "discard":
        best: tuple[float, Any] = (-math.inf, None)
        for a in legal:
            if isinstance(a, PlayEvent):
                score = _event_score(info, a)
            elif isinstance(a, Discard):
                score = SPARE - usefulness(info, a.card)
            else:
                continue
            if score > best[0]:
                best = (score, a)
        if best[1] is not None:
            return best[1]
    if info.phase == "limit":
        discards = [a for a in legal if isinstance(a, Discard)]
        return min(discards, key=lambda a: (usefulness(info, a.card), a.card))
    for kind in ("confirm", "cancel"):
        for a in legal:
            if a.kind == kind:
                return a
    return legal[0]


def best_tour(info: Info) -> tuple[int, ...]:
    """The Park Tour on the window's park that wins the round, if one does (PP-WIN-1: a set
    of 9, or a 5 that completes 2-3-4); else the one that gives up the least useful hand
    cards (ties: the lowest cards). Per shared icon and size, its least useful cards."""
    icons = R.MASK[info.window_card] & info.filters[info.seat]
    sizes = sizes_of(info.sets[info.seat])
    tours = []
    for bit in R.bits(icons):
        group = _cheap(info, [c for c in info.hand if R.MASK[c] & bit])
        tours += [tuple(sorted(group[:size])) for size in TOUR_SIZES if len(group) >= size]
    return min(
        tours,
        key=lambda cards: (
            deficit([*sizes, len(cards) + 1]) > 0,
            sum(usefulness(info, c) for c in cards),
            cards,
        ),
    )


def _tour_step(info: Info) -> PPAction:
    """The next step of the best Park Tour: pick its next card, or claim it."""
    cards = best_tour(info)
    missing = [c for c in cards if c not in info.picked]
    if missing:
        return TourPick(seat=info.seat, card=missing[0])
    return ParkTour(seat=info.seat, cards=cards)


def _pick(legal: Sequence[A], wanted: Any) -> A | None:
    for action in legal:
        if action == wanted:
            return action
    return None


class _Planner(Bot):
    """Shared by greedy and search: follows the chosen move step by step."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.plan: list[PPAction] = []

    def choose(
        self, view: BaseModel | None, legal: Sequence[A], budget_s: float = DEFAULT_BUDGET_S
    ) -> A:
        assert isinstance(view, PPView) and view.seat is not None
        if self.plan:
            step = _pick(legal, self.plan.pop(0))
            if step is not None:
                return step
            self.plan = []
        if len(legal) == 1:
            return legal[0]
        info = info_from_view(view)
        if view.phase == "turn" and view.window is None:
            macro = self.pick_macro(view, info, legal, budget_s)
            if macro is not None:
                first = _pick(legal, macro.steps[0])
                if first is not None:
                    self.plan = list(macro.steps[1:])
                    return first
        return _pick(legal, step_choice(info, legal)) or legal[0]

    def pick_macro(
        self, view: PPView, info: Info, legal: Sequence[Any], budget_s: float
    ) -> Macro | None:
        macros = turn_macros(info, legal)
        return macros[0] if macros else None


class GreedyBot(_Planner):
    """Normal: play or build the set that brings 2-3-4 closest, claim every Park
    Tour, steal a card that breaks a near-winner's set or completes one's own,
    draw from the discard when its top helps, play events where they hurt the
    leader most."""

    level: ClassVar[str] = "normal"


# -- search ---------------------------------------------------------------------------


def _apply(state: PocketParksState, action: PPAction) -> PocketParksState | None:
    try:
        return ENGINE.apply(state, action).state
    except IllegalAction:
        return None


def play_turn_macro(
    state: PocketParksState, rng: Rng, macro: Macro | None = None
) -> PocketParksState:
    """The current player's whole move, greedy (or ``macro``), then the steps
    and windows that follow it, until the next turn begins or the round ends."""
    seat = state.current
    if macro is None:
        legal = ENGINE.legal_actions(state, seat)
        macros = turn_macros(info_from_state(state, seat), legal)
        if macros:  # greedy with a little noise among its four best moves
            jitter = [(m.score + rng.random() * 2.0, -i) for i, m in enumerate(macros[:4])]
            macro = macros[-max(jitter)[1]]
    start_turn = state.turn
    if macro is not None:
        for step in macro.steps:
            after = _apply(state, step)
            if after is None:
                break
            state = after
            if state.phase in ("over", "window") or state.turn != start_turn:
                break
    guard = 0
    while state.phase != "over" and state.turn == start_turn and guard < 60:
        guard += 1
        if state.window is not None:
            actor = state.window.waiting[0]
        else:
            actor = state.current
            if state.phase == "turn":  # the move was refused (cannot happen): draw instead
                legal = ENGINE.legal_actions(state, actor)
                draws = [a for a in legal if isinstance(a, Draw)]
                state = ENGINE.apply(state, (draws or legal)[0]).state
                continue
        legal = ENGINE.legal_actions(state, actor)
        state = ENGINE.apply(state, step_choice(info_from_state(state, actor), legal)).state
    return state


def position_value(state: PocketParksState, seat: int) -> float:
    info = info_from_state(state, seat)
    sizes = sizes_of(state.players[seat].sets)
    value = -3.0 * deficit(sizes) + sum(R.OTHER_POINTS.get(s, 0) for s in sizes)
    groups = [
        sum(1 for c in info.hand if R.is_park(c) and R.MASK[c] & bit)
        for bit in R.bits(info.filters[seat])
    ]
    value += 0.5 * sum(sorted(groups, reverse=True)[:2])
    return value


def outcome_value(start: PocketParksState, state: PocketParksState, seat: int) -> float:
    """How a playout went for ``seat``: round points won against the best rival
    if a round ended, else the position; squashed to [0, 1]."""
    if len(state.results) > len(start.results):
        result = state.results[len(start.results)]
        mine = result.points[seat] + (4 if result.winner == seat else 0)
        other = max(
            result.points[s] + (4 if result.winner == s else 0)
            for s in range(len(state.players))
            if s != seat
        )
        margin = 2.0 * (mine - other)
    else:
        mine_v = position_value(state, seat)
        other_v = max(position_value(state, s) for s in range(len(state.players)) if s != seat)
        margin = mine_v - other_v
    return 1 / (1 + math.exp(-margin / 4))


class SearchBot(_Planner):
    """Hard: the greedy bot's best moves (``max_candidates``), each played out on
    ``iterations`` samples of the hidden cards for ``horizon`` turns by greedy
    players with a little noise; the best mean wins, ties to greedy's choice.

    A fixed number of samples keeps a seed's choices the same on any machine
    fast enough; the budget is a hard cap that stops the search early (after the
    current playout) on a slow one.
    """

    level: ClassVar[str] = "hard"

    def __init__(
        self, seed: int, iterations: int = 6, horizon: int = 0, max_candidates: int = 5
    ) -> None:
        super().__init__(seed)
        self.clock: Callable[[], float] = time.perf_counter  # tests may set a fake clock
        self.playouts = 0  # playouts run by the last search (for tests and benchmarks)
        self.iterations = iterations
        self.horizon = horizon  # 0: one turn of every player
        self.max_candidates = max_candidates

    def pick_macro(
        self, view: PPView, info: Info, legal: Sequence[Any], budget_s: float
    ) -> Macro | None:
        start = self.clock()
        macros = turn_macros(info, legal)
        if not macros or macros[0].score >= 1000:
            return macros[0] if macros else None
        candidates = macros[: self.max_candidates]
        if len(candidates) == 1:
            return candidates[0]
        horizon = self.horizon or len(view.players) + 1
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        deadline = start + budget_s * 0.85
        self.playouts = 0
        stop = False
        for _ in range(self.iterations):
            sample = determinize(view, self.rng)
            roll_seed = self.rng.next64()
            for i, macro in enumerate(candidates):
                if self.clock() > deadline:
                    stop = True
                    break
                totals[i] += self._playout(sample, info.seat, macro, horizon, Rng(roll_seed))
                counts[i] += 1
                self.playouts += 1
            if stop:
                break
        best = max(
            range(len(candidates)),
            key=lambda i: (totals[i] / counts[i] if counts[i] else -1.0, -i),
        )
        return candidates[best]

    def _playout(
        self, sample: PocketParksState, seat: int, macro: Macro, horizon: int, rng: Rng
    ) -> float:
        st = sample.clone()
        st.rng = Rng(rng.next64())
        st = play_turn_macro(st, rng, macro)
        for _ in range(horizon - 1):
            if st.phase == "over" or len(st.results) > len(sample.results):
                break
            st = play_turn_macro(st, rng)
        return outcome_value(sample, st, seat)


def _easy(seed: int) -> Bot:
    # Random, but a draft once started is finished: cancelling is taken only
    # when nothing else is legal (else random play is mostly start-and-cancel).
    return RandomBot(seed, shun=frozenset({"cancel"}))


BOTS: dict[str, BotFactory] = {
    "easy": _easy,
    "normal": GreedyBot,
    "hard": SearchBot,
}
