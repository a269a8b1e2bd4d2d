"""Space Park on the engine contract (core/engine.py): the rules are in rules.py."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from tabletop.core.engine import Engine, Outcome, Setup, Transition
from tabletop.core.names import name_key
from tabletop.games.spacepark import rules
from tabletop.games.spacepark.model import (
    SCOUT_KEY,
    SCOUT_NAME_REFUSED,
    SpaceParkAction,
    SpaceParkOptions,
    SpaceParkState,
    check_state,
)
from tabletop.games.spacepark.view import SpaceParkView, build_view, position_line


class SpaceParkEngine(Engine[SpaceParkState, Any]):
    name: ClassVar[str] = "spacepark"
    title: ClassVar[str] = "Space Park"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4
    state_type: ClassVar[type[Any]] = SpaceParkState
    action_type: ClassVar[Any] = SpaceParkAction
    options_type: ClassVar[type[BaseModel]] = SpaceParkOptions
    compact_actions: ClassVar[bool] = True  # a visit's choices are mostly not made

    def new(self, setup: Setup, seed: int) -> SpaceParkState:
        self.check_players(setup)  # SP-SETUP-7
        options = self.options(setup)
        assert isinstance(options, SpaceParkOptions)
        return rules.new(setup.players, options, seed)

    def check_players(self, setup: Setup) -> None:
        super().check_players(setup)
        if len(setup.players) == 1 and name_key(setup.players[0]) == SCOUT_KEY:
            raise ValueError(SCOUT_NAME_REFUSED)

    def check_state(self, state: SpaceParkState) -> None:
        check_state(state, rules.xp_of, rules.WIN_XP)

    def players(self, state: SpaceParkState) -> tuple[str, ...]:
        return tuple(p.name for p in state.players)

    def to_act(self, state: SpaceParkState) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal_actions(self, state: SpaceParkState, seat: int) -> list[Any]:
        return rules.legal_actions(state, seat)

    def apply(self, state: SpaceParkState, action: Any) -> Transition[SpaceParkState]:
        return rules.apply(state, action)

    def outcome(self, state: SpaceParkState) -> Outcome | None:
        return rules.outcome(state)

    def view(self, state: SpaceParkState, seat: int | None) -> SpaceParkView:
        return build_view(state, seat, rules.to_act(state))

    def position(self, state: SpaceParkState) -> str:
        return position_line(self.view(state, None))


ENGINE = SpaceParkEngine()
