"""PocketParks' rules (seeds/pocketparks.md): setup, who acts, the legal actions,
the checks (a refusal names its rule), ``apply`` (check, then act on the successor and
settle), the round flow and the outcome. Rule ids in comments and refusals.

``apply`` is the step of the skeleton in core/rules.py, filled in by ``RULES``: the
phases and what each allows (``PHASES``), the checks and handlers per kind of action.
The functions that change a state work on the successor in a ``PocketParksCtx``,
which collects the log lines and whether something hidden was drawn or revealed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from tabletop.core.engine import Outcome, Transition
from tabletop.core.errors import IllegalAction
from tabletop.core.rng import Rng
from tabletop.core.rules import Ctx, Phase, Rules
from tabletop.core.words import counted
from tabletop.games.pocketparks.content import Effect, load_content
from tabletop.games.pocketparks.model import (
    NO_CARD,
    NO_SEAT,
    ROUNDS,
    TOUR_SIZES,
    AddCard,
    Cancel,
    Claim,
    Confirm,
    Discard,
    Draft,
    Draw,
    EventPlay,
    ParkTour,
    Pass,
    Pay,
    Player,
    PlayEvent,
    PocketParksState,
    PPAction,
    PPOptions,
    React,
    RoundResult,
    SetScore,
    StartBuild,
    StartSet,
    StartSteal,
    Take,
    TakeRandom,
    TourPick,
    Window,
    WindowKind,
)

CONTENT = load_content()
MASK = CONTENT.mask
NUMBER = CONTENT.number
NAME = CONTENT.name
PARKS = len(CONTENT.parks)
DARK = CONTENT.dark_bit
THEME = DARK - 1  # every theme icon bit, without dark sky
ALL_ICONS = THEME | DARK
EFFECT: tuple[Effect | None, ...] = (None,) * PARKS + tuple(e.effect for e in CONTENT.events)
EFFECT_NAME: dict[Effect, str] = {e.effect: e.name for e in CONTENT.events}
COLOUR: tuple[str | None, ...] = (None,) * PARKS + tuple(e.colour for e in CONTENT.events)

DEAL = 6
HAND_LIMIT = 9
MAX_SET = 4  # by playing or building (PP-SET-4)
TOUR_SET = 5
NINE = 9
UNSTEALABLE = (TOUR_SET, NINE)  # PP-TOUR-6
WINNER_POINTS = {2: 1, 3: 1, 4: 2, 5: 2, 9: 9}  # PP-SCORE-1
OTHER_POINTS = {3: 1, 4: 2, 5: 2}
REACTIVE: tuple[Effect, ...] = ("trail_detour", "ranger_says_no")


# What each phase accepts, and the rule refusing any other kind of action there.
PHASES: dict[str, Phase] = {
    "turn": Phase(
        frozenset({"start_set", "start_build", "draw", "start_steal"}),
        "PP-TURN-1",
        "Choose one action: play or build a set, draw 2, or pay to steal.",
    ),
    "draw": Phase(frozenset({"draw"}), "PP-DRAW-1", "Draw your second card first."),
    "discard": Phase(
        frozenset({"discard", "play_event"}),
        "PP-DRAW-2",
        "Now discard a park card or play an event.",
    ),
    "set": Phase(frozenset({"add", "confirm", "cancel"}), "PP-SET-2", "Finish or cancel your set."),
    "build": Phase(
        frozenset({"add", "confirm", "cancel"}), "PP-SET-2", "Finish or cancel your set."
    ),
    "steal": Phase(
        frozenset({"pay", "take", "take_random", "confirm", "cancel"}),
        "PP-STEAL-1",
        "Finish declaring or cancel your steal.",
    ),
    "limit": Phase(frozenset({"discard"}), "PP-LIMIT-1", "Put back cards down to 9 in hand first."),
    "window": Phase(
        frozenset({"pass", "tour_pick", "park_tour", "cancel", "react"}),
        "PP-WINDOW-1",
        "Answer the open question first (or pass).",
        waiting="You are not being asked anything right now.",
    ),
    "over": Phase(frozenset(), over=True),
}
OWN_TURN_EVENTS: tuple[Effect, ...] = (
    "make_a_wish",
    "aspiring_astronomer",
    "comparing_notes",
    "mosquito_bites",
    "survival_of_the_fittest",
)
# Events that name a target, and the rule a wrong target breaks.
TARGET_RULES: dict[str, str] = {"comparing_notes": "PP-NOTES-1", "mosquito_bites": "PP-MOSQ-1"}


@dataclass(slots=True)
class PocketParksCtx(Ctx[PocketParksState]):
    """A step of PocketParks in the making (core/rules.py), which names the players.
    ``turn`` is the seat whose turn the action was taken in: an action that ends the
    turn moves ``state.current`` on, and that player still comes first (PP-WIN-1)."""

    turn: int = 0

    def name(self, seat: int) -> str:
        return self.state.players[seat].name


# -- cards and sets -----------------------------------------------------------


def is_park(card: int) -> bool:
    return card < PARKS


def names(cards: list[int]) -> str:
    labels = [NAME[c] for c in cards]
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


def icon_filter(state: PocketParksState, seat: int) -> int:
    """The icons a seat's cards may use: dark sky only after Aspiring astronomer
    was played on an earlier turn of this round (PP-SET-8)."""
    played = state.players[seat].astronomer_turn
    return ALL_ICONS if 0 <= played < state.turn else THEME


def common_icons(cards: list[int], icons: int) -> int:
    for card in cards:
        icons &= MASK[card]
    return icons


def set_icons(state: PocketParksState, seat: int, cards: list[int]) -> int:
    """A set's icons are what all its cards share, recomputed as it changes (PP-SET-1, PP-SET-7)."""
    return common_icons(cards, icon_filter(state, seat))


def bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def order_from(state: PocketParksState, seat: int) -> tuple[int, ...]:
    """Every seat in turn order, from ``seat`` on."""
    n = len(state.players)
    return _order(seat % n, n)


@cache
def _order(seat: int, n: int) -> tuple[int, ...]:
    return tuple((seat + k) % n for k in range(n))


def priority_distance(state: PocketParksState, seat: int) -> int:
    """0 for the player after the current one, ..., n-1 for the current player (PP-TOUR-4)."""
    return (seat - state.current - 1) % len(state.players)


def round3(state: PocketParksState) -> bool:
    return state.modifiers and state.round == ROUNDS


def priorities(state: PocketParksState) -> list[list[int]]:
    """Per seat, per set: the icons for which that set has priority (PP-MOD-3).

    For each icon, the largest set having it wins; a tie goes to the set holding
    the highest park number (unique, since every card is in one set only)."""
    best: dict[int, tuple[int, int, int, int]] = {}
    for seat, player in enumerate(state.players):
        icons_allowed = icon_filter(state, seat)
        for idx, cards in enumerate(player.sets):
            key = (len(cards), max(NUMBER[c] for c in cards), seat, idx)
            for bit in bits(common_icons(cards, icons_allowed)):
                held = best.get(bit)
                if held is None or key[:2] > held[:2]:
                    best[bit] = key
    out = [[0] * len(p.sets) for p in state.players]
    for bit, (_, _, seat, idx) in best.items():
        out[seat][idx] |= bit
    return out


def wins_with(sizes: list[int]) -> bool:
    """Sets matching the thresholds >=4, >=3, >=2, one set each (PP-WIN-1)."""
    top = sorted(sizes, reverse=True)[:3]
    return len(top) == 3 and top[0] >= 4 and top[1] >= 3 and top[2] >= 2


def round_winner(state: PocketParksState, current: int) -> int:
    """Who has won the round: ``current`` (whose turn the action was taken in) first,
    then in turn order (PP-WIN-1)."""
    prio = None
    for seat in order_from(state, current):
        sets = state.players[seat].sets
        sizes = [len(s) for s in sets]
        if NINE in sizes:
            return seat
        if len(sizes) < 3:  # wins_with needs three sets, whatever their priority
            continue
        if round3(state):
            if prio is None:
                prio = priorities(state)
            sizes = [n for n, held in zip(sizes, prio[seat], strict=True) if held]
        if wins_with(sizes):
            return seat
    return NO_SEAT


def score_sheet(state: PocketParksState, winner: int) -> list[list[SetScore]]:
    """The round's score sheet: per seat, each set with its points (PP-SCORE-1),
    doubled by a featured icon (PP-MOD-2); in round 3 only priority in a featured
    icon doubles (PP-MOD-3, PP-MOD-4). The one place a round is scored."""
    featured = MASK[state.featured] & THEME if state.featured != NO_CARD else 0
    prio = priorities(state) if round3(state) else None
    sheet = []
    for seat, player in enumerate(state.players):
        table = WINNER_POINTS if seat == winner else OTHER_POINTS
        row = []
        for idx, cards in enumerate(player.sets):
            base = table.get(len(cards), 0)
            icons = set_icons(state, seat, cards)
            held = 0 if prio is None else prio[seat][idx]
            doubled = bool((icons if prio is None else held) & featured)
            row.append(SetScore(cards[:], icons, held, base * 2 if doubled else base, doubled))
        sheet.append(row)
    return sheet


def sheet_totals(sheet: list[list[SetScore]]) -> list[int]:
    """Each seat's points for the round: the sum of its sets' points."""
    return [sum(s.points for s in row) for row in sheet]


def nine_in_hand(state: PocketParksState, seat: int) -> list[int] | None:
    """Nine hand parks sharing an icon (the newest nine if more), else None (PP-NINE-1)."""
    hand = state.players[seat].hand
    if len(hand) < NINE:
        return None
    for bit in bits(icon_filter(state, seat)):
        group = [c for c in hand if MASK[c] & bit]
        if len(group) >= NINE:
            return sorted(group, key=lambda c: -NUMBER[c])[:NINE]
    return None


def is_tour(state: PocketParksState, seat: int, top: int, cards: Sequence[int]) -> bool:
    """Do ``cards`` claim ``top``: 4 hand cards for a set of 5, or 8 for a set of 9,
    all sharing one of its icons (PP-TOUR-1)?"""
    hand = state.players[seat].hand
    return (
        len(cards) in TOUR_SIZES
        and len(set(cards)) == len(cards)
        and all(c in hand for c in cards)
        and common_icons(list(cards), MASK[top] & icon_filter(state, seat)) != 0
    )


def tour_can_grow(state: PocketParksState, seat: int, top: int, cards: list[int]) -> bool:
    """Can more hand cards make ``cards`` (picked so far) a Park Tour on ``top``: does
    one icon of it, shared by them all, have the 4 (or, past 4, the 8) cards needed?"""
    if len(cards) > TOUR_SIZES[-1]:
        return False
    needed = next(size for size in TOUR_SIZES if len(cards) <= size)
    hand = state.players[seat].hand
    icons = common_icons(cards, MASK[top] & icon_filter(state, seat))
    return any(sum(1 for c in hand if MASK[c] & bit) >= needed for bit in bits(icons))


def tour_picks(state: PocketParksState, seat: int) -> list[int]:
    """The hand cards ``seat`` has picked so far for a Park Tour in the open window."""
    window = state.window
    assert window is not None
    return next((p.cards for p in window.picks if p.seat == seat), [])


# PP-STEAL-2, per number of cards stolen, the payments that buy it: (cards paid, of
# which at least so many dark sky parks). 2 cards or 1 dark sky park buy 1; 4 cards,
# 2 cards + 1 dark sky park, or 2 dark sky parks buy 2.
STEAL_PRICES: tuple[tuple[int, tuple[tuple[int, int], ...]], ...] = (
    (1, ((2, 0), (1, 1))),
    (2, ((4, 0), (3, 1), (2, 2))),
)


def payment_buys(cards: list[int]) -> tuple[int, ...]:
    """How many steals a payment buys (PP-STEAL-2, ``STEAL_PRICES``)."""
    dark = sum(1 for c in cards if MASK[c] & DARK)
    paid = len(cards)
    return tuple(
        steals
        for steals, prices in STEAL_PRICES
        if any(paid == size and dark >= darks for size, darks in prices)
    )


def can_pay(hand: list[int]) -> bool:
    return len(hand) >= 2 or any(MASK[c] & DARK for c in hand)


def stealable(state: PocketParksState, seat: int) -> list[int]:
    return [c for s in state.players[seat].sets if len(s) not in UNSTEALABLE for c in s]


def set_holding(state: PocketParksState, seat: int, card: int) -> int:
    for idx, cards in enumerate(state.players[seat].sets):
        if card in cards:
            return idx
    return -1


def take_from_set(state: PocketParksState, seat: int, card: int) -> None:
    """A card leaves the set holding it; a set left empty is gone. States share their
    sets' lists (``PocketParksState.successor``): a set is replaced, never changed."""
    sets = state.players[seat].sets
    idx = set_holding(state, seat, card)
    rest = [c for c in sets[idx] if c != card]
    if rest:
        sets[idx] = rest
    else:
        del sets[idx]


def copyable(state: PocketParksState, effect: Effect) -> bool:
    """Let's do it again may copy an effect whose card lies in the event discard."""
    return any(EFFECT[c] == effect for c in state.event_discard)


# -- moving cards -------------------------------------------------------------


def reshuffle(ctx: PocketParksCtx) -> None:
    """PP-PILE-1: the park discard pile except its top becomes the new draw pile."""
    state = ctx.state
    if len(state.discard) > 1:
        rest = state.discard[:-1]
        state.rng.shuffle(rest)
        state.pile = rest
        state.discard = state.discard[-1:]
        ctx.say("The park discard pile, all but its top card, is shuffled into a new draw pile.")


def draw_from_pile(ctx: PocketParksCtx, seat: int) -> int:
    state = ctx.state
    if not state.pile:
        reshuffle(ctx)
    if not state.pile:
        return NO_CARD
    card = state.pile.pop()
    state.players[seat].hand.append(card)
    ctx.hidden = True
    return card


def refill_empty_hands(ctx: PocketParksCtx) -> None:
    """PP-ZERO-1: an empty hand draws 2 from the draw pile at once."""
    state = ctx.state
    for seat in order_from(state, state.current):
        if state.players[seat].hand:
            continue
        drawn = [c for c in (draw_from_pile(ctx, seat), draw_from_pile(ctx, seat)) if c >= 0]
        if drawn:
            ctx.say(f"{ctx.name(seat)} has no cards left and draws {counted(len(drawn), 'card')}.")
            ctx.say(f"You draw {names(drawn)}.", seat)


def random_cards(ctx: PocketParksCtx, seat: int, count: int) -> list[int]:
    """Take up to ``count`` random cards out of a seat's hand."""
    hand = ctx.state.players[seat].hand
    taken = []
    for _ in range(min(count, len(hand))):
        taken.append(hand.pop(ctx.state.rng.below(len(hand))))
    if taken:
        ctx.hidden = True
    return taken


def exchange(ctx: PocketParksCtx, moves: list[tuple[int, int]]) -> None:
    """Each giver passes up to 2 random hand cards to its receiver, all at once:
    every giver picks before anyone receives, so a 1-card hand gives only 1."""
    given = [random_cards(ctx, giver, 2) for giver, _ in moves]
    for (giver, receiver), cards in zip(moves, given, strict=True):
        ctx.state.players[receiver].hand.extend(cards)
        ctx.say(f"{ctx.name(giver)} passes {counted(len(cards), 'card')} to {ctx.name(receiver)}.")
        if cards:
            ctx.say(f"You pass {names(cards)} to {ctx.name(receiver)}.", giver)
            ctx.say(f"You get {names(cards)} from {ctx.name(giver)}.", receiver)


def leave_hand(ctx: PocketParksCtx, seat: int, card: int) -> None:
    """A card leaves a hidden hand: the table has now seen it (or where it
    went), so undo may not take it back."""
    ctx.state.players[seat].hand.remove(card)
    ctx.hidden = True


def to_discard(state: PocketParksState, card: int) -> None:
    (state.discard if is_park(card) else state.event_discard).append(card)


# -- round flow ---------------------------------------------------------------


def deal(ctx: PocketParksCtx) -> None:
    """PP-SETUP-1, PP-SETUP-2, PP-MOD-2: shuffle everything, set the featured park
    aside in rounds 2 and 3, deal 6 each, flip up to a park for the discard."""
    state = ctx.state
    deck = list(range(CONTENT.size))
    state.rng.shuffle(deck)
    state.featured = NO_CARD
    if state.modifiers and state.round >= 2:
        state.featured = next(c for c in reversed(deck) if is_park(c))
        deck.remove(state.featured)
        ctx.say(f"Round {state.round}: the featured park is {NAME[state.featured]}.")
    for player in state.players:
        player.hand = [deck.pop() for _ in range(DEAL)]
        player.sets = []
        player.astronomer_turn = -1
    state.pile = deck
    state.discard = []
    state.event_discard = []
    while state.pile:
        card = state.pile.pop()
        to_discard(state, card)
        if is_park(card):
            break
    state.current = state.first
    state.turn += 1
    state.phase = "turn"
    state.draws = 0
    state.fresh_top_from = NO_SEAT
    state.wishing = False
    state.draft = state.window = state.event_play = state.tour = None
    ctx.hidden = True
    ctx.say(f"Round {state.round} begins; {ctx.name(state.first)} plays first.")


def end_round(ctx: PocketParksCtx, winner: int) -> None:
    state = ctx.state
    sheet = score_sheet(state, winner)
    points = sheet_totals(sheet)
    newest = [max((NUMBER[c] for s in row for c in s.cards), default=0) for row in sheet]
    for player, gained in zip(state.players, points, strict=True):
        player.score += gained
    state.results.append(RoundResult(winner, points, newest, sheet, state.featured, round3(state)))
    result = "has no winner" if winner == NO_SEAT else f"is won by {ctx.name(winner)}"
    tally = ", ".join(f"{p.name} +{g}" for p, g in zip(state.players, points, strict=True))
    ctx.say(f"Round {state.round} {result}. Points: {tally}.")
    if state.round == ROUNDS:
        state.phase = "over"
        state.window = state.draft = state.event_play = state.tour = None
        state.wishing = False
        ctx.say("The game is over.")
        return
    state.round += 1
    # PP-GAME-1: the winner starts the next round; after a round nobody won,
    # the player after the previous starter does.
    state.first = winner if winner != NO_SEAT else (state.first + 1) % len(state.players)
    deal(ctx)


def settle(ctx: PocketParksCtx) -> None:
    """After every action: refill empty hands, then look for a set of 9 in a hand,
    a round winner, and a draw pile that can no longer be rebuilt; the player whose
    turn the action was taken in (``ctx.turn``) first (PP-WIN-1)."""
    state = ctx.state
    if state.phase == "over":
        return
    refill_empty_hands(ctx)
    for seat in order_from(state, ctx.turn):
        nine = nine_in_hand(state, seat)
        if nine is not None:
            for card in nine:
                leave_hand(ctx, seat, card)
            state.players[seat].sets.append(nine)
            ctx.say(f"{ctx.name(seat)} holds nine of a kind and plays {names(nine)}!")
            end_round(ctx, seat)
            return
    winner = round_winner(state, ctx.turn)
    if winner != NO_SEAT:
        ctx.say(f"{ctx.name(winner)} has sets of 2, 3 and 4 or more.")
        end_round(ctx, winner)
        return
    if state.wishing:
        return  # a wish flips only what the pile holds now (PP-WISH-1)
    if not state.pile:
        reshuffle(ctx)
    if not state.pile:
        ctx.say("No card can be drawn any more: the round ends with no winner.")
        end_round(ctx, NO_SEAT)


def next_turn(ctx: PocketParksCtx, seat: int) -> None:
    state = ctx.state
    state.current = seat % len(state.players)
    state.turn += 1
    state.phase = "turn"
    state.draws = 0
    state.fresh_top_from = NO_SEAT
    state.draft = state.event_play = state.tour = state.window = None


def end_action(ctx: PocketParksCtx) -> None:
    """The current player's action is over: hand limit first (PP-LIMIT-1)."""
    state = ctx.state
    if len(state.players[state.current].hand) > HAND_LIMIT:
        state.phase = "limit"
        return
    close_turn(ctx)


def limit_choices(state: PocketParksState, seat: int) -> list[int]:
    """PP-LIMIT-2: the cards a seat may put back at the hand limit: its hand, less
    the cards it has promised to a Park Tour it won this turn."""
    promised = state.tour.cards if state.tour is not None and state.tour.seat == seat else ()
    return [c for c in state.players[seat].hand if c not in promised]


def close_turn(ctx: PocketParksCtx) -> None:
    """After the hand limit: a won Park Tour is played, else a fresh discard top
    opens a Park Tour window, else the next player goes (PP-TOUR-5, PP-TURN-3)."""
    state = ctx.state
    if state.tour is not None:
        claim, state.tour = state.tour, None
        play_tour(ctx, claim)
        next_turn(ctx, claim.seat + 1)
        return
    if state.fresh_top_from != NO_SEAT and state.discard:
        owner, state.fresh_top_from = state.fresh_top_from, NO_SEAT
        open_window(ctx, "tour", state.discard[-1], exclude=owner)
        return
    next_turn(ctx, state.current + 1)


def play_tour(ctx: PocketParksCtx, claim: Claim) -> None:
    state = ctx.state
    top = state.discard.pop()
    for card in claim.cards:
        leave_hand(ctx, claim.seat, card)
    state.players[claim.seat].sets.append([*claim.cards, top])
    ctx.say(f"PARK TOUR! {ctx.name(claim.seat)} takes {NAME[top]} and plays {names(claim.cards)}.")


def open_window(ctx: PocketParksCtx, kind: WindowKind, card: int, exclude: int) -> None:
    """PP-WINDOW-1: ask every seat but the one who triggered it, in turn order."""
    state = ctx.state
    waiting = [s for s in order_from(state, state.current + 1) if s != exclude]
    state.window = Window(kind, card, waiting, [])
    state.phase = "window"


def answer(ctx: PocketParksCtx, seat: int, claim: Claim | None) -> None:
    """``seat`` answers the open window: ``claim``, or None to pass (its picks go)."""
    window = ctx.state.window
    assert window is not None
    window.waiting.remove(seat)
    window.picks = [p for p in window.picks if p.seat != seat]
    if claim is not None:
        window.claims.append(claim)
    if not window.waiting:
        close_window(ctx)


def close_window(ctx: PocketParksCtx) -> None:
    state = ctx.state
    window = state.window
    assert window is not None
    state.window = None
    best = min(window.claims, key=lambda c: priority_distance(state, c.seat), default=None)
    if window.kind == "tour":
        state.tour = best
        close_turn(ctx)
    elif window.kind == "wish":
        if best is not None:
            ctx.say("The Park Tour stops Make a wish; the wish does not come true.")
            state.wishing = False
            state.tour = best
            end_action(ctx)
        else:
            wish_after_flip(ctx)
    elif window.kind == "event":
        play, state.event_play = state.event_play, None
        assert play is not None
        if best is not None:
            spend_reaction(ctx, best)
            ctx.say(f"{ctx.name(best.seat)} says no: {NAME[play.card]} has no effect.")
            end_action(ctx)
        elif play.effect == "make_a_wish":
            state.wishing = True
            wish_flip(ctx)  # ends the action itself once the flipping is over
        else:
            resolve_event(ctx, play)
            end_action(ctx)
    else:
        draft, state.draft = state.draft, None
        assert draft is not None
        resolve_steal(ctx, draft, best)
        end_action(ctx)


def spend_reaction(ctx: PocketParksCtx, claim: Claim) -> None:
    card = claim.cards[0]
    leave_hand(ctx, claim.seat, card)
    ctx.state.event_discard.append(card)
    copied = f" as {EFFECT_NAME[claim.copy]}" if claim.copy else ""
    ctx.say(f"{ctx.name(claim.seat)} plays {NAME[card]}{copied}.")


# -- events -------------------------------------------------------------------


def resolve_event(ctx: PocketParksCtx, play: EventPlay) -> None:
    """The effect of a blue or red event nobody cancelled (Make a wish aside)."""
    state = ctx.state
    me = state.current
    n = len(state.players)
    if play.effect == "aspiring_astronomer":
        player = state.players[me]
        if player.astronomer_turn < 0:
            player.astronomer_turn = state.turn
        ctx.say(f"From the next turn on, dark sky counts as an icon for {ctx.name(me)}.")
    elif play.effect == "comparing_notes":
        exchange(ctx, [(me, play.target), (play.target, me)])
    elif play.effect == "survival_of_the_fittest":
        exchange(ctx, [(s, (s + 1) % n) for s in order_from(state, me)])
    elif play.effect == "mosquito_bites":
        if play.target == NO_SEAT:
            ctx.say("Nobody has a set to bite.")
            return
        take_from_set(state, play.target, play.pick)
        state.discard.append(play.pick)
        state.fresh_top_from = play.target  # PP-TOUR-2: the biter may claim it, its owner not
        ctx.say(f"Mosquitoes bite {NAME[play.pick]} out of {ctx.name(play.target)}'s set.")


def wish_flip(ctx: PocketParksCtx) -> None:
    """PP-WISH-1: flip until a dark sky park; every flipped park opens a window."""
    state = ctx.state
    while state.pile:
        card = state.pile.pop()
        to_discard(state, card)
        ctx.say(f"Make a wish flips {NAME[card]}.")
        if is_park(card):
            open_window(ctx, "wish", card, exclude=NO_SEAT)
            return
    ctx.say("The draw pile runs out: the wish does not come true.")
    state.wishing = False
    end_action(ctx)


def wish_after_flip(ctx: PocketParksCtx) -> None:
    state = ctx.state
    card = state.discard[-1]
    if not MASK[card] & DARK:
        wish_flip(ctx)
        return
    state.discard.pop()
    state.players[state.current].hand.append(card)
    state.wishing = False
    ctx.say(f"The wish comes true: {ctx.name(state.current)} takes {NAME[card]}.")
    end_action(ctx)


# -- steals -------------------------------------------------------------------


def pay_for_steal(ctx: PocketParksCtx, draft: Draft) -> None:
    """PP-STEAL-3: the payment moves at once, parks onto the park discard pile
    (the last paid on top), events onto the event discard pile, unplayed."""
    state = ctx.state
    thief = state.current
    for card in draft.cards:
        leave_hand(ctx, thief, card)
        to_discard(state, card)
        if is_park(card):
            state.fresh_top_from = thief
    parts = [f"{NAME[c]} from a set" for c in draft.takes]
    if draft.random_takes:
        parts.append(f"{counted(draft.random_takes, 'random card')} from hand")
    ctx.say(
        f"{ctx.name(thief)} pays {names(draft.cards)} to steal from "
        f"{ctx.name(draft.target)}: {' and '.join(parts)}."
    )
    refill_empty_hands(ctx)
    open_window(ctx, "steal", NO_CARD, exclude=thief)


def resolve_steal(ctx: PocketParksCtx, draft: Draft, detour: Claim | None) -> None:
    state = ctx.state
    thief, target = state.current, draft.target
    takes = draft.takes
    if detour is not None:
        # PP-DETOUR-1: the steal turns back on the thief.
        spend_reaction(ctx, detour)
        cards = random_cards(ctx, thief, len(takes) + draft.random_takes)
        state.players[target].hand.extend(cards)
        taken = counted(len(cards), "card")
        ctx.say(f"The steal turns around: {ctx.name(target)} takes {taken} from the thief.")
        if cards:
            ctx.say(f"You lose {names(cards)}.", thief)
            ctx.say(f"You take {names(cards)}.", target)
        return
    for card in takes:
        take_from_set(state, target, card)
    from_hand = random_cards(ctx, target, draft.random_takes)
    state.players[thief].hand.extend(takes + from_hand)
    ctx.say(f"{ctx.name(thief)} steals {counted(len(takes) + len(from_hand), 'card')}.")
    if from_hand:
        ctx.say(f"You steal {names(from_hand)}.", thief)
        ctx.say(f"{ctx.name(thief)} steals {names(from_hand)} from your hand.", target)


# -- setup, who acts, the outcome ---------------------------------------------


def new(names: tuple[str, ...], options: PPOptions, seed: int) -> PocketParksState:
    """A fresh game for the players ``names`` (their number checked), dealt (PP-SETUP-1)."""
    n = len(names)
    rng = Rng.from_seed(seed)
    if options.first_player is not None and options.first_player >= n:
        raise ValueError(f"first_player must be a seat from 0 to {n - 1}")
    first = rng.below(n) if options.first_player is None else options.first_player
    state = PocketParksState(
        players=[Player(name, [], []) for name in names],
        rng=rng,
        modifiers=options.round_modifiers,
        round=1,
        first=first,
        current=first,
        turn=0,
        phase="turn",
        pile=[],
        discard=[],
        event_discard=[],
    )
    deal(PocketParksCtx(state))
    return state


def to_act(state: PocketParksState) -> tuple[int, ...]:
    if state.phase == "over":
        return ()
    if state.window is not None:
        return tuple(state.window.waiting)
    return (state.current,)


def outcome(state: PocketParksState) -> Outcome | None:
    if state.phase != "over":
        return None
    scores = tuple(p.score for p in state.players)
    best = max(scores)
    tied = [s for s, score in enumerate(scores) if score == best]
    tie_break: tuple[str, ...] = ()
    if len(tied) > 1:
        # PP-GAME-2: the newest park among the tied players' round-3 sets.
        newest = state.results[-1].newest
        top = max(newest[s] for s in tied)
        tie_break = tuple(
            f"{state.players[s].name}: newest park in round-3 sets #{newest[s]}" for s in tied
        )
        tied = [s for s in tied if newest[s] == top]
    names = " and ".join(state.players[s].name for s in tied)
    verb = "wins" if len(tied) == 1 else "share the win"
    return Outcome(
        scores=scores,
        winners=tuple(tied),
        summary=f"{names} {verb} with {counted(best, 'point')}.",
        tie_break=tie_break,
    )


# -- legal actions --------------------------------------------------------------


def legal_actions(state: PocketParksState, seat: int) -> list[PPAction]:
    if state.phase == "over":
        return []
    if state.window is not None:
        return _window_actions(state, seat) if seat in state.window.waiting else []
    if seat != state.current:
        return []
    hand = state.players[seat].hand
    out: list[PPAction] = []
    phase = state.phase
    if phase == "turn":
        if _pairable(state, seat):
            out.append(StartSet(seat=seat))
        out.extend(
            StartBuild(seat=seat, set_index=idx)
            for idx in range(len(state.players[seat].sets))
            if _buildable(state, seat, idx)
        )
        out.extend(_draw_actions(state, seat))
        if can_pay(hand):
            out.extend(
                StartSteal(seat=seat, target=t) for t in range(len(state.players)) if t != seat
            )
    elif phase == "draw":
        out.extend(_draw_actions(state, seat))
    elif phase == "discard":
        for card in hand:
            if is_park(card) or COLOUR[card] == "purple":
                out.append(Discard(seat=seat, card=card))
        out.extend(_event_actions(state, seat))
    elif phase in ("set", "build"):
        draft = state.draft
        assert draft is not None
        out.extend(AddCard(seat=seat, card=c) for c in hand if _addable(state, seat, draft, c))
        if _draft_complete(draft):
            out.append(Confirm(seat=seat))
        out.append(Cancel(seat=seat))
    elif phase == "steal":
        draft = state.draft
        assert draft is not None
        if len(draft.cards) < 4:
            out.extend(Pay(seat=seat, card=c) for c in hand if c not in draft.cards)
        if len(draft.takes) + draft.random_takes < 2:
            out.extend(
                Take(seat=seat, card=c)
                for c in stealable(state, draft.target)
                if c not in draft.takes
            )
            if draft.random_takes < len(state.players[draft.target].hand):
                out.append(TakeRandom(seat=seat))
        if _steal_complete(draft):
            out.append(Confirm(seat=seat))
        out.append(Cancel(seat=seat))
    else:  # limit
        out.extend(Discard(seat=seat, card=c) for c in limit_choices(state, seat))
    return out


def _draw_actions(state: PocketParksState, seat: int) -> list[PPAction]:
    out: list[PPAction] = []
    if state.pile or len(state.discard) > 1:
        out.append(Draw(seat=seat, source="pile"))
    if state.discard:
        out.append(Draw(seat=seat, source="discard"))
    return out


def _window_actions(state: PocketParksState, seat: int) -> list[PPAction]:
    window = state.window
    assert window is not None
    out: list[PPAction] = [Pass(seat=seat)]
    if window.kind in ("tour", "wish"):
        picked = tour_picks(state, seat)
        if is_tour(state, seat, window.card, picked):
            out.append(ParkTour(seat=seat, cards=tuple(sorted(picked))))
        out.extend(
            TourPick(seat=seat, card=card)
            for card in state.players[seat].hand
            if card not in picked and tour_can_grow(state, seat, window.card, [*picked, card])
        )
        if picked:
            out.append(Cancel(seat=seat))
    else:
        wanted = _reaction_wanted(state, seat)
        if wanted is not None:
            for card in state.players[seat].hand:
                if EFFECT[card] == wanted:
                    out.append(React(seat=seat, card=card, as_effect=None))
                elif EFFECT[card] == "lets_do_it_again" and copyable(state, wanted):
                    out.append(React(seat=seat, card=card, as_effect=wanted))
    return out


def _reaction_wanted(state: PocketParksState, seat: int) -> Effect | None:
    """The purple effect this seat could answer the open window with."""
    window = state.window
    assert window is not None
    if window.kind == "event":
        return "ranger_says_no"
    if window.kind == "steal" and state.draft is not None and state.draft.target == seat:
        return "trail_detour"
    return None


def _event_actions(state: PocketParksState, seat: int) -> list[PPAction]:
    out: list[PPAction] = []
    for card in state.players[seat].hand:
        effect = EFFECT[card]
        if effect is None:
            continue
        if effect == "lets_do_it_again":
            copies = [e for e in OWN_TURN_EVENTS if copyable(state, e)]
        elif COLOUR[card] == "purple":
            continue
        else:
            copies = [effect]
        for used in copies:
            copy = None if used == effect else used
            for target, pick in _event_targets(state, seat, used):
                out.append(
                    PlayEvent(seat=seat, card=card, as_effect=copy, target=target, pick=pick)
                )
    return out


def _event_targets(
    state: PocketParksState, seat: int, effect: Effect
) -> list[tuple[int | None, int | None]]:
    others = [s for s in range(len(state.players)) if s != seat]
    if effect == "comparing_notes":
        return [(t, None) for t in others]
    if effect == "mosquito_bites":
        bites: list[tuple[int | None, int | None]] = [
            (t, c) for t in others for s in state.players[t].sets for c in s
        ]
        return bites or [(None, None)]
    return [(None, None)]


# -- conditions shared by the legal actions and the checks ----------------------


def _pairable(state: PocketParksState, seat: int) -> bool:
    icons_allowed = icon_filter(state, seat)
    parks = [c for c in state.players[seat].hand if is_park(c)]
    return any(_has_partner(parks, c, icons_allowed) for c in parks)


def _buildable(state: PocketParksState, seat: int, idx: int) -> bool:
    cards = state.players[seat].sets[idx]
    icons = common_icons(cards, icon_filter(state, seat))
    hand = state.players[seat].hand
    return len(cards) < MAX_SET and any(is_park(c) and MASK[c] & icons for c in hand)


def _has_partner(parks: list[int], card: int, icons_allowed: int) -> bool:
    mask = MASK[card] & icons_allowed
    return any(other != card and MASK[other] & mask for other in parks)


def _draft_icons(state: PocketParksState, seat: int, draft: Draft) -> int:
    icons = icon_filter(state, seat)
    if draft.set_index >= 0:
        icons = common_icons(state.players[seat].sets[draft.set_index], icons)
    return common_icons(draft.cards, icons)


def _draft_size(state: PocketParksState, seat: int, draft: Draft) -> int:
    base = len(state.players[seat].sets[draft.set_index]) if draft.set_index >= 0 else 0
    return base + len(draft.cards)


def _addable(state: PocketParksState, seat: int, draft: Draft, card: int) -> bool:
    if not is_park(card) or card in draft.cards:
        return False
    if _draft_size(state, seat, draft) >= MAX_SET:
        return False
    if not MASK[card] & _draft_icons(state, seat, draft):
        return False
    if draft.set_index < 0 and not draft.cards:
        parks = [c for c in state.players[seat].hand if is_park(c)]
        return _has_partner(parks, card, icon_filter(state, seat))
    return True


def _draft_complete(draft: Draft) -> bool:
    return len(draft.cards) >= (1 if draft.set_index >= 0 else 2)


def _steal_complete(draft: Draft) -> bool:
    takes = len(draft.takes) + draft.random_takes
    return takes > 0 and takes in payment_buys(draft.cards)


# -- apply: check, then act on the successor ------------------------------------


def apply(state: PocketParksState, action: PPAction) -> Transition[PocketParksState]:
    """Check the action, then carry it out on the successor of ``state`` and settle."""
    return RULES.step(state, action)


# -- sets ---------------------------------------------------------------------------


def _check_start_set(state: PocketParksState, action: StartSet) -> None:
    if not _pairable(state, action.seat):
        raise IllegalAction("PP-SET-1", "No two park cards in your hand share a theme icon.")


def _start_set(ctx: PocketParksCtx, action: StartSet) -> None:
    ctx.state.draft = Draft([])
    ctx.state.phase = "set"


def _check_start_build(state: PocketParksState, action: StartBuild) -> None:
    sets = state.players[action.seat].sets
    if not 0 <= action.set_index < len(sets):
        raise IllegalAction("PP-SET-5", "You can only build onto one of your own sets.")
    if len(sets[action.set_index]) >= MAX_SET:
        raise IllegalAction("PP-SET-4", "A set cannot grow past 4 cards by building.")
    if not _buildable(state, action.seat, action.set_index):
        raise IllegalAction("PP-SET-3", "No park card in your hand shares an icon with that set.")


def _start_build(ctx: PocketParksCtx, action: StartBuild) -> None:
    ctx.state.draft = Draft([], set_index=action.set_index)
    ctx.state.phase = "build"


def _check_add(state: PocketParksState, action: AddCard) -> None:
    seat = action.seat
    draft = state.draft
    assert draft is not None
    card = action.card
    if card not in state.players[seat].hand or card in draft.cards:
        raise IllegalAction("PP-SET-2", "That card is not in your hand.")
    if not is_park(card):
        raise IllegalAction("PP-SET-6", "Only park cards make sets.")
    if _draft_size(state, seat, draft) >= MAX_SET:
        raise IllegalAction("PP-SET-4", "A set holds at most 4 cards when played or built.")
    if not _addable(state, seat, draft, card):
        raise IllegalAction("PP-SET-1", "That card shares no theme icon with the set.")


def _add(ctx: PocketParksCtx, action: AddCard) -> None:
    draft = ctx.state.draft
    assert draft is not None
    draft.cards.append(action.card)


# -- steals -------------------------------------------------------------------------


def _check_start_steal(state: PocketParksState, action: StartSteal) -> None:
    if action.target == action.seat or not 0 <= action.target < len(state.players):
        raise IllegalAction("PP-STEAL-4", "Steal from one other player at the table.")
    if not can_pay(state.players[action.seat].hand):
        raise IllegalAction("PP-STEAL-2", "You need 2 cards or a dark sky park to pay.")


def _start_steal(ctx: PocketParksCtx, action: StartSteal) -> None:
    ctx.state.draft = Draft([], target=action.target)
    ctx.state.phase = "steal"


def _check_pay(state: PocketParksState, action: Pay) -> None:
    draft = state.draft
    assert draft is not None
    if action.card not in state.players[action.seat].hand or action.card in draft.cards:
        raise IllegalAction("PP-STEAL-2", "Pay with cards from your hand.")
    if len(draft.cards) >= 4:
        raise IllegalAction("PP-STEAL-2", "No payment is more than 4 cards.")


def _pay(ctx: PocketParksCtx, action: Pay) -> None:
    draft = ctx.state.draft
    assert draft is not None
    draft.cards.append(action.card)


def _steal_with_room(state: PocketParksState) -> Draft:
    """The steal being made, refused once it holds its 2 cards."""
    draft = state.draft
    assert draft is not None
    if len(draft.takes) + draft.random_takes >= 2:
        raise IllegalAction("PP-STEAL-2", "You can steal at most 2 cards.")
    return draft


def _check_take(state: PocketParksState, action: Take) -> None:
    draft = _steal_with_room(state)
    idx = set_holding(state, draft.target, action.card)
    if idx < 0 or action.card in draft.takes:
        raise IllegalAction("PP-STEAL-4", "Name a card in one of that player's sets.")
    if len(state.players[draft.target].sets[idx]) in UNSTEALABLE:
        raise IllegalAction("PP-TOUR-6", "Sets of 5 and 9 are protected from stealing.")


def _take(ctx: PocketParksCtx, action: Take) -> None:
    draft = ctx.state.draft
    assert draft is not None
    draft.takes.append(action.card)


def _check_take_random(state: PocketParksState, action: TakeRandom) -> None:
    draft = _steal_with_room(state)
    if draft.random_takes >= len(state.players[draft.target].hand):
        raise IllegalAction("PP-STEAL-4", "That player's hand has no more cards.")


def _take_random(ctx: PocketParksCtx, action: TakeRandom) -> None:
    draft = ctx.state.draft
    assert draft is not None
    draft.random_takes += 1


# -- confirm, cancel ----------------------------------------------------------------


def _check_confirm(state: PocketParksState, action: Confirm) -> None:
    draft = state.draft
    assert draft is not None
    if state.phase == "steal":
        if not _steal_complete(draft):
            raise IllegalAction(
                "PP-STEAL-2",
                "Pay 2 cards or 1 dark sky park per card stolen (4 cards, 2 cards + "
                "1 dark sky park, or 2 dark sky parks for 2).",
            )
    elif not _draft_complete(draft):
        raise IllegalAction("PP-SET-1", "A new set needs at least 2 park cards.")


def _confirm(ctx: PocketParksCtx, action: Confirm) -> None:
    state, seat = ctx.state, action.seat
    draft = state.draft
    assert draft is not None
    if state.phase == "steal":
        pay_for_steal(ctx, draft)
        return
    player = state.players[seat]
    for card in draft.cards:
        leave_hand(ctx, seat, card)
    if draft.set_index >= 0:
        player.sets[draft.set_index] = [*player.sets[draft.set_index], *draft.cards]
        ctx.say(f"{ctx.name(seat)} builds {names(draft.cards)} onto a set.")
    else:
        player.sets.append(draft.cards[:])
        ctx.say(f"{ctx.name(seat)} plays a set: {names(draft.cards)}.")
    state.draft = None
    end_action(ctx)


def _check_cancel(state: PocketParksState, action: Cancel) -> None:
    if state.window is not None and not tour_picks(state, action.seat):
        raise IllegalAction("PP-TOUR-1", "You have picked no card for a Park Tour.")


def _cancel(ctx: PocketParksCtx, action: Cancel) -> None:
    window = ctx.state.window
    if window is None:
        ctx.state.draft = None
        ctx.state.phase = "turn"
        return
    window.picks = [p for p in window.picks if p.seat != action.seat]  # the Park Tour picks


# -- draw, discard, events ----------------------------------------------------------


def _check_draw(state: PocketParksState, action: Draw) -> None:
    if action.source == "discard":
        if not state.discard:
            raise IllegalAction("PP-DRAW-1", "The park discard pile is empty.")
    elif not state.pile and len(state.discard) < 2:
        raise IllegalAction("PP-PILE-2", "The draw pile is empty.")


def _draw(ctx: PocketParksCtx, action: Draw) -> None:
    state, seat = ctx.state, action.seat
    if action.source == "discard":
        card = state.discard.pop()
        state.players[seat].hand.append(card)
        state.fresh_top_from = NO_SEAT
        ctx.say(f"{ctx.name(seat)} takes {NAME[card]} from the park discard pile.")
    else:
        card = draw_from_pile(ctx, seat)
        ctx.say(f"{ctx.name(seat)} draws a card.")
        ctx.say(f"You draw {NAME[card]}.", seat)
    state.draws += 1
    state.phase = "draw" if state.draws < 2 else "discard"


def _check_discard(state: PocketParksState, action: Discard) -> None:
    card = action.card
    if card not in state.players[action.seat].hand:
        rule = "PP-LIMIT-1" if state.phase == "limit" else "PP-DRAW-2"
        raise IllegalAction(rule, "That card is not in your hand.")
    if state.phase == "limit":
        if card not in limit_choices(state, action.seat):
            raise IllegalAction("PP-LIMIT-2", "That card is promised to your Park Tour.")
    elif not is_park(card) and COLOUR[card] != "purple":
        raise IllegalAction("PP-DRAW-3", "Blue and red events are played, never discarded.")


def _discard(ctx: PocketParksCtx, action: Discard) -> None:
    state, seat = ctx.state, action.seat
    hand = state.players[seat].hand
    card = action.card
    if state.phase == "limit":
        leave_hand(ctx, seat, card)
        (state.discard if is_park(card) else state.event_discard).insert(0, card)
        ctx.say(f"{ctx.name(seat)} puts a card under a discard pile (hand limit).")
        ctx.say(f"You put {NAME[card]} under the pile.", seat)
        if len(hand) <= HAND_LIMIT:
            close_turn(ctx)
        return
    leave_hand(ctx, seat, card)
    to_discard(state, card)
    state.fresh_top_from = seat if is_park(card) else NO_SEAT
    ctx.say(f"{ctx.name(seat)} discards {NAME[card]}.")
    end_action(ctx)


def _check_play_event(state: PocketParksState, action: PlayEvent) -> None:
    card = action.card
    if card not in state.players[action.seat].hand or EFFECT[card] is None:
        raise IllegalAction("PP-EVENT-1", "Play an event card from your hand.")
    effect = EFFECT[card]
    if effect == "lets_do_it_again":
        if action.as_effect is None or action.as_effect not in OWN_TURN_EVENTS:
            raise IllegalAction("PP-AGAIN-1", "Name a blue or red event for Let's do it again.")
        if not copyable(state, action.as_effect):
            raise IllegalAction("PP-AGAIN-1", "That event is not in the event discard pile.")
        effect = action.as_effect
    elif COLOUR[card] == "purple":
        raise IllegalAction(
            "PP-EVENT-2", "Reactive cards answer other players; discard it instead."
        )
    elif action.as_effect is not None:
        raise IllegalAction("PP-AGAIN-1", "Only Let's do it again copies another event.")
    assert effect is not None
    if (action.target, action.pick) not in _event_targets(state, action.seat, effect):
        rule = TARGET_RULES.get(effect, "PP-EVENT-1")
        raise IllegalAction(rule, "That is not a possible choice for this event.")


def _play_event(ctx: PocketParksCtx, action: PlayEvent) -> None:
    state, seat = ctx.state, action.seat
    card = action.card
    effect = EFFECT[card] if action.as_effect is None else action.as_effect  # checked
    assert effect is not None
    leave_hand(ctx, seat, card)
    state.event_discard.append(card)
    target = NO_SEAT if action.target is None else action.target
    pick = NO_CARD if action.pick is None else action.pick
    state.event_play = EventPlay(card, effect, target, pick)
    copied = f" as {EFFECT_NAME[effect]}" if action.as_effect else ""
    ctx.say(f"{ctx.name(seat)} plays {NAME[card]}{copied}.")
    open_window(ctx, "event", card, exclude=seat)


# -- answers to an open question ----------------------------------------------------


def _pass(ctx: PocketParksCtx, action: Pass) -> None:
    answer(ctx, action.seat, None)


def _tour_window(state: PocketParksState) -> Window:
    window = state.window
    assert window is not None
    if window.kind not in ("tour", "wish"):
        raise IllegalAction("PP-TOUR-1", "There is no newly discarded park to claim.")
    return window


def _check_tour_pick(state: PocketParksState, action: TourPick) -> None:
    seat, card = action.seat, action.card
    window = _tour_window(state)
    picked = tour_picks(state, seat)
    if card not in state.players[seat].hand or card in picked:
        raise IllegalAction("PP-TOUR-1", "Pick a card from your hand, once.")
    if not tour_can_grow(state, seat, window.card, [*picked, card]):
        raise IllegalAction(
            "PP-TOUR-1",
            "With the cards picked, that card makes no Park Tour: 4 park cards (8 for a "
            "set of 9) sharing a theme icon with the discarded park.",
        )


def _tour_pick(ctx: PocketParksCtx, action: TourPick) -> None:
    state, seat = ctx.state, action.seat
    window = state.window
    assert window is not None
    picked = tour_picks(state, seat)
    if picked:
        picked.append(action.card)
    else:
        window.picks.append(Claim(seat, [action.card]))


def _check_park_tour(state: PocketParksState, action: ParkTour) -> None:
    window = _tour_window(state)
    picked = tour_picks(state, action.seat)
    if not is_tour(state, action.seat, window.card, action.cards):
        raise IllegalAction(
            "PP-TOUR-1",
            "A Park Tour needs 4 park cards from your hand (8 for a set of 9) "
            "sharing a theme icon with the discarded park.",
        )
    if not set(picked) <= set(action.cards):
        raise IllegalAction("PP-TOUR-1", "Claim with the cards you picked (or cancel them).")


def _park_tour(ctx: PocketParksCtx, action: ParkTour) -> None:
    answer(ctx, action.seat, Claim(action.seat, sorted(action.cards)))


def _check_react(state: PocketParksState, action: React) -> None:
    wanted = _reaction_wanted(state, action.seat)
    if wanted is None:
        assert state.window is not None
        if state.window.kind == "steal":
            raise IllegalAction("PP-DETOUR-1", "Only the player stolen from can turn a steal.")
        raise IllegalAction("PP-EVENT-2", "There is no play here for a purple card to answer.")
    card = action.card
    if card not in state.players[action.seat].hand:
        raise IllegalAction("PP-EVENT-2", "That card is not in your hand.")
    if EFFECT[card] == "lets_do_it_again":
        if action.as_effect != wanted or not copyable(state, wanted):
            raise IllegalAction("PP-AGAIN-1", "Let's do it again can only copy a discarded event.")
    elif EFFECT[card] != wanted or action.as_effect is not None:
        rule = "PP-DETOUR-1" if wanted == "trail_detour" else "PP-RANGER-1"
        raise IllegalAction(rule, "That card does not answer this.")


def _react(ctx: PocketParksCtx, action: React) -> None:
    answer(ctx, action.seat, Claim(action.seat, [action.card], action.as_effect))


# Each kind of action: its own conditions (after whose turn or question it is), if any.
CHECKS: dict[str, Callable[[PocketParksState, Any], None]] = {
    "start_set": _check_start_set,
    "start_build": _check_start_build,
    "add": _check_add,
    "start_steal": _check_start_steal,
    "pay": _check_pay,
    "take": _check_take,
    "take_random": _check_take_random,
    "confirm": _check_confirm,
    "cancel": _check_cancel,
    "draw": _check_draw,
    "discard": _check_discard,
    "play_event": _check_play_event,
    "tour_pick": _check_tour_pick,
    "park_tour": _check_park_tour,
    "react": _check_react,
}
# Each kind of action: what it does to the successor.
HANDLERS: dict[str, Callable[[PocketParksCtx, Any], None]] = {
    "start_set": _start_set,
    "start_build": _start_build,
    "add": _add,
    "start_steal": _start_steal,
    "pay": _pay,
    "take": _take,
    "take_random": _take_random,
    "confirm": _confirm,
    "cancel": _cancel,
    "draw": _draw,
    "discard": _discard,
    "play_event": _play_event,
    "pass": _pass,
    "tour_pick": _tour_pick,
    "park_tour": _park_tour,
    "react": _react,
}


def _begin(state: PocketParksState, action: PPAction) -> PocketParksCtx:
    return PocketParksCtx(state.successor(), turn=state.current)


RULES: Rules[PocketParksState, PocketParksCtx] = Rules(
    phases=PHASES,
    checks=CHECKS,
    handlers=HANDLERS,
    begin=_begin,
    phase=lambda state: state.phase,
    names=lambda state: [p.name for p in state.players],
    to_act=to_act,
    settle=settle,
)
