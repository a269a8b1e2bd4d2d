"""Pocket Dragon's rules (seeds/pocketdragon.md): setup, the clocks, who acts, the
legal actions, ``check`` (a refusal names its rule), ``apply`` (run the clocks to the
action's time, check, then act, all on the successor), ``advance`` and the outcome.

Checks run in a fixed order: the seat, the mode, the clocks, whose turn or
decision it is, then the action's own conditions. They see the clocks run up to
the action's time. All times are whole milliseconds of running time, so the
arithmetic is exact and running the clocks to a moment in one step or in many gives
the same state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import fields
from functools import cache
from itertools import combinations
from typing import Any

from tabletop.core.engine import MALFORMED_ACTION, Action, Event, Outcome, Transition
from tabletop.core.errors import IllegalAction
from tabletop.core.rng import Rng
from tabletop.core.words import counted, noun_for
from tabletop.games.pocketdragon.content import (
    ACTIVITY_COUNT,
    COLLECTION_SIZE,
    GRID_COLUMNS,
    cards,
)
from tabletop.games.pocketdragon.model import (
    CLUE_INTERVAL_MS,
    COMPANION_ACTIONS,
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
CLOCK_ACTIONS = (Start, Pause, Resume, Reset)
# Companion buttons that only keep the books: taking one back moves no clock (PD-APP-4).
UNDOABLE = (LogGeneralClue, LogSpecificClue, LogSuccess, LogMistake, LogTidyUp)
_CLOCK_BUTTONS = {Start: "Start", Pause: "Pause", Resume: "Resume", Reset: "Reset", LogFeed: "Feed"}
# While an Activity is in play these are the only turn actions (PD-TURN-2).
PLAY_ACTIONS = (Flip, Suggest, GiveUp)


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


def run_to(state: PocketDragonState, now_ms: int) -> None:
    """Run the clocks to the caller's time ``now_ms``; nothing moves unless running.

    Clues due before the first timer runs out are gained in order (each gain
    draws the next interval); a timer reaching zero loses and stops the clocks
    at that very moment, whatever ``now_ms`` is beyond it.
    """
    if state.status != "running" or now_ms <= state.now_ms:
        return
    target = state.elapsed_ms + (now_ms - state.now_ms)
    main_end = state.level.main_s * 1000
    loss_at = min(main_end, state.hunger_deadline_ms)
    while state.next_clue_ms <= min(target, loss_at - 1):
        state.clues += 1
        state.next_clue_ms += draw_clue_interval(state)
    if target < loss_at:
        state.now_ms, state.elapsed_ms = now_ms, target
        return
    state.now_ms += loss_at - state.elapsed_ms
    state.elapsed_ms = loss_at
    state.status = "lost"
    state.loss = "main_timer" if main_end <= state.hunger_deadline_ms else "hunger"


def advance(state: PocketDragonState, now: float) -> Transition[PocketDragonState]:
    """The successor with the clocks run to the caller's time ``now`` (seconds); ``state``
    itself when no clock moves (not running, or ``now`` not later), so that a caller can
    tell (the session saves the clocks' reading only when they ran)."""
    now_ms = to_ms(now)
    if state.status != "running" or now_ms <= state.now_ms:
        return Transition(state)
    moved = state.successor()
    run_to(moved, now_ms)
    return Transition(moved)


def apply(state: PocketDragonState, action: PocketDragonAction) -> Transition[PocketDragonState]:
    """Run the clocks to the action's time on the successor of ``state``, check the
    action there, then carry it out."""
    now_ms = to_ms(action.now)
    moved = state.successor()
    run_to(moved, now_ms)
    check(moved, action)
    events, hidden = act(moved, action, max(now_ms, moved.now_ms))
    return Transition(moved, tuple(events), hidden)


def irreversible(action: Action) -> str | None:
    """Why ``action`` can never be taken back, in players' words; None if it can
    (PD-APP-4). The session refuses an undo after the end of the game itself."""
    if isinstance(action, UNDOABLE):
        return None
    if isinstance(action, TABLE_ACTIONS):
        return "Table mode has no undo: cards were seen, and the game runs in real time (PD-APP-4)."
    return f"{_CLOCK_BUTTONS[type(action)]} changes the clocks: it cannot be taken back (PD-APP-4)."


# -- checks ------------------------------------------------------------------


def check(state: PocketDragonState, action: Action) -> None:
    """Raise IllegalAction if ``action`` may not be taken now; never changes anything."""
    if not 0 <= action.seat < SEATS:
        raise IllegalAction(MALFORMED_ACTION, f"seat must be 0 or 1, not {action.seat}")
    _check_mode(state, action)
    if isinstance(action, CLOCK_ACTIONS):
        _check_clock_button(state, action)
        return
    _check_running(state)
    if isinstance(action, COMPANION_ACTIONS):
        _check_companion(state, action)
    else:
        assert state.table is not None
        _check_table(state, state.table, action)


def _check_mode(state: PocketDragonState, action: Action) -> None:
    if state.mode == "table" and isinstance(action, COMPANION_ACTIONS):
        raise IllegalAction(
            "PD-SETUP-6", "That button is for companion mode; here the cards are on screen."
        )
    if state.mode == "companion" and isinstance(action, TABLE_ACTIONS):
        raise IllegalAction(
            "PD-SETUP-6", "In companion mode the cards are on the real table, not on screen."
        )


def _check_clock_button(state: PocketDragonState, action: Action) -> None:
    if isinstance(action, Start) and state.status != "ready":
        raise IllegalAction("PD-TIME-1", "The game has already started.")
    if isinstance(action, Pause) and state.status != "running":
        raise IllegalAction("PD-TIME-4", "Only a running game can be paused.")
    if isinstance(action, Resume) and state.status != "paused":
        raise IllegalAction("PD-TIME-4", "Only a paused game can be resumed.")
    if isinstance(action, Reset) and state.status == "ready":
        raise IllegalAction("PD-TIME-6", "The game has not started: there is nothing to reset.")


def _check_running(state: PocketDragonState) -> None:
    if state.status == "running":
        return
    reason = {
        "ready": "Press Start first.",
        "paused": "The game is paused: resume it first.",
        "won": "The game is over: the dragon is happy.",
        "lost": "The game is over.",
    }[state.status]
    raise IllegalAction("PD-TIME-5", reason)


def _check_companion(state: PocketDragonState, action: Action) -> None:
    if isinstance(action, LogFeed):
        _check_feed_window(state)
        if not 1 <= action.discarded <= MAX_FOOD:
            raise IllegalAction(
                "PD-FEED-4", f"Feeding discards 1 to {MAX_FOOD} food cards of one type."
            )
    elif isinstance(action, LogGeneralClue):
        _check_pool(state, GENERAL_CLUE_COST)
    elif isinstance(action, LogSpecificClue):
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


def _check_table(state: PocketDragonState, table: Table, action: Action) -> None:
    name = state.players
    seat = action.seat
    if table.clue is not None:
        if not isinstance(action, AnswerClue):
            raise IllegalAction(
                "PD-CLUE-5", f"Waiting for {name[1 - table.clue.asker]} to answer the clue."
            )
        if seat == table.clue.asker:
            raise IllegalAction("PD-CLUE-4", "Your partner names the icon, not you.")
        _check_answer(table, table.clue, action)
        return
    if isinstance(action, AnswerClue):
        raise IllegalAction("PD-CLUE-4", "No specific clue is waiting for an answer.")
    if table.peek is not None:
        if not isinstance(action, EndPeek) or seat != table.peek.seat:
            raise IllegalAction(
                "PD-PEEK-2", f"{name[table.peek.seat]} is looking at two cards; wait until done."
            )
        return
    if isinstance(action, EndPeek):
        raise IllegalAction("PD-PEEK-2", "Nobody is looking at cards.")
    if table.play is not None:
        _check_play(table, table.play, action)
        return
    if isinstance(action, PLAY_ACTIONS):
        raise IllegalAction("PD-PLAY-2", "No Activity is in play.")
    if seat != table.turn:
        raise IllegalAction("PD-TURN-1", f"It is {name[table.turn]}'s turn.")
    _check_turn_action(state, table, action)


def _check_answer(table: Table, clue: PendingClue, action: AnswerClue) -> None:
    activity = table.hands[clue.asker][clue.card].activity
    if action.skill not in cards().activities[activity].skills:
        raise IllegalAction("PD-CLUE-4", "Name one icon that is on the card asked about.")


def _check_play(table: Table, play: Play, action: Action) -> None:
    if not isinstance(action, PLAY_ACTIONS):
        raise IllegalAction("PD-TURN-2", "Finish or give up the Activity in play first.")
    if isinstance(action, Suggest):
        if action.seat == play.seat:
            raise IllegalAction("PD-PLAY-4", "Suggestions come from the partner; flip it yourself.")
        if len(needed_skills(table, play)) != 1:
            raise IllegalAction(
                "PD-PLAY-4", "The partner may suggest only when one Skill is left to match."
            )
    elif action.seat != play.seat:
        raise IllegalAction("PD-PLAY-4", "Only the player of the Activity flips; you may suggest.")
    if isinstance(action, GiveUp):
        if play.flips == 0:
            raise IllegalAction("PD-PLAY-6", "Flip at least one card before giving up.")
    elif isinstance(action, Flip | Suggest):
        _check_face_down(table, action.place, "PD-PLAY-2")


def _check_face_down(table: Table, place: int, rule: str) -> None:
    if place not in face_down(table):
        raise IllegalAction(rule, "Choose a face-down card of the grid.")


def _check_turn_action(state: PocketDragonState, table: Table, action: Action) -> None:
    seat = action.seat
    if isinstance(action, Peek):
        a, b = action.places
        if a == b:
            raise IllegalAction("PD-PEEK-2", "Choose two different cards.")
        _check_face_down(table, a, "PD-PEEK-2")
        _check_face_down(table, b, "PD-PEEK-2")
    elif isinstance(action, GeneralClue):
        _check_pool(state, GENERAL_CLUE_COST)
        if action.skill not in {s.id for s in cards().skills}:
            raise IllegalAction("PD-CLUE-3", f"There is no Skill called {action.skill!r}.")
    elif isinstance(action, SpecificClue):
        _check_pool(state, SPECIFIC_CLUE_COST)
        _check_hand_card(table, seat, action.card, "PD-CLUE-4")
    elif isinstance(action, PlayActivity):
        _check_hand_card(table, seat, action.card, "PD-PLAY-1")
        if not face_down(table):
            raise IllegalAction("PD-PLAY-8", "No face-down card is left to match: tidy up first.")
    elif isinstance(action, CollectFood):
        if len(table.food[seat]) >= MAX_FOOD:
            raise IllegalAction("PD-FOOD-1", f"You already have {MAX_FOOD} food cards.")
        _check_face_down(table, action.place, "PD-FOOD-1")
    elif isinstance(action, Feed):
        _check_feed_window(state)
        if not any(cards().collection[c].food == action.food for c in table.food[seat]):
            raise IllegalAction("PD-FEED-4", "You have no food of that type in front of you.")
    elif isinstance(action, TidyUp) and len(face_down(table)) > TIDY_MAX_FACE_DOWN:
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


# -- effects -----------------------------------------------------------------


def act(state: PocketDragonState, action: Action, now_ms: int) -> tuple[list[Event], bool]:
    """Carry out a checked action; returns the log lines and whether anything hidden
    was drawn or revealed."""
    if state.table is None:
        return [Event(_act_companion(state, action, now_ms))], isinstance(action, Start)
    who = state.players[action.seat]
    if isinstance(action, Start):
        _start(state, now_ms)
        return [Event(f"{who} starts the clocks.")], True
    if isinstance(action, Pause | Resume) and action.cause is not None:
        return [Event(_hold(state, action, now_ms))], False
    if isinstance(action, Pause):
        state.status = "paused"
        return [Event(f"{who} pauses the game.")], False
    if isinstance(action, Resume):
        _resume(state, now_ms)
        return [Event(f"{who} resumes the game.")], False
    state.table = state.table.successor()  # the successor shares the table
    return _act_table(state, state.table, action, who)


def _start(state: PocketDragonState, now_ms: int) -> None:
    state.status = "running"
    state.now_ms = now_ms
    state.next_clue_ms = state.elapsed_ms + draw_clue_interval(state)


def _resume(state: PocketDragonState, now_ms: int) -> None:
    state.status = "running"
    state.now_ms = now_ms


def _hold(state: PocketDragonState, action: Pause | Resume, now_ms: int) -> str:
    """A pause or resume no player pressed (PD-TIME-7), told as what happened."""
    if isinstance(action, Resume):
        _resume(state, now_ms)
        return "Everyone is back: the clocks run again."
    state.status = "paused"
    if action.cause == "away":
        return f"{state.players[action.seat]} is away: the clocks are paused."
    left = display(main_left_ms(state))
    return f"The game was closed while the clocks ran: they stopped with {left} s left."


def _reset(state: PocketDragonState, now_ms: int) -> None:
    """Back to before the start at the same level (PD-TIME-6); the RNG runs on."""
    fresh = PocketDragonState(
        players=state.players,
        mode=state.mode,
        difficulty=state.difficulty,
        rng=state.rng,
        now_ms=now_ms,
        happiness=state.level.happiness,
    )
    for field in fields(fresh):
        setattr(state, field.name, getattr(fresh, field.name))


def _act_companion(state: PocketDragonState, action: Action, now_ms: int) -> str:
    """Carry out a companion button; its log line names nobody: the app cannot tell who
    pressed it (PD-APP-5)."""
    if isinstance(action, Start):
        _start(state, now_ms)
        return "The clocks start."
    if isinstance(action, Pause | Resume) and action.cause is not None:
        return _hold(state, action, now_ms)
    if isinstance(action, Pause):
        state.status = "paused"
        return "The game is paused."
    if isinstance(action, Resume):
        _resume(state, now_ms)
        return "The game resumes."
    if isinstance(action, Reset):
        _reset(state, now_ms)
        return "The game is reset."
    if isinstance(action, LogFeed):
        feed(state)
        state.happiness += action.discarded - 1
        return f"The dragon is fed {counted(action.discarded, 'food card')}."
    if isinstance(action, LogGeneralClue):
        state.clues -= GENERAL_CLUE_COST
        return "A general clue is taken."
    if isinstance(action, LogSpecificClue):
        state.clues -= SPECIFIC_CLUE_COST
        return "A specific clue is taken."
    if isinstance(action, LogSuccess):
        _succeed(state)
        return "A success is logged."
    assert isinstance(action, LogMistake | LogTidyUp)
    _lose_happiness(state)
    return "A mistake is logged." if isinstance(action, LogMistake) else "A tidy up is logged."


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


def _act_table(
    state: PocketDragonState, table: Table, action: Action, who: str
) -> tuple[list[Event], bool]:
    deck = cards()
    seat = action.seat
    partner = state.players[1 - seat]
    if isinstance(action, Peek):
        table.peek = OpenPeek(seat, list(action.places))
        seen = ", ".join(f"{place_name(p)}: {card_name(card_at(table, p))}" for p in action.places)
        places = " and ".join(place_name(p) for p in action.places)
        return [
            Event(f"{who} looks at {places}."),
            Event(f"You see {seen}.", private_to=seat),
        ], True
    if isinstance(action, EndPeek):
        table.peek = None
        _pass_turn(table)
        return [Event(f"{who} is done looking.")], False
    if isinstance(action, GeneralClue):
        state.clues -= GENERAL_CLUE_COST
        skill = deck.skill(action.skill)
        marked = []
        hand = table.hands[seat]
        for i, held in enumerate(hand):
            if skill.id in deck.activities[held.activity].skills:
                hand[i] = HandCard(held.activity, [*held.known, skill.id], held.ruled_out)
                marked.append(str(i + 1))
            else:
                hand[i] = HandCard(held.activity, held.known, [*held.ruled_out, skill.id])
        answer = f"{noun_for(len(marked), 'card')} {', '.join(marked)}" if marked else "none"
        _pass_turn(table)
        return [Event(f"{who} asks which of their Activities need {skill.name}: {answer}.")], True
    if isinstance(action, SpecificClue):
        state.clues -= SPECIFIC_CLUE_COST
        table.clue = PendingClue(seat, action.card)
        return [Event(f"{who} asks {partner} to name one icon of card {action.card + 1}.")], False
    if isinstance(action, AnswerClue):
        assert table.clue is not None
        card_number = table.clue.card + 1
        hand = table.hands[table.clue.asker]
        held = hand[table.clue.card]
        if action.skill not in held.known:
            hand[table.clue.card] = HandCard(
                held.activity, [*held.known, action.skill], held.ruled_out
            )
        table.clue = None
        _pass_turn(table)
        skill_name = deck.skill(action.skill).name
        return [Event(f"{who} names {skill_name} on card {card_number}.")], True
    if isinstance(action, PlayActivity):
        hand_card = table.hands[seat].pop(action.card)
        table.play = Play(seat, hand_card.activity)
        activity = deck.activities[hand_card.activity]
        skills = ", ".join(deck.skill(s).name for s in activity.skills)
        return [Event(f"{who} plays {activity.name}, which needs {skills}.")], True
    if isinstance(action, Flip | Suggest):
        assert table.play is not None
        return _flip(state, table, table.play, action.place, who), True
    if isinstance(action, GiveUp):
        assert table.play is not None
        name = deck.activities[table.play.activity].name
        _end_play(state, table, table.play, done=False)
        return [Event(f"{who} gives up {name}.")], True
    if isinstance(action, CollectFood):
        card = card_at(table, action.place)
        table.grid[action.place] = None
        table.food[seat].append(card)
        _pass_turn(table)
        return [Event(f"{who} collects {card_name(card)} from {place_name(action.place)}.")], True
    if isinstance(action, Feed):
        feed(state)
        fed = [c for c in table.food[seat] if deck.collection[c].food == action.food]
        table.food[seat] = [c for c in table.food[seat] if c not in fed]
        table.discard.extend(fed)
        state.happiness += len(fed) - 1
        _pass_turn(table)
        food = deck.food(action.food).name
        return [Event(f"{who} feeds the dragon {len(fed)} × {food}.")], False
    assert isinstance(action, TidyUp)
    pile = [card_at(table, p) for p in face_down(table)] + table.discard
    state.rng.shuffle(pile)
    table.grid = [*pile, *[None] * (COLLECTION_SIZE - len(pile))]
    table.discard = []
    _lose_happiness(state)
    _pass_turn(table)
    return [Event(f"{who} tidies up the grid.")], True


def card_at(table: Table, place: int) -> int:
    card = table.grid[place]
    assert card is not None
    return card


def _pass_turn(table: Table) -> None:
    table.turn = 1 - table.turn


def _flip(state: PocketDragonState, table: Table, play: Play, place: int, who: str) -> list[Event]:
    deck = cards()
    card = card_at(table, place)
    play.flips += 1
    flipped = f"{who} flips {place_name(place)}: {card_name(card)}"
    if deck.collection[card].skill in needed_skills(table, play):
        play.matched.append(place)
        if needed_skills(table, play):
            return [Event(f"{flipped}, a match.")]
        _end_play(state, table, play, done=True)
        return [Event(f"{flipped}: {deck.activities[play.activity].name} is done!")]
    table.grid[place] = None
    table.discard.append(card)
    _lose_happiness(state)
    return [Event(f"{flipped}, a mistake.")]


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
