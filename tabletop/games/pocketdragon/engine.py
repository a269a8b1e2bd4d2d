"""The Pocket Dragon engine: real-time co-op for two, time given as data."""

from __future__ import annotations

from typing import Any, ClassVar

from tabletop.core.engine import Engine, Outcome, Setup, Transition
from tabletop.core.rng import Rng
from tabletop.games.pocketdragon import clocks, rules
from tabletop.games.pocketdragon.content import ACTIVITY_COUNT, COLLECTION_SIZE
from tabletop.games.pocketdragon.model import (
    HAND_SIZE,
    LEVELS,
    SEATS,
    HandCard,
    PocketDragonAction,
    PocketDragonOptions,
    PocketDragonState,
    Table,
    check_state,
)
from tabletop.games.pocketdragon.view import PocketDragonView, build_view, score

LOSSES = {
    "main_timer": "The main timer ran out.",
    "hunger": "The dragon went hungry: it was not fed in time.",
    "unhappy": "The dragon's Happiness had to drop below zero.",
    "deck_empty": "A new Activity was needed and the deck was empty.",
}


class PocketDragonEngine(Engine[PocketDragonState, PocketDragonAction]):
    name = "pocketdragon"
    title = "Pocket Dragon"
    min_players = 2
    max_players = 2
    realtime = True
    state_type: ClassVar[type[Any]] = PocketDragonState
    action_type: ClassVar[Any] = PocketDragonAction
    options_type: ClassVar[type[PocketDragonOptions]] = PocketDragonOptions

    def new(self, setup: Setup, seed: int) -> PocketDragonState:
        self.check_players(setup)
        options = self.options(setup)
        assert isinstance(options, PocketDragonOptions)
        state = PocketDragonState(
            players=list(setup.players),
            mode=options.mode,
            difficulty=options.difficulty,
            rng=Rng.from_seed(seed),
            happiness=LEVELS[options.difficulty].happiness,
        )
        if options.mode == "table":
            state.table = _deal(state.rng)
        return state

    def check_state(self, state: PocketDragonState) -> None:
        check_state(state)

    def advance(self, state: PocketDragonState, now: float) -> Transition[PocketDragonState]:
        moved = state.clone()
        clocks.run_to(moved, clocks.to_ms(now))
        return Transition(moved)

    def apply(
        self, state: PocketDragonState, action: PocketDragonAction
    ) -> Transition[PocketDragonState]:
        now_ms = clocks.to_ms(action.now)
        moved = state.clone()
        clocks.run_to(moved, now_ms)
        rules.check(moved, action)
        events, hidden = rules.act(moved, action, max(now_ms, moved.now_ms))
        return Transition(moved, tuple(events), hidden)

    def legal_actions(self, state: PocketDragonState, seat: int) -> list[PocketDragonAction]:
        """Every action ``seat`` may take at the state's clock (``now`` is stamped with it;
        a caller re-stamps an action with its own clock when it is taken)."""
        return rules.legal(state, seat)

    def view(self, state: PocketDragonState, seat: int | None) -> PocketDragonView:
        return build_view(state, seat, self.to_act(state))

    def outcome(self, state: PocketDragonState) -> Outcome | None:
        if state.status == "won":
            points = score(state)
            praise = " Amazing!" if points > 15 else " Really good!" if points > 10 else ""
            return Outcome(
                scores=(points, points),
                winners=(0, 1),
                summary=f"The dragon is very happy! You scored {points}.{praise}",
            )
        if state.status == "lost" and state.loss is not None:
            return Outcome(scores=(0, 0), winners=(), summary=LOSSES[state.loss])
        return None

    def players(self, state: PocketDragonState) -> tuple[str, ...]:
        return tuple(state.players)

    def to_act(self, state: PocketDragonState) -> tuple[int, ...]:
        """Who is expected to act: anyone at the buttons, else the turn or the decision."""
        table = state.table
        if table is None or state.status in ("ready", "paused"):
            return (0, 1)
        if state.status != "running":
            return ()
        if table.clue is not None:
            return (1 - table.clue.asker,)
        if table.peek is not None:
            return (table.peek.seat,)
        if table.play is not None:
            player = table.play.seat
            if len(rules.needed_skills(table, table.play)) == 1:
                return tuple(sorted((player, 1 - player)))
            return (player,)
        return (table.turn,)


def _deal(rng: Rng) -> Table:
    grid: list[int | None] = list(range(COLLECTION_SIZE))
    rng.shuffle(grid)
    deck = list(range(ACTIVITY_COUNT))
    rng.shuffle(deck)
    hands = [[HandCard(deck.pop()) for _ in range(HAND_SIZE)] for _ in range(SEATS)]
    return Table(grid=grid, deck=deck, hands=hands, food=[[], []])
