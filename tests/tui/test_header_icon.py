"""The header's mark at the top left is a glyph the terminals' fonts have: Roboto Mono,
the browser seat's font (shipped with textual-serve), and DejaVu Sans Mono, xterm's
here (read where it is installed). Textual's own "⭘" is in neither: an empty box."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
import textual_serve

from tabletop.tui.widgets.bars import ICON

ROBOTO = Path(textual_serve.__file__).parent / "static/fonts/RobotoMono-VariableFont_wght.ttf"
DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")


def characters(font: Path) -> set[int]:
    """The characters a TrueType font maps (its cmap's format 4 and 12 subtables)."""
    data = font.read_bytes()
    tables = {
        data[12 + 16 * i : 16 + 16 * i]: struct.unpack(">I", data[20 + 16 * i : 24 + 16 * i])[0]
        for i in range(struct.unpack(">H", data[4:6])[0])
    }
    cmap = tables[b"cmap"]
    found: set[int] = set()
    for i in range(struct.unpack(">H", data[cmap + 2 : cmap + 4])[0]):
        base = cmap + struct.unpack(">I", data[cmap + 8 + 8 * i : cmap + 12 + 8 * i])[0]
        kind = struct.unpack(">H", data[base : base + 2])[0]
        if kind == 4:
            segments = struct.unpack(">H", data[base + 6 : base + 8])[0] // 2
            ends = struct.unpack(f">{segments}H", data[base + 14 : base + 14 + 2 * segments])
            start = base + 16 + 2 * segments
            starts = struct.unpack(f">{segments}H", data[start : start + 2 * segments])
            for first, last in zip(starts, ends, strict=True):
                found.update(range(first, last + 1))
        elif kind == 12:
            for g in range(struct.unpack(">I", data[base + 12 : base + 16])[0]):
                at = base + 16 + 12 * g
                first, last = struct.unpack(">II", data[at : at + 8])
                found.update(range(first, last + 1))
    return found


@pytest.mark.parametrize("font", [ROBOTO, DEJAVU], ids=["roboto-mono", "dejavu-sans-mono"])
def test_the_header_mark_is_in_the_terminal_fonts(font: Path) -> None:
    if not font.exists():
        pytest.skip(f"{font.name} is not installed here")
    have = characters(font)
    assert ord("A") in have and ord("⭘") not in have  # the reader reads the font
    assert all(ord(c) in have for c in ICON)
