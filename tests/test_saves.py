"""Export, import and check of saved games (tabletop/saves.py and `tabletop saves`):
a game moves between two data folders byte for byte and replays to the very state it
had; an unfinished one goes on there; a file changed since it was written, or whose
moves the rules refuse, is refused with the move and the rule, and nothing is stored."""

from __future__ import annotations

import io
import json
import sqlite3
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tabletop.cli import main
from tabletop.core.record import GameFile, dump_game_file, read_game_file
from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games import get_engine
from tabletop.saves import SavesError, check, export_to_folder, game_file, import_game
from tests.hardening.harness import SPECS, Table, play_to_end

# (game, setup index, seed) of one seeded random game of each game
GAMES = [("spacepark", 1, 1), ("pocketparks", 0, 1), ("pocketdragon", 0, 1)]


@cache
def played(game: str, setup: int, seed: int) -> Table:
    spec = SPECS[game]
    return play_to_end(spec, spec.setups[setup], seed)


def save(
    store: Store, table: Table, upto: int | None = None, bots: tuple[str | None, ...] = ()
) -> int:
    """The game of ``table`` (its first ``upto`` moves) saved in ``store`` as the app
    saves it: through a GameSession."""
    engine = table.engine
    names = table.setup.players
    seats = tuple(
        SeatInfo(name, bot) for name, bot in zip(names, bots or (None,) * len(names), strict=True)
    )
    session = GameSession.start(store, engine, seats, dict(table.setup.options), table.seed)
    for action in table.record.actions[:upto]:
        session.act(engine.parse_action(action))
    if upto is None and session.outcome is None:  # a real-time game the clock ended
        session.advance(table.now)
    return session.game_id


@pytest.fixture
def here(tmp_path: Path) -> Iterator[Store]:
    store = Store(tmp_path / "here" / "tabletop.db")
    yield store
    store.close()


@pytest.fixture
def there(tmp_path: Path) -> Iterator[Store]:
    store = Store(tmp_path / "there" / "tabletop.db")
    yield store
    store.close()


def state_of(store: Store, game_id: int) -> str:
    record = store.load_record(game_id)
    engine = get_engine(record.game)
    return engine.state_json(GameSession.resume(store, game_id, engine).state)


@pytest.mark.parametrize(("game", "setup", "seed"), GAMES)
def test_a_finished_game_moves_to_another_folder_byte_for_byte(
    here: Store, there: Store, game: str, setup: int, seed: int
) -> None:
    table = played(game, setup, seed)
    game_id = save(here, table)
    text = dump_game_file(game_file(here, game_id))
    done = import_game(there, read_game_file(text.encode("utf-8")))
    assert done.finished and done.players == table.setup.players
    assert dump_game_file(game_file(there, done.id)) == text
    assert state_of(there, done.id) == state_of(here, game_id)
    [listed], [original] = there.finished(), here.finished()
    assert listed.scores == original.scores and listed.moves == len(table.record.actions)
    assert abs(listed.created - original.created) < 1e-6  # a file keeps microseconds


def test_an_unfinished_game_imported_elsewhere_goes_on_there(here: Store, there: Store) -> None:
    table = played("pocketparks", 0, 1)
    game_id = save(here, table, upto=60, bots=("normal", None))
    done = import_game(there, game_file(here, game_id))
    assert not done.finished and [g.id for g in there.unfinished()] == [done.id]
    engine = table.engine
    session = GameSession.resume(there, done.id, engine)
    assert session.seats == (SeatInfo("Ann", "normal"), SeatInfo("Bo"))
    for action in table.record.actions[60:]:
        session.act(engine.parse_action(action))
    assert session.outcome == engine.outcome(table.state)
    assert there.unfinished() == [] and len(there.finished()) == 1


def exported(store: Store, table: Table) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(dump_game_file(game_file(store, save(store, table))))
    return data


def refused(store: Store, data: dict[str, Any]) -> str:
    """The message an import of ``data`` is refused with; nothing may be stored."""
    before = (store.unfinished(), store.finished())
    with pytest.raises(SavesError) as refusal:
        import_game(store, read_game_file(json.dumps(data).encode("utf-8")))
    assert (store.unfinished(), store.finished()) == before
    return str(refusal.value)


@pytest.mark.parametrize(("game", "setup", "seed"), GAMES)
@pytest.mark.parametrize("change", ["seed", "move", "name"])
def test_a_file_changed_since_it_was_written_is_refused(
    here: Store, there: Store, game: str, setup: int, seed: int, change: str
) -> None:
    data = exported(here, played(game, setup, seed))
    if change == "seed":
        data["seed"] += 1
    elif change == "move":
        data["moves"][3], data["moves"][4] = data["moves"][4], data["moves"][3]
    else:
        data["setup"]["players"][0] = "Zed"
    assert "It was changed since it was written: its seal does not match" in refused(there, data)


@pytest.mark.parametrize(
    ("game", "setup", "seed", "move", "said"),
    [
        ("spacepark", 1, 1, 0, "[TT-SEAT-1]"),
        ("pocketparks", 0, 1, 2, "[TT-SEAT-1] It is Bo's turn."),
        ("pocketdragon", 0, 1, 1, "[TT-SEAT-1] It is Ann's turn."),
    ],
)
def test_a_move_the_rules_refuse_is_named_with_its_number_and_rule(
    here: Store, there: Store, game: str, setup: int, seed: int, move: int, said: str
) -> None:
    """A file made by other means (no seal) whose move is not the game's."""
    data = exported(here, played(game, setup, seed))
    del data["seal"]
    moves = data["moves"]
    moves[move]["seat"] = 1 - moves[move]["seat"]  # the other seat's move, out of turn
    message = refused(there, data)
    assert message.startswith(f"Move {move + 1} of {len(moves)} is refused by the rules: {said}")


def test_a_result_its_moves_do_not_reach_is_refused(here: Store, there: Store) -> None:
    data = exported(here, played("spacepark", 1, 1))
    del data["seal"]
    data["result"]["scores"] = [25, 19]
    assert "Its moves end the game with ★ Ann 20, Bo 19, but it says ★ Ann 25, Bo 19" in refused(
        there, data
    )
    data = exported(here, played("spacepark", 1, 1))
    del data["seal"]
    data["moves"] = data["moves"][:-1]
    assert "It says the game is over, but its moves do not end it" in refused(there, data)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"game": "chess\x1b[2J"}, "It is a game of chess␛[2J, which this tabletop does not have"),
        (
            {"bots": [None, "godlike"]},
            "Seat 2 is a bot of level godlike, which Space Park does not",
        ),
        (
            {
                "setup": {"players": ["Ann", "Bo", "Cy", "Di", "Eve", "Fay"]},
                "bots": [None] * 6,
                "finished": None,
                "result": None,
            },
            "Its setup cannot start a game: Space Park takes 1-4 players, not 6.",
        ),
        ({"setup": {"players": ["Ann", "Bo"], "options": {"speed": 9}}}, "bad options for Space"),
        ({"ended_at": 12.5}, "It says the clock ended it, but Space Park has no clock"),
    ],
)
def test_a_file_that_cannot_start_its_game_says_why(
    here: Store, there: Store, change: dict[str, Any], said: str
) -> None:
    data = exported(here, played("spacepark", 1, 1))
    del data["seal"]
    data.update(change)
    assert said in refused(there, data)


def test_a_hostile_key_in_a_move_is_shown_as_text_and_cut_short(here: Store, there: Store) -> None:
    data = exported(here, played("spacepark", 1, 1))
    del data["seal"]
    data["moves"][0]["\x1b]8;;http://e.vil\x1b\\" + "x" * 5000] = 1
    message = refused(there, data)
    assert "Move 1 of" in message and "[ACTION-FORMAT]" in message
    assert "␛]8;;http://e.vil" in message and "\x1b" not in message and len(message) < 500


def test_a_game_already_here_is_not_stored_twice(here: Store, there: Store) -> None:
    table = played("spacepark", 1, 1)
    game = game_file(here, save(here, table))
    first = import_game(there, game)
    with pytest.raises(SavesError, match=f"already saved here \\(game {first.id}, in History\\)"):
        import_game(there, game)
    assert len(there.finished()) == 1


def test_check_names_each_damaged_game_and_each_that_no_longer_replays(here: Store) -> None:
    sound = save(here, played("spacepark", 1, 1))
    broken = save(here, played("pocketparks", 0, 1), upto=30)
    unreadable = save(here, played("pocketparks", 0, 1), upto=5)
    assert check(here) == (3, [])
    with sqlite3.connect(here.path) as db:
        db.execute(
            "UPDATE actions SET action = ? WHERE game_id = ? AND idx = 0",
            ('{"kind": "pass", "seat": 1}', broken),
        )
        db.execute("UPDATE games SET seats = 'oops' WHERE id = ?", (unreadable,))
    count, problems = check(here)
    assert count == 3
    assert problems == [
        f"Game {unreadable} (PocketParks) is damaged: its seats cannot be read.",
        f"Game {broken} (PocketParks: Ann, Bo) does not replay: Move 1 of 30 is refused by "
        "the rules: [PP-TURN-1] Choose one action: play or build a set, draw 2, or pay to steal.",
    ]
    assert sound not in (unreadable, broken)


def test_an_export_to_a_folder_never_overwrites(here: Store, tmp_path: Path) -> None:
    game_id = save(here, played("spacepark", 1, 1))
    first = export_to_folder(here, game_id, tmp_path)
    second = export_to_folder(here, game_id, tmp_path)
    assert first.name.startswith("tabletop-spacepark-") and first.name.endswith(f"-{game_id}.json")
    assert second.name == first.name.replace(".json", "-2.json")
    assert first.read_text() == second.read_text()
    with pytest.raises(SavesError, match="Cannot write"):
        export_to_folder(here, game_id, tmp_path / "missing")
    with pytest.raises(SavesError, match="No saved game has the number 99"):
        game_file(here, 99)


# -- the command line ------------------------------------------------------------------


def cli(capsys: pytest.CaptureFixture[str], folder: Path, *args: str) -> tuple[int, str, str]:
    code = main(["--data-dir", str(folder), "saves", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_line_moves_a_game_and_says_what_it_did(
    here: Store,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    game_id = save(here, played("spacepark", 1, 1))
    unfinished = save(here, played("pocketparks", 0, 1), upto=10)
    folder, elsewhere = here.path.parent, tmp_path / "elsewhere"
    code, out, _ = cli(capsys, folder, "list")
    assert code == 0
    assert f"{game_id}  Space Park   finished" in out and "★ Ann 20 · Bo 19" in out
    assert f"{unfinished}  PocketParks  unfinished     10" in out and "Ann, Bo" in out
    code, out, _ = cli(capsys, folder, "export", str(game_id))
    [written] = tmp_path.glob("tabletop-spacepark-*.json")
    assert code == 0 and out == f"Game {game_id} exported to {written}.\n"
    code, _, err = cli(capsys, folder, "export", str(game_id), written.name)
    assert code == 1 and "already exists: name another file, or add --force" in err
    assert cli(capsys, folder, "export", str(game_id), written.name, "--force")[0] == 0
    code, out, _ = cli(capsys, folder, "export", str(unfinished), "-")
    assert code == 0 and read_game_file(out.encode("utf-8")).finished is None
    code, out, _ = cli(capsys, elsewhere, "import", written.name)
    assert (code, out) == (
        0,
        "Imported as game 1 (Space Park: Ann, Bo), finished: it is in History.\n",
    )
    code, _, err = cli(capsys, elsewhere, "import", written.name)
    assert code == 1 and "already saved here (game 1, in History)" in err
    code, out, _ = cli(capsys, elsewhere, "check")
    assert (code, out) == (0, "1 saved game checked: every one replays, and the file is sound.\n")


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (None, "Cannot read missing.json: No such file or directory."),
        (b"\xff\xfebinary", "missing.json cannot be imported: it is not text (UTF-8)"),
        (b'{"format": "tabletop-game", "version": 7}', "written by a newer tabletop"),
    ],
)
def test_a_bad_file_gets_a_message_and_status_1_never_a_traceback(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    content: bytes | None,
    said: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    if content is not None:
        (tmp_path / "missing.json").write_bytes(content)
    code, out, err = cli(capsys, tmp_path / "data", "import", "missing.json")
    assert (code, out) == (1, "")
    assert err.startswith("tabletop saves import: ") and said in err and "Traceback" not in err
    assert Store(tmp_path / "data" / "tabletop.db").unfinished() == []


def test_check_fails_when_a_game_is_damaged(
    here: Store, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id = save(here, played("spacepark", 1, 1), upto=5)
    with sqlite3.connect(here.path) as db:
        db.execute("UPDATE games SET seed = 'x' WHERE id = ?", (game_id,))
    code, out, _ = cli(capsys, here.path.parent, "check")
    assert code == 1
    assert out == (
        f"Game {game_id} (Space Park) is damaged: its seed is not a whole number.\n"
        "1 saved game checked: 1 problem.\n"
    )


def test_a_game_file_keeps_the_engine_protocol_actions(here: Store) -> None:
    """The moves of a file are the actions `tabletop engine` takes, as the engine writes them."""
    table = played("spacepark", 1, 1)
    game = game_file(here, save(here, table))
    assert isinstance(game, GameFile) and list(game.moves) == table.record.actions


# -- issue 26: the edges the hostile tester reached ------------------------------------


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"created": "9999-12-31T23:59:59-12:00"}, "created must be a moment from 1970 to 9999"),
        ({"created": "0001-01-01T00:00:00+14:00"}, "created must be a moment from 1970 to 9999"),
        ({"created": "1969-12-31T23:59:59Z"}, "created must be a moment from 1970 to 9999"),
        (
            {"created": "2030-01-01T00:00:00Z", "finished": "1970-01-01T00:00:00Z"},
            "the game finishes before it was created",
        ),
        (
            {"finished": "+10000-01-01T00:00:00Z"},
            "finished",
        ),
    ],
)
def test_a_time_no_screen_can_show_is_refused_at_import(
    here: Store, there: Store, change: dict[str, Any], said: str
) -> None:
    """Issue 26 item 1: these were stored, then `saves check`, `saves export` and
    History's x crashed on them."""
    from tabletop.saves import read_stream

    data = exported(here, played("spacepark", 1, 1))
    del data["seal"]
    data.update(change)
    with pytest.raises(SavesError) as refusal:
        read_stream(io.BytesIO(json.dumps(data).encode("utf-8")), "game.json")
    message = str(refusal.value)
    assert said in message and ".." not in message and message.endswith(".")
    assert there.finished() == there.unfinished() == []


def test_every_time_the_store_takes_is_shown(tmp_path: Path) -> None:
    """The bounds are what every screen can show, in any zone."""
    from tabletop.core.times import FIRST_MOMENT, LAST_MOMENT, shown

    for stamp in (FIRST_MOMENT, LAST_MOMENT, 1e9):
        assert shown(stamp)[:1].isdigit()
    assert shown(1e18) == shown(float("nan")) == shown(-1) == "?"


def test_the_import_picker_lists_game_files_only_and_never_blocks_on_a_fifo(
    here: Store, tmp_path: Path
) -> None:
    """Issue 26 item 2: a FIFO named fifo.json froze the app in open(), and a folder
    named dir.json was offered."""
    import os

    from tabletop.saves import is_game_file, read_file

    os.mkfifo(tmp_path / "fifo.json")
    (tmp_path / "dir.json").mkdir()
    (tmp_path / "game.json").write_text(
        dump_game_file(game_file(here, save(here, played(*GAMES[0]))))
    )
    (tmp_path / "notes.txt").write_text("")
    offered = sorted(p.name for p in tmp_path.iterdir() if is_game_file(p))
    assert offered == ["game.json"]
    for name in ("fifo.json", "dir.json"):
        with pytest.raises(SavesError, match="it is not a file"):
            read_file(tmp_path / name)  # at once: no writer ever opens the FIFO
    assert read_file(tmp_path / "game.json").game == "spacepark"


def test_a_game_here_already_is_found_though_the_store_keeps_more_than_microseconds(
    here: Store, tmp_path: Path
) -> None:
    """Issue 28 item 3: exported and imported back into its own folder, a game was
    stored twice (the file's start, to the microsecond, never equalled the store's)."""
    from tabletop.saves import AlreadyHere

    game_id = save(here, played("pocketparks", 0, 1), upto=12)
    with here._db:
        here._db.execute("UPDATE games SET created = created + 1e-7 WHERE id = ?", (game_id,))
    with pytest.raises(AlreadyHere) as found:
        import_game(here, game_file(here, game_id))
    assert (found.value.id, found.value.finished) == (game_id, False)
    assert "already saved here (game" in str(found.value) and "in Continue" in str(found.value)
    assert len(here.unfinished()) == 1


def _swap_a_hand_card_with_the_pile_top(store: Store, game_id: int, digest: bool) -> None:
    """Issue 26 item 3: Bo's first hand card and the pile's top swapped inside the kept
    snapshot (the state still passes Engine.check); ``digest``: the digest made anew,
    as a tester who knows how would."""
    import hashlib

    (text,) = store._db.execute(
        "SELECT snapshot FROM snapshots WHERE game_id = ?", (game_id,)
    ).fetchone()
    data = json.loads(text)
    state = data["state"]
    hand, pile = state["players"][1]["hand"], state["pile"]
    hand[0], pile[-1] = pile[-1], hand[0]
    text = json.dumps(data, separators=(",", ":"))
    with store._db:
        store._db.execute("UPDATE snapshots SET snapshot = ? WHERE game_id = ?", (text, game_id))
        if digest:
            store._db.execute(
                "UPDATE snapshots SET digest = ? WHERE game_id = ?",
                (hashlib.sha256(text.encode()).hexdigest(), game_id),
            )


@pytest.mark.parametrize("digest", [False, True], ids=["damaged", "edited"])
def test_a_snapshot_unlike_its_record_is_never_played(here: Store, digest: bool) -> None:
    """A snapshot damaged since it was kept fails its digest and the game replays; one
    edited with its digest made anew is found by `saves check`, which drops it, and the
    game opens from its record as it was."""
    table = played("pocketparks", 0, 1)
    game_id = save(here, table, upto=20)
    engine = table.engine
    session = GameSession.resume(here, game_id, engine)
    truth = engine.state_json(session.state)
    session.keep_snapshot()
    _swap_a_hand_card_with_the_pile_top(here, game_id, digest)
    if not digest:
        assert state_of(here, game_id) == truth
        assert check(here) == (1, [])
        return
    count, problems = check(here)
    assert count == 1 and len(problems) == 1
    assert "had a snapshot that differed from its record's replay" in problems[0]
    assert "the snapshot is dropped, and the game opens from its record." in problems[0]
    assert state_of(here, game_id) == truth
    assert check(here) == (1, [])


def test_an_edited_snapshot_is_caught_when_the_game_opens(here: Store) -> None:
    """Issue 26 item 3: without `saves check`, resuming compares the snapshot with the
    record's replay: the edited position is never played, and the players are told."""
    table = played("pocketparks", 0, 1)
    game_id = save(here, table, upto=20)
    engine = table.engine
    session = GameSession.resume(here, game_id, engine)
    truth = engine.state_json(session.state)
    session.keep_snapshot()
    _swap_a_hand_card_with_the_pile_top(here, game_id, digest=True)
    resumed = GameSession.resume(here, game_id, engine)
    assert engine.state_json(resumed.state) == truth and resumed.moves == 20
    assert resumed.reopened is not None and "did not match its moves" in resumed.reopened
    [saved] = here.unfinished()
    assert here.load_snapshot(game_id, saved.version) is None  # dropped
    assert GameSession.resume(here, game_id, engine).reopened is None


def test_moves_made_on_an_edited_snapshot_are_taken_back(here: Store) -> None:
    """Issue 26 item 3: a game that a tabletop which trusted an edited snapshot played on
    (its record no longer replays from the start) reopens at its last lawful move, and
    the moves after it are taken back, with the rule that refuses them."""
    table = played("pocketparks", 0, 1)
    game_id = save(here, table, upto=20)
    engine = table.engine
    GameSession.resume(here, game_id, engine).keep_snapshot()
    _swap_a_hand_card_with_the_pile_top(here, game_id, digest=True)
    (text,) = here._db.execute(
        "SELECT snapshot FROM snapshots WHERE game_id = ?", (game_id,)
    ).fetchone()
    saved = here.load_game(game_id)
    truth = GameSession.resume(here, game_id, engine)
    position = truth.state  # the record's, kept in memory only
    trusting = GameSession(  # as a tabletop that took the snapshot's state on trust
        here,
        game_id,
        engine,
        saved.record,
        saved.seats,
        engine.load_state(json.loads(text)["state"]),
        list(truth._steps),
        truth._version,
        False,
    )
    lawful = 20
    for _ in range(200):  # play on the edited position until a move the record's refuses
        seat = trusting.to_act[0]
        edited_moves = trusting.legal_actions(seat)
        refused = [a for a in edited_moves if a not in engine.legal_actions(position, seat)]
        if refused:
            trusting.act(refused[0])
            break
        trusting.act(edited_moves[0])
        position = engine.apply(position, edited_moves[0]).state
        lawful += 1
    else:
        pytest.fail("the edited position never allowed a move the record's refuses")
    trusting.keep_snapshot()
    resumed = GameSession.resume(here, game_id, engine)
    assert resumed.moves == lawful
    assert resumed.reopened is not None
    assert f"moves {lawful + 1} to {lawful + 1} break the rules (PP-" in resumed.reopened
    assert f"It goes on from move {lawful}." in resumed.reopened
    from tabletop.games.pocketparks.rules import NAME

    assert not any(name in resumed.reopened for name in NAME)  # told to whoever opens it
    assert engine.state_json(resumed.state) == engine.state_json(position)
    assert len(here.load_record(game_id).actions) == lawful
    assert GameSession.resume(here, game_id, engine).reopened is None


def test_exporting_an_unfinished_game_warns_of_its_hidden_cards(
    here: Store,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 26 item 10: the seed and moves of an unfinished game replay every hidden
    card; the export says so (and says nothing for a finished game)."""
    monkeypatch.chdir(tmp_path)
    unfinished = save(here, played("pocketparks", 0, 1), upto=10)
    finished = save(here, played("spacepark", 1, 1))
    folder = here.path.parent
    code, _, err = cli(capsys, folder, "export", str(unfinished))
    assert code == 0 and "the file holds every hidden card" in err
    code, _, err = cli(capsys, folder, "export", str(finished))
    assert code == 0 and err == ""


@pytest.mark.parametrize(
    "players",
    [["Ann", "Ann"], ["Ann", "ann"], ["Ann", " Ann "], ["\u3164", "Bo"], ["Ann", "\u2800"]],
)
def test_an_import_refuses_names_alike_or_showing_nothing(here: Store, players: list[str]) -> None:
    """Issue 26 item 5: a file with players ["Ann", "Ann"] was imported, and History
    showed "★ Ann 22 · Ann 11"."""
    from tabletop.saves import read_stream

    data = exported(here, played("spacepark", 1, 1))
    del data["seal"]
    data["setup"]["players"] = players
    with pytest.raises(SavesError, match=r"setup\.players") as refusal:
        read_stream(io.BytesIO(json.dumps(data).encode("utf-8")), "game.json")
    assert ".." not in str(refusal.value)
