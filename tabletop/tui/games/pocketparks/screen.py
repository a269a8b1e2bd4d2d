"""The PocketParks screen: pass-and-play for 2-5 at one keyboard.

The board is the public table (piles, featured park, every player's sets, hand
sizes and scores), the news of the last move, a prompt for the current step and
the hand of the player holding the keyboard, drawn only once their curtain is
lifted. Keys are the moves ``engine.legal_actions`` lists for the step: a key
whose move is not legal now is greyed, and pressing it anyway sends the move so
the engine says why it is refused. Space, Enter or a click uses the highlighted
hand card for the step (add to a set, pay); a card that would leave the hand for
good (a discard, an event played, a card put back) is only picked, and c confirms.

Response windows (a Park Tour chance, a purple reaction) are asked of the whole
table through one public pop-up drawn from the spectator's view, identical
whether or not anyone can answer. Whoever wants to answer presses their seat
number, takes the keyboard behind the curtain and answers or passes in private;
when nobody does before the countdown ends (its length is a setting), or someone
presses n (nobody answers), everyone asked passes.

At a hosted game each seat answers at its own screen: the window opens only on the
screens of the seats asked, and its countdown passes for that seat alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, TypeVar, cast

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from tabletop.core.clock import Clock, MonotonicClock
from tabletop.core.engine import Action, Transition
from tabletop.core.rules import phases_allowing
from tabletop.core.words import counted
from tabletop.games.pocketparks import rules as R
from tabletop.games.pocketparks.engine import PocketParksEngine
from tabletop.games.pocketparks.model import (
    AddCard,
    Cancel,
    Confirm,
    Discard,
    Draw,
    ParkTour,
    Pass,
    Pay,
    PlayEvent,
    PPAction,
    React,
    StartBuild,
    StartSet,
    StartSteal,
    Take,
    TakeRandom,
    TourPick,
)
from tabletop.games.pocketparks.view import CardView, PPView, RoundView
from tabletop.tui.compat import Panel
from tabletop.tui.dialogs import Choice, Choose, numbered
from tabletop.tui.games.pocketparks.cards import (
    card_chip,
    card_line,
    card_title,
    icon,
    icon_legend,
    set_chip,
)
from tabletop.tui.games.pocketparks.hand import ParkHand, SortMode, icon_counts, number_order
from tabletop.tui.games.pocketparks.modals import (
    FinalResultScreen,
    ResponseWindow,
    ScoreSheet,
    TourPicker,
    icon_summary,
    sentence,
)
from tabletop.tui.games.pocketparks.table import ParkTable, TableRoom
from tabletop.tui.navigation import ShowHistory
from tabletop.tui.screens.base import GameScreen, ResultScreen
from tabletop.tui.screens.cards import CardsScreen, Shown, card_text
from tabletop.tui.text import plain, refresh_text
from tabletop.tui.widgets.bars import FOOTER_RANKS

PopupT = TypeVar("PopupT", Choose[Any], ScoreSheet, TourPicker)

# The moves of the current player's steps: binding action -> the kinds of action it
# sends (c and Backspace also confirm or keep the card a discard lets go).
STEP_KINDS: dict[str, frozenset[str]] = {
    "play_set": frozenset({"start_set"}),
    "build": frozenset({"start_build"}),
    "draw": frozenset({"draw"}),
    "steal": frozenset({"start_steal"}),
    "event": frozenset({"play_event"}),
    "use": frozenset({"add", "pay", "discard", "play_event"}),
    "take": frozenset({"take"}),
    "take_random": frozenset({"take_random"}),
    "confirm": frozenset({"confirm", "discard"}),
    "cancel": frozenset({"cancel", "discard"}),
}
# Binding action -> the phases it belongs to: those whose rules allow one of its kinds.
STEP_ACTIONS = {
    action: phases_allowing(R.PHASES, kinds) - {"window"} for action, kinds in STEP_KINDS.items()
}
LETTING_GO = frozenset({"discard", "limit"})
"""The steps whose card leaves the hand for good: Space picks it, c confirms."""
# Rules help opens at the digest's section for the step.
SECTIONS: dict[str, str] = {
    "turn": "Setup and turns",
    "set": "Sets",
    "build": "Sets",
    "draw": "Draw 2",
    "discard": "Draw 2",
    "steal": "Pay to steal",
    "limit": "End of turn, empty hands, empty pile",
    "tour": "Park Tour and nine of a kind",
    "wish": "Park Tour and nine of a kind",
    "event": "Response windows",
    "over": "Winning a round, scoring, the game",
}
WINDOW_SECTIONS = {"steal": "Response windows"}
# What a player's step is, in words any seat may read (the spectator's prompt).
STEP_WORDS: dict[str, str] = {
    "turn": "{name}'s turn: one action (play a set, build onto one, draw 2 or steal).",
    "draw": "{name} draws 2: the second card is next.",
    "discard": "{name} discards a park or plays an event next.",
    "set": "{name} is putting a set together.",
    "build": "{name} is building onto a set.",
    "steal": "{name} is paying to steal.",
    "limit": f"{{name}} puts back cards down to the hand limit of {R.HAND_LIMIT}.",
}
SHORT_HEIGHT = 36
"""Below this many lines the hand takes the room it needs, the table the rest (a line
a player where it must): a hand of 9 is whole at 80x24 with 5 players."""


class PocketParksScreen(GameScreen):
    MIN_SIZE: ClassVar[tuple[int, int]] = (80, 24)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "play_set", "Set"),
        Binding("b", "build", "Build"),
        Binding("p", "draw('pile')", "Pile"),
        Binding("d", "draw('discard')", "Top"),
        Binding("x", "steal", "Steal"),
        Binding("e", "event", "Event"),
        Binding("space", "use", "Use card"),
        Binding("t", "take", "Take"),
        Binding("r", "take_random", "Random"),
        Binding("c", "confirm", "Confirm"),
        Binding("backspace", "cancel", "Cancel"),
        Binding("h", "hint", "Hint"),
        Binding("o", "sort", "Sort"),
        Binding("g", "scores", "Scores"),
        Binding("i", "cards", "Cards"),
    ]

    FOOTER_RANKS: ClassVar[dict[str, int]] = {  # the footer keeps these last (bars.py)
        **FOOTER_RANKS,
        "sort": 3,
        "scores": 3,
        "cards": 3,
    }

    DEFAULT_CSS = """
    /* A replay's prompt says a turn in one line, a response window in two: a step in
       or out of a window must not lay the screen out again (a frame late). */
    PocketParksScreen.-replay #pp-prompt {
        min-height: 2;
    }
    PocketParksScreen #side {
        width: 36;
    }
    PocketParksScreen.-narrow #side {
        display: none;
    }
    PocketParksScreen #status.-empty {
        display: none;
    }
    PocketParksScreen #pp-table-scroll {
        height: auto;
        max-height: 50%;
    }
    PocketParksScreen #pp-news {
        height: auto;
        max-height: 3;
        padding: 0 1;
        color: $text-muted;
    }
    PocketParksScreen #pp-prompt {
        height: auto;
        padding: 0 1;
        background: $pp-prompt;
    }
    PocketParksScreen.-short #pp-table-scroll {
        height: 1fr;
        max-height: 100%;
    }
    PocketParksScreen.-short #pp-hand {
        height: auto;
    }
    PocketParksScreen.-short #pp-news {
        max-height: 1;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    PocketParksScreen #pp-news.-empty {
        display: none;
    }
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.clock: Clock = MonotonicClock()
        """The response windows' clock; tests put a fake one here."""
        engine = self.session.engine
        assert isinstance(engine, PocketParksEngine)
        self.engine = engine
        self.sort_modes: dict[int, SortMode] = {}
        """Each player's way of sorting their hand."""
        self._pending: list[RoundView] = []
        """Rounds scored by the last move, their sheets still to show."""
        self._quiet = 0
        self._cache: tuple[Any, int | None, PPView, list[Action]] | None = None
        self._news: list[tuple[str, int | None]] = []
        self._going: tuple[Any, int, int] | None = None
        """The card picked to leave the hand (position, seat, card), until c confirms."""
        self._asking: Screen[Any] | None = None
        """A hosted seat: the pop-up asking it to answer a response window, while open."""
        self._seen = (len(self.session.log(self.viewer)), len(self.public().results))
        """The log lines and scored rounds the screen has shown (a change made elsewhere,
        ``host_moved``, brings the rest as news)."""
        self._looked: dict[int, frozenset[int]] = {}
        """Each seat's hand as it was when the seat last stopped looking at it."""
        self._look: tuple[int, bool, frozenset[int]] | None = None
        """The look at a hand going on: whose, whether it was their turn, the hand shown."""

    # -- layout -------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        with TableRoom(id="pp-table-scroll"):
            yield ParkTable(id="pp-table")
        yield Panel(id="pp-news")
        yield Panel(id="pp-prompt")
        yield ParkHand(id="pp-hand")

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self.set_class(event.size.width < 110, "-narrow")
        short = event.size.height < SHORT_HEIGHT
        if short != self.has_class("-short"):
            self.set_class(short, "-short")
            self.redraw()

    # -- what the screen works from ----------------------------------------------

    def view(self) -> PPView:
        """The viewer's view (computed once per state and viewer: the footer asks often)."""
        return self._now()[0]

    def _now(self) -> tuple[PPView, list[Action]]:
        state, seat = self.session.current, self.viewer
        cached = self._cache
        if cached is None or cached[0] is not state or cached[1] != seat:
            view = self.session.view(seat)
            assert isinstance(view, PPView)
            legal = [] if seat is None else self.session.legal_actions(seat)
            cached = self._cache = (state, seat, view, legal)
        return cached[2], cached[3]

    def public(self) -> PPView:
        view = self.session.view(None)
        assert isinstance(view, PPView)
        return view

    def my_turn(self, view: PPView) -> bool:
        """The viewer is the current player, on their own step (no window open)."""
        return (
            self.viewer is not None
            and view.window is None
            and view.current == self.viewer
            and self.session.outcome is None
        )

    def legal(self) -> list[Action]:
        """The viewer's legal moves (none while no hand may be shown)."""
        return self._now()[1]

    def _seat(self) -> int:
        assert self.viewer is not None
        return self.viewer

    # -- drawing ------------------------------------------------------------------

    def render_view(self, view: Any) -> None:
        assert isinstance(view, PPView)
        short = self.has_class("-short")
        self.query_one(ParkTable).show(view, fit=short, away=self.session.away)
        news = self.query_one("#pp-news", Static)
        refresh_text(news, self._news_text(news.content_region.width if short else 0))
        news.set_class(not self._news_lines(), "-empty")
        refresh_text(self.query_one("#pp-prompt", Static), self.prompt(view, short))
        self._show_hand(view)

    def _show_hand(self, view: PPView) -> None:
        chosen = frozenset(c.id for c in view.draft.cards) if view.draft else frozenset()
        hand = self.query_one(ParkHand)
        hand.inline_groups = self.has_class("-short")
        if view.seat is not None:
            hand.mode = self.sort_modes.get(view.seat, "number")
        mine = view.hand is not None and self.my_turn(view)
        usable = self._usable(view) if mine else None
        dark = view.seat is not None and view.players[view.seat].dark_sky_sets
        hand.show(
            view.hand,
            chosen,
            usable,
            title=self._hand_title(view),
            dark_sky=dark,
            going=self.going(),
            fresh=self._new_cards(view),
        )
        if view.hand is not None and not hand.has_focus:
            hand.focus()

    def _new_cards(self, view: PPView) -> frozenset[int]:
        """The viewer's hand cards new to them since they last stopped looking at it: a
        look lasts while the hand stays on screen for the same seat, up to the end of the
        seat's turn; so both cards of a draw 2 are new, and so is a card that came in
        between their turns."""
        look = self._look
        seat, held = view.seat, view.hand
        turn = seat == view.current
        if look is not None and (look[0] != seat or held is None or (look[1] and not turn)):
            self._looked[look[0]] = look[2]  # that look is over
            self._look = None
        if seat is None or held is None:
            return frozenset()
        ids = frozenset(c.id for c in held)
        self._look = (seat, turn, ids)
        return ids - self._looked.setdefault(seat, ids)  # nothing is new at a first look

    def going(self) -> int | None:
        """The card picked to be discarded (or put back), waiting for c; a move, an undo
        or a hand-over forgets it."""
        going = self._going
        return going[2] if going is not None and self.for_now(going[0], going[1]) else None

    def _hand_title(self, view: PPView) -> str:
        if view.seat is None:
            return "Hand"
        return f"{view.players[view.seat].name}'s hand"

    def _usable(self, view: PPView) -> frozenset[int] | None:
        """The hand cards the step's legal moves use (None: the step uses no card)."""
        if view.phase not in STEP_ACTIONS["use"]:
            return None
        return frozenset(
            a.card for a in self.legal() if isinstance(a, AddCard | Pay | Discard | PlayEvent)
        )

    def seat_scores(self, view: Any) -> list[str]:
        assert isinstance(view, PPView)
        return [f"{counted(p.score, 'pt')} · hand {p.hand_size}" for p in view.players]

    def _news_lines(self) -> list[str]:
        """The last move's log lines the viewer may read, the latest three."""
        return [text for text, private in self._news if private in (None, self.viewer)][-3:]

    def _news_text(self, width: int = 0) -> Content:
        """The news a line each; with ``width``, on one line: the latest lines that fit
        (at least the last), oldest first."""
        lines = self._news_lines()
        if not width:
            return Content("\n").join(Content(line) for line in lines)
        kept = lines[-1:]
        for line in reversed(lines[:-1]):
            if len(" · ".join([line, *kept])) > width:
                break
            kept.insert(0, line)
        return Content(" · ".join(kept))

    def prompt(self, view: PPView, short: bool = False) -> Content:
        """What the step asks, in plain words, with its keys; ``short`` (a short
        terminal): without what the hand and the footer show already. A table with
        words of its own for the step (a replay's) says it in them."""
        told = self.controller.step_words(view)
        if told is not None:
            return told
        outcome = self.session.outcome
        if outcome is not None:  # the news says the game is over: here, who won
            return Content(" ".join(["Game over:", outcome.summary, *outcome.tie_break]))
        names = [p.name for p in view.players]
        away = self.session.away
        if view.window is not None:
            gone = [names[seat] for seat in view.window.waiting if seat in away]
            wait = f" Waiting for {' and '.join(gone)}, away." if gone else ""
            return plain(f"Response window: {sentence(view.window.question)}{wait}")
        if self.viewer is None or view.current != self.viewer:
            step = STEP_WORDS.get(view.phase, "").format(name=names[view.current])
            return Content(step + self.away_words(view.current))
        me = names[self.viewer]
        phase = view.phase
        summary = Content("")
        if view.hand and not short:
            summary = Content.assemble(
                "\nIcons in your hand: ",
                icon_summary(icon_counts(view.hand, view.players[self.viewer].dark_sky_sets)),
            )
        if phase == "turn":
            return Content.assemble(
                (f"{me}, your turn: one action. ", "bold"),
                "s play a set · b build onto a set · p/d draw 2 (pile / discard top) · "
                "x pay to steal",
                summary,
            )
        if phase == "draw":
            top = (
                Content.assemble(" (", card_chip(view.discard_top), ")") if view.discard_top else ""
            )
            return Content.assemble(
                ("Draw 2: now your second card. ", "bold"),
                "p from the draw pile · d the discard top",
                top,
            )
        going = self._going_card(view)
        if phase == "discard" and going is not None:
            if going.event is None:
                return Content.assemble(
                    ("Discard ", "bold"),
                    card_chip(going),
                    ("? c confirms", "bold"),
                    " (it goes on the park discard, for anyone to Park Tour) · "
                    "Backspace keeps it · Space picks another card",
                )
            return Content.assemble(
                ("Play ", "bold"),
                card_chip(going),
                ("? c confirms", "bold"),
                " (a purple event may instead be discarded unplayed) · Backspace keeps it",
            )
        if phase == "discard":
            return Content.assemble(
                ("Then discard a park or play an event. ", "bold"),
                "Space picks a card, c confirms · e plays an event · a purple event may "
                "be discarded unplayed."
                if short
                else "Space picks the highlighted card, c confirms: a park is discarded, an "
                "event played; e plays an event; a purple event may be discarded unplayed.",
            )
        if phase in ("set", "build") and view.draft is not None:
            chosen = self._chosen(view.draft.cards, "none yet", short)
            if phase == "build" and view.draft.set_index is not None:
                onto = view.players[self.viewer].sets[view.draft.set_index]
                head = Content.assemble(
                    ("Build onto ", "bold"), set_chip(view.draft.set_index, onto, False)
                )
            else:
                head = Content.styled("New set of 2-4 parks sharing an icon.", "bold")
            return Content.assemble(
                head,
                " Chosen: ",
                chosen,
                ".\nSpace adds the highlighted park · c confirm · Backspace cancels",
            )
        if phase == "steal" and view.draft is not None:
            draft = view.draft
            victim = names[draft.target] if draft.target is not None else "?"
            paid = self._chosen(draft.cards, "nothing", short)
            takes = [card_chip(c) for c in draft.takes]
            if draft.random_takes:
                takes.append(Content(counted(draft.random_takes, "random hand card")))
            taking = Content(" and ").join(takes) or Content("nothing yet")
            return Content.assemble(
                (f"Steal from {victim}. ", "bold"),
                "Paid: ",
                paid,
                ". Taking: ",
                taking,
                ".\n",
                steal_prices(),
                ""
                if short
                else " Space pays with the highlighted card · t take a set card · "
                "r a random hand card · c confirm · Backspace cancels",
            )
        if phase == "limit":
            extra = len(view.hand or []) - R.HAND_LIMIT
            head = Content.styled(
                f"Hand limit {R.HAND_LIMIT}: put back {counted(extra, 'card')}. ", "bold"
            )
            if going is not None:
                return Content.assemble(
                    head,
                    "Put back ",
                    card_chip(going),
                    ("? c confirms", "bold"),
                    " · Backspace keeps it",
                )
            return Content.assemble(
                head,
                "Space picks a card, c puts it under its discard pile (no effect, no Park Tour).",
            )
        return Content("")

    # -- the flow: windows, round ends, the result ----------------------------------

    def act(
        self, action: Action, then: Callable[[], object] | None = None
    ) -> Transition[Any] | None:
        """Commit ``action`` (refusals say the engine's reason); a round it ends is
        scored on its own sheet before play goes on."""
        scored = len(self.public().results)
        self._quiet += 1
        try:
            transition = super().act(action, then)
        finally:
            self._quiet -= 1
        if transition is not None:
            self._news = [(e.text, e.private_to) for e in transition.events] or self._news
            self._pending.extend(self.public().results[scored:])
            self._seen = (len(self.session.log(self.viewer)), len(self.public().results))
            self.after_change()
        return transition

    def host_moved(self) -> None:
        """The host's update: the seat's new log lines are the news, and a round it
        scored gets its sheet, as a move made here does."""
        lines, scored = self._seen
        log, results = self.session.log(self.viewer), self.public().results
        self._news = [(line, None) for line in log[lines:]] or self._news
        self._pending.extend(results[scored:])
        self._seen = (len(log), len(results))
        super().host_moved()

    def after_change(self) -> None:
        if self._quiet or not self.is_attached:
            return
        if self._pending:
            score = self._pending.pop(0)
            self.show_to(None)
            self.app.push_screen(self._helped(self._sheet(score)), self._sheet_closed)
            return
        if self.session.outcome is not None:
            self.show_to(None)
            self.app.push_screen(self.result(), self._result_closed)
            return
        if self.public().window is not None:
            self._answer_for_bots()
            if self.controller.own_seat is not None:  # a hosted seat answers at its screen
                self._answer_here()
                return
            if self.public().window is not None:
                window = self.view().window if self.viewer is not None else None
                if self.viewer is not None and window is not None and window.picked:
                    self._answer_privately(self.viewer)  # the Park Tour's next card
                    return
                self._open_window()
                return
            self.after_change()
            return
        super().after_change()

    def _answer_here(self) -> None:
        """A hosted seat: asked in the window, it answers here (the window, then its
        own answers); not asked, or once answered, the board shows the question. A pop-up
        still asking once the seat is no longer asked (its answer made) goes."""
        window = self.view().window
        asked = window is not None and self._seat() in window.waiting
        asking = self._asking
        if asking is not None and asking in self.app.screen_stack:
            if not asked and self.app.screen is asking:
                self.app.pop_screen()
            elif isinstance(asking, TourPicker):
                self._show_tour(asking)
            elif isinstance(asking, ResponseWindow) and window is not None:
                asking.still_asked(window.waiting)
        elif asked and self.sending is None:
            self._ask_here()
            return
        GameScreen.after_change(self)

    def move_sent(self) -> None:
        """A window that asked this seat while its move was on its way opens now."""
        window = self.view().window
        asking = self._asking
        if (
            window is not None
            and self._seat() in window.waiting
            and not self._quiet
            and (asking is None or asking not in self.app.screen_stack)
        ):
            self._ask_here()

    def _ask_here(self) -> None:
        """A hosted seat asked in the window: the window, or the Park Tour picker where
        it has begun picking."""
        window = self.view().window
        if window is not None and window.picked:
            self._answer_privately(self._seat())  # the Park Tour's next card
        else:
            self._open_window()

    def _sheet_closed(self, _: None) -> None:
        self.after_change()

    def _result_closed(self, to_history: bool | None) -> None:
        self.dismiss()
        if to_history and self.controller.keeps_history:  # a hosted game is in the host's
            self.app.post_message(ShowHistory())

    def _sheet(self, shown: RoundView | None) -> ScoreSheet:
        """A round's score sheet (None: the chart alone), with the points so far."""
        view = self.public()
        return ScoreSheet([p.name for p in view.players], view.results, shown)

    def _answer_for_bots(self) -> None:
        """Bot seats asked in a window answer at once, through the engine."""
        humans = set(self.session.humans)
        while (window := self.public().window) is not None:
            bots = [s for s in window.waiting if s not in humans]
            if not bots:
                return
            if self._silently(self.bot_answer(bots[0])) is None:
                return

    def bot_answer(self, seat: int) -> Action:
        """A bot seat's answer, chosen by its bot from its own seat's view (a seat
        that is neither a person nor a known bot passes)."""
        bot = self.bots.get(seat)
        if bot is not None:
            try:
                return self.controller.bot_move(seat)
            except ValueError as exc:  # a bot that breaks the rules is reported; it passes
                self.notify(str(exc), severity="error", markup=False)
        return Pass(seat=seat)

    def _silently(self, action: Action) -> Transition[Any] | None:
        """``act`` without handing over the keyboard (one of several answers)."""
        self._quiet += 1
        try:
            return self.act(action)
        finally:
            self._quiet -= 1

    def _open_window(self) -> None:
        self.show_to(None)
        self.ring()
        self._asking = self._response_window()
        self.app.push_screen(self._asking, self._window_closed)

    def _response_window(self) -> ResponseWindow:
        """The response window, for the window open now: the one this screen keeps,
        renewed; a new one while that one is still up (a host's update, say)."""
        view, seconds, here = self.public(), self.settings.window_seconds, self.session.here

        return self.renewed(
            ResponseWindow,
            lambda window: window.renew(view, seconds, self.clock, here),
            self._empty_window,
        )

    def _empty_window(self) -> ResponseWindow:
        names = [player.name for player in self.public().players]
        return ResponseWindow(names, self.action_rules)

    def unshown(self) -> list[Screen[Any]]:
        return [*super().unshown(), self._empty_window(), TourPicker()]

    def result_screen(self) -> ResultScreen:
        return FinalResultScreen(self.controller)

    def _window_closed(self, seat: int | None) -> None:
        if seat is None:
            window = self.public().window
            waiting = [] if window is None else list(window.waiting)
            for answering in waiting:
                if answering in self.session.here and self._silently(Pass(seat=answering)) is None:
                    break
            self.after_change()
        elif self.curtained:
            self.app.push_screen(self.hand_over(seat), self._claim_lifted(seat))
        else:
            self._answer_privately(seat)

    def _claim_lifted(self, seat: int) -> Any:
        def lifted(take_over: bool | None) -> None:
            if take_over:
                self._answer_privately(seat)
            else:
                self.dismiss()

        return lifted

    def _answer_privately(self, seat: int) -> None:
        """The claimant's own screen: their hand, and every answer the engine allows (a
        Park Tour is picked card by card from the hand)."""
        self.viewer = seat
        window = self.view().window
        assert window is not None
        if window.kind in ("tour", "wish"):
            self._pick_tour(seat)
            return
        answers = [a for a in self.session.legal_actions(seat) if not isinstance(a, Pass)]
        passing: Action = Pass(seat=seat)
        choices = numbered(
            [
                *((self._answer_label(a), a) for a in answers),
                (Content.assemble(("Pass", "bold"), ": let it happen"), passing),
            ]
        )

        def answered(answer: Action | None) -> None:
            self.act(passing if answer is None else answer)

        held = "" if answers else "You hold no card that answers it: you can only pass. "
        self._asking = self._hinted_answer(
            self.ask(
                f"{self.session.seats[seat].name}: {sentence(window.question)}",
                choices,
                note=f"{held}Enter or a number answers; Esc passes. Nobody sees which you chose.",
                back="Pass",
            )
        )
        self.app.push_screen(self._asking, answered)

    def _pick_tour(self, seat: int) -> None:
        """The Park Tour picker over the claimant's hand: each pick (or start over) is a
        move made at once, the claim or the pass ends the answer."""
        window = self.view().window
        assert window is not None and window.card is not None
        heading = Content.assemble(
            plain(f"{self.session.seats[seat].name}: Park Tour on "), card_chip(window.card), "?"
        )

        def pick(card: int | None) -> None:
            self._silently(Cancel(seat=seat) if card is None else TourPick(seat=seat, card=card))
            self._show_tour(picker)

        def claim() -> bool:
            picked = self.view().window
            cards = tuple(sorted(c.id for c in picked.picked)) if picked else ()
            return self._silently(ParkTour(seat=seat, cards=cards)) is not None

        def answered(claimed: bool | None) -> None:
            if claimed:
                self.after_change()
            else:
                self.act(Pass(seat=seat))

        picker = self._asking = self._hinted_answer(
            self.renewed(TourPicker, lambda kept: kept.renew(heading, pick, claim), TourPicker)
        )
        self.app.push_screen(picker, answered)
        if picker.is_mounted:  # kept: drawn in the frame that shows it
            self._show_tour(picker)
        else:  # new: its hand is there once it is mounted
            self.call_after_refresh(self._show_tour, picker)

    def _show_tour(self, picker: TourPicker) -> None:
        view, legal = self._now()
        window = view.window
        if window is None or not picker.is_attached:
            return
        pickable = frozenset(a.card for a in legal if isinstance(a, TourPick))
        claimable = any(isinstance(a, ParkTour) for a in legal)
        dark = view.seat is not None and view.players[view.seat].dark_sky_sets
        picker.show(view.hand or [], window.picked, pickable, claimable, dark)
        picker.show_hint(plain(self.hint_now()))  # a pick is a move: no hint for before it

    def _answer_label(self, action: Action) -> Content:
        """A purple reaction and what it does, in words (the only answer besides a Park
        Tour and a pass)."""
        assert isinstance(action, React)
        view = self.view()
        window = view.window
        assert window is not None
        cards = {c.id: c for c in view.hand or []}
        card = cards.get(action.card)
        name = card.name if card is not None else "a card"
        copied = f" as {_effect_name(action.as_effect)}" if action.as_effect else ""
        thief = view.players[view.current].name
        does = (
            f": {thief} takes nothing, and you take from {thief}'s hand instead"
            if window.kind == "steal"
            else f": {window.card.name if window.card else 'the event'} has no effect"
        )
        return Content.assemble(("Play ", "bold"), plain(f"{name}{copied}{does}"))

    # -- keys ---------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in STEP_ACTIONS:
            view = self.view()
            if not self.my_turn(view) or view.phase not in STEP_ACTIONS[action]:
                return False
            return True if self._step_legal(action, parameters) else None
        if action == "sort":
            return self.viewer is not None
        if action in ("scores", "cards"):
            return True
        return super().check_action(action, parameters)

    def _step_legal(self, action: str, parameters: tuple[object, ...]) -> bool:
        if action in ("confirm", "cancel") and self.view().phase in LETTING_GO:
            return self.going() is not None
        legal = cast("list[PPAction]", self.legal())  # this engine's actions
        if action == "draw":
            return any(isinstance(a, Draw) and a.source == parameters[0] for a in legal)
        kinds = STEP_KINDS[action]
        return any(a.kind in kinds for a in legal)

    def explain_key(self, action: str, parameters: tuple[object, ...]) -> bool:
        """A greyed key is not run by its binding: send its move so the engine says why."""
        if action in STEP_ACTIONS and self.check_action(action, parameters) is None:
            self.explain(action, parameters)
            return True
        return super().explain_key(action, parameters)

    def explain(self, action: str, params: tuple[object, ...]) -> None:
        """Send the move a greyed key stands for; the engine refuses it with its reason."""
        seat = self._seat()
        view = self.view()
        hand = view.hand or []
        candidate: Action
        if action == "play_set":
            candidate = StartSet(seat=seat)
        elif action == "build":
            sets = view.players[seat].sets
            candidate = StartBuild(seat=seat, set_index=0 if sets else -1)
        elif action == "draw":
            candidate = Draw(seat=seat, source="pile" if params[0] == "pile" else "discard")
        elif action == "steal":
            candidate = StartSteal(seat=seat, target=(seat + 1) % len(view.players))
        elif action == "event":
            events_held = [c for c in hand if c.event is not None] or hand
            candidate = PlayEvent(seat=seat, card=events_held[0].id if events_held else -1)
        elif action == "take":
            candidate = Take(seat=seat, card=-1)
        elif action == "take_random":
            candidate = TakeRandom(seat=seat)
        elif action == "use":
            self.action_use()
            return
        elif view.phase in LETTING_GO:  # c or Backspace with no card picked
            self.tell("Space on a card picks it first; c then confirms.")
            return
        else:
            candidate = Confirm(seat=seat)
        self.act(candidate)

    def action_play_set(self) -> None:
        self.act(StartSet(seat=self._seat()))

    def action_build(self) -> None:
        view = self.view()
        seat = self._seat()
        options = [a for a in self.legal() if isinstance(a, StartBuild)]
        if len(options) == 1:
            self.act(options[0])
            return
        labels = [
            set_chip(a.set_index, view.players[seat].sets[a.set_index], False) for a in options
        ]
        # each set by its own number (2 picks [2: ...]), not by its place in the list
        numbers = [str(a.set_index + 1) for a in options]
        keys = numbers if all(len(n) == 1 for n in numbers) else ()
        self._choose("Build onto which set?", labels, options, keys)

    def action_draw(self, source: str) -> None:
        self.act(Draw(seat=self._seat(), source="pile" if source == "pile" else "discard"))

    def action_steal(self) -> None:
        view = self.view()
        options = [a for a in self.legal() if isinstance(a, StartSteal)]
        labels = []
        for a in options:
            player = view.players[a.target]
            open_sets = sum(1 for s in player.sets if not s.protected)
            labels.append(
                plain(
                    f"{player.name}: hand {player.hand_size}, "
                    f"{counted(open_sets, 'set')} open to stealing"
                )
            )
        # each player by their seat number, as the table and the scoreboard show them
        keys = [str(a.target + 1) for a in options]
        self._choose("Steal from whom?", labels, options, keys)

    def action_event(self) -> None:
        """The events that may be played, each once: two copies of a card (two Mosquito
        bites) do the same, so the first copy's play stands for both."""
        names = {c.id: c.name for c in self.view().hand or []}
        plays: dict[tuple[object, ...], PlayEvent] = {}
        for a in self.legal():
            if isinstance(a, PlayEvent):
                plays.setdefault((names.get(a.card), a.as_effect, a.target, a.pick), a)
        options = list(plays.values())
        self._choose("Play which event?", [self._event_label(a) for a in options], options)

    def _event_label(self, action: Action) -> Content:
        view = self.view()
        names = [p.name for p in view.players]
        cards = {c.id: c for c in view.hand or []}
        if isinstance(action, Discard):
            card = cards.get(action.card)
            return Content(f"Discard {card.name if card else 'it'} unplayed")
        assert isinstance(action, PlayEvent)
        card = cards.get(action.card)
        text = f"Play {card.name if card else 'the event'}"
        if action.as_effect is not None:
            text += f" as {_effect_name(action.as_effect)}"
        if action.pick is not None and action.target is not None:
            bitten = _set_card(view, action.target, action.pick)
            text += (
                f": bite {card_title(bitten) if bitten else 'a card'} from {names[action.target]}"
            )
        elif action.target is not None:
            text += f" with {names[action.target]}"
        return Content(text)

    def action_take(self) -> None:
        view = self.view()
        draft = view.draft
        options = [a for a in self.legal() if isinstance(a, Take)]
        if draft is None or draft.target is None:
            return
        labels = []
        for a in options:
            card = _set_card(view, draft.target, a.card)
            labels.append(card_chip(card) if card is not None else Content(str(a.card)))
        self._choose(
            f"Take which card of {view.players[draft.target].name}'s sets?", labels, options
        )

    def action_take_random(self) -> None:
        self.act(TakeRandom(seat=self._seat()))

    def action_confirm(self) -> None:
        if self.view().phase in LETTING_GO:
            card = self.going()
            if card is not None:
                self.let_go(card)
            return
        self.act(Confirm(seat=self._seat()))

    def action_cancel(self) -> None:
        if self.view().phase in LETTING_GO:
            self._going = None
            self.redraw()
            return
        self.act(Cancel(seat=self._seat()))

    def action_use(self) -> None:
        card = self.query_one(ParkHand).highlighted_card
        if card is not None:
            self.use(card)

    def on_park_hand_used(self, message: ParkHand.Used) -> None:
        self.use(message.card)

    def use(self, card: int) -> None:
        """Use a hand card for the step: add it, pay with it, discard it or put it back."""
        view = self.view()
        if not self.my_turn(view):
            return
        seat = self._seat()
        phase = view.phase
        chosen = {c.id for c in view.draft.cards} if view.draft else set()
        if phase in ("set", "build", "steal") and card in chosen:
            self.tell("That card is already chosen; Backspace cancels and starts again.")
            return
        if phase in ("set", "build"):
            self.act(AddCard(seat=seat, card=card))
        elif phase == "steal":
            self.act(Pay(seat=seat, card=card))
        elif phase in LETTING_GO:  # it would leave the hand for good: c confirms
            self._going = (self.session.current, seat, card)
            self.redraw()
        else:  # a turn's first choice or the second draw: say what the step wants instead
            self.tell(f"No hand card is used here. {self.prompt(view).plain}")

    def let_go(self, card: int) -> None:
        """Discard ``card``, play it (an event) or put it back (the hand limit)."""
        seat = self._seat()
        if self.view().phase == "limit":
            self.act(Discard(seat=seat, card=card))
            return
        options = [a for a in self.legal() if isinstance(a, Discard | PlayEvent) and a.card == card]
        if len(options) == 1 or not options:
            self.act(options[0] if options else Discard(seat=seat, card=card))
        else:
            labels = [self._event_label(a) for a in options]
            self._choose("Play or discard this event?", labels, options)

    @staticmethod
    def _chosen(cards: list[CardView], none: str, short: bool) -> Content:
        """The cards picked for a set or a payment (``short``: how many; the hand ticks
        them)."""
        if not cards:
            return Content(none)
        if short:
            return Content(f"{len(cards)} (✓ in your hand)")
        return Content(", ").join(card_chip(c) for c in cards)

    def _going_card(self, view: PPView) -> CardView | None:
        card = self.going()
        return next((c for c in view.hand or [] if c.id == card), None)

    def _choose(
        self, title: str, labels: list[Content], options: list[Any], keys: Sequence[str] = ()
    ) -> None:
        """One of ``options`` (by ``keys``, or by their places in the list), played."""
        if not options:
            return
        if keys:
            choices = [Choice(*c) for c in zip(keys, labels, options, strict=True)]
        else:
            choices = numbered(zip(labels, options, strict=True))

        def chosen(action: Action | None) -> None:
            if action is not None:
                self.act(action)

        self.app.push_screen(self._helped(self.ask(title, choices)), chosen)

    def action_undo(self) -> None:
        self._news = []  # the news was of the move taken back
        super().action_undo()

    def action_sort(self) -> None:
        """The hand in the next order (its title names it); nothing else changes."""
        mode = self.query_one(ParkHand).cycle_sort()
        if self.viewer is not None:
            self.sort_modes[self.viewer] = mode
        self._show_hand(self.view())

    def action_scores(self) -> None:
        results = self.public().results
        self.app.push_screen(self._helped(self._sheet(results[-1] if results else None)))

    def action_cards(self) -> None:
        """Every card in the viewer's view with its whole text, at the hand's highlighted
        card; the icon legend last."""
        view = self.view()
        shown: list[Shown] = []

        def add(place: str, card: CardView) -> None:
            text = R.CONTENT.card_text(card.id)
            shown.append(Shown(place, card_line(card, 22), card_text(card_chip(card), text)))

        for card in sorted(view.hand or [], key=number_order):
            add(self._hand_title(view), card)
        if view.discard_top is not None:
            add("Park discard pile, the top", view.discard_top)
        if view.featured is not None:
            add("Featured park", view.featured)
        for card in reversed(view.event_discard):
            add("Event discard pile, the top first", card)
        for player in view.players:
            for park_set in player.sets:
                for card in park_set.cards:
                    add(f"{player.seat + 1} {player.name}'s sets", card)
        legend = Content("Every icon, event colour and mark")
        shown.append(Shown("Icons and marks", legend, icon_legend()))
        held = self.query_one(ParkHand).highlighted_card
        ids = [c.id for c in sorted(view.hand or [], key=number_order)]
        at = ids.index(held) if held in ids else 0
        self.app.push_screen(CardsScreen(shown, at, "i", self.action_rules))

    def rules_section(self) -> str:
        view = self.public()
        if self.session.outcome is not None or view.phase == "over":
            return SECTIONS["over"]
        if view.window is not None:
            return WINDOW_SECTIONS.get(view.window.kind, SECTIONS.get(view.window.kind, ""))
        return SECTIONS.get(view.phase, SECTIONS["turn"])

    def _helped(self, popup: PopupT) -> PopupT:
        """``popup`` with the rules key (opening at this step's section)."""
        popup.rules = self.action_rules
        return popup

    def _hinted_answer(self, popup: PopupT) -> PopupT:
        """A pop-up where the viewer answers in private, with the rules key and (at this
        keyboard) the hint key: the hint is worked out for the viewer, from their view
        alone, as on their turn, and shown on the pop-up while they answer."""
        if self.controller.own_seat is None:
            popup.hint = self.action_hint
        return self._helped(popup)

    def show_status(self, content: Content) -> None:
        """The status line, and a hint on the private answer's pop-up too."""
        super().show_status(content)
        asking = self._asking
        if isinstance(asking, Choose | TourPicker) and asking.hint is not None:
            asking.show_hint(content)


def card_dark() -> Content:
    return icon("dark_sky")


def steal_prices() -> Content:
    """What steals cost, from the rules (PP-STEAL-2): "2 cards or 1 ☾ buy 1; ..."."""
    parts = []
    for steals, prices in R.STEAL_PRICES:
        ways = [_price(size, darks) for size, darks in prices]
        parts.append(
            Content.assemble(Content(", ").join(ways[:-1]), " or ", ways[-1], f" buy {steals}")
        )
    return Content.assemble(Content("; ").join(parts), ".")


def _price(size: int, darks: int) -> Content:
    if not darks:
        return Content(f"{size} cards")
    plus = f"{size - darks} + " if size > darks else ""
    return Content.assemble(f"{plus}{darks} ", card_dark())


def _effect_name(effect: str) -> str:
    return next((name for e, name in R.EFFECT_NAME.items() if e == effect), effect)


def _set_card(view: PPView, seat: int, card: int) -> CardView | None:
    for park_set in view.players[seat].sets:
        for c in park_set.cards:
            if c.id == card:
                return c
    return None
