"""Pocket Dragon, Companion mode: the players hold the real cards and the screen
replaces the web app (clocks, clue pool, successes), and keeps Happiness too.

There are no turns and nothing hidden: either player presses any key, so there is
no curtain. The difficulty was chosen at setup and stays as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widgets import Digits, Static

from tabletop.core.engine import Action
from tabletop.core.words import counted
from tabletop.games.pocketdragon.model import (
    LEVELS,
    MAX_FOOD,
    LogFeed,
    LogGeneralClue,
    LogMistake,
    LogSpecificClue,
    LogSuccess,
    LogTidyUp,
    Reset,
)
from tabletop.games.pocketdragon.view import PocketDragonView
from tabletop.tui.compat import Column, Row
from tabletop.tui.dialogs import Choice, Confirm
from tabletop.tui.games.pocketdragon.screen import PocketDragonScreen
from tabletop.tui.games.pocketdragon.timer import warning_level

_KINDS: dict[str, Callable[..., Action]] = {
    "feed": LogFeed,
    "general": LogGeneralClue,
    "specific": LogSpecificClue,
    "success": LogSuccess,
    "mistake": LogMistake,
    "tidy": LogTidyUp,
    "reset": Reset,
}


class CompanionScreen(PocketDragonScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        # Short labels, so that with Undo the keys of play fit a 120-column footer; Reset,
        # rare, is only in the help panel, which lists every key.
        Binding("f", "feed", "Feed"),
        Binding("g", "general", "General"),
        Binding("s", "specific", "Specific"),
        Binding("l", "success", "Success"),
        Binding("m", "mistake", "Mistake"),
        Binding("t", "tidy", "Tidy up"),
        Binding("r", "reset", "Reset", show=False),
    ]

    BUTTONS: ClassVar[dict[str, tuple[str, str]]] = {
        "general": ("general", "g General ●"),
        "specific": ("specific", "s Specific ●●"),
        "feed": ("feed", "f Feed"),
        "success": ("success", "l Log success"),
    }

    DEFAULT_CSS = """
    CompanionScreen #pd-mode {
        padding: 0 1;
        color: $text-muted;
    }
    CompanionScreen #pd-clocks {
        height: auto;
        margin: 1 0;
    }
    CompanionScreen .pd-clock {
        width: 1fr;
        height: auto;
        padding: 0 1;
    }
    CompanionScreen .pd-clock Static {
        text-style: bold;
    }
    CompanionScreen #pd-hunger.-warn1 {
        color: $warning;
    }
    CompanionScreen #pd-hunger.-warn2, CompanionScreen #pd-hunger.-warn3 {
        color: $error;
    }
    CompanionScreen #pd-help {
        padding: 0 1;
    }
    """

    @property
    def curtained(self) -> bool:
        return False  # nothing on screen is private in companion mode

    def compose_board(self) -> ComposeResult:
        yield Static(id="pd-mode")
        with Row(id="pd-clocks"):
            with Column(classes="pd-clock"):
                yield Static("Game time left", id="pd-main-label")
                yield Digits(id="pd-main")
            with Column(classes="pd-clock"):
                yield Static("Feeder time left", id="pd-hunger-label")
                yield Digits(id="pd-hunger")
        yield Static(id="pd-help")

    def render_view(self, view: PocketDragonView) -> None:
        super().render_view(view)
        level = LEVELS[view.difficulty]
        self.query_one("#pd-mode", Static).update(
            Content(
                f"{view.difficulty.title()} (set at setup): {level.main_s} s, "
                f"{level.successes} successes, base {level.base_score}"
            )
        )
        self.query_one("#pd-help", Static).update(self._help(view))

    def show_clocks(self, view: PocketDragonView) -> None:
        super().show_clocks(view)
        c = view.clocks
        self.query_one("#pd-main", Digits).update(f"{c.main_display}")
        hunger = self.query_one("#pd-hunger", Digits)
        hunger.update(f"{c.hunger_display}")
        level = warning_level(c.hunger_display)
        for n in (1, 2, 3):
            hunger.set_class(level == n, f"-warn{n}")
        # One line at 80 columns too: the warning takes the place of "time left"
        label = ("time left", "⚠ FEED ME", "⚠⚠ FEED NOW", "⚠⚠⚠ STARVING")[level]
        self.query_one("#pd-hunger-label", Static).update(Content(f"Feeder {label}"))

    def _help(self, view: PocketDragonView) -> Content:
        c = view.clocks
        rows = [
            ("space", "start / pause / resume"),
            ("f", "feed" + (": now!" if c.feed_available else " (at 30 s or less)")),
            ("g", "general clue (costs 1)"),
            ("s", "specific clue (costs 2)"),
            ("l", f"log success ({view.successes_left} to go)"),
            ("m", "mistake (Happiness -1)"),
            ("t", "tidy up (Happiness -1)"),
            ("u", "undo a clue, success, mistake, tidy"),
            ("r", "reset"),
        ]
        lines = [Content.assemble((f"{key:>5} ", "bold"), text) for key, text in rows]
        return Content("\n").join(lines)

    def view_title(self) -> str:
        return "Companion: the cards are on your table"

    def hint(self, view: PocketDragonView) -> Content:
        if view.status == "ready":
            return Content(
                "Deal the cards as the rulebook says, then press space to start the clocks."
            )
        if view.status == "paused":
            return self.paused_line()
        if view.clocks.feed_available:
            return Content("The dragon is hungry: feed it (f) before its clock reaches 0.")
        return Content("")

    # -- keys -------------------------------------------------------------------

    def candidate(self, action: str) -> Action | bool | None:
        kind = _KINDS.get(action)
        if kind is None:
            return None
        if self.session.outcome is not None:
            return False
        extra = {"discarded": 1} if kind is LogFeed else {}
        return kind(seat=self.seat(), now=self.now(), **extra)

    def _log(self, kind: Callable[..., Action]) -> None:
        self.act(kind(seat=self.seat(), now=self.now()))

    def action_feed(self) -> None:
        options = [
            Choice(str(n), f"{counted(n, 'food card')} (Happiness {n - 1:+d})", n)
            for n in range(1, MAX_FOOD + 1)
        ]
        self.choose_feed(
            "how many food cards of one type were discarded?",
            options,
            lambda n, pressed: LogFeed(seat=self.seat(), now=pressed, discarded=n),
        )

    def action_general(self) -> None:
        self._log(LogGeneralClue)

    def action_specific(self) -> None:
        self._log(LogSpecificClue)

    def action_success(self) -> None:
        self._log(LogSuccess)

    def action_mistake(self) -> None:
        self._log(LogMistake)

    def action_tidy(self) -> None:
        self._log(LogTidyUp)

    def action_reset(self) -> None:
        question = "Reset: back to before the start (full clocks, 3 clues, starting Happiness)?"
        confirm = Confirm(question, "Yes, reset", "No, keep playing", classes="-aside")
        self.push_overlay(confirm, lambda yes: self._log(Reset) if yes else None)
