"""PocketParks in a replay: each hand, the chart's measures, the words for a move whose
log lines do not name its player, and the prompt told in any seat's words."""

from __future__ import annotations

from typing import Any

from textual.content import Content

from tabletop.core.replay import ReplaySession
from tabletop.tui.text import plain

CALLED_OFF = {"set": "new set", "build": "build", "steal": "steal"}
"""What a PocketParks cancel calls off, by the step it is made in."""


def hand(session: ReplaySession, seat: int) -> list[str]:
    from tabletop.games.pocketparks.view import PPView

    view = session.view(seat)
    assert isinstance(view, PPView)
    return [card.name for card in view.hand or ()]


def measures(view: Any) -> dict[str, float]:
    return {f"{p.name} points": p.score for p in view.players}


def move_words(session: ReplaySession, move: int, seat: int | None) -> str:
    """A PocketParks move, as ``seat`` saw it made, where its log lines do not say who
    made it (or there are none). A card from the mover's hand is named to the mover
    only; an answer given in private to a response window is told as the table saw it
    (still choosing, or answered), except to the seat that gave it."""
    from tabletop.games.pocketparks import model as m
    from tabletop.games.pocketparks.view import PPView, card_view

    engine, replay = session.engine, session.replay
    action = engine.parse_action(replay.record.actions[move - 1])
    names = [info.name for info in session.seats]
    who = names[action.seat]
    own = action.seat == seat

    def hand_card(card: int) -> str:
        return card_view(card).name if own else "a card"

    def table_before() -> PPView:
        view = engine.view(replay.state(move - 1), None)
        assert isinstance(view, PPView)
        return view

    match action:
        case m.StartSet():
            return f"{who} starts a new set."
        case m.StartBuild(set_index=index):
            return f"{who} starts building onto set {index + 1}."
        case m.AddCard(card=card):
            return f"{who} adds {hand_card(card)} to the set."
        case m.StartSteal(target=target):
            return f"{who} starts a steal from {names[target]}."
        case m.Pay(card=card):
            return f"{who} offers {hand_card(card)} to pay for the steal."
        case m.Take(card=card):
            sets = [(p.name, s) for p in table_before().players for s in p.sets]
            owner = next(name for name, s in sets if any(c.id == card for c in s.cards))
            return f"{who} picks {card_view(card).name} from {owner}'s sets to steal."
        case m.TakeRandom():
            return f"{who} picks a random hand card to steal."
        case m.Cancel():
            before = table_before()
            if before.window is None:  # else the picks of a Park Tour (below)
                return f"{who} calls off the {CALLED_OFF.get(before.phase, 'move')}."
    # an answer to a response window, given in private
    if not own:
        choosing = isinstance(action, m.TourPick | m.Cancel)  # the answer is not given yet
        return f"{who} {'is choosing an answer' if choosing else 'answers'}, in private."
    match action:
        case m.Pass():
            return f"{who} does not answer."
        case m.TourPick(card=card):
            return f"{who} picks {hand_card(card)} for a Park Tour."
        case m.Cancel():
            return f"{who} puts back the cards picked for a Park Tour."
        case m.React(card=card):
            return f"{who} answers with {hand_card(card)}."
    return f"{who} answers."


def step_words(session: ReplaySession, view: Any) -> Content:
    """PocketParks' prompt in a replay: the step told in any seat's words, whoever's
    view is shown (the screen's own prompt, for the seat whose step it is, says what to
    press), and a response window told, never asked."""
    from tabletop.tui.games.pocketparks.screen import STEP_WORDS

    if session.outcome is not None:
        return Content("The game is over.")
    names = [p.name for p in view.players]
    window = view.window
    if window is None:
        return plain(STEP_WORDS.get(view.phase, "").format(name=names[view.current]))
    asked = _either([names[seat] for seat in window.waiting])
    if window.kind in ("tour", "wish"):
        card = window.card.name
        about = f"Make a wish flips {card}" if window.kind == "wish" else f"{card} is discarded"
        return plain(f"Response window: {about}. {asked} may claim it with a Park Tour.")
    # "Ann plays Mosquito bites ...: Ranger says no cancels it"
    return plain(f"Response window: {window.question}. {asked} may answer.")


def _either(names: list[str]) -> str:
    """ "Bo", "Bo or Cy", "Bo, Cy or Di"."""
    return " or ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
