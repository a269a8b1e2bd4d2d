"""PocketParks' UI: its screen, widgets and modals, and its replay hooks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.tui.games.pocketparks import replay
from tabletop.tui.kits import UiKit, register_ui

if TYPE_CHECKING:
    from tabletop.core.table import Table
    from tabletop.tui.games.pocketparks.screen import PocketParksScreen


def pocket_parks_screen(table: Table) -> type[PocketParksScreen]:
    from tabletop.tui.games.pocketparks.screen import PocketParksScreen

    return PocketParksScreen


KIT = register_ui(
    UiKit(
        "pocketparks",
        pocket_parks_screen,
        hand=replay.hand,
        measures=replay.measures,
        move_words=replay.move_words,
        step_words=replay.step_words,
    )
)
