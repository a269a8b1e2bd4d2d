"""Pocket Dragon on the engine contract (core/engine.py): the rules are in rules.py.
Real time: time is given as data (each action's ``now``, ``advance``)."""

from __future__ import annotations

from typing import Any, ClassVar

from tabletop.core.engine import Engine, Outcome, Setup, Transition
from tabletop.games.pocketdragon import rules
from tabletop.games.pocketdragon.model import (
    PocketDragonAction,
    PocketDragonOptions,
    PocketDragonState,
    check_state,
)
from tabletop.games.pocketdragon.view import PocketDragonView, build_view, position_line


class PocketDragonEngine(Engine[PocketDragonState, PocketDragonAction]):
    name = "pocketdragon"
    title = "Pocket Dragon"
    min_players = 2
    max_players = 2
    realtime = True
    state_type: ClassVar[type[Any]] = PocketDragonState
    action_type: ClassVar[Any] = PocketDragonAction
    options_type: ClassVar[type[PocketDragonOptions]] = PocketDragonOptions
    compact_actions: ClassVar[bool] = True  # a pause's cause is mostly a player's: None

    def new(self, setup: Setup, seed: int) -> PocketDragonState:
        self.check_players(setup)
        options = self.options(setup)
        assert isinstance(options, PocketDragonOptions)
        return rules.new(setup.players, options, seed)

    def check_state(self, state: PocketDragonState) -> None:
        check_state(state)

    def players(self, state: PocketDragonState) -> tuple[str, ...]:
        return tuple(state.players)

    def to_act(self, state: PocketDragonState) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal_actions(self, state: PocketDragonState, seat: int) -> list[PocketDragonAction]:
        """Every action ``seat`` may take at the state's clock (``now`` is stamped with it;
        a caller re-stamps an action with its own clock when it is taken)."""
        return rules.legal_actions(state, seat)

    def apply(
        self, state: PocketDragonState, action: PocketDragonAction
    ) -> Transition[PocketDragonState]:
        return rules.apply(state, action)

    def advance(self, state: PocketDragonState, now: float) -> Transition[PocketDragonState]:
        return rules.advance(state, now)

    def irreversible(self, action: PocketDragonAction) -> str | None:
        return rules.irreversible(action)

    def outcome(self, state: PocketDragonState) -> Outcome | None:
        return rules.outcome(state)

    def view(self, state: PocketDragonState, seat: int | None) -> PocketDragonView:
        return build_view(state, seat, rules.to_act(state))

    def position(self, state: PocketDragonState) -> str:
        return position_line(self.view(state, None))


ENGINE = PocketDragonEngine()
