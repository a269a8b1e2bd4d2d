"""A player's XP, crystals and badge prices: shared by the engine and the view."""

from __future__ import annotations

from tabletop.games.spacepark.content import Badge, badges
from tabletop.games.spacepark.model import Player


def xp_of(player: Player) -> int:
    """Fusion Falls tokens + earned badges' XP + per-type bonuses (SP-BADGE-4)."""
    deck = badges()
    earned = [deck[b] for b in player.earned]
    total = player.xp_tokens + sum(b.xp for b in earned)
    for bonus in earned:
        if bonus.bonus_type is not None:
            total += sum(1 for b in earned if b.counts_as(bonus.bonus_type))
    return total


def crystals_of(player: Player) -> int:
    return player.stock[0] + player.stock[1] + player.stock[2]


def price(player: Player, badge: Badge) -> tuple[int, int, int]:
    """The badge's cost after the player's discounts, never below zero (SP-BADGE-3)."""
    deck = badges()
    cut = [0, 0, 0]
    for earned in player.earned:
        d = deck[earned].discount
        cut[0] += d[0]
        cut[1] += d[1]
        cut[2] += d[2]
    c = badge.cost
    return (max(0, c[0] - cut[0]), max(0, c[1] - cut[1]), max(0, c[2] - cut[2]))
