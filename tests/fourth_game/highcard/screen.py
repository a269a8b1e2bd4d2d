"""High Card's screen: the viewer's own card (hidden behind the curtain, as every
hand), each seat's swap and stand, both cards once shown; w swaps, s stands. A refused
key is sent anyway, and the engine says why (HC-SWAP-1, HC-TURN-1)."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widgets import Static

from tabletop.core.replay import ReplaySession
from tabletop.tui.kits import UiKit
from tabletop.tui.screens.base import GameScreen
from tabletop.tui.text import plain
from tests.fourth_game.highcard.engine import HighCardView, Stand, Swap


class HighCardScreen(GameScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "swap", "Swap"),
        Binding("s", "stand", "Stand"),
    ]
    DEFAULT_CSS = """
    HighCardScreen #card {
        padding: 1 2;
    }
    """

    def compose_board(self) -> ComposeResult:
        yield Static(id="card")

    def render_view(self, view: Any) -> None:
        assert isinstance(view, HighCardView)
        self.query_one("#card", Static).update(card_text(view))

    def seat_scores(self, view: Any) -> list[str]:
        assert isinstance(view, HighCardView)
        return [
            "stood" if stood else "swapped" if swapped else ""
            for stood, swapped in zip(view.stood, view.swapped, strict=True)
        ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("swap", "stand"):
            seat = self.viewer
            if seat is None or self.session.outcome is not None:
                return False
            kind = Swap if action == "swap" else Stand
            legal = self.session.legal_actions(seat)
            return True if any(isinstance(a, kind) for a in legal) else None
        return super().check_action(action, parameters)

    def explain_key(self, action: str, parameters: tuple[object, ...]) -> bool:
        """A greyed swap or stand is sent anyway, for the engine to say why not."""
        if action in ("swap", "stand") and self.viewer is not None:
            getattr(self, f"action_{action}")()
            return True
        return super().explain_key(action, parameters)

    def action_swap(self) -> None:
        assert self.viewer is not None
        self.act(Swap(seat=self.viewer))

    def action_stand(self) -> None:
        assert self.viewer is not None
        self.act(Stand(seat=self.viewer))


def card_text(view: HighCardView) -> Content:
    """The viewer's card, or both once shown, and who stands."""
    if view.shown is not None:
        cards = ", ".join(f"{n} {c}" for n, c in zip(view.players, view.shown, strict=True))
        return plain(f"The cards: {cards}.")
    card = "hidden" if view.card is None else str(view.card)
    turn = view.players[view.active]
    return plain(f"Your card: {card}. {turn} to swap (w) or stand (s). Deck: {view.deck}.")


def _hand(session: ReplaySession, seat: int) -> list[str]:
    view = session.view(seat)
    assert isinstance(view, HighCardView)
    return [] if view.card is None else [str(view.card)]


def _measures(view: Any) -> dict[str, float]:
    assert isinstance(view, HighCardView)
    return {"cards in the deck": view.deck}


UI = UiKit("highcard", lambda _table: HighCardScreen, hand=_hand, measures=_measures)
"""High Card's UI, registered by the test that plays it on screen."""
