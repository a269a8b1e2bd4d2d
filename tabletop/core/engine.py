"""The engine contract every game implements.

An engine is stateless; the game lives in a state value. ``apply`` never
changes the state it is given: it validates first (raising IllegalAction before
anything is touched), then builds and returns the next state.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Annotated, Any, ClassVar, Generic, TypeVar, dataclass_transform

from pydantic import AfterValidator, BaseModel, ConfigDict, TypeAdapter, ValidationError

from tabletop.core.errors import IllegalAction
from tabletop.core.names import check_name, check_names

S = TypeVar("S")
A = TypeVar("A", bound="Action")
C = TypeVar("C")

# Rule id for actions that are not even well-formed; shared by every game and
# listed in docs/engine-protocol.md.
MALFORMED_ACTION = "ACTION-FORMAT"


class InvalidState(ValueError):
    """A state no play of the game can reach (a card twice, a seat that is not at the
    table, a negative count...); the message says what is wrong."""


def require(holds: bool, problem: str) -> None:
    """One invariant of a state check: InvalidState saying ``problem`` unless it holds."""
    if not holds:
        raise InvalidState(problem)


def require_each_once(found: Iterable[Hashable], cards: Iterable[Hashable], what: str) -> None:
    """Cards are conserved: each of ``cards`` is found exactly once, and nothing else is."""
    counts = Counter(found)
    wanted = set(cards)
    for problem, items in (
        ("is no {} of the game", counts.keys() - wanted),
        ("is in more than one place", {card for card, n in counts.items() if n > 1}),
        ("is missing", wanted - counts.keys()),
    ):
        if items:
            first = min(items)  # type: ignore[type-var]  # one kind of id a game
            raise InvalidState(f"{what} {first!r} {problem.format(what)}")


@dataclass_transform(frozen_default=True)
def value(cls: type[C]) -> type[C]:
    """The decorator of the small values the engines make on every move (events,
    transitions, the parts of a state that states share): a slotted dataclass, equal
    and hashed by value, which never changes: the type checker refuses any assignment
    to a field (``frozen_default``). It is not frozen at run time, because a frozen
    dataclass sets each field through ``object.__setattr__``: about three times slower
    to build, and engines build many (a Pocket Dragon turn offers 190 actions)."""
    return dataclass(slots=True, unsafe_hash=True)(cls)


@dataclass_transform(frozen_default=True, kw_only_default=True)
def action(cls: type[C]) -> type[C]:
    """The decorator of every action class: a ``value`` whose fields are given by name.
    Its JSON is its fields in order (a subclass's after its base's)."""
    return dataclass(slots=True, kw_only=True, unsafe_hash=True)(cls)


@action
class Action:
    """Base of every action: small immutable plain data; ``seat`` acts. Engines build
    actions without validation (they are trusted inside); ``parse_action`` validates
    those that come from outside, and ``dump_action`` gives their compact JSON."""

    __pydantic_config__: ClassVar[ConfigDict] = ConfigDict(extra="forbid")

    seat: int


def _distinct(players: tuple[str, ...]) -> tuple[str, ...]:
    check_names(players)
    return players


class Setup(BaseModel):
    """Who plays and with which options; with the seed it fixes a whole game."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    players: Annotated[
        tuple[Annotated[str, AfterValidator(check_name)], ...], AfterValidator(_distinct)
    ]
    options: dict[str, Any] = {}


@value
class Event:
    """One line for the game log. ``private_to`` set: only that seat may read it."""

    text: str
    private_to: int | None = None


@value
class Transition(Generic[S]):
    """What ``apply`` returns.

    ``hidden`` is true when the action drew from a random source or revealed
    hidden information: undo may not go back across it.
    """

    state: S
    events: tuple[Event, ...] = ()
    hidden: bool = False


class Outcome(BaseModel):
    """The result of a finished game. ``scores`` is indexed by seat; ``winners``
    is empty when nobody at the table won (Scout won, a co-op loss, no winner)."""

    model_config = ConfigDict(frozen=True)

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    summary: str
    tie_break: tuple[str, ...] = ()


class Engine(ABC, Generic[S, A]):
    """One game's rules. Subclasses set the class attributes and the methods."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    realtime: ClassVar[bool] = False
    state_type: ClassVar[type[Any]]
    action_type: ClassVar[Any]  # a discriminated union (on ``kind``) of Action subclasses
    options_type: ClassVar[type[BaseModel]]
    compact_actions: ClassVar[bool] = False
    """An action's JSON leaves out its fields that are None (Space Park's optional
    choices); the others' JSON has every field."""

    # The adapters are built on first use: a process that only plays (a `tabletop engine`
    # answering its first `new`) never pays for the schemas it does not need.
    @cached_property
    def _actions(self) -> TypeAdapter[A]:
        return TypeAdapter(self.action_type)

    @cached_property
    def _action_lists(self) -> TypeAdapter[list[A]]:
        return TypeAdapter(list[self.action_type])  # type: ignore[name-defined]  # a value

    @cached_property
    def _states(self) -> TypeAdapter[S]:
        return TypeAdapter(self.state_type)

    # -- the rules ---------------------------------------------------------

    @abstractmethod
    def new(self, setup: Setup, seed: int) -> S:
        """A fresh game. Raises ValueError for a setup the game cannot take."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[A]:
        """Everything ``seat`` may do now, including off-turn responses."""

    @abstractmethod
    def apply(self, state: S, action: A) -> Transition[S]:
        """Validate, then return the next state; raise IllegalAction on refusal."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> BaseModel:
        """Exactly what ``seat`` may see; None is a spectator with no hidden card."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """None while the game runs."""

    @abstractmethod
    def players(self, state: S) -> tuple[str, ...]:
        """The players' names, indexed by seat."""

    @abstractmethod
    def to_act(self, state: S) -> tuple[int, ...]:
        """Seats that may act now (the active player, or those asked to respond)."""

    @abstractmethod
    def check_state(self, state: S) -> None:
        """Raise InvalidState, saying what is wrong, if no play of the game can reach
        ``state``: cards conserved, indices and seats in range, counts not negative, the
        phase consistent. The number of seats and the names are checked before (``check``)."""

    def position(self, state: S) -> str:
        """Where the game stands, in one line of public information only (what a
        spectator sees: scores, round or turn, never a hidden card), for the list of
        saved games. Empty when the game has nothing to say."""
        return ""

    def check(self, state: S) -> None:
        """The one statement of a valid state: the seats, each player's name, then the
        game's own invariants. Every loaded state passes it (``load_state``)."""
        names = self.players(state)
        n = len(names)
        require(self.min_players <= n <= self.max_players, self._wrong_count(n))
        for seat, name in enumerate(names):
            try:
                clean = check_name(name)
            except ValueError as exc:
                raise InvalidState(f"seat {seat}: {exc}") from None
            require(clean == name, f"seat {seat}: a player's name cannot start or end with spaces")
        try:
            check_names(names)
        except ValueError as exc:
            raise InvalidState(str(exc)) from None
        self.check_state(state)

    def advance(self, state: S, now: float) -> Transition[S]:
        """Real-time games: run the clocks up to ``now`` (seconds of game time).

        Must be path-independent: advancing to t in one step or in many gives
        the same state, so a record of actions (each carrying its ``now``)
        replays exactly. Returns ``state`` itself when no clock moves (the session
        saves a checkpoint of the clocks only when they ran). Turn-based games have
        no clock and change nothing.
        """
        return Transition(state)

    def irreversible(self, action: A) -> str | None:
        """Why ``action`` can never be taken back, in players' words; None if the game
        allows it (the session still refuses an undo across a hidden transition, of
        another seat's action or after the end)."""
        return None

    def options(self, setup: Setup) -> BaseModel:
        """The setup's options, validated; raises ValueError with a clear message."""
        try:
            # strict: an option takes its own type only ("yes" is no bool)
            return self.options_type.model_validate(setup.options, strict=True)
        except ValidationError as exc:
            raise ValueError(f"bad options for {self.title}: {_first_error(exc)}") from exc

    def check_players(self, setup: Setup) -> None:
        n = len(setup.players)
        if not self.min_players <= n <= self.max_players:
            raise ValueError(self._wrong_count(n))

    def _wrong_count(self, n: int) -> str:
        return f"{self.title} takes {self.min_players}-{self.max_players} players, not {n}"

    # -- serialization -----------------------------------------------------

    def parse_action(self, data: object) -> A:
        """An action from JSON data (a dict or a JSON string)."""
        try:
            if isinstance(data, str | bytes):
                return self._actions.validate_json(data)
            return self._actions.validate_python(data)
        except ValidationError as exc:
            raise IllegalAction(MALFORMED_ACTION, _first_error(exc)) from exc

    def dump_action(self, action: A) -> dict[str, Any]:
        data: dict[str, Any] = self._actions.dump_python(
            action, mode="json", exclude_none=self.compact_actions
        )
        return data

    def dump_actions(self, actions: list[A]) -> list[dict[str, Any]]:
        """Each action's JSON data, as ``dump_action`` gives it: a seat's legal actions in
        one call to the serializer, about half the time of one call each."""
        data: list[dict[str, Any]] = self._action_lists.dump_python(
            actions, mode="json", exclude_none=self.compact_actions
        )
        return data

    def dump_state(self, state: S) -> dict[str, Any]:
        data: dict[str, Any] = self._states.dump_python(state, mode="json")
        return data

    def load_state(self, data: object) -> S:
        """A state from JSON data, checked (``check``); InvalidState if it is not one
        play of the game can reach."""
        try:
            state = self._states.validate_python(data)
        except ValidationError as exc:
            raise InvalidState(f"not a {self.title} state: {_first_error(exc)}") from exc
        try:
            self.check(state)
        except InvalidState as exc:
            raise InvalidState(f"no {self.title} game can be in this state: {exc}") from None
        return state

    def state_json(self, state: S) -> str:
        """Canonical text of a state: equal states give equal strings."""
        return json.dumps(self.dump_state(state), sort_keys=True, separators=(",", ":"))

    def schema(self) -> dict[str, Any]:
        return {
            "action": self._actions.json_schema(),
            "state": self._states.json_schema(),
            "options": self.options_type.model_json_schema(),
        }


_SAID = {
    "bool_type": "must be true or false",
    "int_type": "must be a whole number",
    "float_type": "must be a number",
    "string_type": "must be text",
    "extra_forbidden": "is not known here",
    "missing": "is missing",
}
"""What the first refusal of each kind says, in our words rather than pydantic's."""


def _first_error(exc: ValidationError) -> str:
    """The first thing pydantic refused, in our words where we have them, else in its
    own without its links."""
    err = exc.errors(include_url=False)[0]
    where = ".".join(str(p) for p in err["loc"]) or "input"
    said = _SAID.get(err["type"]) or str(err["msg"]).removeprefix("Value error, ")
    return f"{where}: {said}"
