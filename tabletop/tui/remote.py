"""One seat of a hosted game behind its screen: the ``TableController`` of a
net.client.RemoteTable (imported only for a hosted seat: a game at this keyboard
never loads the network's modules).

The seat's screen is that seat's alone (``own_seat``): no curtain, its own view
always. Other seats' moves arrive as the host sends them (``Changed``); a move made
here goes to the host, one at a time, and is drawn only once the host's update comes
(the answer is an ``Answered`` event, after that update). Bots, undo and saving are
the host's.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from tabletop.core.engine import Action, Transition
from tabletop.core.errors import IllegalAction
from tabletop.net.client import Offline, RemoteTable
from tabletop.tui.tables import Answered, Changed, Listener, Notice, TableController


class RemoteSeat(TableController):
    """The seat's connection to the host, as its screen needs it."""

    session: RemoteTable

    def __init__(self, session: RemoteTable) -> None:
        super().__init__(session)
        self.remote = session
        self.sending = None
        self._update: object = session.connection.update  # the host's update last told
        self._notices = len(session.connection.notices)  # the connection's notices told
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def title(self) -> str:
        """How the connection is: reconnecting, a move on its way, or gone for good."""
        connection = self.remote.connection
        if connection.ended is not None:
            state = "disconnected"
        elif not connection.connected:
            state = "reconnecting to the host…"
        elif self.sending is not None:
            state = "sending your move…"
        else:
            state = f"{self.remote.seats[self.remote.seat].name}'s seat"
        return f"{self.remote.engine.title} · {state}"

    @property
    def own_seat(self) -> int | None:
        return self.remote.seat

    @property
    def leave_question(self) -> str | None:
        return "Leave the table? Your seat is away until you join again with its code."

    @property
    def back_label(self) -> str | None:
        return "Leave"  # the seat's app ends

    def listen(self, report: Listener) -> None:
        super().listen(report)
        self.remote.subscribe(self._heard)

    def close(self) -> None:
        super().close()
        self.remote.unsubscribe(self._heard)

    def _heard(self) -> None:
        """The connection's listener (in its task): an update, or the connection lost,
        back or ended. The screen draws it in its own task (one frame)."""
        notices = self.remote.connection.notices
        for _, notice in notices[self._notices :]:
            self.report(Notice(notice, title="Table", timeout=6))
        self._notices = len(notices)
        update = self.remote.connection.update
        moved, self._update = update is not self._update, update
        self.report(Changed(moved))

    def act(
        self, action: Action, then: Callable[[], object] | None = None
    ) -> Transition[Any] | None:
        """One move at a time goes to the host; the screen stays live meanwhile."""
        if self.sending is not None:
            self.report(Notice("Your last move is still on its way to the host.", tell=True))
            return None
        self.sending = action
        task = asyncio.get_running_loop().create_task(self._to_host(action, then))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return None

    async def _to_host(self, action: Action, then: Callable[[], object] | None) -> None:
        try:
            await self.remote.act(action)
        except (IllegalAction, Offline) as failed:
            answer = Answered(failed, None)
        else:
            answer = Answered(None, then)
        self.sending = None
        self.report(answer)
