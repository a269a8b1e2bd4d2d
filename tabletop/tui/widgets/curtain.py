"""The curtain between hot-seat turns: the whole screen says whose turn it is and
nothing else, so no private card is ever drawn before its owner has the keyboard.

Every curtain (this one, and Pocket Dragon's private moments, which open on the
curtain's own screen) says who takes the keyboard in ``curtain_words`` and lifts on
Enter through a ``Lift``: once, and a second Enter typed meanwhile is told, not lost."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from tabletop.tui.compat import CompatScreen
from tabletop.tui.text import plain, refresh_text
from tabletop.tui.widgets.bars import Footer


def curtain_words(name: str, note: str = "", *, back: bool = False) -> Content:
    """What a curtain says: pass the keyboard (``back``) to ``name``, what happens
    (``note``), and how they take it."""
    lines = [plain(f"Pass {'back ' if back else ''}to {name}", "bold $accent")]
    if note:
        lines.append(plain(note))
    lines.append(plain(f"{name}: press Enter when you have the keyboard.", "$text-muted"))
    return Content("\n\n").join(lines)


class Lift:
    """Enter on a curtain of ``screen``: it lifts once, after the next refresh (so that
    what the player sees is drawn first). A second Enter typed before that does nothing:
    on the screen beneath (or the moment the curtain opens onto) it would dismiss it,
    and Enter is a priority key: it overtakes the keys before it. Nor is it passed on
    once the curtain is gone: the keys typed after it would be taken first. It is not
    lost silently: once the curtain is gone, the player is told it did nothing. Every
    other key typed while it lifts is the next player's: kept (``hold``), then passed
    on in order to what the curtain lifted onto."""

    def __init__(self, screen: Screen[Any]) -> None:
        self._screen = screen
        self.lifting = False  # Enter taken: the curtain goes after the next refresh
        self._enter_again = False  # another Enter came while it went: said, not lost
        self._held: list[events.Key] = []

    def press(self, lifted: Callable[[], object]) -> None:
        """Enter: ``lifted`` (what lifting does: dismiss the curtain, or open it onto its
        content) runs after the next refresh, once however often Enter is pressed."""
        if self.lifting:
            self._enter_again = True
            return
        self.lifting = True
        self._screen.call_after_refresh(self._lift, lifted)

    def hold(self, event: events.Key) -> None:
        """A key that reached the curtain's screen: while it lifts, kept for what comes
        next; once it has gone (the key was on its way), passed on to what is on top."""
        gone = not self.lifting and self._screen is not self._screen.app.screen
        if not (self.lifting or gone):
            return
        event.stop()
        event.prevent_default()
        self._held.append(event)
        if gone:
            self._pass_on()

    def _pass_on(self) -> None:
        held, self._held = self._held, []
        for key in held:
            self._screen.app.post_message(events.Key(key.key, key.character))

    def _lift(self, lifted: Callable[[], object]) -> None:
        self.lifting = False
        if self._screen is self._screen.app.screen:  # else taken down meanwhile (a game over)
            lifted()
        self._pass_on()
        app = self._screen.app
        if self._enter_again:
            self._enter_again = False
            app.notify(
                "It came while the curtain was lifting: press Enter again if you meant it.",
                title="That second Enter did nothing",
                severity="warning",
                markup=False,
            )


class Curtain(CompatScreen[bool]):
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
        self.lift = Lift(self)

    def hand_to(self, name: str, ready: Callable[[], None] | None = None) -> Curtain:
        """Name the next player; ``ready`` runs when they take the keyboard, before the
        curtain lifts, so what they see is drawn once, beneath it."""
        self.player = name
        self._ready = ready
        if self.is_mounted:
            refresh_text(self.query_one("#pass", Static), curtain_words(name))
        return self

    def compose(self) -> ComposeResult:
        yield Static(curtain_words(self.player), id="pass")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.rules is not None if action == "rules" else True

    def action_rules(self) -> None:
        if self.rules is not None:
            self.rules()

    def on_key(self, event: events.Key) -> None:
        self.lift.hold(event)

    def action_open(self) -> None:
        if not self.lift.lifting and self._ready is not None:
            self._ready()
        self.lift.press(lambda: self.dismiss(True))

    def action_leave(self) -> None:
        if not self.lift.lifting:
            self.dismiss(False)
