"""A game a test makes joins the registry for that test only."""

from __future__ import annotations

import pytest

import tabletop.games as games
from tabletop.core.kit import GameKit


def register_for_test(monkeypatch: pytest.MonkeyPatch, kit: GameKit, first: bool = False) -> None:
    """``kit`` is a registered game until the test ends (first in the list if ``first``),
    as ``tabletop.games.register_game`` would make it; the games registered before
    are as they were afterwards."""
    known = {k.name: k for k in games.kits()}
    monkeypatch.setattr(games, "_KITS", {kit.name: kit, **known} if first else known)
    games.register_game(kit)
