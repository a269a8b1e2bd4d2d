"""What one seat may see of a Pocket Dragon game (None: a spectator).

Hidden: every face-down grid card (except an open look, to the looker), the
viewer's own Activity cards (a spectator sees neither hand) and the deck.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from tabletop.games.pocketdragon.content import GRID_COLUMNS, cards
from tabletop.games.pocketdragon.model import (
    GENERAL_CLUE_COST,
    SPECIFIC_CLUE_COST,
    TIDY_MAX_FACE_DOWN,
    Difficulty,
    LossReason,
    Mode,
    PocketDragonState,
    Status,
    Table,
)
from tabletop.games.pocketdragon.rules import (
    card_at,
    display,
    face_down,
    feed_open,
    hunger_left_ms,
    main_left_ms,
    needed_skills,
    place_name,
    score,
)


class _View(BaseModel):
    model_config = ConfigDict(frozen=True)


class SkillView(_View):
    id: str
    name: str
    colour: str
    glyph: str
    letter: str


class FoodView(_View):
    id: str
    name: str
    letter: str


class CardView(_View):
    """A Collection card face up: its Skill and its Food."""

    card: str
    skill: str
    food: str


class ActivityView(_View):
    id: str
    name: str
    skills: tuple[str, ...]


class PlaceView(_View):
    place: int
    name: str  # "A1".."D5"
    row: int
    column: int
    content: Literal["empty", "face_down", "face_up"]
    card: CardView | None  # only when face up


class HandCardView(_View):
    """``activity`` is None when the viewer may not see it (their own card)."""

    activity: ActivityView | None
    known: tuple[str, ...]  # Skills clues showed it needs: public
    ruled_out: tuple[str, ...]  # Skills a general clue showed it lacks: public


class PlayView(_View):
    seat: int
    activity: ActivityView
    matched: tuple[int, ...]  # face-up places
    needed: tuple[str, ...]  # Skills still to match
    flips: int
    can_give_up: bool
    suggestions_open: bool  # the partner may suggest a card


class PeekView(_View):
    seat: int
    places: tuple[int, ...]
    cards: tuple[CardView, ...] | None  # only the looker sees them


class ClueView(_View):
    asker: int
    card: int  # index into the asker's hand


class TableView(_View):
    grid: tuple[PlaceView, ...]
    face_down: int
    discard: tuple[CardView, ...]
    food: tuple[tuple[CardView, ...], ...]  # per seat
    hands: tuple[tuple[HandCardView, ...], ...]  # per seat
    deck: int  # Activity cards left to draw
    done: tuple[ActivityView, ...]
    given_up: tuple[ActivityView, ...]
    turn: int
    play: PlayView | None
    peek: PeekView | None
    clue: ClueView | None
    tidy_up_allowed: bool


class ClocksView(_View):
    """The companion app's face: both timers as floats and as its whole-second display."""

    main_left: float
    main_display: int
    hunger_left: float
    hunger_display: int
    feed_available: bool
    clues: int
    general_clue_available: bool
    specific_clue_available: bool


class PocketDragonView(_View):
    game: Literal["pocketdragon"] = "pocketdragon"
    seat: int | None
    players: tuple[str, ...]
    mode: Mode
    difficulty: Difficulty
    status: Status
    loss: LossReason | None
    # The game-clock reading (s) this view belongs to: the clock stops with the game, so a
    # screen resuming a saved game sets its own clock here before it stamps actions.
    clock: float
    clocks: ClocksView
    happiness: int
    successes_needed: int
    successes_left: int
    score: int | None  # once won
    to_act: tuple[int, ...]
    skills: tuple[SkillView, ...]
    foods: tuple[FoodView, ...]
    table: TableView | None


def build_view(
    state: PocketDragonState, seat: int | None, to_act: tuple[int, ...]
) -> PocketDragonView:
    deck = cards()
    main_ms = main_left_ms(state)
    hunger_ms = hunger_left_ms(state)
    running = state.status == "running"
    return PocketDragonView(
        seat=seat,
        players=tuple(state.players),
        mode=state.mode,
        difficulty=state.difficulty,
        status=state.status,
        loss=state.loss,
        clock=state.now_ms / 1000,
        clocks=ClocksView(
            main_left=main_ms / 1000,
            main_display=display(main_ms),
            hunger_left=hunger_ms / 1000,
            hunger_display=display(hunger_ms),
            feed_available=feed_open(state),
            clues=state.clues,
            general_clue_available=running and state.clues >= GENERAL_CLUE_COST,
            specific_clue_available=running and state.clues >= SPECIFIC_CLUE_COST,
        ),
        happiness=state.happiness,
        successes_needed=state.level.successes,
        successes_left=state.level.successes - state.successes,
        score=score(state) if state.status == "won" else None,
        to_act=to_act,
        skills=tuple(
            SkillView(id=s.id, name=s.name, colour=s.colour, glyph=s.glyph, letter=s.letter)
            for s in deck.skills
        ),
        foods=tuple(FoodView(id=f.id, name=f.name, letter=f.letter) for f in deck.foods),
        table=None if state.table is None else _table_view(state.table, seat),
    )


def _card_view(card: int) -> CardView:
    entry = cards().collection[card]
    return CardView(card=entry.id, skill=entry.skill, food=entry.food)


def _activity_view(activity: int) -> ActivityView:
    entry = cards().activities[activity]
    return ActivityView(id=entry.id, name=entry.name, skills=entry.skills)


def _table_view(table: Table, seat: int | None) -> TableView:
    hidden = set(face_down(table))
    play = table.play
    peek = table.peek
    return TableView(
        grid=tuple(
            PlaceView(
                place=place,
                name=place_name(place),
                row=place // GRID_COLUMNS,
                column=place % GRID_COLUMNS,
                content="empty" if card is None else "face_down" if place in hidden else "face_up",
                card=None if card is None or place in hidden else _card_view(card),
            )
            for place, card in enumerate(table.grid)
        ),
        face_down=len(hidden),
        discard=tuple(_card_view(c) for c in table.discard),
        food=tuple(tuple(_card_view(c) for c in pile) for pile in table.food),
        hands=tuple(
            tuple(
                HandCardView(
                    # Nobody sees their own hand; a spectator sees neither (PD-TALK-2).
                    activity=_activity_view(h.activity)
                    if seat is not None and seat != owner
                    else None,
                    known=tuple(h.known),
                    ruled_out=tuple(h.ruled_out),
                )
                for h in hand
            )
            for owner, hand in enumerate(table.hands)
        ),
        deck=len(table.deck),
        done=tuple(_activity_view(a) for a in table.done),
        given_up=tuple(_activity_view(a) for a in table.given_up),
        turn=table.turn,
        play=None
        if play is None
        else PlayView(
            seat=play.seat,
            activity=_activity_view(play.activity),
            matched=tuple(play.matched),
            needed=tuple(needed_skills(table, play)),
            flips=play.flips,
            can_give_up=play.flips > 0,
            suggestions_open=len(needed_skills(table, play)) == 1,
        ),
        peek=None
        if peek is None
        else PeekView(
            seat=peek.seat,
            places=tuple(peek.places),
            cards=tuple(_card_view(card_at(table, p)) for p in peek.places)
            if seat == peek.seat
            else None,
        ),
        clue=None if table.clue is None else ClueView(asker=table.clue.asker, card=table.clue.card),
        tidy_up_allowed=len(hidden) <= TIDY_MAX_FACE_DOWN,
    )


STATUS_WORDS: dict[Status, str] = {
    "ready": "not started",
    "running": "clocks running",
    "paused": "paused",
    "won": "won",
    "lost": "lost",
}


def position_line(view: PocketDragonView) -> str:
    """Where a game stands, from a spectator's view (nothing hidden): the mode, the
    difficulty and the clocks, time and hunger left, Happiness, the successes and the clue
    pool; at the table, the Activity deck and the discard pile too."""
    c = view.clocks
    done = view.successes_needed - view.successes_left
    parts = [
        f"{view.mode.title()}, {view.difficulty}, {STATUS_WORDS[view.status]}",
        f"time left {c.main_display} s, hunger {c.hunger_display} s",
        f"Happiness {view.happiness}, successes {done} of {view.successes_needed}, clues {c.clues}",
    ]
    if view.table is not None:
        parts.append(f"Activity deck {view.table.deck}, discard pile {len(view.table.discard)}")
    return " · ".join(parts)
