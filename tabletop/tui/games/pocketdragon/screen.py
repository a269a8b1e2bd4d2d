"""Pocket Dragon on screen: what both modes share.

The Companion screen (companion.py) and the Table screen (table.py) are both a
PocketDragonScreen; the package's ``pocket_dragon_screen`` opens the one of the
game's ``mode`` option.

Time is data. The screen owns a Clock (the real one in the app, a FakeClock in
tests) and stamps every action with its reading; ``tick`` runs a few times a
second, hands that reading to the session's ``advance`` and redraws the clocks
from the result, so a dropped tick loses nothing. A saved game keeps its clock
in its state: the screen's clock is offset to start from there.

Leaving the screen (Home, Ctrl+C, closing the app) records a Pause at that
moment. A terminal closed without that chance (or tabletop killed) leaves a
running game: the session saved the clocks' reading every half second while they
ran and resumes the game there, and opening it records the Pause at that reading
(its log line says the game was closed, PD-TIME-7), so the game continues paused
within a second of where it stopped.

At a hosted game the host owns the clocks (its updates bring their readings) and
pauses them itself when a player is away (the log says who is away, PD-TIME-7):
this screen only shows them.

Feeding is one moment, the key press (PD-FEED-5): the choice that follows (how
many cards, which food) holds the clocks at the press, and the feed is stamped
with it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from tabletop.core.clock import Clock, MonotonicClock
from tabletop.core.engine import Action
from tabletop.core.errors import IllegalAction
from tabletop.core.session import GameSession
from tabletop.core.store import StoreError
from tabletop.games.pocketdragon.model import (
    LEVELS,
    Pause,
    PauseCause,
    Resume,
    Start,
    with_now,
)
from tabletop.games.pocketdragon.view import PocketDragonView
from tabletop.tui.compat import Column, CompatScreen, Panel, key_bindings
from tabletop.tui.dialogs import Choice, Choose
from tabletop.tui.games.pocketdragon.timer import DragonTimer
from tabletop.tui.navigation import ShowRules
from tabletop.tui.screens.base import GameScreen, ResultScreen
from tabletop.tui.settings import Settings
from tabletop.tui.tables import TableController
from tabletop.tui.text import plain
from tabletop.tui.widgets.bars import Footer
from tabletop.tui.widgets.curtain import Lift, curtain_words

REFRESH_S = 0.25
"""How often the clocks are redrawn (from the clock: a late tick shows the right time)."""

RULES_SECTIONS = {
    # The rules section for: the game over, the clocks stopped, a running companion.
    "over": "Winning, losing and the score",
    "stopped": "The clocks",
    "companion": "Companion mode",
}

NARROW = 100
"""Below this many columns the footer holds only the keys every game screen has (Undo,
Rules, Home) and the clocks' key: the game's own keys would not fit it, and the screen
lists them all (the Keys panel, the companion's help). A table's own keys (a replay's,
which all fit at 80 columns) stay."""

FOOTER_WHEN_NARROW = frozenset({"undo", "rules", "leave", "start", "pause", "resume", "table"})

SHORT = 32
"""Below this many rows the panels close up: no Players panel (whose turn it is and
each player's food are on the board), no blank lines between the board's parts."""

CLOCK_BINDINGS: list[BindingType] = [
    Binding("space", "start", "Start"),
    Binding("space", "pause", "Pause"),
    Binding("space", "resume", "Resume"),
]


def action_key(action: Action) -> Action:
    """An action without its time: what makes two offers of an action the same."""
    return with_now(action, 0.0)


class PocketDragonScreen(GameScreen):
    """The shared half of both screens: the clock, the ticking, pausing when left,
    the greyed-or-explained keys and the result with its score."""

    AUTO_FOCUS = ""  # keys belong to the game, not to the log
    BINDINGS: ClassVar[list[BindingType]] = [*CLOCK_BINDINGS]
    # Textual types these as instance variables (its ClassVar sits inside a union).
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (NARROW, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (SHORT, "-tall")]  # noqa: RUF012
    DEFAULT_CSS = """
    PocketDragonScreen.-short Scoreboard, PocketDragonScreen #status.-empty {
        display: none;
    }
    /* The lists of the moves' keys: no key makes a move in a replay. */
    PocketDragonScreen.-replay #pd-keys, PocketDragonScreen.-replay #pd-help {
        display: none;
    }
    """

    def __init__(
        self, session: GameSession | TableController, settings: Settings, clock: Clock | None = None
    ) -> None:
        super().__init__(session, settings)
        self.clock: Clock = clock if clock is not None else MonotonicClock()
        self._offset = 0.0
        self._held_at: float | None = None
        """The reading a choice holds the clocks at (a feed pressed then), if one is open."""
        self._reading = False
        """The clocks were paused for the Rules screen, which covers the board: they run
        on when it closes."""
        self._signature: tuple[object, ...] = ()
        self._narrow_footer = False
        self._shown_keys: set[tuple[str, str]] | None = None  # the footer's, at full width
        self._legal: dict[int, tuple[object, set[Action], list[Action]]] = {}
        self._public: tuple[object, PocketDragonView] | None = None

    def result_screen(self) -> ResultScreen:
        return DragonResult(self.controller)

    # -- time -------------------------------------------------------------------

    def now(self) -> float:
        """The game-clock reading to stamp on an action now."""
        return self._offset + self.clock.now()

    def dview(self, seat: int | None) -> PocketDragonView:
        view = self.session.view(seat)
        assert isinstance(view, PocketDragonView)
        return view

    def pub(self) -> PocketDragonView:
        """The public view of the table now (cached: keys ask for it often)."""
        current = self.session.current
        if self._public is None or self._public[0] is not current:
            self._public = (current, self.dview(None))
        return self._public[1]

    @property
    def status(self) -> str:
        return self.pub().status

    def on_mount(self) -> None:
        # Runs before GameScreen.on_mount (Textual calls every class's handler, subclass first).
        view = self.dview(None)
        self._offset = view.clock - self.clock.now()
        if view.status == "running" and self.controller.keeps_clocks:
            # A terminal closed without pausing: go on, paused at the clocks' last reading.
            self._record_pause(view.clock, cause="reopened")
        self.set_interval(REFRESH_S, self.tick)

    def on_resize(self, event: events.Resize) -> None:
        self._footer_keys(narrow=event.size.width < NARROW)

    def _footer_keys(self, *, narrow: bool) -> None:
        """The footer's keys for the width: every key shown, or only FOOTER_WHEN_NARROW.
        A key's ``show`` is fixed in its Binding: the screen's own copy of its bindings
        gets copies with ``show`` set (as ``relabel`` does the descriptions); every key
        works the same either way."""
        if narrow == self._narrow_footer:
            return
        self._narrow_footer = narrow
        keys = key_bindings(self)
        if self._shown_keys is None:  # as the screen began: its class's keys, or its table's
            self._shown_keys = {(b.key, b.action) for bs in keys.values() for b in bs if b.show}
        shown = self._shown_keys
        for key, bindings in keys.items():
            keys[key] = [
                replace(
                    b,
                    show=(b.key, b.action) in shown
                    and (not narrow or b.action.partition("(")[0] in FOOTER_WHEN_NARROW),
                )
                for b in bindings
            ]
        self.refresh_bindings()

    def on_unmount(self) -> None:
        """Leaving (Home, Ctrl+C, the app closing) pauses: the clocks stop with the screen.
        A timer that ran out since the last redraw ends the game instead (and files it).
        (A hosted game's clocks are the host's: it pauses them for a player gone.)"""
        if self.session.outcome is not None or not self.controller.keeps_clocks:
            return
        now = self.now()
        self.session.advance(now)
        if self.status == "running":
            self._record_pause(now)

    def _record_pause(self, now: float, cause: PauseCause | None = None) -> None:
        try:
            self.controller.act(Pause(seat=self.seat(), now=now, cause=cause))
        except (IllegalAction, StoreError) as failed:  # never lose the screen over it
            self.log.warning(f"could not record the pause: {failed}")

    def tick(self) -> None:
        """Run the game to the clock's reading and redraw the clocks (and the rest if
        anything but the countdowns changed). Also what tests call after moving a FakeClock.
        While a choice holds the clocks (a feed), nothing runs; nor while the app removes
        this screen (``display`` turns False then, before the timer stops)."""
        now = self.now()
        if not self.display or self._held_at is not None or not self.run_clocks(now):
            return
        view = self.dview(self.viewer)
        if self._signature_of(view) != self._signature:
            self.redraw()
        else:
            self.show_clocks(view)
        top = self.app.screen
        if top is not self and isinstance(top, Overlay):
            top.show_clocks(self.dview(None))
        self.clock_ticked(now)

    def run_clocks(self, now: float) -> bool:
        """Run the game to ``now``: False if it is over (a timer that ran out since the
        last redraw ends it here, and the result is shown)."""
        if self.session.outcome is not None:
            return False
        self.session.advance(now)
        if self.session.outcome is not None:
            self.close_overlays()
            self.after_change()
            return False
        return True

    def _signature_of(self, view: PocketDragonView) -> tuple[object, ...]:
        c = view.clocks
        return (
            view.status,
            c.clues,
            c.feed_available,
            c.general_clue_available,
            c.specific_clue_available,
            view.to_act,
        )

    def show_clocks(self, view: PocketDragonView) -> None:
        """Redraw what moves with time alone."""
        self.query_one(DragonTimer).show(view, away=bool(self.session.away))

    def player(self, seat: int) -> str:
        return self.session.seats[seat].name

    def paused_line(self) -> Content:
        """The status line while the clocks are stopped: by a player, or by the host
        because a player of a hosted game is away (then Space cannot resume)."""
        if not self.session.away:
            return Content("Paused: every clock is stopped. Space resumes.")
        return plain(f"Paused: {self.who_is_away()}; the clocks run again once all are back.")

    def who_is_away(self) -> str:
        """Who of a hosted game is away: "Bo is away"."""
        away = self.session.away
        names = " and ".join(self.player(seat) for seat in away)
        return f"{names} {'is' if len(away) == 1 else 'are'} away"

    def close_overlays(self) -> None:
        """Take down every screen above this one (their callbacks are not called)."""
        while len(self.app.screen_stack) > 1 and self.app.screen is not self:
            self.app.pop_screen()

    # -- the layout -------------------------------------------------------------

    def compose_side(self) -> ComposeResult:
        """The Dragon panel; a mode adds its own panels after it (before the log)."""
        labels = {button: label for button, (_, label) in self.BUTTONS.items()}
        yield DragonTimer(bell=self.settings.bell, labels=labels)

    def render_view(self, view: PocketDragonView) -> None:
        """The clocks; a mode draws the rest of ``view`` after them."""
        self._signature = self._signature_of(view)
        self.show_clocks(view)

    def status_line(self) -> Content:
        return self.hint(self.dview(self.viewer))

    def hint(self, view: PocketDragonView) -> Content:
        """The status line: what to do now."""
        return Content("")

    def rules_section(self) -> str:
        if self.session.outcome is not None:
            return RULES_SECTIONS["over"]
        return RULES_SECTIONS["companion" if self.status == "running" else "stopped"]

    # -- actions ----------------------------------------------------------------

    def seat(self) -> int:
        """Who presses the clock buttons (and, in companion mode, every button)."""
        return self.viewer if self.viewer is not None else 0

    def legal(self, seat: int) -> tuple[set[Action], list[Action]]:
        """The seat's legal actions now (cached per state), as keys and as actions."""
        state = self.session.current
        cached = self._legal.get(seat)
        if cached is None or cached[0] is not state:
            actions = self.session.legal_actions(seat)
            cached = (state, {action_key(a) for a in actions}, actions)
            self._legal[seat] = cached
        return cached[1], cached[2]

    def is_legal(self, action: Action) -> bool:
        return action_key(action) in self.legal(action.seat)[0]

    def legal_of(self, seat: int, kind: type[Action]) -> list[Action]:
        return [a for a in self.legal(seat)[1] if isinstance(a, kind)]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":  # shown only when it can act (PD-APP-4); pressed, it says why not
            return self.session.undo_refusal(self.viewer) is None
        if action in ("start", "pause", "resume"):
            wanted = {"start": "ready", "pause": "running", "resume": "paused"}[action]
            return self.session.outcome is None and self.status == wanted
        candidate = self.candidate(action)
        if candidate is None:
            return super().check_action(action, parameters)
        if candidate is False:
            return False
        return True if candidate is True or self.is_legal(candidate) else None

    def candidate(self, action: str) -> Action | bool | None:
        """The engine action a key stands for now: False hides the key, True shows it
        enabled, an Action greys the key unless that action is legal. None: not a game key."""
        return None

    def explain_key(self, action: str, parameters: tuple[object, ...]) -> bool:
        """A greyed key is explained: the engine's reason for refusing it."""
        if self.check_action(action, parameters) is None:
            self.explain(action)
            return True
        return super().explain_key(action, parameters)

    def undone(self, lines: list[str]) -> None:
        """The last button (a bookkeeping one, PD-APP-4) was taken back: say which, and run
        the clocks on from the earlier position to now."""
        self.tick()
        self.notify(" ".join(["Taken back:", *lines]), title="Undo", markup=False)

    def explain(self, name: str) -> None:
        candidate = self.candidate(name)
        if not isinstance(candidate, Action):
            return
        stamped = with_now(candidate, self.now())
        refused = self.controller.refusal(stamped)  # a hosted seat's host says, once it is sent
        if refused is not None:
            self.explain_refusal(refused)
            return
        # Legal after all (time moved since the keys were drawn): do it.
        getattr(self, f"action_{name}")()

    BUTTONS: ClassVar[dict[str, tuple[str, str]]] = {}
    """The Dragon panel's buttons: the key action each stands for, and its label (the
    key first, so the clue pool shows its keys)."""

    def on_dragon_timer_pressed(self, event: DragonTimer.Pressed) -> None:
        if event.button not in self.BUTTONS:
            return
        name = self.BUTTONS[event.button][0]
        if self.check_action(name, ()):
            getattr(self, f"action_{name}")()
        else:
            self.explain(name)

    def stamp(self, action: Action) -> Action:
        return with_now(action, self.now())

    def action_rules(self) -> None:
        """The rules cover the board: a running game at this keyboard pauses while they are
        open, and says so; it runs on once they close (``rules_closed``). The rules open at
        the step being played, as it was before the pause."""
        at = self.refused_rule or self.rules_section()
        if (
            self.controller.keeps_clocks
            and self.session.outcome is None
            and self.status == "running"
        ):
            self.action_pause()
            self._reading = self.status == "paused"
            if self._reading:
                self.tell("Paused while the rules are open: the clocks run on when you close them.")
        self.app.post_message(ShowRules(self.session.engine.name, at))

    def rules_closed(self) -> None:
        if self._reading:
            self._reading = False
            self.action_resume()
            self.tick()

    def on_screen_resume(self) -> None:
        self.rules_closed()

    def toggle_clocks(self) -> None:
        """Start or resume the clocks, or pause them (from an overlay's space key)."""
        if self.session.outcome is not None:
            return
        if self.status == "running":
            self.action_pause()
        elif self.status == "paused":
            self.action_resume()
        else:
            self.action_start()
        self.tick()

    def action_start(self) -> None:
        self.act(Start(seat=self.seat(), now=self.now()))

    def action_pause(self) -> None:
        self.act(Pause(seat=self.seat(), now=self.now()))

    def action_resume(self) -> None:
        self.act(Resume(seat=self.seat(), now=self.now()))

    def choose(
        self,
        title: str,
        options: Sequence[Choice[Any]],
        then: Callable[[Any], object],
    ) -> None:
        """Ask for one of ``options`` (by key); ``then`` gets its value, unless cancelled."""

        def chosen(value: object | None) -> None:
            if value is not None:
                then(value)

        self.push_overlay(self.aside(title, options), chosen)

    def choose_feed(
        self,
        question: str,
        options: Sequence[Choice[Any]],
        feed: Callable[[Any, float], Action],
    ) -> None:
        """Feed at the moment of the key press (PD-FEED-5): the clocks run to it, then hold
        there while one of ``options`` is chosen; ``feed(value, pressed)`` is the feed,
        stamped with the press. Cancelled, the clocks catch up as if nothing was pressed."""
        pressed = self.now()
        if not self.run_clocks(pressed):
            return
        self._held_at = pressed
        shown = self.dview(None).clocks.hunger_display

        def chosen(value: object | None) -> None:
            self._held_at = None
            if value is None:
                self.tick()
            else:
                self.act(feed(value, pressed))

        still = (
            "The clocks stand still while you choose: the feed is at the press (PD-FEED-5). "
            "Esc: cancel."
        )
        self.push_overlay(
            self.aside(f"Fed at {shown} s of hunger: {question}", options, still), chosen
        )

    def aside(self, title: str, options: Sequence[Choice[Any]], note: str = "") -> Choose[Any]:
        """A public choice beside the board: over the side panels' Keys and Log, below
        the clocks, the board not even dimmed (the clocks and the board must read as
        clearly while it is open)."""
        return self.ask(
            title, options, note=note or "Esc: cancel.", back="Cancel", classes="-aside"
        )

    def push_overlay(
        self, screen: Screen[Any], then: Callable[[Any], object] | None = None
    ) -> None:
        """Push ``screen``; ``then`` gets its result once it is off the stack. It runs in
        the dismiss callback, which Textual calls after the pop: the pop and the move
        it answers are drawn in one frame, and a curtain the answer pushes stays up."""

        if isinstance(screen, Overlay):
            screen.timer.show(self.dview(None))
            screen.toggle_clocks = self.toggle_clocks
            screen.rules = self.action_rules
            screen.rules_closed = self.rules_closed
            if self.controller.own_seat is not None:  # nobody else looks at this screen
                screen.uncurtained()

        def dismissed(result: object) -> None:
            if result is LEAVE:
                self.leave_from_overlay()
            elif then is not None:
                then(result)

        self.app.push_screen(screen, dismissed)

    def leave_from_overlay(self) -> None:
        """Escape on an overlay's curtain: leave the game as Escape on the board does. If
        leaving is refused (moves not saved yet: the player is told), play goes on; an
        open look or clue waits on the board for its key."""
        self.action_leave()
        if self in self.app.screen_stack:
            self.after_change()


def score_lines(view: PocketDragonView) -> list[str]:
    """How the score is made (PD-SCORE-1), or why the game was lost."""
    c = view.clocks
    if view.status == "won":
        base = LEVELS[view.difficulty].base_score
        tens = c.main_display // 10
        return [
            f"Score {view.score} = base {base} ({view.difficulty.title()})"
            f" + Happiness {view.happiness} + {tens} for full 10 s left ({c.main_display} s)",
        ]
    return [
        f"Score 0. Time left {c.main_display} s, hunger {c.hunger_display} s, "
        f"{view.successes_left} of {view.successes_needed} successes still to do."
    ]


class DragonResult(ResultScreen):
    """The shell's result, with the score worked out."""

    def lines(self) -> Content:
        outcome = self.session.outcome
        assert outcome is not None
        view = self.session.view(None)
        assert isinstance(view, PocketDragonView)
        lines = [f"{self.session.engine.title}: {outcome.summary}", "", *score_lines(view), ""]
        names = ", ".join(s.name for s in self.session.seats)
        lines.append(f"{'★' if outcome.winners else '✗'} {names}: {outcome.scores[0]} together")
        return plain("\n".join(lines))


# -- overlays ---------------------------------------------------------------------


LEAVE = object()
"""What an overlay is dismissed with when Escape on its curtain leaves the game."""


class Overlay(CompatScreen[object]):
    """A private moment, opaque: first a curtain names who alone may look (Enter, or
    Escape to leave the game, as on every curtain), then only they see the content (Enter
    ends it: a subclass names what that does), then, if someone else held the keyboard
    before, a curtain hands it back. The clocks run and show throughout. Its curtains
    say and lift as every curtain does (``curtain_words``, ``Lift``): on this screen,
    so that nothing else is drawn between the curtain and what it hides."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "proceed", "Ready", priority=True),
        Binding("enter", "done", "Done", priority=True),
        Binding("question_mark", "rules", "Rules"),
        Binding("escape", "leave", "Leave game"),
        Binding("space", "toggle_clocks", "Start/Pause"),
    ]
    DEFAULT_CSS = """
    Overlay {
        align: center middle;
        background: $background;
    }
    Overlay #overlay-box {
        width: 70;
        max-width: 100%;
        height: auto;
    }
    Overlay #overlay-text {
        border: thick $accent;
        padding: 0 2;
        height: auto;
    }
    """

    def __init__(self) -> None:
        """An overlay showing nothing until ``ask`` (each kind's ``renew``)."""
        super().__init__()
        self.ask("", None, "", curtain=False)
        self.timer = DragonTimer()
        self.lift = Lift(self)
        self.toggle_clocks: Callable[[], object] | None = None
        """Set by the game screen: pause or resume from behind the curtain too."""
        self.rules: Callable[[], object] | None = None
        """Set by the game screen: its rules (the ? key), as on every curtain."""
        self.rules_closed: Callable[[], object] | None = None
        """Set by the game screen: back from its rules, the clocks paused for them run on."""

    def ask(
        self, looker: str, hand_back_to: str | None, curtain_text: str, *, curtain: bool = True
    ) -> None:
        """Begin this private moment, before the overlay is pushed: the game screen keeps
        one of each kind and renews it (``GameScreen.renewed``; a new one took 4-5
        frames to settle, 45-75 ms)."""
        self.looker = looker
        self.hand_back_to = hand_back_to
        self.curtain_text = curtain_text
        self.stage = "curtain" if curtain else "open"
        self.result: object = None
        if self.is_mounted:
            self.draw()

    def uncurtained(self) -> None:
        """Asked at a seat's own screen, where nobody else looks: the content at once, and
        no keyboard handed back."""
        self.stage, self.hand_back_to = "open", None
        if self.is_mounted:
            self.draw()

    def compose(self) -> ComposeResult:
        with Column(id="overlay-box"):
            yield Panel(id="overlay-text")
            yield self.timer
        yield Footer()

    def on_mount(self) -> None:
        # The empty one mounted unseen (``GameScreen.unshown``) names nobody (a renewed one
        # names a player, never ""): it shows nothing, nor looks for its parts, which the
        # app closing may take away while it mounts.
        if self.looker:
            self.draw()

    def on_screen_resume(self) -> None:
        if self.rules_closed is not None:
            self.rules_closed()

    @property
    def text(self) -> str:
        """What the overlay shows now (for tests)."""
        return str(self.query_one("#overlay-text", Static).render())

    def draw(self) -> None:
        text: Content
        if self.stage == "curtain":
            text = curtain_words(self.looker, self.curtain_text)
        elif self.stage == "back":
            assert self.hand_back_to is not None
            text = curtain_words(self.hand_back_to, back=True)
        else:
            text = self.content()
        self.query_one("#overlay-text", Static).update(text)
        self.refresh_bindings()

    def content(self) -> Content:
        return Content("")

    def on_key(self, event: events.Key) -> None:
        self.lift.hold(event)

    def show_clocks(self, view: PocketDragonView) -> None:
        self.timer.show(view)

    def action_toggle_clocks(self) -> None:
        if self.toggle_clocks is not None:
            self.toggle_clocks()

    def action_rules(self) -> None:
        if self.rules is not None:
            self.rules()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "toggle_clocks":
            return self.toggle_clocks is not None
        if action == "rules":  # nothing private is on the rules
            return self.rules is not None
        if action in ("proceed", "leave"):  # on a curtain (still up while it lifts)
            return self.stage != "open"
        return self.stage == "open"

    def action_proceed(self) -> None:
        self.lift.press(self.lifted if self.stage == "curtain" else self.handed_back)

    def lifted(self) -> None:
        """The curtain lifts: only the looker sees the content now."""
        self.stage = "open"
        self.draw()

    def handed_back(self) -> None:
        self.dismiss(self.result)

    def action_done(self) -> None:
        self.finish(self.result)

    def action_leave(self) -> None:
        if not self.lift.lifting:
            self.dismiss(LEAVE)

    def finish(self, result: object) -> None:
        self.result = result
        if self.hand_back_to is not None:
            self.stage = "back"
            self.draw()
        else:
            self.dismiss(result)


class Handover(Overlay):
    """The keyboard changes hands: nothing of either hand is on screen, only the clocks."""

    def renew(self, player: str, partner: str) -> None:
        self.ask(
            player,
            None,
            f"It is {player}'s turn. {partner}, look away from the screen: "
            f"it will show your cards to {player}.",
        )

    def lifted(self) -> None:
        self.dismiss(True)
