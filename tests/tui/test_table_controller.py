"""The table behind every game screen (tui/tables.py): a real-time bot seat plays from
the screen's clock ticks, and no screen asks which kind of table it has."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel

from tabletop.core.bot import PacedBot
from tabletop.core.clock import FakeClock
from tabletop.core.engine import Action
from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games.pocketdragon.content import cards
from tabletop.games.pocketdragon.engine import ENGINE
from tabletop.games.pocketdragon.model import PocketDragonState
from tabletop.games.pocketdragon.rules import face_down, needed_skills
from tabletop.games.pocketdragon.view import PocketDragonView
from tabletop.tui.app import TabletopApp
from tabletop.tui.games.pocketdragon.screen import Handover
from tabletop.tui.games.pocketdragon.table import TableScreen
from tabletop.tui.tables import LocalTable
from tests.tui.test_pocketdragon_screens import move_to

TUI = Path(__file__).parents[2] / "tabletop" / "tui"
A = TypeVar("A", bound=Action)
SIZE = (120, 36)


class ScriptedSeat(PacedBot):
    """A real-time bot seat: a second of game time after each change it plays its turn's
    first Activity, else it looks again half a second later."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.seen: list[PocketDragonView] = []

    def changed(self, view: BaseModel) -> None:
        assert isinstance(view, PocketDragonView)
        self.seen.append(view)
        self.due = view.clock + 1.0

    def move(self, view: BaseModel, legal: Sequence[A]) -> A | None:
        assert isinstance(view, PocketDragonView)
        plays = [a for a in legal if getattr(a, "kind", None) == "play"]
        if plays:
            return plays[0]
        self.due = view.clock + 0.5
        return None


def state(session: GameSession) -> PocketDragonState:
    assert isinstance(session.state, PocketDragonState)
    return session.state


async def test_a_real_time_bot_seat_plays_from_the_clock_ticks_with_no_curtain(
    store: Store,
) -> None:
    """The second seat of a table-mode game is a scripted real-time bot: it sees each
    change in its own seat's view, moves once the game clock reaches its ``due``, and the
    screen never hands it the keyboard (no curtain, the person's view throughout)."""
    seats = (SeatInfo("Ann"), SeatInfo("Robo", "quick"))
    session = GameSession.start(store, ENGINE, seats, {"mode": "table"}, 2024)
    robo = ScriptedSeat(1)
    app = TabletopApp(store)
    clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        screen = TableScreen(LocalTable(session, paced={1: robo}), app.settings, clock=clock)
        app.push_screen(screen)
        await pilot.pause()
        assert app.screen is screen and screen.viewer == 0  # one person here: no curtain
        assert screen.bots == {}  # the paced seat takes no turns in a thread
        await pilot.press("space")
        assert [a["kind"] for a in session.record.actions] == ["start"]
        assert robo.seen and all(view.seat == 1 for view in robo.seen)
        turn = state(session).table
        assert turn is not None and turn.turn == 0
        # Ann plays her first Activity and flips its Skills (looking under the cards);
        # then the turn is Robo's, played from the clock ticks alone.
        while (tbl := state(session).table) is not None and tbl.turn == 0:
            if tbl.play is None:
                await pilot.press("1", "p")
            else:
                skill = needed_skills(tbl, tbl.play)[0]
                collection = cards().collection
                place = next(
                    p for p in face_down(tbl) if collection[tbl.grid[p] or 0].skill == skill
                )
                await move_to(pilot, screen, place)
                await pilot.press("f")
            await pilot.pause()
            assert not isinstance(app.screen, Handover)
        assert screen.viewer == 0
        played = len(session.record.actions)
        for _ in range(3):  # 0.75 s: not due yet (a second after the change)
            clock.advance(0.25)
            screen.tick()
            await pilot.pause()
        assert len(session.record.actions) == played
        clock.advance(0.5)
        screen.tick()
        await pilot.pause()
        last = session.record.actions[-1]
        assert (last["kind"], last["seat"]) == ("play", 1)
        assert app.screen is screen and screen.viewer == 0


def test_no_screen_asks_where_its_table_lives() -> None:
    """The screens read what they need of the table from its controller: none tests for
    a session, a hosted seat or a replay, nor keeps one of its own."""
    where = re.compile(
        r"\.local\b|\.remote\b|isinstance\([^)]*"
        r"(GameSession|RemoteTable|ReplaySession|LocalTable|RemoteSeat|ReplayTable)"
    )
    screens = [*(TUI / "screens").rglob("*.py"), *(TUI / "games").rglob("*.py")]
    found = [
        f"{path.relative_to(TUI)}:{number}"
        for path in screens
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if where.search(line)
    ]
    assert len(screens) > 20 and found == []
