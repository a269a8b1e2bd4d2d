"""PocketParks cards: loaded from assets/pocketparks, validated, and flattened
into small-int tables (a card is an index; icons are bitmasks) for speed."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tabletop.core.cards import CardText
from tabletop.core.errors import ContentError

Colour = Literal["blue", "red", "purple"]
Effect = Literal[
    "make_a_wish",
    "aspiring_astronomer",
    "comparing_notes",
    "mosquito_bites",
    "survival_of_the_fittest",
    "lets_do_it_again",
    "trail_detour",
    "ranger_says_no",
]


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class IconEntry(_Strict):
    id: str = Field(pattern=r"^[a-z_]+$")
    label: str
    kind: Literal["physical", "statistical"]


class ParkEntry(_Strict):
    number: int = Field(ge=1)
    name: str = Field(min_length=1)
    states: list[str] = Field(min_length=1)
    established: int = Field(ge=1800, le=2100)
    fact: str = Field(min_length=1)
    icons: list[str] = Field(min_length=1, max_length=3)
    dark_sky: bool


class EventEntry(_Strict):
    effect: Effect
    name: str = Field(min_length=1)
    colour: Colour
    count: int = Field(ge=1, le=4)
    summary: str = Field(min_length=1, max_length=45)  # one line beside the card's name
    text: str = Field(min_length=1)


DARK_SKY = "dark_sky"
COLOUR_KINDS: dict[str, tuple[str, str]] = {
    "blue": ("good", "played on your turn after drawing 2 (PP-EVENT-1)"),
    "red": ("harmful", "played on your turn after drawing 2 (PP-EVENT-1)"),
    "purple": ("reactive", "played in answer to another player (PP-EVENT-2)"),
}
"""What each event colour means: a word, and when such an event is played."""


@dataclass(frozen=True, slots=True)
class Content:
    """The deck. Card ids 0..parks-1 are parks (id = number - 1), then events."""

    icons: tuple[IconEntry, ...]
    parks: tuple[ParkEntry, ...]
    events: tuple[EventEntry, ...]  # one entry per card
    mask: tuple[int, ...]  # per card: icon bits, plus DARK_BIT for dark sky parks
    number: tuple[int, ...]  # per card: park number, 0 for events
    name: tuple[str, ...]

    @property
    def dark_bit(self) -> int:
        return 1 << len(self.icons)

    @property
    def size(self) -> int:
        return len(self.mask)

    def is_event(self, card: int) -> bool:
        return card >= len(self.parks)

    def event(self, card: int) -> EventEntry:
        return self.events[card - len(self.parks)]

    def card_text(self, card: int) -> CardText:
        """``card`` in words: a park's icons, dark sky mark, states, year and a fact; an
        event's colour and effect."""
        if self.is_event(card):
            entry = self.event(card)
            kind, when = COLOUR_KINDS[entry.colour]
            colour = f"{entry.colour.capitalize()} event ({kind}): {when}."
            return CardText(entry.name, entry.summary, (colour, entry.text))
        park = self.parks[card]
        labels = [icon.label for icon in self.icons if icon.id in park.icons]
        body = [f"Icons: {', '.join(labels)}."]
        if park.dark_sky:
            body.append(
                "Dark sky park: on its own it pays for a steal (PP-STEAL-2), and it counts as "
                "an icon for a player under Aspiring astronomer (PP-ASTRO-1)."
            )
        body.append(f"{', '.join(park.states)}; established {park.established}.")
        body.append(park.fact)
        return CardText(
            f"#{park.number} {park.name}", f"{park.states[0]}, {park.established}", tuple(body)
        )

    def icon_names(self, mask: int) -> list[str]:
        names = [icon.id for i, icon in enumerate(self.icons) if mask >> i & 1]
        if mask & self.dark_bit:
            names.append(DARK_SKY)
        return names


def _read(filename: str) -> Any:
    try:
        folder = resources.files("tabletop.assets") / "pocketparks"
        text = (folder / filename).read_text(encoding="utf-8")
        return json.loads(text)
    except (OSError, ValueError) as exc:
        raise ContentError(f"pocketparks/{filename}: cannot read: {exc}") from exc


def _entries(filename: str, data: Any, key: str, model: type[_Strict]) -> list[Any]:
    if not isinstance(data, dict) or not isinstance(data.get(key), list):
        raise ContentError(f"pocketparks/{filename}: needs a list '{key}'")
    if not str(data.get("house_design", "")).startswith("HOUSE DESIGN"):
        raise ContentError(f"pocketparks/{filename}: must mark itself as house design")
    entries = []
    for i, raw in enumerate(data[key]):
        try:
            entries.append(model.model_validate(raw))
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"])
            label = raw.get("name", raw.get("id", "?")) if isinstance(raw, dict) else "?"
            raise ContentError(
                f"pocketparks/{filename}: {key}[{i}] ({label}): {where}: {err['msg']}"
            ) from exc
    return entries


def build_content(parks_data: Any, events_data: Any) -> Content:
    """Validate raw asset data; ContentError names the file and the entry."""
    icons: list[IconEntry] = _entries("parks.json", parks_data, "icons", IconEntry)
    parks: list[ParkEntry] = _entries("parks.json", parks_data, "parks", ParkEntry)
    kinds: list[EventEntry] = _entries("events.json", events_data, "events", EventEntry)
    bit = {icon.id: 1 << i for i, icon in enumerate(icons)}
    if len(bit) != len(icons):
        raise ContentError("pocketparks/parks.json: icons: an icon id is listed twice")
    dark_bit = 1 << len(icons)
    masks: list[int] = []
    for i, park in enumerate(parks):
        label = f"pocketparks/parks.json: parks[{i}] ({park.name})"
        if park.number != i + 1:
            raise ContentError(f"{label}: number {park.number}, expected {i + 1}")
        unknown = [name for name in park.icons if name not in bit]
        if unknown:
            raise ContentError(f"{label}: unknown icon {unknown[0]!r}")
        if len(set(park.icons)) != len(park.icons):
            raise ContentError(f"{label}: an icon is listed twice")
        mask = sum(bit[name] for name in park.icons)
        masks.append(mask | (dark_bit if park.dark_sky else 0))
    events = tuple(entry for entry in kinds for _ in range(entry.count))
    return Content(
        icons=tuple(icons),
        parks=tuple(parks),
        events=events,
        mask=tuple(masks) + (0,) * len(events),
        number=tuple(p.number for p in parks) + (0,) * len(events),
        name=tuple(p.name for p in parks) + tuple(e.name for e in events),
    )


def load_content() -> Content:
    return build_content(_read("parks.json"), _read("events.json"))


def content_report(content: Content) -> str:
    """Plain text: how many parks carry each icon, then every card and its icons."""
    lines = ["Icons (parks carrying each):"]
    for i, icon in enumerate(content.icons):
        count = sum(1 for m in content.mask[: len(content.parks)] if m >> i & 1)
        lines.append(f"  {icon.label:<14} {icon.kind:<12} {count:>2}")
    dark = sum(1 for p in content.parks if p.dark_sky)
    lines.append(f"  {'Dark sky':<14} {'mark':<12} {dark:>2}")
    lines.append("")
    lines.append(f"Parks ({len(content.parks)}):")
    labels = {icon.id: icon.label for icon in content.icons}
    for park in content.parks:
        icons = ", ".join(labels[name] for name in park.icons)
        star = " [dark sky]" if park.dark_sky else ""
        lines.append(f"  #{park.number:<3}{park.name:<30} {icons}{star}")
    lines.append("")
    kinds = {e.effect: e for e in content.events}
    lines.append(f"Events ({len(content.events)} cards):")
    for entry in kinds.values():
        lines.append(f"  {entry.count} x {entry.name} ({entry.colour}): {entry.text}")
    return "\n".join(lines)
