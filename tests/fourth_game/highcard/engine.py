"""High Card's rules (highcard.md), on the engine contract."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, Field

from tabletop.core.engine import Action, Engine, Event, Outcome, Setup, Transition, action, require
from tabletop.core.errors import IllegalAction
from tabletop.core.rng import Rng

CARDS = tuple(range(1, 11))


@action
class Swap(Action):
    kind: Literal["swap"] = "swap"


@action
class Stand(Action):
    kind: Literal["stand"] = "stand"


HighCardAction = Annotated[Swap | Stand, Field(discriminator="kind")]


class HighCardOptions(BaseModel):
    """High Card has no options."""


@dataclass(frozen=True)
class HighCardState:
    players: tuple[str, ...]
    rng: int
    deck: tuple[int, ...]
    """Face down, the top first."""
    cards: tuple[int, int]
    swapped: tuple[bool, bool]
    stood: tuple[bool, bool]
    active: int


class HighCardView(BaseModel):
    players: tuple[str, ...]
    card: int | None
    """The viewer's own card (None: a spectator)."""
    shown: tuple[int, int] | None
    """Both cards, once the game is over."""
    swapped: tuple[bool, bool]
    stood: tuple[bool, bool]
    active: int
    deck: int


def _set(pair: tuple[Any, Any], seat: int, value: Any) -> Any:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


class HighCardEngine(Engine[HighCardState, Swap | Stand]):
    name: ClassVar[str] = "highcard"
    title: ClassVar[str] = "High Card"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    state_type: ClassVar[type[Any]] = HighCardState
    action_type: ClassVar[Any] = HighCardAction
    options_type: ClassVar[type[BaseModel]] = HighCardOptions

    def new(self, setup: Setup, seed: int) -> HighCardState:
        self.check_players(setup)
        self.options(setup)
        rng = Rng.from_seed(seed)
        deck = list(CARDS)
        rng.shuffle(deck)
        cards, no = (deck[0], deck[1]), (False, False)
        return HighCardState(setup.players, rng.state, tuple(deck[2:]), cards, no, no, 0)

    def players(self, state: HighCardState) -> tuple[str, ...]:
        return state.players

    def to_act(self, state: HighCardState) -> tuple[int, ...]:
        return () if all(state.stood) else (state.active,)

    def legal_actions(self, state: HighCardState, seat: int) -> list[Swap | Stand]:
        if seat not in self.to_act(state):
            return []
        stand: list[Swap | Stand] = [Stand(seat=seat)]
        return stand if state.swapped[seat] else [Swap(seat=seat), *stand]

    def apply(self, state: HighCardState, action: Swap | Stand) -> Transition[HighCardState]:
        seat = action.seat
        if all(state.stood):
            raise IllegalAction("HC-END-2", "The game is over.")
        if seat != state.active:
            raise IllegalAction("HC-TURN-1", f"It is {state.players[state.active]}'s turn.")
        name = state.players[seat]
        other = 1 - seat
        following = other if not state.stood[other] else seat
        if isinstance(action, Stand):
            after = replace(state, stood=_set(state.stood, seat, True), active=following)
            return Transition(after, (Event(f"{name} stands."),))
        if state.swapped[seat]:
            raise IllegalAction("HC-SWAP-1", "You have swapped once already.")
        drawn, deck = state.deck[0], (*state.deck[1:], state.cards[seat])
        after = replace(
            state,
            deck=deck,
            cards=_set(state.cards, seat, drawn),
            swapped=_set(state.swapped, seat, True),
            active=following,
        )
        events = (Event(f"{name} swaps."), Event(f"You draw {drawn}.", private_to=seat))
        return Transition(after, events, hidden=True)

    def view(self, state: HighCardState, seat: int | None) -> HighCardView:
        return HighCardView(
            players=state.players,
            card=None if seat is None else state.cards[seat],
            shown=state.cards if all(state.stood) else None,
            swapped=state.swapped,
            stood=state.stood,
            active=state.active,
            deck=len(state.deck),
        )

    def outcome(self, state: HighCardState) -> Outcome | None:
        if not all(state.stood):
            return None
        winner = 0 if state.cards[0] > state.cards[1] else 1
        return Outcome(
            scores=state.cards,
            winners=(winner,),
            summary=f"{state.players[winner]} wins with {state.cards[winner]}.",
        )

    def check_state(self, state: HighCardState) -> None:
        require(sorted((*state.deck, *state.cards)) == list(CARDS), "the ten cards, each once")
        require(state.active in (0, 1), f"seat {state.active} is not at the table")
        require(all(state.stood) or not state.stood[state.active], "a seat that stood acts")


ENGINE = HighCardEngine()
