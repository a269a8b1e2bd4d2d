"""Textual's Header and Footer, without their leaks (Textualize/textual#6666, open in
Textual 8.2.8): every screen uses these.

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


class Header(TextualHeader):
    def on_unmount(self) -> None:
        self.app.mutate_reactive(App.title)
        self.app.mutate_reactive(App.sub_title)


class Footer(TextualFooter):
    async def recompose(self) -> None:
        await super().recompose()
        self.mutate_reactive(TextualFooter.compact)
