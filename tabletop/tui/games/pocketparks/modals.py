"""The PocketParks screen's pop-ups (questions low on the screen, over the hand and
prompt: the players and their sets stay seen): the Park Tour picker, the public
response window with its countdown, the round scoring and the final result; each
opens the rules (the ? key) at the step's section. Its short lists of choices are
the dialogs' ``Choose``.

The response window is drawn from the spectator's view only, so its text is the
same whether or not anyone at the table could answer (PP-WINDOW-1).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Button, Static

from tabletop.core.clock import Clock
from tabletop.core.words import counted
from tabletop.games.pocketparks.view import CardView, PPView, RoundView, WindowView
from tabletop.tui.compat import Panel, Row
from tabletop.tui.dialogs import Question, bind_choice, relabel
from tabletop.tui.games.pocketparks.cards import card_chip, icons, set_chip
from tabletop.tui.games.pocketparks.hand import ParkHand
from tabletop.tui.screens.base import ResultScreen
from tabletop.tui.text import flow, plain, refresh_text

COUNTDOWN_CELLS = 20
"""The response window's countdown bar, in cells."""


class TourPicker(Question[bool]):
    """A Park Tour picked from the claimant's own hand, card by card, as the engine
    takes it (PP-TOUR-1): the park to claim, the hand with the cards picked ticked and
    those that cannot join dimmed. Space (Enter, a click) picks the highlighted card,
    Backspace starts the picks over: ``on_pick`` makes each of these moves (None:
    start over), and the screen redraws the picker with ``show``. c claims through
    ``on_claim`` (False: refused, and the engine said why; the picker stays). Dismissed
    with True once the claim is made, False to pass."""

    DEFAULT_CLASSES = "-low"
    AUTO_FOCUS = "#tour-hand"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "pick", "Pick card"),
        Binding("c", "claim", "Claim the Park Tour"),
        Binding("backspace", "restart", "Start over"),
        Binding("escape", "pass", "Pass"),
    ]
    DEFAULT_CSS = """
    TourPicker Static {
        width: auto;
        max-width: 100%;
    }
    TourPicker #tour-title {
        text-style: bold;
        color: $accent;
    }
    TourPicker #tour-how {
        color: $text-muted;
    }
    TourPicker ParkHand {
        height: auto;
        max-height: 16;
        width: 76;
        max-width: 100%;
    }
    """

    def __init__(self) -> None:
        """A picker asking nothing until ``renew``: the game screen builds and mounts it
        unseen once drawn (``GameScreen.unshown``)."""
        super().__init__()
        self.asked = Content()
        self.on_pick: Callable[[int | None], None] | None = None
        self.on_claim: Callable[[], bool] | None = None
        self.claimable = False
        self.answered = True  # nothing asked yet

    def renew(
        self,
        heading: Content,
        on_pick: Callable[[int | None], None],
        on_claim: Callable[[], bool],
    ) -> None:
        """Pick another Park Tour in this picker, before it is pushed again (the screen
        keeps one: ``GameScreen.renewed``)."""
        self.asked = heading
        self.on_pick = on_pick
        self.on_claim = on_claim
        self.claimable = False
        self.answered = False
        self.rules = self.hint = None
        if self.is_mounted:  # the last claimant's hand goes before anything is drawn
            self.query_one("#tour-title", Static).update(heading)
            self.query_one(ParkHand).clear_options()
            self.show_hint(Content())

    def compose_box(self) -> ComposeResult:
        yield Panel(self.asked, id="tour-title")
        yield Panel(
            "4 park cards from your hand sharing one of its icons claim it (8 for a set "
            "of 9). Space picks a card · c claims · Backspace starts over · Esc passes. "
            "Nobody sees which you chose.",
            id="tour-how",
        )
        yield Panel(id="tour-picked")
        yield self.hint_line()
        yield ParkHand(id="tour-hand")

    def show(
        self,
        hand: list[CardView],
        picked: list[CardView],
        pickable: frozenset[int],
        claimable: bool,
        dark_sky: bool,
    ) -> None:
        """The hand as it is now: ``picked`` ticked, only ``pickable`` cards bright."""
        self.claimable = claimable
        chosen = Content(", ").join(card_chip(c) for c in picked) or Content("none yet")
        done = " · c claims the Park Tour" if claimable else ""
        self.query_one("#tour-picked", Static).update(
            Content.assemble(("Picked: ", "bold"), chosen, (done, "bold $success"))
        )
        cards = frozenset(c.id for c in picked)
        self.query_one(ParkHand).show(hand, cards, pickable, "Your hand", dark_sky)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "claim":
            return True if self.claimable else None
        return super().check_action(action, parameters)

    def on_park_hand_used(self, message: ParkHand.Used) -> None:
        message.stop()
        self._pick(message.card)

    def action_pick(self) -> None:
        card = self.query_one(ParkHand).highlighted_card
        if card is not None:
            self._pick(card)

    def action_restart(self) -> None:
        self._pick(None)

    def _pick(self, card: int | None) -> None:
        assert self.on_pick is not None, "renewed before it is shown"
        self.on_pick(card)

    def action_claim(self) -> None:
        assert self.on_claim is not None, "renewed before it is shown"
        if not self.answered and self.on_claim():
            self.answer(True)

    def action_pass(self) -> None:
        self.answer(False)

    def explain_key(self, action: str, parameters: tuple[object, ...]) -> bool:
        """c, greyed: the claim is sent anyway, and the engine says why not (the app
        calls this where the key's binding runs, after the picks typed before it)."""
        if action == "claim":
            self.action_claim()
            return True
        return False


class ResponseWindow(Question[int | None]):
    """The open question, asked of the whole table at once. Dismissed with the seat
    that pressed its number to answer in private, or None when nobody did (the
    countdown ran out, or someone pressed n): then every person asked passes. Enter,
    which goes on everywhere else, only says how to answer here; Space stops the
    countdown for a table that needs longer. A player alone at this screen (a hosted
    seat's own) is not told to take the keyboard: their number answers, n passes."""

    DEFAULT_CLASSES = "-low"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "nobody", "Nobody answers"),
        Binding("space", "wait", "Stop the countdown"),
        Binding("enter", "how", "How to answer", show=False, priority=True),
    ]
    DEFAULT_CSS = """
    ResponseWindow #window-title {
        text-style: bold;
        color: $accent;
    }
    ResponseWindow Static {
        width: auto;
        max-width: 100%;
    }
    ResponseWindow Row {
        height: auto;
        width: auto;
        margin-top: 1;
    }
    ResponseWindow Button {
        margin-right: 1;
    }
    """

    def __init__(self, names: Sequence[str], on_rules: Callable[[], None] | None = None) -> None:
        """A window for the game of these players, asking nothing until ``renew``: the game
        screen builds and mounts it unseen once drawn (``GameScreen.unshown``)."""
        super().__init__()
        for digit in range(10):  # a seat's number answers; 0 is no seat (it says so)
            bind_choice(self, str(digit), f"claim({digit - 1})")
        self.clock: Clock | None = None
        self.names = list(names)
        self.rules = on_rules
        self._window: WindowView | None = None
        self.here: tuple[int, ...] = ()
        self.seconds: float | None = None
        self.deadline: float | None = None
        self._drawn: tuple[int, int] | None = None
        """The seconds and the bar's cells the countdown shows."""
        self.answered = True  # nothing asked yet

    def renew(
        self, view: PPView, seconds: float | None, clock: Clock, here: Sequence[int] | None = None
    ) -> None:
        """Ask the window open in ``view``, its countdown of ``seconds`` on ``clock``,
        before this is pushed: the game screen keeps one installed (``GameScreen.renewed``;
        a new one is composed, mounted and laid out three times: 90-130 ms to open)."""
        # Drawn from the public view; at a hosted seat's own screen (``here``: the seats
        # that answer at this screen), from that seat's view: nobody else looks.
        assert view.seat is None or here == (view.seat,), "a view no other seat may see"
        assert view.window is not None
        self._window = view.window
        self.here = tuple(self.window.waiting if here is None else here)
        self.seconds = seconds
        self.clock = clock
        self.deadline = None if seconds is None else clock.now() + seconds
        self._drawn = None
        self.answered = False
        relabel(self, "nobody", "Pass" if self.alone else "Nobody answers")
        if self.is_mounted:
            self._show_window()

    def compose_box(self) -> ComposeResult:
        yield Panel("Response window", id="window-title")
        yield Panel(id="window-question")
        yield Panel(id="window-card")
        yield Panel(id="window-asked")
        yield Panel(id="window-how")
        yield Panel(id="window-countdown")
        with Row():
            for seat, name in enumerate(self.names):
                yield _mouse_button(plain(f"{seat + 1} {name}"), f"claim-{seat}")
            yield _mouse_button(Content(), "claim-nobody")

    @property
    def window(self) -> WindowView:
        """The window asked (``renew``)."""
        assert self._window is not None, "renewed before it is shown"
        return self._window

    def on_mount(self) -> None:
        self.set_interval(0.25, self.tick)
        if self._window is not None:  # else mounted unseen, asking nothing (``Choose``'s)
            self._show_window()

    def _show_window(self) -> None:
        self.query_one("#window-question", Static).update(plain(sentence(self.window.question)))
        card = self.query_one("#window-card", Static)
        card.display = self.window.card is not None
        if self.window.card is not None:
            card.update(card_chip(self.window.card))
        self.query_one("#window-asked", Static).update(self._asked())
        self.query_one("#window-how", Static).update(self._how())
        for seat in range(len(self.names)):
            button = self.query_one(f"#claim-{seat}", Button)
            button.display = seat in self.window.waiting and seat in self.here
        self.query_one("#claim-nobody", Button).label = Content("Pass" if self.alone else "Nobody")
        self._draw_countdown()

    @property
    def verb(self) -> str:
        """What answering is, in players' words: a Park Tour claims the park."""
        return "claim it" if self.window.kind in ("tour", "wish") else "answer"

    @property
    def alone(self) -> bool:
        """One person answers at this keyboard (the others are bots, or at their own
        screens): nobody hands the keyboard over."""
        return len(self.here) == 1

    def _how(self) -> Content:
        if self.alone:
            [seat] = self.here
            return plain(f"{self.names[seat]}: press {seat + 1} to {self.verb}, n to pass.")
        return Content(f"To {self.verb}, press your seat number and take the keyboard.")

    def _asked(self) -> Content:
        return plain("Asked: " + ", ".join(f"{s + 1} {self.names[s]}" for s in self.window.waiting))

    def still_asked(self, waiting: Sequence[int]) -> None:
        """Seats have answered meanwhile (a hosted seat's window stays open while the
        others answer at their own screens): the seats still asked."""
        self._window = self.window.model_copy(update={"waiting": list(waiting)})
        self.query_one("#window-asked", Static).update(self._asked())

    def remaining(self) -> float | None:
        if self.deadline is None:
            return None
        assert self.clock is not None  # renewed with the deadline
        return max(0.0, self.deadline - self.clock.now())

    def tick(self) -> None:
        """Redraw the countdown from the clock; when it runs out, nobody answered. Only
        while the window is open (kept, it waits off the screens for the next one)."""
        if self.answered or self not in self.app.screen_stack:
            return
        self._draw_countdown()
        left = self.remaining()
        if left is not None and left <= 0 and self.app.screen is self:
            self.answer(None)

    def _draw_countdown(self) -> None:
        """The countdown as the clock has it; drawn again only when what it shows changed
        (each change is a frame)."""
        left = self.remaining()
        if left is None:
            whole = filled = -1
        else:
            assert self.seconds is not None
            whole = math.ceil(left)
            filled = round(COUNTDOWN_CELLS * left / self.seconds) if self.seconds else 0
        if (whole, filled) == self._drawn:
            return
        self._drawn = (whole, filled)
        countdown = self.query_one("#window-countdown", Static)
        if left is None:
            countdown.update(
                Content(
                    "No countdown: the window waits for you; n passes. The wait is a setting."
                    if self.alone
                    else "No countdown: n when nobody (else) answers. The wait is a setting."
                )
            )
            return
        countdown.update(
            Content.assemble(
                ("Time ", "bold"),  # a word: "⏱" is a box in browsers' terminal fonts
                ("█" * filled, "$accent"),
                ("░" * (COUNTDOWN_CELLS - filled), "dim"),
                f" {whole} s, then {'you pass' if self.alone else 'everyone asked passes'}",
            )
        )

    @property
    def text(self) -> str:
        """Everything the window shows, as plain text."""
        return "\n".join(
            str(widget.render())
            for widget in self.query(Static)
            if not isinstance(widget, Button) and widget.display
        )

    def action_claim(self, seat: int) -> None:
        self.claim(seat)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        name = (event.button.id or "").removeprefix("claim-")
        if name == "nobody":
            self.action_nobody()
        else:
            self.claim(int(name))

    def claim(self, seat: int) -> None:
        if seat in self.window.waiting and seat in self.here:
            self.answer(seat)
        elif seat in self.window.waiting:
            self.notify(
                f"{self.names[seat]} answers at their own screen.", severity="warning", markup=False
            )
        elif 0 <= seat < len(self.names):
            self.notify(
                f"{self.names[seat]} is not asked this time.", severity="warning", markup=False
            )
        else:
            self.notify(f"There is no seat {seat + 1}.", severity="warning", markup=False)

    def action_nobody(self) -> None:
        self.answer(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "wait":
            return self.deadline is not None
        return super().check_action(action, parameters)

    def action_wait(self) -> None:
        """No countdown for this window: it waits for a seat's number, or n."""
        self.deadline = None
        self.tick()
        self.refresh_bindings()

    def action_how(self) -> None:
        if self.alone:
            how = f"To {self.verb}, press {self.here[0] + 1}. To pass, press n."
        else:
            how = f"To {self.verb}, press your seat number. If nobody answers, press n."
        self.notify(how, markup=False)


def _mouse_button(label: Content, id: str) -> Button:
    """A button for the mouse only: keys answer, so Enter never presses a seat's button."""
    button = Button(label, id=id, compact=True)
    button.can_focus = False
    return button


def points_chart(names: Sequence[str], results: Sequence[RoundView], width: int = 0) -> Content:
    """Points per round per player as text bars, with the running total; with ``width``,
    the bars as short as that many cells need (numbers only, where no bar fits)."""
    if not results:
        return Content("No round scored yet.")
    name_width = max(len(n) for n in names)
    top = max(max(r.points) for r in results) or 1
    bar = 10  # cells a round's bar takes; each round's "  R1★" and points take 8 more
    if width:
        most = max(sum(r.points[seat] for r in results) for seat in range(len(names)))
        bar = max(0, min(bar, (width - name_width - len(f"  = {most}")) // len(results) - 8))
    lines = []
    for seat, name in enumerate(names):
        parts: list[Content | str | tuple[str, str]] = [(name.ljust(name_width), "bold")]
        total = 0
        for r in results:
            points = r.points[seat]
            total += points
            filled = math.ceil(bar * points / top) if points else 0
            mark = "★" if r.winner == seat else " "
            parts += [
                f"  R{r.round}{mark}",
                ("█" * filled, "$accent"),
                ("·" * (bar - filled), "dim"),
                f"{points:>3}",
            ]
        parts.append((f"  = {total}", "bold"))
        lines.append(Content.assemble(*parts))
    lines.append(Content.styled("★ won the round", "dim"))
    return Content("\n").join(lines)


def score_table(
    names: Sequence[str], result: RoundView, width: int = 0, compact: bool = False
) -> Content:
    """A round's score sheet as the engine recorded it: each seat's sets with their
    points, doubling and round-3 priority. Compact (a small screen): a line a player, each
    set by its icons and size without its park numbers, flowed onto further lines within
    ``width`` where it must."""
    lines: list[Content] = []
    round3 = result.priority_rules
    who = "nobody" if result.winner is None else names[result.winner]
    lines.append(Content.styled(f"Round {result.round}: won by {who}", "bold"))
    if result.featured is not None:
        lines.append(
            Content.assemble(
                "Featured park: ",
                card_chip(result.featured),
                " (a set sharing one of its icons scores double",
                " if it holds priority)" if round3 else ")",
            )
        )
    if round3:
        lines.append(Content("★ = priority in that icon; only sets with priority count to win."))
    for seat, (name, total) in enumerate(zip(names, result.points, strict=True)):
        mark = "★ " if seat == result.winner else "  "
        head = Content.assemble((f"{mark}{name}", "bold"), f": {counted(total, 'point')}")
        scored = result.sets[seat] if result.sets else None  # None: a sheet of totals only
        if compact:
            sets = [
                Content.assemble(
                    set_chip(None, item.park_set, round3),
                    (f" {counted(item.points, 'pt')}", "bold"),
                    (" ×2" if item.doubled else "", "bold $warning"),
                )
                for item in scored or []
            ]
            if scored == []:
                sets = [Content.styled("no sets", "dim")]
            lines.append(flow(Content.assemble(head, "  "), sets, width, gap=" · "))
            continue
        lines.append(Content(""))
        lines.append(Content.assemble(head, " this round"))
        if scored is None:
            continue
        if not scored:
            lines.append(Content.styled("    no sets", "dim"))
        for idx, item in enumerate(scored):
            note = " ×2 featured" if item.doubled else ""
            lines.append(
                Content.assemble(
                    "    ",
                    set_chip(idx, item.park_set, round3),
                    (f"  {counted(item.points, 'pt')}", "bold"),
                    (note, "bold $warning"),
                )
            )
    return Content("\n").join(lines)


class ScoreSheet(Question[None]):
    """A round's score sheet (``shown``; None: the chart alone) above the points so far,
    whole on the screen: where the full sheet does not fit, its compact form, and a chart
    with shorter bars where the width is short. Enter closes; a sheet taller than even
    that scrolls."""

    DEFAULT_CLASSES = "-low"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", "Continue"),
        Binding("escape", "close", "Continue", show=False),
    ]
    DEFAULT_CSS = """
    ScoreSheet > .box {
        max-width: 100%;
        max-height: 100%;
    }
    ScoreSheet VerticalScroll {
        height: auto;
        width: auto;
        max-width: 100%;
        max-height: 100%;
    }
    ScoreSheet Static {
        width: auto;
        max-width: 100%;
    }
    """

    def __init__(
        self, names: Sequence[str], results: Sequence[RoundView], shown: RoundView | None
    ) -> None:
        super().__init__()
        self.names = list(names)
        self.results = list(results)
        self.shown = shown
        self.body = Content("")

    def compose_box(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(id="sheet")

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()  # arrows scroll a sheet taller than the screen
        self.lay_out()

    def on_resize(self) -> None:
        self.lay_out()

    def lay_out(self) -> None:
        """The sheet in the form that fits the box: the screen above the footer, less the
        box's border and padding."""
        width = max(1, self.size.width - 4)
        rows = self.size.height - 3
        sheet = self.query_one("#sheet", Static)
        for compact, between in ((False, "\n\n"), (True, "\n\n"), (True, "\n")):
            parts = [points_chart(self.names, self.results, width)]
            if self.shown is not None:
                parts.insert(0, score_table(self.names, self.shown, width, compact))
            self.body = Content(between).join(parts)
            if self.body.get_height(sheet.styles.get_rules(), width) <= rows:  # as wrapped
                break
        refresh_text(sheet, self.body)

    @property
    def text(self) -> str:
        return self.body.plain

    def action_close(self) -> None:
        self.dismiss(None)


class FinalResultScreen(ResultScreen):
    """The game's result (the engine's outcome), the tie-break and the points chart;
    its keys and frame are the shared result screen's."""

    def lines(self) -> Content:
        """The result and the chart, its bars as short as the box needs (90% of the
        screen, less its border and padding)."""
        outcome = self.session.outcome
        assert outcome is not None
        view = self.session.view(None)
        assert isinstance(view, PPView)
        box = self.query_one("#result", Static)
        width = int(self.size.width * 0.9) - box.styles.gutter.width
        names = [s.name for s in self.session.seats]
        out = [Content.styled(f"PocketParks: {outcome.summary}", "bold")]
        out.extend(plain(line) for line in self.standings())
        if outcome.tie_break:
            out.append(Content("Tie-break (newest park in round-3 sets):"))
            out.extend(Content(f"  {step}") for step in outcome.tie_break)
        out.append(Content(""))
        out.append(points_chart(names, view.results, width))
        return Content("\n").join(out)

    def on_resize(self) -> None:
        if self.session.outcome is not None:  # else built early, shown at the game's end
            self.draw()


def sentence(words: str) -> str:
    """``words`` ended as a sentence: a question keeps its mark, else a full stop."""
    return words if words.endswith(("?", ".", "!")) else f"{words}."


def icon_summary(counts: dict[str, int]) -> Content:
    """ "▲Mt 4 · ≈Co 2": how many hand parks carry each icon, most first."""
    ordered = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return Content(" · ").join(Content.assemble(icons([name]), f" {n}") for name, n in ordered)
