"""Players' names: one rule for every way a name comes in (the setup screen, the
protocol's ``new``, a game file imported, a saved game read back). A name is shown on
every screen and written to the terminal, so it may hold no control or formatting
characters (escape sequences, bidirectional overrides, line breaks), it shows
something (not only spaces, joiners or blank fillers), it holds no emoji sequence
that terminals draw at different widths (joined by U+200D, a skin tone, a
presentation selector: each would push a panel's border out of line somewhere), and it
stays short. Two players of one game never have the same name, told apart as people
read them (``name_key``: regardless of case, width forms and spaces). Other text from
people or files is shown with its control characters as symbols (``visible``)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

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


_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5")
"""Letters and symbols drawn as nothing: the Hangul fillers, the blank Braille pattern,
the Mongolian vowel separator, the Khmer inherent vowels."""
_UNSHOWN_CATEGORIES = frozenset({"Zs", "Mn", "Me", "Cc", "Cf"})
"""Spaces, marks (drawn on another character) and formatting: nothing of their own."""
_UNEVEN = frozenset("\u200d\ufe0e\ufe0f\u20e3" + "".join(chr(c) for c in range(0x1F3FB, 0x1F400)))
"""What makes an emoji sequence (the joiner, the presentation selectors, the keycap,
the skin tones): terminals draw the sequence as one picture or as its parts."""


def _shows(char: str) -> bool:
    return char not in _BLANK and unicodedata.category(char) not in _UNSHOWN_CATEGORIES


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
        if char in _UNEVEN:
            raise ValueError(
                f"A player's name cannot hold an emoji sequence (U+{ord(char):04X} makes "
                "one): terminals draw it at different widths. One emoji alone is fine."
            )
    if not any(map(_shows, name)):
        raise ValueError("A player's name must show something: it holds only blank characters.")
    return name


def name_key(name: str) -> str:
    """A name as people tell names apart: "Ann", "ann", " A nn" and the full-width "Ａnn"
    are one name (NFKC, case folded, no spaces)."""
    return "".join(unicodedata.normalize("NFKC", name).casefold().split())


def check_names(names: Iterable[str]) -> None:
    """ValueError, in players' words, if two of ``names`` are one name (``name_key``)."""
    seen: dict[str, str] = {}
    for name in names:
        key = name_key(name)
        if key in seen:
            named = repr(name) if seen[key] == name else f"{seen[key]!r} and {name!r}"
            raise ValueError(
                f"Two players are named {named}: each player needs a name of their own "
                "(names that differ only in case or spaces are one name)."
            )
        seen[key] = name
