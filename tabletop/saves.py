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

import os
import stat
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
from tabletop.core.session import snapshot_differs
from tabletop.core.store import (
    FinishedGame,
    GameDamaged,
    SavedGame,
    SeatInfo,
    Store,
    StoreConflict,
    StoreError,
)
from tabletop.core.times import shown
from tabletop.games import get_engine, levels, names
from tabletop.games import title as game_title

QUOTE_LIMIT = 300
"""The most of a file's own text (a key, a value an engine quotes) a message repeats."""
COPY_WITHIN_S = 0.001
"""Two games that began this close (and hold the same record) are the same game."""


class SavesError(Exception):
    """An export, import or check that cannot be done; the message says why, in
    players' words, and nothing was stored or written."""


def quoted(text: str) -> str:
    """Text from a file as a message may show it: control characters as symbols, cut
    to QUOTE_LIMIT characters."""
    shown = visible(text)
    return shown if len(shown) <= QUOTE_LIMIT else shown[: QUOTE_LIMIT - 1] + "…"


def sentence(text: str) -> str:
    """``text`` ending with one full stop (none added after one, or after ! ? …)."""
    return text if text.endswith((".", "!", "?", "…")) else text + "."


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
        why = str(damage).rstrip(".")
        raise SavesError(f"Game {game_id} is damaged ({why}): it cannot be exported.") from None
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
    began = shown(game.created.timestamp(), "%Y%m%d-%H%M")
    return f"tabletop-{game.game}-{began}-{game_id}.json"


def hidden_cards_warning(game: GameFile) -> str | None:
    """What to tell whoever exports an unfinished game (None once it is over): its seed
    and moves replay every card still hidden, to anyone who reads the file."""
    if game.finished is not None:
        return None
    return (
        "This game is not over: the file holds every hidden card (its seed and moves "
        "replay each hand and the deck). Do not show it to a player of this game."
    )


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


class AlreadyHere(SavesError):
    """The game imported is one the saved games hold already: nothing was stored."""

    def __init__(self, game_id: int, finished: bool) -> None:
        where = "in History" if finished else "in Continue"
        super().__init__(
            f"This game is already saved here (game {game_id}, {where}): it was not imported."
        )
        self.id = game_id
        self.finished = finished


def is_game_file(path: Path) -> bool:
    """A regular file named *.json: what an import may offer (not a folder, a FIFO, a
    device: opening one of those could block)."""
    try:
        return path.suffix == ".json" and stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return False


def read_file(path: Path) -> GameFile:
    """A game file read from ``path`` and checked (its moves are not replayed yet);
    SavesError says what is wrong. Opened without blocking, and read only if it is a
    regular file: a FIFO or a device is refused, never waited on."""
    named = quoted(str(path))
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise SavesError(f"Cannot read {named}: {_cause(exc)}.") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise SavesError(f"{named} cannot be imported: it is not a file (a folder, a pipe…).")
    os.set_blocking(fd, True)
    with os.fdopen(fd, "rb") as file:
        try:
            return read_stream(file, named)
        except OSError as exc:
            raise SavesError(f"Cannot read {named}: {_cause(exc)}.") from None


def _cause(exc: OSError) -> str:
    return (exc.strerror or str(exc)).rstrip(".")


def read_stream(stream: BinaryIO, named: str) -> GameFile:
    """A game file read from ``stream`` (no more of it than a game file can hold) and
    checked; ``named``: how to name it to the player."""
    data = stream.read(MAX_FILE_BYTES + 1)
    try:
        return read_game_file(data)
    except GameFileError as refused:
        raise SavesError(sentence(f"{named} cannot be imported: {quoted(str(refused))}")) from None


def import_game(store: Store, game: GameFile) -> Imported:
    """Replay ``game`` through its engine and store it; SavesError (nothing stored) if
    a move is refused, its result differs from the file's, or it is already here."""
    moves, outcome = replayed(game)
    record = game.record().model_copy(update={"actions": moves})
    copy = _copy_of(store, game, moves)
    if copy is not None:
        raise AlreadyHere(*copy)
    seats = tuple(
        SeatInfo(name, bot) for name, bot in zip(game.setup.players, game.bots, strict=True)
    )
    finished = None
    if outcome is not None:
        finished = (time.time() if game.finished is None else game.finished.timestamp(), outcome)
    try:
        game_id = store.import_game(record, seats, game.created.timestamp(), finished)
    except StoreError as failed:
        raise SavesError(f"{sentence(str(failed))} The game was not imported.") from None
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


def _copy_of(
    store: Store, game: GameFile, actions: list[dict[str, Any]]
) -> tuple[int, bool] | None:
    """The number of the game here with the same record, seats and start (to the
    millisecond: a file keeps microseconds, the store more), and whether it is over,
    if there is one."""
    created = game.created.timestamp()
    for game_id in store.games_like(game.game, game.seed):
        try:
            saved = store.load_game(game_id)
        except StoreError:
            continue
        if (
            abs(saved.created - created) < COPY_WITHIN_S
            and saved.record.setup == game.setup
            and saved.record.actions == actions
            and tuple(seat.bot for seat in saved.seats) == game.bots
        ):
            return game_id, saved.finished
    return None


# -- check -------------------------------------------------------------------------


def check(store: Store) -> tuple[int, list[str]]:
    """Check the saved games file and replay every game in it, and compare each
    snapshot with its game's replay: how many games there are, and what is wrong, each
    damaged game named. No game is changed; a snapshot that differs from its game's
    replay is dropped (a cache: the game opens from its record)."""
    problems = []
    found = store.integrity_problem()
    if found is not None:
        problems.append(f"The saved games file fails SQLite's integrity check: {quoted(found)}.")
    damaged = store.damaged()
    for broken in damaged:
        problems.append(
            sentence(f"Game {broken.id} ({title(broken.game)}) is damaged: {broken.why}")
        )
    games: list[SavedGame | FinishedGame] = [*store.unfinished(), *store.finished()]
    for game in sorted(games, key=lambda g: g.id):
        named = f"Game {game.id} ({title(game.game)}: {', '.join(game.players)})"
        try:
            replayed(game_file(store, game.id))
        except SavesError as refused:
            problems.append(sentence(f"{named} does not replay: {refused}"))
            continue
        found = _bad_snapshot(store, game) if isinstance(game, SavedGame) else None
        if found is not None:
            problems.append(
                f"{named} had a snapshot that differed from its record's replay (it was "
                f"changed since it was kept): {found}"
            )
    return len(games) + len(damaged), problems


def _bad_snapshot(store: Store, game: SavedGame) -> str | None:
    """None if the game's snapshot, one its resume would use, holds its record's replay
    (or it has none); else such a snapshot is dropped (a cache: no game changes), and
    what became of it is said."""
    snapshot = store.load_snapshot(game.id, game.version)
    if snapshot is None:
        return None
    if not snapshot_differs(get_engine(game.game), store.load_record(game.id), snapshot):
        return None
    try:
        store.drop_snapshot(game.id)
    except StoreError as failed:
        why = str(failed).rstrip(".")
        return f"it could not be dropped ({why}), so the game would open from it."
    return "the snapshot is dropped, and the game opens from its record."
