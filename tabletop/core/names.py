"""Players' names: one rule for every way a name comes in (the setup screen, the
protocol's ``new``, a saved game read back). A name is shown on every screen and
written to the terminal, so it may hold no control or formatting characters
(escape sequences, bidirectional overrides, line breaks) and stays short."""

from __future__ import annotations

import unicodedata

NAME_LIMIT = 16

# Joiners stay: emoji sequences (a family, a flag) are built with them.
_JOINERS = frozenset("\u200c\u200d")
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def is_control(char: str) -> bool:
    """A control or formatting character (an escape, a bidirectional override, a line
    separator...); the joiners of emoji sequences are not."""
    return unicodedata.category(char) in _REFUSED_CATEGORIES and char not in _JOINERS


def check_name(name: object) -> str:
    """``name`` without surrounding spaces; ValueError, in players' words, if it
    cannot be a player's name."""
    if not isinstance(name, str):
        raise ValueError("A player's name must be text.")
    name = name.strip()
    if not name:
        raise ValueError("A player's name cannot be empty.")
    if len(name) > NAME_LIMIT:
        raise ValueError(f"A player's name can be at most {NAME_LIMIT} characters long.")
    for char in name:
        if is_control(char):
            raise ValueError(
                f"A player's name cannot hold control characters (U+{ord(char):04X} is one)."
            )
    return name
