"""What a seat may not see (the privacy checks read every view for it): the draw pile
and the other players' hands."""

from __future__ import annotations

from tabletop.games.pocketparks.model import PocketParksState


def secrets(state: PocketParksState, seat: int | None) -> set[str]:
    """The JSON fragments naming those cards."""
    hidden = set(state.pile)
    for other, player in enumerate(state.players):
        if other != seat:
            hidden |= set(player.hand)
    return {f'"id":{c},' for c in hidden}
