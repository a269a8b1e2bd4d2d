"""The Pocket Dragon cards, loaded from assets/pocketdragon/cards.json and validated."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from tabletop.core.errors import ContentError

FILE = "pocketdragon/cards.json"
GRID_ROWS = 4
GRID_COLUMNS = 5
COLLECTION_SIZE = GRID_ROWS * GRID_COLUMNS
ACTIVITY_COUNT = 14


class _Entry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1)


class Skill(_Entry):
    """A Skill icon; colour, glyph and letter let a screen show it with or without colour."""

    name: str = Field(min_length=1)
    colour: str = Field(min_length=1)
    glyph: str = Field(min_length=1, max_length=1)
    letter: str = Field(pattern=r"^[A-Z]$")
    house_design: bool


class Food(_Entry):
    name: str = Field(min_length=1)
    letter: str = Field(pattern=r"^[A-Z]$")
    house_design: bool


class CollectionCard(_Entry):
    skill: str
    food: str


class Activity(_Entry):
    name: str = Field(min_length=1)
    skills: tuple[str, ...] = Field(min_length=2, max_length=3)


class Cards(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    note: str
    skills: tuple[Skill, ...]
    foods: tuple[Food, ...]
    collection: tuple[CollectionCard, ...] = Field(
        min_length=COLLECTION_SIZE, max_length=COLLECTION_SIZE
    )
    activities: tuple[Activity, ...] = Field(min_length=ACTIVITY_COUNT, max_length=ACTIVITY_COUNT)

    @model_validator(mode="after")
    def _references_hold(self) -> Cards:
        for section in ("skills", "foods", "collection", "activities"):
            entries: tuple[_Entry, ...] = getattr(self, section)
            seen: set[str] = set()
            for i, entry in enumerate(entries):
                if entry.id in seen:
                    raise ValueError(f"{section}[{i}] ({entry.id!r}): the id is used twice")
                seen.add(entry.id)
        for section, letters in (
            ("skills", [s.letter for s in self.skills]),
            ("foods", [f.letter for f in self.foods]),
        ):
            if len(set(letters)) != len(letters):
                raise ValueError(f"{section}: two entries share a letter")
        skills = {s.id for s in self.skills}
        foods = {f.id for f in self.foods}
        for i, card in enumerate(self.collection):
            if card.skill not in skills:
                raise ValueError(f"collection[{i}] ({card.id!r}): unknown skill {card.skill!r}")
            if card.food not in foods:
                raise ValueError(f"collection[{i}] ({card.id!r}): unknown food {card.food!r}")
        for i, activity in enumerate(self.activities):
            for skill in activity.skills:
                if skill not in skills:
                    raise ValueError(f"activities[{i}] ({activity.id!r}): unknown skill {skill!r}")
            if len(set(activity.skills)) != len(activity.skills):
                raise ValueError(f"activities[{i}] ({activity.id!r}): a skill is listed twice")
        return self

    def skill(self, skill_id: str) -> Skill:
        return next(s for s in self.skills if s.id == skill_id)

    def food(self, food_id: str) -> Food:
        return next(f for f in self.foods if f.id == food_id)


def parse_cards(text: str, source: str = FILE) -> Cards:
    """Cards from JSON text; ContentError names the file and the entry at fault."""
    try:
        return Cards.model_validate(json.loads(text))
    except json.JSONDecodeError as exc:
        raise ContentError(f"{source}: not valid JSON: {exc.msg} at line {exc.lineno}") from exc
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        entry = f"{where}: " if where else ""
        message = err["msg"].removeprefix("Value error, ")
        raise ContentError(f"{source}: {entry}{message}") from exc


@cache
def cards() -> Cards:
    """The game's cards, read once from the package's assets."""
    path = resources.files("tabletop.assets").joinpath(FILE)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ContentError(f"{FILE}: cannot be read: {exc}") from exc
    return parse_cards(text)
