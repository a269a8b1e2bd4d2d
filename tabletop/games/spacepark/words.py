"""Space Park in plain sentences, for playing by typed words (tabletop/text): each
legal action as a command and a sentence, and the answers to a player's questions
(hand, board, scores), from one seat's view only."""

from __future__ import annotations

from tabletop.core.engine import Action
from tabletop.core.words import Phrase, counted, slug
from tabletop.games.spacepark.content import TYPE_NAMES
from tabletop.games.spacepark.model import (
    DEST_NAMES,
    Exchange,
    FastTravel,
    Keep,
    ScoutBenefit,
    TakeFrom,
    Visit,
)
from tabletop.games.spacepark.view import BadgeView, PlayerView, SpaceParkView

_CRYSTAL = {"sun": "Sun", "moon": "Moon", "sea": "Sea"}


def crystals(amounts: dict[str, int]) -> str:
    """Crystals in words: "2 Sun and 1 Moon crystals"; "nothing" for none."""
    parts = [f"{n} {_CRYSTAL[k]}" for k, n in amounts.items() if n]
    if not parts:
        return "nothing"
    joined = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"{joined} {'crystal' if sum(amounts.values()) == 1 else 'crystals'}"


def badge(view: BadgeView) -> str:
    """A badge in one phrase: its name, type, cost, XP and ability."""
    ability = f" {view.ability}" if view.ability else ""
    return (
        f"{view.name}, {TYPE_NAMES[view.type]}, costs {crystals(view.cost)}, {view.xp} XP.{ability}"
    )


def aliases(view: SpaceParkView) -> dict[str, str]:
    """The numbers ``hand`` lists the badges by, for commands."""
    return {str(i): slug(b.name) for i, b in enumerate(view.hand, 1)}


def hand(view: SpaceParkView) -> list[str]:
    if view.seat is None or not view.hand:
        return ["Your hand holds no badge."]
    lines = [f"Your hand, {counted(len(view.hand), 'badge')}:"]
    for i, b in enumerate(view.hand, 1):
        paid = {k: n for k, n in b.price.items() if n}
        price = "" if paid == b.cost else f" You pay {crystals(paid)}."
        lines.append(f"{i}. {badge(b)}{price}")
    return lines


def board(view: SpaceParkView) -> list[str]:
    """The ring, the badges on display, the supply and the deck."""
    lines = ["The ring, clockwise from Starlight Station:"]
    for d in view.ring:
        marks = [m for m, on in (("a rocket", d.rocket), ("Scout", d.scout)) if on]
        there = f" Here: {' and '.join(marks)}." if marks else ""
        lines.append(f"{d.name}: {d.action}{there}")
    if not view.revealed:
        lines.append("On display: no badge.")
    lines += [f"On display: {badge(b)}" for b in view.revealed]
    supply = view.supply
    lines.append(
        f"Supply: {crystals({k: supply[k] for k in _CRYSTAL})}, "
        f"{counted(supply['pass'], 'Fast Travel pass')}. "
        f"Badge deck: {counted(view.deck_count, 'badge')}."
    )
    if view.solo:
        top = f", {view.scout_stack[-1].name} on top" if view.scout_stack else ""
        lines.append(f"Scout Stack: {counted(len(view.scout_stack), 'badge')}{top}.")
    return lines


def _player(p: PlayerView) -> str:
    earned = ", ".join(b.name for b in p.earned) or "none"
    controller = " Holds the Controller." if p.controller else ""
    stock = crystals({"sun": p.sun, "moon": p.moon, "sea": p.sea})
    return (
        f"{p.name}: {p.xp} XP; {stock}, {counted(p.passes, 'Fast Travel pass')}; "
        f"{counted(p.hand_count, 'badge')} in hand; earned: {earned}.{controller}"
    )


def scores(view: SpaceParkView) -> list[str]:
    last = " This is the last round." if view.last_round else ""
    return [f"Turn {view.turn}.{last}", *(_player(p) for p in view.players)]


def situation(view: SpaceParkView) -> list[str]:
    if view.over:
        return ["The game is over."]
    pending = view.pending
    if pending is not None:
        who = view.players[pending.seat].name
        if pending.kind == "scout_benefit":
            return [f"{who} holds the Controller: take a Sun crystal or a Fast Travel pass."]
        if pending.kind == "take_from":
            names = " or ".join(view.players[t].name for t in pending.targets)
            return [f"The supply is out: {who} takes from {names}."]
        drawn = f" the drawn {pending.drawn.name}" if pending.drawn is not None else " it"
        return [f"{who} drew a badge at Starlight Station: keep{drawn}, or exchange it."]
    return [f"{view.players[view.active].name}'s turn: move a rocket to a destination."]


def phrase(view: SpaceParkView, action: Action) -> Phrase:
    names = [p.name for p in view.players]
    if isinstance(action, FastTravel):
        name = DEST_NAMES[action.dest]
        return Phrase(
            f"travel {slug(name)}", f"Turn in a Fast Travel pass to move the rocket at {name}."
        )
    if isinstance(action, Visit):
        name = DEST_NAMES[action.dest]
        command = [f"visit {slug(name)}"]
        words = f"Visit {name}"
        if action.badge is not None:
            title = next(
                (
                    b.name
                    for b in [*view.hand, *view.revealed, *view.scout_stack]
                    if b.id == action.badge
                ),
                action.badge,
            )
            command.append(slug(title))
            words += f" for {title}"
        if action.scout_to is not None:
            to = DEST_NAMES[action.scout_to]
            command.append(slug(to))
            words += f", sending Scout to {to}"
        if action.scout_fee == "sun":
            command.append("sun")
            words += ", paying Scout a Sun crystal"
        elif action.scout_fee == "controller":
            command.append("controller")
            words += ", paying Scout with the Controller"
        return Phrase(" ".join(command), words + ".")
    if isinstance(action, ScoutBenefit):
        if action.take == "sun":
            return Phrase("take sun", "Take a Sun crystal.")
        return Phrase("take pass", "Take a Fast Travel pass.")
    if isinstance(action, TakeFrom):
        return Phrase(f"from {slug(names[action.target])}", f"Take from {names[action.target]}.")
    if isinstance(action, Keep):
        return Phrase("keep", "Keep the drawn badge.")
    if isinstance(action, Exchange):
        title = next((b.name for b in view.revealed if b.id == action.badge), action.badge)
        return Phrase(f"exchange {slug(title)}", f"Put the drawn badge on display, take {title}.")
    raise ValueError(f"no words for {action!r}")
