"""PocketParks actions (one discriminated union on ``kind``) and options.

Multi-part choices are steps: a set is started, then cards are added one by
one, then confirmed; a steal names its target, then each payment card and each
card taken, then is confirmed; a Park Tour picks its hand cards one by one, then
is claimed. Nothing moves before the confirmation (or the claim), and a draft (or
the picks) may be cancelled. So no choice lists every combination of cards: a hand
of 14 parks sharing an icon holds 4,005 Park Tours.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from tabletop.core.engine import Action, action
from tabletop.games.pocketparks.content import Effect


class PPOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    # "rules": the section of the rules (or a rule) setup quotes to explain the option;
    # "seat": the value is a seat (setup offers the seats, numbered from 1).
    round_modifiers: bool = Field(
        default=True,  # round 2 featured park; round 3 featured park + priority
        title="Round modifiers",
        json_schema_extra={"rules": "Round modifiers"},
    )
    first_player: int | None = Field(  # None: drawn from the seed
        default=None, ge=0, title="First player", json_schema_extra={"seat": True}
    )


@action
class StartSet(Action):
    kind: Literal["start_set"] = "start_set"


@action
class StartBuild(Action):
    kind: Literal["start_build"] = "start_build"
    set_index: int


@action
class AddCard(Action):
    kind: Literal["add"] = "add"
    card: int


@action
class StartSteal(Action):
    kind: Literal["start_steal"] = "start_steal"
    target: int


@action
class Pay(Action):
    kind: Literal["pay"] = "pay"
    card: int


@action
class Take(Action):
    """Name a card in one of the target's sets."""

    kind: Literal["take"] = "take"
    card: int


@action
class TakeRandom(Action):
    """One more random card from the target's hand."""

    kind: Literal["take_random"] = "take_random"


@action
class Confirm(Action):
    kind: Literal["confirm"] = "confirm"


@action
class Cancel(Action):
    kind: Literal["cancel"] = "cancel"


@action
class Draw(Action):
    kind: Literal["draw"] = "draw"
    source: Literal["pile", "discard"]


@action
class Discard(Action):
    """After drawing: discard a park (or a purple event, unplayed). At the hand
    limit: put a card at the bottom of its discard pile."""

    kind: Literal["discard"] = "discard"
    card: int


@action
class PlayEvent(Action):
    kind: Literal["play_event"] = "play_event"
    card: int
    as_effect: Effect | None = None  # Let's do it again: the effect it copies
    target: int | None = None  # Comparing notes, Mosquito bites
    pick: int | None = None  # Mosquito bites: the set card bitten


@action
class Pass(Action):
    kind: Literal["pass"] = "pass"


@action
class TourPick(Action):
    """Asked about a park on top of the discard: pick a hand card for a Park Tour."""

    kind: Literal["tour_pick"] = "tour_pick"
    card: int


@action
class ParkTour(Action):
    """Claim the park on top of the discard with 4 (or 8) hand cards sharing an icon:
    the cards picked, and any not picked yet (a claim naming all its cards at once,
    as games saved before picks were steps hold, is the same picks and claim)."""

    kind: Literal["park_tour"] = "park_tour"
    cards: tuple[int, ...]


@action
class React(Action):
    """Play a purple event in answer: Trail detour, Ranger says no, or Let's do it
    again copying one of them."""

    kind: Literal["react"] = "react"
    card: int
    as_effect: Effect | None = None


PPAction = Annotated[
    StartSet
    | StartBuild
    | AddCard
    | StartSteal
    | Pay
    | Take
    | TakeRandom
    | Confirm
    | Cancel
    | Draw
    | Discard
    | PlayEvent
    | Pass
    | TourPick
    | ParkTour
    | React,
    Field(discriminator="kind"),
]
