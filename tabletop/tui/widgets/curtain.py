"""The curtain between hot-seat turns: the whole screen says whose turn it is and
nothing else, so no private card is ever drawn before its owner has the keyboard."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from tabletop.tui.text import plain, refresh_text
from tabletop.tui.widgets.bars import Footer


class Curtain(Screen[bool]):
    """Dismissed with True when the named player takes over, False to leave the game.
    ``rules``, when given, opens the rules (the ? key): nothing private is on them.

    A game screen keeps one curtain and hands it from player to player (``hand_to``):
    building a screen anew at every turn would cost the turn its frame."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "Ready", priority=True),
        Binding("question_mark", "rules", "Rules"),
        Binding("escape", "leave", "Leave game"),
    ]

    DEFAULT_CSS = """
    Curtain {
        align: center middle;
        background: $background;
    }
    Curtain #pass {
        width: 100%;
        text-align: center;
    }
    """

    def __init__(self, name: str, rules: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.player = name
        self.rules = rules
        self._ready: Callable[[], None] | None = None
        self._lifting = False  # Enter taken: the curtain goes once the view beneath is drawn
        self._enter_again = False  # another Enter came while it went: said, not lost

    def hand_to(self, name: str, ready: Callable[[], None] | None = None) -> Curtain:
        """Name the next player; ``ready`` runs when they take the keyboard, before the
        curtain lifts, so what they see is drawn once, beneath it."""
        self.player = name
        self._ready = ready
        if self.is_mounted:
            refresh_text(self.query_one("#pass", Static), self._words())
        return self

    def _words(self) -> Content:
        return Content.assemble(
            plain(f"Pass to {self.player}", "bold $accent"),
            "\n\n",
            plain(f"{self.player}: press Enter when you have the keyboard.", "$text-muted"),
        )

    def compose(self) -> ComposeResult:
        yield Static(self._words(), id="pass")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.rules is not None if action == "rules" else True

    def action_rules(self) -> None:
        if self.rules is not None:
            self.rules()

    def action_open(self) -> None:
        # Once: a second Enter typed before the curtain is gone would dismiss the game
        # screen beneath it (Enter is a priority key: it overtakes the keys before it).
        # Nor is it passed on to the screen beneath once the curtain is gone: the keys
        # typed after it would be taken first. It is not lost silently: once the
        # curtain is gone, the player is told it did nothing.
        if self._lifting:
            self._enter_again = True
            return
        self._lifting = True
        if self._ready is not None:
            self._ready()
        self.call_after_refresh(self._lift)

    def _lift(self) -> None:
        self._lifting = False
        self.dismiss(True)
        if self._enter_again:
            self._enter_again = False
            self.app.notify(
                "It came while the curtain was lifting: press Enter again if you meant it.",
                title="That second Enter did nothing",
                severity="warning",
                markup=False,
            )

    def action_leave(self) -> None:
        if not self._lifting:
            self.dismiss(False)
