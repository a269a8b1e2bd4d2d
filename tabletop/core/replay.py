"""Replaying a saved game position by position, read-only.

``Replay`` holds the positions of a record: position i is the state after its first
i moves, and a real-time game the clock ended has one more, the clock run out. A
position is computed when first asked for, from the one before, and kept: the first
is ready at once, and a worker thread may compute the rest ahead (``compute``)
while a screen reads them; a lock keeps the two in step.

``ReplaySession`` is a read-only table at one position of a replay, so that a game's
own screen draws it: it reads like the session of the game then (its view, log, who
acts, its result at the end), and has no way to take a move or save. Hidden
information stays a security property: a replay of an unfinished game shows every seat
the spectator's view and log only; a finished game shows any seat's (the game is over).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from tabletop.core.engine import Action, Engine, Event, Outcome, Setup, Transition
from tabletop.core.errors import IllegalAction
from tabletop.core.record import GameRecord
from tabletop.core.store import SeatInfo


@dataclass(frozen=True, slots=True)
class Step:
    """What took the game from one position to the next: a seat's move (``seat``) or,
    last of a game the clock ended, the clock running out (``seat`` None)."""

    seat: int | None
    events: tuple[Event, ...]


class Replay:
    """The positions of ``record``, 0 (the setup) to ``len(self) - 1`` (the end)."""

    def __init__(self, engine: Engine[Any, Any], record: GameRecord) -> None:
        self.engine = engine
        self.record = record
        self.states: list[Any] = [engine.new(record.setup, record.seed)]
        self._steps: list[Step] = []
        self._length = len(record.actions) + (record.ended_at is not None)
        self._lock = threading.Lock()
        self.problem: str | None = None
        """Why the record stops replaying (a move the rules now refuse), if it does: the
        positions end before that move."""

    def __len__(self) -> int:
        """How many positions there are."""
        return self._length + 1

    @property
    def computed(self) -> int:
        """How many positions are computed so far."""
        return len(self.states)

    def state(self, position: int) -> Any:
        """The state at ``position``."""
        self.compute(position + 1)
        return self.states[position]

    def step(self, move: int) -> Step:
        """What made move ``move`` (1 to ``len(self) - 1``)."""
        self.compute(move + 1)
        return self._steps[move - 1]

    def steps(self, upto: int) -> list[Step]:
        """The steps of moves 1 to ``upto``."""
        self.compute(upto + 1)
        return self._steps[:upto]

    def compute(self, count: int) -> None:
        """Compute the first ``count`` positions (all of them at most)."""
        while len(self.states) < min(count, len(self)):
            with self._lock:
                if len(self.states) >= min(count, len(self)):
                    return
                try:
                    self._next()
                except IllegalAction as refused:
                    move = len(self._steps) + 1
                    self.problem = f"move {move} is refused: [{refused.rule}] {refused.message}"
                    self._length = len(self._steps)

    def _next(self) -> None:
        state = self.states[-1]
        index = len(self._steps)
        transition: Transition[Any]
        if index < len(self.record.actions):
            action: Action = self.engine.parse_action(self.record.actions[index])
            transition = self.engine.apply(state, action)
            seat: int | None = action.seat
        else:
            assert self.record.ended_at is not None
            transition = self.engine.advance(state, self.record.ended_at)
            seat = None
        self._steps.append(Step(seat, transition.events))
        self.states.append(transition.state)


LOG_CHUNK = 50
"""A replay's log shows the moves of the current and the previous chunk of this many."""


@dataclass(slots=True)
class _KeptLog:
    """A reader's replay log: the lines of moves ``first`` + 1 to ``upto``."""

    first: int
    upto: int
    lines: list[str]


class ReplaySession:
    """A read-only table (core.table.Table) at one position of ``replay`` (``go`` moves
    it): it reads like the game's session then, and nothing in it plays or saves."""

    def __init__(self, replay: Replay, seats: tuple[SeatInfo, ...], finished: bool) -> None:
        self.replay = replay
        self.engine = replay.engine
        self.seats = seats
        self.finished = finished
        """The game is over: any seat's view may be shown."""
        self.position = 0
        self.state: Any = replay.state(0)
        self._outcome: Outcome | None = self.engine.outcome(self.state)
        self._logs_kept: dict[int | None, _KeptLog] = {}
        """Each reader's log as last given."""

    def go(self, position: int) -> None:
        """Show ``position`` (clamped to the replay's)."""
        self.position = max(0, min(position, len(self.replay) - 1))
        self.state = self.replay.state(self.position)
        self._outcome = self.engine.outcome(self.state)

    def shown_seat(self, seat: int | None) -> int | None:
        """The seat whose view may be shown for ``seat``: itself once the game is over,
        else nobody's (the spectator's)."""
        return seat if self.finished else None

    @property
    def setup(self) -> Setup:
        return self.replay.record.setup

    @property
    def current(self) -> object:
        return self.state

    @property
    def moves(self) -> int:
        return self.position

    @property
    def to_act(self) -> tuple[int, ...]:
        if self._outcome is not None:
            return ()
        seats: tuple[int, ...] = self.engine.to_act(self.state)
        return seats

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(i for i, seat in enumerate(self.seats) if seat.bot is None)

    @property
    def here(self) -> tuple[int, ...]:
        return self.humans

    @property
    def away(self) -> tuple[int, ...]:
        return ()

    def view(self, seat: int | None) -> BaseModel:
        return self.engine.view(self.state, self.shown_seat(seat))

    def legal_actions(self, seat: int) -> list[Action]:
        return []

    def log(self, seat: int | None) -> list[str]:
        """What ``seat`` read of the latest moves: those since the start of the chunk of
        LOG_CHUNK moves before this position's. A step forward within the chunks grows
        the list given last (a reader of it wraps only the new lines, as in a game); a
        step back or across chunks starts a new list, of two chunks' moves at most,
        never the whole game's."""
        seat = self.shown_seat(seat)
        first = max(0, (self.position - 1) // LOG_CHUNK * LOG_CHUNK - LOG_CHUNK)
        kept = self._logs_kept.get(seat)
        if kept is None or kept.first != first or kept.upto > self.position:
            kept = self._logs_kept[seat] = _KeptLog(first, first, [])
        for step in self.replay.steps(self.position)[kept.upto :]:
            kept.lines.extend(e.text for e in step.events if e.private_to in (None, seat))
        kept.upto = self.position
        return kept.lines

    def undo_refusal(self, seat: int | None = None) -> str | None:
        return "This is a replay."

    def advance(self, now: float) -> object:
        """A replay's clocks stand at its position."""
        return self.state
