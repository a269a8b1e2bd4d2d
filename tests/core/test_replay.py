"""Replays (core/replay.py): stepping forward from the start reaches exactly the
finished state, and backwards exactly each earlier state, as the engine's own states
(seeded games of each game); an unfinished game shows only the spectator's view and
log; a record that stops replaying ends the replay there."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from tabletop.core.record import GameRecord
from tabletop.core.replay import LOG_CHUNK, Replay, ReplaySession
from tabletop.core.store import SeatInfo
from tests.hardening.harness import SPECS, Table, compact, play_to_end, view_data

GAMES = [("spacepark", 1, 1), ("pocketparks", 0, 1), ("pocketdragon", 0, 1)]


@cache
def played(game: str, setup: int, seed: int) -> tuple[Table, GameRecord, list[str]]:
    """A seeded random game to its end, its record (a game the clock ended records the
    reading), and the engine's own state at each position, as JSON."""
    spec = SPECS[game]
    table = play_to_end(spec, spec.setups[setup], seed)
    engine = table.engine
    record = table.record.model_copy(deep=True)
    state = engine.new(record.setup, record.seed)
    states = [engine.state_json(state)]
    for data in record.actions:
        state = engine.apply(state, engine.parse_action(data)).state
        states.append(engine.state_json(state))
    if engine.outcome(state) is None:  # the clock ended it, after the last move
        record.ended_at = table.now
        states.append(engine.state_json(engine.advance(state, table.now).state))
    assert states[-1] == engine.state_json(table.state)
    return table, record, states


def session_of(record: GameRecord, table: Table, finished: bool) -> ReplaySession:
    seats = tuple(SeatInfo(name) for name in record.setup.players)
    return ReplaySession(Replay(table.engine, record), seats, finished)


@pytest.mark.parametrize(("game", "setup", "seed"), GAMES)
def test_stepping_forward_and_back_shows_exactly_the_engines_states(
    game: str, setup: int, seed: int
) -> None:
    table, record, states = played(game, setup, seed)
    session = session_of(record, table, finished=True)
    engine = table.engine
    assert len(session.replay) == len(states)
    for position in range(len(states)):
        session.go(position)
        assert engine.state_json(session.state) == states[position], position
    assert session.outcome == engine.outcome(table.state) and session.outcome is not None
    assert session.to_act == ()
    for position in reversed(range(len(states))):
        session.go(position)
        assert engine.state_json(session.state) == states[position], position
    assert session.outcome is None and session.to_act == engine.to_act(session.state)
    session.go(len(states) + 5)  # past the end: the end
    assert session.position == len(states) - 1


@pytest.mark.parametrize(("game", "setup", "seed"), GAMES)
def test_the_log_grows_move_by_move_as_the_game_told_it(game: str, setup: int, seed: int) -> None:
    table, record, _ = played(game, setup, seed)
    session = session_of(record, table, finished=True)
    engine = table.engine
    state = engine.new(record.setup, record.seed)
    told: list[str] = []
    for move, data in enumerate(record.actions[:40], start=1):
        events = engine.apply(state, engine.parse_action(data))
        state = events.state
        told += [e.text for e in events.events if e.private_to in (None, 0)]
        session.go(move)
        assert session.log(0) == told


def test_a_long_games_log_shows_its_latest_moves() -> None:
    """Late in a long game the log holds the latest moves' lines (at least LOG_CHUNK
    moves' worth), not the whole game's: a step back rewrites a few lines only."""
    table, record, _ = played("pocketparks", 0, 1)
    session = session_of(record, table, finished=True)
    session.go(len(session.replay) - 1)
    steps = session.replay.steps(session.position)
    whole = [e.text for step in steps for e in step.events if e.private_to is None]
    latest = [e.text for step in steps[-LOG_CHUNK:] for e in step.events if e.private_to is None]
    shown = session.log(None)
    assert len(latest) <= len(shown) < len(whole) and whole[-len(shown) :] == shown


@pytest.mark.parametrize(("game", "setup", "seed"), GAMES)
def test_an_unfinished_game_shows_every_seat_the_spectators_view_only(
    game: str, setup: int, seed: int
) -> None:
    """No hidden card of a game still being played: each seat gets the spectator's view
    and log, and that view holds none of the cards the harness knows to be hidden."""
    table, record, _ = played(game, setup, seed)
    running = record.model_copy(update={"actions": record.actions[: len(record.actions) // 2]})
    running.ended_at = None
    session = session_of(running, table, finished=False)
    engine = table.engine
    for position in range(0, len(session.replay), max(1, len(session.replay) // 15)):
        session.go(position)
        spectator = compact(view_data(engine, session.state, None))
        for seat in (None, *range(len(record.setup.players))):
            assert compact(session.view(seat).model_dump(mode="json")) == spectator
            assert session.log(seat) == session.log(None)
        history = table.spec.history  # public history the harness reads apart
        shown = compact(
            {k: v for k, v in view_data(engine, session.state, None).items() if k not in history}
        )
        assert [t for t in table.spec.secrets(session.state, None) if t in shown] == []


def test_a_replay_has_no_way_to_move_or_save() -> None:
    table, record, _ = played("spacepark", 1, 1)
    session = session_of(record, table, finished=True)
    session.go(3)
    legal = table.engine.legal_actions(session.state, session.engine.to_act(session.state)[0])
    assert session.legal_actions(0) == [] and legal
    assert not any(hasattr(session, name) for name in ("act", "undo", "retry_save"))
    assert session.advance(1e9) is session.current  # no clock runs in a replay
    assert session.position == 3 and session.undo_refusal() == "This is a replay."


def test_a_record_that_stops_replaying_ends_the_replay_there() -> None:
    table, record, states = played("spacepark", 1, 1)
    broken = record.model_copy(deep=True)
    move: dict[str, Any] = broken.actions[10]
    move["seat"] = 1 - move["seat"]  # out of turn
    replay = Replay(table.engine, broken)
    replay.compute(len(replay))
    assert len(replay) == 11 and replay.problem is not None
    assert replay.problem.startswith("move 11 is refused: [TT-SEAT-1]")
    session = ReplaySession(replay, (SeatInfo("Ann"), SeatInfo("Bo")), True)
    session.go(50)
    assert session.position == 10
    assert table.engine.state_json(session.state) == states[10]
