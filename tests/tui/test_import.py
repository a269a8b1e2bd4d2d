"""Continue's import and export (issue 26 items 2 and 10, issue 28 item 3): the picker
offers regular game files only, a game already here is offered to be opened rather than
stored twice, an unfinished game's export warns of its hidden cards, and at 80 columns
the times that tell two games apart stay whole."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import DataTable, OptionList

from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games.pocketparks.engine import ENGINE
from tabletop.tui.app import TabletopApp
from tabletop.tui.dialogs import Confirm
from tabletop.tui.games.pocketparks.screen import PocketParksScreen
from tabletop.tui.screens.saved import ContinueScreen, ImportScreen
from tabletop.tui.widgets.curtain import Curtain

NAMES = ("Annabelle-Marie", "Bartholomew-Jon", "Cassiopeia-Lee")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(tmp_path / "data" / "tabletop.db")
    yield s
    s.close()


def _game(store: Store, seed: int = 2) -> int:
    session = GameSession.start(store, ENGINE, tuple(map(SeatInfo, NAMES)), {}, seed)
    for _ in range(3):
        session.act(session.legal_actions(session.to_act[0])[0])
    return session.game_id


async def test_export_then_import_of_the_same_game_offers_to_open_it(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    game_id = _game(store)
    os.mkfifo(tmp_path / "fifo.json")
    (tmp_path / "dir.json").mkdir()
    app = TabletopApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        continuing = app.screen
        assert isinstance(continuing, ContinueScreen)
        table = continuing.query_one(DataTable)
        row = [str(cell) for cell in table.get_row_at(0)]
        assert row[1].endswith("…") and row[4] == str(row[4]).strip()  # the players cut
        drawn = "\n".join(strip.text for strip in continuing._compositor.render_strips())
        assert row[4] in drawn and row[2] in drawn  # both times whole at 80 columns
        await pilot.press("x")
        await pilot.pause()
        [exported] = tmp_path.glob("tabletop-pocketparks-*.json")
        warned = [n for n in app._notifications if n.title == "Exported"]
        assert warned and "the file holds every hidden card" in warned[-1].message
        await pilot.press("i")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, ImportScreen)
        assert [path.name for path in picker.files] == [exported.name]  # no FIFO, no folder
        picker.query_one(OptionList).highlighted = 0
        await pilot.press("enter")
        await pilot.pause()
        offer = app.screen
        assert isinstance(offer, Confirm)
        assert f"already saved here (game {game_id}, in Continue)" in offer.heading.plain
        assert f"Open game {game_id} instead?" in offer.heading.plain
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, Curtain | PocketParksScreen)
    assert [g.id for g in store.unfinished()] == [game_id]  # no copy was stored
