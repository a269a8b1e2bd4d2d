"""Games a test makes or loads join the registry for that test only."""

from __future__ import annotations

import pytest

import tabletop.games as games
from tabletop.core.kit import GameKit


def isolated(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry as it is now (tabletop's own games loaded) comes back when the test
    ends: a game registered meanwhile, by ``register_game`` or by importing its package,
    goes with the test."""
    known = {kit.name: kit for kit in games.kits()}
    monkeypatch.setattr(games, "_KITS", known)


def register_for_test(monkeypatch: pytest.MonkeyPatch, kit: GameKit) -> None:
    """``kit`` is a registered game until the test ends (listed after tabletop's own)."""
    isolated(monkeypatch)
    games.register_game(kit)
