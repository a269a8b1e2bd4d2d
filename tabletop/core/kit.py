"""What a game declares about itself: one ``GameKit`` in its package's ``__init__``.

The kit is everything the rest of tabletop knows of a game: its name and words, its
engine, bots and hints, what the simulator counts, how the statistics group its games,
and what random play and the privacy checks must know (what a seat may not see). The
engine, bots, hints and tallies are loaders, called when first needed, so listing the
games (the home screen) loads no engine. Games join through ``tabletop.games.register_game``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from tabletop.core.rulebook import DIGESTS, Rulebook, rulebook

if TYPE_CHECKING:
    from pydantic import BaseModel

    from tabletop.core.bot import Bot, BotFactory, Hint
    from tabletop.core.engine import Action, Engine
    from tabletop.core.store import FinishedGame, SeatInfo

HintFn = Callable[["BaseModel", "Sequence[Action]", float], "Hint"]
"""A game's hint: the hard bot's move from a seat's view and legal actions, and why."""


@dataclass(frozen=True)
class BotLevel:
    """One bot a game offers for a seat, in players' words (setup lists them)."""

    key: str
    """What a seat's ``SeatInfo.bot`` holds, and the command line names (``Cy:normal``)."""
    name: str
    """Its name in a list of who may sit at a seat."""
    word: str
    """One word for it at the start of a sentence ("Easy", "Quick")."""
    help: str
    """What it does, after that word ("plays any move the rules allow, at random")."""


STANDARD_LEVELS: tuple[BotLevel, ...] = (
    BotLevel("easy", "Easy (random)", "Easy", "plays any move the rules allow, at random"),
    BotLevel("normal", "Normal (greedy)", "Normal", "takes the move that looks best right now"),
    BotLevel(
        "hard",
        "Hard (search)",
        "Hard",
        "plays its best moves a few turns ahead on guesses of the cards it cannot see, "
        "and takes the one that works out best",
    ),
)
"""The levels of a game's bots unless its kit names its own: easy (random), normal
(greedy), hard (determinized search)."""
BOTS_NOTE = "A seat may be a bot, which plays from what that seat may see, never more."


class Tally:
    """Content figures the simulator counts as bot games go (one per run, fed every
    action). This one counts nothing: a game's kit gives its own."""

    def observe(self, before: Any, action: Action, after: Any) -> None:
        """One applied action."""

    def finish(self, state: Any) -> None:
        """One finished game."""

    def report(self, games: int) -> dict[str, Any]:
        """The figures, plain data (JSON-ready), over ``games`` games."""
        return {}

    @staticmethod
    def lines(content: Mapping[str, Any]) -> list[str]:
        """The text of ``report``'s figures (read back from JSON: a static function)."""
        return []


@dataclass(frozen=True)
class Tables:
    """A game's own tables of bots for `tabletop sim GAME`, played instead of seats of
    levels (Pocket Dragon's partner tables: bots.play_table in simulated real time)."""

    count: int
    """Games played per seed (the progress bar counts ``games * count``)."""
    run: Callable[[int, int, int, Callable[[int], None] | None], dict[str, Any]]
    """(games, first seed, processes, progress) -> the report, plain data."""
    lines: Callable[[Mapping[str, Any]], list[str]]
    """The report's text."""


@dataclass(frozen=True)
class StatGroup:
    """A table a game adds to the statistics: some of its finished games, by row."""

    id: str
    title: str
    """The tab's title."""
    key: str
    """The tab's key's word (one short word)."""
    columns: tuple[str, ...]
    """The row's name, then games, wins, win rate, average, best (in the game's words)."""
    row: Callable[[FinishedGame], str | None]
    """The row a finished game counts in; None: not counted here."""
    empty: str
    """What the table says with no game in it."""
    per_seat: bool = False
    """Each seat's player is a row (``row`` then only says whether the game counts);
    else the game counts once, with its best score, won if anybody won."""
    order: tuple[str, ...] = ()
    """The rows in the order listed (else sorted)."""


@dataclass(frozen=True)
class Playtest:
    """What random play (the property tests, fuzzing, goldens) knows of a game."""

    setups: tuple[tuple[int, Mapping[str, Any]], ...]
    """Setups that cover the options: (players, options) each."""
    secrets: Callable[[Any, int | None], set[str]]
    """The JSON fragments of what ``seat`` (None: a spectator) may not see in ``state``:
    none may appear in its view."""
    shun: frozenset[str] = frozenset()
    """Kinds random play takes only when nothing else is legal (a random player would
    cancel every draft, pause forever or reset the clocks)."""
    max_steps: int = 10_000
    """A random game of legal moves ends within this many."""
    warmup: int = 200
    """The state-machine tests start up to this many random moves in."""
    history: frozenset[str] = frozenset()
    """Top-level view keys holding public history, the same for every viewer (the privacy
    check reads them apart)."""


def _no_tally() -> Tally:
    return Tally()


@dataclass(frozen=True, eq=False)
class GameKit:
    """One game, as the rest of tabletop knows it (each kit is its own: compared and
    hashed by identity)."""

    name: str
    """The game's key: saved games, the protocol and the command line name it."""
    title: str
    blurb: str
    """One line for the home screen: players, and what the game is about."""
    engine_loader: Callable[[], Engine[Any, Any]]
    playtest: Playtest
    bots: Callable[[], Mapping[str, BotFactory]] | None = None
    """Level -> factory (the keys of ``bot_levels``)."""
    bot_levels: tuple[BotLevel, ...] = STANDARD_LEVELS
    """The bots offered for a seat, in the order listed, with their words."""
    bots_note: str = BOTS_NOTE
    """What setup says of the game's bots, before each level's words."""
    bots_refused: Callable[[BaseModel], str | None] | None = None
    """Why no bot may sit at a table of these options (the engine's parsed options), or
    None where one may; None for a game whose bots play every table."""
    hints: Callable[[], HintFn] | None = None
    tally: Callable[[], Tally] = _no_tally
    """A new tally of the simulator's content figures."""
    sim_options: Mapping[str, Any] = field(default_factory=dict)
    """The options of a table of bots in the simulator."""
    tables: Callable[[], Tables] | None = None
    """The game's own simulator tables (then `tabletop sim` takes no seats)."""
    stat_groups: tuple[StatGroup, ...] = ()
    content_report: Callable[[], str] | None = None
    """The text of `tabletop content GAME`: the game's cards."""
    digests: str = DIGESTS
    """The package holding the game's rules digest, ``<name>.md``."""

    @property
    def rulebook(self) -> Rulebook:
        """The game's rules (its digest, read once)."""
        return rulebook(self.name, self.digests)

    @cached_property
    def engine(self) -> Engine[Any, Any]:
        """The engine (its modules are loaded on first use)."""
        return self.engine_loader()

    @cached_property
    def levels(self) -> tuple[str, ...]:
        """The bot levels, in the order listed (easiest first); () for a game without bots."""
        if self.bots is None:
            return ()
        bots = self.bots()
        return tuple(level.key for level in self.bot_levels if level.key in bots)

    def level(self, key: str) -> BotLevel:
        """The words of one of ``levels``."""
        return next(level for level in self.bot_levels if level.key == key)

    def check_seats(self, seats: Sequence[SeatInfo], options: Mapping[str, Any]) -> None:
        """ValueError, saying why in players' words, unless every bot seat names one of the
        game's levels and bots may sit at a table of ``options`` (``bots_refused``)."""
        from tabletop.core.engine import Setup

        bots = [(n, seat.bot) for n, seat in enumerate(seats) if seat.bot is not None]
        for n, bot in bots:
            if bot not in self.levels:
                have = ", ".join(self.levels)
                raise ValueError(
                    f"Seat {n + 1}: {self.title} has no bot {bot!r}"
                    + (f" (its bots: {have})." if have else " (it has no bots).")
                )
        if bots and self.bots_refused is not None:
            players = tuple(seat.name for seat in seats)
            parsed = self.engine.options(Setup(players=players, options=options))
            refused = self.bots_refused(parsed)
            if refused is not None:
                raise ValueError(refused)

    def make_bot(self, level: str, seed: int) -> Bot:
        """A bot at ``level``; ValueError names the levels there are."""
        if self.bots is None:
            raise ValueError(f"{self.title} has no bots")
        factory = self.bots().get(level)
        if factory is None:
            raise ValueError(
                f"unknown bot level {level!r} for {self.name} (levels: {', '.join(self.levels)})"
            )
        return factory(seed)

    def hint(self, view: BaseModel, legal: Sequence[Action], budget_s: float) -> Hint | None:
        """The hard bot's move from a seat's view and legal actions, and why; None when
        the seat has no move. ValueError if the game gives no hints."""
        if self.hints is None:
            raise ValueError(f"{self.title} gives no hints")
        if not legal:
            return None
        return self.hints()(view, legal, budget_s)
