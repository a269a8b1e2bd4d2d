"""The dialogs: pop-ups over the screen beneath, which shows through, dimmed (app.tcss).

``Dialog`` is every pop-up's base, centred on the screen. ``Question`` is the base of
every pop-up that asks a player something (the games' choices, answers and score
sheets, the app's confirmations): its box is the one CSS class ``box``, placed in the
middle, low (``-low``: over a hand, the players and their sets stay seen) or aside
(``-aside``: at the bottom right, undimmed, the clocks and the board in sight); it
offers the rules (?) and a hint (h) where the screen that asks sets them, and it is
answered once. ``Choose`` picks one of a few choices by its key (Esc backs out), and
``Confirm`` is a yes or no.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Generic, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tabletop.tui.compat import (
    Column,
    Panel,
    SettledOptionList,
    ShowsThrough,
    bind_hidden,
    key_bindings,
    report_refreshes,
)
from tabletop.tui.text import plain
from tabletop.tui.widgets.bars import Footer

ResultT = TypeVar("ResultT")
ValueT = TypeVar("ValueT")

CHOICE_KEYS = "1234567890abcdefgijklmnopqrstuvwxyz"
"""A choice's key by its place in a list: digits, then letters (not h, the hint's)."""


class Dialog(ShowsThrough[ResultT]):
    DEFAULT_CSS = """
    Dialog {
        align: center middle;
    }
    """

    def on_screen_resume(self) -> None:
        # Widgets restyled or changed while the pop-up stood aside each tell it on their
        # own turn, after its first frame, which a second frame then draws unchanged:
        # told as this event ends, all are in the first.
        self.call_next(report_refreshes, self)


class Question(Dialog[ResultT]):
    """A pop-up that asks a player something, in its box (``compose_box``). ``rules``,
    when set, opens the rules from the pop-up too (the ? key); ``hint``, set where one
    player answers in private, asks for a hint (the h key), which the screen that asks
    shows on the pop-up's hint line (``show_hint``). ``answer`` dismisses it once: a
    second quick key must not answer again."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "rules", "Rules"),
        Binding("h", "hint", "Hint"),
    ]
    DEFAULT_CSS = """
    Question > .box {
        width: auto;
        min-width: 40;
        max-width: 90%;
        height: auto;
        max-height: 90%;
        border: thick $accent;
        background: $surface;
        padding: 0 1;
    }
    Question.-low {
        align: center bottom;
    }
    Question.-low > .box, Question.-aside > .box {
        margin-bottom: 1;  /* above the footer */
    }
    Question.-aside {
        align: right bottom;
    }
    Question.-aside > .box {
        width: 34;
        min-width: 0;
    }
    Question.-aside OptionList {  /* under the clocks: no row to spare */
        border: none;
        padding: 0;
    }
    Question .box > Static {
        width: auto;
        max-width: 100%;
    }
    Question .title {
        text-style: bold;
    }
    Question .note {
        color: $text-muted;
    }
    Question #hint {
        color: $text-accent;
    }
    Question #hint.-empty {
        display: none;
    }
    """

    rules: Callable[[], None] | None = None
    hint: Callable[[], None] | None = None
    answered = False

    def compose(self) -> ComposeResult:
        with Column(classes="box"):
            yield from self.compose_box()
        yield Footer()

    def compose_box(self) -> ComposeResult:
        """What the box holds."""
        yield from ()

    def hint_line(self) -> Static:
        """The line a hint is shown on, in the box (empty until asked)."""
        return Panel(classes="-empty", id="hint")

    def show_hint(self, said: Content) -> None:
        for line in self.query("#hint").results(Static):
            line.update(said)
            line.set_class(not said.plain, "-empty")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "rules":
            return self.rules is not None
        if action == "hint":
            return self.hint is not None
        return True

    def action_rules(self) -> None:
        if self.rules is not None:
            self.rules()

    def action_hint(self) -> None:
        if self.hint is not None:
            self.hint()

    def answer(self, result: ResultT) -> None:
        """Dismiss with ``result``, once."""
        if not self.answered:
            self.answered = True
            self.dismiss(result)


@dataclass(frozen=True)
class Choice(Generic[ValueT]):
    """One of a question's choices: the key that picks it, its words, what it means.
    Not ``offered``: greyed, and its key is tried anyway (``Choose``'s ``refuse``)."""

    key: str
    label: Content | str
    value: ValueT
    offered: bool = True


def numbered(items: Iterable[tuple[Content | str, ValueT]]) -> list[Choice[ValueT]]:
    """Choices keyed by their places in the list (``CHOICE_KEYS``: 35 at most)."""
    pairs = list(items)
    assert len(pairs) <= len(CHOICE_KEYS), "more choices than keys"
    return [Choice(CHOICE_KEYS[index], label, value) for index, (label, value) in enumerate(pairs)]


class Choose(Question[ValueT | None]):
    """Pick one of a few choices: its key, or arrows and Enter, or a click. Esc
    dismisses with None (the caller says what backing out means, and ``back`` names it
    in the footer). ``highlighted`` is the choice Enter picks at first. A choice not
    offered is greyed; its key runs ``refuse`` with its value (the game's engine says
    why not) and the question stays."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "Back")]
    DEFAULT_CSS = """
    Choose OptionList {
        height: auto;
        max-height: 20;
        width: auto;
        min-width: 30;
        max-width: 100%;
    }
    """

    def __init__(
        self,
        title: Content | str,
        choices: Sequence[Choice[ValueT]],
        note: str = "",
        back: str = "Back",
        highlighted: int = 0,
        classes: str | None = None,
        refuse: Callable[[ValueT], object] | None = None,
    ) -> None:
        super().__init__(classes=classes)
        self.choices: list[Choice[ValueT]] = []
        self.renew(title, choices, note, back, highlighted, refuse)

    def renew(
        self,
        title: Content | str,
        choices: Sequence[Choice[ValueT]],
        note: str = "",
        back: str = "Back",
        highlighted: int = 0,
        refuse: Callable[[ValueT], object] | None = None,
    ) -> None:
        """Ask another question in this pop-up, before it is pushed again: a screen that
        asks often keeps one installed (``GameScreen.keep``). A new pop-up is composed,
        mounted and laid out three times, and closing one removes it, after which
        Textual lays the screen beneath out again: 30-40 ms a question."""
        keys = key_bindings(self)
        for choice in self.choices:  # the last question's keys go
            kept = [b for b in keys.get(choice.key, []) if not b.action.startswith("pick(")]
            if kept:
                keys[choice.key] = kept
            else:
                keys.pop(choice.key, None)
        self.refuse = refuse
        self.heading: Content = plain(title) if isinstance(title, str) else title
        self.choices = list(choices)
        for index, choice in enumerate(self.choices):
            bind_choice(self, choice.key, f"pick({index})")
        self.note = note
        self.back_label = back
        self.highlighted = highlighted
        self.answered = False
        self.rules = self.hint = None
        if self.is_mounted:
            self._show_question()

    def compose_box(self) -> ComposeResult:
        yield Panel(classes="title")
        yield SettledOptionList()
        yield Panel(classes="note")
        yield self.hint_line()

    def on_mount(self) -> None:
        # The empty one mounted unseen (``GameScreen.unshown``) asks nothing: nor does it
        # look for its parts, which the app closing may take away while it mounts.
        if self.choices:
            self._show_question()

    def _show_question(self) -> None:
        self.query_one(".title", Static).update(self.heading)
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options(
            Option(Content.assemble((f"{c.key} ", "bold $accent"), c.label), disabled=not c.offered)
            for c in self.choices
        )
        options.highlighted = self.highlighted
        note = self.note or f"Enter or a key picks; Esc: {self.back_label}."
        self.query_one(".note", Static).update(plain(note))
        self.show_hint(Content())
        relabel(self, "back", self.back_label)  # the footer says what Esc means here

    @property
    def text(self) -> str:
        """The question and its choices as plain text."""
        labels = [c.label if isinstance(c.label, str) else c.label.plain for c in self.choices]
        return "\n".join([self.heading.plain, *labels])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_pick(event.option_index)

    def action_pick(self, index: int) -> None:
        choice = self.choices[index]
        if choice.offered:
            self.answer(choice.value)
        elif self.refuse is not None:
            self.refuse(choice.value)

    def action_back(self) -> None:
        self.answer(None)


class Confirm(Choose[bool]):
    """A yes or no: y confirms; n, Escape (and Enter, at first) decline."""

    DEFAULT_CSS = """
    Confirm > .box {
        border: thick $warning;
    }
    """

    def __init__(
        self, question: str, yes: str = "Yes", no: str = "No", classes: str | None = None
    ) -> None:
        choices = [Choice("y", yes, True), Choice("n", no, False)]
        super().__init__(question, choices, back=no, highlighted=1, classes=classes)


def relabel(screen: Screen[Any], action: str, description: str) -> None:
    """Give the keys that run ``action`` on ``screen`` (its own copy of its bindings)
    a new description."""
    keys = key_bindings(screen)
    for key, bindings in keys.items():
        keys[key] = [
            replace(b, description=description) if b.action == action else b for b in bindings
        ]
    screen.refresh_bindings()


def bind_choice(screen: Screen[Any], key: str, action: str) -> None:
    """Bind one of a pop-up's choices to its key (not shown in the footer: the pop-up
    lists its choices). A binding, not an ``on_key`` handler: a key typed in a burst
    with the one that opened the pop-up reaches the app before the pop-up is on
    screen, and the app runs it through the bindings of the screen on top by then."""
    bind_hidden(screen, key, action)
