"""Pocket Dragon in a replay: each hand and the chart's measures."""

from __future__ import annotations

from typing import Any

from tabletop.core.replay import ReplaySession


def hand(session: ReplaySession, seat: int) -> list[str]:
    from tabletop.games.pocketdragon.view import PocketDragonView

    partner = session.view(1 - seat)  # nobody sees their own hand (PD-TALK-2)
    assert isinstance(partner, PocketDragonView)
    table = partner.table
    cards = table.hands[seat] if table is not None else ()
    return [card.activity.name for card in cards if card.activity is not None]


def measures(view: Any) -> dict[str, float]:
    return {"Happiness": view.happiness, "Minutes left": view.clocks.main_left / 60}
