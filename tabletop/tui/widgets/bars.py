"""The Header and Footer every screen uses.

The Header is Textual's, without a clock, its title repainted without a layout, and
without its leak (Textualize/textual#6666, open in Textual
8.2.8): it watches the app's title and sub-title, which never change here, and
Textual drops the watchers of a removed widget only when the reactive next changes,
so every screen ever closed kept its header alive. Setting the reactive to its own
value drops them.

The Footer is our own: one line drawn from the screen's active bindings. Textual's
Footer is a widget per key, all rebuilt (removed, mounted, styled, laid out) whenever
a screen refreshes its bindings, which a game screen does at every key; it also kept
every replaced key alive (the same issue). This one draws its one line again with the
next frame: a key answers within a frame.
"""

from __future__ import annotations

from itertools import groupby
from typing import ClassVar, Self

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.geometry import Region
from textual.screen import Screen
from textual.style import Style
from textual.widget import Widget
from textual.widgets import Header as TextualHeader
from textual.widgets._header import HeaderClockSpace, HeaderIcon, HeaderTitle

KEY = "bold $footer-key-foreground"
DESCRIPTION = "$footer-description-foreground"
GREYED = "dim"
Keys = tuple[tuple[tuple[Binding, bool], ...], tuple[Binding, bool] | None]
"""The keys on show, each with whether it may be pressed now, and the command
palette's key (if any)."""


class Title(HeaderTitle):
    """The header's title. Its size is the header's whatever it says, so a new title
    (a game screen's "Bob's view" at every hand-over) repaints it without laying the
    whole screen out, as Textual's would."""

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        return super().refresh(*regions, repaint=repaint, recompose=recompose)


class Header(TextualHeader):
    def compose(self) -> ComposeResult:
        yield HeaderIcon().data_bind(TextualHeader.icon)
        yield Title()
        yield HeaderClockSpace()  # no clock: a game's own clocks are on its board

    def on_unmount(self) -> None:
        self.app.mutate_reactive(App.title)
        self.app.mutate_reactive(App.sub_title)


class Footer(Widget):
    """The keys the screen offers now, greyed where they may not be pressed; keys of one
    group (Space Park's destinations 1-7) share one description. The command palette's
    key sits at the right. Clicking a key presses it."""

    ALLOW_SELECT = False
    DEFAULT_CSS = """
    Footer {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
    }
    """
    GAP: ClassVar[str] = "  "

    def __init__(self) -> None:
        super().__init__()
        self._shown: Keys = ((), None)
        """The keys last drawn."""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        # Drawn again only when the keys on show change: Textual signals a change of
        # bindings at every key and screen switch, mostly for the same keys, and a
        # refresh costs a frame of its own (after a hand-over's work, say).
        if screen is self.screen:
            keys = self._active(screen)
            if keys != self._shown:
                self._shown = keys
                self.refresh()

    def _active(self, screen: Screen[object]) -> Keys:
        """The keys on show, and the command palette's key."""
        app = self.app
        shown: list[tuple[Binding, bool]] = []
        actions: set[str] = set()
        palette = None
        for _node, binding, enabled, _tooltip in screen.active_bindings.values():
            if binding.key == app.COMMAND_PALETTE_BINDING and app.ENABLE_COMMAND_PALETTE:
                palette = (binding, enabled)
            elif binding.show and binding.action not in actions:  # one key per action
                actions.add(binding.action)
                shown.append((binding, enabled))
        return tuple(shown), palette

    def _keys(self, shown: tuple[tuple[Binding, bool], ...]) -> Content:
        parts: list[Content] = []
        for group, run in groupby(shown, key=lambda item: item[0].group):
            members = list(run)
            if group is not None and len(members) > 1:
                keys = Content("").join(self._key(b, e, "") for b, e in members)
                parts.append(Content.assemble(keys, " ", (group.description, DESCRIPTION)))
            else:
                parts.extend(self._key(b, e, b.description) for b, e in members)
        return Content(self.GAP).join(parts)

    def _key(self, binding: Binding, enabled: bool, description: str) -> Content:
        """A key and what it does, clickable; dim when it may not be pressed now."""
        key = Content.styled(self.app.get_key_display(binding), KEY)
        shown = Content.assemble(key, " ", (description, DESCRIPTION)) if description else key
        if not enabled:
            shown = shown.stylize(GREYED)
        return shown.stylize(Style.from_meta({"@click": f"press({binding.key!r})"}))

    def render(self) -> Content:
        shown, palette_key = self._shown = self._active(self.screen)
        palette = Content()
        if palette_key is not None:
            binding, enabled = palette_key
            palette = self._key(binding, enabled, binding.description)
        line = Content.assemble(" ", self._keys(shown))
        room = self.size.width - line.cell_length - palette.cell_length - 1
        if palette and room >= 1:  # the screen's own keys first: the palette has ^p
            line = Content.assemble(line, " " * room, palette, " ")
        return line.truncate(self.size.width)

    def action_press(self, key: str) -> None:
        self.app.simulate_key(key)
