"""Saved games leaving and joining this machine: a game exported as a game file
(core/record.py: setup, seed, moves), a game file imported, the store checked.
`tabletop saves` and the app's Export share these.

An import is checked by replaying every move through the game's engine before
anything is stored: a move the rules refuse is named with its number and the
rule, and a finished game must end with the result the file says. A game already
here is not stored twice. Whatever the file holds reaches the player only as
text shown as it is (control characters as symbols) and cut short.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, BinaryIO

from tabletop.core.engine import Engine, Outcome
from tabletop.core.errors import ContentError, IllegalAction
from tabletop.core.names import visible
from tabletop.core.record import (
    FILE_FORMAT,
    FILE_VERSION,
    MAX_FILE_BYTES,
    FileResult,
    GameFile,
    GameFileError,
    dump_game_file,
    read_game_file,
)
from tabletop.core.store import (
    FinishedGame,
    GameDamaged,
    SavedGame,
    SeatInfo,
    Store,
    StoreConflict,
    StoreError,
)
from tabletop.games import get_engine, levels, names
from tabletop.games import title as game_title

QUOTE_LIMIT = 300
"""The most of a file's own text (a key, a value an engine quotes) a message repeats."""


class SavesError(Exception):
    """An export, import or check that cannot be done; the message says why, in
    players' words, and nothing was stored or written."""


def quoted(text: str) -> str:
    """Text from a file as a message may show it: control characters as symbols, cut
    to QUOTE_LIMIT characters."""
    shown = visible(text)
    return shown if len(shown) <= QUOTE_LIMIT else shown[: QUOTE_LIMIT - 1] + "…"


def title(game: str) -> str:
    """A game's title, or its name as stored (shown as text) if this tabletop does not
    have it."""
    return quoted(game_title(game))


# -- export ------------------------------------------------------------------------


def game_file(store: Store, game_id: int) -> GameFile:
    """A saved game as a game file; SavesError if it is gone or damaged."""
    try:
        saved = store.load_game(game_id)
    except StoreConflict:
        raise SavesError(f"No saved game has the number {game_id}.") from None
    except GameDamaged as damage:
        raise SavesError(f"Game {game_id} is damaged ({damage}): it cannot be exported.") from None
    record = saved.record
    game = GameFile(
        format=FILE_FORMAT,
        version=FILE_VERSION,
        game=record.game,
        setup=record.setup,
        bots=tuple(seat.bot for seat in saved.seats),
        seed=record.seed,
        created=_moment(saved.created),
        finished=None if saved.finished_at is None else _moment(saved.finished_at),
        moves=tuple(record.actions),
        ended_at=record.ended_at,
        result=None
        if saved.result is None
        else FileResult(
            scores=saved.result.scores, winners=saved.result.winners, summary=saved.result.summary
        ),
    )
    return game.sealed


def file_name(game: GameFile, game_id: int) -> str:
    """The name an exported game gets: the game, when it began and its number here
    (never the players' names, which may hold anything)."""
    began = game.created.astimezone().strftime("%Y%m%d-%H%M")
    return f"tabletop-{game.game}-{began}-{game_id}.json"


def export_to(store: Store, game_id: int, path: Path, *, replace: bool = False) -> Path:
    """Write the game to ``path`` (an existing file only if ``replace``); the path."""
    _write(path, dump_game_file(game_file(store, game_id)), replace)
    return path


def export_to_folder(store: Store, game_id: int, folder: Path) -> Path:
    """Write the game to a new file in ``folder``, named by ``file_name`` (with -2, -3...
    if taken); its path."""
    game = game_file(store, game_id)
    text = dump_game_file(game)
    stem = file_name(game, game_id).removesuffix(".json")
    for n in range(1, 1000):
        path = folder / (f"{stem}.json" if n == 1 else f"{stem}-{n}.json")
        try:
            _write(path, text, replace=False)
        except FileExistsError:
            continue
        return path
    raise SavesError(f"{folder} already holds 999 exports of game {game_id}.")


def _write(path: Path, text: str, replace: bool) -> None:
    """FileExistsError if ``path`` exists (unless ``replace``); SavesError if it cannot
    be written, with nothing left behind."""
    try:
        with path.open("w" if replace else "x", encoding="utf-8") as file:
            try:
                file.write(text)
            except BaseException:
                path.unlink(missing_ok=True)  # no half-written game file
                raise
    except FileExistsError:
        if replace:
            raise SavesError(f"Cannot write {quoted(str(path))}: it is a folder.") from None
        raise
    except OSError as exc:
        raise SavesError(f"Cannot write {quoted(str(path))}: {exc.strerror or exc}.") from None


def _moment(stamp: float) -> datetime:
    return datetime.fromtimestamp(stamp, UTC)


# -- import ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Imported:
    """A game stored by an import: its number here, and whether it is over (in History)
    or can be continued."""

    id: int
    game: str
    players: tuple[str, ...]
    finished: bool


def read_file(path: Path) -> GameFile:
    """A game file read from ``path`` and checked (its moves are not replayed yet);
    SavesError says what is wrong."""
    try:
        with path.open("rb") as file:
            return read_stream(file, quoted(str(path)))
    except OSError as exc:
        raise SavesError(f"Cannot read {quoted(str(path))}: {exc.strerror or exc}.") from None


def read_stream(stream: BinaryIO, shown: str) -> GameFile:
    """A game file read from ``stream`` (no more of it than a game file can hold) and
    checked; ``shown``: how to name it to the player."""
    data = stream.read(MAX_FILE_BYTES + 1)
    try:
        return read_game_file(data)
    except GameFileError as refused:
        raise SavesError(f"{shown} cannot be imported: {quoted(str(refused))}.") from None


def import_game(store: Store, game: GameFile) -> Imported:
    """Replay ``game`` through its engine and store it; SavesError (nothing stored) if
    a move is refused, its result differs from the file's, or it is already here."""
    moves, outcome = replayed(game)
    record = game.record().model_copy(update={"actions": moves})
    copy = _copy_of(store, game, moves)
    if copy is not None:
        raise SavesError(f"This game is already saved here (game {copy}): it was not imported.")
    seats = tuple(
        SeatInfo(name, bot) for name, bot in zip(game.setup.players, game.bots, strict=True)
    )
    finished = None
    if outcome is not None:
        finished = (time.time() if game.finished is None else game.finished.timestamp(), outcome)
    try:
        game_id = store.import_game(record, seats, game.created.timestamp(), finished)
    except StoreError as failed:
        raise SavesError(f"{failed} The game was not imported.") from None
    return Imported(game_id, game.game, game.setup.players, outcome is not None)


def replayed(game: GameFile) -> tuple[list[dict[str, Any]], Outcome | None]:
    """Replay the file's moves through its game's engine: the moves as the engine
    writes them, and how the game ended (None if it goes on). SavesError names the
    first thing the rules refuse (or a seal that does not hold)."""
    if not game.seal_holds:
        raise SavesError(
            "It was changed since it was written: its seal does not match what it holds "
            "(the seed, a move, a name...)."
        )
    try:
        engine = get_engine(game.game)
    except ValueError:
        known = ", ".join(names())
        raise SavesError(
            f"It is a game of {quoted(game.game)}, which this tabletop does not have "
            f"(it has {known})."
        ) from None
    for seat, bot in enumerate(game.bots, start=1):
        if bot is not None and bot not in levels(game.game):
            have = ", ".join(levels(game.game)) or "none"
            raise SavesError(
                f"Seat {seat} is a bot of level {quoted(bot)}, which {engine.title} does "
                f"not have (its bot levels: {have})."
            )
    try:
        engine.check_players(game.setup)
        engine.options(game.setup)
        state = engine.new(game.setup, game.seed)
    except (ValueError, ContentError) as refused:
        raise SavesError(f"Its setup cannot start a game: {quoted(str(refused))}.") from None
    moves: list[dict[str, Any]] = []
    total = len(game.moves)
    for number, data in enumerate(game.moves, start=1):
        if engine.outcome(state) is not None:
            raise SavesError(
                f"The game is over after move {number - 1}, but the file has {total} moves."
            )
        try:
            action = engine.parse_action(data)
            state = engine.apply(state, action).state
        except IllegalAction as refused:
            raise SavesError(
                f"Move {number} of {total} is refused by the rules: [{refused.rule}] "
                f"{quoted(refused.message)}"
            ) from None
        moves.append(engine.dump_action(action))
    if game.ended_at is not None:
        state = _ended_on_the_clock(engine, state, game.ended_at)
    outcome: Outcome | None = engine.outcome(state)
    if game.result is not None:
        _check_result(game, outcome)
    return moves, outcome


def _ended_on_the_clock(engine: Engine[Any, Any], state: Any, ended_at: float) -> Any:
    if not engine.realtime:
        raise SavesError(f"It says the clock ended it, but {engine.title} has no clock.")
    if engine.outcome(state) is not None:
        raise SavesError("It says the clock ended it, but its last move had ended it.")
    state = engine.advance(state, ended_at).state
    if engine.outcome(state) is None:
        raise SavesError("It says the clock ended it, but the clock had not run out then.")
    return state


def _check_result(game: GameFile, outcome: Outcome | None) -> None:
    said = game.result
    assert said is not None
    if outcome is None:
        raise SavesError(
            "It says the game is over, but its moves do not end it: the file was changed."
        )
    if (outcome.scores, outcome.winners) != (said.scores, said.winners):
        raise SavesError(
            f"Its moves end the game with {_scores(game, outcome.scores, outcome.winners)}, "
            f"but it says {_scores(game, said.scores, said.winners)}: the file was changed."
        )


def _scores(game: GameFile, scores: tuple[int, ...], winners: tuple[int, ...]) -> str:
    return ", ".join(
        f"{'★ ' if seat in winners else ''}{name} {score}"
        for seat, (name, score) in enumerate(zip(game.setup.players, scores, strict=False))
    )


def _copy_of(store: Store, game: GameFile, actions: list[dict[str, Any]]) -> int | None:
    """The number of a game here with the same record and seats, if there is one."""
    for game_id in store.games_like(game.game, game.seed, game.created.timestamp()):
        try:
            saved = store.load_game(game_id)
        except StoreError:
            continue
        if (
            saved.record.setup == game.setup
            and saved.record.actions == actions
            and tuple(seat.bot for seat in saved.seats) == game.bots
        ):
            return game_id
    return None


# -- check -------------------------------------------------------------------------


def check(store: Store) -> tuple[int, list[str]]:
    """Check the saved games file and replay every game in it: how many games there
    are, and what is wrong, each damaged game named (nothing is changed)."""
    problems = []
    found = store.integrity_problem()
    if found is not None:
        problems.append(f"The saved games file fails SQLite's integrity check: {quoted(found)}.")
    damaged = store.damaged()
    for broken in damaged:
        problems.append(f"Game {broken.id} ({title(broken.game)}) is damaged: {broken.why}.")
    games: list[SavedGame | FinishedGame] = [*store.unfinished(), *store.finished()]
    for game in sorted(games, key=lambda g: g.id):
        try:
            replayed(game_file(store, game.id))
        except SavesError as refused:
            named = f"Game {game.id} ({title(game.game)}: {', '.join(game.players)})"
            problems.append(f"{named} does not replay: {refused}")
    return len(games) + len(damaged), problems
