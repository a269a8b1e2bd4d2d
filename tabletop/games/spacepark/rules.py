"""Space Park's rules (seeds/spacepark.md): setup, who acts, the legal actions,
``check`` (a refusal names its rule), ``apply`` (check, then act on the successor),
scoring and the outcome. Rule ids in comments and refusals."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any, Literal

from tabletop.core.engine import MALFORMED_ACTION, Event, Outcome, Transition
from tabletop.core.errors import IllegalAction
from tabletop.core.rng import Rng
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
    State,
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


class _Log:
    """What one ``apply`` says, and whether it drew or revealed a card."""

    __slots__ = ("_gains", "events", "hidden")

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.hidden = False
        self._gains: tuple[str, str, int, Event] | None = None
        """The last line told gains: who, of what, how many, and the line."""

    def say(self, text: str, private_to: int | None = None) -> None:
        self.events.append(Event(text, private_to))

    def gain(self, name: str, noun: str) -> None:
        """One more ``noun`` from the supply for ``name``: gains one after another are
        told in one line ("Ann gains 2 Sun crystals."), as they are one to the table."""
        run = self._gains
        if run is not None and run[:2] == (name, noun) and self.events[-1] is run[3]:
            count = run[2] + 1
            self.events[-1] = Event(f"{name} gains {counted(count, noun)}.")
        else:
            count = 1
            self.say(f"{name} gains a {noun}.")
        self._gains = (name, noun, count, self.events[-1])


# -- setup ------------------------------------------------------------------


def new(names: tuple[str, ...], options: SpaceParkOptions, seed: int) -> State:
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
    return State(
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


def to_act(state: State) -> tuple[int, ...]:
    if state.over:
        return ()
    if state.pending is not None:
        return (state.pending.seat,)
    return (state.active,)


def legal_actions(state: State, seat: int) -> list[Any]:
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


# -- apply -----------------------------------------------------------------


def apply(state: State, action: Any) -> Transition[State]:
    """Check the action, then carry it out on the successor of ``state``."""
    check(state, action)
    s = state.successor()
    log = _Log()
    if isinstance(action, FastTravel):
        _do_fast_travel(s, action, log)
    elif isinstance(action, Visit):
        _do_visit(s, action, log)
    else:
        _do_decision(s, action, log)
    _run(s, log)
    return Transition(s, tuple(log.events), log.hidden)


# -- validation ------------------------------------------------------------


def check(s: State, action: Any) -> None:
    """Raise IllegalAction, naming the rule, if the action may not be taken now; changes
    nothing. Checked in a fixed order."""
    if not 0 <= action.seat < len(s.players):
        raise IllegalAction(MALFORMED_ACTION, f"there is no seat {action.seat}")
    if s.over:
        raise IllegalAction("SP-END-5", "The game is over.")
    pending = s.pending
    names = [p.name for p in s.players]
    if pending is not None:
        if action.seat != pending.seat:
            raise IllegalAction("SP-TURN-1", f"Waiting for {names[pending.seat]} to decide.")
        if pending.kind == "scout_benefit":
            if not isinstance(action, ScoutBenefit):
                raise IllegalAction("SP-SCOUT-1", "First choose the Scout benefit.")
            return
        if pending.kind == "take_from":
            if not isinstance(action, TakeFrom):
                raise IllegalAction("SP-SUPPLY-3", "First choose whom to take from.")
            if action.target not in pending.targets:
                raise IllegalAction(
                    "SP-SUPPLY-3", "Take only from one of the players tied for the most."
                )
            return
        if isinstance(action, Keep):
            return
        if not isinstance(action, Exchange):
            raise IllegalAction("SP-DEST-5", "First keep the drawn badge or exchange it.")
        if action.badge not in s.revealed:
            raise IllegalAction("SP-DEST-5", "Exchange only for a badge on display.")
        return
    if action.seat != s.active:
        raise IllegalAction("SP-TURN-1", f"It is {names[s.active]}'s turn.")
    if isinstance(action, ScoutBenefit):
        raise IllegalAction("SP-SCOUT-1", "Nobody is choosing a Scout benefit now.")
    if isinstance(action, TakeFrom):
        raise IllegalAction("SP-SUPPLY-3", "Nobody is choosing whom to take from now.")
    if isinstance(action, Keep | Exchange):
        raise IllegalAction("SP-DEST-5", "No badge has been drawn at Starlight Station.")
    pos = s.ring.index(action.dest)
    if isinstance(action, FastTravel):
        if not s.players[action.seat].stock[PASS]:
            raise IllegalAction("SP-FAST-2", "You have no Fast Travel pass.")
        if pos not in s.rockets:
            raise IllegalAction("SP-FAST-1", f"There is no rocket at {DEST_NAMES[action.dest]}.")
        return
    if pos not in s.rockets:
        raise IllegalAction("SP-TURN-2", f"There is no rocket at {DEST_NAMES[action.dest]}.")
    _check_visit(s, action)


def _check_visit(s: State, a: Visit) -> None:
    """Raise IllegalAction unless this visit can be made in full (SP-TURN-3), rocket aside."""
    dest = a.dest
    name = DEST_NAMES[dest]
    solo = len(s.players) == 1
    player = s.players[a.seat]
    pos = s.ring.index(dest)
    if a.scout_to is not None and dest != "astral_arcade":
        raise IllegalAction("SP-DEST-6", "Only a visit to Astral Arcade moves Scout.")
    if a.badge is not None and dest != "outpost13" and not (solo and dest == "starlight_station"):
        rule = "SP-DEST-5" if dest == "starlight_station" else "SP-DEST-7"
        raise IllegalAction(rule, f"A visit to {name} names no badge.")
    sun = player.stock[SUN]
    if solo and s.scout == pos:  # SP-SOLO-4
        if a.scout_fee is None:
            raise IllegalAction(
                "SP-SOLO-4",
                f"Scout is at {name}: pay a Sun crystal or return the Controller to visit.",
            )
        if a.scout_fee == "controller" and s.controller != a.seat:
            raise IllegalAction("SP-SOLO-4", "You do not hold the Controller.")
        if a.scout_fee == "sun":
            if not sun:
                raise IllegalAction("SP-SOLO-4", "You have no Sun crystal to pay Scout.")
            sun -= 1
    elif a.scout_fee is not None:
        where = "Scout is not here" if solo else "Only in solo play does Scout charge a fee"
        raise IllegalAction("SP-SOLO-4", f"{where}: there is nothing to pay.")
    elif s.scout == pos and s.controller == a.seat and _can_gain(s, a.seat, SUN):
        sun += 1  # the visitor's own Scout benefit can be a Sun crystal (SP-SCOUT-2)
    if dest == "fusion_falls" and not sun:
        raise IllegalAction("SP-TURN-3", "Fusion Falls needs a Sun crystal to turn in.")
    if dest == "starlight_station":
        if solo:  # SP-SOLO-5
            top = s.scout_stack[-1:]
            if a.badge is None:
                raise IllegalAction(
                    "SP-SOLO-5", "Name a badge on display or the top of the Scout Stack."
                )
            if a.badge not in s.revealed and a.badge not in top:
                raise IllegalAction(
                    "SP-SOLO-5", "Take a badge on display or the top of the Scout Stack."
                )
        elif not s.deck:
            raise IllegalAction("SP-TURN-3", "The badge deck is empty: there is nothing to draw.")
    if dest == "astral_arcade":
        if a.scout_to is None:
            raise IllegalAction("SP-DEST-6", "Say where Scout goes.")
        if a.scout_to == s.ring[s.scout]:
            raise IllegalAction("SP-DEST-6", "Scout must move to a different destination.")
    if dest == "outpost13":
        if a.badge is None:
            raise IllegalAction("SP-DEST-7", "Name the badge from your hand to earn.")
        if a.badge not in player.hand:
            raise IllegalAction("SP-DEST-7", "That badge is not in your hand.")
        cost = price(player, badges()[a.badge])
        have = (sun, player.stock[1], player.stock[2])
        if any(c > h for c, h in zip(cost, have, strict=True)):
            raise IllegalAction(
                "SP-TURN-3", f"You cannot pay for that badge: it costs {_cost_words(cost)}."
            )


def _visits(s: State, seat: int, pos: int) -> list[Visit]:
    """Every visit ``seat`` may make to ``pos`` (rocket aside): exactly the visits
    ``_check_visit`` accepts, built directly, in the order fee, badge, Scout's
    destination."""
    dest = s.ring[pos]
    solo = len(s.players) == 1
    player = s.players[seat]
    sun = player.stock[SUN]
    # Each way to pay for the visit, with the Sun crystals left for it.
    fees: list[tuple[Literal["sun", "controller"] | None, int]]
    if solo and s.scout == pos:  # SP-SOLO-4
        fees = [("sun", sun - 1)] if sun else []
        if s.controller == seat:
            fees.append(("controller", sun))
    elif s.scout == pos and s.controller == seat and _can_gain(s, seat, SUN):
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
                taken = [*s.revealed, *s.scout_stack[-1:]]
                out += [_visit(seat, dest, b, None, fee) for b in taken]
            elif s.deck:
                out.append(_visit(seat, dest, None, None, fee))
        elif dest == "astral_arcade":
            scout = s.ring[s.scout]
            out += [_visit(seat, dest, None, d, fee) for d in s.ring if d != scout]
        elif dest == "outpost13":
            deck = badges()
            for badge in dict.fromkeys(player.hand):
                cost = price(player, deck[badge])
                if cost[0] <= suns and cost[1] <= player.stock[1] and cost[2] <= player.stock[2]:
                    out.append(_visit(seat, dest, badge, None, fee))
        else:
            out.append(_visit(seat, dest, None, None, fee))
    return out


def _can_visit_somewhere(s: State, seat: int) -> bool:
    """Could ``seat`` visit any destination, spending passes first? (SP-TURN-4)"""
    if any(_visits(s, seat, pos) for pos in s.rockets):
        return True
    passes = s.players[seat].stock[PASS]
    for pos in range(RING_SIZE):
        if pos in s.rockets:
            continue
        # The nearest rocket behind reaches ``pos`` one step per pass.
        need = next(k for k in range(1, RING_SIZE) if (pos - k) % RING_SIZE in s.rockets)
        if need <= passes and _visits(s, seat, pos):
            return True
    return False


def _can_gain(s: State, seat: int, slot: int) -> bool:
    return bool(s.supply[slot]) or any(p.stock[slot] for i, p in enumerate(s.players) if i != seat)


# -- doing -------------------------------------------------------------------


def _do_fast_travel(s: State, a: FastTravel, log: _Log) -> None:
    player = s.players[a.seat]
    player.stock[PASS] -= 1
    s.supply[PASS] += 1
    start = s.ring.index(a.dest)
    end = next_open(s.rockets, start)
    s.rockets[s.rockets.index(start)] = end
    log.say(
        f"{player.name} spends a Fast Travel pass: the rocket at {DEST_NAMES[a.dest]} "
        f"moves to {DEST_NAMES[s.ring[end]]}."
    )
    if not _can_visit_somewhere(s, a.seat):
        _pass_turn(s, log)
        _finish_turn(s, log)


def _do_visit(s: State, a: Visit, log: _Log) -> None:
    player = s.players[a.seat]
    pos = s.ring.index(a.dest)
    s.idle_turns = 0
    log.say(f"{player.name} visits {DEST_NAMES[a.dest]}.")
    if a.scout_fee == "sun":  # SP-SOLO-4
        player.stock[SUN] -= 1
        s.supply[SUN] += 1
        log.say(f"{player.name} pays Scout a Sun crystal.")
    elif a.scout_fee == "controller":
        s.controller = None
        log.say(f"{player.name} returns the Controller to pay Scout.")
    steps: list[Step] = []
    if len(s.players) > 1 and s.scout == pos and s.controller is not None:
        steps.append(Step("benefit", s.controller))  # SP-SCOUT-1, before the action
    dest = a.dest
    if dest in GAINS:
        steps.extend(Step("gain", a.seat, r) for r in GAINS[dest])
    elif dest == "fusion_falls":
        steps.append(Step("falls", a.seat))
    elif dest == "starlight_station":
        steps.append(Step("take" if len(s.players) == 1 else "draw", a.seat, a.badge or ""))
    elif dest == "astral_arcade":
        assert a.scout_to is not None
        steps.append(Step("controller", a.seat))
        steps.append(Step("scout", a.seat, a.scout_to))
        steps.append(Step("gain", a.seat, "pass"))
    else:
        assert a.badge is not None
        steps.append(Step("earn", a.seat, a.badge))
    steps.append(Step("move", a.seat, dest))
    s.queue = steps


def _do_decision(s: State, action: Any, log: _Log) -> None:
    """The answer to the pending decision; the queued steps then resume."""
    pending = s.pending
    assert pending is not None
    s.pending = None
    if isinstance(action, ScoutBenefit):
        holder = s.players[action.seat].name
        log.say(f"{holder} (Controller) takes the Scout benefit: a {_noun(action.take)}.")
        s.queue.insert(0, Step("gain", action.seat, action.take))  # SP-SCOUT-2
    elif isinstance(action, TakeFrom):
        _transfer(s, action.target, action.seat, pending.resource, log)
    elif isinstance(action, Keep):
        assert pending.drawn is not None
        s.players[action.seat].hand.append(pending.drawn)
        log.say(f"{s.players[action.seat].name} keeps the drawn badge.")
    elif isinstance(action, Exchange):
        assert pending.drawn is not None
        s.revealed[s.revealed.index(action.badge)] = pending.drawn
        s.players[action.seat].hand.append(action.badge)
        deck = badges()
        log.say(
            f"{s.players[action.seat].name} takes {deck[action.badge].name} from the display; "
            f"{deck[pending.drawn].name} goes on display."
        )
        log.hidden = True  # the drawn badge is now face up


def _run(s: State, log: _Log) -> None:
    """Resolve queued steps until a decision is needed (the last step ends the turn)."""
    while s.pending is None and s.queue:
        _step(s, s.queue.pop(0), log)


def _step(s: State, step: Step, log: _Log) -> None:
    player = s.players[step.seat]
    deck = badges()
    op = step.op
    if op == "benefit":
        s.pending = Pending("scout_benefit", step.seat)
    elif op == "gain":
        _gain(s, step.seat, RESOURCES.index(step.arg), log)
    elif op == "falls":  # SP-DEST-4
        if player.stock[SUN]:
            player.stock[SUN] -= 1
            s.supply[SUN] += 1
            player.xp_tokens += 1
            log.say(f"{player.name} turns in a Sun crystal for 1 XP.")
        else:  # SP-SCOUT-5
            log.say(f"{player.name} has no Sun crystal left: Fusion Falls gives nothing.")
    elif op == "draw":  # SP-DEST-5
        drawn = s.deck.pop()
        s.pending = Pending("starlight", step.seat, drawn=drawn)
        log.hidden = True
        log.say(f"{player.name} draws a badge.")
        log.say(f"You drew {deck[drawn].name}.", private_to=step.seat)
    elif op == "take":  # SP-SOLO-5
        if step.arg in s.revealed:
            s.revealed.remove(step.arg)
            where = "the display"
        else:
            s.scout_stack.pop()
            where = "the Scout Stack"
        player.hand.append(step.arg)
        log.say(f"{player.name} takes {deck[step.arg].name} from {where}.")
    elif op == "controller":  # SP-DEST-6
        held = s.controller == step.seat
        s.controller = step.seat
        log.say(f"{player.name} {'keeps' if held else 'takes'} the Controller.")
    elif op == "scout":
        s.scout = s.ring.index(step.arg)
        log.say(f"{player.name} sends Scout to {DEST_NAMES[s.ring[s.scout]]}.")
    elif op == "earn":
        _earn(s, step.seat, deck[step.arg], log)
    else:  # "move": the visited rocket orbits on (SP-MOVE-1), then the turn ends
        start = s.ring.index(step.arg)
        end = next_open(s.rockets, start)
        s.rockets[s.rockets.index(start)] = end
        moved = f"{DEST_NAMES[s.ring[start]]} moves on to {DEST_NAMES[s.ring[end]]}"
        log.say(f"The rocket at {moved}.")
        _finish_turn(s, log)


def _earn(s: State, seat: int, badge: Badge, log: _Log) -> None:
    """SP-DEST-7 / SP-BADGE-2: pay, lay it face up, take XP and ability."""
    player = s.players[seat]
    cost = price(player, badge)
    if any(c > player.stock[i] for i, c in enumerate(cost)):  # SP-SCOUT-5
        log.say(f"{player.name} can no longer pay for the badge: Outpost 13 gives nothing.")
        return
    for i, c in enumerate(cost):
        player.stock[i] -= c
        s.supply[i] += c
    before = xp_of(player)
    player.hand.remove(badge.id)
    player.earned.append(badge.id)
    gain = xp_of(player) - before
    bonus = f", {gain - badge.xp} of them from badge bonuses" if gain > badge.xp else ""
    log.say(f"{player.name} earns {badge.name} for {_cost_words(cost)} (+{gain} XP{bonus}).")
    gains = [
        Step("gain", seat, RESOURCES[slot])
        for slot, amount in enumerate(badge.gains)
        for _ in range(amount)
    ]
    s.queue[0:0] = gains  # SP-BADGE-6: immediate gains come before the rocket moves


def _gain(s: State, seat: int, slot: int, log: _Log) -> None:
    """Gain one of a resource; from a player if the supply is out (SP-SUPPLY-2)."""
    player = s.players[seat]
    noun = RESOURCE_NAMES[slot]
    if s.supply[slot]:
        s.supply[slot] -= 1
        player.stock[slot] += 1
        log.gain(player.name, noun)
        return
    most = max((p.stock[slot] for i, p in enumerate(s.players) if i != seat), default=0)
    if not most:
        log.say(f"{player.name} would gain a {noun}, but there is none to take.")
        return
    tied = tuple(i for i, p in enumerate(s.players) if i != seat and p.stock[slot] == most)
    if len(tied) == 1:
        _transfer(s, tied[0], seat, slot, log)
    else:  # SP-SUPPLY-3
        s.pending = Pending("take_from", seat, resource=slot, targets=tied)


def _transfer(s: State, giver: int, taker: int, slot: int, log: _Log) -> None:
    s.players[giver].stock[slot] -= 1
    s.players[taker].stock[slot] += 1
    log.say(
        f"The supply is out: {s.players[taker].name} takes a {RESOURCE_NAMES[slot]} "
        f"from {s.players[giver].name}."
    )


# -- turns ---------------------------------------------------------------------


def _pass_turn(s: State, log: _Log) -> None:
    """SP-TURN-4 / SP-SOLO-6: no visit is possible; the turn still counts."""
    s.idle_turns += 1
    verb = "is skipped" if len(s.players) == 1 else "passes"
    log.say(f"{s.players[s.active].name} cannot visit any destination: the turn {verb}.")


def _finish_turn(s: State, log: _Log) -> None:
    if len(s.players) == 1:
        _finish_solo_turn(s, log)
        return
    count = len(s.players)
    while True:
        if not s.last_round:
            leader = next((p for p in s.players if xp_of(p) >= WIN_XP), None)
            if leader is not None:  # SP-END-1
                s.last_round = True
                log.say(f"{leader.name} has {WIN_XP} XP or more: this is the last round.")
        if s.last_round and s.active == (s.first - 1) % count:
            s.over = True
            log.say("The round is complete: the game is over.")
            return
        if s.idle_turns >= count:  # SP-TURN-5
            s.over = True
            log.say("Nobody could visit any destination for a whole round: the game is over.")
            return
        s.active = (s.active + 1) % count
        s.turn += 1
        if _can_visit_somewhere(s, s.active):
            return
        _pass_turn(s, log)


def _finish_solo_turn(s: State, log: _Log) -> None:
    player = s.players[0]
    deck = badges()
    while True:
        if xp_of(player) >= WIN_XP:  # SP-SOLO-7
            s.over = True
            log.say(f"{player.name} reaches {xp_of(player)} XP and wins!")
            return
        if not s.deck:  # SP-SOLO-8
            s.over = True
            log.say("Scout must draw from an empty deck: Scout wins.")
            return
        card = deck[s.deck.pop()]
        s.scout_stack.append(card.id)
        log.hidden = True
        target = TYPE_DEST.get(card.type)
        if target is not None and s.ring[s.scout] != target:  # SP-SOLO-1
            s.scout = s.ring.index(target)
            log.say(f"Scout draws {card.name} and moves to {DEST_NAMES[target]}.")
        else:  # SP-SOLO-2, SP-SOLO-3: every rocket one step, none jumping another
            s.rockets = [(r + 1) % RING_SIZE for r in s.rockets]
            log.say(f"Scout draws {card.name}: every rocket advances one destination.")
        s.turn += 1
        if _can_visit_somewhere(s, 0):
            return
        _pass_turn(s, log)


# -- results and views -------------------------------------------------------


def outcome(state: State) -> Outcome | None:
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
