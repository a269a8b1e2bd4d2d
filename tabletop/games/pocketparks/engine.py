"""PocketParks on the engine contract (core/engine.py): the rules are in rules.py."""

from __future__ import annotations

from tabletop.core.engine import Engine, Outcome, Setup, Transition
from tabletop.games.pocketparks import rules
from tabletop.games.pocketparks.model import PPAction, PPOptions, PPState, check_state
from tabletop.games.pocketparks.view import PPView, build_view, position_line


class PocketParksEngine(Engine[PPState, PPAction]):
    name = "pocketparks"
    title = "PocketParks"
    min_players = 2
    max_players = 5
    state_type = PPState
    action_type = PPAction
    options_type = PPOptions

    def new(self, setup: Setup, seed: int) -> PPState:
        self.check_players(setup)
        options = self.options(setup)
        assert isinstance(options, PPOptions)
        return rules.new(setup.players, options, seed)

    def check_state(self, state: PPState) -> None:
        check_state(state, rules.CONTENT)

    def players(self, state: PPState) -> tuple[str, ...]:
        return tuple(p.name for p in state.players)

    def to_act(self, state: PPState) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal_actions(self, state: PPState, seat: int) -> list[PPAction]:
        return rules.legal_actions(state, seat)

    def apply(self, state: PPState, action: PPAction) -> Transition[PPState]:
        return rules.apply(state, action)

    def outcome(self, state: PPState) -> Outcome | None:
        return rules.outcome(state)

    def view(self, state: PPState, seat: int | None) -> PPView:
        return build_view(state, seat)

    def position(self, state: PPState) -> str:
        return position_line(build_view(state, None))


ENGINE = PocketParksEngine()
