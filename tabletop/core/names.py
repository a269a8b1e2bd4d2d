"""Players' names: one rule for every way a name comes in (the setup screen, the
protocol's ``new``, a saved game read back). A name is shown on every screen and
written to the terminal, so it may hold no control or formatting characters
(escape sequences, bidirectional overrides, line breaks) and stays short. Other text
from people or files is shown with its control characters as symbols (``visible``)."""

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


_PICTURES = 0x2400
"""Unicode's "control pictures": ␀ for U+0000 ... ␛ for an escape ... ␟ for U+001F."""


def _symbol(char: str) -> str:
    code = ord(char)
    if code < 0x20:
        return chr(_PICTURES + code)
    return "␡" if code == 0x7F else "\ufffd"


def visible(text: str) -> str:
    """``text`` with each control character shown as a symbol (␛ for an escape);
    line breaks stay."""
    if text.isprintable():
        return text
    return "".join(_symbol(c) if c != "\n" and is_control(c) else c for c in text)


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
