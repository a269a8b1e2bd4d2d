"""Textual's Header and Footer, without their leaks (Textualize/textual#6666, open in
Textual 8.2.8) and without rebuilding the footer when its keys have not changed:
every screen uses these.

A widget that watches a reactive of a longer-lived object leaves its watcher there
when it is removed, and Textual drops that watcher only when the reactive next
changes. Textual's Header watches the app's title and sub-title, which never change
here, so every screen ever closed kept its header alive. Textual's Footer binds each
key it composes to its own ``compact``, which never changes either, and composes new
keys whenever the keys change: the screen under a dialog each time the dialog
closes, a game screen at every move; every old key stayed alive. Setting such a
reactive to its own value makes Textual drop the watchers of removed widgets.
"""

from __future__ import annotations

from textual.app import App
from textual.widgets import Footer as TextualFooter
from textual.widgets import Header as TextualHeader
from textual.widgets._footer import FooterKey

KeyShown = tuple[str, str, str, str, bool, object]
"""A binding as the footer may show it: key, action, description, tooltip, whether it
is shown, and its group (if any)."""


class Header(TextualHeader):
    def on_unmount(self) -> None:
        self.app.mutate_reactive(App.title)
        self.app.mutate_reactive(App.sub_title)


class Footer(TextualFooter):
    """Textual's footer rebuilds all its keys whenever a screen refreshes its bindings
    (a game screen does at every move, a screen under a dialog when it closes): here
    it rebuilds only when the keys shown change, and merely greys or ungreys its keys
    when only which of them may be pressed changed. A covered screen's footer waits:
    Textual refreshes a screen's bindings when it is on top again."""

    def __init__(self) -> None:
        super().__init__()
        self._keys_shown: tuple[KeyShown, ...] | None = None

    def _keys_now(self) -> tuple[tuple[KeyShown, ...], dict[tuple[str, str], bool]]:
        """The keys to show, and whether each (by key and action) may be pressed."""
        shown: list[KeyShown] = []
        enabled: dict[tuple[str, str], bool] = {}
        for _node, binding, may, tooltip in self.screen.active_bindings.values():
            shown.append(
                (
                    binding.key,
                    binding.action,
                    binding.description,
                    tooltip,
                    binding.show,
                    binding.group,
                )
            )
            enabled[(binding.key, binding.action)] = may
        return tuple(shown), enabled

    async def recompose(self) -> None:
        if not self._bindings_ready or not self.is_attached:
            await super().recompose()
            return
        if self.screen is not self.app.screen:
            return  # covered (a game under its curtain): its keys are shown when it resumes
        shown, enabled = self._keys_now()
        if shown == self._keys_shown:
            for key in self.query(FooterKey):
                greyed = not enabled.get((key.key, key.action), True)
                if key._disabled != greyed:  # Textual's own flag of a greyed key
                    key._disabled = greyed
                    key.set_class(greyed, "-disabled")
            return
        self._keys_shown = shown
        await super().recompose()
        self.mutate_reactive(TextualFooter.compact)
