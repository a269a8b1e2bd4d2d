"""Helpers for Space Park tests: fixed boards and acting."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.core.engine import Setup, Transition
from tabletop.games.spacepark.engine import ENGINE
from tabletop.games.spacepark.model import Dest, SpaceParkAction, SpaceParkState

NAMES = ("Ann", "Bob", "Cy", "Di")
# A fixed clockwise ring in which the rulebook's rocket example holds:
# Lunar Woods, Celestial Seas, Cosmic Canyon, then Outpost 13.
RING: tuple[Dest, ...] = (
    "starlight_station",
    "lunar_woods",
    "celestial_seas",
    "cosmic_canyon",
    "outpost13",
    "fusion_falls",
    "astral_arcade",
)


class Table:
    engine = ENGINE

    def new(self, players: int = 2, seed: int = 7, **options: Any) -> SpaceParkState:
        """A fresh game on the fixed ring, rockets and Scout where setup puts them."""
        state = ENGINE.new(Setup(players=NAMES[:players], options=options), seed)
        state.ring = RING
        state.rockets = [RING.index(d) for d in ("cosmic_canyon", "celestial_seas", "lunar_woods")]
        state.scout = RING.index("astral_arcade")
        return state

    def rockets(self, state: SpaceParkState, *dests: Dest) -> None:
        state.rockets = [state.ring.index(d) for d in dests]

    def rocket_dests(self, state: SpaceParkState) -> set[str]:
        return {state.ring[p] for p in state.rockets}

    def scout(self, state: SpaceParkState, dest: Dest) -> None:
        state.scout = state.ring.index(dest)

    def give(
        self,
        state: SpaceParkState,
        seat: int,
        sun: int = 0,
        moon: int = 0,
        sea: int = 0,
        passes: int = 0,
    ) -> None:
        """Move resources from the supply to a player (keeps the totals)."""
        for slot, n in enumerate((sun, moon, sea, passes)):
            assert state.supply[slot] >= n
            state.supply[slot] -= n
            state.players[seat].stock[slot] += n

    def hand(self, state: SpaceParkState, seat: int, *badge_ids: str) -> None:
        """Put these badges in the seat's hand (taken from wherever they are)."""
        for b in badge_ids:
            for pile in (
                state.deck,
                state.revealed,
                state.scout_stack,
                *(p.hand for p in state.players),
            ):
                if b in pile:
                    pile.remove(b)
                    break
            state.players[seat].hand.append(b)

    def earned(self, state: SpaceParkState, seat: int, *badge_ids: str) -> None:
        self.hand(state, seat, *badge_ids)
        for b in badge_ids:
            state.players[seat].hand.remove(b)
            state.players[seat].earned.append(b)

    def action(self, seat: int, kind: str, **fields: Any) -> SpaceParkAction:
        """An action given as JSON fields."""
        return ENGINE.parse_action({"kind": kind, "seat": seat, **fields})

    def act(
        self, state: SpaceParkState, seat: int, kind: str, **fields: Any
    ) -> Transition[SpaceParkState]:
        """Apply an action given as JSON fields; the given state must not change."""
        before = ENGINE.state_json(state)
        action = self.action(seat, kind, **fields)
        assert action in ENGINE.legal_actions(state, seat), f"not listed as legal: {action}"
        transition = ENGINE.apply(state, action)
        assert ENGINE.state_json(state) == before
        return transition

    def options(self, state: SpaceParkState, seat: int) -> list[Any]:
        """The seat's legal actions, for a test to look into: never an empty list (an
        assertion over no options at all holds whatever the rules say)."""
        actions = ENGINE.legal_actions(state, seat)
        assert actions, f"seat {seat} has no legal action here: nothing to inspect"
        return actions

    def texts(self, transition: Transition[SpaceParkState], seat: int | None = None) -> list[str]:
        return [e.text for e in transition.events if e.private_to in (None, seat)]


@pytest.fixture
def sp() -> Table:
    return Table()
