"""PocketParks: 2-5 players collect sets of US national parks (see seeds/pocketparks.md)."""

from __future__ import annotations

from tabletop.games.pocketparks import content as _content
from tabletop.games.pocketparks.engine import ENGINE, PocketParksEngine
from tabletop.games.pocketparks.rules import CONTENT


def content_report() -> str:
    """The deck in plain text, for `tabletop content pocketparks`."""
    return _content.content_report(CONTENT)


__all__ = ["ENGINE", "PocketParksEngine", "content_report"]
