"""Space Park's options, actions and state: plain data, no rules; and ``check_state``,
what every state of a game holds."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from tabletop.core.engine import Action, action, require, require_each_once, value
from tabletop.core.names import name_key
from tabletop.core.rng import Rng
from tabletop.core.words import counted
from tabletop.games.spacepark.content import RESOURCE_NAMES, RESOURCES, badges

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


SUPPLY_START = (24, 12, 12, 10)  # SP-SETUP-3: Sun, Moon, Sea crystals, passes: all there are
ROCKETS = 3  # SP-SETUP-2
REVEALED = 3  # SP-SETUP-4: badges on display


class SpaceParkOptions(BaseModel):
    """``first_player``: a seat number, or "random" to draw one from the seed.

    The rulebook gives the marker to whoever stargazed most recently; at one
    keyboard the players say who that is by the seat, seat 0 by default. Setup
    quotes rule SP-SETUP-6 to explain it, and offers the seats ("seat")."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    first_player: int | Literal["random"] = Field(
        default=0, title="First player", json_schema_extra={"seat": True, "rules": "SP-SETUP-6"}
    )


# -- actions ------------------------------------------------------------------


@action
class FastTravel(Action):
    """Turn in a pass: the rocket at ``dest`` moves to the next open destination."""

    kind: Literal["fast_travel"] = "fast_travel"
    dest: Dest


@action
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


@action
class ScoutBenefit(Action):
    """The Controller holder's choice when Scout's destination is visited."""

    kind: Literal["scout_benefit"] = "scout_benefit"
    take: Literal["sun", "pass"]


@action
class TakeFrom(Action):
    """Supply empty and several players tied for the most: whom to take from."""

    kind: Literal["take_from"] = "take_from"
    target: int


@action
class Keep(Action):
    """Starlight Station: keep the drawn badge."""

    kind: Literal["keep"] = "keep"


@action
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


@value
class Pending:
    """A decision the game waits for. ``seat`` decides, on turn or off."""

    kind: Literal["scout_benefit", "take_from", "starlight"]
    seat: int
    resource: int = -1  # take_from: the resource slot being gained
    targets: tuple[int, ...] = ()  # take_from: the tied players
    drawn: str | None = None  # starlight: the drawn badge (secret to ``seat``)


@value
class Step:
    """One part of a visit still to resolve (a decision may interrupt the list)."""

    op: Literal["benefit", "gain", "falls", "draw", "take", "controller", "scout", "earn", "move"]
    seat: int
    arg: str = ""


@dataclass(slots=True)
class SpaceParkState:
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

    def successor(self) -> SpaceParkState:
        """The copy ``rules.apply`` changes into the next state: it shares only values
        (the ring, the decision waited for, the steps of the visit)."""
        return SpaceParkState(
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

    def clone(self) -> SpaceParkState:
        """A copy sharing nothing that changes, for bots and tests to change freely: the
        successor, as it shares only values."""
        return self.successor()


SCOUT_KEY = "scout"
"""The automaton's name as names are compared (core.names.name_key)."""
SCOUT_NAME_REFUSED = "Alone, you race Scout: a solo player cannot be named Scout too (SP-SETUP-8)."


def check_state(state: SpaceParkState, xp_of: Callable[[Player], int], win_xp: int) -> None:
    """InvalidState unless play can reach ``s`` (seats and names are checked before):
    resources and badges conserved, every position and seat in range, the decision
    waited for and the steps of the visit in hand consistent, and the end (the last
    round, the game over) exactly when the XP or the passes say so. ``xp_of``: a
    player's XP; ``win_xp``: what ends the game (rules.py's)."""
    seats = len(state.players)
    require(0 <= state.rng.state < 2**64, "the random generator's state is not a 64-bit number")
    require(
        state.ring[:1] == ("starlight_station",) and sorted(state.ring) == sorted(DEST_NAMES),
        "the ring holds each destination once, Starlight Station first (SP-SETUP-1)",
    )
    places = range(len(state.ring))
    require(
        len(state.rockets) == ROCKETS == len(set(state.rockets))
        and all(r in places for r in state.rockets),
        f"{ROCKETS} rockets stand on {ROCKETS} different destinations, not {state.rockets}",
    )
    require(state.scout in places, f"Scout stands at ring position {state.scout}, which is none")
    for role, seat in (("first player", state.first), ("active player", state.active)):
        require(0 <= seat < seats, f"the {role} is seat {seat}, not a seat at the table")
    require(
        state.controller is None or 0 <= state.controller < seats,
        f"the Controller is held by seat {state.controller}, not a seat at the table",
    )
    require(state.turn >= 1 and state.idle_turns >= 0, "turns are counted from 1, passes from 0")
    # SP-SETUP-3: crystals and passes are only moved, never made or lost.
    kinds = len(SUPPLY_START)
    require(
        len(state.supply) == kinds, f"the supply lists {len(state.supply)} resources, not {kinds}"
    )
    for seat, player in enumerate(state.players):
        stock = len(player.stock)
        require(stock == kinds, f"seat {seat}'s stock lists {stock} resources, not {kinds}")
        require(min(player.stock) >= 0, f"seat {seat} holds a negative number of a resource")
        require(player.xp_tokens >= 0, f"seat {seat} holds a negative number of XP tokens")
    require(min(state.supply) >= 0, "the supply holds a negative number of a resource")
    for slot, total in enumerate(SUPPLY_START):
        held = state.supply[slot] + sum(p.stock[slot] for p in state.players)
        require(held == total, f"{held} {RESOURCE_NAMES[slot]}s are in the game, not {total}")
    # SP-SETUP-4: every badge is in exactly one place.
    pending = state.pending
    drawn = [] if pending is None or pending.drawn is None else [pending.drawn]
    held_badges = [b for p in state.players for b in (*p.hand, *p.earned)]
    require_each_once(
        [*state.deck, *state.revealed, *state.scout_stack, *drawn, *held_badges], badges(), "badge"
    )
    require(len(state.revealed) <= REVEALED, f"at most {REVEALED} badges are on display")
    require(seats == 1 or not state.scout_stack, "only the solo game has a Scout Stack")
    if pending is not None:
        _check_pending(state, pending)
    _check_queue(state)
    _check_solo_name(state)
    _check_end(state, [xp_of(p) for p in state.players], win_xp)


def _check_end(state: SpaceParkState, xp: list[int], win_xp: int) -> None:
    """SP-END-1, SP-TURN-5, SP-SOLO-7, SP-SOLO-8: the last round and the end, each when
    what brings it about holds. XP tokens come from Fusion Falls, one a visit."""
    seats = len(state.players)
    between = state.pending is None and not state.queue  # no visit under way
    require(
        state.idle_turns <= state.turn,
        f"{counted(state.idle_turns, 'pass')} in a row in {counted(state.turn, 'turn')}",
    )
    for seat, player in enumerate(state.players):
        require(
            player.xp_tokens <= state.turn,
            f"seat {seat} holds {counted(player.xp_tokens, 'XP token')} after "
            f"{counted(state.turn, 'turn')} (SP-DEST-4)",
        )
    reached = max(xp) >= win_xp
    if seats == 1:
        require(not state.last_round, "the solo game has no last round (SP-SOLO-7)")
        require(
            not state.over or reached or not state.deck,
            "the solo game is over, but the player is short of the XP and the deck holds "
            "badges (SP-SOLO-7, SP-SOLO-8)",
        )
        require(
            state.over or not between or not reached,
            f"the player has {xp[0]} XP, and the solo game goes on (SP-SOLO-7)",
        )
        return
    require(
        not state.last_round or reached,
        f"the last round is on, but nobody has {win_xp} XP (SP-END-1)",
    )
    require(
        state.last_round or state.over or not between or not reached,
        f"a player has {max(xp)} XP, and the last round has not begun (SP-END-1)",
    )
    last_seat = (state.first - 1) % seats
    require(
        not state.over
        or (state.last_round and state.active == last_seat)
        or state.idle_turns >= seats,
        "the game is over before its last round is complete, and not for a round of "
        "passes (SP-END-1, SP-TURN-5)",
    )
    if state.last_round and state.over:
        require(between, "a finished game has no visit under way")


def _check_solo_name(state: SpaceParkState) -> None:
    require(
        len(state.players) != 1 or name_key(state.players[0].name) != SCOUT_KEY, SCOUT_NAME_REFUSED
    )


def _check_pending(state: SpaceParkState, pending: Pending) -> None:
    seats = len(state.players)
    require(not state.over, "a finished game waits for no decision")
    require(0 <= pending.seat < seats, f"seat {pending.seat} is to decide, but is not at the table")
    require(
        (pending.kind == "starlight") == (pending.drawn is not None),
        "a badge drawn at Starlight Station, and only one, waits for its decision (SP-DEST-5)",
    )
    if pending.kind != "take_from":
        require(pending.resource == -1 and not pending.targets, "only a take waits on targets")
        return
    slot = pending.resource
    require(0 <= slot < len(RESOURCES), f"resource {slot} is no resource")
    targets = pending.targets
    require(
        bool(targets)
        and len(set(targets)) == len(targets)
        and all(0 <= t < seats and t != pending.seat for t in targets),
        f"seat {pending.seat} may take from seats {list(targets)}: not other seats at the table",
    )
    require(
        state.supply[slot] == 0 and all(state.players[t].stock[slot] for t in targets),
        "a player takes from another only when the supply is out (SP-SUPPLY-2)",
    )


def _check_queue(state: SpaceParkState) -> None:
    """The steps of the visit being resolved: they wait only for a decision, and the
    rocket's move ends them (SP-MOVE-1); and a decision waits only in a visit, whose
    steps resume after it."""
    queue = state.queue
    if not queue:
        require(state.pending is None, "a decision waits only in the middle of a visit")
        return
    require(state.pending is not None, "the steps of a visit wait only for a decision")
    require(
        queue[-1].op == "move" and all(step.op != "move" for step in queue[:-1]),
        "the steps of a visit end with the rocket's move, once",
    )
    for step in queue:
        require(0 <= step.seat < len(state.players), f"a step of the visit is for seat {step.seat}")
        hand = state.players[step.seat].hand
        valid = {
            "gain": step.arg in RESOURCES,
            "scout": step.arg in DEST_NAMES,
            "move": step.arg in DEST_NAMES and state.ring.index(step.arg) in state.rockets,
            "earn": step.arg in hand,
            "take": step.arg in state.revealed or step.arg in state.scout_stack[-1:],
            "draw": bool(state.deck),
        }.get(step.op, True)
        require(valid, f"the visit's step {step.op} {step.arg!r} cannot be carried out")
