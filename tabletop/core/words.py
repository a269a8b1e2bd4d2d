"""Counted things in players' words, for every game's log lines, summaries and hints:
"1 card", "2 cards", "1 Sun crystal", "2 Fast Travel passes" (never "card(s)")."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass


def noun_for(amount: int, noun: str) -> str:
    """``noun`` as it reads after ``amount``: singular for one, else plural ("card",
    "cards"; "pass", "passes")."""
    if amount == 1:
        return noun
    return noun + ("es" if noun.endswith(("s", "x", "ch", "sh")) else "s")


def counted(amount: int, noun: str) -> str:
    """``amount`` and the noun that goes with it: "1 card", "0 points", "3 passes"."""
    return f"{amount} {noun_for(amount, noun)}"


@dataclass(frozen=True, slots=True)
class Phrase:
    """A legal action in players' words, for a front-end that plays by typed words: the
    command that takes it ("draw pile", "add zion", "look b2 c4"), what it does in a
    sentence, and, for an action one of many alike (a look at any two places), the line
    that stands for all of them ("look PLACE PLACE: look at two face-down cards")."""

    command: str
    words: str
    many: str = ""


def slug(name: str) -> str:
    """A name as one typed word: "Grand Canyon" -> "grand-canyon", "Let's do it again"
    -> "lets-do-it-again", "Hawaiʻi Volcanoes" -> "hawaii-volcanoes", "Wrangell–St. Elias"
    -> "wrangell-st-elias" (letters a keyboard types without a compose key)."""
    letters = "".join(
        c
        for c in unicodedata.normalize("NFKD", name.lower())
        if not unicodedata.combining(c) and c not in "'\u2019\u02bb"
    )
    plain = "".join(c if c.isalnum() else " " for c in letters)
    kept = plain.encode("ascii", "ignore").decode()
    return "-".join(kept.split())
