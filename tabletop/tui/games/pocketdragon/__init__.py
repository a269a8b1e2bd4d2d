"""Pocket Dragon's UI: a screen per mode (companion.py, table.py) over what both share
(screen.py), its timer, and its replay hooks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.tui.games.pocketdragon import replay
from tabletop.tui.kits import UiKit, register_ui

if TYPE_CHECKING:
    from tabletop.core.table import Table
    from tabletop.tui.games.pocketdragon.screen import PocketDragonScreen


def pocket_dragon_screen(table: Table) -> type[PocketDragonScreen]:
    """The screen class of the game's mode (its ``mode`` option): the Companion's or
    the Table's."""
    from tabletop.games.pocketdragon.model import PocketDragonOptions

    options = table.engine.options(table.setup)
    assert isinstance(options, PocketDragonOptions)
    if options.mode == "companion":
        from tabletop.tui.games.pocketdragon.companion import CompanionScreen

        return CompanionScreen
    from tabletop.tui.games.pocketdragon.table import TableScreen

    return TableScreen


KIT = register_ui(
    UiKit("pocketdragon", pocket_dragon_screen, hand=replay.hand, measures=replay.measures)
)
