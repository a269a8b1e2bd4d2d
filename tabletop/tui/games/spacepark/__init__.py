"""Space Park's UI: its screen and board, and its replay hooks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.tui.games.spacepark import replay
from tabletop.tui.kits import UiKit, register_ui

if TYPE_CHECKING:
    from tabletop.core.table import Table
    from tabletop.tui.games.spacepark.screen import SpaceParkScreen


def space_park_screen(table: Table) -> type[SpaceParkScreen]:
    from tabletop.tui.games.spacepark.screen import SpaceParkScreen

    return SpaceParkScreen


KIT = register_ui(UiKit("spacepark", space_park_screen, hand=replay.hand, measures=replay.measures))
