"""The badge deck: assets/spacepark/badges.json, validated on load.

Abilities come from a small closed vocabulary (discount, gain, xp_per_type) that
the engine interprets; no ability text is parsed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from tabletop.core.cards import CardText
from tabletop.core.errors import ContentError
from tabletop.core.words import counted

ASSET = "spacepark/badges.json"
DECK_SIZE = 27

# Resource slots: crystals first, then Fast Travel passes.
SUN, MOON, SEA, PASS = 0, 1, 2, 3
CRYSTALS = ("sun", "moon", "sea")
RESOURCES = ("sun", "moon", "sea", "pass")
RESOURCE_NAMES = ("Sun crystal", "Moon crystal", "Sea crystal", "Fast Travel pass")

BadgeType = Literal["triangle", "circle", "diamond", "forbidden"]
Crystal = Literal["sun", "moon", "sea"]
Resource = Literal["sun", "moon", "sea", "pass"]

TYPE_NAMES: dict[str, str] = {
    "triangle": "purple triangle (Moon)",
    "circle": "green circle (Sea)",
    "diamond": "red diamond (Sun)",
    "forbidden": "Forbidden (every type)",
}

# What each destination does (SP-DEST-*): the whole sentence, and a few words for a
# narrow tile. Solo Starlight Station works otherwise (SP-SOLO-5).
DESTINATION_TEXTS: dict[str, tuple[str, str]] = {
    "starlight_station": (
        "Draw a badge; keep it or exchange it for one on display.",
        "Draw a badge",
    ),
    "cosmic_canyon": ("Gain two Sun crystals.", "Gain 2 Sun"),
    "celestial_seas": ("Gain a Sea crystal.", "Gain 1 Sea"),
    "lunar_woods": ("Gain a Moon crystal.", "Gain 1 Moon"),
    "fusion_falls": ("Turn in a Sun crystal to gain 1 XP.", "1 Sun → 1 XP"),
    "astral_arcade": (
        "Gain the Controller, move Scout, gain a Fast Travel pass.",
        "Controller, move Scout, +1 pass",
    ),
    "outpost13": ("Turn in crystals to earn a badge from your hand.", "Crystals → a badge"),
}
SOLO_STARLIGHT_TEXT = ("Take a badge on display or the top of the Scout Stack.", "Take a badge")


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Discount(_Strict):
    kind: Literal["discount"]
    crystal: Crystal
    amount: int = Field(ge=1)


class Gain(_Strict):
    kind: Literal["gain"]
    resource: Resource
    amount: int = Field(ge=1)


class XpPerType(_Strict):
    kind: Literal["xp_per_type"]
    type: Literal["triangle", "circle", "diamond"]


Ability = Annotated[Discount | Gain | XpPerType, Field(discriminator="kind")]


class Cost(_Strict):
    sun: int = Field(default=0, ge=0)
    moon: int = Field(default=0, ge=0)
    sea: int = Field(default=0, ge=0)


class BadgeSpec(_Strict):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str = Field(min_length=1)
    type: BadgeType
    cost: Cost
    xp: int = Field(ge=0)
    ability: Ability | None = None


class DeckFile(_Strict):
    note: str = Field(min_length=1)
    badges: list[BadgeSpec]

    @model_validator(mode="after")
    def _deck_rules(self) -> DeckFile:
        if len(self.badges) != DECK_SIZE:
            raise ValueError(f"the deck holds {DECK_SIZE} badges, not {len(self.badges)}")
        seen: set[str] = set()
        for badge in self.badges:
            if badge.id in seen:
                raise ValueError(f"badge {badge.id!r} appears twice")
            seen.add(badge.id)
        pathfinder = next((b for b in self.badges if b.id == "pathfinder"), None)
        printed = BadgeSpec(
            id="pathfinder",
            name="Pathfinder",
            type="triangle",
            cost=Cost(moon=1),
            xp=3,
            ability=Discount(kind="discount", crystal="sun", amount=1),
        )
        if pathfinder != printed:
            raise ValueError("badge 'pathfinder' must be exactly as the rulebook prints it")
        return self


@dataclass(frozen=True, slots=True)
class Badge:
    """A badge as the engine uses it: vectors indexed by SUN, MOON, SEA (, PASS)."""

    id: str
    name: str
    type: str
    cost: tuple[int, int, int]
    xp: int
    discount: tuple[int, int, int]
    gains: tuple[int, int, int, int]
    bonus_type: str | None

    def counts_as(self, badge_type: str) -> bool:
        return self.type == badge_type or self.type == "forbidden"

    def text(self) -> CardText:
        """The badge in words: its type, cost, XP and ability."""
        costs = [
            counted(n, f"{name.capitalize()} crystal")
            for name, n in zip(CRYSTALS, self.cost, strict=True)
            if n
        ]
        cost = ", ".join(costs[:-1]) + " and " + costs[-1] if len(costs) > 1 else "".join(costs)
        kind = TYPE_NAMES[self.type]
        line = f"{kind[0].upper()}{kind[1:]} badge. Costs {cost or 'nothing'}; worth {self.xp} XP."
        return CardText(
            self.name, self.ability_short(), (line, self.ability_text() or "No ability.")
        )

    def ability_short(self) -> str:
        """The ability in a few words (a line beside the badge)."""
        if any(self.discount):
            kind = CRYSTALS[next(i for i, n in enumerate(self.discount) if n)]
            return f"Badges cost {max(self.discount)} {kind.capitalize()} less"
        if any(self.gains):
            slot = next(i for i, n in enumerate(self.gains) if n)
            return f"+{counted(self.gains[slot], RESOURCE_NAMES[slot])} now"
        if self.bonus_type is not None:
            return f"+1 XP per {TYPE_NAMES[self.bonus_type].split(' (')[0]} badge"
        return ""

    def ability_text(self) -> str:
        if any(self.discount):
            kind = CRYSTALS[next(i for i, n in enumerate(self.discount) if n)]
            amount = max(self.discount)
            if amount == 1:  # Pathfinder's printed wording
                return f"Badges now cost one less {kind.capitalize()} crystal to earn."
            return f"Badges now cost {amount} fewer {kind.capitalize()} crystals to earn."
        if any(self.gains):
            slot = next(i for i, n in enumerate(self.gains) if n)
            return f"Gain {counted(self.gains[slot], RESOURCE_NAMES[slot])} at once."
        if self.bonus_type is not None:
            return f"+1 XP for each {TYPE_NAMES[self.bonus_type]} badge you earn, this one too."
        return ""


def _badge(spec: BadgeSpec) -> Badge:
    discount = [0, 0, 0]
    gains = [0, 0, 0, 0]
    bonus: str | None = None
    ability = spec.ability
    if isinstance(ability, Discount):
        discount[CRYSTALS.index(ability.crystal)] = ability.amount
    elif isinstance(ability, Gain):
        gains[RESOURCES.index(ability.resource)] = ability.amount
    elif isinstance(ability, XpPerType):
        bonus = ability.type
    return Badge(
        id=spec.id,
        name=spec.name,
        type=spec.type,
        cost=(spec.cost.sun, spec.cost.moon, spec.cost.sea),
        xp=spec.xp,
        discount=(discount[0], discount[1], discount[2]),
        gains=(gains[0], gains[1], gains[2], gains[3]),
        bonus_type=bonus,
    )


def parse_deck(text: str, source: str = ASSET) -> dict[str, Badge]:
    """Badges by id, in file order; ContentError names the file and the entry."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ContentError(f"{source}: not valid JSON: {exc.msg} at line {exc.lineno}") from exc
    try:
        deck = DeckFile.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = err["loc"]
        where = ".".join(str(p) for p in loc) or "file"
        if len(loc) >= 2 and loc[0] == "badges" and isinstance(loc[1], int):
            entries = data.get("badges", []) if isinstance(data, dict) else []
            entry = entries[loc[1]] if loc[1] < len(entries) else None
            if isinstance(entry, dict) and "id" in entry:
                where = f"badge {entry['id']!r} ({where})"
        raise ContentError(f"{source}: {where}: {err['msg']}") from exc
    return {spec.id: _badge(spec) for spec in deck.badges}


@cache
def badges() -> dict[str, Badge]:
    """The shipped deck, loaded once."""
    path = resources.files("tabletop.assets").joinpath(ASSET)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ContentError(f"{ASSET}: cannot be read: {exc}") from exc
    return parse_deck(text)


def destination_text(dest: str, name: str, solo: bool) -> CardText:
    """What visiting ``dest`` does (solo Starlight Station differs)."""
    action, short = (
        SOLO_STARLIGHT_TEXT if solo and dest == "starlight_station" else DESTINATION_TEXTS[dest]
    )
    return CardText(name, short, (action,))
