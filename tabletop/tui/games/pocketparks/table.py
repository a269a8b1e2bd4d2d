"""The public PocketParks table: round, piles, featured park, and every player's
hand size, score and played sets. Drawn from a view; nothing here is private.

Compact (a short terminal, where the hand needs the room): one line for the piles,
one for the featured park and one a player, each set shown by its icons and size
only (the Cards key lists every park), as many as fit, then how many more."""

from __future__ import annotations

from collections.abc import Collection

from textual.containers import VerticalScroll
from textual.content import Content

from tabletop.core.words import counted
from tabletop.games.pocketparks.view import PPView
from tabletop.tui.compat import Panel, laid_out_once
from tabletop.tui.games.pocketparks.cards import card_chip, icon, icons, set_chip
from tabletop.tui.text import flow, refresh_text

ROUNDS = 3


def piles_line(view: PPView, compact: bool = False) -> Content:
    """Round, draw pile and both discard piles (compact: shorter words, and the event
    discard on the featured park's line)."""
    parts: list[Content | str | tuple[str, str]] = [
        (f"Round {view.round} of {ROUNDS}", "bold"),
        f" · {'Pile' if compact else 'Draw pile'} {view.pile_size}",
        f" · {'Discard' if compact else 'Park discard'} {view.discard_size}",
    ]
    if view.discard_top is not None:
        parts += [", top ", card_chip(view.discard_top)]
    if not compact:
        parts.append(event_discard(view, "Event discard"))
    return Content.assemble(*parts)


def event_discard(view: PPView, words: str) -> Content:
    parts: list[Content | str] = [f" · {words} {len(view.event_discard)}"]
    if view.event_discard:
        parts += [", top ", card_chip(view.event_discard[-1])]
    return Content.assemble(*parts)


def featured_line(view: PPView, compact: bool = False) -> Content | None:
    if view.featured is None:
        return None
    if compact:
        return Content.assemble(
            ("Featured ", "bold $warning"),
            card_chip(view.featured),
            " doubles" + (" (priority)" if view.round == ROUNDS else ""),
            event_discard(view, "Events"),
        )
    return Content.assemble(
        ("Featured park ", "bold $warning"),
        card_chip(view.featured),
        ": sets sharing ",
        icons(view.featured.icons, " or "),
        " score double" + (" (with priority)" if view.round == ROUNDS else ""),
    )


def player_block(
    view: PPView, seat: int, width: int = 0, compact: bool = False, away: bool = False
) -> Content:
    """A player's line: marker, name (away: a hosted game's player not connected now),
    hand size, score, then every played set. With ``width``, sets flow onto further
    lines whole rather than break inside; compact, they stay on the one line, each by
    its icons and size, and those that do not fit are counted."""
    player = view.players[seat]
    current = seat == view.current and view.window is None
    marker = ("▶ ", "bold $accent") if current else "  "
    parts: list[Content | str | tuple[str, str]] = [
        marker,
        (f"{seat + 1} {player.name}", "bold" if current else ""),
        (" (away)", "$warning") if away else "",
        f" · hand {player.hand_size} · {counted(player.score, 'pt')}",
    ]
    if player.dark_sky_sets:
        parts += [" · ", icon("dark_sky"), " is an icon" if compact else " counts as an icon"]
    head = Content.assemble(*parts, " │ ")
    round3 = view.round == ROUNDS and any(s.priority for p in view.players for s in p.sets)
    if not player.sets:
        return Content.assemble(head, ("no sets yet", "dim"))
    if compact:
        return fit(head, [set_chip(None, s, round3) for s in player.sets], width)
    chips = [set_chip(i, s, round3) for i, s in enumerate(player.sets)]
    return flow(head, chips, width)


def fit(head: Content, chips: list[Content], width: int) -> Content:
    """``head`` then as many chips as fit in ``width`` on the one line, and "+N sets"
    for the others (0: every chip, left to the widget to cut)."""
    line = head
    for shown, chip in enumerate(chips):
        left = len(chips) - shown
        room = width - (len(f" +{left - 1} sets") if left > 1 else 0)
        if width and line.cell_length + 1 + chip.cell_length > room:
            return Content.assemble(line, (f"{' ' if shown else ''}+{left} sets", "bold"))
        line = Content.assemble(line, " " if shown else "", chip)
    return line


def table_content(
    view: PPView, width: int = 0, compact: bool = False, away: Collection[int] = ()
) -> Content:
    lines = [piles_line(view, compact)]
    featured = featured_line(view, compact)
    if featured is not None:
        lines.append(featured)
    lines.extend(
        player_block(view, seat, width, compact, seat in away) for seat in range(len(view.players))
    )
    return Content("\n").join(lines)


class ParkTable(Panel):
    """Everything on the table that every player may see."""

    DEFAULT_CSS = """
    ParkTable {
        height: auto;
        padding: 0 1;
    }
    ParkTable.-compact {
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.shown: PPView | None = None
        self.away: Collection[int] = ()
        """The seats of a hosted game whose players are not connected now."""
        self.fit = False
        """Compact when the whole table would not fit in its room (a ``TableRoom``)."""

    def show(self, view: PPView, fit: bool = False, away: Collection[int] = ()) -> None:
        self.shown = view
        self.fit = fit
        self.away = away
        self.draw()

    def draw(self) -> None:
        view = self.shown
        if view is None:
            return
        width = self.content_region.width
        content = table_content(view, width, away=self.away)
        room = self.parent.size.height if isinstance(self.parent, TableRoom) else 0
        compact = self.fit and len(content.wrap(width)) > room
        if compact:
            content = table_content(view, width, compact=True, away=self.away)
        self.set_class(compact, "-compact")
        refresh_text(self, content)

    def on_resize(self) -> None:
        self.draw()


@laid_out_once  # its scroll bar, shown or hidden by the same layout, asks for its own
class TableRoom(VerticalScroll):
    """The room the table has; a table asked to fit is drawn again when it changes."""

    def on_resize(self) -> None:
        for table in self.query_children(ParkTable):
            table.draw()
