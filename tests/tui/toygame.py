"""A tiny TEST-ONLY game for the session and app tests: two seats, a hidden hand
each, a shuffled deck to draw from (random: an undo barrier), public bets (plain
moves that may be undone) and plays that reveal a card (also a barrier).

Turn: bet any number of times, then draw or play a card; playing passes the
turn. The game ends when each seat has played two cards; the higher total of
played cards plus bets wins. Its one bot level, easy, plays at random.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Annotated, Literal, TypeVar

from pydantic import BaseModel, Field

from tabletop.core.bot import BotFactory, RandomBot
from tabletop.core.engine import (
    Action,
    Engine,
    Event,
    Outcome,
    Setup,
    Transition,
    action,
    require,
    require_each_once,
)
from tabletop.core.errors import IllegalAction
from tabletop.core.rng import Rng

T = TypeVar("T")


@action
class Bet(Action):
    kind: Literal["bet"] = "bet"
    amount: Annotated[int, Field(ge=1, le=3)]


@action
class Draw(Action):
    kind: Literal["draw"] = "draw"


@action
class Play(Action):
    kind: Literal["play"] = "play"
    card: int


ToyAction = Annotated[Bet | Draw | Play, Field(discriminator="kind")]


class ToyOptions(BaseModel):
    hand_size: int = Field(default=2, ge=1, le=4, description="cards dealt to each player")
    open_hands: bool = Field(default=False, description="play with the hands face up")


@dataclass(frozen=True)
class ToyState:
    players: tuple[str, ...]
    rng: int
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    played: tuple[tuple[int, ...], ...]
    bets: tuple[int, ...]
    active: int


class ToyView(BaseModel):
    players: tuple[str, ...]
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    played: tuple[tuple[int, ...], ...]
    bets: tuple[int, ...]
    active: int
    deck: int


class ToyEngine(Engine[ToyState, Bet | Draw | Play]):
    name = "toygame"
    title = "Toy Game"
    min_players = 2
    max_players = 2
    state_type = ToyState
    action_type = ToyAction
    options_type = ToyOptions

    def new(self, setup: Setup, seed: int) -> ToyState:
        self.check_players(setup)
        options = ToyOptions.model_validate(setup.options)
        rng = Rng.from_seed(seed)
        deck = list(range(1, 21))
        rng.shuffle(deck)
        n = options.hand_size
        hands = (tuple(deck[:n]), tuple(deck[n : 2 * n]))
        return ToyState(setup.players, rng.state, tuple(deck[2 * n :]), hands, ((), ()), (0, 0), 0)

    def legal_actions(self, state: ToyState, seat: int) -> list[Bet | Draw | Play]:
        if self.outcome(state) is not None or seat != state.active:
            return []
        actions: list[Bet | Draw | Play] = [Bet(seat=seat, amount=a) for a in (1, 2, 3)]
        if state.deck:
            actions.append(Draw(seat=seat))
        actions.extend(Play(seat=seat, card=c) for c in state.hands[seat])
        return actions

    def apply(self, state: ToyState, action: Bet | Draw | Play) -> Transition[ToyState]:
        if self.outcome(state) is not None:
            raise IllegalAction("TOY-END-1", "the game is over")
        seat = action.seat
        name = state.players[seat]
        if seat != state.active:
            raise IllegalAction("TOY-TURN-1", f"it is {state.players[state.active]}'s turn")
        if isinstance(action, Bet):
            bets = tuple(b + action.amount if i == seat else b for i, b in enumerate(state.bets))
            return Transition(replace(state, bets=bets), (Event(f"{name} bets {action.amount}"),))
        if isinstance(action, Draw):
            if not state.deck:
                raise IllegalAction("TOY-DRAW-1", "the deck is empty")
            card = state.deck[0]
            hands = _with(state.hands, seat, (*state.hands[seat], card))
            events = (Event(f"{name} draws a card"), Event(f"you draw {card}", private_to=seat))
            return Transition(replace(state, deck=state.deck[1:], hands=hands), events, True)
        if action.card not in state.hands[seat]:
            raise IllegalAction("TOY-PLAY-1", f"{action.card} is not in your hand")
        hand = tuple(c for c in state.hands[seat] if c != action.card)
        played = _with(state.played, seat, (*state.played[seat], action.card))
        next_state = replace(
            state, hands=_with(state.hands, seat, hand), played=played, active=1 - seat
        )
        return Transition(next_state, (Event(f"{name} plays {action.card}"),), True)

    def view(self, state: ToyState, seat: int | None) -> ToyView:
        return ToyView(
            players=state.players,
            hand=None if seat is None else state.hands[seat],
            hand_sizes=tuple(len(h) for h in state.hands),
            played=state.played,
            bets=state.bets,
            active=state.active,
            deck=len(state.deck),
        )

    def outcome(self, state: ToyState) -> Outcome | None:
        if any(len(p) < 2 for p in state.played):
            return None
        scores = tuple(sum(p) + b for p, b in zip(state.played, state.bets, strict=True))
        best = max(scores)
        winners = tuple(i for i, s in enumerate(scores) if s == best)
        names = " and ".join(state.players[i] for i in winners)
        return Outcome(scores=scores, winners=winners, summary=f"{names} won with {best}")

    def check_state(self, state: ToyState) -> None:
        cards = [*state.deck, *(c for h in (*state.hands, *state.played) for c in h)]
        require_each_once(cards, range(1, 21), "card")
        require(state.active in (0, 1), f"seat {state.active} is not at the table")

    def players(self, state: ToyState) -> tuple[str, ...]:
        return state.players

    def to_act(self, state: ToyState) -> tuple[int, ...]:
        return () if self.outcome(state) is not None else (state.active,)


def _with(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return tuple(value if i == index else item for i, item in enumerate(items))


ENGINE = ToyEngine()

BOTS: dict[str, BotFactory] = {"easy": RandomBot}
