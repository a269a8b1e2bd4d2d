"""Space Park: 1-4 players ride the rockets, trade crystals for badges, reach 20 XP."""

from tabletop.games.spacepark.engine import ENGINE, SpaceParkEngine

__all__ = ["ENGINE", "SpaceParkEngine"]
