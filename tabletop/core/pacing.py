"""The real-time bot seats of a game played here (a ``core.session.GameSession``, at this
keyboard or on a host): each bot (``core.bot.PacedBot``) sees its seat's view after every
move, by anyone, and moves at its own moment of the game clock.

Whoever runs the game's clocks (the words front-end's tick, the host's, a game screen's)
asks ``due_move(now)`` once it has run them to ``now``, and makes the move it gets as it
makes a person's (so a host publishes it, a screen draws it). The bots read views only:
never the state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core.bot import PacedBot
from tabletop.core.engine import Action, Transition
from tabletop.core.session import GameSession


class PacedSeats:
    """The paced bots of one session, told of every move through its watchers. Made on
    a resumed game, each bot sees the views of its record replayed, in order, so it
    remembers what it would have remembered had it played throughout (``recall``)."""

    def __init__(self, session: GameSession, bots: Mapping[int, PacedBot]) -> None:
        self.session = session
        self.bots = dict(bots)
        if self.bots:
            self.recall()
            session.watchers.append(self._moved)

    def recall(self) -> None:
        """Each bot sees its seat's view after each move of the record so far."""
        engine = self.session.engine
        record = self.session.record
        state = engine.new(record.setup, record.seed)
        for data in record.actions:
            state = engine.apply(state, engine.parse_action(data)).state
            for seat, bot in self.bots.items():
                bot.changed(engine.view(state, seat))

    def close(self) -> None:
        """The session is no longer played here: the bots stop following it."""
        if self._moved in self.session.watchers:
            self.session.watchers.remove(self._moved)

    def _moved(self, transition: Transition[Any] | None) -> None:
        if transition is None:  # a seat gone or back: no move
            return
        for seat, bot in self.bots.items():
            bot.changed(self.session.view(seat))

    def why(self, seat: int) -> str:
        """The bot at ``seat``'s reason for its last move ("" before its first)."""
        return self.bots[seat].why

    def due_move(self, now: float) -> Action | None:
        """The move of the first bot due at ``now`` that wants one (the clocks already run
        to ``now``), checked legal, not made yet; None if no bot moves now. A bot whose
        move is not made is asked again at the next call."""
        if self.session.outcome is not None:
            return None
        for seat, bot in sorted(self.bots.items(), key=lambda item: (item[1].due, item[0])):
            if bot.due > now:
                break
            legal = self.session.legal_actions(seat)
            action = bot.move(self.session.view(seat), legal)
            if action is None:
                continue
            if action not in legal:
                raise ValueError(f"bot {type(bot).__name__} chose an illegal action: {action!r}")
            return action
        return None
