"""What one seat may see of a Space Park game: everything public, plus its own hand."""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict

from tabletop.games.spacepark.content import (
    CRYSTALS,
    RESOURCES,
    Badge,
    badges,
    destination_text,
)
from tabletop.games.spacepark.model import DEST_NAMES, Dest, Player, SpaceParkState
from tabletop.games.spacepark.rules import crystals_of, price, xp_of


class _View(BaseModel):
    model_config = ConfigDict(frozen=True)


class BadgeView(_View):
    id: str
    name: str
    type: str
    cost: dict[str, int]
    xp: int
    ability: str


class HandBadgeView(BadgeView):
    price: dict[str, int]  # what the viewer would pay now, after their discounts


class DestinationView(_View):
    id: Dest
    name: str
    action: str
    short: str  # the action in a few words
    rocket: bool
    scout: bool


class PlayerView(_View):
    seat: int
    name: str
    sun: int
    moon: int
    sea: int
    passes: int
    xp: int
    crystals: int
    earned: list[BadgeView]
    hand_count: int
    controller: bool


class PendingView(_View):
    """The decision the game waits for. ``drawn`` is shown only to the seat deciding."""

    kind: str
    seat: int
    resource: str | None = None
    targets: list[int] = []
    drawn: BadgeView | None = None


class SpaceParkView(_View):
    seat: int | None
    solo: bool
    ring: list[DestinationView]  # clockwise from Starlight Station
    controller: int | None
    supply: dict[str, int]
    revealed: list[BadgeView]
    deck_count: int
    scout_stack: list[BadgeView]  # solo; the top is last
    players: list[PlayerView]
    hand: list[HandBadgeView]  # the viewer's own hand only
    active: int
    first_player: int
    turn: int
    to_act: list[int]
    pending: PendingView | None
    last_round: bool
    over: bool


@cache  # views are built for every seat after every move; a badge's face never changes
def badge_view(badge: Badge) -> BadgeView:
    return BadgeView(
        id=badge.id,
        name=badge.name,
        type=badge.type,
        cost={k: n for k, n in zip(CRYSTALS, badge.cost, strict=True) if n},
        xp=badge.xp,
        ability=badge.ability_text(),
    )


def hand_view(player: Player) -> list[HandBadgeView]:
    deck = badges()
    return [
        HandBadgeView(
            **badge_view(deck[b]).model_dump(),
            price=dict(zip(CRYSTALS, price(player, deck[b]), strict=True)),
        )
        for b in player.hand
    ]


def build_view(state: SpaceParkState, seat: int | None, to_act: tuple[int, ...]) -> SpaceParkView:
    deck = badges()
    solo = len(state.players) == 1
    ring = []
    for pos, dest in enumerate(state.ring):
        text = destination_text(dest, DEST_NAMES[dest], solo)
        ring.append(
            DestinationView(
                id=dest,
                name=text.title,
                action=text.body[0],
                short=text.summary,
                rocket=pos in state.rockets,
                scout=pos == state.scout,
            )
        )
    players = [
        PlayerView(
            seat=i,
            name=p.name,
            sun=p.stock[0],
            moon=p.stock[1],
            sea=p.stock[2],
            passes=p.stock[3],
            xp=xp_of(p),
            crystals=crystals_of(p),
            earned=[badge_view(deck[b]) for b in p.earned],
            hand_count=len(p.hand),
            controller=state.controller == i,
        )
        for i, p in enumerate(state.players)
    ]
    pending = state.pending
    pending_view = None
    if pending is not None:
        drawn = pending.drawn
        pending_view = PendingView(
            kind=pending.kind,
            seat=pending.seat,
            resource=RESOURCES[pending.resource] if pending.resource >= 0 else None,
            targets=list(pending.targets),
            drawn=badge_view(deck[drawn]) if drawn is not None and seat == pending.seat else None,
        )
    hand = [] if seat is None else hand_view(state.players[seat])
    return SpaceParkView(
        seat=seat,
        solo=solo,
        ring=ring,
        controller=state.controller,
        supply=dict(zip(RESOURCES, state.supply, strict=True)),
        revealed=[badge_view(deck[b]) for b in state.revealed],
        deck_count=len(state.deck),
        scout_stack=[badge_view(deck[b]) for b in state.scout_stack],
        players=players,
        hand=hand,
        active=state.active,
        first_player=state.first,
        turn=state.turn,
        to_act=list(to_act),
        pending=pending_view,
        last_round=state.last_round,
        over=state.over,
    )


def position_line(view: SpaceParkView) -> str:
    """Where a game stands, from a spectator's view (nothing hidden): the turn, each
    player's XP, the deck (and, solo, Scout's stack)."""
    scores = ", ".join(f"{p.name} {p.xp} XP" for p in view.players)
    left = f"deck {view.deck_count}"
    if view.solo:
        left = f"Scout Stack {len(view.scout_stack)}, {left}"
    last = ", last round" if view.last_round else ""
    return f"Turn {view.turn}{last} · {scores} · {left}"
