"""What a seat may not see (the privacy checks read every view for it): the deck, the
other players' hands and a card another player drew and has not placed yet."""

from __future__ import annotations

from tabletop.games.spacepark.content import badges
from tabletop.games.spacepark.model import SpaceParkState


def secrets(state: SpaceParkState, seat: int | None) -> set[str]:
    """The JSON fragments naming those cards (by id and by name)."""
    hidden = set(state.deck)
    for other, player in enumerate(state.players):
        if other != seat:
            hidden |= set(player.hand)
    pending = state.pending
    if pending is not None and pending.drawn is not None and pending.seat != seat:
        hidden.add(pending.drawn)
    return {f'"{b}"' for b in hidden} | {f'"{badges()[b].name}"' for b in hidden}
