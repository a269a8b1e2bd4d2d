"""Pocket Dragon's timer panel: what the companion web app shows, drawn from a view.

The panel never keeps time itself. The screen that owns it reads its clock a few
times a second, runs the game to that moment and hands the fresh view to
``show``; a dropped redraw therefore loses nothing, the next one is exact.

Every colour cue has a word or glyph too: the hunger warning reads "FEED ME",
"FEED NOW" or "STARVING" with one to three ⚠, and the panel rings the terminal
bell (when asked to) as the hunger display reaches 30, 20 and 10.
"""

from __future__ import annotations

from collections.abc import Mapping

from textual.app import ComposeResult
from textual.content import Content
from textual.message import Message
from textual.widgets import Button, Static

from tabletop.games.pocketdragon.model import FEED_WINDOW_S
from tabletop.games.pocketdragon.view import PocketDragonView
from tabletop.tui.compat import Column, Row
from tabletop.tui.text import refresh_text, refresh_title

WARNINGS = (FEED_WINDOW_S, 20, 10)
"""The hunger displays at which the warning steps up (and the bell rings)."""

_WARNING_WORDS = ("", "⚠ FEED ME", "⚠⚠ FEED NOW", "⚠⚠⚠ STARVING")
_WARNING_STYLES = ("", "bold $warning", "bold $error", "bold reverse $error")

STATUS_WORDS = {
    # On the panel's lower edge, so short enough for its 34 columns.
    "ready": "■ Ready: space starts",
    "running": "▶ Running",
    "paused": "⏸ Paused: space resumes",
    "away": "⏸ Paused: a player is away",
    "waiting": "■ Ready: a player is away",
    "won": "★ Won",
    "lost": "✗ Lost",
}


def warning_level(hunger_display: int) -> int:
    """0 while the dragon is fed, then 1, 2, 3 from 30, 20 and 10 seconds on."""
    return sum(1 for limit in WARNINGS if hunger_display <= limit)


class HungerAlarm:
    """Says when to ring: once each time the running hunger display reaches 30, 20 or
    10. Compares readings, never counts ticks, so a skipped redraw still rings once;
    a pause and resume does not ring again, feeding (or a reset) re-arms it."""

    def __init__(self) -> None:
        self._level = 0

    def update(self, hunger_display: int, running: bool) -> bool:
        level = warning_level(hunger_display)
        ring = running and level > self._level
        if running or level < self._level:
            self._level = level
        return ring


class DragonTimer(Column):
    """Main and hunger countdowns, clue pool with its two buttons, Feed (only in its
    window), Log success (companion mode), successes left and Happiness."""

    class Pressed(Message):
        """A panel button was clicked; ``button`` is feed, general, specific or success."""

        def __init__(self, button: str) -> None:
            super().__init__()
            self.button = button

    DEFAULT_CSS = """
    DragonTimer {
        border: round $secondary;
        border-title-color: $text-muted;
        border-subtitle-color: $text;
        border-subtitle-style: bold;
        height: auto;
        padding: 0 0 0 1;
    }
    DragonTimer #timer-lines {
        height: 5;
    }
    DragonTimer Row {
        height: auto;
    }
    DragonTimer Button {
        /* Two buttons with their keys fit one row of the 34-column side panel. */
        margin-right: 1;
        min-width: 0;
        width: auto;
    }
    """

    def __init__(
        self,
        *,
        bell: bool = False,
        labels: Mapping[str, str] | None = None,
        id: str | None = None,
    ):
        """``labels``: the buttons (feed, general, specific and, in companion mode,
        success) and what each says (its key first); none, a panel without buttons."""
        super().__init__(id=id)
        self.bell = bell
        self.labels = dict(labels or {})
        self.alarm = HungerAlarm()
        self.text = ""
        """The panel's text as last drawn."""
        # Made here, not in compose: ``show`` may draw before the panel is mounted and
        # while it is being removed (a clock tick as its screen closes), never querying.
        self._lines = Static(id="timer-lines")
        self._buttons = {
            name: self._button(name) for name in ("general", "specific", "feed", "success")
        }

    def compose(self) -> ComposeResult:
        yield self._lines
        for pair in (("general", "specific"), ("feed", "success")):
            with Row() as row:
                row.display = bool(self.labels)
                for name in pair:
                    yield self._buttons[name]

    def _button(self, name: str) -> Button:
        label = Content(self.labels.get(name, ""))
        button = Button(label, id=f"timer-{name}", compact=True)
        button.can_focus = False  # keys drive the game; the buttons are for the mouse
        return button

    def on_mount(self) -> None:
        self.border_title = "Dragon"

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id:
            self.post_message(self.Pressed(event.button.id.removeprefix("timer-")))

    def show(self, view: PocketDragonView, *, away: bool = False) -> None:
        """Redraw from ``view``; ring once as the hunger warning steps up (mounted or
        not). ``away``: a player of a
        hosted game is not connected (the host holds the clocks until they are back)."""
        c = view.clocks
        running = view.status == "running"
        level = warning_level(c.hunger_display)
        hunger = Content.assemble(
            ("Hunger    ", "bold"),
            (f"{c.hunger_display:>3} s", _WARNING_STYLES[level] or "bold"),
            (f"  {_WARNING_WORDS[level]}", _WARNING_STYLES[level]) if level else "",
        )
        lines = [
            Content.assemble(("Time left ", "bold"), f"{c.main_display:>3} s"),
            hunger,
            Content.assemble(("Clues     ", "bold"), f"{c.clues:>3}  ", "●" * min(c.clues, 12)),
            Content.assemble(
                ("Successes ", "bold"),
                f"{view.successes_left:>3} left of {view.successes_needed}",
            ),
            Content.assemble(
                ("Happiness ", "bold"), f"{view.happiness:>3}  ", "♥" * min(view.happiness, 12)
            ),
        ]
        content = Content("\n").join(lines)
        waits = {"paused": "away", "ready": "waiting"}  # for a player away, not for Space
        status = STATUS_WORDS[waits.get(view.status, view.status) if away else view.status]
        self.text = f"{content.plain}\n{status}"
        # Always five lines: a new reading repaints the panel, and lays nothing out.
        refresh_text(self._lines, content, layout=False)
        refresh_title(self, Content(status), subtitle=True)
        self._buttons["feed"].display = c.feed_available
        self._buttons["general"].disabled = not c.general_clue_available
        self._buttons["specific"].disabled = not c.specific_clue_available
        self._buttons["success"].display = "success" in self.labels
        self._buttons["success"].disabled = not running
        if self.alarm.update(c.hunger_display, running) and self.bell:
            self.app.bell()
