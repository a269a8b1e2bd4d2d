"""The player's preferences, kept in the store's settings table."""

from __future__ import annotations

from dataclasses import dataclass, fields

from tabletop.core.store import Store


@dataclass
class Settings:
    theme: str = "textual-dark"
    glyphs: bool = False
    """Colour-blind glyphs: every colour cue also gets a letter or symbol."""
    curtain: bool = True
    """Hide the screen between hot-seat turns (never in solo or all-bot games)."""
    bell: bool = True
    """Ring the terminal bell on a refused move and when a turn passes."""

    @classmethod
    def load(cls, store: Store) -> Settings:
        """The saved settings; a value of the wrong type (an older file) keeps the default."""
        saved = store.settings()
        settings = cls()
        for field in fields(cls):
            value = saved.get(field.name)
            if isinstance(value, type(getattr(settings, field.name))):
                setattr(settings, field.name, value)
        return settings

    def save(self, store: Store, name: str) -> None:
        store.save_setting(name, getattr(self, name))
