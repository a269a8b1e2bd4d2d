"""What a seat may not see (the privacy checks read every view for it): the activity
deck, its own hand (PD-TALK-2: each player sees only the other's), and the collection
cards face down, but for those it is peeking at."""

from __future__ import annotations

from tabletop.games.pocketdragon.content import cards
from tabletop.games.pocketdragon.model import PocketDragonState
from tabletop.games.pocketdragon.rules import face_down


def secrets(state: PocketDragonState, seat: int | None) -> set[str]:
    """The JSON fragments naming those cards."""
    table = state.table
    if table is None:
        return set()
    deck = cards()
    activities = list(table.deck)
    for owner, hand in enumerate(table.hands):
        if seat is None or seat == owner:  # PD-TALK-2: nobody sees their own hand
            activities += [h.activity for h in hand]
    peeked = table.peek.places if table.peek is not None and table.peek.seat == seat else []
    grid = [table.grid[p] for p in face_down(table) if p not in peeked]
    return {f'"{deck.activities[a].id}"' for a in activities} | {
        f'"{deck.collection[c].id}"' for c in grid if c is not None
    }
