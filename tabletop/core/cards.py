"""What a card says, for the people playing: each game's content words its cards
(from its assets) into this one shape, and the screens show it as it is."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CardText:
    """A card in words: its name, one line that fits beside it, and its whole text
    (paragraphs)."""

    title: str
    summary: str
    body: tuple[str, ...]
