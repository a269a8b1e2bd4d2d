"""Drawing pieces of the Space Park screen: glyphs, badge lines, destination tiles.

Every colour here comes with a glyph and a letter, so nothing is told by colour
alone (colour-blind players, NO_COLOR terminals). Nothing here knows a rule: it
draws what the view says.
"""

from __future__ import annotations

from textual.content import Content
from textual.message import Message
from textual.style import Style
from textual.widgets import Static

from tabletop.games.spacepark.content import TYPE_NAMES, badges
from tabletop.games.spacepark.view import BadgeView, DestinationView, PlayerView
from tabletop.tui.text import plain, refresh_text, refresh_title

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


def badge_line(badge: BadgeView, key: str = "", mark: str = "", says: bool = True) -> Content:
    """One badge: [key] [mark] type, name, cost, XP, and (``says``) its ability in a few
    words."""
    parts: list[Content | str] = []
    if key:
        parts.append(Content.styled(f"{key} ", "bold $accent"))
    if mark:
        parts.append(f"{mark} ")
    parts.extend(
        [type_mark(badge.type), " ", Content.styled(badge.name, "bold"), "  ", cost(badge.cost)]
    )
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


def player_line(player: PlayerView, active: bool, first: bool, width: int = 0) -> Content:
    """A player's stock, XP, hand count and Controller, then the badges they earned
    (their whole texts are in the card list): on the same line if it has room within
    ``width``, else under it."""
    marker = "▶ " if active else "  "
    parts: list[Content | str] = [
        Content.styled(marker, "bold $accent"),
        Content.styled(player.name, "bold" if active else ""),
    ]
    if first:
        parts.append(" (first player)")
    if player.controller:
        parts.append(Content.styled(f" {CONTROLLER}Controller", "bold"))
    parts += ["  ", stock(player), Content.styled(f"  {player.xp} XP", "bold")]
    parts.append(f"  hand {player.hand_count}")
    line = Content.assemble(*parts)
    if not player.earned:
        return line
    earned = Content(" · ").join(
        Content.assemble(type_mark(b.type), f" {b.name}") for b in player.earned
    )
    if width and line.cell_length + 3 + earned.cell_length <= width:
        return Content.assemble(line, " │ ", earned)
    return Content.assemble(line, "\n    ", earned)


class DestTile(Static):
    """One destination of the ring: key, icon, name, action; rocket and Scout below."""

    DEFAULT_CSS = """
    DestTile {
        width: 1fr;
        height: 7;
        border: round $panel-lighten-2;
        border-title-align: left;
        border-subtitle-align: right;
        padding: 0 1;
        color: $text-muted;
    }
    DestTile.-rocket {
        border: heavy $accent;
        border-subtitle-color: $accent;
        color: $text;
    }
    DestTile.-scout {
        border-subtitle-color: $warning;
    }
    DestTile.-pick {
        background: $accent 15%;
    }
    DestTile.-rocket.-scout {
        border-subtitle-color: $warning;
    }
    DestTile.-short {
        height: 5;
        padding: 0;
    }
    DestTile:hover {
        background: $boost;
    }
    """

    class Picked(Message):
        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    def __init__(self, position: int) -> None:
        super().__init__(id=f"dest-{position}")
        self.position = position

    def show(self, dest: DestinationView, pickable: bool, extra: str = "") -> None:
        icon, style = DEST_ICONS[dest.id]
        refresh_title(
            self, Content.assemble((f"{self.position + 1} ", "bold $accent"), (icon, style))
        )
        marks = [m for m, on in ((ROCKET, dest.rocket), (SCOUT, dest.scout)) if on]
        refresh_title(self, Content(" ".join(marks)), subtitle=True)
        self.set_class(dest.rocket, "-rocket")
        self.set_class(dest.scout, "-scout")
        self.set_class(pickable, "-pick")
        if self.tooltip is None:  # what a destination does never changes
            self.tooltip = plain(dest.action)
        action = dest.short if self.has_class("-short") else dest.action
        lines = [Content.styled(dest.name, "bold"), Content(action)]
        if extra:
            lines.append(Content(extra))
        refresh_text(self, Content("\n").join(lines), layout=False)  # a tile's size is fixed

    def on_click(self) -> None:
        self.post_message(self.Picked(self.position))
