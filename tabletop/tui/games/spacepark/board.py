"""Drawing pieces of the Space Park screen: glyphs, badge lines, destination tiles.

Every colour here comes with a glyph and a letter, so nothing is told by colour
alone (colour-blind players, NO_COLOR terminals). Nothing here knows a rule: it
draws what the view says.
"""

from __future__ import annotations

import itertools
from collections import Counter, OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual import events
from textual.content import Content
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.style import Style
from textual.visual import Visual
from textual.widget import Widget

from tabletop.games.spacepark.content import TYPE_NAMES, badges
from tabletop.games.spacepark.view import BadgeView, DestinationView, PlayerView
from tabletop.tui.text import plain

# Badge types: glyph + letter + colour (purple triangle, green circle, red diamond).
TYPE_MARKS: dict[str, tuple[str, str]] = {
    "triangle": ("▲T", "bold magenta"),
    "circle": ("●C", "bold green"),
    "diamond": ("◆D", "bold red"),
    "forbidden": ("⊘F", "bold reverse"),
}
# Crystals and passes: glyph + colour, and the word in legends.
RESOURCE_MARKS: dict[str, tuple[str, str]] = {
    "sun": ("☀", "bold yellow"),
    "moon": ("☾", "bold magenta"),
    "sea": ("≈", "bold cyan"),
    "pass": ("»", "bold"),
}
RESOURCE_WORDS = {"sun": "Sun", "moon": "Moon", "sea": "Sea", "pass": "pass"}
RESOURCE_NOUNS = {
    "sun": "Sun crystal",
    "moon": "Moon crystal",
    "sea": "Sea crystal",
    "pass": "Fast Travel pass",
}
# Destinations: an icon glyph and a two-letter code (the name is on the tile too).
DEST_ICONS: dict[str, tuple[str, str]] = {
    "starlight_station": ("★SS", "bold"),
    "cosmic_canyon": ("☀CC", "bold yellow"),
    "celestial_seas": ("≈CS", "bold cyan"),
    "lunar_woods": ("☾LW", "bold magenta"),
    "fusion_falls": ("✪FF", "bold"),
    "astral_arcade": ("✜AA", "bold"),
    "outpost13": ("⌂O13", "bold"),
}
ROCKET = "⇑ROCKET"
SCOUT = "☻SCOUT"
CONTROLLER = "✜"
LEGEND = Content.assemble(
    *(
        part
        for name, (glyph, style) in RESOURCE_MARKS.items()
        for part in ((glyph, style), f" {RESOURCE_WORDS[name]}  ")
    ),
    (CONTROLLER, "bold"),
    " Controller  ☻ Scout",
)


SYMBOLS = Content("\n").join(
    [
        Content.styled("Crystals and passes", "bold"),
        *(
            Content.assemble("  ", (glyph, style), f"  {RESOURCE_NOUNS[name]}")
            for name, (glyph, style) in RESOURCE_MARKS.items()
        ),
        Content.assemble("  ", (CONTROLLER, "bold"), "  the Controller"),
        Content.styled("Badge types", "bold"),
        *(
            Content.assemble("  ", (mark, style), f"  {TYPE_NAMES[name]}")
            for name, (mark, style) in TYPE_MARKS.items()
        ),
        Content.styled("On the ring", "bold"),
        Content(f"  {ROCKET}  a rocket: visit its destination"),
        Content(f"  {SCOUT}  Scout"),
        Content("In your hand: ✓ you can pay for it now, ✗ not yet."),
    ]
)
"""Every symbol of the screen with its name (the card list's last entry)."""


def clickable(content: Content, action: str) -> Content:
    """``content`` that runs ``action`` (a screen action) when clicked."""
    return content.stylize(Style.from_meta({"@click": action}))


def resource(name: str, amount: int) -> Content:
    """An amount of a crystal or of passes, after its glyph: ☀2."""
    glyph, style = RESOURCE_MARKS[name]
    return Content.assemble((glyph, style), str(amount))


def cost(amounts: dict[str, int]) -> Content:
    """A badge cost such as ☀2 ☾1; "free" when nothing is due."""
    if not any(amounts.values()):
        return Content("free")
    return Content(" ").join(resource(name, n) for name, n in amounts.items() if n)


def type_mark(badge_type: str) -> Content:
    mark, style = TYPE_MARKS[badge_type]
    return Content.styled(mark, style)


def ability(badge: BadgeView) -> str:
    """The badge's ability in a few words (its whole text is in the card list, i)."""
    return badges()[badge.id].ability_short()


def badge_line(
    badge: BadgeView,
    key: str = "",
    mark: str = "",
    says: bool = True,
    due: dict[str, int] | None = None,
) -> Content:
    """One badge: [key] [mark] type, name, cost (``due``: what its holder pays instead,
    after their reductions), XP, and (``says``) its ability in a few words."""
    parts: list[Content | str] = []
    if key:
        parts.append(Content.styled(f"{key} ", "bold $accent"))
    if mark:
        parts.append(f"{mark} ")
    price = cost(badge.cost) if due is None else Content.assemble(("pay ", "dim"), cost(due))
    parts.extend([type_mark(badge.type), " ", Content.styled(badge.name, "bold"), "  ", price])
    parts.append(f"  {badge.xp} XP")
    if badge.ability and says:
        parts.append(Content.styled(f" · {ability(badge)}", "dim"))
    return Content.assemble(*parts)


def stock(player: PlayerView) -> Content:
    """A player's crystals and passes: ☀1 ☾0 ≈2 »0."""
    return Content(" ").join(
        resource(name, n)
        for name, n in (
            ("sun", player.sun),
            ("moon", player.moon),
            ("sea", player.sea),
            ("pass", player.passes),
        )
    )


def player_line(
    player: PlayerView, active: bool, first: bool, width: int | None = None, away: bool = False
) -> Content:
    """A player's stock, XP, hand count and Controller, then the badges they earned
    (their whole texts are in the card list): on the same line if it has room within
    ``width``, else under it. ``width`` None: one short row, each earned badge by its
    type, counted (▲T×2 ●C×1): as long for ten badges as for two. ``away``: a hosted
    game's player not connected now."""
    short = width is None
    marker = "▶ " if active else "  "
    parts: list[Content | str] = [
        Content.styled(marker, "bold $accent"),
        Content.styled(player.name, "bold" if active else ""),
    ]
    if away:
        parts.append(Content.styled(" (away)", "$warning"))
    if first:
        parts.append(" (1st)" if short else " (first player)")
    if player.controller:
        parts.append(
            Content.styled(f" {CONTROLLER}" if short else f" {CONTROLLER}Controller", "bold")
        )
    parts += ["  ", stock(player), Content.styled(f"  {player.xp} XP", "bold")]
    parts.append(f"  hand {player.hand_count}")
    line = Content.assemble(*parts)
    if not player.earned:
        return line
    if short:
        held = Counter(b.type for b in player.earned)
        kinds = [Content.assemble(type_mark(t), f"×{held[t]}") for t in TYPE_MARKS if held[t]]
        return Content.assemble(line, "  badges ", Content(" ").join(kinds))
    earned = Content(" · ").join(
        Content.assemble(type_mark(b.type), f" {b.name}") for b in player.earned
    )
    if width and line.cell_length + 3 + earned.cell_length <= width:
        return Content.assemble(line, " │ ", earned)
    return Content.assemble(line, "\n    ", earned)


@dataclass(frozen=True)
class Tile:
    """What one destination of the ring shows: the view's destination, whether the
    question asked now may pick it, and a line more (Starlight Station's deck)."""

    dest: DestinationView
    pickable: bool = False
    extra: str = ""


TILES_KEPT = 64
"""Tiles kept drawn: every destination a few ways (rocket, Scout, pickable)."""
PICK_GROUND = "on $accent 15%"
HOVER_GROUND = "on $boost"


class Look(NamedTuple):
    """What a tile shows, and so how it is drawn (once, while it is kept)."""

    position: int
    dest: DestinationView
    extra: str
    box: Region
    short: bool
    style: Style
    """The ring's style, and the theme's name: their colours are in the lines."""
    theme: str
    ground: str
    """PICK_GROUND, HOVER_GROUND or "" (the ring's own)."""


ROUND = ("╭", "─", "╮", "│", "╰", "╯")
HEAVY = ("┏", "━", "┓", "┃", "┗", "┛")


class Ring(Widget):
    """The seven destinations as tiles, drawn by one widget: Starlight Station at the
    left, two tall, then the top row left to right and the bottom row right to left
    (clockwise, as on the table). Each tile has its number and icon on the top
    edge, name and action inside, the rocket and Scout on the bottom edge; a rocket's
    tile has a heavy border, a tile the question may pick a tinted ground. Short
    tiles (a narrow or low screen) are four rows: the name on the top edge, the
    action in a few words inside.

    Drawn for speed: Textual draws each widget, and each line of a bordered one, at a
    cost, and turning Content into terminal lines is slow; a hand-over redraws the
    ring for the next player. So the ring is one widget whose tiles are each drawn
    once into lines and kept until what that tile shows changes (a rocket moves, it
    becomes pickable): a redraw draws only the tiles that changed."""

    DEFAULT_CSS = """
    Ring {
        width: 1fr;
        height: 14;
        color: $text-muted;
        text-wrap: nowrap;
        text-overflow: clip;
    }
    Ring.-short {
        height: 8;
    }
    Ring.-short.-low {  /* a line of words per tile: room for a long hand at 80x24 */
        height: 6;
    }
    """
    SHORT_HEIGHT = 8
    """The height of short tiles' ring (class -short), a line more than -low."""

    class Picked(Message):
        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    def __init__(self) -> None:
        super().__init__(id="ring")
        self.tiles: tuple[Tile, ...] = ()
        self._hover: int | None = None
        self._drawn: OrderedDict[Look, tuple[Content, list[Strip]]] = OrderedDict()
        """Tiles drawn lately, by look: their text and lines. A tile mostly looks as it
        did a turn or two before (a rocket back, pickable again for the next player)."""
        self._shown: Sequence[Look] = []
        """The look of each tile on show."""
        self._rows: list[Strip] = []

    def show(self, tiles: list[Tile]) -> None:
        if tuple(tiles) != self.tiles:
            self.tiles = tuple(tiles)
            self._draw()

    def fit(self, short: bool, low: bool = False) -> None:
        """Short tiles (a narrow or low screen), ``low`` ones with a single line of words
        each. (The new height resizes the ring, which draws it again.)"""
        self.set_class(short, "-short")
        self.set_class(short and low, "-low")

    def on_mount(self) -> None:
        # The theme's colours are in the lines drawn: a new theme draws the tiles again.
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self._draw())

    def on_unmount(self) -> None:  # Textual would drop it only at the next theme change
        self.app.theme_changed_signal.unsubscribe(self)

    def on_resize(self) -> None:
        self._draw()

    def box(self, position: int) -> Region:
        """Where the tile of ring position ``position`` is, in the widget."""
        return _boxes(self.size)[position]

    def position_at(self, x: int, y: int) -> int | None:
        boxes = _boxes(self.size)
        return next((p for p in range(len(self.tiles)) if boxes[p].contains(x, y)), None)

    def _draw(self) -> None:
        """Draw the tiles whose look changed, and lay the rows out from all of them."""
        size = self.size
        if not self.tiles or not size.width:
            return
        boxes = _boxes(size)
        short = self.has_class("-short")
        style, theme = self.visual_style, self.app.theme
        looks = [
            Look(
                position,
                tile.dest,
                tile.extra,
                box,
                short,
                style,
                theme,
                self._ground(position, tile),
            )
            for position, (tile, box) in enumerate(zip(self.tiles, boxes, strict=True))
        ]
        if looks == self._shown:
            return
        for look, shown in itertools.zip_longest(looks, self._shown):
            if look is not None and look != shown:
                self._keep(look)
                self.refresh(look.box)
        self._shown = looks
        tiles = [self._drawn[look][1] for look in looks]
        self._rows = [
            Strip.join(tiles[p][y - boxes[p].y] for p in (0, *_row_of(y, size.height)))
            for y in range(size.height)
        ]

    def _ground(self, position: int, tile: Tile) -> str:
        """The tile's ground: the mouse's over it, or the question may pick it."""
        if position == self._hover:
            return HOVER_GROUND
        return PICK_GROUND if tile.pickable else ""

    def _keep(self, look: Look) -> None:
        """Have ``look`` drawn: kept from before, or drawn now. A tile on a tinted ground
        is its plain look tinted, not drawn again: the question's turn, which tints
        every tile it may pick, comes round at every move."""
        if look in self._drawn:
            self._drawn.move_to_end(look)
            return
        if look.ground:
            plain_look = look._replace(ground="")
            self._keep(plain_look)
            text, lines = self._drawn[plain_look]
            tint = self._tint(look.ground, look.style)
            drawn = (text.stylize_before(look.ground), [_tinted(line, tint) for line in lines])
        else:
            box = look.box
            text = Content("\n").join(self._tile(look.position, box))
            drawn = (text, Visual.to_strips(self, text, box.width, box.height, look.style))
        self._drawn[look] = drawn
        while len(self._drawn) > TILES_KEPT:
            self._drawn.popitem(last=False)

    def _tint(self, ground: str, style: Style) -> RichStyle:
        """The background ``ground`` (a style such as "on $boost") comes to, on the
        ring's own."""
        cell = Visual.to_strips(self, Content.styled(" ", ground), 1, 1, style)[0]
        return RichStyle(bgcolor=next(iter(cell)).style.bgcolor)  # type: ignore[union-attr]

    def render_line(self, y: int) -> Strip:
        if y < len(self._rows):
            return self._rows[y]
        return Strip.blank(self.size.width, self.visual_style.rich_style)

    def render(self) -> Content:
        """The ring's text (for reading it; it is drawn by ``render_line``)."""
        if not self._shown:
            return Content()
        boxes, height = _boxes(self.size), self.size.height
        tiles = [self._drawn[look][0].split("\n") for look in self._shown]
        return Content("\n").join(
            Content.assemble(*(tiles[p][y - boxes[p].y] for p in (0, *_row_of(y, height))))
            for y in range(height)
        )

    def _tile(self, position: int, box: Region) -> list[Content]:
        """The tile's lines, each ``box.width`` cells."""
        tile = self.tiles[position]
        dest = tile.dest
        short = self.has_class("-short")
        pad = 0 if short else 1
        inner = box.width - 2 - 2 * pad
        icon, style = DEST_ICONS[dest.id]
        number = Content.styled(f"{position + 1} ", "bold $accent")
        title = Content.assemble(number, (icon, style))
        marks = [m for m, on in ((ROCKET, dest.rocket), (SCOUT, dest.scout)) if on]
        edge = "$warning" if dest.scout else "$accent" if dest.rocket else ""
        subtitle = Content.styled(" ".join(marks), edge)
        text = [Content.styled(dest.name, "bold")]
        tight = short and position > 0
        if tight:  # a short tile, two lines inside: its name on its edge
            name = Content.styled(dest.name, "bold")
            titles = [
                Content.assemble(number, (icon[0], style), name),
                Content.assemble(number, name),
            ]
            title = next((t for t in titles if t.cell_length <= box.width - 2), title)
            text = []
        text += Content(dest.short if short else dest.action).wrap(max(1, inner))
        if tile.extra:
            text += Content(tile.extra).wrap(max(1, inner))
        room = box.height - 2
        if len(text) > room:  # a low tile: its last line says the rest is cut
            last = Content(" ").join(text[room - 1 :]).truncate(inner, ellipsis=True)
            text = [*text[: room - 1], last]
        corner, line, right, side, low, low_right = HEAVY if dest.rocket else ROUND
        border = "$accent" if dest.rocket else "$panel-lighten-2"
        body = "$foreground" if dest.rocket else ""
        lines = [_edge(corner, line, right, title, box.width, border, left=True, tight=tight)]
        blank = " " * pad
        for index in range(box.height - 2):
            said = text[index] if index < len(text) else Content()
            said = said.truncate(inner, pad=True).stylize_before(body)
            lines.append(Content.assemble((side, border), blank, said, blank, (side, border)))
        lines.append(_edge(low, line, low_right, subtitle, box.width, border, left=False))
        return lines

    def on_click(self, event: events.Click) -> None:
        position = self.position_at(event.x, event.y)
        if position is not None:
            self.post_message(self.Picked(position))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hovering(self.position_at(event.x, event.y))

    def on_leave(self) -> None:
        self._hovering(None)

    def _hovering(self, position: int | None) -> None:
        if position != self._hover:
            self._hover = position
            self.tooltip = None if position is None else plain(self.tiles[position].dest.action)
            self._draw()


TOP = (1, 2, 3)
BOTTOM = (6, 5, 4)
"""The ring's positions in its top and bottom rows, left to right (Starlight
Station, position 0, is at the left of both)."""


@lru_cache(maxsize=4)
def _boxes(size: Size) -> tuple[Region, ...]:
    """Each ring position's tile in a ring of ``size``: four columns as even as can be,
    Starlight Station the whole height of the first."""
    width, height = size
    columns = [width // 4 + (i < width % 4) for i in range(4)]
    x = [sum(columns[:i]) for i in range(4)]
    half = height // 2
    boxes = [Region(0, 0, columns[0], height)]
    for position in range(1, 7):
        row, column = (0, TOP.index(position)) if position in TOP else (1, BOTTOM.index(position))
        boxes.append(Region(x[column + 1], row * half, columns[column + 1], half))
    return tuple(boxes)


def _tinted(line: Strip, ground: RichStyle) -> Strip:
    """``line`` on the background ``ground``."""
    return Strip(
        [
            Segment(text, ground if style is None else style + ground, control)
            for text, style, control in line
        ],
        line.cell_length,
    )


def _row_of(y: int, height: int) -> tuple[int, ...]:
    return TOP if y < height // 2 else BOTTOM


def _edge(
    corner: str,
    line: str,
    right: str,
    label: Content,
    width: int,
    style: str,
    *,
    left: bool,
    tight: bool = False,
) -> Content:
    """A tile's top (``left``: its label at the left) or bottom edge (label at the
    right), drawn as Textual draws a border's title and subtitle; ``tight``: the label
    against the corner, for a label that needs the room."""
    label = label.truncate(width - (2 if tight else 5), ellipsis=True)
    if not label.cell_length:
        return Content.styled(corner + line * (width - 2) + right, style)
    if tight:
        fill = line * (width - 2 - label.cell_length)
        return Content.assemble((corner, style), label, (f"{fill}{right}", style))
    fill = line * (width - 5 - label.cell_length)
    before, after = (line, fill) if left else (fill, line)
    return Content.assemble((f"{corner}{before} ", style), label, (f" {after}{right}", style))
