"""A player's XP, crystals and badge prices: shared by the engine and the view."""

from __future__ import annotations

from functools import lru_cache

from tabletop.games.spacepark.content import Badge, badges
from tabletop.games.spacepark.model import Player


def xp_of(player: Player) -> int:
    """Fusion Falls tokens + earned badges' XP + per-type bonuses (SP-BADGE-4)."""
    return player.xp_tokens + _badges_xp(tuple(player.earned))


@lru_cache(maxsize=1024)  # bounded: a long simulation meets many badge sets
def _badges_xp(earned: tuple[str, ...]) -> int:
    deck = badges()
    cards = [deck[b] for b in earned]
    total = sum(b.xp for b in cards)
    for bonus in cards:
        if bonus.bonus_type is not None:
            total += sum(1 for b in cards if b.counts_as(bonus.bonus_type))
    return total


def crystals_of(player: Player) -> int:
    return player.stock[0] + player.stock[1] + player.stock[2]


def price(player: Player, badge: Badge) -> tuple[int, int, int]:
    """The badge's cost after the player's discounts, never below zero (SP-BADGE-3)."""
    cut = _discounts(tuple(player.earned))
    c = badge.cost
    return (max(0, c[0] - cut[0]), max(0, c[1] - cut[1]), max(0, c[2] - cut[2]))


@lru_cache(maxsize=1024)  # bounded: a long simulation meets many badge sets
def _discounts(earned: tuple[str, ...]) -> tuple[int, int, int]:
    """What the earned badges take off every price, per crystal."""
    deck = badges()
    cut = [0, 0, 0]
    for badge in earned:
        d = deck[badge].discount
        cut[0] += d[0]
        cut[1] += d[1]
        cut[2] += d[2]
    return (cut[0], cut[1], cut[2])
