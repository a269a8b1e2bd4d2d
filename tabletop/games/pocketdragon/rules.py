"""Pocket Dragon's rules (seeds/pocketdragon.md): setup, the clocks, who acts, the
legal actions, the checks (a refusal names its rule), ``apply`` (run the clocks to the
action's time, check, then act, all on the successor), ``advance`` and the outcome.

``apply`` is the step of the skeleton in core/rules.py, filled in by ``RULES``; its
pre-step runs the clocks to the action's time, so the checks see them there. The
phases (``PHASES``) are the mode with the clocks' status, and at the table whose turn
or decision it is; each says which kinds it allows (the wrong mode's are refused).

All times are whole milliseconds of running time, so the arithmetic is exact and
running the clocks to a moment in one step or in many gives the same state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from functools import cache
from itertools import combinations
from typing import Any

from tabletop.core.engine import Action, Event, Outcome, Transition
from tabletop.core.errors import IllegalAction
from tabletop.core.rng import Rng
from tabletop.core.rules import Ctx, Phase, Rules
from tabletop.core.words import counted, noun_for
from tabletop.games.pocketdragon.content import (
    ACTIVITY_COUNT,
    COLLECTION_SIZE,
    GRID_COLUMNS,
    cards,
)
from tabletop.games.pocketdragon.model import (
    CLUE_INTERVAL_MS,
    FEED_WINDOW_S,
    GENERAL_CLUE_COST,
    HAND_SIZE,
    HUNGER_S,
    LATEST_S,
    LEVELS,
    MAX_FOOD,
    SEATS,
    SPECIFIC_CLUE_COST,
    TABLE_ACTIONS,
    TIDY_MAX_FACE_DOWN,
    AnswerClue,
    CollectFood,
    EndPeek,
    Feed,
    Flip,
    GeneralClue,
    GiveUp,
    HandCard,
    LogFeed,
    LogGeneralClue,
    LogMistake,
    LogSpecificClue,
    LogSuccess,
    LogTidyUp,
    OpenPeek,
    Pause,
    Peek,
    PendingClue,
    Play,
    PlayActivity,
    PocketDragonAction,
    PocketDragonOptions,
    PocketDragonState,
    Reset,
    Resume,
    SpecificClue,
    Start,
    Suggest,
    Table,
    TidyUp,
)

LOSSES = {
    "main_timer": "The main timer ran out.",
    "hunger": "The dragon went hungry: it was not fed in time.",
    "unhappy": "The dragon's Happiness had to drop below zero.",
    "deck_empty": "A new Activity was needed and the deck was empty.",
}
# Companion buttons that only keep the books: taking one back moves no clock (PD-APP-4).
UNDOABLE = (LogGeneralClue, LogSpecificClue, LogSuccess, LogMistake, LogTidyUp)
_CLOCK_BUTTONS = {Start: "Start", Pause: "Pause", Resume: "Resume", Reset: "Reset", LogFeed: "Feed"}


@cache
def place_name(place: int) -> str:
    """A grid place as players say it: row letter A-D, then column 1-5."""
    return f"{'ABCD'[place // GRID_COLUMNS]}{place % GRID_COLUMNS + 1}"


def face_down(table: Table) -> list[int]:
    """Grid places holding a face-down card: any card but the matches of the Activity in play."""
    matched = table.play.matched if table.play else []
    return [p for p, card in enumerate(table.grid) if card is not None and p not in matched]


def needed_skills(table: Table, play: Play) -> list[str]:
    """The Skills of the Activity in play that no face-up card matches yet."""
    deck = cards()
    needed = Counter(deck.activities[play.activity].skills)
    for place in play.matched:
        card = table.grid[place]
        assert card is not None
        needed[deck.collection[card].skill] -= 1
    return [skill for skill in deck.activities[play.activity].skills if needed[skill] > 0]


@cache
def card_name(card: int) -> str:
    deck = cards()
    entry = deck.collection[card]
    return f"{deck.skill(entry.skill).name} / {deck.food(entry.food).name}"


# -- setup, who acts, the outcome ---------------------------------------------


def new(names: tuple[str, ...], options: PocketDragonOptions, seed: int) -> PocketDragonState:
    """A fresh game for the two players ``names``, dealt in table mode."""
    state = PocketDragonState(
        players=list(names),
        mode=options.mode,
        difficulty=options.difficulty,
        rng=Rng.from_seed(seed),
        happiness=LEVELS[options.difficulty].happiness,
    )
    if options.mode == "table":
        state.table = _deal(state.rng)
    return state


def _deal(rng: Rng) -> Table:
    grid: list[int | None] = list(range(COLLECTION_SIZE))
    rng.shuffle(grid)
    deck = list(range(ACTIVITY_COUNT))
    rng.shuffle(deck)
    hands = [[HandCard(deck.pop()) for _ in range(HAND_SIZE)] for _ in range(SEATS)]
    return Table(grid=grid, deck=deck, hands=hands, food=[[], []])


def to_act(state: PocketDragonState) -> tuple[int, ...]:
    """Who is expected to act: in companion mode anyone at the buttons; at the table the
    turn or the decision, before the start and while paused too (either player may press
    Start, Pause or Resume, PD-TIME-4, but the turn stays someone's)."""
    table = state.table
    if state.status in ("won", "lost"):
        return ()
    if table is None:
        return (0, 1)
    if table.clue is not None:
        return (1 - table.clue.asker,)
    if table.peek is not None:
        return (table.peek.seat,)
    if table.play is not None:
        player = table.play.seat
        if len(needed_skills(table, table.play)) == 1:
            return tuple(sorted((player, 1 - player)))
        return (player,)
    return (table.turn,)


def score(state: PocketDragonState) -> int:
    """Base score + Happiness left + 1 per full 10 s of the main display (PD-SCORE-1)."""
    tens = display(main_left_ms(state)) // 10
    return state.level.base_score + state.happiness + tens


def outcome(state: PocketDragonState) -> Outcome | None:
    if state.status == "won":
        points = score(state)
        praise = " Amazing!" if points > 15 else " Really good!" if points > 10 else ""
        return Outcome(
            scores=(points, points),
            winners=(0, 1),
            summary=f"The dragon is very happy! You scored {points}.{praise}",
        )
    if state.status == "lost" and state.loss is not None:
        return Outcome(scores=(0, 0), winners=(), summary=LOSSES[state.loss])
    return None


# -- the clocks -----------------------------------------------------------------


def to_ms(seconds: float) -> int:
    """A caller's clock reading in whole milliseconds (PD-TIME-2)."""
    return round(max(-LATEST_S, min(seconds, LATEST_S)) * 1000)


def display(ms_left: int) -> int:
    """The app's whole-second display: seconds left rounded up (PD-TIME-3)."""
    return -(-max(ms_left, 0) // 1000)


def main_left_ms(state: PocketDragonState) -> int:
    return state.level.main_s * 1000 - state.elapsed_ms


def hunger_left_ms(state: PocketDragonState) -> int:
    return state.hunger_deadline_ms - state.elapsed_ms


def feed_open(state: PocketDragonState) -> bool:
    """The Feed button: the game runs and the hunger display reads 30 or less."""
    return state.status == "running" and display(hunger_left_ms(state)) <= FEED_WINDOW_S


def feed(state: PocketDragonState) -> None:
    """Restart the hunger timer at 120 s minus the displayed seconds left (PD-FEED-2)."""
    shown = display(hunger_left_ms(state))
    state.hunger_deadline_ms = state.elapsed_ms + (HUNGER_S - shown) * 1000


def draw_clue_interval(state: PocketDragonState) -> int:
    return state.rng.randint(*CLUE_INTERVAL_MS)


def run_to(state: PocketDragonState, now_ms: int) -> list[Event]:
    """Run the clocks to the caller's time ``now_ms``; nothing moves unless running.
    What the clocks did that the log tells: each clue gained.

    Clues due before the first timer runs out are gained in order (each gain
    draws the next interval); a timer reaching zero loses and stops the clocks
    at that very moment, whatever ``now_ms`` is beyond it. The same clues come
    in however the time is cut up (ticks or actions), so the log replays exactly.
    """
    said: list[Event] = []
    if state.status != "running" or now_ms <= state.now_ms:
        return said
    target = state.elapsed_ms + (now_ms - state.now_ms)
    main_end = state.level.main_s * 1000
    loss_at = min(main_end, state.hunger_deadline_ms)
    while state.next_clue_ms <= min(target, loss_at - 1):
        state.clues += 1
        state.next_clue_ms += draw_clue_interval(state)
        said.append(Event(f"A clue comes in: {counted(state.clues, 'clue')} in the pool."))
    if target < loss_at:
        state.now_ms, state.elapsed_ms = now_ms, target
        return said
    state.now_ms += loss_at - state.elapsed_ms
    state.elapsed_ms = loss_at
    state.status = "lost"
    state.loss = "main_timer" if main_end <= state.hunger_deadline_ms else "hunger"
    return said


def advance(state: PocketDragonState, now: float) -> Transition[PocketDragonState]:
    """The successor with the clocks run to the caller's time ``now`` (seconds); ``state``
    itself when no clock moves (not running, or ``now`` not later), so that a caller can
    tell (the session saves the clocks' reading only when they ran)."""
    now_ms = to_ms(now)
    if state.status != "running" or now_ms <= state.now_ms:
        return Transition(state)
    moved = state.successor()
    return Transition(moved, tuple(run_to(moved, now_ms)))


def apply(state: PocketDragonState, action: PocketDragonAction) -> Transition[PocketDragonState]:
    """Run the clocks to the action's time on the successor of ``state``, check the
    action there, then carry it out."""
    return RULES.step(state, action)


def irreversible(action: Action) -> str | None:
    """Why ``action`` can never be taken back, in players' words; None if it can
    (PD-APP-4). The session refuses an undo after the end of the game itself."""
    if isinstance(action, UNDOABLE):
        return None
    if isinstance(action, TABLE_ACTIONS):
        return "Table mode has no undo: cards were seen, and the game runs in real time (PD-APP-4)."
    return f"{_CLOCK_BUTTONS[type(action)]} changes the clocks: it cannot be taken back (PD-APP-4)."


# -- phases and checks ---------------------------------------------------------------

CLOCK_KINDS = frozenset({"start", "pause", "resume"})
# The kinds of the companion's buttons and of TABLE_ACTIONS.
COMPANION_KINDS = frozenset(
    {
        "reset",
        "log_feed",
        "log_general_clue",
        "log_specific_clue",
        "log_success",
        "log_mistake",
        "log_tidy_up",
    }
)
TABLE_KINDS = frozenset(
    {
        "peek",
        "end_peek",
        "general_clue",
        "specific_clue",
        "answer_clue",
        "play",
        "flip",
        "suggest",
        "give_up",
        "collect_food",
        "feed",
        "tidy_up",
    }
)
# Either player may press the clock buttons (PD-TIME-4), and in companion mode any button.
_ANYONE = CLOCK_KINDS | COMPANION_KINDS
_NOT_COMPANION = dict.fromkeys(
    COMPANION_KINDS,
    ("PD-SETUP-6", "That button is for companion mode; here the cards are on screen."),
)
_NOT_TABLE = dict.fromkeys(
    TABLE_KINDS, ("PD-SETUP-6", "In companion mode the cards are on the real table, not on screen.")
)
_NOT_STARTED = ("PD-TIME-5", "Press Start first.")
_PAUSED = ("PD-TIME-5", "The game is paused: resume it first.")
_ANSWER = "Waiting for {name} to answer the clue."
_LOOKING = "{name} is looking at two cards; wait until done."


def _table_phase(
    kinds: frozenset[str],
    rule: str = "",
    message: str = "",
    waiting: str = "It is {name}'s turn.",
    refusals: dict[str, tuple[str, str]] | None = None,
) -> Phase:
    """A phase of table mode: the clock buttons and ``kinds``; companion buttons are
    refused (PD-SETUP-6)."""
    return Phase(
        CLOCK_KINDS | kinds,
        rule,
        message,
        waiting,
        anyone=_ANYONE,
        refusals={**_NOT_COMPANION, **(refusals or {})},
    )


def _companion_phase(kinds: frozenset[str], rule: str = "", message: str = "") -> Phase:
    """A phase of companion mode: anyone presses ``kinds``; table actions are refused."""
    return Phase(kinds, rule, message, anyone=_ANYONE, refusals=_NOT_TABLE)


# What each phase accepts (PD-TIME-5: the game actions need the clocks running), and
# the rule refusing any other kind of action there.
PHASES: dict[str, Phase] = {
    "companion ready": _companion_phase(CLOCK_KINDS | {"reset"}, *_NOT_STARTED),
    "companion running": _companion_phase(CLOCK_KINDS | COMPANION_KINDS),
    "companion paused": _companion_phase(CLOCK_KINDS | {"reset"}, *_PAUSED),
    "companion over": Phase(frozenset({"reset"}), anyone=_ANYONE, over=True),  # PD-TIME-6
    "ready": _table_phase(frozenset(), *_NOT_STARTED),
    "paused": _table_phase(frozenset(), *_PAUSED),
    "clue": _table_phase(frozenset({"answer_clue"}), "PD-CLUE-5", _ANSWER, waiting=_ANSWER),
    "peek": _table_phase(frozenset({"end_peek"}), "PD-PEEK-2", _LOOKING, waiting=_LOOKING),
    "play": _table_phase(
        frozenset({"flip", "suggest", "give_up"}),
        "PD-TURN-2",
        "Finish or give up the Activity in play first.",
        waiting="{name} is playing an Activity: the partner may suggest a card once one "
        "Skill is left to match.",
    ),
    "turn": _table_phase(
        TABLE_KINDS - {"answer_clue", "end_peek", "flip", "suggest", "give_up"},
        refusals={
            "answer_clue": ("PD-CLUE-4", "No specific clue is waiting for an answer."),
            "end_peek": ("PD-PEEK-2", "Nobody is looking at cards."),
            **dict.fromkeys(
                ("flip", "suggest", "give_up"), ("PD-PLAY-2", "No Activity is in play.")
            ),
        },
    ),
    "over": Phase(frozenset(), over=True),
}


def phase(state: PocketDragonState) -> str:
    """The key of ``PHASES`` for ``state``."""
    status = state.status
    over = status in ("won", "lost")
    table = state.table
    if table is None:
        return f"companion {'over' if over else status}"
    if over:
        return "over"
    if status != "running":
        return status
    if table.clue is not None:
        return "clue"
    if table.peek is not None:
        return "peek"
    return "turn" if table.play is None else "play"


def _check_start(state: PocketDragonState, action: Start) -> None:
    if state.status != "ready":
        raise IllegalAction("PD-TIME-1", "The game has already started.")


def _check_pause(state: PocketDragonState, action: Pause) -> None:
    if state.status != "running":
        raise IllegalAction("PD-TIME-4", "Only a running game can be paused.")


def _check_resume(state: PocketDragonState, action: Resume) -> None:
    if state.status != "paused":
        raise IllegalAction("PD-TIME-4", "Only a paused game can be resumed.")


def _check_reset(state: PocketDragonState, action: Reset) -> None:
    if state.status == "ready":
        raise IllegalAction("PD-TIME-6", "The game has not started: there is nothing to reset.")


def _check_log_feed(state: PocketDragonState, action: LogFeed) -> None:
    _check_feed_window(state)
    if not 1 <= action.discarded <= MAX_FOOD:
        raise IllegalAction(
            "PD-FEED-4", f"Feeding discards 1 to {MAX_FOOD} food cards of one type."
        )


def _check_general_pool(state: PocketDragonState, action: Action) -> None:
    _check_pool(state, GENERAL_CLUE_COST)


def _check_specific_pool(state: PocketDragonState, action: Action) -> None:
    _check_pool(state, SPECIFIC_CLUE_COST)


def _check_feed_window(state: PocketDragonState) -> None:
    if not feed_open(state):
        raise IllegalAction(
            "PD-FEED-1", "The dragon is not hungry yet: feed it when its timer shows 30 or less."
        )


def _check_pool(state: PocketDragonState, cost: int) -> None:
    if state.clues < cost:
        raise IllegalAction(
            "PD-CLUE-2", f"That clue costs {cost} and the pool holds {state.clues}."
        )


def _table_of(state: PocketDragonState) -> Table:
    table = state.table
    assert table is not None  # a table phase
    return table


def _check_answer_clue(state: PocketDragonState, action: AnswerClue) -> None:
    table = _table_of(state)
    clue = table.clue
    assert clue is not None
    activity = table.hands[clue.asker][clue.card].activity
    if action.skill not in cards().activities[activity].skills:
        raise IllegalAction("PD-CLUE-4", "Name one icon that is on the card asked about.")


def _play_of(state: PocketDragonState) -> tuple[Table, Play]:
    table = _table_of(state)
    assert table.play is not None  # the play phase
    return table, table.play


def _check_flip(state: PocketDragonState, action: Flip) -> None:
    table, play = _play_of(state)
    _check_player(play, action)
    _check_face_down(table, action.place, "PD-PLAY-2")


def _check_suggest(state: PocketDragonState, action: Suggest) -> None:
    table, play = _play_of(state)
    if action.seat == play.seat:
        raise IllegalAction("PD-PLAY-4", "Suggestions come from the partner; flip it yourself.")
    _check_face_down(table, action.place, "PD-PLAY-2")


def _check_give_up(state: PocketDragonState, action: GiveUp) -> None:
    _, play = _play_of(state)
    _check_player(play, action)
    if play.flips == 0:
        raise IllegalAction("PD-PLAY-6", "Flip at least one card before giving up.")


def _check_player(play: Play, action: Action) -> None:
    if action.seat != play.seat:
        raise IllegalAction("PD-PLAY-4", "Only the player of the Activity flips; you may suggest.")


def _check_face_down(table: Table, place: int, rule: str) -> None:
    if place not in face_down(table):
        raise IllegalAction(rule, "Choose a face-down card of the grid.")


def _check_peek(state: PocketDragonState, action: Peek) -> None:
    table = _table_of(state)
    a, b = action.places
    if a == b:
        raise IllegalAction("PD-PEEK-2", "Choose two different cards.")
    _check_face_down(table, a, "PD-PEEK-2")
    _check_face_down(table, b, "PD-PEEK-2")


def _check_general_clue(state: PocketDragonState, action: GeneralClue) -> None:
    _check_pool(state, GENERAL_CLUE_COST)
    if action.skill not in {s.id for s in cards().skills}:
        raise IllegalAction("PD-CLUE-3", f"There is no Skill called {action.skill!r}.")


def _check_specific_clue(state: PocketDragonState, action: SpecificClue) -> None:
    _check_pool(state, SPECIFIC_CLUE_COST)
    _check_hand_card(_table_of(state), action.seat, action.card, "PD-CLUE-4")


def _check_play_activity(state: PocketDragonState, action: PlayActivity) -> None:
    table = _table_of(state)
    _check_hand_card(table, action.seat, action.card, "PD-PLAY-1")
    if not face_down(table):
        raise IllegalAction("PD-PLAY-8", "No face-down card is left to match: tidy up first.")


def _check_collect_food(state: PocketDragonState, action: CollectFood) -> None:
    table = _table_of(state)
    if len(table.food[action.seat]) >= MAX_FOOD:
        raise IllegalAction("PD-FOOD-1", f"You already have {MAX_FOOD} food cards.")
    _check_face_down(table, action.place, "PD-FOOD-1")


def _check_feed(state: PocketDragonState, action: Feed) -> None:
    _check_feed_window(state)
    food = _table_of(state).food[action.seat]
    if not any(cards().collection[c].food == action.food for c in food):
        raise IllegalAction("PD-FEED-4", "You have no food of that type in front of you.")


def _check_tidy_up(state: PocketDragonState, action: TidyUp) -> None:
    if len(face_down(_table_of(state))) > TIDY_MAX_FACE_DOWN:
        raise IllegalAction(
            "PD-TIDY-1", f"Tidy up only with {TIDY_MAX_FACE_DOWN} or fewer face-down cards left."
        )


def _check_hand_card(table: Table, seat: int, card: int, rule: str) -> None:
    if not 0 <= card < len(table.hands[seat]):
        raise IllegalAction(rule, f"Choose one of your {len(table.hands[seat])} Activity cards.")


# -- legal actions -----------------------------------------------------------


def legal_actions(state: PocketDragonState, seat: int) -> list[PocketDragonAction]:
    """Every action ``seat`` may take at the state's clock: exactly those ``check``
    accepts, built directly (in the order of ``check``'s cases) rather than by
    checking every conceivable action. ``now`` is stamped with the state's clock."""
    if not 0 <= seat < SEATS:
        return []
    now = state.now_ms / 1000
    status = state.status
    out: list[PocketDragonAction] = []
    if status == "ready":
        out.append(Start(seat=seat, now=now))
    elif status == "running":
        out.append(Pause(seat=seat, now=now))
    elif status == "paused":
        out.append(Resume(seat=seat, now=now))
    table = state.table
    if table is None:
        if status != "ready":
            out.append(Reset(seat=seat, now=now))
        if status == "running":
            out += _legal_companion(state, seat, now)
    elif status == "running":
        out += _legal_table(state, table, seat, now)
    return out


def _legal_companion(state: PocketDragonState, seat: int, now: float) -> list[PocketDragonAction]:
    out: list[PocketDragonAction] = []
    if feed_open(state):
        out += [LogFeed(seat=seat, now=now, discarded=n) for n in range(1, MAX_FOOD + 1)]
    if state.clues >= GENERAL_CLUE_COST:
        out.append(LogGeneralClue(seat=seat, now=now))
    if state.clues >= SPECIFIC_CLUE_COST:
        out.append(LogSpecificClue(seat=seat, now=now))
    out += [
        LogSuccess(seat=seat, now=now),
        LogMistake(seat=seat, now=now),
        LogTidyUp(seat=seat, now=now),
    ]
    return out


def _legal_table(
    state: PocketDragonState, table: Table, seat: int, now: float
) -> list[PocketDragonAction]:
    deck = cards()
    if table.clue is not None:
        if seat == table.clue.asker:
            return []
        needs = deck.activities[table.hands[table.clue.asker][table.clue.card].activity].skills
        return [AnswerClue(seat=seat, now=now, skill=s.id) for s in deck.skills if s.id in needs]
    if table.peek is not None:
        return [EndPeek(seat=seat, now=now)] if seat == table.peek.seat else []
    places = face_down(table)
    play = table.play
    if play is not None:
        if seat == play.seat:
            out: list[PocketDragonAction] = [GiveUp(seat=seat, now=now)] if play.flips else []
            return out + _each(Flip, "flip", seat, now, "place", places)
        if len(needed_skills(table, play)) == 1:
            return _each(Suggest, "suggest", seat, now, "place", places)
        return []
    if seat != table.turn:
        return []
    out = _each(Peek, "peek", seat, now, "places", combinations(places, 2))
    if len(places) <= TIDY_MAX_FACE_DOWN:
        out.append(TidyUp(seat=seat, now=now))
    if state.clues >= GENERAL_CLUE_COST:
        out += _each(GeneralClue, "general_clue", seat, now, "skill", _skill_ids())
    hand = range(len(table.hands[seat]))
    if state.clues >= SPECIFIC_CLUE_COST:
        out += _each(SpecificClue, "specific_clue", seat, now, "card", hand)
    if places:
        out += _each(PlayActivity, "play", seat, now, "card", hand)
    if len(table.food[seat]) < MAX_FOOD:
        out += _each(CollectFood, "collect_food", seat, now, "place", places)
    if feed_open(state):
        held = {deck.collection[c].food for c in table.food[seat]}
        out += [Feed(seat=seat, now=now, food=f.id) for f in deck.foods if f.id in held]
    return out


def _each(
    cls: type[Action], kind: str, seat: int, now: float, field: str, values: Iterable[object]
) -> list[PocketDragonAction]:
    """An action of ``cls`` (``kind``) by ``seat`` at ``now`` for each value of ``field``.
    A turn offers up to 190 looks, 20 cards to collect, 5 clues...: each is built
    without calling the class (no ``__init__`` frame): about three times faster. Every
    field is set (the legal actions are tested against those the rules accept)."""
    out: list[PocketDragonAction] = []
    for value in values:
        action: Any = _new(cls)
        action.seat, action.now, action.kind = seat, now, kind
        setattr(action, field, value)
        out.append(action)
    return out


_new = object.__new__


@cache
def _skill_ids() -> tuple[str, ...]:
    return tuple(s.id for s in cards().skills)


@dataclass(slots=True)
class PocketDragonCtx(Ctx[PocketDragonState]):
    """A step of Pocket Dragon in the making (core/rules.py), at the caller's clock
    reading ``now_ms`` (never before the state's own)."""

    now_ms: int = 0

    def who(self, action: Action) -> str:
        return self.state.players[action.seat]

    def table(self) -> Table:
        """The table, about to change: the successor's own (it shared the table)."""
        table = self.state.table
        assert table is not None  # a table phase
        self.state.table = table = table.successor()
        return table


def _begin(state: PocketDragonState, action: PocketDragonAction) -> PocketDragonCtx:
    """The step's context: the successor with the clocks run to the action's time."""
    now_ms = to_ms(action.now)
    moved = state.successor()
    said = run_to(moved, now_ms)
    return PocketDragonCtx(moved, events=said, now_ms=max(now_ms, moved.now_ms))


# -- effects: the clock buttons ------------------------------------------------------
# A companion button's log line names nobody: the app cannot tell who pressed it (PD-APP-5).


def _do_start(ctx: PocketDragonCtx, action: Start) -> None:
    state = ctx.state
    state.status = "running"
    state.now_ms = ctx.now_ms
    state.next_clue_ms = state.elapsed_ms + draw_clue_interval(state)
    ctx.say("The clocks start." if state.table is None else f"{ctx.who(action)} starts the clocks.")
    ctx.hidden = True


def _do_pause(ctx: PocketDragonCtx, action: Pause) -> None:
    state = ctx.state
    state.status = "paused"
    if action.cause == "away":  # PD-TIME-7: no player pressed it
        ctx.say(f"{ctx.who(action)} is away: the clocks are paused.")
    elif action.cause is not None:
        left = display(main_left_ms(state))
        ctx.say(f"The game was closed while the clocks ran: they stopped with {left} s left.")
    else:
        ctx.say(
            "The game is paused." if state.table is None else f"{ctx.who(action)} pauses the game."
        )


def _do_resume(ctx: PocketDragonCtx, action: Resume) -> None:
    state = ctx.state
    state.status = "running"
    state.now_ms = ctx.now_ms
    if action.cause is not None:  # PD-TIME-7
        ctx.say("Everyone is back: the clocks run again.")
    else:
        ctx.say(
            "The game resumes." if state.table is None else f"{ctx.who(action)} resumes the game."
        )


def _do_reset(ctx: PocketDragonCtx, action: Reset) -> None:
    """Back to before the start at the same level (PD-TIME-6); the RNG runs on."""
    state = ctx.state
    fresh = PocketDragonState(
        players=state.players,
        mode=state.mode,
        difficulty=state.difficulty,
        rng=state.rng,
        now_ms=ctx.now_ms,
        happiness=state.level.happiness,
    )
    for field in fields(fresh):
        setattr(state, field.name, getattr(fresh, field.name))
    ctx.say("The game is reset.")


# -- effects: companion mode's buttons --------------------------------------------


def _do_log_feed(ctx: PocketDragonCtx, action: LogFeed) -> None:
    feed(ctx.state)
    ctx.state.happiness += action.discarded - 1
    ctx.say(f"The dragon is fed {counted(action.discarded, 'food card')}.")


def _do_log_general_clue(ctx: PocketDragonCtx, action: LogGeneralClue) -> None:
    ctx.state.clues -= GENERAL_CLUE_COST
    ctx.say("A general clue is taken.")


def _do_log_specific_clue(ctx: PocketDragonCtx, action: LogSpecificClue) -> None:
    ctx.state.clues -= SPECIFIC_CLUE_COST
    ctx.say("A specific clue is taken.")


def _do_log_success(ctx: PocketDragonCtx, action: LogSuccess) -> None:
    _succeed(ctx.state)
    ctx.say("A success is logged.")


def _do_log_mistake(ctx: PocketDragonCtx, action: LogMistake) -> None:
    _lose_happiness(ctx.state)
    ctx.say("A mistake is logged.")


def _do_log_tidy_up(ctx: PocketDragonCtx, action: LogTidyUp) -> None:
    _lose_happiness(ctx.state)
    ctx.say("A tidy up is logged.")


def _succeed(state: PocketDragonState) -> None:
    state.successes += 1
    if state.successes >= state.level.successes:
        state.status = "won"


def _lose_happiness(state: PocketDragonState) -> None:
    if state.happiness == 0:
        state.status = "lost"
        state.loss = "unhappy"
    else:
        state.happiness -= 1


# -- effects: table mode ------------------------------------------------------------


def _do_peek(ctx: PocketDragonCtx, action: Peek) -> None:
    table = ctx.table()
    table.peek = OpenPeek(action.seat, list(action.places))
    seen = ", ".join(f"{place_name(p)}: {card_name(card_at(table, p))}" for p in action.places)
    places = " and ".join(place_name(p) for p in action.places)
    ctx.say(f"{ctx.who(action)} looks at {places}.")
    ctx.say(f"You see {seen}.", private_to=action.seat)
    ctx.hidden = True


def _do_end_peek(ctx: PocketDragonCtx, action: EndPeek) -> None:
    table = ctx.table()
    table.peek = None
    _pass_turn(table)
    ctx.say(f"{ctx.who(action)} is done looking.")


def _do_general_clue(ctx: PocketDragonCtx, action: GeneralClue) -> None:
    table = ctx.table()
    deck = cards()
    ctx.state.clues -= GENERAL_CLUE_COST
    skill = deck.skill(action.skill)
    marked = []
    hand = table.hands[action.seat]
    for i, held in enumerate(hand):
        if skill.id in deck.activities[held.activity].skills:
            hand[i] = HandCard(held.activity, [*held.known, skill.id], held.ruled_out)
            marked.append(str(i + 1))
        else:
            hand[i] = HandCard(held.activity, held.known, [*held.ruled_out, skill.id])
    answer = f"{noun_for(len(marked), 'card')} {', '.join(marked)}" if marked else "none"
    _pass_turn(table)
    ctx.say(f"{ctx.who(action)} asks which of their Activities need {skill.name}: {answer}.")
    ctx.hidden = True


def _do_specific_clue(ctx: PocketDragonCtx, action: SpecificClue) -> None:
    table = ctx.table()
    ctx.state.clues -= SPECIFIC_CLUE_COST
    table.clue = PendingClue(action.seat, action.card)
    partner = ctx.state.players[1 - action.seat]
    ctx.say(f"{ctx.who(action)} asks {partner} to name one icon of card {action.card + 1}.")


def _do_answer_clue(ctx: PocketDragonCtx, action: AnswerClue) -> None:
    table = ctx.table()
    clue = table.clue
    assert clue is not None
    hand = table.hands[clue.asker]
    held = hand[clue.card]
    if action.skill not in held.known:
        hand[clue.card] = HandCard(held.activity, [*held.known, action.skill], held.ruled_out)
    table.clue = None
    _pass_turn(table)
    skill_name = cards().skill(action.skill).name
    ctx.say(f"{ctx.who(action)} names {skill_name} on card {clue.card + 1}.")
    ctx.hidden = True


def _do_play(ctx: PocketDragonCtx, action: PlayActivity) -> None:
    table = ctx.table()
    deck = cards()
    hand_card = table.hands[action.seat].pop(action.card)
    table.play = Play(action.seat, hand_card.activity)
    activity = deck.activities[hand_card.activity]
    skills = ", ".join(deck.skill(s).name for s in activity.skills)
    ctx.say(f"{ctx.who(action)} plays {activity.name}, which needs {skills}.")
    ctx.hidden = True


def _do_flip(ctx: PocketDragonCtx, action: Flip | Suggest) -> None:
    """A flip, or the partner's suggestion, which flips the card the same way."""
    table = ctx.table()
    play = table.play
    assert play is not None
    state = ctx.state
    deck = cards()
    card = card_at(table, action.place)
    play.flips += 1
    flipped = f"{ctx.who(action)} flips {place_name(action.place)}: {card_name(card)}"
    ctx.hidden = True
    if deck.collection[card].skill in needed_skills(table, play):
        play.matched.append(action.place)
        if needed_skills(table, play):
            ctx.say(f"{flipped}, a match.")
            return
        _end_play(state, table, play, done=True)
        ctx.say(f"{flipped}: {deck.activities[play.activity].name} is done!")
        return
    table.grid[action.place] = None
    table.discard.append(card)
    _lose_happiness(state)
    ctx.say(f"{flipped}, a mistake.")


def _do_give_up(ctx: PocketDragonCtx, action: GiveUp) -> None:
    table = ctx.table()
    play = table.play
    assert play is not None
    name = cards().activities[play.activity].name
    _end_play(ctx.state, table, play, done=False)
    ctx.say(f"{ctx.who(action)} gives up {name}.")
    ctx.hidden = True


def _do_collect_food(ctx: PocketDragonCtx, action: CollectFood) -> None:
    table = ctx.table()
    card = card_at(table, action.place)
    table.grid[action.place] = None
    table.food[action.seat].append(card)
    _pass_turn(table)
    ctx.say(f"{ctx.who(action)} collects {card_name(card)} from {place_name(action.place)}.")
    ctx.hidden = True


def _do_feed(ctx: PocketDragonCtx, action: Feed) -> None:
    table = ctx.table()
    state = ctx.state
    deck = cards()
    feed(state)
    seat = action.seat
    fed = [c for c in table.food[seat] if deck.collection[c].food == action.food]
    table.food[seat] = [c for c in table.food[seat] if c not in fed]
    table.discard.extend(fed)
    state.happiness += len(fed) - 1
    _pass_turn(table)
    ctx.say(f"{ctx.who(action)} feeds the dragon {len(fed)} × {deck.food(action.food).name}.")


def _do_tidy_up(ctx: PocketDragonCtx, action: TidyUp) -> None:
    table = ctx.table()
    state = ctx.state
    pile = [card_at(table, p) for p in face_down(table)] + table.discard
    state.rng.shuffle(pile)
    table.grid = [*pile, *[None] * (COLLECTION_SIZE - len(pile))]
    table.discard = []
    _lose_happiness(state)
    _pass_turn(table)
    ctx.say(f"{ctx.who(action)} tidies up the grid.")
    ctx.hidden = True


def card_at(table: Table, place: int) -> int:
    card = table.grid[place]
    assert card is not None
    return card


def _pass_turn(table: Table) -> None:
    table.turn = 1 - table.turn


def _end_play(state: PocketDragonState, table: Table, play: Play, *, done: bool) -> None:
    """The Activity leaves play, done or given up: its matches go to the discard pile,
    then its player draws a new one and the turn passes (PD-PLAY-7)."""
    for place in play.matched:
        table.discard.append(card_at(table, place))
        table.grid[place] = None
    table.play = None
    if done:
        table.done.append(play.activity)
        _succeed(state)
    else:
        table.given_up.append(play.activity)
    if state.status != "running":
        return
    if not table.deck:
        state.status = "lost"
        state.loss = "deck_empty"
        return
    table.hands[play.seat].append(HandCard(table.deck.pop()))
    _pass_turn(table)


# -- the tables of the step ---------------------------------------------------------

# Each kind of action: its own conditions (after whose turn or decision it is), if any.
CHECKS: dict[str, Callable[[PocketDragonState, Any], None]] = {
    "start": _check_start,
    "pause": _check_pause,
    "resume": _check_resume,
    "reset": _check_reset,
    "log_feed": _check_log_feed,
    "log_general_clue": _check_general_pool,
    "log_specific_clue": _check_specific_pool,
    "peek": _check_peek,
    "general_clue": _check_general_clue,
    "specific_clue": _check_specific_clue,
    "answer_clue": _check_answer_clue,
    "play": _check_play_activity,
    "flip": _check_flip,
    "suggest": _check_suggest,
    "give_up": _check_give_up,
    "collect_food": _check_collect_food,
    "feed": _check_feed,
    "tidy_up": _check_tidy_up,
}
# Each kind of action: what it does to the successor.
HANDLERS: dict[str, Callable[[PocketDragonCtx, Any], None]] = {
    "start": _do_start,
    "pause": _do_pause,
    "resume": _do_resume,
    "reset": _do_reset,
    "log_feed": _do_log_feed,
    "log_general_clue": _do_log_general_clue,
    "log_specific_clue": _do_log_specific_clue,
    "log_success": _do_log_success,
    "log_mistake": _do_log_mistake,
    "log_tidy_up": _do_log_tidy_up,
    "peek": _do_peek,
    "end_peek": _do_end_peek,
    "general_clue": _do_general_clue,
    "specific_clue": _do_specific_clue,
    "answer_clue": _do_answer_clue,
    "play": _do_play,
    "flip": _do_flip,
    "suggest": _do_flip,
    "give_up": _do_give_up,
    "collect_food": _do_collect_food,
    "feed": _do_feed,
    "tidy_up": _do_tidy_up,
}

RULES: Rules[PocketDragonState, PocketDragonCtx] = Rules(
    phases=PHASES,
    checks=CHECKS,
    handlers=HANDLERS,
    begin=_begin,
    phase=phase,
    names=lambda state: state.players,
    to_act=to_act,
)
