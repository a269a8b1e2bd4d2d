"""Pocket Dragon's options, actions and state: plain data, no rules; and ``check_state``,
what every state of a game holds.

Time is kept in whole milliseconds (integers), so running the clocks in one
step or in many adds up to exactly the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Annotated, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, FiniteFloat

from tabletop.core.engine import Action, action, require, require_each_once, value
from tabletop.core.rng import Rng
from tabletop.games.pocketdragon.content import ACTIVITY_COUNT, COLLECTION_SIZE, cards

Mode = Literal["companion", "table"]
Difficulty = Literal["easy", "medium", "hard"]
Status = Literal["ready", "running", "paused", "won", "lost"]
LossReason = Literal["main_timer", "hunger", "unhappy", "deck_empty"]

SEATS = 2
HAND_SIZE = 3
HUNGER_S = 120
FEED_WINDOW_S = 30
START_CLUES = 3
CLUE_INTERVAL_MS = (15_000, 20_000)
GENERAL_CLUE_COST = 1
SPECIFIC_CLUE_COST = 2
MAX_FOOD = 4
TIDY_MAX_FACE_DOWN = 5
# A clock reading past this (about 31,700 years) reads as this, and one before its
# negative as its negative: every timer has long run out by then (or not started),
# and the millisecond count stays a finite number.
LATEST_S = 1e12


@dataclass(frozen=True)
class Level:
    main_s: int
    successes: int
    base_score: int
    happiness: int


LEVELS: dict[str, Level] = {
    "easy": Level(main_s=300, successes=3, base_score=1, happiness=4),
    "medium": Level(main_s=360, successes=5, base_score=3, happiness=3),
    "hard": Level(main_s=420, successes=7, base_score=8, happiness=3),
}


class PocketDragonOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    # "rules": the section of the rules (or a rule) setup quotes to explain the option.
    mode: Mode = Field(default="table", json_schema_extra={"rules": "Components and setup"})
    difficulty: Difficulty = Field(default="easy", json_schema_extra={"rules": "PD-SETUP-2"})


# -- actions -----------------------------------------------------------------


@action
class _Timed(Action):
    """Every action carries ``now``: the caller's game-clock reading, in seconds."""

    now: FiniteFloat


@action
class Start(_Timed):
    kind: Literal["start"] = "start"


# Why the clocks stop or run again when no player pressed the key (PD-TIME-7): a
# player is away from a hosted game, or the game was closed while they ran. None: a
# player pressed it. Left out of the record when None, so records made before it
# existed read and replay the same.
PauseCause = Literal["away", "reopened"]
ResumeCause = Literal["away"]


@action
class Pause(_Timed):
    kind: Literal["pause"] = "pause"
    cause: PauseCause | None = None


@action
class Resume(_Timed):
    kind: Literal["resume"] = "resume"
    cause: ResumeCause | None = None


# Companion mode: the players tell the app what happened with the physical cards.


@action
class Reset(_Timed):
    kind: Literal["reset"] = "reset"


@action
class LogFeed(_Timed):
    """Feed pressed; ``discarded`` food cards of one type went to the discard pile."""

    kind: Literal["log_feed"] = "log_feed"
    discarded: int


@action
class LogGeneralClue(_Timed):
    kind: Literal["log_general_clue"] = "log_general_clue"


@action
class LogSpecificClue(_Timed):
    kind: Literal["log_specific_clue"] = "log_specific_clue"


@action
class LogSuccess(_Timed):
    kind: Literal["log_success"] = "log_success"


@action
class LogMistake(_Timed):
    kind: Literal["log_mistake"] = "log_mistake"


@action
class LogTidyUp(_Timed):
    kind: Literal["log_tidy_up"] = "log_tidy_up"


# Table mode: the cards are on screen. Grid places are 0..19, row by row.


@action
class Peek(_Timed):
    """Look at two face-down grid cards."""

    kind: Literal["peek"] = "peek"
    places: tuple[int, int]


@action
class EndPeek(_Timed):
    kind: Literal["end_peek"] = "end_peek"


@action
class GeneralClue(_Timed):
    kind: Literal["general_clue"] = "general_clue"
    skill: str


@action
class SpecificClue(_Timed):
    """Point at card ``card`` (an index into the asker's hand) for the partner to name an icon."""

    kind: Literal["specific_clue"] = "specific_clue"
    card: int


@action
class AnswerClue(_Timed):
    kind: Literal["answer_clue"] = "answer_clue"
    skill: str


@action
class PlayActivity(_Timed):
    kind: Literal["play"] = "play"
    card: int


@action
class Flip(_Timed):
    kind: Literal["flip"] = "flip"
    place: int


@action
class Suggest(_Timed):
    kind: Literal["suggest"] = "suggest"
    place: int


@action
class GiveUp(_Timed):
    kind: Literal["give_up"] = "give_up"


@action
class CollectFood(_Timed):
    kind: Literal["collect_food"] = "collect_food"
    place: int


@action
class Feed(_Timed):
    """Feed the dragon all of the feeder's food cards of type ``food``."""

    kind: Literal["feed"] = "feed"
    food: str


@action
class TidyUp(_Timed):
    kind: Literal["tidy_up"] = "tidy_up"


A = TypeVar("A", bound=Action)


def with_now(action: A, now: float) -> A:
    """The same action at the game-clock reading ``now``: a screen stamps an action
    with its clock when it is taken (legal actions carry the state's clock)."""
    assert isinstance(action, _Timed), "only Pocket Dragon's actions carry a time"
    return replace(action, now=now)


def caused(action: A, now: float, *, reopened: bool = False) -> A:
    """The same pause or resume at ``now``, made by the app, not a player (PD-TIME-7):
    a pause for a seat away or for a game ``reopened`` after it was closed running, a
    resume because everyone is back."""
    if isinstance(action, Pause):
        return replace(action, now=now, cause="reopened" if reopened else "away")
    assert isinstance(action, Resume) and not reopened, "only the clocks are held"
    return replace(action, now=now, cause="away")


TABLE_ACTIONS = (
    Peek,
    EndPeek,
    GeneralClue,
    SpecificClue,
    AnswerClue,
    PlayActivity,
    Flip,
    Suggest,
    GiveUp,
    CollectFood,
    Feed,
    TidyUp,
)

PocketDragonAction = Annotated[
    Start
    | Pause
    | Resume
    | Reset
    | LogFeed
    | LogGeneralClue
    | LogSpecificClue
    | LogSuccess
    | LogMistake
    | LogTidyUp
    | Peek
    | EndPeek
    | GeneralClue
    | SpecificClue
    | AnswerClue
    | PlayActivity
    | Flip
    | Suggest
    | GiveUp
    | CollectFood
    | Feed
    | TidyUp,
    Field(discriminator="kind"),
]


# -- state -------------------------------------------------------------------


@dataclass(slots=True)
class HandCard:
    """An Activity in a hand, with what clues have told about it (public knowledge).
    States share their hand cards: the rules replace one, never change it."""

    activity: int
    known: list[str] = field(default_factory=list)  # skills a clue showed it needs
    ruled_out: list[str] = field(default_factory=list)  # skills a general clue showed it lacks


@dataclass(slots=True)
class Play:
    """An Activity being played: ``matched`` are the face-up grid places matching it."""

    seat: int
    activity: int
    matched: list[int] = field(default_factory=list)
    flips: int = 0

    def clone(self) -> Play:
        return Play(self.seat, self.activity, self.matched.copy(), self.flips)


@value
class OpenPeek:
    """A look at two face-down cards, open until the looker closes it."""

    seat: int
    places: list[int]


@value
class PendingClue:
    """A specific clue waiting for the partner's answer about the asker's card."""

    asker: int
    card: int


@dataclass(slots=True)
class Table:
    """Table mode: the cards. ``grid`` holds Collection card indexes (None: empty place);
    a card in the grid is face down unless it is a match of the Activity in play."""

    grid: list[int | None]
    deck: list[int]
    hands: list[list[HandCard]]
    food: list[list[int]]
    discard: list[int] = field(default_factory=list)
    done: list[int] = field(default_factory=list)
    given_up: list[int] = field(default_factory=list)
    turn: int = 0
    play: Play | None = None
    peek: OpenPeek | None = None
    clue: PendingClue | None = None

    def successor(self) -> Table:
        """The copy an action on the cards changes: it shares only what the rules never
        change in place: the hand cards (replaced, never changed), the peek and the clue
        (values)."""
        return Table(
            self.grid.copy(),
            self.deck.copy(),
            [hand.copy() for hand in self.hands],
            [food.copy() for food in self.food],
            self.discard.copy(),
            self.done.copy(),
            self.given_up.copy(),
            self.turn,
            None if self.play is None else self.play.clone(),
            self.peek,
            self.clue,
        )


@dataclass(slots=True)
class PocketDragonState:
    """The whole game. ``now_ms`` is the caller's clock reading the ``elapsed_ms`` of
    running time belongs to; it moves only while the clocks run."""

    players: list[str]
    mode: Mode
    difficulty: Difficulty
    rng: Rng
    status: Status = "ready"
    loss: LossReason | None = None
    now_ms: int = 0
    elapsed_ms: int = 0
    hunger_deadline_ms: int = HUNGER_S * 1000  # running time at which the dragon starves
    next_clue_ms: int = 0  # running time of the next clue; drawn at Start
    clues: int = START_CLUES
    happiness: int = 0
    successes: int = 0
    table: Table | None = None

    @property
    def level(self) -> Level:
        return LEVELS[self.difficulty]

    def successor(self) -> PocketDragonState:
        """The copy ``rules.apply`` and ``rules.advance`` change into the next state: it
        shares the table, which the clocks never change and an action on the cards
        replaces with its successor."""
        return PocketDragonState(
            self.players,  # never changed in place
            self.mode,
            self.difficulty,
            self.rng.copy(),
            self.status,
            self.loss,
            self.now_ms,
            self.elapsed_ms,
            self.hunger_deadline_ms,
            self.next_clue_ms,
            self.clues,
            self.happiness,
            self.successes,
            self.table,
        )


def check_state(state: PocketDragonState) -> None:
    """InvalidState unless play can reach ``s`` (seats and names are checked before):
    the clocks within the level's times, counts not negative, and in table mode every
    card in exactly one place and the turn, the open look, clue and play consistent."""
    level = state.level
    require(0 <= state.rng.state < 2**64, "the random generator's state is not a 64-bit number")
    require(
        0 <= state.now_ms <= LATEST_S * 1000,
        f"the clock reads {state.now_ms} ms, not 0 to {LATEST_S * 1000:.0f} (PD-TIME-2)",
    )
    main_ms = level.main_s * 1000
    require(
        0 <= state.elapsed_ms <= main_ms,
        f"{state.elapsed_ms} ms of play have run, not 0 to the main timer's {main_ms} (PD-TIME-1)",
    )
    require(
        state.elapsed_ms <= state.hunger_deadline_ms <= state.elapsed_ms + HUNGER_S * 1000,
        "the hunger timer shows more than 120 s or has run past zero (PD-FEED-2)",
    )
    require(
        state.status != "ready" or state.elapsed_ms == 0, "the clocks ran before Start (PD-TIME-1)"
    )
    require(state.next_clue_ms >= 0, "the next clue is due before the game began")
    # Clues come one an interval of play (PD-CLUE-1): at most one more than the shortest
    # intervals the play so far holds.
    most = START_CLUES + state.elapsed_ms // CLUE_INTERVAL_MS[0] + 1
    require(
        0 <= state.clues <= most,
        f"the clue pool holds {state.clues}, not 0 to {most} "
        f"after {state.elapsed_ms} ms (PD-CLUE-2)",
    )
    if state.status != "ready":  # the next clue is drawn at Start, then after each gain
        next_clue = state.next_clue_ms
        require(
            state.elapsed_ms <= next_clue <= state.elapsed_ms + CLUE_INTERVAL_MS[1],
            f"the next clue is due at {next_clue} ms, not in the 20 s after the "
            f"{state.elapsed_ms} ms played (PD-CLUE-1)",
        )
        # Each gain is at least an interval before the next: a pool the play could not
        # have gained would outgrow the bound below as the clocks run.
        gained = START_CLUES + next_clue // CLUE_INTERVAL_MS[0]
        require(
            state.clues <= gained,
            f"the clue pool holds {state.clues}, more than {gained} with the next clue "
            f"due at {next_clue} ms (PD-CLUE-2)",
        )
    require(state.happiness >= 0, f"Happiness is {state.happiness}, below zero")
    require(
        0 <= state.successes <= level.successes,
        f"{state.successes} successes, not 0 to the level's {level.successes}",
    )
    require(
        (state.successes == level.successes) == (state.status == "won"),
        "the game is won exactly when the level's successes are reached",
    )
    require(
        (state.loss is not None) == (state.status == "lost"),
        "a lost game, and only one, has a cause",
    )
    require(
        (state.table is not None) == (state.mode == "table"), "table mode, and only it, has cards"
    )
    if state.table is not None:
        _check_table(state, state.table)


def _check_table(state: PocketDragonState, table: Table) -> None:
    deck = cards()
    seats = range(SEATS)
    places = range(COLLECTION_SIZE)
    require(len(table.grid) == COLLECTION_SIZE, f"the grid has {COLLECTION_SIZE} places")
    collection = [c for c in table.grid if c is not None] + table.discard
    require(len(table.food) == SEATS, "each player has a food row")
    require_each_once(collection + [c for row in table.food for c in row], places, "card")
    require(all(len(row) <= MAX_FOOD for row in table.food), f"a food row holds over {MAX_FOOD}")
    require(len(table.hands) == SEATS, "each player has a hand")
    require(all(len(h) <= HAND_SIZE for h in table.hands), f"a hand holds over {HAND_SIZE}")
    in_hands = [h.activity for hand in table.hands for h in hand]
    in_play = [] if table.play is None else [table.play.activity]
    activities = [*table.deck, *table.done, *table.given_up, *in_hands, *in_play]
    require_each_once(activities, range(ACTIVITY_COUNT), "Activity")
    require(len(table.done) == state.successes, "every success is an Activity done (PD-PLAY-7)")
    skills = {skill.id for skill in deck.skills}
    for hand in table.hands:
        for card in hand:
            needs = set(deck.activities[card.activity].skills)
            require(
                set(card.known) <= needs and set(card.ruled_out) <= skills - needs,
                "a clue marks an Activity with a Skill it does not need, or rules out one it needs",
            )
    require(table.turn in seats, f"it is seat {table.turn}'s turn: no such seat")
    busy = [x for x in (table.play, table.peek, table.clue) if x is not None]
    require(len(busy) <= 1, "a play, a look and a clue are open at once")
    if table.play is not None:
        play = table.play
        matched = play.matched
        require(play.seat in seats, f"seat {play.seat} plays an Activity: no such seat")
        require(
            len(set(matched)) == len(matched)
            and all(p in places and table.grid[p] is not None for p in matched),
            "the Activity in play is matched by empty grid places",
        )
        require(
            len(matched) < len(deck.activities[play.activity].skills)
            and play.flips >= len(matched),
            "the Activity in play has more matches than Skills or flips",
        )
    if table.peek is not None:
        peek = table.peek
        require(peek.seat in seats, f"seat {peek.seat} looks at cards: no such seat")
        require(
            len(set(peek.places)) == len(peek.places) == 2
            and all(p in places and table.grid[p] is not None for p in peek.places),
            "a look is at two face-down cards of the grid (PD-PEEK-1)",
        )
    if table.clue is not None:
        clue = table.clue
        require(clue.asker in seats, f"seat {clue.asker} asks a clue: no such seat")
        require(
            0 <= clue.card < len(table.hands[clue.asker]),
            f"the clue asks about card {clue.card + 1}, which is not in the asker's hand",
        )
