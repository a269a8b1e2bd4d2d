"""PocketParks in plain sentences, for playing by typed words (tabletop/text): each
legal action as a command and a sentence, and the answers to a player's questions
(hand, table, scores), from one seat's view only."""

from __future__ import annotations

from tabletop.core.engine import Action
from tabletop.core.words import Phrase, counted, slug
from tabletop.games.pocketparks import rules as R
from tabletop.games.pocketparks.model import (
    ROUNDS,
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
from tabletop.games.pocketparks.view import CardView, PPView, SetView

RESPONSE = "pass"
"""The command that lets a response window go (it is taken when its countdown ends)."""
_LABEL = {icon.id: icon.label.replace("/", " or ") for icon in R.CONTENT.icons}


def icons(names: list[str]) -> str:
    """Icon ids in players' words: "Mountain, Canyon and dark sky"."""
    labels = [_LABEL.get(name, "dark sky") for name in names]
    if not labels:
        return "no shared icon"
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


def card(view: CardView) -> str:
    """A card in one phrase: "Zion, park 12: Mountain and Canyon", "Make a wish, blue
    event: Flip cards until a dark sky park; take it"."""
    if view.event is not None:
        summary = R.CONTENT.card_text(view.id).summary.rstrip(".")
        return f"{view.name}, {view.colour} event: {summary}"
    return f"{view.name}, park {view.number}: {icons(view.icons)}"


def _set(view: SetView) -> str:
    names = ", ".join(c.name for c in view.cards)
    notes = [icons(view.icons)]
    if view.protected:
        notes.append("safe from stealing")
    if view.priority:
        notes.append(f"priority in {icons(view.priority)}")
    return f"a set of {view.size} ({'; '.join(notes)}): {names}"


def aliases(view: PPView) -> dict[str, str]:
    """The numbers ``hand`` lists the cards by, for commands: "3" is the third card."""
    return {str(i): slug(c.name) for i, c in enumerate(view.hand or [], 1)}


def hand(view: PPView) -> list[str]:
    cards = view.hand or []
    if not cards:
        return ["Your hand is empty."]
    lines = [f"Your hand, {counted(len(cards), 'card')}:"]
    lines += [f"{i}. {card(c)}." for i, c in enumerate(cards, 1)]
    return lines


def table(view: PPView) -> list[str]:
    """Every player's sets and hand size, the piles, the featured park."""
    lines = []
    for p in view.players:
        sets = "; ".join(_set(s) for s in p.sets) or "no sets"
        astro = " Dark sky counts as an icon for their sets." if p.dark_sky_sets else ""
        lines.append(f"{p.name}: {counted(p.hand_size, 'card')} in hand, {sets}.{astro}")
    top = f", {view.discard_top.name} on top" if view.discard_top is not None else ""
    lines.append(
        f"Draw pile: {counted(view.pile_size, 'card')}. "
        f"Park discard pile: {counted(view.discard_size, 'card')}{top}."
    )
    if view.event_discard:
        names = ", ".join(c.name for c in view.event_discard)
        lines.append(f"Event discard pile: {names}.")
    if view.featured is not None:
        lines.append(f"Featured park this round: {card(view.featured)}.")
    return lines


def scores(view: PPView) -> list[str]:
    lines = [f"Round {view.round} of {ROUNDS}."]
    lines += [f"{p.name}: {counted(p.score, 'point')}." for p in view.players]
    for result in view.results:
        won = "nobody won it"
        if result.winner is not None:
            won = f"{view.players[result.winner].name} won it"
        points = ", ".join(
            f"{p.name} {counted(n, 'point')}"
            for p, n in zip(view.players, result.points, strict=True)
        )
        lines.append(f"Round {result.round}: {won}; {points}.")
    return lines


def situation(view: PPView) -> list[str]:
    """What the table waits for, as the viewer may know it."""
    current = view.players[view.current].name
    if view.phase == "over":
        return ["The game is over."]
    if view.window is not None:
        return [f"{view.window.question.rstrip('.?')}?"]
    draft = view.draft
    if draft is not None:
        picked = ", ".join(c.name for c in draft.cards) or "no card yet"
        if draft.kind == "steal" and draft.target is not None:
            takes = [c.name for c in draft.takes]
            if draft.random_takes:
                takes.append(counted(draft.random_takes, "random hand card"))
            taken = ", ".join(takes) or "nothing yet"
            target = view.players[draft.target].name
            return [f"Steal from {target}: paying {picked}; taking {taken}."]
        return [f"Your {'build' if draft.kind == 'build' else 'new set'} so far: {picked}."]
    asks = {
        "turn": "one action: play a set, build, draw or steal",
        "draw": "draw the second card",
        "discard": "put back a park card, or play an event",
        "limit": f"put back cards down to the hand limit of {R.HAND_LIMIT}",
    }
    return [f"{current}'s turn: {asks.get(view.phase, view.phase)}."]


def phrase(view: PPView, action: Action) -> Phrase:
    """``action`` as a command and a sentence, from ``view``'s seat."""
    names = [p.name for p in view.players]

    def name_of(card_id: int) -> str:
        return R.NAME[card_id]

    if isinstance(action, StartSet):
        return Phrase("set", "Play a new set from your hand (then add its cards).")
    if isinstance(action, StartBuild):
        n = action.set_index + 1
        cards = view.players[action.seat].sets[action.set_index].cards
        return Phrase(f"build {n}", f"Build on your set {n}: {', '.join(c.name for c in cards)}.")
    if isinstance(action, Draw):
        if action.source == "pile":
            return Phrase("draw pile", "Draw from the draw pile.")
        top = view.discard_top.name if view.discard_top else "its top card"
        return Phrase("draw discard", f"Draw {top} from the park discard pile.")
    if isinstance(action, StartSteal):
        return Phrase(f"steal {slug(names[action.target])}", f"Steal from {names[action.target]}.")
    if isinstance(action, AddCard):
        return Phrase(f"add {slug(name_of(action.card))}", f"Add {name_of(action.card)}.", "")
    if isinstance(action, Pay):
        return Phrase(f"pay {slug(name_of(action.card))}", f"Pay with {name_of(action.card)}.")
    if isinstance(action, Take):
        return Phrase(f"take {slug(name_of(action.card))}", f"Take {name_of(action.card)}.")
    if isinstance(action, TakeRandom):
        return Phrase("take random", "Take a random card from their hand.")
    if isinstance(action, Confirm):
        return Phrase("confirm", "Confirm: done choosing.")
    if isinstance(action, Cancel):
        return Phrase("cancel", "Cancel: take the choice back.")
    if isinstance(action, Discard):
        return Phrase(f"discard {slug(name_of(action.card))}", f"Put back {name_of(action.card)}.")
    if isinstance(action, PlayEvent):
        effect = action.as_effect
        words = f"Play {name_of(action.card)}"
        command = f"event {slug(name_of(action.card))}"
        if effect is not None and effect != R.EFFECT[action.card]:
            words += f" as {R.EFFECT_NAME[effect]}"
            command += f" {slug(R.EFFECT_NAME[effect])}"
        if action.pick is not None:
            words += f": bite {name_of(action.pick)}"
            command += f" {slug(name_of(action.pick))}"
        if action.target is not None:
            words += f" on {names[action.target]}"
            command += f" {slug(names[action.target])}"
        return Phrase(command, words + ".")
    if isinstance(action, Pass):
        return Phrase("pass", "Pass: let it go.")
    if isinstance(action, TourPick):
        return Phrase(
            f"tour {slug(name_of(action.card))}", f"Pick {name_of(action.card)} for a Park Tour."
        )
    if isinstance(action, ParkTour):
        top = view.window.card.name if view.window and view.window.card else "the top card"
        picked = ", ".join(name_of(c) for c in action.cards)
        return Phrase("park tour", f"Call Park Tour: take {top} and play it with {picked}.")
    if isinstance(action, React):
        words = f"Play {name_of(action.card)}"
        command = f"react {slug(name_of(action.card))}"
        if action.as_effect is not None:
            words += f" as {R.EFFECT_NAME[action.as_effect]}"
        return Phrase(command, words + ".")
    raise ValueError(f"no words for {action!r}")
