"""PocketParks rules: how each action changes a (cloned) state.

Every function here works on a state the engine has already cloned; ``_Ctx``
collects the log lines and whether something hidden was drawn or revealed.
Rule ids refer to seeds/pocketparks.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from tabletop.core.engine import Event
from tabletop.games.pocketparks.content import Effect, load_content
from tabletop.games.pocketparks.state import (
    NO_CARD,
    NO_SEAT,
    ROUNDS,
    TOUR_SIZES,
    Claim,
    Draft,
    EventPlay,
    PPState,
    RoundResult,
    SetScore,
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


@dataclass(slots=True)
class Ctx:
    st: PPState
    log: list[Event] = field(default_factory=list)
    hidden: bool = False

    def say(self, text: str, private_to: int | None = None) -> None:
        self.log.append(Event(text, private_to))

    def name(self, seat: int) -> str:
        return self.st.players[seat].name


# -- cards and sets -----------------------------------------------------------


def is_park(card: int) -> bool:
    return card < PARKS


def names(cards: list[int]) -> str:
    labels = [NAME[c] for c in cards]
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


def icon_filter(st: PPState, seat: int) -> int:
    """The icons a seat's cards may use: dark sky only after Aspiring astronomer
    was played on an earlier turn of this round (PP-SET-8)."""
    played = st.players[seat].astronomer_turn
    return ALL_ICONS if 0 <= played < st.turn else THEME


def common_icons(cards: list[int], icons: int) -> int:
    for card in cards:
        icons &= MASK[card]
    return icons


def set_icons(st: PPState, seat: int, cards: list[int]) -> int:
    """A set's icons are what all its cards share, recomputed as it changes (PP-SET-1, PP-SET-7)."""
    return common_icons(cards, icon_filter(st, seat))


def bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def order_from(st: PPState, seat: int) -> tuple[int, ...]:
    """Every seat in turn order, from ``seat`` on."""
    n = len(st.players)
    return _order(seat % n, n)


@cache
def _order(seat: int, n: int) -> tuple[int, ...]:
    return tuple((seat + k) % n for k in range(n))


def priority_distance(st: PPState, seat: int) -> int:
    """0 for the player after the current one, ..., n-1 for the current player (PP-TOUR-4)."""
    return (seat - st.current - 1) % len(st.players)


def round3(st: PPState) -> bool:
    return st.modifiers and st.round == ROUNDS


def priorities(st: PPState) -> list[list[int]]:
    """Per seat, per set: the icons for which that set has priority (PP-MOD-3).

    For each icon, the largest set having it wins; a tie goes to the set holding
    the highest park number (unique, since every card is in one set only)."""
    best: dict[int, tuple[int, int, int, int]] = {}
    for seat, player in enumerate(st.players):
        icons_allowed = icon_filter(st, seat)
        for idx, cards in enumerate(player.sets):
            key = (len(cards), max(NUMBER[c] for c in cards), seat, idx)
            for bit in bits(common_icons(cards, icons_allowed)):
                held = best.get(bit)
                if held is None or key[:2] > held[:2]:
                    best[bit] = key
    out = [[0] * len(p.sets) for p in st.players]
    for bit, (_, _, seat, idx) in best.items():
        out[seat][idx] |= bit
    return out


def wins_with(sizes: list[int]) -> bool:
    """Sets matching the thresholds >=4, >=3, >=2, one set each (PP-WIN-1)."""
    top = sorted(sizes, reverse=True)[:3]
    return len(top) == 3 and top[0] >= 4 and top[1] >= 3 and top[2] >= 2


def round_winner(st: PPState) -> int:
    """Who has won the round: the current player first, then in turn order."""
    prio = None
    for seat in order_from(st, st.current):
        sets = st.players[seat].sets
        sizes = [len(s) for s in sets]
        if NINE in sizes:
            return seat
        if len(sizes) < 3:  # wins_with needs three sets, whatever their priority
            continue
        if round3(st):
            if prio is None:
                prio = priorities(st)
            sizes = [n for n, held in zip(sizes, prio[seat], strict=True) if held]
        if wins_with(sizes):
            return seat
    return NO_SEAT


def score_sheet(st: PPState, winner: int) -> list[list[SetScore]]:
    """The round's score sheet: per seat, each set with its points (PP-SCORE-1),
    doubled by a featured icon (PP-MOD-2); in round 3 only priority in a featured
    icon doubles (PP-MOD-3, PP-MOD-4). The one place a round is scored."""
    featured = MASK[st.featured] & THEME if st.featured != NO_CARD else 0
    prio = priorities(st) if round3(st) else None
    sheet = []
    for seat, player in enumerate(st.players):
        table = WINNER_POINTS if seat == winner else OTHER_POINTS
        row = []
        for idx, cards in enumerate(player.sets):
            base = table.get(len(cards), 0)
            icons = set_icons(st, seat, cards)
            held = 0 if prio is None else prio[seat][idx]
            doubled = bool((icons if prio is None else held) & featured)
            row.append(SetScore(cards[:], icons, held, base * 2 if doubled else base, doubled))
        sheet.append(row)
    return sheet


def sheet_totals(sheet: list[list[SetScore]]) -> list[int]:
    """Each seat's points for the round: the sum of its sets' points."""
    return [sum(s.points for s in row) for row in sheet]


def nine_in_hand(st: PPState, seat: int) -> list[int] | None:
    """Nine hand parks sharing an icon (the newest nine if more), else None (PP-NINE-1)."""
    hand = st.players[seat].hand
    if len(hand) < NINE:
        return None
    for bit in bits(icon_filter(st, seat)):
        group = [c for c in hand if MASK[c] & bit]
        if len(group) >= NINE:
            return sorted(group, key=lambda c: -NUMBER[c])[:NINE]
    return None


def is_tour(st: PPState, seat: int, top: int, cards: Sequence[int]) -> bool:
    """Do ``cards`` claim ``top``: 4 hand cards for a set of 5, or 8 for a set of 9,
    all sharing one of its icons (PP-TOUR-1)?"""
    hand = st.players[seat].hand
    return (
        len(cards) in TOUR_SIZES
        and len(set(cards)) == len(cards)
        and all(c in hand for c in cards)
        and common_icons(list(cards), MASK[top] & icon_filter(st, seat)) != 0
    )


def tour_can_grow(st: PPState, seat: int, top: int, cards: list[int]) -> bool:
    """Can more hand cards make ``cards`` (picked so far) a Park Tour on ``top``: does
    one icon of it, shared by them all, have the 4 (or, past 4, the 8) cards needed?"""
    if len(cards) > TOUR_SIZES[-1]:
        return False
    needed = next(size for size in TOUR_SIZES if len(cards) <= size)
    hand = st.players[seat].hand
    icons = common_icons(cards, MASK[top] & icon_filter(st, seat))
    return any(sum(1 for c in hand if MASK[c] & bit) >= needed for bit in bits(icons))


def tour_picks(st: PPState, seat: int) -> list[int]:
    """The hand cards ``seat`` has picked so far for a Park Tour in the open window."""
    window = st.window
    assert window is not None
    return next((p.cards for p in window.picks if p.seat == seat), [])


def payment_buys(cards: list[int]) -> tuple[int, ...]:
    """How many steals a payment buys (PP-STEAL-2): 2 cards or 1 dark sky park
    buy 1; 4 cards, 2 cards + 1 dark sky park, or 2 dark sky parks buy 2."""
    dark = sum(1 for c in cards if MASK[c] & DARK)
    paid = len(cards)
    if paid == 1:
        return (1,) if dark else ()
    if paid == 2:
        return (1, 2) if dark == 2 else (1,)
    if paid == 3:
        return (2,) if dark else ()
    return (2,) if paid == 4 else ()


def can_pay(hand: list[int]) -> bool:
    return len(hand) >= 2 or any(MASK[c] & DARK for c in hand)


def stealable(st: PPState, seat: int) -> list[int]:
    return [c for s in st.players[seat].sets if len(s) not in UNSTEALABLE for c in s]


def set_holding(st: PPState, seat: int, card: int) -> int:
    for idx, cards in enumerate(st.players[seat].sets):
        if card in cards:
            return idx
    return -1


def take_from_set(st: PPState, seat: int, card: int) -> None:
    """A card leaves the set holding it; a set left empty is gone. States share their
    sets' lists (``PPState.successor``): a set is replaced, never changed."""
    sets = st.players[seat].sets
    idx = set_holding(st, seat, card)
    rest = [c for c in sets[idx] if c != card]
    if rest:
        sets[idx] = rest
    else:
        del sets[idx]


def copyable(st: PPState, effect: Effect) -> bool:
    """Let's do it again may copy an effect whose card lies in the event discard."""
    return any(EFFECT[c] == effect for c in st.event_discard)


# -- moving cards -------------------------------------------------------------


def reshuffle(ctx: Ctx) -> None:
    """PP-PILE-1: the park discard pile except its top becomes the new draw pile."""
    st = ctx.st
    if len(st.discard) > 1:
        rest = st.discard[:-1]
        st.rng.shuffle(rest)
        st.pile = rest
        st.discard = st.discard[-1:]
        ctx.say("The park discard pile, all but its top card, is shuffled into a new draw pile.")


def draw_from_pile(ctx: Ctx, seat: int) -> int:
    st = ctx.st
    if not st.pile:
        reshuffle(ctx)
    if not st.pile:
        return NO_CARD
    card = st.pile.pop()
    st.players[seat].hand.append(card)
    ctx.hidden = True
    return card


def refill_empty_hands(ctx: Ctx) -> None:
    """PP-ZERO-1: an empty hand draws 2 from the draw pile at once."""
    st = ctx.st
    for seat in order_from(st, st.current):
        if st.players[seat].hand:
            continue
        drawn = [c for c in (draw_from_pile(ctx, seat), draw_from_pile(ctx, seat)) if c >= 0]
        if drawn:
            ctx.say(f"{ctx.name(seat)} has no cards left and draws {len(drawn)}.")
            ctx.say(f"You draw {names(drawn)}.", seat)


def random_cards(ctx: Ctx, seat: int, count: int) -> list[int]:
    """Take up to ``count`` random cards out of a seat's hand."""
    hand = ctx.st.players[seat].hand
    taken = []
    for _ in range(min(count, len(hand))):
        taken.append(hand.pop(ctx.st.rng.below(len(hand))))
    if taken:
        ctx.hidden = True
    return taken


def exchange(ctx: Ctx, moves: list[tuple[int, int]]) -> None:
    """Each giver passes up to 2 random hand cards to its receiver, all at once:
    every giver picks before anyone receives, so a 1-card hand gives only 1."""
    given = [random_cards(ctx, giver, 2) for giver, _ in moves]
    for (giver, receiver), cards in zip(moves, given, strict=True):
        ctx.st.players[receiver].hand.extend(cards)
        ctx.say(f"{ctx.name(giver)} passes {len(cards)} card(s) to {ctx.name(receiver)}.")
        if cards:
            ctx.say(f"You pass {names(cards)} to {ctx.name(receiver)}.", giver)
            ctx.say(f"You get {names(cards)} from {ctx.name(giver)}.", receiver)


def leave_hand(ctx: Ctx, seat: int, card: int) -> None:
    """A card leaves a hidden hand: the table has now seen it (or where it
    went), so undo may not take it back."""
    ctx.st.players[seat].hand.remove(card)
    ctx.hidden = True


def to_discard(st: PPState, card: int) -> None:
    (st.discard if is_park(card) else st.event_discard).append(card)


# -- round flow ---------------------------------------------------------------


def deal(ctx: Ctx) -> None:
    """PP-SETUP-1, PP-SETUP-2, PP-MOD-2: shuffle everything, set the featured park
    aside in rounds 2 and 3, deal 6 each, flip up to a park for the discard."""
    st = ctx.st
    deck = list(range(CONTENT.size))
    st.rng.shuffle(deck)
    st.featured = NO_CARD
    if st.modifiers and st.round >= 2:
        st.featured = next(c for c in reversed(deck) if is_park(c))
        deck.remove(st.featured)
        ctx.say(f"Round {st.round}: the featured park is {NAME[st.featured]}.")
    for player in st.players:
        player.hand = [deck.pop() for _ in range(DEAL)]
        player.sets = []
        player.astronomer_turn = -1
    st.pile = deck
    st.discard = []
    st.event_discard = []
    while st.pile:
        card = st.pile.pop()
        to_discard(st, card)
        if is_park(card):
            break
    st.current = st.first
    st.turn += 1
    st.phase = "turn"
    st.draws = 0
    st.fresh_top = st.wishing = False
    st.draft = st.window = st.event_play = st.tour = None
    ctx.hidden = True
    ctx.say(f"Round {st.round} begins; {ctx.name(st.first)} plays first.")


def end_round(ctx: Ctx, winner: int) -> None:
    st = ctx.st
    sheet = score_sheet(st, winner)
    points = sheet_totals(sheet)
    newest = [max((NUMBER[c] for s in row for c in s.cards), default=0) for row in sheet]
    for player, gained in zip(st.players, points, strict=True):
        player.score += gained
    st.results.append(RoundResult(winner, points, newest, sheet, st.featured, round3(st)))
    result = "has no winner" if winner == NO_SEAT else f"is won by {ctx.name(winner)}"
    tally = ", ".join(f"{p.name} +{g}" for p, g in zip(st.players, points, strict=True))
    ctx.say(f"Round {st.round} {result}. Points: {tally}.")
    if st.round == ROUNDS:
        st.phase = "over"
        st.window = st.draft = st.event_play = st.tour = None
        st.wishing = False
        ctx.say("The game is over.")
        return
    st.round += 1
    # PP-GAME-1: the winner starts the next round; after a round nobody won,
    # the player after the previous starter does.
    st.first = winner if winner != NO_SEAT else (st.first + 1) % len(st.players)
    deal(ctx)


def settle(ctx: Ctx) -> None:
    """After every action: refill empty hands, then look for a set of 9 in a hand,
    a round winner, and a draw pile that can no longer be rebuilt."""
    st = ctx.st
    if st.phase == "over":
        return
    refill_empty_hands(ctx)
    for seat in order_from(st, st.current):
        nine = nine_in_hand(st, seat)
        if nine is not None:
            for card in nine:
                leave_hand(ctx, seat, card)
            st.players[seat].sets.append(nine)
            ctx.say(f"{ctx.name(seat)} holds nine of a kind and plays {names(nine)}!")
            end_round(ctx, seat)
            return
    winner = round_winner(st)
    if winner != NO_SEAT:
        ctx.say(f"{ctx.name(winner)} has sets of 2, 3 and 4 or more.")
        end_round(ctx, winner)
        return
    if st.wishing:
        return  # a wish flips only what the pile holds now (PP-WISH-1)
    if not st.pile:
        reshuffle(ctx)
    if not st.pile:
        ctx.say("No card can be drawn any more: the round ends with no winner.")
        end_round(ctx, NO_SEAT)


def next_turn(ctx: Ctx, seat: int) -> None:
    st = ctx.st
    st.current = seat % len(st.players)
    st.turn += 1
    st.phase = "turn"
    st.draws = 0
    st.fresh_top = False
    st.draft = st.event_play = st.tour = st.window = None


def end_action(ctx: Ctx) -> None:
    """The current player's action is over: hand limit first (PP-LIMIT-1)."""
    st = ctx.st
    if len(st.players[st.current].hand) > HAND_LIMIT:
        st.phase = "limit"
        return
    close_turn(ctx)


def limit_choices(st: PPState, seat: int) -> list[int]:
    """PP-LIMIT-2: the cards a seat may put back at the hand limit: its hand, less
    the cards it has promised to a Park Tour it won this turn."""
    promised = st.tour.cards if st.tour is not None and st.tour.seat == seat else ()
    return [c for c in st.players[seat].hand if c not in promised]


def close_turn(ctx: Ctx) -> None:
    """After the hand limit: a won Park Tour is played, else a fresh discard top
    opens a Park Tour window, else the next player goes (PP-TOUR-5, PP-TURN-3)."""
    st = ctx.st
    if st.tour is not None:
        claim, st.tour = st.tour, None
        play_tour(ctx, claim)
        next_turn(ctx, claim.seat + 1)
        return
    if st.fresh_top and st.discard:
        st.fresh_top = False
        open_window(ctx, "tour", st.discard[-1], exclude=st.current)
        return
    next_turn(ctx, st.current + 1)


def play_tour(ctx: Ctx, claim: Claim) -> None:
    st = ctx.st
    top = st.discard.pop()
    for card in claim.cards:
        leave_hand(ctx, claim.seat, card)
    st.players[claim.seat].sets.append([*claim.cards, top])
    ctx.say(f"PARK TOUR! {ctx.name(claim.seat)} takes {NAME[top]} and plays {names(claim.cards)}.")


def open_window(ctx: Ctx, kind: WindowKind, card: int, exclude: int) -> None:
    """PP-WINDOW-1: ask every seat but the one who triggered it, in turn order."""
    st = ctx.st
    waiting = [s for s in order_from(st, st.current + 1) if s != exclude]
    st.window = Window(kind, card, waiting, [])
    st.phase = "window"


def answer(ctx: Ctx, seat: int, claim: Claim | None) -> None:
    """``seat`` answers the open window: ``claim``, or None to pass (its picks go)."""
    window = ctx.st.window
    assert window is not None
    window.waiting.remove(seat)
    window.picks = [p for p in window.picks if p.seat != seat]
    if claim is not None:
        window.claims.append(claim)
    if not window.waiting:
        close_window(ctx)


def close_window(ctx: Ctx) -> None:
    st = ctx.st
    window = st.window
    assert window is not None
    st.window = None
    best = min(window.claims, key=lambda c: priority_distance(st, c.seat), default=None)
    if window.kind == "tour":
        st.tour = best
        close_turn(ctx)
    elif window.kind == "wish":
        if best is not None:
            ctx.say("The Park Tour stops Make a wish; the wish does not come true.")
            st.wishing = False
            st.tour = best
            end_action(ctx)
        else:
            wish_after_flip(ctx)
    elif window.kind == "event":
        play, st.event_play = st.event_play, None
        assert play is not None
        if best is not None:
            spend_reaction(ctx, best)
            ctx.say(f"{ctx.name(best.seat)} says no: {NAME[play.card]} has no effect.")
            end_action(ctx)
        elif play.effect == "make_a_wish":
            st.wishing = True
            wish_flip(ctx)  # ends the action itself once the flipping is over
        else:
            resolve_event(ctx, play)
            end_action(ctx)
    else:
        draft, st.draft = st.draft, None
        assert draft is not None
        resolve_steal(ctx, draft, best)
        end_action(ctx)


def spend_reaction(ctx: Ctx, claim: Claim) -> None:
    card = claim.cards[0]
    leave_hand(ctx, claim.seat, card)
    ctx.st.event_discard.append(card)
    copied = f" as {EFFECT_NAME[claim.copy]}" if claim.copy else ""
    ctx.say(f"{ctx.name(claim.seat)} plays {NAME[card]}{copied}.")


# -- events -------------------------------------------------------------------


def resolve_event(ctx: Ctx, play: EventPlay) -> None:
    """The effect of a blue or red event nobody cancelled (Make a wish aside)."""
    st = ctx.st
    me = st.current
    n = len(st.players)
    if play.effect == "aspiring_astronomer":
        player = st.players[me]
        if player.astronomer_turn < 0:
            player.astronomer_turn = st.turn
        ctx.say(f"From the next turn on, dark sky counts as an icon for {ctx.name(me)}.")
    elif play.effect == "comparing_notes":
        exchange(ctx, [(me, play.target), (play.target, me)])
    elif play.effect == "survival_of_the_fittest":
        exchange(ctx, [(s, (s + 1) % n) for s in order_from(st, me)])
    elif play.effect == "mosquito_bites":
        if play.target == NO_SEAT:
            ctx.say("Nobody has a set to bite.")
            return
        take_from_set(st, play.target, play.pick)
        st.discard.append(play.pick)
        st.fresh_top = True
        ctx.say(f"Mosquitoes bite {NAME[play.pick]} out of {ctx.name(play.target)}'s set.")


def wish_flip(ctx: Ctx) -> None:
    """PP-WISH-1: flip until a dark sky park; every flipped park opens a window."""
    st = ctx.st
    while st.pile:
        card = st.pile.pop()
        to_discard(st, card)
        ctx.say(f"Make a wish flips {NAME[card]}.")
        if is_park(card):
            open_window(ctx, "wish", card, exclude=NO_SEAT)
            return
    ctx.say("The draw pile runs out: the wish does not come true.")
    st.wishing = False
    end_action(ctx)


def wish_after_flip(ctx: Ctx) -> None:
    st = ctx.st
    card = st.discard[-1]
    if not MASK[card] & DARK:
        wish_flip(ctx)
        return
    st.discard.pop()
    st.players[st.current].hand.append(card)
    st.wishing = False
    ctx.say(f"The wish comes true: {ctx.name(st.current)} takes {NAME[card]}.")
    end_action(ctx)


# -- steals -------------------------------------------------------------------


def pay_for_steal(ctx: Ctx, draft: Draft) -> None:
    """PP-STEAL-3: the payment moves at once, parks onto the park discard pile
    (the last paid on top), events onto the event discard pile, unplayed."""
    st = ctx.st
    thief = st.current
    for card in draft.cards:
        leave_hand(ctx, thief, card)
        to_discard(st, card)
        if is_park(card):
            st.fresh_top = True
    parts = [f"{NAME[c]} from a set" for c in draft.takes]
    if draft.random_takes:
        parts.append(f"{draft.random_takes} random card(s) from hand")
    ctx.say(
        f"{ctx.name(thief)} pays {names(draft.cards)} to steal from "
        f"{ctx.name(draft.target)}: {' and '.join(parts)}."
    )
    refill_empty_hands(ctx)
    open_window(ctx, "steal", NO_CARD, exclude=thief)


def resolve_steal(ctx: Ctx, draft: Draft, detour: Claim | None) -> None:
    st = ctx.st
    thief, target = st.current, draft.target
    takes = draft.takes
    if detour is not None:
        # PP-DETOUR-1: the steal turns back on the thief.
        spend_reaction(ctx, detour)
        cards = random_cards(ctx, thief, len(takes) + draft.random_takes)
        st.players[target].hand.extend(cards)
        ctx.say(f"The steal turns around: {ctx.name(target)} takes {len(cards)} from the thief.")
        if cards:
            ctx.say(f"You lose {names(cards)}.", thief)
            ctx.say(f"You take {names(cards)}.", target)
        return
    for card in takes:
        take_from_set(st, target, card)
    from_hand = random_cards(ctx, target, draft.random_takes)
    st.players[thief].hand.extend(takes + from_hand)
    ctx.say(f"{ctx.name(thief)} steals {len(takes) + len(from_hand)} card(s).")
    if from_hand:
        ctx.say(f"You steal {names(from_hand)}.", thief)
        ctx.say(f"{ctx.name(thief)} steals {names(from_hand)} from your hand.", target)
