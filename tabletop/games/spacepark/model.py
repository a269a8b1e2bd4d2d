"""Space Park's state and actions: plain data, no rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

from tabletop.core.engine import Action
from tabletop.core.rng import Rng

Dest = Literal[
    "starlight_station",
    "cosmic_canyon",
    "celestial_seas",
    "lunar_woods",
    "fusion_falls",
    "astral_arcade",
    "outpost13",
]

DEST_NAMES: dict[Dest, str] = {
    "starlight_station": "Starlight Station",
    "cosmic_canyon": "Cosmic Canyon",
    "celestial_seas": "Celestial Seas",
    "lunar_woods": "Lunar Woods",
    "fusion_falls": "Fusion Falls",
    "astral_arcade": "Astral Arcade",
    "outpost13": "Outpost 13",
}


# -- actions ------------------------------------------------------------------


class FastTravel(Action):
    """Turn in a pass: the rocket at ``dest`` moves to the next open destination."""

    kind: Literal["fast_travel"] = "fast_travel"
    dest: Dest


class Visit(Action):
    """Visit the destination ``dest`` (it has a rocket).

    ``badge``: the badge to earn at Outpost 13, or (solo) to take at Starlight
    Station. ``scout_to``: where Astral Arcade sends Scout. ``scout_fee``: solo
    only, what pays for visiting Scout's destination.
    """

    kind: Literal["visit"] = "visit"
    dest: Dest
    badge: str | None = None
    scout_to: Dest | None = None
    scout_fee: Literal["sun", "controller"] | None = None


class ScoutBenefit(Action):
    """The Controller holder's choice when Scout's destination is visited."""

    kind: Literal["scout_benefit"] = "scout_benefit"
    take: Literal["sun", "pass"]


class TakeFrom(Action):
    """Supply empty and several players tied for the most: whom to take from."""

    kind: Literal["take_from"] = "take_from"
    target: int


class Keep(Action):
    """Starlight Station: keep the drawn badge."""

    kind: Literal["keep"] = "keep"


class Exchange(Action):
    """Starlight Station: put the drawn badge on display, take ``badge`` from it."""

    kind: Literal["exchange"] = "exchange"
    badge: str


SpaceParkAction = Annotated[
    FastTravel | Visit | ScoutBenefit | TakeFrom | Keep | Exchange,
    Field(discriminator="kind"),
]


# -- state --------------------------------------------------------------------


@dataclass(slots=True)
class Player:
    name: str
    stock: list[int]  # Sun, Moon, Sea crystals, Fast Travel passes (content.SUN..PASS)
    xp_tokens: int
    hand: list[str]
    earned: list[str]

    def clone(self) -> Player:
        return Player(
            self.name, self.stock.copy(), self.xp_tokens, self.hand.copy(), self.earned.copy()
        )


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision the game waits for. ``seat`` decides, on turn or off."""

    kind: Literal["scout_benefit", "take_from", "starlight"]
    seat: int
    resource: int = -1  # take_from: the resource slot being gained
    targets: tuple[int, ...] = ()  # take_from: the tied players
    drawn: str | None = None  # starlight: the drawn badge (secret to ``seat``)


@dataclass(frozen=True, slots=True)
class Step:
    """One part of a visit still to resolve (a decision may interrupt the list)."""

    op: Literal["benefit", "gain", "falls", "draw", "take", "controller", "scout", "earn", "move"]
    seat: int
    arg: str = ""


@dataclass(slots=True)
class State:
    ring: tuple[Dest, ...]  # clockwise, Starlight Station first
    rockets: list[int]  # ring positions
    scout: int  # ring position
    controller: int | None  # seat holding the Controller
    supply: list[int]  # Sun, Moon, Sea, passes
    deck: list[str]  # face down; the top is the last item
    revealed: list[str]
    scout_stack: list[str]  # solo; the top is the last item
    players: list[Player]
    first: int
    active: int
    turn: int  # turns begun, counting passed and skipped ones
    last_round: bool
    idle_turns: int  # passes in a row since the last visit
    pending: Pending | None
    queue: list[Step]
    over: bool
    rng: Rng

    def clone(self) -> State:
        return State(
            self.ring,
            self.rockets.copy(),
            self.scout,
            self.controller,
            self.supply.copy(),
            self.deck.copy(),
            self.revealed.copy(),
            self.scout_stack.copy(),
            [p.clone() for p in self.players],
            self.first,
            self.active,
            self.turn,
            self.last_round,
            self.idle_turns,
            self.pending,
            self.queue.copy(),
            self.over,
            self.rng.copy(),
        )
