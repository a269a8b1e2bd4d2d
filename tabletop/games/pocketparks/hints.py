"""PocketParks hints: the hard bot's move for a seat, from that seat's view, and why.

The hard bot (bots.SearchBot) decides from a seat's view and legal actions alone,
rebuilding the cards it cannot see at random (``determinize``); the hint asks a
fresh one, seeded alike every time, so the same view always gets the same hint.
On its own turn the bot picks a whole move (a set of these cards, a steal of that
card paid with those...) and the hint says all of it, though only its first step
is the hint's action. Asked again within that move, the hint is its next step: the
same search from the move's start (the view before its first step) gives the same
move, so a player who follows the hints finishes the move the first hint named. A
steal, which spends cards, is not suggested where a move spending none scores as well
by the greedy measure (``turn_macros``): that move is.

Every fact the reason states is worked out here from the view (the seat's own hand,
and the sets, discard pile and sizes everyone sees) for the move suggested: the cards
a set uses, what a steal's payment leaves in the hand, the cards a park goes with.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pydantic import BaseModel

from tabletop.core.bot import HINT_SEED, Hint
from tabletop.core.engine import Action
from tabletop.core.rng import Rng
from tabletop.core.words import counted
from tabletop.games.pocketparks import rules as R
from tabletop.games.pocketparks.bots import (
    SPARE,
    Info,
    Macro,
    SearchBot,
    best_tour,
    deficit,
    determinize,
    info_from_view,
    sizes_of,
    turn_macros,
    usefulness,
)
from tabletop.games.pocketparks.content import Effect
from tabletop.games.pocketparks.engine import ENGINE
from tabletop.games.pocketparks.model import (
    NO_CARD,
    AddCard,
    Cancel,
    Confirm,
    Discard,
    Draw,
    ParkTour,
    Pass,
    Pay,
    PlayEvent,
    React,
    StartBuild,
    StartSet,
    StartSteal,
    Take,
    TakeRandom,
    TourPick,
)
from tabletop.games.pocketparks.view import DraftView, PPView


def hint(view: BaseModel, legal: Sequence[Action], budget_s: float) -> Hint:
    assert isinstance(view, PPView) and view.seat is not None
    if view.draft is not None and view.window is None:
        return draft_hint(view, legal, budget_s)
    steps = whole_move(view, legal, budget_s)
    return Hint(steps[0], why(view, steps, legal))


def whole_move(view: PPView, legal: Sequence[Action], budget_s: float) -> list[Action]:
    """The hard bot's whole move from ``view``, every step of it."""
    bot = SearchBot(HINT_SEED)
    first = bot.choose(view, legal, budget_s)
    return unwasted(info_from_view(view), legal, [first, *bot.plan])


def draft_hint(view: PPView, legal: Sequence[Action], budget_s: float) -> Hint:
    """Within a move begun (a set, a build or a steal): its next step. The move is the one
    the hint gives at the move's start (the same view, before its first step), if the cards
    chosen so far are of it; else the best by the greedy measure that holds them; else
    take the move back."""
    assert view.draft is not None and view.seat is not None
    start = view.model_copy(update={"phase": "turn", "draft": None})
    began = ENGINE.legal_actions(determinize(start, Rng.from_seed(HINT_SEED)), view.seat)
    rest = still_to_make(whole_move(start, began, budget_s), view.draft)
    if rest is None:  # the player began another move than the hint's
        for macro in turn_macros(info_from_view(start), began):
            rest = still_to_make(list(macro.steps), view.draft)
            if rest is not None:
                break
    step = _matching(legal, rest[0]) if rest else None
    if step is None:
        cancel = next(a for a in legal if isinstance(a, Cancel))
        return Hint(
            cancel, "Cancel it (Esc): none of the moves the hint weighs goes on from this choice."
        )
    assert rest is not None
    if isinstance(step, Confirm):
        return Hint(step, "Confirm it: the move is complete.")
    assert isinstance(step, AddCard | Pay | Take)
    verbs = {AddCard: "add", Pay: "pay with", Take: "take"}
    to_do = [
        f"{verbs[type(s)]} {R.NAME[s.card]}" for s in rest if isinstance(s, AddCard | Pay | Take)
    ]
    then = "".join(f", {words}" for words in to_do[1:])
    first = to_do[0][0].upper() + to_do[0][1:]
    return Hint(step, f"{first}{then} and confirm, to finish this move as the hint would.")


def still_to_make(steps: list[Action], draft: DraftView) -> list[Action] | None:
    """The steps of the whole move ``steps`` not made yet, if the draft is its beginning
    (the same start, every card chosen so far among its cards); else None."""
    first = steps[0]
    begun = (
        (draft.kind == "set" and isinstance(first, StartSet))
        or (
            draft.kind == "build"
            and isinstance(first, StartBuild)
            and first.set_index == draft.set_index
        )
        or (
            draft.kind == "steal" and isinstance(first, StartSteal) and first.target == draft.target
        )
    )
    chosen = {c.id for c in draft.cards}
    taken = {c.id for c in draft.takes}
    cards = {s.card for s in steps if isinstance(s, AddCard | Pay)}
    takes = {s.card for s in steps if isinstance(s, Take)}
    if not begun or draft.random_takes or not (chosen <= cards and taken <= takes):
        return None
    return [
        s
        for s in steps[1:]
        if not (isinstance(s, AddCard | Pay) and s.card in chosen)
        and not (isinstance(s, Take) and s.card in taken)
    ]


def _matching(legal: Sequence[Action], wanted: Action) -> Action | None:
    return next((a for a in legal if a == wanted), None)


def unwasted(info: Info, legal: Sequence[Action], steps: list[Action]) -> list[Action]:
    """``steps``, unless they are a steal (its payment spends cards) that a move spending
    none (a set, a build, a draw) matches or beats by the greedy measure: then the best
    such move's steps."""
    if not isinstance(steps[0], StartSteal):
        return steps
    macros = turn_macros(info, legal)
    spent = next((m.score for m in macros if list(m.steps) == steps), -math.inf)
    free: Macro | None = next((m for m in macros if not isinstance(m.steps[0], StartSteal)), None)
    return list(free.steps) if free is not None and free.score >= spent else steps


def why(view: PPView, steps: Sequence[Action], legal: Sequence[Action]) -> str:
    """The move (all its steps) and its reason, in one line."""
    info = info_from_view(view)
    first = steps[0]
    cards = [s.card for s in steps if isinstance(s, AddCard)]
    if isinstance(first, StartSet):
        icons = icon_words(R.common_icons(cards, info.filters[info.seat]))
        return f"Play {R.names(cards)} as a set ({icons}): {progress(info, [len(cards)])}."
    if isinstance(first, StartBuild):
        sizes = sizes_of(info.sets[info.seat])
        sizes[first.set_index] += len(cards)
        onto = icon_words(
            R.common_icons(info.sets[info.seat][first.set_index], info.filters[info.seat])
        )
        return (
            f"Build {R.names(cards)} onto your set {first.set_index + 1} ({onto}): "
            f"{progress(info, sizes, built=True)}."
        )
    if isinstance(first, Draw):
        return draw_words(info, first, legal)
    if isinstance(first, StartSteal):
        return steal_words(info, view, steps)
    if isinstance(first, Discard):
        return discard_words(info, view, first, legal)
    if isinstance(first, PlayEvent):
        return event_words(info, view, first)
    if isinstance(first, TourPick | ParkTour):
        tour = list(best_tour(info))
        top = R.NAME[info.window_card]
        sizes = [*sizes_of(info.sets[info.seat]), len(tour) + 1]
        wins = ", which wins the round" if deficit(sizes) == 0 else ""
        return f"Park Tour! Claim {top} with {R.names(tour)}: a set of {len(tour) + 1}{wins}."
    if isinstance(first, React):
        effect = first.as_effect or R.EFFECT[first.card]
        play = played(first.card, first.as_effect)
        if effect == "trail_detour":
            return f"Play {play}: the thief takes nothing, and you take from them instead."
        cancelled = R.NAME[info.window_card] if info.window_card != NO_CARD else "that event"
        return f"Play {play}: {cancelled} has no effect."
    if isinstance(first, Pass):
        if all(isinstance(a, Pass) for a in legal):
            return "Pass: you have no way to answer this."
        return "Pass: answering is not worth your card this time."
    return "This is the only move there is."


def played(card: int, as_effect: Effect | None) -> str:
    """The card played, in players' words: "Ranger says no", "Let's do it again as
    Ranger says no"."""
    copied = f" as {R.EFFECT_NAME[as_effect]}" if as_effect is not None else ""
    return R.NAME[card] + copied


def wanted_for(info: Info, card: int, hand: Sequence[int]) -> str:
    """Why ``card`` is worth having, after its name: the first fact of those the bots'
    ``usefulness`` weighs that holds (a set of the seat's it can be built onto, the cards
    of ``hand``, those the seat keeps, it shares an icon with, the dark sky mark), or ""."""
    allowed = info.filters[info.seat]
    for index, cards in enumerate(info.sets[info.seat]):
        shared = R.common_icons([*cards, card], allowed)
        if len(cards) < R.MAX_SET and shared:
            return f"fits your set {index + 1} ({icon_words(shared)})"
    mates = {
        bit: [c for c in hand if c != card and R.is_park(c) and R.MASK[c] & bit]
        for bit in R.bits(R.MASK[card] & allowed)
    }
    best = max(mates, key=lambda bit: (len(mates[bit]), -bit), default=0)
    if best and mates[best]:
        return f"goes with {R.names(sorted(mates[best]))} in your hand ({icon_words(best)})"
    if R.MASK[card] & R.DARK:
        return "is a dark sky park, which alone pays for a steal"
    return ""


def icon_words(mask: int) -> str:
    """The icons of a mask, in players' words: "Mountain", "Canyon and dark sky"."""
    words = [icon.label for i, icon in enumerate(R.CONTENT.icons) if mask >> i & 1]
    if mask & R.DARK:
        words.append("dark sky")
    return " and ".join(words) if words else "no shared icon"


def progress(info: Info, added: list[int], *, built: bool = False) -> str:
    """How much nearer to winning the round the seat's sets get."""
    now = sizes_of(info.sets[info.seat])
    after = added if built else [*now, *added]
    before, left = deficit(now), deficit(after)
    if left == 0:
        return "that wins the round"
    return f"your sets are then {counted(left, 'card')} short of winning the round ({before} now)"


def draw_words(info: Info, draw: Draw, legal: Sequence[Action]) -> str:
    if draw.source == "discard":
        top = R.NAME[info.discard_top]
        reason = wanted_for(info, info.discard_top, info.hand) or "does better than a blind draw"
        return f"Draw {top} from the park discard pile: it {reason}."
    if info.phase == "draw":
        if info.discard_top == NO_CARD:
            return "Draw from the pile: the park discard pile is empty."
        return "Draw from the pile: the top of the park discard pile is of little use to you."
    placing = any(isinstance(m.steps[0], StartSet | StartBuild) for m in turn_macros(info, legal))
    if placing:
        return "Draw 2: drawing does better than any set you could play now."
    return "Draw 2: you have no set to play or build yet."


def steal_words(info: Info, view: PPView, steps: Sequence[Action]) -> str:
    first = steps[0]
    assert isinstance(first, StartSteal)
    victim = view.players[first.target]
    taken = [s.card for s in steps if isinstance(s, Take)]
    randoms = sum(isinstance(s, TakeRandom) for s in steps)
    paid = [s.card for s in steps if isinstance(s, Pay)]
    parts = [R.names(taken)] if taken else []
    if randoms:
        parts.append(counted(randoms, "random hand card"))
    what = " and ".join(parts)
    sets = info.sets[first.target]
    left = deficit(sizes_of(sets))
    after = deficit([len([c for c in cards if c not in taken]) for cards in sets])
    reasons = []
    if after > left:
        reasons.append(
            f"{victim.name} is then {counted(after, 'card')} from winning the round ({left} now)"
        )
    kept = [c for c in info.hand if c not in paid]
    reasons += [f"{R.NAME[c]} {w}" for c in taken if (w := wanted_for(info, c, kept))]
    reason = "; ".join(reasons) or f"it slows {victim.name} down"
    return f"Steal {what} from {victim.name}, paying {R.names(paid)}: {reason}."


def discard_words(info: Info, view: PPView, discard: Discard, legal: Sequence[Action]) -> str:
    """The card let go, what it does for the seat (the measure by which it is the least
    useful), and that no other card it may let go does less."""
    put = "Discard" if view.phase == "discard" else "Put back (hand limit)"
    card = discard.card
    others = [a.card for a in legal if isinstance(a, Discard) and a.card != card]
    kept = [c for c in info.hand if c != card]
    if not R.is_park(card):
        fact = "it is an event, which no set uses"
    elif does := wanted_for(info, card, kept):
        fact = f"it {does}"
    else:
        fact = "it fits no set of yours and goes with no card you hold"
    if not others:
        return f"{put} {R.NAME[card]}: {fact}, and it is the only card you may let go."
    return (
        f"{put} {R.NAME[card]}: {fact}; each other card you may let go helps you as much or more."
    )


def event_words(info: Info, view: PPView, play: PlayEvent) -> str:
    effect = play.as_effect or R.EFFECT[play.card]
    assert effect is not None
    name = played(play.card, play.as_effect)
    whom = f" on {view.players[play.target].name}" if play.target is not None else ""
    spare = [c for c in info.hand if c != play.card and usefulness(info, c) < SPARE]
    given = (
        f"{counted(len(spare), 'card')} of yours {'is' if len(spare) == 1 else 'are'} of little use"
        if spare
        else "it ends your draw with no park discarded"
    )
    reasons = {
        "make_a_wish": "a dark sky park comes to your hand",
        "aspiring_astronomer": "dark sky then counts as an icon for your sets",
        "comparing_notes": f"you swap 2 random cards, and {given}",
        "survival_of_the_fittest": f"everyone passes 2 random cards on, and {given}",
        "mosquito_bites": f"it takes {R.NAME[play.pick]} out of a set"
        if play.pick is not None
        else "nobody has a set to bite, so it only leaves your hand, and your parks stay",
    }
    return f"Play {name}{whom}: {reasons.get(effect, 'it helps you most now')}."
