"""PocketParks on the engine contract (core/engine.py): the rules are in rules.py."""

from __future__ import annotations

from tabletop.core.engine import Engine, Outcome, Setup, Transition
from tabletop.games.pocketparks import rules
from tabletop.games.pocketparks.model import PocketParksState, PPAction, PPOptions, check_state
from tabletop.games.pocketparks.view import PPView, build_view, position_line


class PocketParksEngine(Engine[PocketParksState, PPAction]):
    name = "pocketparks"
    title = "PocketParks"
    min_players = 2
    max_players = 5
    state_type = PocketParksState
    action_type = PPAction
    options_type = PPOptions

    def new(self, setup: Setup, seed: int) -> PocketParksState:
        self.check_players(setup)
        options = self.options(setup)
        assert isinstance(options, PPOptions)
        return rules.new(setup.players, options, seed)

    def check_state(self, state: PocketParksState) -> None:
        check_state(state, rules.CONTENT)

    def players(self, state: PocketParksState) -> tuple[str, ...]:
        return tuple(p.name for p in state.players)

    def to_act(self, state: PocketParksState) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal_actions(self, state: PocketParksState, seat: int) -> list[PPAction]:
        return rules.legal_actions(state, seat)

    def apply(self, state: PocketParksState, action: PPAction) -> Transition[PocketParksState]:
        return rules.apply(state, action)

    def outcome(self, state: PocketParksState) -> Outcome | None:
        return rules.outcome(state)

    def view(self, state: PocketParksState, seat: int | None) -> PPView:
        return build_view(state, seat)

    def position(self, state: PocketParksState) -> str:
        return position_line(build_view(state, None))


ENGINE = PocketParksEngine()
