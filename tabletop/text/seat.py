"""The one module of the words front-end that touches the table interface: a game at
this keyboard (core.session's GameSession, with its store, bots and undo). Everything
else in tabletop/text reads and acts through ``TextTable``."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from tabletop.core.bot import Bot, ask, make_bot
from tabletop.core.engine import Action, Engine, Outcome
from tabletop.core.session import GameSession


class TextTable:
    """What the conversation needs of a table: reading, acting, undo, the clocks, bots."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        record = session.record
        self.bots: dict[int, Bot] = {
            seat: make_bot(record.game, info.bot, record.seed + seat)
            for seat, info in enumerate(session.seats)
            if info.bot is not None
        }

    @property
    def engine(self) -> Engine[Any, Any]:
        return self.session.engine

    @property
    def game_id(self) -> int:
        return self.session.game_id

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.session.seats)

    @property
    def here(self) -> tuple[int, ...]:
        return self.session.here

    @property
    def to_act(self) -> tuple[int, ...]:
        return self.session.to_act

    @property
    def outcome(self) -> Outcome | None:
        return self.session.outcome

    @property
    def save_problem(self) -> str | None:
        return self.session.save_problem

    def view(self, seat: int | None) -> BaseModel:
        return self.session.view(seat)

    def legal_actions(self, seat: int) -> list[Action]:
        return self.session.legal_actions(seat)

    def log(self, seat: int | None) -> list[str]:
        return self.session.log(seat)

    def act(self, action: Action) -> None:
        """Apply and save ``action``; IllegalAction (nothing changed) if refused."""
        self.session.act(action)

    def undo_refusal(self, seat: int) -> str | None:
        return self.session.undo_refusal(seat)

    def undo(self, seat: int) -> None:
        self.session.undo(seat)

    def advance(self, now: float) -> None:
        self.session.advance(now)

    def bot_move(self, seat: int) -> Action:
        """The move the bot at ``seat`` chooses, from its view and legal actions only."""
        return ask(self.engine, self.session.state, seat, self.bots[seat])

    def close(self) -> None:
        """Keep a snapshot for a quick resume (as the app's game screen does)."""
        self.session.keep_snapshot()
