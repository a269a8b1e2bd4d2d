"""The colours of PocketParks' icons and event colours, made readable in the theme
on show: each is a CSS variable (``$pp-<name>``) the app sets at every theme change,
its lightness moved (``contrast.readable``) until it reads on every background an
icon is drawn on (the table, the prompt, the hand and its rows: focused, under the
cursor or under the mouse). A theme of the terminal's own ANSI
colours leaves the icons in the text colour: the terminal knows its colours, not us.
Glyph and code tell every icon apart; the colour only helps."""

from __future__ import annotations

from functools import cache

from textual.color import Color, ColorParseError

from tabletop.tui.contrast import readable

ICON_COLOURS: dict[str, str] = {
    "mountain": "#a08c6e",
    "glacier_ice": "#3fa7c4",
    "desert": "#c9a227",
    "volcano": "#e0542c",
    "island": "#2fa86f",
    "canyon": "#c8733a",
    "cave": "#9b6fc4",
    "coast": "#3f86d6",
    "wildlife": "#6fa13a",
    "unesco": "#4a74d9",
    "oldest": "#a8844a",
    "newest": "#2fa8a0",
    "largest": "#d0608f",
    "smallest": "#a87cc4",
    "most_visited": "#d94f4f",
    "least_visited": "#7f8c96",
    "dark_sky": "#b09a2a",
}
EVENT_COLOURS: dict[str, str] = {"blue": "#4a86d9", "red": "#d94a4a", "purple": "#9b5fd0"}


def variable(name: str) -> str:
    """The CSS variable of an icon's (or event colour's) colour."""
    return f"pp-{name.replace('_', '-')}"


def _solid(value: str) -> Color | None:
    try:
        colour = Color.parse(value)
    except ColorParseError:
        return None
    return None if colour.ansi is not None else colour


KEYS = ("background", "surface", "foreground", "accent", "block-hover-background")
"""The theme variables the icons' colours are worked out from."""


PROMPT = "pp-prompt"
"""The variable of the prompt's background: the accent, faint, behind the step's words
(no tint in a theme of ANSI colours, which cannot be mixed)."""
CURSOR = "pp-cursor"
"""The variable of the hand's cursor row: the text colour, faint, over the hand (the
icons are made readable on it; a coloured bar took the colour of some icon)."""


def icon_variables(theme: dict[str, str]) -> dict[str, str]:
    """``$pp-<name>`` for every icon and event colour, readable in the theme whose
    variables are ``theme``, and the backgrounds of the prompt (``$pp-prompt``) and of
    the hand's cursor row (``$pp-cursor``)."""
    return dict(_icon_variables(tuple(theme.get(key, "") for key in KEYS)))


@cache  # a few ms a theme: worked out once for each, at its first showing
def _icon_variables(values: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    theme = dict(zip(KEYS, values, strict=True))
    names = {**ICON_COLOURS, **EVENT_COLOURS}
    solid = {key: _solid(theme[key]) for key in ("background", "surface", "foreground")}
    background, surface, foreground = solid["background"], solid["surface"], solid["foreground"]
    if background is None or surface is None or foreground is None:  # the terminal's colours
        colours = tuple((variable(name), theme["foreground"]) for name in names)
        return ((PROMPT, theme["background"]), (CURSOR, theme["background"]), *colours)
    prompt = background.blend(_solid(theme["accent"]) or foreground, 0.15)
    hover = _solid(theme["block-hover-background"]) or surface.with_alpha(0)
    focused = surface.blend(foreground, 0.05)  # the hand's tint while it has the keys
    cursor = surface.blend(foreground, 0.2)
    rows = [surface, focused, cursor, cursor.blend(foreground, 0.05)]
    grounds = [background, prompt, *rows, *(row + hover for row in rows)]
    colours = tuple(
        (variable(name), readable(Color.parse(hex), grounds).hex) for name, hex in names.items()
    )
    return ((PROMPT, prompt.hex), (CURSOR, cursor.hex), *colours)
