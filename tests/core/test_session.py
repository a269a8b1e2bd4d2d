"""GameSession: every action committed, resume by replay (or from the snapshot a game
is left with, when it fits the record), undo and its refusals, and two copies of one
game (two stores on one file): a copy that missed the other's change has its write
refused and nothing of the other's lost."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from tabletop.core.errors import IllegalAction
from tabletop.core.record import replay
from tabletop.core.session import CHECKPOINT_S, GameSession, ResumeError, UndoRefused
from tabletop.core.store import FIRST_VERSION, SeatInfo, Store, StoreConflict
from tests.tui.toygame import ENGINE, Bet, Draw, Play, ToyView

SEATS = (SeatInfo("Ann"), SeatInfo("Bob"))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tabletop.db"


@pytest.fixture
def session(store: Store) -> GameSession:
    return GameSession.start(store, ENGINE, SEATS, {}, seed=11)


def hand(session: GameSession, seat: int) -> tuple[int, ...]:
    view = session.view(seat)
    assert isinstance(view, ToyView) and view.hand is not None
    return view.hand


def test_start_saves_the_game_before_any_move(session: GameSession, store: Store) -> None:
    [saved] = store.unfinished()
    assert saved.id == session.game_id
    assert saved.players == ("Ann", "Bob")
    assert saved.moves == 0
    assert session.to_act == (0,)


def test_a_refused_setup_saves_nothing(store: Store) -> None:
    with pytest.raises(ValueError, match="2-2 players"):
        GameSession.start(store, ENGINE, (SeatInfo("Ann"),), {}, seed=1)
    with pytest.raises(ValueError, match="bad options"):
        GameSession.start(store, ENGINE, SEATS, {"hand_size": 9}, seed=1)
    assert store.unfinished() == []


def test_every_action_is_committed_before_act_returns(session: GameSession, db_path: Path) -> None:
    session.act(Bet(seat=0, amount=2))
    other = Store(db_path)  # a second connection sees the committed move
    assert other.load_record(session.game_id).actions == [{"seat": 0, "kind": "bet", "amount": 2}]
    other.close()


def test_a_refused_action_changes_nothing(session: GameSession, store: Store) -> None:
    before = ENGINE.state_json(session.state)
    with pytest.raises(IllegalAction) as refused:
        session.act(Bet(seat=1, amount=1))
    assert refused.value.rule == "TOY-TURN-1"
    assert ENGINE.state_json(session.state) == before
    assert store.load_record(session.game_id).actions == []
    assert session.moves == 0


def test_a_move_another_tabletop_saved_first_is_not_made(
    session: GameSession, store: Store
) -> None:
    before = ENGINE.state_json(session.state)
    rival = {"kind": "bet", "seat": 0, "amount": 3}
    store.append_action(session.game_id, FIRST_VERSION, rival)
    with pytest.raises(StoreConflict, match="changed in another tabletop") as refused:
        session.act(Bet(seat=0, amount=1))
    assert session.stale is refused.value
    assert ENGINE.state_json(session.state) == before
    assert session.moves == 0 and session.record.actions == []
    assert session.save_problem is None
    assert store.load_record(session.game_id).actions == [rival]


@pytest.fixture
def copies(session: GameSession, db_path: Path) -> Iterator[tuple[GameSession, GameSession]]:
    """The same game open in two tabletops: a second store on the same file resumes it
    once the first has made two plain moves."""
    session.act(Bet(seat=0, amount=1))
    session.act(Bet(seat=0, amount=2))
    other = Store(db_path)
    yield session, GameSession.resume(other, session.game_id, ENGINE)
    other.close()


def test_an_undo_in_a_copy_that_missed_a_move_removes_nothing(
    copies: tuple[GameSession, GameSession], store: Store
) -> None:
    """The issue's drill: copy A stores a move; copy B, which never saw it, presses
    undo. B is refused and told; A's move stays, and A plays on."""
    a, b = copies
    a.act(Bet(seat=0, amount=3))
    assert b.undo_refusal(0) is None  # B's own view: its last move may be taken back
    with pytest.raises(StoreConflict, match="changed in another tabletop"):
        b.undo(0)
    assert b.moves == 2 and b.stale is not None
    a.act(Play(seat=0, card=hand(a, 0)[0]))
    saved = store.load_record(a.game_id).actions
    assert saved == a.record.actions and len(saved) == 4
    fresh = GameSession.resume(b.store, b.game_id, ENGINE)  # B reloads: A's moves are there
    assert ENGINE.state_json(fresh.state) == ENGINE.state_json(a.state)


def test_a_move_in_a_copy_that_missed_an_undo_is_refused(
    copies: tuple[GameSession, GameSession], store: Store
) -> None:
    """The mirror: A takes a move back; B, which still shows it, moves on from it. B is
    refused (its move is not made), and once reloaded moves on from A's position."""
    a, b = copies
    a.undo(0)
    with pytest.raises(StoreConflict):
        b.act(Bet(seat=0, amount=3))
    assert store.load_record(a.game_id).actions == a.record.actions
    fresh = GameSession.resume(b.store, b.game_id, ENGINE)
    assert fresh.moves == 1
    fresh.act(Bet(seat=0, amount=3))
    with pytest.raises(StoreConflict):
        a.act(Bet(seat=0, amount=1))  # now A is the one behind
    assert store.load_record(a.game_id).actions == fresh.record.actions


def test_moves_a_stale_copy_could_not_save_never_overwrite_the_others(
    copies: tuple[GameSession, GameSession], store: Store
) -> None:
    """B's disk refuses writes, so its moves wait in memory; meanwhile A moves. When B
    can write again its waiting moves are refused, not written over A's."""
    a, b = copies
    b.store._db.execute("PRAGMA query_only = ON")
    b.act(Bet(seat=0, amount=3))
    assert b.save_problem is not None
    a.act(Bet(seat=0, amount=1))
    b.store._db.execute("PRAGMA query_only = OFF")
    b.retry_save()
    assert b.stale is not None and b.save_problem == str(b.stale)
    assert store.load_record(a.game_id).actions == a.record.actions


def test_a_game_another_copy_deleted_refuses_the_next_move_in_words(
    copies: tuple[GameSession, GameSession], store: Store
) -> None:
    a, b = copies
    [listed] = store.unfinished()
    store.delete_game(a.game_id, listed.version)
    with pytest.raises(StoreConflict, match="deleted, in another tabletop") as refused:
        b.act(Bet(seat=0, amount=1))
    assert refused.value.deleted
    with pytest.raises(ResumeError, match="deleted"):
        GameSession.resume(store, a.game_id, ENGINE)


def saved_moves(db_path: Path, game_id: int) -> list[dict[str, object]]:
    """What another process reading the file would find."""
    reader = Store(db_path)
    try:
        return reader.load_record(game_id).actions
    finally:
        reader.close()


def test_moves_the_store_cannot_write_are_kept_and_saved_when_it_can(
    session: GameSession, store: Store, db_path: Path
) -> None:
    """A disk that refuses writes (SQLite's query_only: every write fails as on a full
    disk) does not stop the game: the moves wait in memory, the session says why,
    and the next move once the disk takes writes again saves them all, in order."""
    session.act(Bet(seat=0, amount=3))
    store._db.execute("PRAGMA query_only = ON")
    session.act(Draw(seat=0))
    session.act(Bet(seat=0, amount=1))
    assert session.save_problem is not None
    assert session.save_problem.startswith(f"Could not save to {store.path}")
    assert session.moves == 3
    assert saved_moves(db_path, session.game_id) == session.record.actions[:1]
    session.undo(0)  # an unsaved move is taken back in memory only
    assert session.moves == 2
    store._db.execute("PRAGMA query_only = OFF")
    session.act(Play(seat=0, card=hand(session, 0)[0]))
    assert session.save_problem is None
    assert saved_moves(db_path, session.game_id) == session.record.actions
    resumed = GameSession.resume(store, session.game_id, ENGINE)
    assert ENGINE.state_json(resumed.state) == ENGINE.state_json(session.state)


def test_a_result_the_store_could_not_write_is_written_with_the_next_save(
    session: GameSession, store: Store
) -> None:
    store._db.execute("PRAGMA query_only = ON")
    for _ in range(2):
        for seat in (0, 1):
            session.act(Play(seat=seat, card=hand(session, seat)[0]))
    assert session.outcome is not None and session.save_problem is not None
    assert store.finished() == []
    store._db.execute("PRAGMA query_only = OFF")
    session.retry_save()
    assert session.save_problem is None
    [done] = store.finished()
    assert done.id == session.game_id and done.scores == session.outcome.scores


def test_resume_after_teardown_replays_to_the_same_state(
    session: GameSession, db_path: Path
) -> None:
    session.act(Bet(seat=0, amount=3))
    session.act(Draw(seat=0))
    session.act(Play(seat=0, card=hand(session, 0)[0]))
    session.act(Bet(seat=1, amount=1))
    expected = ENGINE.state_json(session.state)
    session.store.close()

    store = Store(db_path)
    resumed = GameSession.resume(store, session.game_id, ENGINE)
    assert ENGINE.state_json(resumed.state) == expected
    assert resumed.seats == SEATS
    assert resumed.moves == 4
    assert resumed.log(0) == session.log(0)
    # undo barriers survive the resume: Bob's bet is undoable, the play before it is not
    resumed.undo(1)
    assert resumed.undo_refusal(0) is not None
    store.close()


def test_a_record_that_no_longer_replays_is_reported(
    session: GameSession, store: Store, db_path: Path
) -> None:
    session.act(Bet(seat=0, amount=1))
    [saved] = store.unfinished()
    store.append_action(saved.id, saved.version, {"kind": "play", "seat": 0, "card": 999})
    with pytest.raises(ResumeError, match=r"no longer replays.*TOY-PLAY-1"):
        GameSession.resume(store, session.game_id, ENGINE)


def test_undo_takes_back_a_plain_move_in_memory_and_in_the_store(
    session: GameSession, store: Store
) -> None:
    start = ENGINE.state_json(session.state)
    session.act(Bet(seat=0, amount=2))
    session.act(Bet(seat=0, amount=1))
    assert session.undo_refusal(0) is None
    session.undo(0)
    session.undo(0)
    assert ENGINE.state_json(session.state) == start
    assert store.load_record(session.game_id).actions == []
    assert session.undo_refusal(0) == "Nothing to undo yet."
    # resume after undo gives the undone game, not the old one
    assert ENGINE.state_json(GameSession.resume(store, session.game_id, ENGINE).state) == start


def test_no_undo_across_a_random_draw(session: GameSession) -> None:
    session.act(Bet(seat=0, amount=1))
    session.act(Draw(seat=0))
    reason = session.undo_refusal(0)
    assert reason is not None and "drawn or revealed" in reason
    with pytest.raises(UndoRefused, match="drawn or revealed"):
        session.undo(0)
    assert session.moves == 2


def test_no_undo_across_a_revealed_card(session: GameSession) -> None:
    session.act(Play(seat=0, card=hand(session, 0)[0]))
    assert "drawn or revealed" in (session.undo_refusal() or "")


def test_no_undo_of_another_seats_move(session: GameSession) -> None:
    session.act(Play(seat=0, card=hand(session, 0)[0]))
    session.act(Bet(seat=1, amount=2))
    assert session.undo_refusal(0) == "The last move was Bob's: only your own can be taken back."
    assert session.undo_refusal(1) is None


def test_the_end_of_the_game_goes_to_history(session: GameSession, store: Store) -> None:
    for _ in range(2):
        for seat in (0, 1):
            session.act(Play(seat=seat, card=hand(session, seat)[0]))
    assert session.outcome is not None
    assert session.to_act == ()
    assert session.undo_refusal() == "The game is over."
    assert store.unfinished() == []
    [done] = store.finished()
    assert done.id == session.game_id
    assert done.scores == session.outcome.scores
    assert done.winners == session.outcome.winners


def test_a_game_whose_end_was_not_saved_is_filed_when_resumed(
    session: GameSession, store: Store
) -> None:
    """Every move saved but not the end (the disk filled up at the last move and the
    app was closed): resuming the game files it in the history."""
    for seat in (0, 1, 0):
        session.act(Play(seat=seat, card=hand(session, seat)[0]))
    store._db.execute("PRAGMA query_only = ON")
    session.act(Play(seat=1, card=hand(session, 1)[0]))
    store._db.execute("PRAGMA query_only = OFF")
    [saved] = store.unfinished()
    store.append_action(saved.id, saved.version, session.record.actions[3])  # not the end
    assert [g.id for g in store.unfinished()] == [session.game_id]
    resumed = GameSession.resume(store, session.game_id, ENGINE)
    assert resumed.outcome is not None and resumed.save_problem is None
    assert store.unfinished() == []
    [done] = store.finished()
    assert done.scores == resumed.outcome.scores


def test_resuming_a_filed_game_writes_nothing(session: GameSession, store: Store) -> None:
    for _ in range(2):
        for seat in (0, 1):
            session.act(Play(seat=seat, card=hand(session, seat)[0]))
    [done] = store.finished()
    resumed = GameSession.resume(store, session.game_id, ENGINE)
    assert resumed.outcome == session.outcome and resumed.save_problem is None
    assert store.finished() == [done]  # same version: nothing was written again


def test_a_saved_game_with_a_player_count_its_game_refuses_is_reported(
    store: Store, db_path: Path
) -> None:
    """Toy Game takes exactly 2 players; a saved game edited to 3 seats and players."""
    seats = (SeatInfo("Ann"), SeatInfo("Bob"), SeatInfo("Cat"))
    game_id = store.create_game("toygame", {"players": ["Ann", "Bob", "Cat"]}, seats, 1)
    with pytest.raises(ResumeError, match="cannot start: Toy Game takes 2-2 players, not 3"):
        GameSession.resume(store, game_id, ENGINE)


def test_private_events_reach_only_their_seat(session: GameSession) -> None:
    session.act(Draw(seat=0))
    drawn = hand(session, 0)[-1]
    assert f"you draw {drawn}" in session.log(0)
    assert f"you draw {drawn}" not in session.log(1)
    assert session.log(None) == ["Ann draws a card"]


def test_a_space_park_game_resumes_identically(store: Store) -> None:
    spacepark = pytest.importorskip("tabletop.games.spacepark.engine")
    if not hasattr(spacepark, "ENGINE"):
        pytest.skip("the Space Park engine is not finished yet")
    engine = spacepark.ENGINE
    session = GameSession.start(store, engine, SEATS, {}, seed=5)
    for _ in range(40):
        if session.outcome is not None:
            break
        seat = session.to_act[0]
        session.act(session.legal_actions(seat)[0])
    resumed = GameSession.resume(store, session.game_id, engine)
    assert engine.state_json(resumed.state) == engine.state_json(session.state)
    assert resumed.moves == session.moves > 0


def test_a_game_the_clock_ended_replays_to_its_end(store: Store) -> None:
    """A real-time game lost on the clock, with no action at its end: the record keeps
    the reading that ended it, so a replay (and a resume) reach the same end."""
    pocketdragon = pytest.importorskip("tabletop.games.pocketdragon.engine")
    engine = pocketdragon.ENGINE
    seats = (SeatInfo("Ann"), SeatInfo("Bo"))
    session = GameSession.start(store, engine, seats, {"mode": "companion"}, seed=3)
    [start] = session.legal_actions(0)
    session.act(start)
    session.advance(10_000.0)  # nobody moves: the dragon's clocks run out
    assert session.outcome is not None and session.record.ended_at == 10_000.0
    record = store.load_record(session.game_id)
    assert record.ended_at == 10_000.0
    assert engine.state_json(replay(engine, record)) == engine.state_json(session.state)
    resumed = GameSession.resume(store, session.game_id, engine)
    assert resumed.outcome == session.outcome


# -- a real-time game: its clocks saved while they run, its undo ------------------------


def _dragon(store: Store, mode: str = "companion") -> GameSession:
    """A Pocket Dragon game, started at 0 s."""
    pocketdragon = pytest.importorskip("tabletop.games.pocketdragon.engine")
    seats = (SeatInfo("Ann"), SeatInfo("Bo"))
    session = GameSession.start(store, pocketdragon.ENGINE, seats, {"mode": mode}, seed=3)
    _press(session, "start", 0.0)
    return session


def _press(session: GameSession, kind: str, now: float, **fields: object) -> None:
    session.act(session.engine.parse_action({"kind": kind, "seat": 0, "now": now, **fields}))


def _clock(session: GameSession) -> float:
    clock: float = session.view(None).clock  # type: ignore[attr-defined]
    return clock


def test_running_clocks_are_saved_every_half_second_without_changing_the_game(
    store: Store,
) -> None:
    """A screen ticks 4 times a second: the reading is saved every other tick, never
    CHECKPOINT_S behind the latest; the record and the game's version stay as they were."""
    session = _dragon(store)
    version = store.load_game(session.game_id).version
    for tick in range(1, 41):
        now = tick / 4
        session.advance(now)
        saved = store.load_game(session.game_id).clock_at
        assert saved is not None and now - saved < CHECKPOINT_S
    assert store.load_game(session.game_id).clock_at == 9.75
    assert store.load_game(session.game_id).version == version
    assert store.load_record(session.game_id).actions == session.record.actions


def test_clocks_that_do_not_run_save_nothing(store: Store) -> None:
    """Paused, the clocks stay where the record has them: there is nothing to save."""
    session = _dragon(store)
    session.advance(3.0)
    _press(session, "pause", 3.5)
    for now in (4.0, 50.0, 500.0):
        session.advance(now)
    assert store.load_game(session.game_id).clock_at == 3.0


def test_a_game_killed_while_its_clocks_ran_resumes_at_the_last_saved_reading(
    store: Store,
) -> None:
    """The record's last action is at 20 s; the clocks ran on to 49.75 s and the process
    died (no pause recorded). Resumed, the game is at the reading saved last, not at 20 s;
    the pause a screen then records carries that reading into the record, which replays
    to the resumed game exactly."""
    session = _dragon(store)
    engine, game_id = session.engine, session.game_id
    _press(session, "log_success", 20.0)
    for tick in range(81, 200):
        session.advance(tick / 4)
    actions = list(session.record.actions)
    del session  # killed
    saved = store.load_game(game_id).clock_at
    assert saved == 49.75
    resumed = GameSession.resume(store, game_id, engine)
    assert _clock(resumed) == saved and resumed.record.actions == actions
    assert resumed.view(None).clocks.main_left == 300 - saved  # type: ignore[attr-defined]
    _press(resumed, "pause", saved)
    record = store.load_record(game_id)
    assert engine.state_json(replay(engine, record)) == engine.state_json(resumed.state)


def test_a_reading_saved_past_a_timers_end_files_the_loss_on_resume(store: Store) -> None:
    """The dragon starved (at 120 s) after the last saved move, and tabletop died before
    it filed the loss: resuming runs the clocks to the saved reading, and files it."""
    session = _dragon(store)
    store.save_clock(session.game_id, store.load_game(session.game_id).version, 130.0)
    resumed = GameSession.resume(store, session.game_id, session.engine)
    assert resumed.outcome is not None and "not fed in time" in resumed.outcome.summary
    assert resumed.record.ended_at == 130.0
    assert store.unfinished() == [] and store.load_record(session.game_id).ended_at == 130.0


def test_a_saved_reading_is_no_change_another_copy_must_know_of(db_path: Path) -> None:
    """Two copies of one running game: the clocks one saves do not refuse the other's
    move; once the other moved, a copy that missed it saves no reading over it."""
    with closing(Store(db_path)) as here, closing(Store(db_path)) as there:
        session = _dragon(here)
        session.advance(5.0)
        other = GameSession.resume(there, session.game_id, session.engine)
        session.advance(6.0)
        _press(other, "pause", 7.0)  # not refused
        session.advance(8.0)  # this copy missed the pause: it saves nothing
        assert there.load_game(session.game_id).clock_at == 6.0


@pytest.mark.rule("PD-APP-4")
def test_a_bookkeeping_button_is_undone_a_clock_button_is_not(store: Store) -> None:
    """PD-APP-4: a stray success is taken back (in memory and in the store); a pause,
    the start, or any table move is not, and the refusal says why."""
    session = _dragon(store)
    _press(session, "log_success", 1.0)
    assert session.undo_refusal(0) is None
    session.undo(0)
    assert session.view(None).successes_left == 3  # type: ignore[attr-defined]
    assert [a["kind"] for a in store.load_record(session.game_id).actions] == ["start"]
    assert (
        session.undo_refusal(0) == "Start changes the clocks: it cannot be taken back (PD-APP-4)."
    )
    _press(session, "log_mistake", 2.0)
    _press(session, "pause", 3.0)
    assert (
        session.undo_refusal(0) == "Pause changes the clocks: it cannot be taken back (PD-APP-4)."
    )
    with pytest.raises(UndoRefused):
        session.undo(0)
    table = _dragon(store, "table")
    _press(table, "collect_food", 1.0, place=0)
    assert "Table mode has no undo" in (table.undo_refusal(0) or "")


def test_a_reading_that_cannot_be_saved_now_is_saved_at_a_later_tick(db_path: Path) -> None:
    """Another program holds the file locked: the clocks run on (the reading is not
    waited for), and the next tick once the lock is gone saves it."""
    with closing(Store(db_path)) as store:
        session = _dragon(store)
        session.advance(1.0)
        with closing(sqlite3.connect(db_path, isolation_level=None)) as other:
            other.execute("BEGIN IMMEDIATE")
            session.advance(2.0)
            other.execute("ROLLBACK")
        assert _clock(session) == 2.0 and store.load_game(session.game_id).clock_at == 1.0
        session.advance(2.25)
        assert store.load_game(session.game_id).clock_at == 2.25


# -- snapshots: opening a game without replaying it -------------------------------------


def played(session: GameSession) -> GameSession:
    """Ann bets and draws (a private line in her log), then plays: a barrier, then Bob bets."""
    session.act(Bet(seat=0, amount=3))
    session.act(Draw(seat=0))
    session.act(Play(seat=0, card=hand(session, 0)[0]))
    session.act(Bet(seat=1, amount=1))
    return session


def snapshot_of(store: Store, session: GameSession) -> dict[str, Any]:
    [saved] = store.unfinished()
    text = store.load_snapshot(session.game_id, saved.version)
    assert text is not None
    data: dict[str, Any] = json.loads(text)
    return data


def replace_snapshot(store: Store, session: GameSession, data: dict[str, Any]) -> None:
    [saved] = store.unfinished()
    store.save_snapshot(session.game_id, saved.version, json.dumps(data))


def test_a_game_left_with_its_snapshot_resumes_as_its_replay_would(
    session: GameSession, store: Store
) -> None:
    played(session).keep_snapshot()
    resumed = GameSession.resume(store, session.game_id, ENGINE)
    replayed = replay(ENGINE, store.load_record(session.game_id))
    assert ENGINE.state_json(resumed.state) == ENGINE.state_json(replayed)
    assert resumed.moves == 4
    assert [resumed.log(seat) for seat in (0, 1, None)] == [
        session.log(seat) for seat in (0, 1, None)
    ]
    assert resumed.undo_refusal(0) == session.undo_refusal(0) is not None
    resumed.undo(1)  # the undo barriers are kept: Bob's bet goes back, Ann's play not
    assert resumed.undo_refusal(0) is not None
    assert resumed.reopened is None


def test_a_fitting_snapshot_unlike_the_replay_is_dropped_and_said(
    session: GameSession, store: Store
) -> None:
    """A snapshot edited with its digest made anew fits the record, yet its position is
    not the replay's: the game opens from its record, and the players are told."""
    played(session).keep_snapshot()
    data = snapshot_of(store, session)
    data["state"]["hands"] = data["state"]["hands"][::-1]  # the two hands swapped
    replace_snapshot(store, session, data)
    resumed = GameSession.resume(store, session.game_id, ENGINE)
    assert ENGINE.state_json(resumed.state) == ENGINE.state_json(session.state)
    assert resumed.reopened is not None and "did not match its moves" in resumed.reopened
    [saved] = store.unfinished()
    assert store.load_snapshot(session.game_id, saved.version) is None


def tampered(data: dict[str, Any], change: str) -> dict[str, Any]:
    """The snapshot with a log line of its own (seen if it were used) and one thing wrong."""
    data = json.loads(json.dumps(data))
    data["steps"][0][2] = [["a line only the snapshot has", None]]
    if change == "rules":
        data["rules"] = "other rules"
    elif change == "moves":
        data["moves"] -= 1
        del data["steps"][-1]
    elif change == "state":
        data["state"]["deck"].append(data["state"]["deck"][0])  # a card twice
    elif change == "seat":
        data["steps"][1][0] = 7  # no such seat
    elif change == "players":
        data["state"]["players"] = ["Bob", "Ann"]
    return data


@pytest.mark.parametrize("change", ["rules", "moves", "state", "seat", "players"])
def test_a_snapshot_that_does_not_fit_the_record_is_not_used(
    session: GameSession, store: Store, change: str
) -> None:
    played(session).keep_snapshot()
    replace_snapshot(store, session, tampered(snapshot_of(store, session), change))
    resumed = GameSession.resume(store, session.game_id, ENGINE)
    assert "a line only the snapshot has" not in resumed.log(None)  # replayed instead
    assert ENGINE.state_json(resumed.state) == ENGINE.state_json(session.state)
    assert resumed.log(0) == session.log(0)


def test_a_snapshot_of_an_earlier_version_is_not_used(session: GameSession, store: Store) -> None:
    played(session).keep_snapshot()
    session.undo(1)  # the game moves on (a new version) and no snapshot is kept
    session.act(Bet(seat=1, amount=2))
    resumed = GameSession.resume(store, session.game_id, ENGINE)
    assert ENGINE.state_json(resumed.state) == ENGINE.state_json(session.state)
    assert resumed.moves == 4 and resumed.log(None) == session.log(None)


def test_a_record_refused_after_its_snapshot_is_reported_or_taken_back(
    session: GameSession, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    played(session).keep_snapshot()
    data = snapshot_of(store, session)
    # a move the rules now refuse, and the snapshot a tabletop whose rules took it kept
    [saved] = store.unfinished()
    store.append_action(saved.id, saved.version, {"kind": "play", "seat": 1, "card": 999})
    data["rules"], data["moves"] = "earlier rules", 5
    data["steps"].append([1, False, [], None])
    [saved] = store.unfinished()
    store.save_snapshot(saved.id, saved.version, json.dumps(data))
    # the rules now: the snapshot does not fit, the record is replayed, and refused
    with pytest.raises(ResumeError, match=r"no longer replays.*TOY-PLAY-1"):
        GameSession.resume(store, session.game_id, ENGINE)
    # a snapshot that claims today's rules: the move was made on its position, not the
    # record's, and is taken back
    monkeypatch.setattr("tabletop.core.session.rules_fingerprint", lambda *_: "earlier rules")
    resumed = GameSession.resume(store, session.game_id, ENGINE)
    assert resumed.moves == 4
    assert resumed.reopened is not None and "(TOY-PLAY-1)" in resumed.reopened
    assert len(store.load_record(session.game_id).actions) == 4


def test_no_snapshot_while_moves_are_unsaved_or_the_game_changed_elsewhere(
    session: GameSession, store: Store, db_path: Path
) -> None:
    played(session)
    other = Store(db_path)
    GameSession.resume(other, session.game_id, ENGINE).act(Bet(seat=1, amount=1))
    with pytest.raises(StoreConflict):
        session.act(Bet(seat=1, amount=2))
    session.keep_snapshot()  # stale: nothing kept
    [saved] = other.unfinished()
    assert other.load_snapshot(session.game_id, saved.version) is None
    other.close()
