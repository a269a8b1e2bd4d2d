"""The game-agnostic kernel. Nothing here imports Textual or Rich."""

from tabletop.core.engine import Action, Engine, Event, Outcome, Setup, Transition
from tabletop.core.errors import ContentError, IllegalAction
from tabletop.core.record import GameRecord, replay
from tabletop.core.rng import Rng

__all__ = [
    "Action",
    "ContentError",
    "Engine",
    "Event",
    "GameRecord",
    "IllegalAction",
    "Outcome",
    "Rng",
    "Setup",
    "Transition",
    "replay",
]
