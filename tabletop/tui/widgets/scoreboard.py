"""The scoreboard: every seat, its score, who is to act and who won."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from tabletop.tui.text import refresh_text


class Scoreboard(Static):
    """A line per seat. The turn and winner markers are glyphs, never only colours."""

    DEFAULT_CSS = """
    Scoreboard {
        width: 100%;  /* set: a new score repaints it without laying the screen out */
        border: round $secondary;
        border-title-color: $text-muted;
        height: auto;
        padding: 0 1;
    }
    """

    def on_mount(self) -> None:
        self.border_title = "Players"

    def show(
        self,
        names: tuple[str, ...],
        scores: list[str],
        active: tuple[int, ...],
        winners: tuple[int, ...] = (),
    ) -> None:
        lines = []
        for seat, (name, score) in enumerate(zip(names, scores, strict=True)):
            marker = "★" if seat in winners else "▶" if seat in active else " "
            strong = "bold" if marker != " " else ""
            lines.append(
                Content.assemble(
                    (f"{marker} ", "bold $accent"), (name, strong), f"  {score}" if score else ""
                )
            )
        refresh_text(self, Content("\n").join(lines))
