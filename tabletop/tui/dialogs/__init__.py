"""The dialogs' one base: a pop-up over the screen beneath, centred on it (CSS class
``Dialog``), that each dialog fills with its own box."""

from __future__ import annotations

from typing import ClassVar, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Static

from tabletop.tui.text import plain
from tabletop.tui.widgets.bars import Footer

ResultT = TypeVar("ResultT")


class Dialog(ModalScreen[ResultT]):
    DEFAULT_CSS = """
    Dialog {
        align: center middle;
    }
    """


class Confirm(Dialog[bool]):
    """A yes/no question; y confirms, n or Escape declines."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]
    DEFAULT_CSS = """
    Confirm #question {
        width: auto;
        border: thick $warning;
        padding: 1 2;
        background: $surface;
    }
    """

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        yield Static(plain(f"{self.question}\n\ny: yes    n: no"), id="question")
        yield Footer()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
