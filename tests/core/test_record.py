"""Game files (core/record.py): the published schema is the one the model gives, a file
reads back as written, and what cannot be a game file is refused in players' words.
Replaying a file's moves: tests/test_saves.py."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from tabletop.core.engine import Setup
from tabletop.core.record import (
    FILE_VERSION,
    MAX_FILE_BYTES,
    FileResult,
    GameFile,
    GameFileError,
    dump_game_file,
    json_schema,
    read_game_file,
)

SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "game-record.schema.json"


def test_the_published_schema_is_the_one_the_model_gives() -> None:
    assert SCHEMA.read_text(encoding="utf-8") == json_schema(), (
        "docs/game-record.schema.json is out of date: run scripts/regen_record_schema.py"
    )
    schema = json.loads(json_schema())
    assert schema["properties"]["version"]["const"] == FILE_VERSION
    assert set(schema["required"]) == {
        "format",
        "version",
        "game",
        "setup",
        "bots",
        "seed",
        "created",
        "moves",
    }


def a_game(**changes: Any) -> GameFile:
    fields: dict[str, Any] = {
        "format": "tabletop-game",
        "version": FILE_VERSION,
        "game": "spacepark",
        "setup": Setup(players=("Ann", "小明 🐉"), options={"first_player": 1}),
        "bots": (None, "hard"),
        "seed": 7,
        "created": datetime(2026, 11, 30, 12, 0, 0, 123456, tzinfo=UTC),
        "finished": datetime(2026, 11, 30, 12, 30, tzinfo=UTC),
        "moves": ({"kind": "visit", "seat": 1, "dest": "lunar_woods"}, {"kind": "keep", "seat": 0}),
        "result": FileResult(scores=(20, 14), winners=(0,), summary="Ann wins with 20 XP."),
    }
    fields.update(changes)
    return GameFile(**fields)


def test_a_file_reads_back_as_written_with_one_move_a_line() -> None:
    game = a_game().sealed
    text = dump_game_file(game)
    assert read_game_file(text.encode("utf-8")) == game
    assert '    {"kind": "visit", "seat": 1, "dest": "lunar_woods"},\n' in text
    assert "小明 🐉" in text  # names as written, not escaped
    assert dump_game_file(read_game_file(text.encode("utf-8"))) == text
    empty = a_game(moves=(), finished=None, result=None)
    assert read_game_file(dump_game_file(empty).encode("utf-8")) == empty


def test_the_seal_holds_until_anything_changes() -> None:
    game = a_game().sealed
    assert game.seal is not None and game.seal_holds
    assert a_game().seal_holds  # no seal: a file made by other means
    for change in ({"seed": 8}, {"moves": game.moves[:1]}, {"bots": (None, "easy")}):
        assert not game.model_copy(update=change).seal_holds, change


def file_bytes(**changes: Any) -> bytes:
    data = json.loads(dump_game_file(a_game()))
    data.update(changes)
    return json.dumps(data).encode("utf-8")


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00", "not text"),
        (b"{not json", "not JSON"),
        (b"[" * 100_000, "not JSON"),  # nesting deeper than the reader goes
        (file_bytes().replace(b'"seed": 7', b'"seed": NaN'), "not JSON"),
        (b"[1, 2]", "not a tabletop game file"),
        (file_bytes(format="pgn"), "not a tabletop game file"),
        (file_bytes(version=2), "written by a newer tabletop (game file version 2"),
        (file_bytes(version="1"), "no game file version this tabletop knows"),
        (file_bytes(seed=-1), "seed: Input should be greater than or equal to 0"),
        (file_bytes(seed=2**64), "seed: Input should be less than"),
        (file_bytes(bots=[None]), "bots must have one entry per player"),
        (file_bytes(finished=None), "a finished game has both its end time and its result"),
        (file_bytes(created="2026-11-30T12:00:00"), "created: Input should have timezone info"),
        (file_bytes(moves=[1]), "moves.0: Input should be a valid dictionary"),
        (file_bytes(ended_at=float("inf")).replace(b"Infinity", b"1e999"), "ended_at"),
        (file_bytes(cheat=True), "cheat: Extra inputs are not permitted"),
        (file_bytes(setup={"players": ["Ann", "Eve\x1b[2J"]}), "control characters (U+001B"),
        (b" " * (MAX_FILE_BYTES + 1), "larger than a game file can be"),
    ],
)
def test_what_is_not_a_game_file_is_refused_saying_why(data: bytes, said: str) -> None:
    with pytest.raises(GameFileError) as refused:
        read_game_file(data)
    assert said in str(refused.value)
    assert "\x1b" not in str(refused.value)
