"""PocketParks hints: the hard bot's move for a seat, from that seat's view, and why.

The hard bot (bots.SearchBot) decides from a seat's view and legal actions alone,
rebuilding the cards it cannot see at random (``determinize``); the hint asks a
fresh one, seeded alike every time, so the same view always gets the same hint.
On its own turn the bot picks a whole move (a set of these cards, a steal of that
card paid with those...) and the hint says all of it, though only its first step
is the hint's action. The reason is read from the view: the seat's own hand, and
the sets, discard pile and sizes everyone sees.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from tabletop.core.bot import HINT_SEED, Hint
from tabletop.core.engine import Action
from tabletop.core.words import counted
from tabletop.games.pocketparks import rules as R
from tabletop.games.pocketparks.bots import (
    SPARE,
    Info,
    SearchBot,
    best_tour,
    deficit,
    info_from_view,
    sizes_of,
    turn_macros,
    usefulness,
)
from tabletop.games.pocketparks.content import Effect
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
from tabletop.games.pocketparks.view import PPView

DRAFTS = ("set", "build", "steal")
"""Phases of a move made in steps, once started: a hint is for a whole move."""


def hint(view: BaseModel, legal: Sequence[Action], budget_s: float) -> Hint:
    assert isinstance(view, PPView) and view.seat is not None
    bot = SearchBot(HINT_SEED)
    first = bot.choose(view, legal, budget_s)
    return Hint(first, why(view, [first, *bot.plan], legal))


def why(view: PPView, steps: Sequence[Action], legal: Sequence[Action]) -> str:
    """The move (all its steps) and its reason, in one line."""
    info = info_from_view(view)
    first = steps[0]
    cards = [s.card for s in steps if isinstance(s, AddCard)]
    if view.phase in DRAFTS and isinstance(first, Confirm | Cancel):
        done = "Confirm it" if isinstance(first, Confirm) else "Cancel it (Esc)"
        return f"{done}: hints are for whole moves, so ask again at the start of the next one."
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
        put = "Discard" if view.phase == "discard" else "Put back (hand limit)"
        return f"{put} {R.NAME[first.card]}: of the cards you may let go, it helps you least."
    if isinstance(first, PlayEvent):
        return event_words(info, view, first)
    if isinstance(first, TourPick | ParkTour):
        claim = R.names(list(best_tour(info)))
        top = R.NAME[info.window_card]
        return f"Park Tour! Claim {top} with {claim}: a set of {len(best_tour(info)) + 1} at once."
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


def wanted_for(info: Info, card: int) -> str:
    """Why ``card`` is worth having, after its name: the first fact of those the bots'
    ``usefulness`` weighs that holds (a set of the seat's it can be built onto, the hand
    cards it shares an icon with, the dark sky mark), or ""."""
    allowed = info.filters[info.seat]
    for index, cards in enumerate(info.sets[info.seat]):
        shared = R.common_icons([*cards, card], allowed)
        if len(cards) < R.MAX_SET and shared:
            return f"fits your set {index + 1} ({icon_words(shared)})"
    mates = {
        bit: sum(1 for c in info.hand if c != card and R.is_park(c) and R.MASK[c] & bit)
        for bit in R.bits(R.MASK[card] & allowed)
    }
    best = max(mates, key=lambda bit: (mates[bit], -bit), default=0)
    if best and mates[best]:
        return f"goes with {counted(mates[best], 'card')} you hold ({icon_words(best)})"
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
        reason = wanted_for(info, info.discard_top) or "does better than a blind draw"
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
    reasons += [f"{R.NAME[c]} {w}" for c in taken if (w := wanted_for(info, c))]
    reason = "; ".join(reasons) or f"it slows {victim.name} down"
    return f"Steal {what} from {victim.name}, paying {R.names(paid)}: {reason}."


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
