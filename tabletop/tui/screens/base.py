"""GameScreen: the drawing and keys every game screen shares.

A game screen only draws ``self.session.view(self.viewer)`` and turns keys into
actions passed to ``self.act``. Where the game lives is its table's business
(``self.controller``, a tui.tables.TableController: a game at this keyboard, one seat of
a hosted game, or a replay): the screen acts through it, greys Undo with the
reason it gives, and draws what it reports (a bot's move, a host's update, the
answer to a move sent), as Textual messages in the screen's own task. The screen
reports refusals (rule id and reason), keeps the log and scoreboard, drops the
curtain between hot-seat turns and shows the result when the game ends.

``viewer`` is the seat whose private view may be on screen; it is None while a
curtain is down (or at an all-bot table), so nothing private is drawn then. A
table with an ``own_seat`` (a hosted seat's) keeps the viewer on it: no curtain.

What a game screen defines: MIN_SIZE; its widgets from ``compose_board``, redrawn
in ``render_view(view)``; optionally ``seat_scores`` (the scoreboard's),
``next_viewer`` (who takes the keyboard when several seats may act), ``curtained``,
``rules_section``, and its own ``check_action`` deferring to
``super().check_action``. It is made with a table (a core.table.Table, or its
controller) and the settings.
"""

from __future__ import annotations

import asyncio
import contextvars
import gc
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from textual import work
from textual.app import ComposeResult, ScreenStackError
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
from textual.notifications import Notification, SeverityLevel
from textual.reactive import Reactive, reactive
from textual.screen import Screen
from textual.widgets import Static

from tabletop.core.bot import Bot, Hint
from tabletop.core.engine import Action, Transition
from tabletop.core.errors import IllegalAction
from tabletop.core.session import GameSession
from tabletop.core.store import StoreConflict, StoreError
from tabletop.games import hint_from, kit
from tabletop.tui.compat import (
    Column,
    Panel,
    Row,
    draw_behind,
    mount_unshown,
    rebind,
    report_refreshes,
)
from tabletop.tui.dialogs import Choice, Choose, Confirm, Dialog, relabel
from tabletop.tui.navigation import OpenGame, ShowHistory, ShowRules
from tabletop.tui.screens.sized import SizedScreen
from tabletop.tui.settings import Settings
from tabletop.tui.tables import (
    Answered,
    BotChose,
    Changed,
    Notice,
    Shown,
    TableController,
    TableEvent,
    table_for,
)
from tabletop.tui.text import plain, refresh_text
from tabletop.tui.widgets.bars import Footer, Header
from tabletop.tui.widgets.curtain import Curtain
from tabletop.tui.widgets.log import GameLog
from tabletop.tui.widgets.scoreboard import Scoreboard

if TYPE_CHECKING:
    from tabletop.tui.screens.hosting import Hosting


ScreenT = TypeVar("ScreenT", bound=Screen[Any])

COLLECT_AFTER_S = 0.1
"""The garbage of a change drawn is collected this long after the change: its frames
are drawn by then (20-60 ms), and the next key comes hundreds of ms later. Drawing a
change leaves thousands of objects, some in cycles; left to the collector's own
passes, a pass over the older generations came in the middle of a key's frame (10-40
ms). Collected between keys, the next key's frames find the generations empty. (At
a quarter second, a joined seat's collection met the next key or update as often as
not.)"""


def _collect_later(callback: Callable[[], None]) -> asyncio.TimerHandle:
    """Run ``callback`` ``COLLECT_AFTER_S`` from now, outside the calling screen's context:
    a handle keeps its context (Textual's active screen among it) until it runs, even
    cancelled, which kept a closed screen alive that long."""
    loop = asyncio.get_running_loop()
    return loop.call_later(COLLECT_AFTER_S, callback, context=contextvars.Context())


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
    /* A replay's (class -replay): one line whatever the move said, so a step never
       moves the board. */
    GameScreen.-replay #status {
        height: 1;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    viewer: reactive[int | None] = reactive(None, init=False, repaint=False)
    """The seat whose private view is shown; None while nobody's may be."""
    title: Reactive[str | None] = Reactive(None, compute=False, repaint=False)
    sub_title: Reactive[str | None] = Reactive(None, compute=False, repaint=False)
    """Textual's, but a new one repaints only the header's title (its watcher), not the
    whole screen: a joined seat's title says "sending your move…" at each move, and
    Textual's repainted every widget for it, twice a move (13-25 ms each)."""

    class TableChanged(Message, bubble=False):
        """What the table reported (tui.tables.TableEvent), taken in the screen's task."""

        def __init__(self, event: TableEvent) -> None:
            super().__init__()
            self.event = event

    def __init__(self, session: GameSession | TableController, settings: Settings) -> None:
        super().__init__()
        self.controller = table_for(session)
        """Where the game lives: everything the screen does to it goes through here."""
        self.session = self.controller.session
        """What the screen reads (view, legal actions, log, who acts, the seats)."""
        self.settings = settings
        if self.controller.own_seat is not None:  # this screen is that seat's
            self.set_reactive(GameScreen.viewer, self.controller.own_seat)
        if self.controller.bindings is not None:  # the table's keys, not the game's
            rebind(self, self.controller.bindings)
        if self.controller.css_class is not None:
            self.add_class(self.controller.css_class)
        self._told_save_problem: str | None = None  # the save failure last told
        self._leave_unsaved = False  # Home pressed once with moves not saved
        self.refused_rule: str | None = None
        """The rule that refused the latest move tried, until a move is made."""
        self._suggested: tuple[Any, int, str] | None = None
        """The hint asked for: the position, the seat it is for, what the status line says."""
        self._curtain: Curtain | None = None  # the hand-over curtain, once needed
        self._kept: list[Screen[Any]] = []
        """The screens this one keeps installed (``keep``), removed when it closes."""
        self._notice: Notification | None = None
        """The notice about the latest move tried (a refusal...), until the next one."""
        self._collecting: asyncio.TimerHandle | None = None  # ``COLLECT_AFTER_S``
        self.title = self.controller.title

    @property
    def bots(self) -> dict[int, Bot]:
        """The bot of each bot seat that takes turns here."""
        return self.controller.bots

    @property
    def hosting(self) -> Hosting | None:
        """A table hosted from here: its other seats play at their own screens."""
        return self.controller.hosting

    @property
    def sending(self) -> Action | None:
        """A hosted seat: the move on its way to the host, if one is."""
        return self.controller.sending

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
        """Play ``action`` through the table, then call ``then``; on refusal, say why and
        return None. At a hosted seat the move goes to the host and this returns None at
        once: the move is drawn when the host's update comes, and ``then`` runs once the
        host accepted it (a refusal is explained as here)."""
        try:
            transition = self.controller.act(action, then)
        except IllegalAction as refused:
            self.explain_refusal(refused)
            return None
        except StoreConflict:
            self.reload_stale("Your move was not made")
            return None
        if transition is None:  # on its way to the host (the title says so), or a replay
            self.title = self.controller.title
            return None
        self.withdraw_notice()  # about a move tried before this one
        self.after_change()
        if then is not None:
            then()
        return transition

    def plays(self, seat: int) -> bool:
        """Is ``seat`` played at this screen (a hosted game's other seats are not)?"""
        return seat in self.session.here

    # -- what the table reports -------------------------------------------------------

    def _heard(self, event: TableEvent) -> None:
        """The table's listener, called in any thread or task: the event is taken next in
        the screen's own task, as a key's move is, so that every widget it updates has
        told the screen before the screen draws a frame (one frame a change)."""
        self.post_message(self.TableChanged(event))

    def on_game_screen_table_changed(self, message: TableChanged) -> None:
        if self.is_attached and self.app.is_running:  # else the app is closing
            self.take(message.event)

    def take(self, event: TableEvent) -> None:
        """Draw what the table reported."""
        if isinstance(event, Shown):
            self.redraw()
        elif isinstance(event, Changed):
            self.title = self.controller.title
            if event.moved:
                self.host_moved()
        elif isinstance(event, BotChose):
            self._bot_moved(event.action, event.state)
        elif isinstance(event, Answered):
            self._answered(event.failed, event.then)
        elif isinstance(event, Notice) and event.tell:
            self.tell(event.text, title=event.title)
        elif isinstance(event, Notice):
            self.notify(
                event.text,
                title=event.title,
                severity=event.severity,
                timeout=event.timeout,
                markup=False,
            )

    def _bot_moved(self, action: Action, state: Any) -> None:
        # Dropped if the table changed while the bot thought (an undo, leaving the game).
        if self.is_attached and self.session.current is state:
            self.act(action)

    def _answered(self, failed: Exception | None, then: Callable[[], object] | None) -> None:
        """The host's answer to the move sent, after the update the host sent before it."""
        try:
            if isinstance(failed, IllegalAction):
                self.explain_refusal(failed)
            elif failed is not None:
                self.tell(f"{failed}.", title="Not sent", severity="warning")
            elif then is not None:
                then()
        finally:
            self.title = self.controller.title
            self.move_sent()

    def move_sent(self) -> None:
        """A hosted seat's move has been answered (made or refused): what waited for it
        goes on (an update that came meanwhile may have asked the seat something)."""

    def host_moved(self) -> None:
        """The table changed elsewhere (a host's update: a move at another seat, a seat
        away or back, the clocks; a remote seat of a table hosted from here)."""
        self.after_change()

    def action_table(self, command: str, *args: Any) -> None:
        """One of the table's own keys (``TableController.bindings``)."""
        self.controller.command(self, command, *args)

    def action_join_codes(self) -> None:
        """A table hosted from here: each remote seat's join command."""
        from tabletop.tui.screens.hosting import JoinCodes

        if self.hosting is not None:
            self.app.push_screen(JoinCodes(self.hosting))

    def clock_ticked(self, now: float) -> None:
        """A real-time game's screen ran the clocks to ``now``: the real-time bot seats
        that are due make their moves, as the keys' moves are made."""
        for action in self.controller.due(now):
            self.act(action)

    def reload_stale(self, lost: str, *, leaving: bool = False) -> None:
        """Another tabletop changed this game (``table.stale``): tell the table what
        was ``lost`` here, and show the game as it is saved now (unless ``leaving`` it,
        or it was deleted)."""
        conflict, game_id = self.controller.stale, self.controller.game_id
        assert conflict is not None and game_id is not None
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
            self.app.post_message(OpenGame(game_id, self.session.engine.name))

    def tell_save_problem(self) -> None:
        """Say once when moves stop being saved (a full disk...) and once when they are
        saved again; the game goes on in memory meanwhile. (A host tells its seats.)"""
        problem = self.controller.save_problem
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
        # Laid out once: the status line coming or going resizes the columns, and
        # Textual would lay the screen out again for that in the next frame.
        yield Header()
        with Row(id="table"):
            with Column(id="board"):
                yield from self.compose_board()
            with Column(id="side"):
                yield Scoreboard()
                yield from self.compose_side()
                yield GameLog()
        yield Panel(id="status")
        yield Footer()

    def compose_side(self) -> ComposeResult:
        """A game's own panels in the side column, between the scores and the log."""
        yield from ()

    def on_mount(self) -> None:
        self.controller.listen(self._heard)
        self.call_after_refresh(self._drawn)
        # Esc and the result go back where the player came from: home, or Continue.
        relabel(self, "leave", self.back_label)
        self.take(self.controller.opening())

    @property
    def back_label(self) -> str:
        """Where leaving the game goes, in the footer's words (a hosted seat's app ends)."""
        label = self.controller.back_label
        if label is not None:
            return label
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
        if self.controller.stale is not None:  # a retried save found it
            self.reload_stale("The latest moves here were not saved")
            return
        self.tell_save_problem()
        if self.session.outcome is not None:
            self.redraw()
            self.app.push_screen(self.result(), self._after_result)
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
        self.controller.settle(self.settings.bot_pause)
        if self._collecting is None:
            self._collecting = _collect_later(self._collect)

    def _collect(self) -> None:
        self._collecting = None
        gc.collect()  # not frozen again: what died later in cycles stayed (+50 MB in 300 moves)

    def _drawn(self) -> None:
        """Once the screen's first frame is drawn, what is alive (the screen, the game's
        modules, a connection) is left out of the collector's passes, as the app's start
        was (``TabletopApp.on_mount``): each move's collection then passes over what the
        game made since (14-28 ms, from 25-45). Thawed when the screen closes (``_thaw``).
        The pop-ups it keeps are made and mounted now too (``unshown``)."""
        if not self.is_attached:  # closed before its first frame: nothing to keep
            return
        for screen in self.unshown():
            if not any(type(kept) is type(screen) for kept in self._kept):  # asked already
                mount_unshown(self.app, self.keep(screen))
        gc.collect()
        gc.freeze()

    def unshown(self) -> list[Screen[Any]]:
        """The pop-ups this screen keeps (``renewed``), empty, to be built and mounted
        unseen once it is drawn rather than at the first question: the question pop-up
        (``ask``; its first showing took 110-130 ms, 3 frames, then 50-70 ms, 2). A game
        adds its own."""
        return [Choose("", []), self.result_screen()]

    def result_screen(self) -> ResultScreen:
        """This game's result screen, empty (a game's own may say more)."""
        return ResultScreen(self.controller)

    def result(self) -> ResultScreen:
        """The result screen showing the game's outcome: the one built with the screen's
        other pop-ups (``unshown``), or a new one if the game ended before that."""
        kept = next((s for s in self._kept if isinstance(s, ResultScreen)), None)
        result = self.keep(self.result_screen()) if kept is None else kept
        result.show(self.back_label)
        return result

    @staticmethod
    def _thaw() -> None:
        """The screens gone, what they kept alive is garbage: collected, the rest frozen
        again."""
        gc.unfreeze()
        gc.collect()
        gc.freeze()

    def show_to(self, seat: int | None) -> None:
        """Show ``seat``'s view (None: nobody's private view), redrawn once: a new
        ``viewer`` redraws by its watcher, the same one here."""
        own = self.controller.own_seat
        if own is not None:  # nobody else looks: always the seat's own view
            seat = own
        if seat == self.viewer:
            self.redraw()
        else:
            self.viewer = seat

    def _while_players_swap(self) -> None:
        """Once the curtain is on screen, the work that can wait for the players to swap
        places. The table (nobody's private view: ``viewer`` is None) is laid out and
        drawn into the widgets, never to the terminal, so that lifting the curtain
        draws only what the next player's own view changes. (Textual lays out and draws
        only the screen on top: the screen's own methods do it here.)"""
        if self.app.screen is self._curtain and self.viewer is None:
            draw_behind(self)

    def curtain(self, name: str) -> Curtain:
        """The hand-over curtain, first for ``name``; a subclass may give it more keys."""
        return Curtain(name, self.action_rules)

    def hand_over(self, seat: int, ready: Callable[[], None] | None = None) -> Curtain:
        """The curtain that hands the keyboard to ``seat`` (``ready`` runs when they take
        it). The screen keeps one curtain, installed so that closing it keeps it: a new
        one at every turn would be built, styled and laid out each time."""
        name = self.session.seats[seat].name
        if self._curtain is None:
            self._curtain = self.keep(self.curtain(name))
        return self._curtain.hand_to(name, ready)

    def ask(
        self,
        title: Content | str,
        choices: Sequence[Choice[Any]],
        *,
        note: str = "",
        back: str = "Back",
        highlighted: int = 0,
        classes: str = "-low",
        refuse: Callable[[Any], object] | None = None,
    ) -> Choose[Any]:
        """The pop-up that asks ``title`` (push it): the one this screen keeps, renewed
        (``Choose.renew``), or a new one while that one is still up."""

        def renew(kept: Choose[Any]) -> None:
            kept.renew(title, choices, note, back, highlighted, refuse)
            kept.set_classes(classes)

        return self.renewed(Choose, renew, lambda: Choose("", []))

    def renewed(
        self, kind: type[ScreenT], renew: Callable[[ScreenT], object], empty: Callable[[], ScreenT]
    ) -> ScreenT:
        """A pop-up of ``kind`` asking what ``renew`` asks: the one this screen keeps, or
        one ``empty`` makes (kept, if none is yet; new while the kept one is still up)."""
        kept = next((s for s in self._kept if type(s) is kind), None)  # not a subclass
        screen = kept if kept is not None and kept not in self.app.screen_stack else empty()
        renew(screen)
        return self.keep(screen) if kept is None else screen

    def keep(self, screen: ScreenT) -> ScreenT:
        """Install ``screen``, which this one pushes again and again (the curtain, the
        pop-ups ``renewed`` for each question): built, styled and laid out once, and not
        removed when it closes (removing a screen lays the one beneath out again)."""
        self.app.install_screen(screen, f"kept-{id(screen)}")
        self._kept.append(screen)
        return screen

    def on_unmount(self) -> None:
        """Closing: the table is told (a game here is kept to open fast next time), and
        the screens kept go."""
        self.controller.close()
        if self._collecting is not None:
            self._collecting.cancel()
        _collect_later(self._thaw)
        for screen in self._kept:
            try:
                self.app.uninstall_screen(screen)
            except ScreenStackError:
                continue  # still on screen: the app is closing, and removes it itself
            screen.remove()

    def _curtain_closed(self, take_over: bool | None) -> None:
        if not take_over:  # the player left the game (``hand_over``'s ready ran otherwise)
            self.dismiss()

    def _after_result(self, to_history: bool | None) -> None:
        self.controller.retry_save()
        if self.controller.save_problem is not None:
            self.notify(
                f"{self.controller.save_problem} This game's end is not in the history.",
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
        # Every widget changed here tells the screen at once, at the end
        # (``report_refreshes``), so that all are in one frame: the footer's keys too.
        self.query_one(GameLog).show(self.session.log(self.viewer))
        view = self.session.view(self.viewer)
        self.sub_title = self.view_title()
        self.render_view(view)
        outcome = self.session.outcome
        away = self.session.away
        self.query_one(Scoreboard).show(
            tuple(
                s.name + (" (bot)" if s.bot else "") + (" (away)" if i in away else "")
                for i, s in enumerate(self.session.seats)
            ),
            self.seat_scores(view),
            self.session.to_act,
            outcome.winners if outcome else (),
        )
        self.show_status(self.status_line())
        self.refresh_bindings()
        self.query_one(Footer).show_keys()
        report_refreshes(self)

    def view_title(self) -> str:
        """Whose view the screen shows, in its title."""
        return "" if self.viewer is None else f"{self.session.seats[self.viewer].name}'s view"

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
        """The status line under the board (a hint, for this position and seat only; the
        table's own line if it has one); class -empty while it says nothing, for a screen
        to give its line back."""
        content = self.controller.status(self.viewer) or content
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
        if action == "table":
            return self.controller.allows(str(parameters[0]))
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
        try:
            undone = self.controller.undo(self.viewer)
        except StoreConflict:
            self.reload_stale("Nothing was undone")
            return
        except StoreError as failed:
            self.notify(f"{failed} Nothing was undone.", severity="error", markup=False)
            return
        if undone is not None:
            self.after_change()
            self.undone(undone)

    def undone(self, lines: list[str]) -> None:
        """A move was taken back (``lines``: what its log said); a game may say so."""

    def action_leave(self) -> None:
        """Back to the home screen; every move is already saved, or the player is told
        which are not and leaves only on a second press. (A hosted game is the host's:
        leaving it leaves the seat away, so the player is asked first.)"""
        question = self.controller.leave_question
        if question is not None:
            self.app.push_screen(Confirm(question), self._leave_table)
            return
        self.controller.retry_save()
        if self.controller.stale is not None:
            self.reload_stale("The latest moves here were not saved", leaving=True)
            return
        self.tell_save_problem()
        if self.controller.save_problem is not None and not self._leave_unsaved:
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
    from (home, or Continue), h to History. The game screen builds it empty with its
    other pop-ups (``unshown``) and has it show the outcome (``show``) as it pushes it:
    built at the game's last move, it took 4-5 frames, 75-170 ms."""

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

    def __init__(self, session: GameSession | TableController) -> None:
        super().__init__()
        table = table_for(session)
        self.session = table.session
        self.history = table.keeps_history
        """The game's end is in this app's History (a hosted game's is the host's)."""
        self.back = "Home"
        """What Enter goes back to, in the footer's words."""

    def show(self, back: str) -> None:
        """Show the game's outcome, Enter going ``back``."""
        self.back = back
        if self.is_mounted:
            self.draw()

    def compose(self) -> ComposeResult:
        yield Panel(id="result")
        yield Footer()

    def on_mount(self) -> None:
        if self.session.outcome is not None:  # else built early, shown at the game's end
            self.draw()

    def draw(self) -> None:
        relabel(self, "close(False)", self.back)
        refresh_text(self.query_one("#result", Static), self.lines())

    @property
    def text(self) -> str:
        """What the result says now (for tests)."""
        return str(self.query_one("#result", Static).render())

    def lines(self) -> Content:
        """The outcome, one line a seat (a game's own screen says more)."""
        outcome = self.session.outcome
        assert outcome is not None
        lines = [f"{self.session.engine.title}: {outcome.summary}", "", *self.standings()]
        lines.extend(f"  {step}" for step in outcome.tie_break)
        return plain("\n".join(lines))

    def standings(self) -> list[str]:
        """One line a seat, its name and score, a star for each winner."""
        outcome = self.session.outcome
        assert outcome is not None
        scores = zip(self.session.seats, outcome.scores, strict=True)
        return [
            f"{'★' if seat in outcome.winners else ' '} {info.name}: {score}"
            for seat, (info, score) in enumerate(scores)
        ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No History at a hosted seat: the game is in the host's history."""
        if action == "close" and parameters == (True,):
            return self.history
        return True

    def action_close(self, to_history: bool) -> None:
        self.dismiss(to_history)
