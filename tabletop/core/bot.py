"""Computer players: the Bot protocol, a generic random bot, and the level registry.

A bot sees only what its seat may see. It is handed ``engine.view(state, seat)``
and ``engine.legal_actions(state, seat)`` and returns one of those actions; it
never receives the state. A bot that searches rebuilds candidate states from the
view alone, sampling the cards its seat cannot see (determinization).

Every bot owns a ``core.rng.Rng`` seeded when it is made, so a table of bots
with fixed seeds plays the same game every time. ``budget_s`` is a hard cap on
the time one decision may take.

Levels per game: ``easy`` (random), ``normal`` (greedy), ``hard`` (search). The
registry names each game's bot module by string and imports it only when a bot
of that game is made, so importing this module imports no game (imports point
down: core never imports games at load time).
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from pydantic import BaseModel

from tabletop.core.engine import Action, Engine
from tabletop.core.rng import Rng

DEFAULT_BUDGET_S = 0.3
LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
LEVEL_NAMES: dict[str, str] = {
    "easy": "Easy (random)",
    "normal": "Normal (greedy)",
    "hard": "Hard (search)",
}
LEVEL_HELP: dict[str, str] = {
    "easy": "plays any move the rules allow, at random",
    "normal": "takes the move that looks best right now",
    "hard": "plays its best moves a few turns ahead on guesses of the cards it cannot see, "
    "and takes the one that works out best",
}
"""What each level does, in players' words (setup shows it)."""
# Each game with bots: the module holding its ``BOTS`` mapping (level -> factory).
BOT_MODULES: dict[str, str] = {
    "spacepark": "tabletop.games.spacepark.bots",
    "pocketparks": "tabletop.games.pocketparks.bots",
}
# Each game with hints: the module holding its ``hint(view, legal, budget_s) -> Hint``.
HINT_MODULES: dict[str, str] = {
    "spacepark": "tabletop.games.spacepark.hints",
    "pocketparks": "tabletop.games.pocketparks.hints",
}
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


BotFactory = Callable[[int], Bot]


def _bots_of(game: str) -> Mapping[str, BotFactory]:
    module = BOT_MODULES.get(game)
    if module is None:
        known = ", ".join(BOT_MODULES)
        raise ValueError(f"no bots for game {game!r} (games with bots: {known})")
    bots: Mapping[str, BotFactory] = importlib.import_module(module).BOTS
    return bots


def bot_games() -> tuple[str, ...]:
    """The games that have bots."""
    return tuple(BOT_MODULES)


def levels(game: str) -> tuple[str, ...]:
    """The bot levels of a game, easiest first; () for a game without bots."""
    if game not in BOT_MODULES:
        return ()
    return tuple(level for level in LEVELS if level in _bots_of(game))


def make_bot(game: str, level: str, seed: int) -> Bot:
    """A bot of ``game`` at ``level``; ValueError names the levels there are."""
    bots = _bots_of(game)
    factory = bots.get(level)
    if factory is None:
        raise ValueError(
            f"unknown bot level {level!r} for {game} (levels: {', '.join(levels(game))})"
        )
    return factory(seed)


@dataclass(frozen=True, slots=True)
class Hint:
    """A move suggested to a seat, and why."""

    action: Action
    """The move, or its first step (some moves are made in steps)."""
    why: str
    """One line in players' words, naming only what the seat may see."""


def hint_games() -> tuple[str, ...]:
    """The games that give hints."""
    return tuple(HINT_MODULES)


def hint(
    engine: Engine[Any, Any], state: Any, seat: int, budget_s: float = HINT_BUDGET_S
) -> Hint | None:
    """The hard bot's move in ``seat``'s place, and why; None if the seat has no move.

    Like any bot it is handed the seat's view and legal actions, never the state, so
    the hint is the same whatever the cards the seat cannot see (the hint tests vary
    them). Within ``budget_s`` it gives the same hint for the same view; on a machine
    too slow for its search it decides on the part it had time for."""
    return hint_from(
        engine.name, engine.view(state, seat), engine.legal_actions(state, seat), budget_s
    )


def hint_from(
    game: str, view: BaseModel, legal: Sequence[Action], budget_s: float = HINT_BUDGET_S
) -> Hint | None:
    """``hint`` from what a seat has: its own view and legal actions (all a seat at a
    hosted game is sent)."""
    if not legal:
        return None
    module = HINT_MODULES.get(game)
    if module is None:
        raise ValueError(f"no hints for game {game!r} (games with hints: {hint_games()})")
    suggest: Callable[[BaseModel, Sequence[Action], float], Hint] = importlib.import_module(
        module
    ).hint
    return suggest(view, legal, budget_s)


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
