"""A hosted Pocket Dragon game whose second seat is the partner bot (issue 29 item 4): the
host plays it at its reaction time on the host's clock, one person joins the other seat;
the bot's seat has no join code (nobody can take it and see their own hand through it),
is never away, and the person's updates never hold their own hand."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tabletop.core.clock import FakeClock
from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games import get_engine, kit
from tabletop.games.pocketdragon.content import cards
from tabletop.net.client import Refused
from tabletop.net.host import HostArgs, announce, open_game
from tabletop.net.server import Host, HostError
from tests.net.netkit import join, latest, quiet, settle

TABLE = {"mode": "table", "difficulty": "easy"}


async def _until(holds: Callable[[], bool]) -> None:
    async with asyncio.timeout(10):
        while not holds():
            await asyncio.sleep(0.01)


@pytest.mark.rule("PD-BOT-1", "PD-TALK-2")
async def test_the_host_plays_the_partner_for_a_person_at_their_own_screen(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "tabletop.db")
    engine = get_engine("pocketdragon")
    seats = (SeatInfo("Ann"), SeatInfo("Bo", "quick"))
    session = GameSession.start(store, engine, seats, TABLE, 4)
    clock = FakeClock()
    host = Host(clock, report=quiet)
    codes = ["ann-code-" + "a" * 16, "bo-code-" + "b" * 16]
    hosted = host.add(session, codes)
    assert host.seat_of(codes[1]) is None  # the bot's seat is joined by nobody
    port = await host.start("127.0.0.1", 0)
    url = f"ws://127.0.0.1:{port}"
    try:
        with pytest.raises(Refused):
            await join(url, codes[1])
        ann = await join(url, codes[0])
        assert hosted.away == []  # the bot is always here: nothing waits for it
        assert (await ann.ask({"op": "act", "action": {"kind": "start"}}))["ok"]
        look = {"kind": "peek", "places": [0, 1]}
        assert (await ann.ask({"op": "act", "action": look}))["ok"]
        assert (await ann.ask({"op": "act", "action": {"kind": "end_peek"}}))["ok"]
        clock.advance(0.3)
        await asyncio.sleep(0.3)  # the host's pacer looks: not due yet (0.6 s)
        moves = session.moves
        assert moves == 3  # start, Ann's look, its end: the partner's 0.6 s are not up
        for _ in range(20):  # the partner moves at its reaction time as the clock runs
            clock.advance(0.35)
            await asyncio.sleep(0.12)
        # its turn: a look and its end, each 0.6 s (quick) after the table changed; then
        # it is Ann's turn again, and the partner waits for her
        actions = session.record.actions
        assert [a["kind"] for a in actions[moves:]] == ["peek", "end_peek"]
        assert all(a["seat"] == 1 for a in actions[moves:])
        assert actions[moves]["now"] - actions[moves - 1]["now"] >= 0.6
        assert actions[moves + 1]["now"] - actions[moves]["now"] >= 0.6
        await settle([ann], session.moves)
        assert any(line.startswith("Bo ") for line in ann.connection.log)
        # her own hand and the deck (the face-down cards her look showed she may know)
        table = session.state.table
        deck = cards()
        hidden = [h.activity for h in table.hands[0]] + list(table.deck)
        secrets = {f'"{deck.activities[a].id}"' for a in hidden}
        assert secrets <= kit("pocketdragon").playtest.secrets(session.state, 0)
        for message in ann.received:
            assert not any(secret in message for secret in secrets)
        view = latest(ann)["view"]
        assert all(card["activity"] is None for card in view["table"]["hands"][0])
        assert all(card["activity"] is not None for card in view["table"]["hands"][1])
        await ann.stop()
    finally:
        await host.close()
        store.close()


def test_tabletop_host_takes_a_partner_seat_and_announces_it_without_a_code(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "tabletop.db")
    args = HostArgs(
        tmp_path, "pocketdragon", "Ann,Bo:quick", json.dumps(TABLE), 3, None, "127.0.0.1", 0, None
    )
    session, codes = open_game(store, args)
    line, said = announce(session, codes, "127.0.0.1", 4000, False)
    seats = json.loads(line)["seats"]
    assert seats[0]["code"] == codes[0] and "code" not in seats[1]
    assert seats[1]["bot"] == "quick"
    assert f"Ann: {codes[0]}" in said and codes[1] not in said
    assert "Bo: a bot (Partner, quick), played here by the host" in said
    companion = HostArgs(
        tmp_path, "pocketdragon", "Ann,Bo:quick", '{"mode": "companion"}', 3, None, "x", 0, None
    )
    with pytest.raises(HostError, match=r"table mode only \(PD-BOT-1\)"):
        open_game(store, companion)
    parks = HostArgs(tmp_path, "pocketparks", "Ann,Bo:hard", "{}", 3, None, "x", 0, None)
    with pytest.raises(HostError, match="played by people only"):
        open_game(store, parks)
    store.close()
