"""Icons stay readable wherever they are drawn (issue 14, item 7): the cursor row of the
PocketParks hand took the colour of some icons (❄Gl on colour 32), and NO_COLOR drew
them grey on grey.

This renders the PocketParks screen in every theme the app offers, the hand's cursor
on each row in turn and the mouse over another, and reads every icon cell as drawn:
its colour and the background it stands on. Each pair
must reach WCAG 2's contrast for text, 4.5:1 (success criterion 1.4.3, level AA), as a
truecolor terminal draws it, as a 256-colour terminal does (rich's downgrade) and as
NO_COLOR does (Textual's Monochrome filter). Themes of the terminal's ANSI colours are
read through Textual's own ANSI palette (what the app draws them as)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.color import Color as RichColor
from rich.color import ColorSystem
from rich.segment import Segment
from textual.color import Color
from textual.filter import ANSIToTruecolor, Monochrome

from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games.pocketparks.engine import ENGINE
from tabletop.games.pocketparks.rules import CONTENT
from tabletop.tui.app import TabletopApp
from tabletop.tui.contrast import TEXT_CONTRAST, contrast
from tabletop.tui.screens.pocketparks import PocketParksScreen
from tabletop.tui.widgets.park_cards import EVENT_COLOURS, ICONS
from tabletop.tui.widgets.park_hand import ParkHand
from tests.pocketparks.scenario import event, table

MARKS = {glyph + code for glyph, code, _ in ICONS.values()}
MARKS |= {glyph + letter for glyph, letter, _ in EVENT_COLOURS.values()}
RGB = tuple[int, int, int]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(tmp_path / "tabletop.db")
    s.save_setting("curtain", False)
    yield s
    s.close()


def every_icon_hand() -> list[int]:
    """Parks that carry every icon (dark sky too) between them, and an event of each
    colour."""
    missing = {icon.id for icon in CONTENT.icons} | {"dark_sky"}
    hand = []
    for card in range(len(CONTENT.parks)):
        icons = set(CONTENT.icon_names(CONTENT.mask[card]))
        if icons & missing:
            hand.append(card)
            missing -= icons
    assert not missing
    return [*hand, event("make_a_wish"), event("mosquito_bites"), event("trail_detour")]


def drawn(segment: Segment) -> tuple[RGB, RGB]:
    """A cell's colour and the background it stands on, as the terminal shows them."""
    style = segment.style
    assert style is not None and style.color is not None and style.bgcolor is not None
    colour, ground = style.color.get_truecolor(), style.bgcolor.get_truecolor()
    return (colour.red, colour.green, colour.blue), (ground.red, ground.green, ground.blue)


def drawn_256(rgb: RGB) -> RGB:
    """The colour a 256-colour terminal draws (rich's downgrade, as the app's console)."""
    t = RichColor.from_rgb(*rgb).downgrade(ColorSystem.EIGHT_BIT).get_truecolor()
    return (t.red, t.green, t.blue)


def icon_pairs(app: TabletopApp) -> Iterator[tuple[str, str, RGB, RGB]]:
    """(where, icon, colour, background) of every icon cell on screen, in each of the
    three ways a terminal may draw it."""
    base = Color.parse(app.get_css_variables()["background"])
    ansi = ANSIToTruecolor(app.ansi_theme_dark if app.current_theme.dark else app.ansi_theme_light)
    for strip in app.screen._compositor.render_strips():
        segments = ansi.apply(list(strip), base)
        for segment, grey in zip(segments, Monochrome().apply(segments, base), strict=True):
            if segment.text.strip() not in MARKS:
                continue
            colour, background = drawn(segment)
            yield "truecolor", segment.text, colour, background
            yield "256 colours", segment.text, drawn_256(colour), drawn_256(background)
            yield "NO_COLOR", segment.text, *drawn(grey)


async def test_every_icon_reads_on_every_row_in_every_theme(store: Store) -> None:
    session = GameSession.start(store, ENGINE, (SeatInfo("Ana"), SeatInfo("Ben")), {}, 1)
    hand = every_icon_hand()
    session.state = table([hand, [next(c for c in range(len(CONTENT.parks)) if c not in hand)]])
    app = TabletopApp(store)
    faint: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:
        game = PocketParksScreen(session, app.settings)
        await app.push_screen(game)
        await pilot.pause()
        shown = game.query_one(ParkHand)
        assert shown.has_focus
        for theme in sorted(app.available_themes):
            app.theme = theme
            await pilot.pause()
            for row, card in enumerate(shown.cards):
                shown.highlight_card(card)  # the cursor on this row
                shown._mouse_hovering_over = (row + 1) % len(shown.cards)  # the mouse on the next
                await pilot.pause()
                seen = set()
                for how, icon, colour, background in icon_pairs(app):
                    seen.add(icon.strip())
                    ratio = contrast(colour, background)
                    if ratio < TEXT_CONTRAST:
                        faint.append(f"{theme} {how}: {icon} {colour} on {background}: {ratio:.2f}")
                assert seen == MARKS, f"{theme}: icons not drawn: {MARKS - seen}"
    assert not faint, "\n".join(faint[:20])
