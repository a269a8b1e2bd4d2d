"""Colours that stay readable: WCAG contrast, and a colour's lightness moved until it
reads against every background it stands on, in every way a terminal may draw it.

A terminal draws a colour as it is (truecolor), as the nearest of 256 colours, or,
with NO_COLOR, as a grey (Textual's Monochrome filter). ``readable`` keeps a
colour's hue and saturation and moves its lightness (as little as it can) until its
contrast with each background reaches the target in all three.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from rich.color import Color as RichColor
from rich.color import ColorSystem
from textual.color import Color

TEXT_CONTRAST = 4.5
"""WCAG 2 (1.4.3, level AA): the least contrast of text with its background."""

RGB = tuple[int, int, int]


def _channel(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb: RGB) -> float:
    """WCAG relative luminance."""
    r, g, b = rgb
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


def contrast(one: RGB, other: RGB) -> float:
    """WCAG contrast ratio, from 1 (none) to 21 (black on white)."""
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def grey(rgb: RGB) -> RGB:
    """The grey NO_COLOR draws ``rgb`` as (textual.color.Color.monochrome)."""
    r, g, b = rgb
    level = round(r * 0.2126 + g * 0.7152 + b * 0.0722)
    return (level, level, level)


@cache
def eight_bit(rgb: RGB) -> RGB:
    """The colour a 256-colour terminal draws ``rgb`` as."""
    triplet = RichColor.from_rgb(*rgb).downgrade(ColorSystem.EIGHT_BIT).get_truecolor()
    return (triplet.red, triplet.green, triplet.blue)


def least_contrast(rgb: RGB, backgrounds: Sequence[RGB]) -> float:
    """The lowest contrast of ``rgb`` with any of ``backgrounds``, in any way it is drawn."""
    return min(
        min(
            contrast(rgb, bg),
            contrast(grey(rgb), grey(bg)),
            contrast(eight_bit(rgb), eight_bit(bg)),
        )
        for bg in backgrounds
    )


def readable(colour: Color, backgrounds: Sequence[Color], target: float = TEXT_CONTRAST) -> Color:
    """``colour`` with its lightness moved (lighter on dark backgrounds, darker on light
    ones) as little as needed to reach ``target`` against every background; the best
    it can if no lightness does."""
    grounds = [bg.rgb for bg in backgrounds]
    if least_contrast(colour.rgb, grounds) >= target:
        return colour
    hue, saturation, lightness = colour.hsl
    dark = sum(luminance(rgb) for rgb in grounds) / len(grounds) < 0.18
    best, best_contrast = colour, 0.0
    for step in range(1, 51):
        value = lightness + (step if dark else -step) * 0.02
        if not 0 <= value <= 1:
            break
        candidate = Color.from_hsl(hue, saturation, value)
        found = least_contrast(candidate.rgb, grounds)
        if found >= target:
            return candidate
        if found > best_contrast:
            best, best_contrast = candidate, found
    return best
