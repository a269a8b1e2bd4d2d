"""How PocketParks cards read on screen: park number, name, icons, dark sky mark.

Every icon is a glyph, a two-letter code and a colour (the theme's, made readable
on every background it is drawn on: tui/palette.py), so no icon is told by colour
alone; the dark sky mark is "☾DS". Events show their colour as a glyph and a letter
too (✦B blue, ✖R red, ↺P purple). Only views are drawn here: cards come from ``PPView`` (the engine
decides what a seat may see).
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.content import Content

from tabletop.games.pocketparks.content import COLOUR_KINDS
from tabletop.games.pocketparks.rules import CONTENT
from tabletop.games.pocketparks.view import CardView, SetView
from tabletop.tui.palette import variable

# icon id -> (glyph, code, label); the colour is the theme's $pp-<icon> (tui/palette.py)
ICONS: dict[str, tuple[str, str, str]] = {
    "mountain": ("▲", "Mt", "Mountain"),
    "glacier_ice": ("❄", "Gl", "Glacier/ice"),
    "desert": ("☼", "De", "Desert"),
    "volcano": ("♨", "Vo", "Volcano"),
    "island": ("◒", "Is", "Island"),
    "canyon": ("∨", "Ca", "Canyon"),
    "cave": ("∩", "Cv", "Cave"),
    "coast": ("≈", "Co", "Coast"),
    "wildlife": ("♞", "Wi", "Wildlife"),
    "unesco": ("◆", "UN", "UNESCO"),
    "oldest": ("«", "Ol", "Oldest"),
    "newest": ("»", "Nw", "Newest"),
    "largest": ("■", "Lg", "Largest"),
    "smallest": ("▪", "Sm", "Smallest"),
    "most_visited": ("♥", "MV", "Most visited"),
    "least_visited": ("♡", "LV", "Least visited"),
    "dark_sky": ("☾", "DS", "Dark sky"),
}
MIN_SUMMARY = 16
"""Fewer cells than this say too little of what an event does: the line leaves it out."""
# event colour -> (glyph, letter, style)
EVENT_COLOURS: dict[str, tuple[str, str, str]] = {
    colour: (glyph, letter, f"${variable(colour)}")
    for colour, glyph, letter in (("blue", "✦", "B"), ("red", "✖", "R"), ("purple", "↺", "P"))
}


def icon(name: str) -> Content:
    """One icon: glyph and code in its colour, e.g. ▲Mt."""
    glyph, code, _ = ICONS.get(name, ("?", name[:2], name))
    colour = f" ${variable(name)}" if name in ICONS else ""
    return Content.styled(f"{glyph}{code}", f"bold{colour}")


def icons(names: Iterable[str], sep: str = " ") -> Content:
    return Content(sep).join(icon(n) for n in names)


def icon_label(name: str) -> str:
    return ICONS.get(name, ("", "", name))[2]


def icon_legend() -> Content:
    """Every icon and event colour with its full name, one a line."""
    lines = [Content.styled("Icons", "bold")]
    lines += [
        Content.assemble("  ", icon(name), f"  {label}") for name, (_, _, label) in ICONS.items()
    ]
    lines.append(Content.styled("Events", "bold"))
    for colour, (glyph, letter, style) in EVENT_COLOURS.items():
        word, when = COLOUR_KINDS[colour]
        lines.append(
            Content.assemble(
                "  ", (f"{glyph}{letter}", f"bold {style}"), f"  {colour}: {word}, {when}"
            )
        )
    lines.append(Content("A set's ★ marks an icon it holds priority in (round 3)."))
    lines.append(Content("✓safe: a set of 5 or 9, protected from stealing."))
    lines.append(
        Content(
            "In your hand: ✓ picked for this step, ✗ picked to leave the hand (c confirms), "
            "+ new since you last saw it."
        )
    )
    return Content("\n").join(lines)


def short_name(name: str, width: int) -> str:
    return name if len(name) <= width else name[: max(1, width - 1)] + "…"


def card_title(card: CardView) -> str:
    """Plain words for a card: "#17 Zion" or "Make a wish (blue event)"."""
    if card.event is not None:
        return f"{card.name} ({card.colour} event)"
    return f"#{card.number} {card.name}"


def card_line(card: CardView, name_width: int = 24, room: int = 0) -> Content:
    """One card on one line: number, name, icons and the dark sky mark; an event's
    colour, and what it does in a line when ``room`` (the cells the line may take)
    leaves space for some of it."""
    if card.event is not None:
        glyph, letter, colour = EVENT_COLOURS.get(card.colour or "", ("?", "?", ""))
        word = COLOUR_KINDS.get(card.colour or "", ("", ""))[0]
        kind = (f" {card.colour} · {word}", colour)
        name = short_name(card.name, name_width + 4)
        summary = CONTENT.card_text(card.id).summary
        left = room - 3 - len(name) - len(kind[0]) - 2
        if left < MIN_SUMMARY:  # the colour in a column, as the parks' icons are
            return Content.assemble(
                (f"{glyph}{letter} ", f"bold {colour}"), (name.ljust(name_width + 4), "bold"), kind
            )
        return Content.assemble(
            (f"{glyph}{letter} ", f"bold {colour}"),
            (name, "bold"),
            kind,
            ": ",
            (short_name(summary, left), "italic"),
        )
    parts: list[Content | str | tuple[str, str]] = [
        (f"#{card.number:<3}", "bold"),
        short_name(card.name, name_width).ljust(name_width),
        " ",
        icons(card.icons),
    ]
    if card.dark_sky:
        parts += [" ", icon("dark_sky")]
    return Content.assemble(*parts)


def card_chip(card: CardView) -> Content:
    """A short mention of a card: "#17 Zion ▲Mt ∨Ca ☾DS"."""
    if card.event is not None:
        glyph, letter, colour = EVENT_COLOURS.get(card.colour or "", ("?", "?", ""))
        return Content.assemble((f"{glyph}{letter} ", f"bold {colour}"), card.name)
    parts: list[Content | str | tuple[str, str]] = [
        (f"#{card.number}", "bold"),
        f" {card.name} ",
        icons(card.icons),
    ]
    if card.dark_sky:
        parts += [" ", icon("dark_sky")]
    return Content.assemble(*parts)


def set_chip(index: int | None, park_set: SetView, round3: bool) -> Content:
    """One played set: its number, shared icons (★ where it holds round-3 priority),
    size, protection and park numbers: "[2: ★▲Mt ≈Co ×3 · #2 #8 #41]"; with no
    ``index``, the icons, size and marks only: "[★▲Mt ≈Co ×3]"."""
    shared: list[Content] = []
    for name in park_set.icons:
        mark = "★" if name in park_set.priority else ""
        shared.append(Content.assemble((mark, "bold $warning"), icon(name)))
    icons_part = Content(" ").join(shared) if shared else Content.styled("no icon", "dim")
    numbers = " ".join(f"#{c.number}" for c in park_set.cards)
    parts: list[Content | str | tuple[str, str]] = [
        ("[" if index is None else f"[{index + 1}: ", "dim"),
        icons_part,
        (f" ×{park_set.size}", "bold"),
    ]
    if park_set.protected:
        parts.append((" ✓safe", "bold $success"))
    if round3 and not park_set.active:
        parts.append((" inactive", "italic $text-muted"))
    if index is not None:
        parts += [(" · ", "dim"), numbers]
    parts.append(("]", "dim"))
    return Content.assemble(*parts)
