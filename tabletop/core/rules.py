"""The skeleton of a step of play, which every game's rules fill in (seeds/common.md).

A game's ``Rules`` are tables: for each phase the action kinds it allows (and why any
other is refused), for each action kind its own check and its handler. ``step``
makes the successor (with the game's pre-step, Pocket Dragon's clocks), checks the
action on it, carries it out through a ``Ctx`` and lets the game settle. The checks
every game shares are written here once, each with one rule id: a seat that is not
at the table or not asked to act (``SEAT``), and any action once the game is over
(``OVER``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from tabletop.core.engine import Event, Transition
from tabletop.core.errors import IllegalAction

SEAT = "TT-SEAT-1"
OVER = "TT-OVER-1"
NO_SEAT_MESSAGE = "There is no such seat at this table."
OVER_MESSAGE = "The game is over."


class Seated(Protocol):
    """What the skeleton reads of a state: one entry a seat."""

    @property
    def players(self) -> Sequence[object]: ...


S = TypeVar("S", bound=Seated)


class Move(Protocol):
    """What the skeleton reads of an action: who acts, and its kind."""

    @property
    def seat(self) -> int: ...

    @property
    def kind(self) -> str: ...


@dataclass(slots=True)
class Ctx(Generic[S]):
    """One step of play in the making: the successor ``state`` the handlers change,
    what the step says (``events``), and whether it drew or revealed something
    ``hidden`` (undo may not go back across it)."""

    state: S
    events: list[Event] = field(default_factory=list)
    hidden: bool = False

    def say(self, text: str, private_to: int | None = None) -> None:
        self.events.append(Event(text, private_to))


X = TypeVar("X", bound=Ctx[Any])


@dataclass(frozen=True, slots=True)
class Phase:
    """What a phase of the game allows: the action ``kinds`` its seats to act may take
    (and ``anyone``'s kinds, any seat at the table); any other kind is refused with
    its entry in ``refusals``, else with ``rule`` and ``message``. ``waiting`` tells a
    seat that may not act whom the game waits for (``{name}``, the first to act).
    ``over``: the game has ended, and only ``kinds`` may still be taken."""

    kinds: frozenset[str]
    rule: str = ""
    message: str = ""
    waiting: str = "It is {name}'s turn."
    anyone: frozenset[str] = frozenset()
    refusals: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    over: bool = False

    def refusal(self, kind: str) -> tuple[str, str]:
        """The rule and message refusing ``kind`` in this phase."""
        return self.refusals.get(kind) or (self.rule, self.message)


def phases_allowing(phases: Mapping[str, Phase], kinds: frozenset[str]) -> frozenset[str]:
    """The phases in which one of ``kinds`` may be taken."""
    return frozenset(name for name, phase in phases.items() if phase.kinds & kinds)


@dataclass(frozen=True, slots=True)
class Rules(Generic[S, X]):
    """One game's tables and the few functions the skeleton asks of it.

    ``begin`` makes the step's context on the successor of a state (running a
    real-time game's clocks to the action's time first); ``phase`` names the phase of
    a state (a key of ``phases``); ``names`` are the players' names by seat;
    ``to_act`` the seats the game waits for; ``checks`` (optional per kind) refuse
    what the phase allows but the action's own conditions do not; ``handlers`` carry
    a checked action out; ``settle`` runs after every handler."""

    phases: Mapping[str, Phase]
    checks: Mapping[str, Callable[[S, Any], None]]
    handlers: Mapping[str, Callable[[X, Any], None]]
    begin: Callable[[S, Any], X]
    phase: Callable[[S], str]
    names: Callable[[S], Sequence[str]]
    to_act: Callable[[S], tuple[int, ...]]
    settle: Callable[[X], None] | None = None

    def check(self, state: S, action: Move) -> None:
        """Raise IllegalAction, naming the rule, if ``action`` may not be taken in
        ``state``; changes nothing. In this order: the seat is at the table, the game
        is not over, the game waits for the seat, the phase allows the kind, then the
        kind's own conditions."""
        seat = action.seat
        if not 0 <= seat < len(state.players):
            raise IllegalAction(SEAT, NO_SEAT_MESSAGE)
        phase = self.phases[self.phase(state)]
        kind = action.kind
        allowed = kind in phase.kinds
        if phase.over and not allowed:
            raise IllegalAction(OVER, OVER_MESSAGE)
        if kind not in phase.anyone:
            acting = self.to_act(state)
            if seat not in acting:
                raise IllegalAction(SEAT, self._told(state, phase.waiting))
        if not allowed:
            rule, message = phase.refusal(kind)
            raise IllegalAction(rule, self._told(state, message))
        own = self.checks.get(kind)
        if own is not None:
            own(state, action)

    def _told(self, state: S, message: str) -> str:
        """``message`` naming the first seat the game waits for (``{name}``)."""
        return message.format(name=self.names(state)[self.to_act(state)[0]])

    def step(self, state: S, action: Move) -> Transition[S]:
        """The step of ``action`` from ``state``: the context on its successor, the
        action checked there, carried out, then settled. ``state`` is not changed."""
        ctx = self.begin(state, action)
        self.check(ctx.state, action)
        self.handlers[action.kind](ctx, action)
        if self.settle is not None:
            self.settle(ctx)
        return Transition(ctx.state, tuple(ctx.events), ctx.hidden)
