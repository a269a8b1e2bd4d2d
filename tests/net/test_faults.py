"""Faults: a seat whose connection drops is away (the others are told), comes back by
itself with the same code and finds its seat exactly as it was; a real-time game
pauses its clocks, through its own actions, until both players are back; a host
killed mid-game (SIGKILL) and resumed takes the same codes, the seats reconnect by
themselves, no answered move is lost, and the record replays to the end seen."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path
from typing import Any

from tabletop.core.clock import FakeClock
from tabletop.core.record import replay
from tabletop.core.rng import Rng
from tabletop.core.store import Store
from tabletop.games import get_engine
from tests.hardening.harness import SPECS
from tests.net.netkit import Process, Seat, engine_seat, host_process, hosting, join, settle


async def _play_one(seats: list[Seat], rng: Rng) -> None:
    """One random legal move of a seat asked to act, through its headless bridge."""
    update = seats[0].connection.update
    assert update is not None
    seat = seats[rng.choice(update["to_act"])]
    legal = await seat.ask({"op": "legal"})
    answer = await seat.ask({"op": "act", "action": rng.choice(legal["actions"])})
    assert answer["ok"], answer
    await settle(seats, answer["moves"])


async def _away(seats: list[Seat], seat: int, connected: bool) -> None:
    """Until every other seat's update shows ``seat`` connected or away."""
    async with asyncio.timeout(10):
        for other in seats:
            while (update := other.connection.update) is None or update["seats"][seat][
                "connected"
            ] != connected:
                await other.connection.wait(other.connection.changes)


async def test_a_seat_dropped_mid_turn_is_away_then_back_exactly_and_the_game_ends(
    tmp_path: Path,
) -> None:
    engine = get_engine("spacepark")
    rng = Rng.from_seed(5)
    async with hosting(tmp_path, "spacepark", SPECS["spacepark"].setups[1], 5) as (_, hosted, url):
        seats = [await join(url, code) for code in hosted.codes]
        for _ in range(6):
            await _play_one(seats, rng)
        turn = hosted.session.to_act[0]
        mover = seats[turn]
        legal = (await mover.ask({"op": "legal"}))["actions"]
        log_before = list(mover.connection.log)
        version = mover.connection.changes
        hosted.links[turn].ws.transport.abort()  # the network goes: no close frame
        await _away(seats[1 - turn : 2 - turn], turn, connected=False)
        other = seats[1 - turn].connection
        assert other.update is not None and f"{hosted.names[turn]} is away." in [
            n for _, n in other.notices
        ]
        waited = await mover.ask({"op": "wait", "since": version})  # wakes: connection lost
        assert not waited["connected"] and "Connection lost" in waited["notices"][0]
        offline = await mover.ask({"op": "act", "action": legal[0]})
        if not offline["ok"]:  # unless it already came back
            assert offline["error"]["rule"] == "PROTO-OFFLINE"
        await _away(seats, turn, connected=True)  # it reconnects by itself
        assert other.notices[-1][1] == f"{hosted.names[turn]} is back."
        assert mover.connection.log == log_before
        update = mover.connection.update
        assert update is not None and update["moves"] == hosted.session.moves
        assert update["view"] == hosted.session.view(turn).model_dump(mode="json")
        assert (await mover.ask({"op": "act", "action": legal[0]}))["ok"]
        while hosted.session.outcome is None:
            await _play_one(seats, rng)
        for seat in seats:
            await seat.stop()
    record = Store(tmp_path / "tabletop.db").load_record(hosted.session.game_id)
    assert engine.outcome(replay(engine, record)) == hosted.session.outcome


async def test_pocket_dragon_pauses_while_a_player_is_away_and_resumes_when_both_are_back(
    tmp_path: Path,
) -> None:
    """PD-TIME-4: the host pauses through the game's own Pause (the record replays); Start
    and Resume wait for both players; the host resumes what it paused. PD-TIME-7: the log
    says Bo is away and that everyone is back, not that Bo paused or resumed; a seat that
    sends a pause or resume with a cause is refused (PROTO-HOST): it is the host's."""
    engine = get_engine("pocketdragon")
    clock = FakeClock()
    setup = SPECS["pocketdragon"].setups[0]  # table mode, easy
    async with hosting(tmp_path, "pocketdragon", setup, 3, clock) as (_, hosted, url):
        ann = await join(url, hosted.codes[0])
        start = {"op": "act", "action": {"kind": "start"}}
        refused = await ann.ask(start)
        assert refused["error"]["rule"] == "PROTO-AWAY" and "Bo" in refused["error"]["message"]
        bo = await join(url, hosted.codes[1])
        clock.advance(2.5)
        assert (await ann.ask(start))["ok"]
        clock.advance(10)
        hosted.links[1].ws.transport.abort()
        await _away([ann], 1, connected=False)
        assert hosted.session.state.status == "paused"
        assert ann.connection.log[-1] == "Bo is away: the clocks are paused."
        assert "The clocks are paused until everyone is back." in ann.connection.notices[-1][1]
        hunger = hosted.session.view(0).model_dump()["clocks"]["hunger_left"]
        clock.advance(500)  # far past every timer: nothing runs while paused
        resume = await ann.ask({"op": "act", "action": {"kind": "resume"}})
        assert resume["error"]["rule"] == "PROTO-AWAY"
        for kind, cause in (("resume", "away"), ("pause", "reopened"), ("pause", "away")):
            forged = await ann.ask({"op": "act", "action": {"kind": kind, "cause": cause}})
            assert forged["error"]["rule"] == "PROTO-HOST"  # a seat cannot speak for the host
        await _away([ann], 1, connected=True)
        assert hosted.session.state.status == "running"
        assert ann.connection.log[-1] == "Everyone is back: the clocks run again."
        assert hosted.session.view(0).model_dump()["clocks"]["hunger_left"] == hunger
        for seat in (ann, bo):
            await seat.stop()
        await _away_from_host(hosted, 2)
        assert hosted.session.state.status == "paused"  # both gone
    record = Store(tmp_path / "tabletop.db").load_record(hosted.session.game_id)
    kinds = [(action["kind"], action.get("cause")) for action in record.actions]
    assert kinds == [("start", None), ("pause", "away"), ("resume", "away"), ("pause", "away")]
    again = replay(engine, record)
    assert engine.state_json(again) == engine.state_json(hosted.session.state)


async def _away_from_host(hosted: Any, seats: int) -> None:
    async with asyncio.timeout(10):
        while len(hosted.away) < seats:
            await asyncio.sleep(0.01)


# -- a real host process, killed and resumed ------------------------------------------


def _seen(seat: Process, moves: int) -> dict[str, Any]:
    """The seat's state once it is connected and has seen ``moves`` moves."""
    state = seat.ask({"op": "wait", "since": 0})
    while state["moves"] < moves or not state["connected"]:
        state = seat.ask({"op": "wait", "since": state["version"]})
    return state


def _play(seats: list[Process], rng: Rng, made: list[int], until: int) -> Any:
    """Random legal moves through the headless seats until ``until`` moves are made (each
    answered move's count in ``made``) or the game is over; its outcome then."""
    while len(made) < until:
        state = _seen(seats[0], len(made))
        if state["outcome"] is not None:
            return state["outcome"]
        seat = seats[rng.choice(state["to_act"])]
        _seen(seat, len(made))
        legal = seat.ask({"op": "legal"})["actions"]
        answer = seat.ask({"op": "act", "action": rng.choice(legal)})
        assert answer["ok"], answer
        made.append(answer["moves"])
    return None


def test_a_host_killed_mid_game_resumes_with_the_same_codes_and_the_seats_reconnect(
    tmp_path: Path,
) -> None:
    rng = Rng.from_seed(8)
    host, hosted = host_process(tmp_path, "spacepark", "--players", "Ann,Bo", "--seed", "8")
    url, game_id = hosted["url"], hosted["game_id"]
    codes = [seat["code"] for seat in hosted["seats"]]
    seats = [engine_seat(url, code) for code in codes]
    made: list[int] = []  # the move count of every act the host answered
    try:
        assert _play(seats, rng, made, 12) is None
        host.process.send_signal(signal.SIGKILL)
        host.process.wait(timeout=20)
        offline = seats[0].ask({"op": "legal"})
        assert offline["error"]["rule"] == "PROTO-OFFLINE"
        lost = seats[1].ask({"op": "wait", "since": 0})
        while lost["connected"]:
            lost = seats[1].ask({"op": "wait", "since": lost["version"]})
        # in players' words, once: not "Connection lost: connection lost"
        assert "Connection lost: the host stopped answering. Reconnecting." in lost["notices"]
        port = url.rsplit(":", 1)[1]
        host, again = host_process(tmp_path, "--resume", str(game_id), "--port", port)
        assert again["url"] == url and [s["code"] for s in again["seats"]] == codes
        outcome = _play(seats, rng, made, 10**6)  # each seat reconnects by itself
        assert made == list(range(1, len(made) + 1)), "a move answered as made was lost"
        finals = [_seen(seat, len(made)) for seat in seats]
        assert all(final["outcome"] == outcome and final["connected"] for final in finals)
        errs = [seat.end() for seat in seats]
        assert all("reconnecting in" in err for err in errs)
        host.process.wait(timeout=20)  # over, and every seat gone: the host ends
        assert host.process.returncode == 0
    finally:
        for process in (host, *seats):
            process.kill()
    engine = get_engine("spacepark")
    record = Store(tmp_path / "tabletop.db").load_record(game_id)
    assert len(record.actions) == len(made)
    end = engine.outcome(replay(engine, record))
    assert end is not None and end.model_dump(mode="json") == outcome
