"""Space Park in a replay: each hand and the chart's measures."""

from __future__ import annotations

from typing import Any

from tabletop.core.replay import ReplaySession


def hand(session: ReplaySession, seat: int) -> list[str]:
    from tabletop.games.spacepark.view import SpaceParkView

    view = session.view(seat)
    assert isinstance(view, SpaceParkView)
    return [badge.name for badge in view.hand]


def measures(view: Any) -> dict[str, float]:
    return {f"{p.name} XP": p.xp for p in view.players}
