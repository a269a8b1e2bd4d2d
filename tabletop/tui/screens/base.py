"""GameScreen: the plumbing every game screen shares.

A game screen only draws ``self.session.view(self.viewer)`` and turns keys into
actions passed to ``self.act``. The base class commits them through the
session, reports refusals (rule id and reason), keeps the log and scoreboard,
greys Undo with its reason, drops the curtain between hot-seat turns, lets bot
seats move (each from its own seat's view, in a thread) and shows the result
when the game ends (the session has already filed it for History).

``viewer`` is the seat whose private view may be on screen; it is None while a
curtain is down (or at an all-bot table), so nothing private is drawn then.

The screen reads its game through ``self.session``, a core.table.Table: a
GameSession at this keyboard (``local``), or one seat of a hosted game
(``remote``, a net.client.RemoteTable). A remote seat's screen is that seat's
alone: its viewer is always that seat, so there is never a curtain; other seats'
moves arrive as the host sends them and are drawn as local moves are; a move made
here is drawn only once the host accepted it (``act`` sends it, and the screen
stays live meanwhile). Bots, undo and saving belong to the local game; a hint is
worked out from the seat's own view at either.

A subclass sets MIN_SIZE, yields its widgets from ``compose_board``, redraws
them in ``render_view`` and may override ``seat_scores``, ``next_viewer`` (who
takes the keyboard when several seats may act) and ``curtained``; its own
``check_action`` defers to ``super().check_action``.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from textual import work
from textual.app import ComposeResult, ScreenStackError
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.notifications import Notification, SeverityLevel
from textual.reactive import Reactive, reactive
from textual.widgets import Static

from tabletop.core.bot import Bot, Hint, ask
from tabletop.core.engine import Action, Transition
from tabletop.core.errors import IllegalAction
from tabletop.core.replay import ReplaySession
from tabletop.core.session import GameSession
from tabletop.core.store import StoreConflict, StoreError
from tabletop.core.table import Table
from tabletop.games import hint_from, kit, make_bot
from tabletop.tui.compat import draw_behind
from tabletop.tui.dialogs import Confirm, Dialog, relabel
from tabletop.tui.navigation import OpenGame, ShowHistory, ShowRules
from tabletop.tui.screens.sized import SizedScreen
from tabletop.tui.settings import Settings
from tabletop.tui.text import plain, refresh_text
from tabletop.tui.widgets.bars import Footer, Header
from tabletop.tui.widgets.curtain import Curtain
from tabletop.tui.widgets.log import GameLog
from tabletop.tui.widgets.scoreboard import Scoreboard

if TYPE_CHECKING:
    from textual.timer import Timer

    from tabletop.net.client import RemoteTable
    from tabletop.tui.screens.hosting import Hosting

COLLECT_AFTER_S = 0.1
"""A joined seat collects its garbage this long after an update came: its frame is drawn
by then (20-40 ms), and its player has not answered yet (a key comes hundreds of ms
later). Collected later, at a quarter second, the collection (10 ms) met the next key
or update as often as not; collected "after the refresh", it came before the frame,
whose widgets had not yet asked to be drawn."""


class GameScreen(SizedScreen):
    """Subclass per game: set MIN_SIZE, yield the board from ``compose_board``, redraw
    it in ``render_view`` and optionally show per-seat scores in ``seat_scores``."""

    MIN_SIZE: ClassVar[tuple[int, int]] = (80, 24)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "undo", "Undo"),
        Binding("question_mark", "rules", "Rules"),
        Binding("escape", "leave", "Home"),
        Binding("j", "join_codes", "Join codes"),
    ]

    DEFAULT_CSS = """
    GameScreen #table {
        height: 1fr;
    }
    GameScreen #board {
        width: 1fr;
    }
    GameScreen #side {
        width: 34;
    }
    GameScreen #status {
        width: 100%;
        height: auto;
        max-height: 3;
        padding: 0 1;
        color: $text-muted;
    }
    """

    viewer: reactive[int | None] = reactive(None, init=False, repaint=False)
    """The seat whose private view is shown; None while nobody's may be."""
    title: Reactive[str | None] = Reactive(None, compute=False, repaint=False)
    sub_title: Reactive[str | None] = Reactive(None, compute=False, repaint=False)
    """Textual's, but a new one repaints only the header's title (its watcher), not the
    whole screen: a joined seat's title says "sending your move…" at each move, and
    Textual's repainted every widget for it, twice a move (13-25 ms each)."""

    def __init__(self, session: Table, settings: Settings) -> None:
        super().__init__()
        self.session = session
        self.settings = settings
        self.local = session if isinstance(session, GameSession) else None
        """The game, when it is played at this keyboard."""
        self.remote: RemoteTable | None = None
        """The seat, when this screen is one seat of a hosted game (the network's
        modules are imported only then)."""
        if self.local is None and not isinstance(session, ReplaySession):
            from tabletop.net.client import RemoteTable

            assert isinstance(session, RemoteTable)
            self.remote = session
            self.set_reactive(GameScreen.viewer, session.seat)  # this screen is theirs
        self._sending: Action | None = None  # a move on its way to the host
        self.hosting: Hosting | None = None
        """A table hosted from here: its other seats play at their own screens."""
        self._acting = False  # a move made here is on its way into the session
        self._update: object = None  # the host's update last drawn
        self._notices = 0  # the connection's notices already told
        self._collecting: Timer | None = None  # a joined seat's garbage, to collect soon
        self.bots: dict[int, Bot] = {}
        """A bot per bot seat, seeded from the game's seed so a table replays alike."""
        if self.local is not None:
            record = self.local.record
            self.bots = {
                seat: make_bot(record.game, info.bot, record.seed + seat)
                for seat, info in enumerate(session.seats)
                if info.bot is not None
            }
        self._thinking_about: Any = None  # the state a bot is thinking about, if any
        self._told_save_problem: str | None = None  # the save failure last told
        self._leave_unsaved = False  # Home pressed once with moves not saved
        self.refused_rule: str | None = None
        """The rule that refused the latest move tried, until a move is made."""
        self._suggested: tuple[Any, int, str] | None = None
        """The hint asked for: the position, the seat it is for, what the status line says."""
        self._curtain: Curtain | None = None  # the hand-over curtain, once needed
        self._notice: Notification | None = None
        """The notice about the latest move tried (a refusal...), until the next one."""
        self.title = session.engine.title

    # -- for subclasses ---------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        """The game's own widgets."""
        yield from ()

    def render_view(self, view: Any) -> None:
        """Redraw the board from ``view`` (the viewer's view; a spectator's if None)."""

    def away_words(self, seat: int) -> str:
        """Said after another seat's step when its player (a hosted game's) is away."""
        if seat not in self.session.away:
            return ""
        return f" {self.session.seats[seat].name} is away: the game waits."

    def seat_scores(self, view: Any) -> list[str]:
        """A short score per seat for the scoreboard; blank by default."""
        return ["" for _ in self.session.seats]

    def rules_section(self) -> str | None:
        """The title of the rules section for the step being played (None: the top)."""
        return None

    def explain_refusal(self, refused: IllegalAction) -> None:
        """Tell the table which rule refused a move, and why (? then opens the rules at
        that rule)."""
        self.refused_rule = refused.rule
        self.tell(refused.message, title=f"Not allowed ({refused.rule})", severity="warning")
        self.ring()

    def tell(
        self, message: str, *, title: str = "", severity: SeverityLevel = "information"
    ) -> None:
        """A notice about the move being tried (taken literally). It replaces the one
        before, and the next move made takes it down: notices never pile up over the
        prompt or the result."""
        self.withdraw_notice()
        self._notice = self.tabletop.tell(message, title=title, severity=severity)

    def withdraw_notice(self) -> None:
        if self._notice is not None:
            self.tabletop.withdraw(self._notice)
            self._notice = None

    def act(
        self, action: Action, then: Callable[[], object] | None = None
    ) -> Transition[Any] | None:
        """Apply and commit ``action``, then call ``then``; on refusal, say why and
        return None. At a hosted game the move goes to the host and this returns None
        at once: the move is drawn when the host's update comes, and ``then`` runs once
        the host accepted it (a refusal is explained as here)."""
        if self.remote is not None:
            self._send(action, then)
            return None
        assert self.local is not None
        self._acting = True
        try:
            transition = self.local.act(action)
        except IllegalAction as refused:
            self.explain_refusal(refused)
            return None
        except StoreConflict:
            self.reload_stale("Your move was not made")
            return None
        finally:
            self._acting = False
        self.withdraw_notice()  # about a move tried before this one
        self.after_change()
        if then is not None:
            then()
        return transition

    def plays(self, seat: int) -> bool:
        """Is ``seat`` played at this screen (a hosted game's other seats are not)?"""
        return seat in self.session.here

    # -- a seat of a hosted game ----------------------------------------------------

    @property
    def sending(self) -> Action | None:
        """A hosted seat: the move on its way to the host, if one is."""
        return self._sending

    def _send(self, action: Action, then: Callable[[], object] | None) -> None:
        """One move at a time goes to the host; the screen stays live meanwhile."""
        if self._sending is not None:
            self.tell("Your last move is still on its way to the host.")
            return
        self._sending = action
        self.show_connection()
        self.run_worker(self._to_host(action, then), group="send")

    async def _to_host(self, action: Action, then: Callable[[], object] | None) -> None:
        from tabletop.net.client import Offline

        assert self.remote is not None
        try:
            await self.remote.act(action)
        except (IllegalAction, Offline) as failed:
            self.call_next(self._answered, failed, None)
        else:
            self.call_next(self._answered, None, then)

    def _answered(self, failed: Exception | None, then: Callable[[], object] | None) -> None:
        """The host's answer to the move sent, taken in the screen's own task, after the
        update the host sent before it (``_heard``)."""
        try:
            if isinstance(failed, IllegalAction):
                self.explain_refusal(failed)
            elif failed is not None:
                self.tell(f"{failed}.", title="Not sent", severity="warning")
            elif then is not None and self.is_attached:
                then()
        finally:
            self._sending = None
            if self.is_attached:
                self.show_connection()
                self.move_sent()

    def move_sent(self) -> None:
        """A hosted seat's move has been answered (made or refused): what waited for it
        goes on (an update that came meanwhile may have asked the seat something)."""

    def _heard(self) -> None:
        """The connection's listener. It runs in the connection's task: the change is
        drawn next in the screen's own (``_table_changed``), as a key's move is, so that
        every widget it updates has told the screen before the screen draws a frame.
        (Drawn in the connection's task, the widgets updated last, the scoreboard, told
        the screen only after its frame, and cost one more 20-45 ms later.) The answer
        to a move sent from here follows it there, in the order the host sent them."""
        self.call_next(self._table_changed)

    def _table_changed(self) -> None:
        """The host sent an update, or the connection was lost, came back or ended."""
        remote = self.remote
        assert remote is not None
        if not self.is_attached or not self.app.is_running:  # the app is closing
            return
        notices = remote.connection.notices
        for _, notice in notices[self._notices :]:
            self.notify(notice, title="Table", timeout=6, markup=False)
        self._notices = len(notices)
        self.show_connection()
        if remote.connection.update is not self._update:
            self._update = remote.connection.update
            self.host_moved()
        if self._collecting is None:
            self._collecting = self.set_timer(COLLECT_AFTER_S, self._collect)

    def _keep_what_lives(self) -> None:
        """A joined seat's app has this one game screen for its life: once it is drawn,
        what is alive (the screen, the game's modules, the connection) is left out of
        the collector's passes, as the app's start was. A full pass over it took
        25-30 ms, in the middle of an update's frame."""
        gc.collect()
        gc.freeze()

    def _collect(self) -> None:
        """The garbage of the updates drawn, collected between updates: drawing one
        leaves a few hundred objects in cycles, and the collector's own passes over the
        older generations came in the middle of a frame (1-5 ms, a full one 10-30 ms).
        Collected here, the next update's frame finds the generations empty."""
        self._collecting = None
        gc.collect()

    def _moved_elsewhere(self, transition: Transition[Any] | None) -> None:
        """A table hosted from here: a remote seat moved, or came or went. The session's
        watcher, called in the host's task (a move made here is drawn by ``act``): the
        change is drawn next in the screen's own, as a joined seat's update is
        (``_heard``), so that it costs one frame."""
        if not self._acting:
            self.call_next(self._table_moved)

    def _table_moved(self) -> None:
        if self.is_attached and self.app.is_running:  # else the app is closing
            self.after_change()

    def action_join_codes(self) -> None:
        """A table hosted from here: each remote seat's join command."""
        from tabletop.tui.screens.hosting import JoinCodes

        if self.hosting is not None:
            self.app.push_screen(JoinCodes(self.hosting))

    def host_moved(self) -> None:
        """A hosted seat: the host's update shows a change (a move here or at another
        seat, a seat away or back, the clocks)."""
        self.after_change()

    def show_connection(self) -> None:
        """A hosted seat's title says how its connection is: reconnecting, a move on
        its way, or gone for good."""
        remote = self.remote
        if remote is None:
            return
        connection = remote.connection
        if connection.ended is not None:
            state = "disconnected"
        elif not connection.connected:
            state = "reconnecting to the host…"
        elif self._sending is not None:
            state = "sending your move…"
        else:
            state = f"{remote.seats[remote.seat].name}'s seat"
        self.title = f"{remote.engine.title} · {state}"

    def reload_stale(self, lost: str, *, leaving: bool = False) -> None:
        """Another tabletop changed this game (``session.stale``): tell the table what
        was ``lost`` here, and show the game as it is saved now (unless ``leaving`` it,
        or it was deleted)."""
        assert self.local is not None
        conflict = self.local.stale
        assert conflict is not None
        reload = not (leaving or conflict.deleted)
        then = "here it is as saved there" if reload else "the game here is closed"
        self.notify(
            f"{conflict} {lost}: {then}.",
            title="Changed in another tabletop",
            severity="warning",
            timeout=20,
            markup=False,
        )
        self.pop_until_active()  # a choice or curtain open over the old position
        self.dismiss()
        if reload:
            self.app.post_message(OpenGame(self.local.game_id, self.local.engine.name))

    def tell_save_problem(self) -> None:
        """Say once when moves stop being saved (a full disk...) and once when they are
        saved again; the game goes on in memory meanwhile. (A host tells its seats.)"""
        if self.local is None:
            return
        problem = self.local.save_problem
        if problem == self._told_save_problem:
            return
        self._told_save_problem = problem
        self._leave_unsaved = False
        if problem is None:
            self.notify("Every move is saved again.", title="Saved")
            return
        self.notify(
            f"{problem} The game goes on: its moves are kept until they can be saved, "
            "which tabletop tries at every move.",
            title="Not saved",
            severity="error",
            timeout=20,
            markup=False,
        )

    def ring(self) -> None:
        if self.settings.bell:
            self.app.bell()

    def next_viewer(self) -> int | None:
        """Who should hold the keyboard now: the current viewer while they may act,
        else the first person (not bot) asked to act. None at an all-bot table."""
        waiting = [s for s in self.session.to_act if s in self.session.here]
        if self.viewer in waiting:
            return self.viewer
        if waiting:
            return waiting[0]
        return self.viewer if self.viewer in self.session.here else None

    @property
    def curtained(self) -> bool:
        """Hot seat: the curtain is on and more than one person takes turns at the keyboard.
        Real-time players act together, so there is no turn to hand over (their
        private moments are the game screen's own business)."""
        return (
            self.settings.curtain
            and len(self.session.here) > 1
            and not self.session.engine.realtime
        )

    # -- plumbing -----------------------------------------------------------------

    def compose_screen(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="table"):
            with Vertical(id="board"):
                yield from self.compose_board()
            with Vertical(id="side"):
                yield Scoreboard()
                yield GameLog()
        yield Static(id="status")
        yield Footer()

    def on_mount(self) -> None:
        if self.local is not None and self.local.elsewhere:
            self.local.watchers.append(self._moved_elsewhere)
        if self.remote is not None:
            self._update = self.remote.connection.update
            self._notices = len(self.remote.connection.notices)
            self.remote.subscribe(self._heard)
            self.show_connection()
            self.call_after_refresh(self._keep_what_lives)
        # Esc and the result go back where the player came from: home, or Continue.
        relabel(self, "leave", self.back_label)
        self.after_change()

    @property
    def back_label(self) -> str:
        """Where leaving the game goes, in the footer's words (a hosted seat's app ends)."""
        if self.remote is not None:
            return "Leave"
        stack = self.app.screen_stack
        below = stack[stack.index(self) - 1] if self in stack and stack[0] is not self else None
        if below is None or below is stack[0]:
            return "Home"
        return f"Back to {below.title}"

    def after_change(self) -> None:
        """After any move or undo: hand over the keyboard, redraw, or end the game."""
        self.refused_rule = None
        self.withdraw_notice()
        self._suggested = None
        if self.local is not None and self.local.stale is not None:  # a retried save found it
            self.reload_stale("The latest moves here were not saved")
            return
        self.tell_save_problem()
        if self.session.outcome is not None:
            self.redraw()
            self.app.push_screen(ResultScreen(self.session), self._after_result)
            return
        seat = self.next_viewer()
        if seat != self.viewer and seat is not None and self.curtained:
            curtain = self.hand_over(seat, lambda: self.show_to(seat))
            if curtain not in self.app.screen_stack:  # else a bot moved behind it
                self.ring()
                self.app.push_screen(curtain, self._curtain_closed)
            self.show_to(None)  # under the curtain: redrawn, never drawn on the terminal
            self.app.call_after_refresh(self._while_players_swap)
        else:
            self.show_to(seat)
        self._let_bot_move()

    def show_to(self, seat: int | None) -> None:
        """Show ``seat``'s view (None: nobody's private view), redrawn once: a new
        ``viewer`` redraws by its watcher, the same one here."""
        if self.remote is not None:  # nobody else looks: always the seat's own view
            seat = self.remote.seat
        if seat == self.viewer:
            self.redraw()
        else:
            self.viewer = seat

    def _while_players_swap(self) -> None:
        """Once the curtain is on screen, the work that can wait for the players to swap
        places. The table (nobody's private view: ``viewer`` is None) is laid out and
        drawn into the widgets, never to the terminal, so that lifting the curtain
        draws only what the next player's own view changes. (Textual lays out and draws
        only the screen on top: the screen's own methods do it here.) Then the garbage
        is collected: a full collection in the middle of a key took 10-70 ms."""
        if self.app.screen is self._curtain and self.viewer is None:
            draw_behind(self)
            gc.collect()

    def curtain(self, name: str) -> Curtain:
        """The hand-over curtain, first for ``name``; a subclass may give it more keys."""
        return Curtain(name, self.action_rules)

    def hand_over(self, seat: int, ready: Callable[[], None] | None = None) -> Curtain:
        """The curtain that hands the keyboard to ``seat`` (``ready`` runs when they take
        it). The screen keeps one curtain, installed so that closing it keeps it: a new
        one at every turn would be built, styled and laid out each time."""
        name = self.session.seats[seat].name
        if self._curtain is None:
            self._curtain = self.curtain(name)
            self.app.install_screen(self._curtain, f"curtain-{id(self)}")
        return self._curtain.hand_to(name, ready)

    def on_unmount(self) -> None:
        """Closing: the game is kept to open fast next time, and its curtain goes."""
        if self.remote is not None:
            self.remote.unsubscribe(self._heard)
        if self.local is not None:
            if self._moved_elsewhere in self.local.watchers:
                self.local.watchers.remove(self._moved_elsewhere)
            self.local.keep_snapshot()
        if self.hosting is not None:  # the remote seats wait for it to come back
            self.hosting.stop()
        curtain = self._curtain
        if curtain is None:
            return
        try:
            self.app.uninstall_screen(curtain)
        except ScreenStackError:
            return  # still on screen: the app is closing, and removes it itself
        curtain.remove()

    # -- bots ---------------------------------------------------------------------

    def _let_bot_move(self) -> None:
        """When a bot is first to act, it thinks in a thread; the screen stays live."""
        seats = self.session.to_act
        state = self.session.current
        # One bot at work per position: a redraw of the same table starts no second one.
        if seats and seats[0] in self.bots and self._thinking_about is not state:
            self._thinking_about = state
            self._think(seats[0], state)

    @work(thread=True, exclusive=True, group="bot")
    def _think(self, seat: int, state: Any) -> None:
        began = time.monotonic()
        try:
            action = ask(self.session.engine, state, seat, self.bots[seat])
        except ValueError as exc:
            self.app.call_from_thread(self.notify, str(exc), severity="error", markup=False)
            return
        time.sleep(max(0.0, self.settings.bot_pause - (time.monotonic() - began)))
        self.app.call_from_thread(self._bot_moved, action, state)

    def _bot_moved(self, action: Action, state: Any) -> None:
        # Dropped if the table changed while the bot thought (an undo, leaving the game).
        if self.is_attached and self.session.current is state:
            self.act(action)

    def _curtain_closed(self, take_over: bool | None) -> None:
        if not take_over:  # the player left the game (``hand_over``'s ready ran otherwise)
            self.dismiss()

    def _after_result(self, to_history: bool | None) -> None:
        if self.local is None:  # the host keeps the game and its end
            self.dismiss()
            return
        self.local.retry_save()
        if self.local.save_problem is not None:
            self.notify(
                f"{self.local.save_problem} This game's end is not in the history.",
                title="Not saved",
                severity="error",
                markup=False,
            )
        self.dismiss()
        if to_history:
            self.app.post_message(ShowHistory())

    def watch_viewer(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        # The footer and the log first: the screen draws a frame as soon as the first
        # widget asks, and the footer takes a step more than the board to ask; asked
        # last, they came a frame (and a refresh period) late.
        self.refresh_bindings()
        self.query_one(GameLog).show(self.session.log(self.viewer))
        view = self.session.view(self.viewer)
        self.sub_title = (
            "" if self.viewer is None else f"{self.session.seats[self.viewer].name}'s view"
        )
        self.render_view(view)
        outcome = self.session.outcome
        away = self.session.away
        self.query_one(Scoreboard).show(
            tuple(
                s.name + (" (away)" if i in away else "") for i, s in enumerate(self.session.seats)
            ),
            self.seat_scores(view),
            self.session.to_act,
            outcome.winners if outcome else (),
        )
        self.show_status(self.status_line())

    def status_line(self) -> Content:
        """What the status line says now: the hint asked for, for this position and seat
        only."""
        return plain(self.hint_now())

    def hint_now(self) -> str:
        """The hint asked for, while the position and the viewer are the ones it is for."""
        suggested = self._suggested
        hinted = suggested is not None and self.for_now(suggested[0], suggested[1])
        return suggested[2] if suggested and hinted else ""

    def show_status(self, content: Content) -> None:
        """The status line under the board (a hint, for this position and seat only);
        class -empty while it says nothing, for a screen to give its line back."""
        status = self.query_one("#status", Static)
        refresh_text(status, content)
        status.set_class(not content.plain, "-empty")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Shows Undo only when it can take a move back. Subclasses grey their own
        actions and defer the rest to ``super().check_action``."""
        if action == "undo":
            return self.session.undo_refusal(self.viewer) is None
        if action == "join_codes":
            return self.hosting is not None
        if action == "hint":
            return kit(self.session.engine.name).hints is not None and self._may_act()
        return True

    def for_now(self, state: Any, seat: int) -> bool:
        """The position on the table is ``state``, and ``seat`` holds the keyboard."""
        return self.session.current is state and self.viewer == seat

    def _may_act(self) -> bool:
        return self.viewer is not None and self.viewer in self.session.to_act

    def action_hint(self) -> None:
        """The hard bot's move for the viewer, and why, on the status line. It is worked
        out in a thread from the viewer's view and legal actions alone (all a hosted
        seat has), and shown only while the position and the viewer are the same (a
        hand-over never shows it to the next player)."""
        if not self._may_act() or kit(self.session.engine.name).hints is None:
            return
        seat = self.viewer
        assert seat is not None
        state = self.session.current
        view, legal = self.session.view(seat), self.session.legal_actions(seat)
        self._suggested = (state, seat, "Hint: thinking…")
        self.redraw()
        self._think_of_hint(seat, state, view, legal)

    @work(thread=True, exclusive=True, group="hint")
    def _think_of_hint(self, seat: int, state: Any, view: Any, legal: list[Action]) -> None:
        suggested = hint_from(self.session.engine.name, view, legal)
        self.app.call_from_thread(self._hinted, seat, state, suggested)

    def _hinted(self, seat: int, state: Any, suggested: Hint | None) -> None:
        if not self.is_attached or self._suggested is None or not self.for_now(state, seat):
            return  # the table moved on (a move, an undo, a hand-over): a hint for then
        said = "Hint: nothing to do." if suggested is None else f"Hint: {suggested.why}"
        self._suggested = (state, seat, said)
        self.redraw()

    def action_rules(self) -> None:
        """The rules of this game: at the rule that refused the latest move tried, else
        at the section of the step being played."""
        at = self.refused_rule or self.rules_section()
        self.app.post_message(ShowRules(self.session.engine.name, at))

    def explain_key(self, action: str, parameters: tuple[object, ...]) -> bool:
        """A key whose action may not run now says why, if there is something to say
        (True): here Undo, not offered now. The app calls it where the key's binding
        would have run, so after every key pressed before it has done its part (a quick
        burst of keys reaches a screen's ``on_key`` before the first one's binding has
        run: its move not made yet, the next key would be refused)."""
        if action == "undo" and (refusal := self.session.undo_refusal(self.viewer)):
            self.tell(refusal, title="No undo")
            return True
        return False

    def action_undo(self) -> None:
        if self.local is None:
            return
        try:
            self.local.undo(self.viewer)
        except StoreConflict:
            self.reload_stale("Nothing was undone")
            return
        except StoreError as failed:
            self.notify(f"{failed} Nothing was undone.", severity="error", markup=False)
            return
        self.after_change()

    def action_leave(self) -> None:
        """Back to the home screen; every move is already saved, or the player is told
        which are not and leaves only on a second press. (A hosted game is the host's:
        leaving it leaves the seat away, so the player is asked first.)"""
        if self.local is None:
            question = "Leave the table? Your seat is away until you join again with its code."
            self.app.push_screen(Confirm(question), self._leave_table)
            return
        self.local.retry_save()
        if self.local.stale is not None:
            self.reload_stale("The latest moves here were not saved", leaving=True)
            return
        self.tell_save_problem()
        if self.local.save_problem is not None and not self._leave_unsaved:
            self._leave_unsaved = True
            self.notify(
                "The latest moves are not saved and would be lost. Press Escape again to "
                "leave anyway.",
                title="Not saved",
                severity="warning",
            )
            return
        self.dismiss()

    def _leave_table(self, leave: bool | None) -> None:
        if leave:
            self.dismiss()


class ResultScreen(Dialog[bool]):
    """The result, over the finished board: Enter goes back where the game was opened
    from (home, or Continue), h to History."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close(False)", "Home"),
        Binding("h", "close(True)", "History"),
    ]
    DEFAULT_CSS = """
    ResultScreen #result {
        width: auto;
        max-width: 90%;  /* PocketParks' points chart keeps its rows whole at 80 columns */
        border: thick $accent;
        padding: 1 2;
        background: $surface;
    }
    """

    def __init__(self, session: Table) -> None:
        super().__init__()
        self.session = session

    def on_mount(self) -> None:
        game = self.app.screen_stack[-2]
        if isinstance(game, GameScreen):
            relabel(self, "close(False)", game.back_label)

    def compose(self) -> ComposeResult:
        outcome = self.session.outcome
        assert outcome is not None
        lines = [f"{self.session.engine.title}: {outcome.summary}", ""]
        for seat, (info, score) in enumerate(zip(self.session.seats, outcome.scores, strict=True)):
            marker = "★" if seat in outcome.winners else " "
            lines.append(f"{marker} {info.name}: {score}")
        lines.extend(f"  {step}" for step in outcome.tie_break)
        yield Static(plain("\n".join(lines)), id="result")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No History at a hosted seat: the game is in the host's history."""
        if action == "close" and parameters == (True,):
            return isinstance(self.session, GameSession)
        return True

    def action_close(self, to_history: bool) -> None:
        self.dismiss(to_history)
