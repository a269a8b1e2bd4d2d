"""A TEST-ONLY game screen for the toy game: exercises GameScreen's plumbing."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from tabletop.core.replay import ReplaySession
from tabletop.tui.kits import UiKit
from tabletop.tui.screens.base import GameScreen
from tests.tui.toygame import Bet, Draw, Play, ToyView


class ToyScreen(GameScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b", "bet", "Bet 1"),
        Binding("d", "draw", "Draw"),
        Binding("p", "play", "Play first card"),
        Binding("x", "play_missing", "Play a card not held"),
    ]

    def compose_board(self) -> ComposeResult:
        yield Static(id="hand")

    def render_view(self, view: Any) -> None:
        assert isinstance(view, ToyView)
        hand = "hidden" if view.hand is None else " ".join(map(str, view.hand))
        self.query_one("#hand", Static).update(f"hand: {hand}")

    def seat_scores(self, view: Any) -> list[str]:
        assert isinstance(view, ToyView)
        return [f"bet {b}" for b in view.bets]

    def _seat(self) -> int:
        assert self.viewer is not None
        return self.viewer

    def action_bet(self) -> None:
        self.act(Bet(seat=self._seat(), amount=1))

    def action_draw(self) -> None:
        self.act(Draw(seat=self._seat()))

    def action_play(self) -> None:
        view = self.session.view(self._seat())
        assert isinstance(view, ToyView) and view.hand
        self.act(Play(seat=self._seat(), card=view.hand[0]))

    def action_play_missing(self) -> None:
        self.act(Play(seat=self._seat(), card=999))


def _hand(session: ReplaySession, seat: int) -> list[str]:
    view = session.view(seat)
    assert isinstance(view, ToyView)
    return [str(card) for card in view.hand or ()]


def _measures(view: Any) -> dict[str, float]:
    return {f"{name} bets": bet for name, bet in zip(view.players, view.bets, strict=True)}


TOY_UI = UiKit("toygame", lambda _table: ToyScreen, hand=_hand, measures=_measures)
"""The toy game's UI, registered by the tests that play it."""
