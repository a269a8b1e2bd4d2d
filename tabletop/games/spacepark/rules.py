"""Space Park's rules (seeds/spacepark.md): setup, who acts, the legal actions, the
checks (a refusal names its rule), ``apply`` (check, then act on the successor), scoring
and the outcome. Rule ids in comments and refusals.

``apply`` is the step of the skeleton in core/rules.py, filled in by ``RULES``: the
phases (a decision pending is one) and what each allows (``PHASES``), the checks and
handlers per kind of action, then the queued steps of a visit run (``_run``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, Literal

from tabletop.core.engine import Event, Outcome, Transition
from tabletop.core.errors import IllegalAction
from tabletop.core.rng import Rng
from tabletop.core.rules import Ctx, Phase, Rules
from tabletop.core.words import counted, noun_for
from tabletop.games.spacepark.content import (
    CRYSTALS,
    PASS,
    RESOURCE_NAMES,
    RESOURCES,
    SUN,
    Badge,
    badges,
)
from tabletop.games.spacepark.model import (
    DEST_NAMES,
    REVEALED,
    SUPPLY_START,
    Dest,
    Exchange,
    FastTravel,
    Keep,
    Pending,
    Player,
    ScoutBenefit,
    SpaceParkOptions,
    SpaceParkState,
    Step,
    TakeFrom,
    Visit,
)

RING_SIZE = 7
OTHER_TILES: tuple[Dest, ...] = (
    "cosmic_canyon",
    "celestial_seas",
    "lunar_woods",
    "fusion_falls",
    "astral_arcade",
    "outpost13",
)
ROCKET_START: tuple[Dest, ...] = ("cosmic_canyon", "celestial_seas", "lunar_woods")
WIN_XP = 20


def solo_turns_left(deck_count: int) -> int:
    """Solo: the turns left to reach WIN_XP, the current one included. Scout draws after
    each turn (SP-SOLO-1) and wins when it must draw from an empty deck (SP-SOLO-8)."""
    return deck_count + 1


# Solo: where a Scout Stack card sends Scout, by badge type (Forbidden: nowhere).
TYPE_DEST: dict[str, Dest] = {
    "triangle": "lunar_woods",
    "circle": "celestial_seas",
    "diamond": "cosmic_canyon",
}
GAINS: dict[Dest, tuple[str, ...]] = {
    "cosmic_canyon": ("sun", "sun"),
    "celestial_seas": ("sea",),
    "lunar_woods": ("moon",),
}


# -- cached action objects (actions are immutable, so legal_actions can share them)


@cache
def _fast_travel(seat: int, dest: Dest) -> FastTravel:
    return FastTravel(seat=seat, dest=dest)


@cache
def _visit(
    seat: int,
    dest: Dest,
    badge: str | None,
    scout_to: Dest | None,
    fee: Literal["sun", "controller"] | None,
) -> Visit:
    return Visit(seat=seat, dest=dest, badge=badge, scout_to=scout_to, scout_fee=fee)


@cache
def _benefit(seat: int, take: Literal["sun", "pass"]) -> ScoutBenefit:
    return ScoutBenefit(seat=seat, take=take)


@cache
def _take_from(seat: int, target: int) -> TakeFrom:
    return TakeFrom(seat=seat, target=target)


@cache
def _keep(seat: int) -> Keep:
    return Keep(seat=seat)


@cache
def _exchange(seat: int, badge: str) -> Exchange:
    return Exchange(seat=seat, badge=badge)


def next_open(rockets: list[int], pos: int) -> int:
    """The next destination clockwise without a rocket (SP-MOVE-1)."""
    nxt = (pos + 1) % RING_SIZE
    while nxt in rockets:
        nxt = (nxt + 1) % RING_SIZE
    return nxt


# -- scoring (also what the view shows) -----------------------------------------


def xp_of(player: Player) -> int:
    """Fusion Falls tokens + earned badges' XP + per-type bonuses (SP-BADGE-4)."""
    return player.xp_tokens + _badges_xp(tuple(player.earned))


@lru_cache(maxsize=1024)  # bounded: a long simulation meets many badge sets
def _badges_xp(earned: tuple[str, ...]) -> int:
    deck = badges()
    cards = [deck[b] for b in earned]
    total = sum(b.xp for b in cards)
    for bonus in cards:
        if bonus.bonus_type is not None:
            total += sum(1 for b in cards if b.counts_as(bonus.bonus_type))
    return total


def crystals_of(player: Player) -> int:
    return player.stock[0] + player.stock[1] + player.stock[2]


def price(player: Player, badge: Badge) -> tuple[int, int, int]:
    """The badge's cost after the player's discounts, never below zero (SP-BADGE-3)."""
    cut = _discounts(tuple(player.earned))
    c = badge.cost
    return (max(0, c[0] - cut[0]), max(0, c[1] - cut[1]), max(0, c[2] - cut[2]))


@lru_cache(maxsize=1024)  # bounded: a long simulation meets many badge sets
def _discounts(earned: tuple[str, ...]) -> tuple[int, int, int]:
    """What the earned badges take off every price, per crystal."""
    deck = badges()
    cut = [0, 0, 0]
    for badge in earned:
        d = deck[badge].discount
        cut[0] += d[0]
        cut[1] += d[1]
        cut[2] += d[2]
    return (cut[0], cut[1], cut[2])


@dataclass(slots=True)
class SpaceParkCtx(Ctx[SpaceParkState]):
    """A step of Space Park in the making (core/rules.py), which tells gains one after
    another in one line."""

    gains: tuple[str, str, int, Event] | None = None
    """The last line told gains: who, of what, how many, and the line."""

    def gain(self, name: str, noun: str) -> None:
        """One more ``noun`` from the supply for ``name``: gains one after another are
        told in one line ("Ann gains 2 Sun crystals."), as they are one to the table."""
        run = self.gains
        if run is not None and run[:2] == (name, noun) and self.events[-1] is run[3]:
            count = run[2] + 1
            self.events[-1] = Event(f"{name} gains {counted(count, noun)}.")
        else:
            count = 1
            self.say(f"{name} gains a {noun}.")
        self.gains = (name, noun, count, self.events[-1])


# -- setup ------------------------------------------------------------------


def new(names: tuple[str, ...], options: SpaceParkOptions, seed: int) -> SpaceParkState:
    """A fresh game for the players ``names`` (their number checked: SP-SETUP-7)."""
    count = len(names)
    rng = Rng.from_seed(seed)
    tiles = list(OTHER_TILES)
    rng.shuffle(tiles)  # SP-SETUP-1
    ring: tuple[Dest, ...] = ("starlight_station", *tiles)
    deck = list(badges())
    rng.shuffle(deck)
    players = [Player(name, [1, 0, 0, 0], 0, [deck.pop()], []) for name in names]
    revealed = [deck.pop() for _ in range(REVEALED)]
    first = options.first_player
    if first == "random":
        first = rng.below(count)
    elif not 0 <= first < count:
        raise ValueError(f"first_player must be a seat from 0 to {count - 1}")
    supply = list(SUPPLY_START)
    supply[SUN] -= count
    return SpaceParkState(
        ring=ring,
        rockets=[ring.index(d) for d in ROCKET_START],
        scout=ring.index("astral_arcade"),
        controller=None,
        supply=supply,
        deck=deck,
        revealed=revealed,
        scout_stack=[],
        players=players,
        first=first,
        active=first,
        turn=1,
        last_round=False,
        idle_turns=0,
        pending=None,
        queue=[],
        over=False,
        rng=rng,
    )


# -- who acts, and how -----------------------------------------------------


def to_act(state: SpaceParkState) -> tuple[int, ...]:
    if state.over:
        return ()
    if state.pending is not None:
        return (state.pending.seat,)
    return (state.active,)


def legal_actions(state: SpaceParkState, seat: int) -> list[Any]:
    if state.over:
        return []
    pending = state.pending
    if pending is not None:
        if seat != pending.seat:
            return []
        if pending.kind == "scout_benefit":
            return [_benefit(seat, "sun"), _benefit(seat, "pass")]
        if pending.kind == "take_from":
            return [_take_from(seat, t) for t in pending.targets]
        return [_keep(seat), *(_exchange(seat, b) for b in state.revealed)]
    if seat != state.active:
        return []
    actions: list[Any] = []
    if state.players[seat].stock[PASS]:
        actions.extend(_fast_travel(seat, state.ring[pos]) for pos in state.rockets)
    for pos in state.rockets:
        actions.extend(_visits(state, seat, pos))
    return actions


# -- apply: the step of core/rules.py --------------------------------------------


def apply(state: SpaceParkState, action: Any) -> Transition[SpaceParkState]:
    """Check the action, then carry it out on the successor of ``state``."""
    return RULES.step(state, action)


# -- validation ------------------------------------------------------------

_DECIDING = "Waiting for {name} to decide."
# What each phase accepts (a decision pending is a phase of its own), and the rule
# refusing any other kind of action there.
PHASES: dict[str, Phase] = {
    "turn": Phase(
        frozenset({"fast_travel", "visit"}),
        refusals={
            "scout_benefit": ("SP-SCOUT-1", "Nobody is choosing a Scout benefit now."),
            "take_from": ("SP-SUPPLY-3", "Nobody is choosing whom to take from now."),
            "keep": ("SP-DEST-5", "No badge has been drawn at Starlight Station."),
            "exchange": ("SP-DEST-5", "No badge has been drawn at Starlight Station."),
        },
    ),
    "scout_benefit": Phase(
        frozenset({"scout_benefit"}),
        "SP-SCOUT-1",
        "First choose the Scout benefit.",
        waiting=_DECIDING,
    ),
    "take_from": Phase(
        frozenset({"take_from"}),
        "SP-SUPPLY-3",
        "First choose whom to take from.",
        waiting=_DECIDING,
    ),
    "starlight": Phase(
        frozenset({"keep", "exchange"}),
        "SP-DEST-5",
        "First keep the drawn badge or exchange it.",
        waiting=_DECIDING,
    ),
    "over": Phase(frozenset(), over=True),
}


def phase(state: SpaceParkState) -> str:
    """The key of ``PHASES`` for ``state``."""
    if state.over:
        return "over"
    return "turn" if state.pending is None else state.pending.kind


def _check_take_from(state: SpaceParkState, action: TakeFrom) -> None:
    pending = state.pending
    assert pending is not None
    if action.target not in pending.targets:
        raise IllegalAction("SP-SUPPLY-3", "Take only from one of the players tied for the most.")


def _check_exchange(state: SpaceParkState, action: Exchange) -> None:
    if action.badge not in state.revealed:
        raise IllegalAction("SP-DEST-5", "Exchange only for a badge on display.")


def _check_fast_travel(state: SpaceParkState, action: FastTravel) -> None:
    if not state.players[action.seat].stock[PASS]:
        raise IllegalAction("SP-FAST-2", "You have no Fast Travel pass.")
    if state.ring.index(action.dest) not in state.rockets:
        raise IllegalAction("SP-FAST-1", f"There is no rocket at {DEST_NAMES[action.dest]}.")


def _check_visit(state: SpaceParkState, action: Visit) -> None:
    """Raise IllegalAction unless there is a rocket at the destination (SP-TURN-2) and
    this visit can be made in full (SP-TURN-3)."""
    dest = action.dest
    name = DEST_NAMES[dest]
    pos = state.ring.index(dest)
    if pos not in state.rockets:
        raise IllegalAction("SP-TURN-2", f"There is no rocket at {name}.")
    solo = len(state.players) == 1
    player = state.players[action.seat]
    if action.scout_to is not None and dest != "astral_arcade":
        raise IllegalAction("SP-DEST-6", "Only a visit to Astral Arcade moves Scout.")
    if (
        action.badge is not None
        and dest != "outpost13"
        and not (solo and dest == "starlight_station")
    ):
        rule = "SP-DEST-5" if dest == "starlight_station" else "SP-DEST-7"
        raise IllegalAction(rule, f"A visit to {name} names no badge.")
    sun = player.stock[SUN]
    if solo and state.scout == pos:  # SP-SOLO-4
        if action.scout_fee is None:
            raise IllegalAction(
                "SP-SOLO-4",
                f"Scout is at {name}: pay a Sun crystal or return the Controller to visit.",
            )
        if action.scout_fee == "controller" and state.controller != action.seat:
            raise IllegalAction("SP-SOLO-4", "You do not hold the Controller.")
        if action.scout_fee == "sun":
            if not sun:
                raise IllegalAction("SP-SOLO-4", "You have no Sun crystal to pay Scout.")
            sun -= 1
    elif action.scout_fee is not None:
        where = "Scout is not here" if solo else "Only in solo play does Scout charge a fee"
        raise IllegalAction("SP-SOLO-4", f"{where}: there is nothing to pay.")
    elif (
        state.scout == pos
        and state.controller == action.seat
        and _can_gain(state, action.seat, SUN)
    ):
        sun += 1  # the visitor's own Scout benefit can be a Sun crystal (SP-SCOUT-2)
    if dest == "fusion_falls" and not sun:
        raise IllegalAction("SP-TURN-3", "Fusion Falls needs a Sun crystal to turn in.")
    if dest == "starlight_station":
        if solo:  # SP-SOLO-5
            top = state.scout_stack[-1:]
            if action.badge is None:
                raise IllegalAction(
                    "SP-SOLO-5", "Name a badge on display or the top of the Scout Stack."
                )
            if action.badge not in state.revealed and action.badge not in top:
                raise IllegalAction(
                    "SP-SOLO-5", "Take a badge on display or the top of the Scout Stack."
                )
        elif not state.deck:
            raise IllegalAction("SP-TURN-3", "The badge deck is empty: there is nothing to draw.")
    if dest == "astral_arcade":
        if action.scout_to is None:
            raise IllegalAction("SP-DEST-6", "Say where Scout goes.")
        if action.scout_to == state.ring[state.scout]:
            raise IllegalAction("SP-DEST-6", "Scout must move to a different destination.")
    if dest == "outpost13":
        if action.badge is None:
            raise IllegalAction("SP-DEST-7", "Name the badge from your hand to earn.")
        if action.badge not in player.hand:
            raise IllegalAction("SP-DEST-7", "That badge is not in your hand.")
        cost = price(player, badges()[action.badge])
        have = (sun, player.stock[1], player.stock[2])
        if any(c > h for c, h in zip(cost, have, strict=True)):
            raise IllegalAction(
                "SP-TURN-3", f"You cannot pay for that badge: it costs {_cost_words(cost)}."
            )


def _visits(state: SpaceParkState, seat: int, pos: int) -> list[Visit]:
    """Every visit ``seat`` may make to ``pos`` (rocket aside): exactly the visits
    ``_check_visit`` accepts, built directly, in the order fee, badge, Scout's
    destination."""
    dest = state.ring[pos]
    solo = len(state.players) == 1
    player = state.players[seat]
    sun = player.stock[SUN]
    # Each way to pay for the visit, with the Sun crystals left for it.
    fees: list[tuple[Literal["sun", "controller"] | None, int]]
    if solo and state.scout == pos:  # SP-SOLO-4
        fees = [("sun", sun - 1)] if sun else []
        if state.controller == seat:
            fees.append(("controller", sun))
    elif state.scout == pos and state.controller == seat and _can_gain(state, seat, SUN):
        fees = [(None, sun + 1)]  # the visitor's own Scout benefit (SP-SCOUT-2)
    else:
        fees = [(None, sun)]
    out: list[Visit] = []
    for fee, suns in fees:
        if dest == "fusion_falls":
            if suns:
                out.append(_visit(seat, dest, None, None, fee))
        elif dest == "starlight_station":
            if solo:  # SP-SOLO-5
                taken = [*state.revealed, *state.scout_stack[-1:]]
                out += [_visit(seat, dest, b, None, fee) for b in taken]
            elif state.deck:
                out.append(_visit(seat, dest, None, None, fee))
        elif dest == "astral_arcade":
            scout = state.ring[state.scout]
            out += [_visit(seat, dest, None, d, fee) for d in state.ring if d != scout]
        elif dest == "outpost13":
            deck = badges()
            for badge in dict.fromkeys(player.hand):
                cost = price(player, deck[badge])
                if cost[0] <= suns and cost[1] <= player.stock[1] and cost[2] <= player.stock[2]:
                    out.append(_visit(seat, dest, badge, None, fee))
        else:
            out.append(_visit(seat, dest, None, None, fee))
    return out


def _can_visit_somewhere(state: SpaceParkState, seat: int) -> bool:
    """Could ``seat`` visit any destination, spending passes first? (SP-TURN-4)"""
    if any(_visits(state, seat, pos) for pos in state.rockets):
        return True
    passes = state.players[seat].stock[PASS]
    for pos in range(RING_SIZE):
        if pos in state.rockets:
            continue
        # The nearest rocket behind reaches ``pos`` one step per pass.
        need = next(k for k in range(1, RING_SIZE) if (pos - k) % RING_SIZE in state.rockets)
        if need <= passes and _visits(state, seat, pos):
            return True
    return False


def _can_gain(state: SpaceParkState, seat: int, slot: int) -> bool:
    return bool(state.supply[slot]) or any(
        p.stock[slot] for i, p in enumerate(state.players) if i != seat
    )


# -- doing -------------------------------------------------------------------


def _do_fast_travel(ctx: SpaceParkCtx, action: FastTravel) -> None:
    state = ctx.state
    player = state.players[action.seat]
    player.stock[PASS] -= 1
    state.supply[PASS] += 1
    start = state.ring.index(action.dest)
    end = next_open(state.rockets, start)
    state.rockets[state.rockets.index(start)] = end
    ctx.say(
        f"{player.name} spends a Fast Travel pass: the rocket at {DEST_NAMES[action.dest]} "
        f"moves to {DEST_NAMES[state.ring[end]]}."
    )
    if not _can_visit_somewhere(state, action.seat):
        _pass_turn(ctx)
        _finish_turn(ctx)


def _do_visit(ctx: SpaceParkCtx, action: Visit) -> None:
    state = ctx.state
    player = state.players[action.seat]
    pos = state.ring.index(action.dest)
    state.idle_turns = 0
    ctx.say(f"{player.name} visits {DEST_NAMES[action.dest]}.")
    if action.scout_fee == "sun":  # SP-SOLO-4
        player.stock[SUN] -= 1
        state.supply[SUN] += 1
        ctx.say(f"{player.name} pays Scout a Sun crystal.")
    elif action.scout_fee == "controller":
        state.controller = None
        ctx.say(f"{player.name} returns the Controller to pay Scout.")
    steps: list[Step] = []
    if len(state.players) > 1 and state.scout == pos and state.controller is not None:
        steps.append(Step("benefit", state.controller))  # SP-SCOUT-1, before the action
    dest = action.dest
    if dest in GAINS:
        steps.extend(Step("gain", action.seat, r) for r in GAINS[dest])
    elif dest == "fusion_falls":
        steps.append(Step("falls", action.seat))
    elif dest == "starlight_station":
        steps.append(
            Step("take" if len(state.players) == 1 else "draw", action.seat, action.badge or "")
        )
    elif dest == "astral_arcade":
        assert action.scout_to is not None
        steps.append(Step("controller", action.seat))
        steps.append(Step("scout", action.seat, action.scout_to))
        steps.append(Step("gain", action.seat, "pass"))
    else:
        assert action.badge is not None
        steps.append(Step("earn", action.seat, action.badge))
    steps.append(Step("move", action.seat, dest))
    state.queue = steps


def _decided(state: SpaceParkState) -> Pending:
    """The pending decision, answered: the queued steps resume after it (``_run``)."""
    pending = state.pending
    assert pending is not None
    state.pending = None
    return pending


def _do_scout_benefit(ctx: SpaceParkCtx, action: ScoutBenefit) -> None:
    state = ctx.state
    _decided(state)
    holder = state.players[action.seat].name
    ctx.say(f"{holder} (Controller) takes the Scout benefit: a {_noun(action.take)}.")
    state.queue.insert(0, Step("gain", action.seat, action.take))  # SP-SCOUT-2


def _do_take_from(ctx: SpaceParkCtx, action: TakeFrom) -> None:
    pending = _decided(ctx.state)
    _transfer(ctx, action.target, action.seat, pending.resource)


def _do_keep(ctx: SpaceParkCtx, action: Keep) -> None:
    state = ctx.state
    pending = _decided(state)
    assert pending.drawn is not None
    state.players[action.seat].hand.append(pending.drawn)
    ctx.say(f"{state.players[action.seat].name} keeps the drawn badge.")


def _do_exchange(ctx: SpaceParkCtx, action: Exchange) -> None:
    state = ctx.state
    pending = _decided(state)
    assert pending.drawn is not None
    state.revealed[state.revealed.index(action.badge)] = pending.drawn
    state.players[action.seat].hand.append(action.badge)
    deck = badges()
    ctx.say(
        f"{state.players[action.seat].name} takes {deck[action.badge].name} from the display; "
        f"{deck[pending.drawn].name} goes on display."
    )
    ctx.hidden = True  # the drawn badge is now face up


def _run(ctx: SpaceParkCtx) -> None:
    """Resolve queued steps until a decision is needed (the last step ends the turn)."""
    state = ctx.state
    while state.pending is None and state.queue:
        _step(ctx, state.queue.pop(0))


def _step(ctx: SpaceParkCtx, step: Step) -> None:
    state = ctx.state
    player = state.players[step.seat]
    deck = badges()
    op = step.op
    if op == "benefit":
        state.pending = Pending("scout_benefit", step.seat)
    elif op == "gain":
        _gain(ctx, step.seat, RESOURCES.index(step.arg))
    elif op == "falls":  # SP-DEST-4
        if player.stock[SUN]:
            player.stock[SUN] -= 1
            state.supply[SUN] += 1
            player.xp_tokens += 1
            ctx.say(f"{player.name} turns in a Sun crystal for 1 XP.")
        else:  # SP-SCOUT-5
            ctx.say(f"{player.name} has no Sun crystal left: Fusion Falls gives nothing.")
    elif op == "draw":  # SP-DEST-5
        drawn = state.deck.pop()
        state.pending = Pending("starlight", step.seat, drawn=drawn)
        ctx.hidden = True
        ctx.say(f"{player.name} draws a badge.")
        ctx.say(f"You drew {deck[drawn].name}.", private_to=step.seat)
    elif op == "take":  # SP-SOLO-5
        if step.arg in state.revealed:
            state.revealed.remove(step.arg)
            where = "the display"
        else:
            state.scout_stack.pop()
            where = "the Scout Stack"
        player.hand.append(step.arg)
        ctx.say(f"{player.name} takes {deck[step.arg].name} from {where}.")
    elif op == "controller":  # SP-DEST-6
        held = state.controller == step.seat
        state.controller = step.seat
        ctx.say(f"{player.name} {'keeps' if held else 'takes'} the Controller.")
    elif op == "scout":
        state.scout = state.ring.index(step.arg)
        ctx.say(f"{player.name} sends Scout to {DEST_NAMES[state.ring[state.scout]]}.")
    elif op == "earn":
        _earn(ctx, step.seat, deck[step.arg])
    else:  # "move": the visited rocket orbits on (SP-MOVE-1), then the turn ends
        start = state.ring.index(step.arg)
        end = next_open(state.rockets, start)
        state.rockets[state.rockets.index(start)] = end
        moved = f"{DEST_NAMES[state.ring[start]]} moves on to {DEST_NAMES[state.ring[end]]}"
        ctx.say(f"The rocket at {moved}.")
        _finish_turn(ctx)


def _earn(ctx: SpaceParkCtx, seat: int, badge: Badge) -> None:
    """SP-DEST-7 / SP-BADGE-2: pay, lay it face up, take XP and ability."""
    state = ctx.state
    player = state.players[seat]
    cost = price(player, badge)
    if any(c > player.stock[i] for i, c in enumerate(cost)):  # SP-SCOUT-5
        ctx.say(f"{player.name} can no longer pay for the badge: Outpost 13 gives nothing.")
        return
    for i, c in enumerate(cost):
        player.stock[i] -= c
        state.supply[i] += c
    before = xp_of(player)
    player.hand.remove(badge.id)
    player.earned.append(badge.id)
    gain = xp_of(player) - before
    bonus = f", {gain - badge.xp} of them from badge bonuses" if gain > badge.xp else ""
    ctx.say(f"{player.name} earns {badge.name} for {_cost_words(cost)} (+{gain} XP{bonus}).")
    gains = [
        Step("gain", seat, RESOURCES[slot])
        for slot, amount in enumerate(badge.gains)
        for _ in range(amount)
    ]
    state.queue[0:0] = gains  # SP-BADGE-6: immediate gains come before the rocket moves


def _gain(ctx: SpaceParkCtx, seat: int, slot: int) -> None:
    """Gain one of a resource; from a player if the supply is out (SP-SUPPLY-2)."""
    state = ctx.state
    player = state.players[seat]
    noun = RESOURCE_NAMES[slot]
    if state.supply[slot]:
        state.supply[slot] -= 1
        player.stock[slot] += 1
        ctx.gain(player.name, noun)
        return
    most = max((p.stock[slot] for i, p in enumerate(state.players) if i != seat), default=0)
    if not most:
        ctx.say(f"{player.name} would gain a {noun}, but there is none to take.")
        return
    tied = tuple(i for i, p in enumerate(state.players) if i != seat and p.stock[slot] == most)
    if len(tied) == 1:
        _transfer(ctx, tied[0], seat, slot)
    else:  # SP-SUPPLY-3
        state.pending = Pending("take_from", seat, resource=slot, targets=tied)


def _transfer(ctx: SpaceParkCtx, giver: int, taker: int, slot: int) -> None:
    state = ctx.state
    state.players[giver].stock[slot] -= 1
    state.players[taker].stock[slot] += 1
    ctx.say(
        f"The supply is out: {state.players[taker].name} takes a {RESOURCE_NAMES[slot]} "
        f"from {state.players[giver].name}."
    )


# -- turns ---------------------------------------------------------------------


def _pass_turn(ctx: SpaceParkCtx) -> None:
    """SP-TURN-4 / SP-SOLO-6: no visit is possible; the turn still counts."""
    state = ctx.state
    state.idle_turns += 1
    verb = "is skipped" if len(state.players) == 1 else "passes"
    ctx.say(f"{state.players[state.active].name} cannot visit any destination: the turn {verb}.")


def _finish_turn(ctx: SpaceParkCtx) -> None:
    state = ctx.state
    if len(state.players) == 1:
        _finish_solo_turn(ctx)
        return
    count = len(state.players)
    while True:
        if not state.last_round:
            leader = next((p for p in state.players if xp_of(p) >= WIN_XP), None)
            if leader is not None:  # SP-END-1
                state.last_round = True
                ctx.say(f"{leader.name} has {WIN_XP} XP or more: this is the last round.")
        if state.last_round and state.active == (state.first - 1) % count:
            state.over = True
            ctx.say("The round is complete: the game is over.")
            return
        if state.idle_turns >= count:  # SP-TURN-5
            state.over = True
            ctx.say("Nobody could visit any destination for a whole round: the game is over.")
            return
        state.active = (state.active + 1) % count
        state.turn += 1
        if _can_visit_somewhere(state, state.active):
            return
        _pass_turn(ctx)


def _finish_solo_turn(ctx: SpaceParkCtx) -> None:
    state = ctx.state
    player = state.players[0]
    deck = badges()
    while True:
        if xp_of(player) >= WIN_XP:  # SP-SOLO-7
            state.over = True
            ctx.say(f"{player.name} reaches {xp_of(player)} XP and wins!")
            return
        if not state.deck:  # SP-SOLO-8
            state.over = True
            ctx.say("Scout must draw from an empty deck: Scout wins.")
            return
        card = deck[state.deck.pop()]
        state.scout_stack.append(card.id)
        ctx.hidden = True
        target = TYPE_DEST.get(card.type)
        if target is not None and state.ring[state.scout] != target:  # SP-SOLO-1
            state.scout = state.ring.index(target)
            ctx.say(f"Scout draws {card.name} and moves to {DEST_NAMES[target]}.")
        else:  # SP-SOLO-2, SP-SOLO-3: every rocket one step, none jumping another
            state.rockets = [(r + 1) % RING_SIZE for r in state.rockets]
            ctx.say(f"Scout draws {card.name}: every rocket advances one destination.")
        state.turn += 1
        if _can_visit_somewhere(state, 0):
            return
        _pass_turn(ctx)


# -- the tables of the step ---------------------------------------------------------

# Each kind of action: its own conditions (after whose turn or decision it is), if any.
CHECKS: dict[str, Callable[[SpaceParkState, Any], None]] = {
    "fast_travel": _check_fast_travel,
    "visit": _check_visit,
    "take_from": _check_take_from,
    "exchange": _check_exchange,
}
# Each kind of action: what it does to the successor; the queued steps then run (``_run``).
HANDLERS: dict[str, Callable[[SpaceParkCtx, Any], None]] = {
    "fast_travel": _do_fast_travel,
    "visit": _do_visit,
    "scout_benefit": _do_scout_benefit,
    "take_from": _do_take_from,
    "keep": _do_keep,
    "exchange": _do_exchange,
}


def _begin(state: SpaceParkState, action: Any) -> SpaceParkCtx:
    return SpaceParkCtx(state.successor())


RULES: Rules[SpaceParkState, SpaceParkCtx] = Rules(
    phases=PHASES,
    checks=CHECKS,
    handlers=HANDLERS,
    begin=_begin,
    phase=phase,
    names=lambda state: [p.name for p in state.players],
    to_act=to_act,
    settle=_run,
)


# -- results and views -------------------------------------------------------


def outcome(state: SpaceParkState) -> Outcome | None:
    if not state.over:
        return None
    players = state.players
    scores = tuple(xp_of(p) for p in players)
    if len(players) == 1:
        name = players[0].name
        if scores[0] >= WIN_XP:
            return Outcome(scores=scores, winners=(0,), summary=f"{name} wins with {scores[0]} XP.")
        return Outcome(
            scores=scores,
            winners=(),
            summary=f"Scout wins: the deck ran out with {name} at {scores[0]} XP.",
        )
    count = len(players)
    best = max(scores)
    tied = [i for i in range(count) if scores[i] == best]
    trail: list[str] = []
    if len(tied) > 1:  # SP-END-3
        trail.append(f"Tied at {best} XP: {_names(players, tied)}.")
        most = max(crystals_of(players[i]) for i in tied)
        tied = [i for i in tied if crystals_of(players[i]) == most]
        trail.append(f"Most crystals ({most}): {_names(players, tied)}.")
        if len(tied) > 1:  # SP-END-4
            tied = [max(tied, key=lambda i: (i - state.first) % count)]
            trail.append(f"Still tied: {players[tied[0]].name} is latest in turn order.")
    winner = tied[0]
    return Outcome(
        scores=scores,
        winners=(winner,),
        summary=f"{players[winner].name} wins with {best} XP.",
        tie_break=tuple(trail),
    )


def _noun(resource: str) -> str:
    return RESOURCE_NAMES[RESOURCES.index(resource)]


def _names(players: list[Player], seats: list[int]) -> str:
    return ", ".join(players[i].name for i in seats)


def _cost_words(cost: tuple[int, int, int]) -> str:
    parts = [f"{n} {CRYSTALS[i].capitalize()}" for i, n in enumerate(cost) if n]
    return f"{' + '.join(parts)} {noun_for(sum(cost), 'crystal')}" if parts else "nothing"
