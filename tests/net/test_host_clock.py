"""The host's clock and the seat's table: a real-time game's clocks are shown while they
run and its end on the clock reaches every seat (and the record); a running game the
host resumes waits, paused, for both players; moves that cannot be saved are told;
RemoteTable gives a screen the seat's typed view, legal actions, log and refusals."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from tabletop.core.clock import FakeClock
from tabletop.core.errors import IllegalAction
from tabletop.core.record import replay
from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store, StoreError
from tabletop.games import get_engine
from tabletop.net.client import RemoteTable
from tabletop.net.server import Host, HostedGame, new_code
from tests.hardening.harness import SPECS
from tests.net.netkit import hosting, join, latest, quiet, settle

DRAGON = SPECS["pocketdragon"].setups[2]  # the companion app, medium


async def test_the_clocks_are_shown_as_they_run_and_their_end_reaches_every_seat(
    tmp_path: Path,
) -> None:
    """PD-LOSE-2: hunger at zero loses; the host's tick tells both seats at once."""
    clock = FakeClock()
    async with hosting(tmp_path, "pocketdragon", DRAGON, 1, clock, tick_s=0.01) as (
        _,
        hosted,
        url,
    ):
        seats = [await join(url, code) for code in hosted.codes]
        assert (await seats[0].ask({"op": "act", "action": {"kind": "start"}}))["ok"]
        clock.advance(30)
        await _until(lambda: latest(seats[1])["view"]["clocks"]["hunger_left"] == 90)
        clock.advance(200)  # nobody asks: the tick finds the end
        for seat in seats:
            await _until(lambda seat=seat: latest(seat)["outcome"] is not None)
            outcome = latest(seat)["outcome"]
            assert outcome is not None
            assert outcome.summary == "The dragon went hungry: it was not fed in time."
        for seat in seats:
            await seat.stop()
    engine = get_engine("pocketdragon")
    record = Store(tmp_path / "tabletop.db").load_record(hosted.session.game_id)
    assert record.ended_at == 230 and engine.outcome(replay(engine, record)) == outcome


async def _until(holds: Callable[[], bool]) -> None:
    async with asyncio.timeout(10):
        while not holds():
            await asyncio.sleep(0.005)


async def test_a_real_time_game_resumed_by_a_new_host_waits_paused_for_both_players(
    tmp_path: Path,
) -> None:
    """PD-TIME-4: a host that stops records nothing for the seats leaving; the host that
    resumes the game holds its clocks from the last move saved, the seats reconnect by
    themselves, and the clocks run again once both are back."""
    engine = get_engine("pocketdragon")
    store = Store(tmp_path / "tabletop.db")
    seats = tuple(SeatInfo(name) for name in DRAGON.players)
    first = GameSession.start(store, engine, seats, dict(DRAGON.options), 4)
    codes = [new_code(), new_code()]
    clock = FakeClock(500.0)  # a new game's clock reads 0 whatever the host's reads
    host = Host(clock, report=quiet)
    host.add(first, codes)
    port = await host.start("127.0.0.1", 0)
    url = f"ws://127.0.0.1:{port}"
    ann, bo = [await join(url, code) for code in codes]
    clock.advance(50)
    assert (await ann.ask({"op": "act", "action": {"kind": "start"}}))["ok"]
    await host.close()
    assert [a["kind"] for a in store.load_record(first.game_id).actions] == ["start"]
    session = GameSession.resume(store, first.game_id, engine)
    again = Host(FakeClock(3.0), report=quiet)  # another process's clock
    again.add(session, codes)
    assert session.state.status == "paused" and session.record.actions[-1]["now"] == 50.0
    await again.start("127.0.0.1", port)
    try:
        await _until(lambda: not ann.connection.connected)
        await settle([ann, bo], 3)  # back by themselves: pause (at the start), resume
        assert session.state.status == "running"
        assert [a["kind"] for a in session.record.actions] == ["start", "pause", "resume"]
        assert session.view(0).model_dump()["clocks"]["hunger_left"] == 120
        lost = [notice for _, notice in ann.connection.notices if "Connection lost" in notice]
        assert lost == ["Connection lost: the host stopped. Reconnecting."]
        for seat in (ann, bo):
            await seat.stop()
    finally:
        await again.close()


def test_a_host_killed_while_the_clocks_ran_resumes_them_at_their_last_saved_reading(
    tmp_path: Path,
) -> None:
    """The clocks ran 42.25 s past the start and the host died without a pause: the host
    that resumes the game pauses it at the reading saved last (not at the start), and
    the record, with that pause, replays to the game it holds."""
    engine = get_engine("pocketdragon")
    store = Store(tmp_path / "tabletop.db")
    seats = tuple(SeatInfo(name) for name in DRAGON.players)
    first = GameSession.start(store, engine, seats, dict(DRAGON.options), 4)
    first.act(engine.parse_action({"kind": "start", "seat": 0, "now": 0.0}))
    for tick in range(1, 170):
        first.advance(tick / 4)
    session = GameSession.resume(store, first.game_id, engine)
    hosted = HostedGame(session, [new_code(), new_code()], FakeClock(3.0), quiet)
    assert session.record.actions[-1] == {
        "seat": 0,
        "now": 42.25,
        "kind": "pause",
        "cause": "reopened",
    }
    said = "The game was closed while the clocks ran: they stopped with 318 s left."
    assert session.log(None)[-1] == said  # PD-TIME-7: nobody pressed Pause
    assert hosted.now() == 42.25
    record = store.load_record(first.game_id)
    assert engine.state_json(replay(engine, record)) == engine.state_json(session.state)


async def test_moves_that_cannot_be_saved_are_told_to_every_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with hosting(tmp_path, "spacepark", SPECS["spacepark"].setups[1], 1) as (_, hosted, url):
        seats = [await join(url, code) for code in hosted.codes]
        store = hosted.session.store
        working = store.append_action

        def full(*args: object) -> None:
            raise StoreError("database or disk is full")

        monkeypatch.setattr(store, "append_action", full)
        legal = (await seats[0].ask({"op": "legal"}))["actions"]
        assert (await seats[0].ask({"op": "act", "action": legal[0]}))["ok"]
        await settle(seats, 1)
        for seat in seats:
            assert "not saved yet" in seat.connection.notices[-1][1]
        monkeypatch.setattr(store, "append_action", working)
        mover = seats[hosted.session.to_act[0]]
        legal = (await mover.ask({"op": "legal"}))["actions"]
        assert (await mover.ask({"op": "act", "action": legal[0]}))["ok"]
        await settle(seats, 2)
        assert all(s.connection.notices[-1][1] == "Every move is saved again." for s in seats)
        assert len(store.load_record(hosted.session.game_id).actions) == 2
        for seat in seats:
            await seat.stop()


async def test_remote_table_is_the_seat_s_game_typed_as_a_local_session_gives_it(
    tmp_path: Path,
) -> None:
    three = SPECS["pocketparks"].setups[1]  # Ann, Bo and Cy
    async with hosting(tmp_path, "pocketparks", three, 2) as (_, hosted, url):
        seats = [await join(url, code) for code in hosted.codes]
        await settle(seats, 0)
        session = hosted.session
        turn = session.to_act[0]
        table = RemoteTable(seats[turn].connection)
        changes: list[int] = []
        table.subscribe(lambda: changes.append(table.moves))
        assert table.seat == turn and table.to_act == (turn,) and table.outcome is None
        assert table.seats == session.seats and table.engine is session.engine
        assert table.view(turn) == session.view(turn)
        assert table.legal_actions(turn) == session.legal_actions(turn)
        assert table.log(turn) == session.log(turn) and table.away == () and table.connected
        assert table.setup == session.setup and table.here == (turn,)
        # Nobody else looks at a seat's screen: what it shows nobody in particular is the
        # seat's own view; nobody else's view is here.
        assert table.view(None) == session.view(turn) and table.log(None) == session.log(turn)
        with pytest.raises(ValueError, match="no view"):
            table.view((turn + 1) % 3)
        other = RemoteTable(seats[(turn + 1) % 3].connection)
        with pytest.raises(IllegalAction) as refused:  # the same move, out of turn
            move = table.legal_actions(turn)[0]
            await other.act(replace(move, seat=other.seat))
        assert refused.value.rule == "TT-SEAT-1"
        await table.act(table.legal_actions(turn)[0])
        assert changes == [1] and table.moves == 1 == session.moves
        assert table.view(turn) == session.view(turn) and table.log(turn) == session.log(turn)
        for seat in seats:
            await seat.stop()
