"""The player's preferences, kept in the store's settings table."""

from __future__ import annotations

from dataclasses import dataclass, fields

from tabletop.core.store import Store

# How long a bot's move takes at least, so the people at the table can follow it.
BOT_PACES: dict[str, tuple[str, float]] = {
    "instant": ("Instant: as soon as the bot has chosen", 0.0),
    "readable": ("Readable: 0.6 s a move", 0.6),
    "slow": ("Slow: 1.5 s a move", 1.5),
}


@dataclass
class Settings:
    theme: str = "textual-dark"
    glyphs: bool = False
    """Colour-blind glyphs: every colour cue also gets a letter or symbol."""
    curtain: bool = True
    """Hide the screen between hot-seat turns (never in solo or all-bot games)."""
    bell: bool = True
    """Ring the terminal bell on a refused move and when a turn passes."""
    bot_pace: str = "readable"
    """A key of BOT_PACES."""

    @classmethod
    def load(cls, store: Store) -> Settings:
        """The saved settings; a value of the wrong type (an older file) keeps the default."""
        saved = store.settings()
        settings = cls()
        for field in fields(cls):
            value = saved.get(field.name)
            if isinstance(value, type(getattr(settings, field.name))):
                setattr(settings, field.name, value)
        if settings.bot_pace not in BOT_PACES:
            settings.bot_pace = cls.bot_pace
        return settings

    @property
    def bot_pause(self) -> float:
        """Seconds a bot's move takes at least."""
        return BOT_PACES[self.bot_pace][1]

    def save(self, store: Store, name: str) -> None:
        store.save_setting(name, getattr(self, name))
