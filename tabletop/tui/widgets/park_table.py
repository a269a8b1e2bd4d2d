"""The public PocketParks table: round, piles, featured park, and every player's
hand size, score and played sets. Drawn from a view; nothing here is private."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from tabletop.games.pocketparks.view import PPView
from tabletop.tui.text import refresh_text
from tabletop.tui.widgets.park_cards import card_chip, icon, icons, set_chip

ROUNDS = 3


def piles_line(view: PPView) -> Content:
    parts: list[Content | str | tuple[str, str]] = [
        (f"Round {view.round} of {ROUNDS}", "bold"),
        f" · Draw pile {view.pile_size}",
        f" · Park discard {view.discard_size}",
    ]
    if view.discard_top is not None:
        parts += [", top ", card_chip(view.discard_top)]
    parts.append(f" · Event discard {len(view.event_discard)}")
    if view.event_discard:
        parts += [", top ", card_chip(view.event_discard[-1])]
    return Content.assemble(*parts)


def featured_line(view: PPView) -> Content | None:
    if view.featured is None:
        return None
    return Content.assemble(
        ("Featured park ", "bold $warning"),
        card_chip(view.featured),
        ": sets sharing ",
        icons(view.featured.icons, " or "),
        " score double" + (" (with priority)" if view.round == ROUNDS else ""),
    )


def player_block(view: PPView, seat: int, width: int = 0) -> Content:
    """A player's line: marker, name, hand size, score, then every played set. With
    ``width``, sets flow onto further lines whole rather than break inside."""
    player = view.players[seat]
    current = seat == view.current and view.window is None
    marker = ("▶ ", "bold $accent") if current else "  "
    parts: list[Content | str | tuple[str, str]] = [
        marker,
        (f"{seat + 1} {player.name}", "bold" if current else ""),
        f" · hand {player.hand_size} · {player.score} pts",
    ]
    if player.dark_sky_sets:
        parts += [" · ", icon("dark_sky"), " counts as an icon"]
    head = Content.assemble(*parts, " │ ")
    round3 = view.round == ROUNDS and any(s.priority for p in view.players for s in p.sets)
    if not player.sets:
        return Content.assemble(head, ("no sets yet", "dim"))
    chips = [set_chip(i, s, round3) for i, s in enumerate(player.sets)]
    return flow(head, chips, width)


def flow(head: Content, chips: list[Content], width: int, indent: int = 4) -> Content:
    """``head`` then the chips two spaces apart, a new line (indented) before any chip
    that would not fit in ``width`` (0: one line, left to the widget to wrap)."""
    lines: list[Content] = []
    line = head
    fresh = True  # nothing after the head (or the indent) yet
    for chip in chips:
        gap = "" if fresh else "  "
        if width and not fresh and line.cell_length + 2 + chip.cell_length > width:
            lines.append(line)
            line, gap = Content(" " * indent), ""
        line = Content.assemble(line, gap, chip)
        fresh = False
    lines.append(line)
    return Content("\n").join(lines)


def table_content(view: PPView, width: int = 0) -> Content:
    lines = [piles_line(view)]
    featured = featured_line(view)
    if featured is not None:
        lines.append(featured)
    lines.extend(player_block(view, seat, width) for seat in range(len(view.players)))
    return Content("\n").join(lines)


class ParkTable(Static):
    """Everything on the table that every player may see."""

    DEFAULT_CSS = """
    ParkTable {
        height: auto;
        padding: 0 1;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.shown: PPView | None = None

    def show(self, view: PPView) -> None:
        self.shown = view
        refresh_text(self, table_content(view, self.content_region.width))

    def on_resize(self) -> None:
        if self.shown is not None:
            refresh_text(self, table_content(self.shown, self.content_region.width))
