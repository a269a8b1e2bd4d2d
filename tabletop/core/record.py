"""A game record: setup, seed and actions (and, for a real-time game its clock ended,
the clock reading then). Replaying it rebuilds the state exactly."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from tabletop.core.engine import Engine, Setup


class GameRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str
    setup: Setup
    seed: int
    actions: list[dict[str, Any]] = []
    # A real-time game that ended on the clock rather than by an action: when.
    ended_at: float | None = None


def replay(engine: Engine[Any, Any], record: GameRecord, upto: int | None = None) -> Any:
    """The state after the first ``upto`` actions of the record (all by default, then
    the clock run to ``ended_at`` if the game ended on it).

    Raises IllegalAction if an action no longer applies: the record and the
    rules disagree, which a caller must report rather than hide.
    """
    state = engine.new(record.setup, record.seed)
    for data in record.actions[:upto]:
        state = engine.apply(state, engine.parse_action(data)).state
    if record.ended_at is not None and (upto is None or upto >= len(record.actions)):
        state = engine.advance(state, record.ended_at).state
    return state
