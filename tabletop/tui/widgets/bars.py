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
next frame: a key answers within a frame. When the screen's keys do not all fit the
width, it keeps those the screen ranks first (its ``FOOTER_RANKS``, else FOOTER_RANKS:
a game's moves before Rules, Home and Hint, PocketParks' Sort last) and ends with the
key that lists them all (ALL_KEYS).
"""

from __future__ import annotations

from itertools import groupby
from typing import ClassVar, Self

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.geometry import Region
from textual.reactive import Reactive
from textual.screen import Screen
from textual.style import Style
from textual.widget import Widget

from tabletop.tui.compat import CompatHeader, HeaderClockSpace, HeaderIcon, HeaderTitle

ALL_KEYS = "f2"
"""The app's key that lists every key of the screen (Textual's key panel); the footer
names it when it cannot show every key."""
FOOTER_RANKS: dict[str, int] = {"rules": 1, "leave": 1, "hint": 2, "join_codes": 2}
"""Which keys a footer too narrow for all keeps: the lowest rank first. Unlisted keys
(a screen's moves, Undo, a pop-up's answers) are 0."""
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


ICON = "•"
"""The mark at the top left (a click opens the command palette): a glyph that DejaVu Sans
Mono and the browser seat's font (Roboto Mono) both have; Textual's "⭘" is in neither,
an empty box."""


class Header(CompatHeader):
    icon: Reactive[str] = Reactive(ICON)

    def compose(self) -> ComposeResult:
        yield HeaderIcon().data_bind(Header.icon)
        yield Title()
        yield HeaderClockSpace()  # no clock: a game's own clocks are on its board

    def header_mounted(self) -> None:
        """Textual's Header's, minus its crash: a title changed while a header is being
        removed (an app ending before its first frame: a browser tab closed at once) has
        no title widget left to show it on, which Textual's looks for (NoMatches)."""

        def set_title() -> None:
            text: Content = self.format_title()  # Textual's: the titles as Content
            for title in self.query(HeaderTitle):
                title.update(text)

        self.watch(self.app, "title", set_title)
        self.watch(self.app, "sub_title", set_title)
        self.watch(self.screen, "title", set_title)
        self.watch(self.screen, "sub_title", set_title)

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
        self._shown: Keys | None = None
        """The keys on show: found when the screen says its bindings changed, and drawn
        from there (Textual's active bindings ask every key's ``check_action``)."""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if screen is self.screen:
            self.show_keys()

    def show_keys(self) -> None:
        """Draw the keys again if those on show changed. Textual signals a change of
        bindings at every key and screen switch, mostly for the same keys, and a refresh
        costs a frame of its own (after a hand-over's work, say); and it signals a step
        later, after the screen may have drawn its frame: a screen that has just changed
        its keys calls this itself, to draw them in the same frame."""
        keys = self._active(self.screen)
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

    def keys(self, screen: Screen[object]) -> tuple[list[tuple[int, Content]], Content]:
        """The keys ``screen`` offers now, each with its rank (0 kept first), and the
        command palette's key."""
        return self._parts(screen, self._active(screen))

    def _parts(
        self, screen: Screen[object], active: Keys
    ) -> tuple[list[tuple[int, Content]], Content]:
        ranks: dict[str, int] = getattr(screen, "FOOTER_RANKS", FOOTER_RANKS)
        shown, palette_key = active
        palette = Content()
        if palette_key is not None:
            palette = self._key(palette_key[0], palette_key[1], palette_key[0].description)
        parts: list[tuple[int, Content]] = []
        for group, run in groupby(shown, key=lambda item: item[0].group):
            members = list(run)
            if group is not None and len(members) > 1:
                keys = Content("").join(self._key(b, e, "") for b, e in members)
                first = min(ranks.get(b.action, 0) for b, _ in members)
                parts.append((first, Content.assemble(keys, " ", (group.description, DESCRIPTION))))
            else:
                parts.extend(
                    (ranks.get(b.action, 0), self._key(b, e, b.description)) for b, e in members
                )
        return parts, palette

    def _key(self, binding: Binding, enabled: bool, description: str) -> Content:
        """A key and what it does, clickable; dim when it may not be pressed now."""
        key = Content.styled(self.app.get_key_display(binding), KEY)
        shown = Content.assemble(key, " ", (description, DESCRIPTION)) if description else key
        if not enabled:
            shown = shown.stylize(GREYED)
        return shown.stylize(Style.from_meta({"@click": f"press({binding.key!r})"}))

    def render(self) -> Content:
        if self._shown is None:  # drawn before the screen said which keys it has
            self._shown = self._active(self.screen)
        parts, palette = self._parts(self.screen, self._shown)
        width = self.size.width
        line = Content.assemble(" ", Content(self.GAP).join(c for _, c in parts))
        if line.cell_length > width:  # the keys ranked last give way to ALL_KEYS
            every = Content.assemble(
                (self.app.get_key_display(Binding(ALL_KEYS, "")), KEY), (" All keys", DESCRIPTION)
            )
            every = every.stylize(Style.from_meta({"@click": f"press({ALL_KEYS!r})"}))
            room = width - 1 - len(self.GAP) - every.cell_length
            kept = list(parts)
            while kept and Content(self.GAP).join(c for _, c in kept).cell_length > room:
                worst = max(rank for rank, _ in kept)
                last = max(i for i, (rank, _) in enumerate(kept) if rank == worst)
                del kept[last]
            line = Content.assemble(" ", Content(self.GAP).join([*(c for _, c in kept), every]))
        room = width - line.cell_length - palette.cell_length - 1
        if palette and room >= 1:  # the screen's own keys first: the palette has ^p
            line = Content.assemble(line, " " * room, palette, " ")
        return line.truncate(width)

    def action_press(self, key: str) -> None:
        self.app.simulate_key(key)
