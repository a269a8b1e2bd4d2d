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
    Info,
    SearchBot,
    best_tour,
    deficit,
    info_from_view,
    sizes_of,
    turn_macros,
)
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
        return f"Build {R.names(cards)} onto your {onto} set: {progress(info, sizes, built=True)}."
    if isinstance(first, Draw):
        return draw_words(info, first, legal)
    if isinstance(first, StartSteal):
        return steal_words(info, view, steps)
    if isinstance(first, Discard):
        put = "Discard" if view.phase == "discard" else "Put back (hand limit)"
        return f"{put} {R.NAME[first.card]}: it is the least use to your sets."
    if isinstance(first, PlayEvent):
        return event_words(info, view, first)
    if isinstance(first, TourPick | ParkTour):
        claim = R.names(list(best_tour(info)))
        top = R.NAME[info.window_card]
        return f"Park Tour! Claim {top} with {claim}: a set of {len(best_tour(info)) + 1} at once."
    if isinstance(first, React):
        effect = first.as_effect or R.EFFECT[first.card]
        if effect == "trail_detour":
            return "Play Trail detour: the thief takes nothing, and you take from them instead."
        cancelled = R.NAME[info.window_card] if info.window_card != NO_CARD else "that event"
        return f"Play Ranger says no: {cancelled} has no effect."
    if isinstance(first, Pass):
        if all(isinstance(a, Pass) for a in legal):
            return "Pass: you have no way to answer this."
        return "Pass: answering is not worth your card this time."
    return "This is the only move there is."


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
        return f"Draw from the park discard pile: {top} goes with cards you hold."
    if info.phase == "draw":
        return "Draw from the pile: the top of the discard is of little use to you."
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
    what = R.names(taken) if taken else counted(randoms, "random card")
    left = deficit(sizes_of(info.sets[first.target]))
    reason = (
        f"{victim.name} is {counted(left, 'card')} from winning the round"
        if left <= 4
        else "it goes with cards you hold"
    )
    return f"Steal {what} from {victim.name}, paying {R.names(paid)}: {reason}."


def event_words(info: Info, view: PPView, play: PlayEvent) -> str:
    effect = play.as_effect or R.EFFECT[play.card]
    assert effect is not None
    name = R.EFFECT_NAME[effect]
    whom = f" on {view.players[play.target].name}" if play.target is not None else ""
    reasons = {
        "make_a_wish": "a dark sky park comes to your hand",
        "aspiring_astronomer": "dark sky then counts as an icon for your sets",
        "comparing_notes": "you swap 2 random cards, and yours are of little use",
        "survival_of_the_fittest": "everyone passes 2 random cards on, and yours are of little use",
        "mosquito_bites": f"it takes {R.NAME[play.pick]} out of a set"
        if play.pick is not None
        else "nobody has a set to bite, so it only leaves your hand, and your parks stay",
    }
    return f"Play {name}{whom}: {reasons.get(effect, 'it helps you most now')}."
