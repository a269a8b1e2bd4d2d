"""Settings: theme, bot pace, colour-blind glyphs, curtain, bell. Each change is saved
at once."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.widgets import Label, Select, Switch

from tabletop.tui.screens.sized import SizedScreen
from tabletop.tui.settings import BOT_PACES
from tabletop.tui.widgets.bars import Footer, Header

SWITCHES = {
    "glyphs": "Colour-blind glyphs: a letter or symbol with every colour",
    "curtain": "Curtain between hot-seat turns",
    "bell": "Bell on a refused move and when a turn passes",
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
        width: 40;
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
            for name, label in SWITCHES.items():
                with Horizontal(classes="switch"):
                    yield Switch(value=getattr(settings, name), id=name)
                    yield Label(Content(label))
        yield Footer()

    def on_select_changed(self, event: Select.Changed) -> None:
        if not isinstance(event.value, str):
            return
        if event.select.id == "theme":
            self.app.theme = event.value  # the app saves it (see TabletopApp.watch_theme)
        elif event.value in BOT_PACES:
            settings = self.tabletop.settings
            settings.bot_pace = event.value
            settings.save(self.tabletop.store, "bot_pace")

    def on_switch_changed(self, event: Switch.Changed) -> None:
        name = event.switch.id
        assert name in SWITCHES
        settings = self.tabletop.settings
        setattr(settings, name, event.value)
        settings.save(self.tabletop.store, name)
