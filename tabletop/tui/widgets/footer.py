"""Textual's Footer, without its leak (Textualize/textual#6666, open in 8.2.8).

Each time the keys change, Textual's Footer composes new keys, each bound to the
Footer's ``compact`` with ``data_bind``, and removes the old ones. Textual forgets
a removed key's binding only when ``compact`` changes, which it never does here,
so every redraw of the keys kept the old ones alive: the screen under a dialog
redraws its keys each time the dialog closes, a game screen at every move.
"""

from __future__ import annotations

from textual.widgets import Footer as TextualFooter


class Footer(TextualFooter):
    async def recompose(self) -> None:
        await super().recompose()
        # Setting ``compact`` to itself makes Textual drop the removed keys' bindings.
        self.mutate_reactive(TextualFooter.compact)
