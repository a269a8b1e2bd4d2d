"""The dialogs' one base: a pop-up over the screen beneath, centred on it (CSS class
``Dialog``), that each dialog fills with its own box."""

from __future__ import annotations

from typing import TypeVar

from textual.screen import ModalScreen

ResultT = TypeVar("ResultT")


class Dialog(ModalScreen[ResultT]):
    DEFAULT_CSS = """
    Dialog {
        align: center middle;
    }
    """
