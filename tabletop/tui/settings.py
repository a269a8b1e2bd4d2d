"""The player's preferences, kept in the store's settings table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from tabletop.core.store import Store

# How long a bot's move takes at least, so the people at the table can follow it.
BOT_PACES: dict[str, tuple[str, float]] = {
    "instant": ("Instant: as soon as the bot has chosen", 0.0),
    "readable": ("Readable: 0.6 s a move", 0.6),
    "slow": ("Slow: 1.5 s a move", 1.5),
}
# How long a PocketParks response window waits for someone to claim it before everyone
# asked passes (0: until someone presses n). Passing the keyboard takes a few seconds.
RESPONSE_WINDOWS: dict[int, str] = {
    20: "20 s, then everyone asked passes",
    40: "40 s, then everyone asked passes",
    10: "10 s, then everyone asked passes",
    0: "No countdown: wait for n (nobody answers)",
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
    response_window: int = 20
    """A key of RESPONSE_WINDOWS: seconds a response window waits (0: for a key)."""
    screen_reader: bool = False
    """Show the terminal cursor on the focused item's text, for a screen reader or a
    braille display to follow (Textual hides it)."""

    @classmethod
    def load(cls, store: Store) -> Settings:
        """The saved settings. A value this tabletop cannot use (the wrong type, an
        unknown pace) keeps the default, and the store's notices say so."""
        saved = store.settings()
        settings = cls()
        for field in fields(cls):
            if field.name not in saved:
                continue
            value = saved[field.name]
            choices = CHOICES.get(field.name)
            if type(value) is type(getattr(settings, field.name)) and (
                choices is None or value in choices
            ):
                setattr(settings, field.name, value)
            else:
                store.notices.append(
                    f"The saved setting {field.name!r} holds a value this tabletop cannot "
                    "use: its default is used until it is changed."
                )
        return settings

    @property
    def window_seconds(self) -> float | None:
        """A response window's countdown; None waits for a key."""
        return float(self.response_window) if self.response_window else None

    @property
    def bot_pause(self) -> float:
        """Seconds a bot's move takes at least."""
        return BOT_PACES[self.bot_pace][1]

    def save(self, store: Store, name: str) -> str | None:
        """Save one setting; None once saved, else why not (it holds until the app closes)."""
        return store.save_setting(name, getattr(self, name))


CHOICES: dict[str, Mapping[Any, object]] = {
    "bot_pace": BOT_PACES,
    "response_window": RESPONSE_WINDOWS,
}
"""The settings that take one of a few values, by the setting's name."""
