"""The table behind a game screen: one interface, three kinds of table.

A game screen draws and takes keys; everything about where its game lives is its
``TableController``'s: a game at this keyboard (``LocalTable``: the session, its
store, bots, undo, saving), one seat of a hosted game (``tui.remote.RemoteSeat``:
the connection to the host) or a saved game stepped through (``ReplayTable``,
read-only). The screen reads the game through ``table.session`` (a core.table.Table),
acts through ``act`` and ``undo``, and learns what happened without it (a bot's
choice, a host's update, the answer to a move sent) as ``TableEvent``s. The
controllers are plain Python: each reports its events through the one callable the
screen gives ``listen``, from any thread; the screen turns them into Textual messages
(``GameScreen.TableChanged``), handled in its own task.

Every difference between the three is a property or a method here, with a default
that suits a table doing nothing of the kind, so no screen asks which table it has.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel

from tabletop.core.bot import Bot, PacedBot, ask
from tabletop.core.engine import Action, Transition
from tabletop.core.errors import IllegalAction
from tabletop.core.pacing import PacedSeats
from tabletop.core.session import GameSession
from tabletop.core.store import StoreConflict
from tabletop.core.table import Table
from tabletop.games import make_bot

if TYPE_CHECKING:
    from textual.binding import BindingType
    from textual.content import Content
    from textual.screen import Screen

    from tabletop.tui.screens.hosting import Hosting


# -- what a table tells its screen ----------------------------------------------------


class TableEvent:
    """Something that happened to the table without the screen's own ``act``."""


@dataclass(frozen=True, slots=True)
class Changed(TableEvent):
    """The table changed elsewhere: a host's update, a move at a seat of a game hosted
    from here, a seat gone or back (``moved``: the screen draws it as it draws its own
    move); or only what the title says (a connection lost, a move on its way)."""

    moved: bool = True


@dataclass(frozen=True, slots=True)
class Shown(TableEvent):
    """The table shows another position (a replay's step): the screen redraws it."""


@dataclass(frozen=True, slots=True)
class BotChose(TableEvent):
    """A bot seat chose ``action`` at ``state``; the screen plays it while the table is
    still at ``state`` (an undo or leaving drops it)."""

    action: Action
    state: Any


@dataclass(frozen=True, slots=True)
class Answered(TableEvent):
    """The host's answer to the move sent: ``failed`` is None if it was made (then
    ``then`` runs), an IllegalAction if refused, another exception if not sent."""

    failed: Exception | None
    then: Callable[[], object] | None


@dataclass(frozen=True, slots=True)
class Notice(TableEvent):
    """Something to tell the table that is no move (taken literally)."""

    text: str
    title: str = ""
    severity: Literal["information", "warning", "error"] = "information"
    timeout: float | None = None
    """Seconds on screen (None: the app's default)."""
    tell: bool = False
    """About the move being tried: it replaces the notice before (``GameScreen.tell``)."""


Listener = Callable[[TableEvent], None]


class TableController:
    """The interface every game screen uses, with the defaults of a table that has no
    bots, no undo, no store and nothing to report (the three kinds below override what
    they have)."""

    sending: Action | None = None
    """A hosted seat: the move on its way to the host, if one is."""

    def __init__(self, session: Table) -> None:
        self.session = session
        """What the screen reads: view, legal actions, log, who acts, the seats."""
        self._report: Listener | None = None

    # -- reporting --------------------------------------------------------------------

    def listen(self, report: Listener) -> None:
        """The screen is on: ``report`` (callable from any thread) gets the events."""
        self._report = report

    def report(self, event: TableEvent) -> None:
        if self._report is not None:
            self._report(event)

    def close(self) -> None:
        """The screen is closing: nothing more is reported."""
        self._report = None

    # -- what kind of table it is, as a screen needs to know --------------------------

    @property
    def title(self) -> str:
        """The screen's title: the game's, and what the table adds (a connection...)."""
        return self.session.engine.title

    @property
    def own_seat(self) -> int | None:
        """The one seat whose screen this is (always its view, never a curtain), if so."""
        return None

    @property
    def bots(self) -> dict[int, Bot]:
        """The bots of the seats that take turns here, by seat."""
        return {}

    @property
    def paced_seats(self) -> tuple[int, ...]:
        """The seats real-time bots play here (Pocket Dragon's partner)."""
        return ()

    def bot_why(self, seat: int) -> str:
        """The real-time bot at ``seat``'s reason for its last move, in players' words
        ("" before its first)."""
        return ""

    @property
    def keeps_clocks(self) -> bool:
        """A real-time game's clocks run here (paused on leaving, on the rules...)."""
        return False

    @property
    def keeps_history(self) -> bool:
        """The game's end is filed in this app's History."""
        return False

    @property
    def hosting(self) -> Hosting | None:
        """A table hosted from here: its other seats play at their own screens."""
        return None

    @property
    def leave_question(self) -> str | None:
        """What to ask before leaving (None: leave at once)."""
        return None

    @property
    def back_label(self) -> str | None:
        """Where leaving goes, in the footer's words (None: back where it came from)."""
        return None

    def opening(self) -> TableEvent:
        """How the screen draws the table as it opens: as a change (the keyboard handed
        over, bots asked, the result shown if it is over)."""
        return Changed()

    @property
    def bindings(self) -> list[BindingType] | None:
        """The table's own keys, in place of the game screen's (None: the screen's).
        They run ``action_table(command, *args)``, which calls ``command``."""
        return None

    @property
    def css_class(self) -> str | None:
        """A class the screen takes on this table (its CSS may say how it looks then)."""
        return None

    def allows(self, command: str) -> bool:
        """May the table's own key for ``command`` be pressed now?"""
        return True

    def command(self, screen: Screen[Any], command: str, *args: Any) -> None:
        """One of the table's own keys was pressed on ``screen`` (its game screen)."""

    @property
    def save_problem(self) -> str | None:
        """Why the latest moves are not saved yet (a full disk...)."""
        return None

    @property
    def stale(self) -> StoreConflict | None:
        """Another tabletop changed this game: nothing more is saved here."""
        return None

    @property
    def game_id(self) -> int | None:
        """The saved game this table plays, if it is this app's."""
        return None

    # -- acting ---------------------------------------------------------------------

    def act(
        self, action: Action, then: Callable[[], object] | None = None
    ) -> Transition[Any] | None:
        """Play ``action``: its transition once made here (IllegalAction if refused,
        StoreConflict if another tabletop changed the game), or None if it is on its
        way (an ``Answered`` event follows) or nothing is played here."""
        return None

    def refusal(self, action: Action) -> IllegalAction | None:
        """Why ``action`` would be refused now, as far as this table can tell (a hosted
        seat cannot: the host says, when the action is sent)."""
        return None

    def undo(self, seat: int | None) -> list[str] | None:
        """Take back the last move (StoreError, StoreConflict: nothing changed): the log
        lines it had that ``seat`` may read; None if no move is taken back here."""
        return None

    def retry_save(self) -> None:
        """Try again to save what a failure left unsaved."""

    def settle(self, bot_pause: float) -> None:
        """The screen drew a change: the bots look at the new position (a turn-taking
        bot moves no sooner than ``bot_pause`` seconds after it began to think)."""

    def due(self, now: float) -> list[Action]:
        """The moves the real-time bot seats make at ``now`` (the game clock's reading,
        after the screen's tick ran the clocks there)."""
        return []

    def bot_move(self, seat: int) -> Action:
        """The move the bot at ``seat`` chooses now, from its seat's view (ValueError if
        it breaks the rules). Only for a seat in ``bots``."""
        raise KeyError(seat)

    def status(self, viewer: int | None) -> Content | None:
        """The status line, when the table has its own (a replay's position), or None."""
        return None

    def step_words(self, view: BaseModel) -> Content | None:
        """The step being played in the table's own words (a replay's), or None: the
        screen's prompt."""
        return None


class LocalTable(TableController):
    """A game at this keyboard: its GameSession (the store, undo, saving, a stale game
    reloaded), its bots and, for a table hosted from here, the Hosting.

    Turn-taking bot seats (each seat whose ``SeatInfo.bot`` names a level) think in a
    thread once first to act, from their own seat's view, and report ``BotChose``.

    A real-time bot seat (Pocket Dragon's partner: its ``SeatInfo.bot`` names a level
    whose bot is a ``core.bot.PacedBot``) is left out of the turn-taking bots and played
    through ``core.pacing.PacedSeats``: it sees its seat's view after every move (made
    on a resumed game, the record replayed to it first, so it remembers its looks), and
    at every clock tick the screen calls ``due(now)``, which gives the screen the move of
    a seat whose ``due`` has come, to play as its own keys' moves (saved, logged and drawn
    alike). With one person here besides, the screen is theirs (``own_seat``): no curtain,
    their view throughout. ``paced`` gives such bots by seat instead of making them from
    the seats' levels (a test's scripted bot)."""

    def __init__(
        self,
        session: GameSession,
        hosting: Hosting | None = None,
        paced: Mapping[int, PacedBot] | None = None,
    ) -> None:
        super().__init__(session)
        self.game = session
        self._hosting = hosting
        record = session.record
        given = dict(paced or {})
        made = {
            seat: make_bot(record.game, info.bot, record.seed + seat)
            for seat, info in enumerate(session.seats)
            if info.bot is not None and seat not in given
        }
        self._bots = {s: b for s, b in made.items() if not isinstance(b, PacedBot)}
        given.update((s, b) for s, b in made.items() if isinstance(b, PacedBot))
        self.pacing = PacedSeats(session, given)
        """The real-time bot seats: they see every move, and move at their moment."""
        self._thinking_about: Any = None  # the state a bot is thinking about, if any
        self._acting = False  # a move made here is on its way into the session

    @property
    def bots(self) -> dict[int, Bot]:
        return self._bots

    @property
    def paced_seats(self) -> tuple[int, ...]:
        return tuple(self.pacing.bots)

    def bot_why(self, seat: int) -> str:
        return self.pacing.why(seat)

    @property
    def own_seat(self) -> int | None:
        here = self.game.here
        return here[0] if self.pacing.bots and len(here) == 1 else None

    @property
    def keeps_clocks(self) -> bool:
        return True

    @property
    def keeps_history(self) -> bool:
        return True

    @property
    def hosting(self) -> Hosting | None:
        return self._hosting

    @property
    def save_problem(self) -> str | None:
        return self.game.save_problem

    @property
    def stale(self) -> StoreConflict | None:
        return self.game.stale

    @property
    def game_id(self) -> int | None:
        return self.game.game_id

    def listen(self, report: Listener) -> None:
        super().listen(report)
        if self.game.elsewhere:
            self.game.watchers.append(self._moved_elsewhere)

    def close(self) -> None:
        super().close()
        self.pacing.close()
        if self._moved_elsewhere in self.game.watchers:
            self.game.watchers.remove(self._moved_elsewhere)
        self.game.keep_snapshot()
        if self._hosting is not None:  # the remote seats wait for it to come back
            self._hosting.stop()

    def _moved_elsewhere(self, transition: Transition[Any] | None) -> None:
        """A table hosted from here: a remote seat moved, or came or went (the session's
        watcher, in the host's task; a move made here the screen draws itself)."""
        if not self._acting:
            self.report(Changed())

    def act(
        self, action: Action, then: Callable[[], object] | None = None
    ) -> Transition[Any] | None:
        self._acting = True
        try:
            return self.game.act(action)
        finally:
            self._acting = False

    def refusal(self, action: Action) -> IllegalAction | None:
        try:
            self.game.engine.apply(self.game.state, action)
        except IllegalAction as refused:
            return refused
        return None

    def undo(self, seat: int | None) -> list[str] | None:
        return self.game.undo(seat)

    def retry_save(self) -> None:
        self.game.retry_save()

    def settle(self, bot_pause: float) -> None:
        """A bot first to act thinks in a thread (one per position: a redraw of the same
        table starts no second one). (The real-time seats saw each move as it was made.)"""
        seats, state = self.game.to_act, self.game.current
        if seats and seats[0] in self._bots and self._thinking_about is not state:
            self._thinking_about = state
            threading.Thread(
                target=self._think, args=(seats[0], state, bot_pause), daemon=True
            ).start()

    def _think(self, seat: int, state: Any, bot_pause: float) -> None:
        began = time.monotonic()
        try:
            action = ask(self.game.engine, state, seat, self._bots[seat])
        except ValueError as exc:
            self.report(Notice(str(exc), severity="error"))
            return
        time.sleep(max(0.0, bot_pause - (time.monotonic() - began)))
        self.report(BotChose(action, state))

    def due(self, now: float) -> list[Action]:
        action = self.pacing.due_move(now)
        return [] if action is None else [action]

    def bot_move(self, seat: int) -> Action:
        return ask(self.game.engine, self.game.state, seat, self._bots[seat])


def table_for(session: GameSession | TableController) -> TableController:
    """The controller of ``session``: itself if it is one, else a game at this keyboard's
    (a hosted seat's is made where it joins, ``tui.join``; a replay's by
    ``replay_screen``)."""
    if isinstance(session, TableController):
        return session
    return LocalTable(session)
