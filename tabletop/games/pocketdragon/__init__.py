"""Pocket Dragon: real-time co-op for two (companion app or full table on screen)."""

from tabletop.games.pocketdragon.engine import ENGINE, PocketDragonEngine

__all__ = ["ENGINE", "PocketDragonEngine"]
