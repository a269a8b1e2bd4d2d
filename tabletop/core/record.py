"""A game record: setup, seed and actions (and, for a real-time game its clock ended,
the clock reading then). Replaying it rebuilds the state exactly.

A game leaves the machine as a game file (``GameFile``): the record, who sat at each
seat, when it was played and, once over, its result; JSON whose schema is published in
docs/game-record.schema.json (generated from ``GameFile``; ``version`` goes up when
its shape changes). ``read_game_file`` checks a file's text once, at the edge, and
says what is wrong in players' words; the moves themselves are checked by replaying
them (tabletop/saves.py)."""

from __future__ import annotations

import hashlib
import json
import math
from datetime import datetime
from typing import Any, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, ValidationError, model_validator

from tabletop.core.engine import Engine, Setup
from tabletop.core.times import is_moment


class GameRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str
    setup: Setup
    seed: int
    actions: list[dict[str, Any]] = []
    # A real-time game that ended on the clock rather than by an action: when.
    ended_at: float | None = None


def replay(engine: Engine[Any, Any], record: GameRecord, upto: int | None = None) -> Any:
    """The state after the first ``upto`` actions of the record (all by default, then
    the clock run to ``ended_at`` if the game ended on it).

    Raises IllegalAction if an action no longer applies: the record and the
    rules disagree, which a caller must report rather than hide.
    """
    state = engine.new(record.setup, record.seed)
    for data in record.actions[:upto]:
        state = engine.apply(state, engine.parse_action(data)).state
    if record.ended_at is not None and (upto is None or upto >= len(record.actions)):
        state = engine.advance(state, record.ended_at).state
    return state


# -- game files --------------------------------------------------------------------

FILE_FORMAT = "tabletop-game"
FILE_VERSION = 1
"""The version of the game file's shape this tabletop writes and reads."""
MAX_FILE_BYTES = 16 * 1024 * 1024
"""The largest game file read: a game of 3,000 moves takes about 250 KB."""
SEED_LIMIT = 2**63
"""Seeds are from 0 to SEED_LIMIT - 1: the store keeps them as SQLite integers."""


class FileResult(BaseModel):
    """How a finished game ended."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    scores: tuple[int, ...] = Field(description="One score per seat, in seat order.")
    winners: tuple[int, ...] = Field(
        description="The seats that won (none: nobody at the table won, say Scout, or a "
        "lost co-op game)."
    )
    summary: str = Field(description="The result in a sentence, as the game said it.")


class GameFile(BaseModel):
    """One game of tabletop, finished or not: replaying its moves from its setup and
    seed rebuilds it exactly."""

    model_config = ConfigDict(extra="forbid", frozen=True, title="tabletop game record")

    format: Literal["tabletop-game"] = Field(description="Always tabletop-game.")
    version: Literal[1] = Field(description="The version of this file's shape.")
    game: str = Field(description="Which game: pocketparks, spacepark or pocketdragon.")
    setup: Setup = Field(description="The players' names, one per seat, and the game's options.")
    bots: tuple[str | None, ...] = Field(
        description="Per seat: the bot's level (easy, normal, hard) or null for a person."
    )
    seed: int = Field(ge=0, lt=SEED_LIMIT, description="The seed the game was dealt from.")
    created: AwareDatetime = Field(description="When the game began.")
    finished: AwareDatetime | None = Field(
        default=None, description="When the game ended; null while it runs."
    )
    moves: tuple[dict[str, Any], ...] = Field(
        description="Every move in order, each an action of the game's engine protocol "
        "(docs/engine-protocol.md)."
    )
    ended_at: float | None = Field(
        default=None,
        ge=0,
        allow_inf_nan=False,
        description="Real-time games that ended on the clock: the clock reading (seconds) then.",
    )
    result: FileResult | None = Field(
        default=None, description="How the game ended; null while it runs."
    )
    seal: str | None = Field(
        default=None,
        pattern="^[0-9a-f]{64}$",
        description="The SHA-256 (hex) of the file's other fields written as compact JSON "
        "(UTF-8, keys sorted, no spaces). tabletop writes it and refuses a file whose seal "
        "does not match: it was changed since. A file made by other means may leave it out.",
    )

    @property
    def sealed(self) -> GameFile:
        """The same game with its seal."""
        return self.model_copy(update={"seal": self._digest()})

    @property
    def seal_holds(self) -> bool:
        """No seal, or the one its fields give."""
        return self.seal is None or self.seal == self._digest()

    def _digest(self) -> str:
        fields = self.model_dump(mode="json", exclude={"seal"})
        text = json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    @model_validator(mode="after")
    def _consistent(self) -> GameFile:
        if len(self.bots) != len(self.setup.players):
            raise ValueError("bots must have one entry per player")
        if (self.finished is None) != (self.result is None):
            raise ValueError("a finished game has both its end time and its result")
        if self.result is not None and len(self.result.scores) != len(self.setup.players):
            raise ValueError("the result must have one score per player")
        created = _seconds(self.created)
        if not is_moment(created):
            raise ValueError("created must be a moment from 1970 to 9999 (UTC)")
        if self.finished is not None:
            finished = _seconds(self.finished)
            if not is_moment(finished):
                raise ValueError("finished must be a moment from 1970 to 9999 (UTC)")
            if finished < created:
                raise ValueError("the game finishes before it was created")
        return self

    def record(self) -> GameRecord:
        return GameRecord(
            game=self.game,
            setup=self.setup,
            seed=self.seed,
            actions=list(self.moves),
            ended_at=self.ended_at,
        )


def _seconds(moment: datetime) -> float:
    """A moment as seconds since 1970 (UTC); NaN if it is before the year 1 in UTC."""
    try:
        return moment.timestamp()
    except (OverflowError, ValueError):
        return math.nan


class GameFileError(ValueError):
    """A game file that cannot be read; the message says why, in players' words."""


def json_schema() -> str:
    """The text of the published JSON Schema of a game file (docs/game-record.schema.json,
    written by scripts/regen_record_schema.py)."""
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema"}
    schema.update(GameFile.model_json_schema())
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def dump_game_file(game: GameFile) -> str:
    """The file's text: its fields one a line, then its moves one a line; the same game
    always gives the same text."""
    data = game.model_dump(mode="json")
    moves = data.pop("moves")
    head = json.dumps(data, indent=2, ensure_ascii=False)
    lines = ",\n".join(
        "    " + json.dumps(move, ensure_ascii=False, separators=(", ", ": ")) for move in moves
    )
    return (
        head.removesuffix("\n}")
        + ',\n  "moves": ['
        + (f"\n{lines}\n  " if lines else "")
        + "]\n}\n"
    )


def read_game_file(data: bytes) -> GameFile:
    """A game file's content, checked (not its moves: replaying checks those);
    GameFileError says what is wrong."""
    if len(data) > MAX_FILE_BYTES:
        raise GameFileError(
            f"it is larger than a game file can be ({MAX_FILE_BYTES // (1024 * 1024)} MB)"
        )
    try:
        text = data.decode("utf-8")
        content = json.loads(text, parse_constant=_not_json)
    except UnicodeDecodeError:
        raise GameFileError("it is not text (UTF-8): not a game file") from None
    except (ValueError, RecursionError):
        raise GameFileError("it is not JSON: not a game file") from None
    if not isinstance(content, dict) or content.get("format") != FILE_FORMAT:
        raise GameFileError('it is not a tabletop game file (no "format": "tabletop-game")')
    version = content.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > FILE_VERSION:
        raise GameFileError(
            f"it was written by a newer tabletop (game file version {version}; this one "
            f"reads version {FILE_VERSION}): update tabletop to read it"
        )
    if version != FILE_VERSION:
        raise GameFileError("it has no game file version this tabletop knows")
    try:
        return GameFile.model_validate(content)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(part) for part in error["loc"])
        message = error["msg"].removeprefix("Value error, ")
        raise GameFileError(
            f"it is not a whole game: {where + ': ' if where else ''}{message}"
        ) from None


def _not_json(constant: str) -> None:
    """NaN and Infinity: Python's JSON reader takes them, JSON has no such numbers."""
    raise ValueError(f"{constant} is not JSON")
