"""Settings: theme, bot pace, how long a response window waits, colour-blind glyphs,
curtain, bell. Each change is saved at once."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.widgets import Label, Select, Switch

from tabletop.tui.screens.sized import SizedScreen
from tabletop.tui.settings import BOT_PACES, RESPONSE_WINDOWS
from tabletop.tui.widgets.bars import Footer, Header

SWITCHES = {
    "glyphs": "Colour-blind glyphs: a letter or symbol with every colour",
    "curtain": "Curtain between hot-seat turns",
    "bell": "Bell on a refused move and when a turn passes",
    "screen_reader": "Screen reader: the cursor on the focused item's text",
}


class SettingsScreen(SizedScreen):
    TITLE = "Settings"
    MIN_SIZE = (60, 14)
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", "Back")]
    DEFAULT_CSS = """
    SettingsScreen #settings {
        padding: 1 2;
    }
    SettingsScreen Select {
        width: 48;
        margin-bottom: 1;
    }
    SettingsScreen .switch {
        height: auto;
    }
    SettingsScreen .switch Label {
        padding: 1 1;
    }
    """

    def compose_screen(self) -> ComposeResult:
        settings = self.tabletop.settings
        yield Header()
        with VerticalScroll(id="settings"):
            yield Label("Theme")
            yield Select(
                [(Text(name), name) for name in sorted(self.app.available_themes)],
                value=self.app.theme,
                allow_blank=False,
                id="theme",
            )
            yield Label("Bot moves")
            yield Select(
                [(Text(label), pace) for pace, (label, _) in BOT_PACES.items()],
                value=settings.bot_pace,
                allow_blank=False,
                id="bot_pace",
            )
            yield Label("PocketParks response windows (a Park Tour, an answer to an event)")
            yield Select(
                [(Text(label), seconds) for seconds, label in RESPONSE_WINDOWS.items()],
                value=settings.response_window,
                allow_blank=False,
                id="response_window",
            )
            for name, label in SWITCHES.items():
                with Horizontal(classes="switch"):
                    yield Switch(value=getattr(settings, name), id=name)
                    yield Label(switch_word(getattr(settings, name)), id=f"{name}-word")
                    yield Label(Content(label))
        yield Footer()

    def on_select_changed(self, event: Select.Changed) -> None:
        name, value = event.select.id, event.value
        if name == "theme" and isinstance(value, str):
            self.app.theme = value  # the app saves it (see TabletopApp.watch_theme)
        elif name in ("bot_pace", "response_window"):
            settings = self.tabletop.settings
            if getattr(settings, name) == value:
                return  # a Select says its first value too
            setattr(settings, name, value)
            settings.save(self.tabletop.store, name)

    def on_switch_changed(self, event: Switch.Changed) -> None:
        name = event.switch.id
        assert name in SWITCHES
        settings = self.tabletop.settings
        setattr(settings, name, event.value)
        settings.save(self.tabletop.store, name)
        self.query_one(f"#{name}-word", Label).update(switch_word(event.value))
        if name == "screen_reader":
            self.tabletop.follow(self.focused if event.value else None)


def switch_word(value: bool) -> Content:
    """A switch's state in a word beside it: without colour (NO_COLOR) an off switch's knob
    is nearly the grey of its track, and on and off differ only by where the slot sits."""
    return Content.styled("on " if value else "off", "bold")
