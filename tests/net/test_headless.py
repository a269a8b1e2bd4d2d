"""The headless seat's own protocol: `wait` (since a version, with a timeout), its
refusals, and a whole game played by two real `tabletop join --engine` processes the
way a bot in another language would."""

from __future__ import annotations

from pathlib import Path

from tabletop.core.rng import Rng
from tests.hardening.harness import SPECS
from tests.net.netkit import engine_seat, host_process, hosting, join, settle

TWO = SPECS["spacepark"].setups[1]  # Ann and Bo


async def test_wait_answers_once_the_game_moved_on_or_at_its_timeout(tmp_path: Path) -> None:
    async with hosting(tmp_path, "spacepark", TWO, 3) as (_, hosted, url):
        ann, bo = [await join(url, code) for code in hosted.codes]
        await settle([ann, bo], 0)
        now = await bo.ask({"op": "wait", "since": 0})
        assert now["connected"] and now["moves"] == 0 and now["to_act"] == [0]
        assert now["events"] == hosted.session.log(1) and now["legal"] == []
        assert "Bo joined." in now["notices"]
        idle = await bo.ask({"op": "wait", "since": now["version"], "timeout": 0.05})
        assert idle["version"] == now["version"] and idle["events"] == []
        legal = (await ann.ask({"op": "legal"}))["actions"]
        acted = await ann.ask({"op": "act", "action": legal[0]})
        assert acted["ok"] and acted["version"] > now["version"]
        assert set(acted) == {"ok", "version", "moves", "to_act", "outcome", "events"}
        assert acted["events"] and acted["events"] == hosted.session.log(0)[-len(acted["events"]) :]
        moved = await bo.ask({"op": "wait", "since": now["version"]})
        assert moved["moves"] == 1 and moved["to_act"] == list(hosted.session.to_act)
        assert moved["events"] == hosted.session.log(1)[len(now["events"]) :]
        assert moved["view"] == hosted.session.view(1).model_dump(mode="json")
        for request, rule in (
            ({"op": "wait", "since": "now"}, "PROTO-ARGS"),
            ({"op": "wait", "since": True}, "PROTO-ARGS"),
            ({"op": "wait", "timeout": -1}, "PROTO-ARGS"),
            ({"op": "wait", "timeout": "soon"}, "PROTO-ARGS"),
            ({"op": "schema"}, "PROTO-OP"),
        ):
            assert (await bo.ask(request))["error"]["rule"] == rule, request
        unknown = await bo.ask({"op": "fly"})
        assert "legal, view, act, wait" in unknown["error"]["message"]
        assert (await bo.bridge.handle(b"\xff\xfe"))["error"]["rule"] == "PROTO-JSON"
        for seat in (ann, bo):
            await seat.stop()


def test_two_bots_play_a_whole_game_through_tabletop_join(tmp_path: Path) -> None:
    host, hosted = host_process(tmp_path, "spacepark", "--players", "Ann,Bo", "--seed", "4")
    seats = [engine_seat(hosted["url"], s["code"]) for s in hosted["seats"]]
    try:
        rng = Rng.from_seed(4)
        versions = [0, 0]
        outcome = None
        while outcome is None:
            for number, seat in enumerate(seats):
                state = seat.ask({"op": "wait", "since": versions[number], "timeout": 5})
                versions[number] = state["version"]
                outcome = state["outcome"]
                if outcome is None and number in state["to_act"]:
                    answer = seat.ask({"op": "act", "action": rng.choice(state["legal"])})
                    assert answer["ok"], answer
        for seat in seats:
            seat.end()
        host.process.wait(timeout=20)
        assert host.process.returncode == 0
        assert outcome["summary"] and len(outcome["scores"]) == 2
    finally:
        for process in (host, *seats):
            process.kill()
