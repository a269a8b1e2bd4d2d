"""Pocket Dragon in plain sentences, for playing by typed words (tabletop/text): each
legal action as a command and a sentence, the answers to a player's questions (clocks,
table, hand, scores) and the clock's moments worth telling (``clock_news``), from one
seat's view only."""

from __future__ import annotations

from tabletop.core.engine import Action
from tabletop.core.words import Phrase, counted, slug
from tabletop.games.pocketdragon.model import (
    AnswerClue,
    CollectFood,
    Feed,
    Flip,
    GeneralClue,
    GiveUp,
    LogFeed,
    Peek,
    PlayActivity,
    SpecificClue,
    Suggest,
)
from tabletop.games.pocketdragon.rules import place_name
from tabletop.games.pocketdragon.view import CardView, PocketDragonView, position_line

ANNOUNCE_EVERY_S = 30
"""The main timer is told at every multiple of this many seconds left."""
LAST_SECONDS = 10
"""A clock with this many seconds left is told once."""


def _skill(view: PocketDragonView, skill_id: str) -> str:
    return next((s.name for s in view.skills if s.id == skill_id), skill_id)


def _food(view: PocketDragonView, food_id: str) -> str:
    return next((f.name for f in view.foods if f.id == food_id), food_id)


def _card(view: PocketDragonView, card: CardView) -> str:
    return f"{_skill(view, card.skill)} with {_food(view, card.food)}"


def _skills(view: PocketDragonView, skills: tuple[str, ...]) -> str:
    """Skills in words: "Endurance, Attention and Kindness"."""
    names = [_skill(view, s) for s in skills]
    if len(names) < 2:
        return "".join(names) or "nothing"
    return ", ".join(names[:-1]) + " and " + names[-1]


def clocks(view: PocketDragonView) -> list[str]:
    c = view.clocks
    status = {
        "ready": "The clocks have not started.",
        "running": "The clocks are running.",
        "paused": "The clocks are paused.",
        "won": "The game is won.",
        "lost": "The game is lost.",
    }[view.status]
    feed = " Feeding is open." if c.feed_available else ""
    return [
        status,
        f"Time left: {counted(c.main_display, 'second')}. "
        f"Hunger: {counted(c.hunger_display, 'second')}.{feed}",
        f"Clue pool: {counted(c.clues, 'clue')}.",
    ]


def scores(view: PocketDragonView) -> list[str]:
    done = view.successes_needed - view.successes_left
    lines = [
        f"Happiness {view.happiness}. Successes: {done} of {view.successes_needed}.",
        f"{view.mode.title()} mode, {view.difficulty}.",
    ]
    if view.score is not None:
        lines.append(f"Score: {view.score}.")
    return lines


def table(view: PocketDragonView) -> list[str]:
    """The grid (each place's card when face up), the food, the discard and the deck."""
    t = view.table
    if t is None:
        return ["Companion mode: the cards are on your real table.", position_line(view)]
    down = [p.name for p in t.grid if p.content == "face_down"]
    up = [f"{p.name} {_card(view, p.card)}" for p in t.grid if p.card is not None]
    empty = [p.name for p in t.grid if p.content == "empty"]
    lines = [f"Face down: {', '.join(down) or 'none'}."]
    if up:
        lines.append(f"Face up: {'; '.join(up)}.")
    if empty:
        lines.append(f"Empty: {', '.join(empty)}.")
    if t.peek is not None and t.peek.cards is not None:
        seen = "; ".join(
            f"{place_name(p)} {_card(view, c)}"
            for p, c in zip(t.peek.places, t.peek.cards, strict=True)
        )
        lines.append(f"Your look: {seen}.")
    for seat, pile in enumerate(t.food):
        food = ", ".join(_card(view, c) for c in pile) or "none"
        lines.append(f"{view.players[seat]}'s food: {food}.")
    discard = counted(len(t.discard), "card")
    lines.append(f"Activity deck: {counted(t.deck, 'card')}. Discard pile: {discard}.")
    if t.play is not None:
        who = view.players[t.play.seat]
        lines.append(
            f"{who} plays {t.play.activity.name}: still needs "
            f"{_skills(view, t.play.needed)}; {counted(t.play.flips, 'flip')} so far."
        )
    return lines


def hand(view: PocketDragonView) -> list[str]:
    """Every hand as the viewer may see it: their own face down, with what clues told."""
    t = view.table
    if t is None:
        return ["Companion mode: your Activity cards are on your real table."]
    lines = []
    for seat, cards in enumerate(t.hands):
        whose = "Your hand" if seat == view.seat else f"{view.players[seat]}'s hand"
        lines.append(f"{whose}, {counted(len(cards), 'Activity card')}:")
        for i, h in enumerate(cards, 1):
            face = (
                f"{h.activity.name}, needs {_skills(view, h.activity.skills)}"
                if h.activity is not None
                else "Hidden from you"
            )
            notes = []
            if h.known:
                notes.append(f"a clue showed it needs {_skills(view, h.known)}")
            if h.ruled_out:
                notes.append(f"it needs no {_skills(view, h.ruled_out)}")
            extra = f" ({'; '.join(notes)})" if notes else ""
            lines.append(f"{i}. {face}{extra}.")
    return lines


def situation(view: PocketDragonView) -> list[str]:
    if view.status in ("won", "lost"):
        return [f"The game is {view.status}."]
    if view.status == "ready":
        return ["The clocks start with the start command."]
    if view.status == "paused":
        return ["Paused: resume carries on."]
    t = view.table
    if t is None:
        return ["The clocks run. Log what happens on your real table."]
    if t.clue is not None:
        return [f"{view.players[t.clue.asker]} asked a clue about card {t.clue.card + 1}."]
    if t.peek is not None:
        return [f"{view.players[t.peek.seat]} is looking at two cards."]
    if t.play is not None:
        return [f"{view.players[t.play.seat]} plays {t.play.activity.name}."]
    return [f"{view.players[t.turn]}'s turn."]


def clock_news(before: PocketDragonView, after: PocketDragonView) -> list[str]:
    """What the clocks did between two views worth telling a player who cannot see
    them: every ANNOUNCE_EVERY_S seconds of the main timer, the hunger window opening
    (PD-FEED-1), LAST_SECONDS left on either clock."""
    if after.status != "running" or before.status != "running":
        return []
    b, a = before.clocks, after.clocks
    news = []
    if a.main_display <= LAST_SECONDS < b.main_display:
        news.append(f"{counted(a.main_display, 'second')} left on the main timer.")
    elif (a.main_display - 1) // ANNOUNCE_EVERY_S < (b.main_display - 1) // ANNOUNCE_EVERY_S:
        news.append(f"{counted(a.main_display, 'second')} left.")
    if a.feed_available and not b.feed_available:
        news.append(f"The dragon is hungry: feeding is open, {a.hunger_display} seconds left.")
    elif a.hunger_display <= LAST_SECONDS < b.hunger_display:
        news.append(f"Hunger: {counted(a.hunger_display, 'second')} left. Feed the dragon.")
    return news


def aliases(view: PocketDragonView) -> dict[str, str]:
    """Places are typed as they are named (b2); nothing is numbered but the hand."""
    return {}


PLAIN: dict[str, tuple[str, str]] = {
    "start": ("start", "Start the clocks."),
    "pause": ("pause", "Pause the clocks."),
    "resume": ("resume", "Resume the clocks."),
    "reset": ("reset", "Reset: back to before the start."),
    "log_general_clue": ("general clue", "Log a general clue."),
    "log_specific_clue": ("specific clue", "Log a specific clue."),
    "log_success": ("success", "Log a success."),
    "log_mistake": ("mistake", "Log a mistake."),
    "log_tidy_up": ("tidy", "Log a tidy up."),
    "end_peek": ("done", "Done looking: put the cards back face down."),
    "tidy_up": ("tidy", "Tidy up the grid."),
}
"""The command and the words of each move that names nothing: a kind, one phrase."""


def phrase(view: PocketDragonView, action: Action) -> Phrase:
    names = view.players
    t = view.table
    plain = PLAIN.get(getattr(action, "kind", ""))
    if plain is not None:
        return Phrase(*plain)
    if isinstance(action, LogFeed):
        return Phrase(
            f"fed {action.discarded}",
            f"Fed the dragon, discarding {counted(action.discarded, 'food card')}.",
            "fed NUMBER: log a feeding, with the number of food cards discarded.",
        )
    if isinstance(action, Peek):
        a, b = (place_name(p) for p in action.places)
        return Phrase(
            f"look {a.lower()} {b.lower()}",
            f"Look at {a} and {b}.",
            "look PLACE PLACE: look at two face-down cards, as look b2 c4.",
        )
    if isinstance(action, GeneralClue):
        skill = _skill(view, action.skill)
        return Phrase(
            f"ask {slug(skill)}",
            f"Ask a general clue: which of your cards need {skill}.",
            "ask SKILL: a general clue, which of your cards need a Skill: "
            f"{_skills(view, tuple(s.id for s in view.skills))}.",
        )
    if isinstance(action, SpecificClue):
        n = action.card + 1
        return Phrase(
            f"clue {n}",
            f"Ask a specific clue about your card {n}.",
            "clue NUMBER: a specific clue about one of your cards.",
        )
    if isinstance(action, AnswerClue):
        skill = _skill(view, action.skill)
        return Phrase(f"answer {slug(skill)}", f"Answer: the card needs {skill}.")
    if isinstance(action, PlayActivity):
        n = action.card + 1
        return Phrase(
            f"play {n}",
            f"Play your Activity card {n}.",
            "play NUMBER: play one of your Activity cards.",
        )
    if isinstance(action, Flip):
        place = place_name(action.place)
        return Phrase(
            f"flip {place.lower()}",
            f"Flip {place}.",
            "flip PLACE: turn a face-down card face up, as flip b2.",
        )
    if isinstance(action, Suggest):
        place = place_name(action.place)
        who = names[t.play.seat] if t is not None and t.play is not None else "your partner"
        return Phrase(
            f"suggest {place.lower()}",
            f"Suggest {place} to {who}.",
            f"suggest PLACE: suggest a card to {who}, as suggest b2.",
        )
    if isinstance(action, GiveUp):
        return Phrase("give up", "Give up this Activity.")
    if isinstance(action, CollectFood):
        place = place_name(action.place)
        return Phrase(
            f"collect {place.lower()}",
            f"Collect the card at {place} as food.",
            "collect PLACE: take a face-down card as food, as collect b2.",
        )
    if isinstance(action, Feed):
        food = _food(view, action.food)
        return Phrase(f"feed {slug(food)}", f"Feed the dragon {food}.")
    raise ValueError(f"no words for {action!r}")
