"""Computer players: the Bot protocol, a generic random bot, the levels, driving bots.

A bot sees only what its seat may see. It is handed ``engine.view(state, seat)``
and ``engine.legal_actions(state, seat)`` and returns one of those actions; it
never receives the state. A bot that searches rebuilds candidate states from the
view alone, sampling the cards its seat cannot see (determinization).

Every bot owns a ``core.rng.Rng`` seeded when it is made, so a table of bots
with fixed seeds plays the same game every time. ``budget_s`` is a hard cap on
the time one decision may take.

Levels: ``easy`` (random), ``normal`` (greedy), ``hard`` (search), unless a game's kit
(``core.kit.GameKit``) names its own (Pocket Dragon's partner, by its reaction time);
the kit loads its bots when one is made; core names no game.

A real-time game's bot is a ``PacedBot``: it moves at moments of the game clock, not
when asked, and is driven by ``core.pacing.PacedSeats``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from pydantic import BaseModel

from tabletop.core.engine import Action, Engine
from tabletop.core.rng import Rng

DEFAULT_BUDGET_S = 0.3
HINT_SEED = 0
"""A hint's bot is seeded alike every time: the same view always gets the same hint."""
HINT_BUDGET_S = 5.0
"""A hint's search takes 0.1-0.2 s here; the cap only matters on a far slower machine."""

A = TypeVar("A", bound=Action)


class Bot(ABC):
    """One computer player. ``choose`` picks one of ``legal`` for the seat.

    ``needs_view`` False tells a driver it may pass ``None`` for the view (the
    random bot looks at nothing), which saves building a view per decision.
    """

    level: ClassVar[str] = ""
    needs_view: ClassVar[bool] = True

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.rng = Rng.from_seed(seed)

    @abstractmethod
    def choose(
        self, view: BaseModel | None, legal: Sequence[A], budget_s: float = DEFAULT_BUDGET_S
    ) -> A:
        """One action out of ``legal`` (never empty), within ``budget_s`` seconds."""


class RandomBot(Bot):
    """Uniform over the legal actions.

    ``shun``: action kinds taken only when nothing else is legal (a random
    PocketParks player that may cancel any draft would mostly start and cancel
    steals; shunning ``cancel`` keeps it random but playing the game).
    """

    level: ClassVar[str] = "easy"
    needs_view: ClassVar[bool] = False

    def __init__(self, seed: int, shun: frozenset[str] = frozenset()) -> None:
        super().__init__(seed)
        self.shun = shun

    def choose(
        self, view: BaseModel | None, legal: Sequence[A], budget_s: float = DEFAULT_BUDGET_S
    ) -> A:
        if not legal:
            raise ValueError("a bot was asked to choose with no legal action")
        pool = [a for a in legal if getattr(a, "kind", None) not in self.shun] or list(legal)
        return pool[self.rng.below(len(pool))]


class PacedBot(Bot):
    """A bot of a real-time game. It is told its seat's view after every move, by any
    seat, in order (``changed``: what it remembers comes from these), and asked for a
    move once the game clock reaches ``due``; it may wait (None), and is asked again at
    its new ``due``. ``why`` is the reason for its last move, in players' words, from
    what its seat may know."""

    due: float = 0.0
    why: str = ""

    @abstractmethod
    def changed(self, view: BaseModel) -> None:
        """The table changed (a move, by anyone): ``view`` is its seat's view now."""

    @abstractmethod
    def move(self, view: BaseModel, legal: Sequence[A]) -> A | None:
        """Its move now (one of ``legal``), or None to wait."""

    def choose(
        self, view: BaseModel | None, legal: Sequence[A], budget_s: float = DEFAULT_BUDGET_S
    ) -> A:
        """Asked at once, by a driver that does not pace it: its move now, else the
        first legal one."""
        assert view is not None, "a real-time bot moves from its seat's view"
        action = self.move(view, legal)
        return legal[0] if action is None else action


BotFactory = Callable[[int], Bot]


@dataclass(frozen=True, slots=True)
class Hint:
    """A move suggested to a seat, and why."""

    action: Action
    """The move, or its first step (some moves are made in steps)."""
    why: str
    """One line in players' words, naming only what the seat may see."""


# -- driving a table of bots -------------------------------------------------------


@dataclass(slots=True)
class Played:
    """A finished (or stopped) game between bots."""

    state: Any
    actions: list[Action] = field(default_factory=list)
    decisions: dict[int, int] = field(default_factory=dict)  # per seat


def ask(
    engine: Engine[Any, Any],
    state: Any,
    seat: int,
    bot: Bot,
    budget_s: float = DEFAULT_BUDGET_S,
) -> Action:
    """Ask ``bot`` for the move of ``seat``: it gets the seat's view and legal actions only.

    Raises ValueError if the bot answers with an action that is not legal."""
    legal: list[Action] = engine.legal_actions(state, seat)
    view = engine.view(state, seat) if bot.needs_view else None
    action = bot.choose(view, legal, budget_s)
    if action not in legal:
        raise ValueError(f"bot {type(bot).__name__} chose an illegal action: {action!r}")
    return action


def play_game(
    engine: Engine[Any, Any],
    state: Any,
    bots: Sequence[Bot],
    budget_s: float = DEFAULT_BUDGET_S,
    max_actions: int = 100_000,
) -> Played:
    """Play ``state`` to its end with one bot per seat.

    When several seats may act (a response window), the first of ``to_act``
    answers first; each seat answers on its own view, so the order reveals
    nothing. Stops after ``max_actions`` (a safety net; the result then has no
    outcome)."""
    played = Played(state)
    while engine.outcome(played.state) is None and len(played.actions) < max_actions:
        seats = engine.to_act(played.state)
        if not seats:
            break
        seat = seats[0]
        action = ask(engine, played.state, seat, bots[seat], budget_s)
        played.state = engine.apply(played.state, action).state
        played.actions.append(action)
        played.decisions[seat] = played.decisions.get(seat, 0) + 1
    return played
