"""Counted things in players' words, for every game's log lines, summaries and hints:
"1 card", "2 cards", "1 Sun crystal", "2 Fast Travel passes" (never "card(s)")."""

from __future__ import annotations


def noun_for(amount: int, noun: str) -> str:
    """``noun`` as it reads after ``amount``: singular for one, else plural ("card",
    "cards"; "pass", "passes")."""
    if amount == 1:
        return noun
    return noun + ("es" if noun.endswith(("s", "x", "ch", "sh")) else "s")


def counted(amount: int, noun: str) -> str:
    """``amount`` and the noun that goes with it: "1 card", "0 points", "3 passes"."""
    return f"{amount} {noun_for(amount, noun)}"
