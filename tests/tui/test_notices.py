"""Where notices (Textual's toasts: "Not allowed …", hints, problems) appear on the game
screens, at 80x24 and at 120x40: never over the prompt, the news line or the footer's
keys a player needs next, nor over Pocket Dragon's clocks."""

from __future__ import annotations

import pytest
from textual.widgets._toast import Toast

from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games import get_engine
from tabletop.tui.app import TabletopApp
from tabletop.tui.kits import game_screen
from tabletop.tui.widgets.bars import Footer

NAMES = ("Ann", "Bo", "Cy", "Di", "Eve")
# game, its players, its options, what a player needs in sight on its screen
SCREENS = [
    ("pocketparks", 2, {}, ("#pp-prompt", "#pp-news")),
    ("pocketparks", 5, {}, ("#pp-prompt", "#pp-news")),  # its table is the tallest
    ("spacepark", 2, {}, ("#prompt", "#news")),
    ("spacepark", 4, {}, ("#prompt", "#news")),
    ("pocketdragon", 2, {"mode": "table"}, ("#status", "DragonTimer")),
    ("pocketdragon", 2, {"mode": "companion"}, ("#status", "#pd-clocks")),
]
LONG = (
    "A refusal as long as the longest the rules give, so that it wraps onto a second "
    "line of the notice even at 120 columns: nothing it covers may be needed now."
)


@pytest.fixture
def store(store: Store) -> Store:
    """The root conftest's store, with this file's settings."""
    store.save_setting("curtain", False)  # the game screen itself, at once
    return store


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize(("game", "players", "options", "needed"), SCREENS)
async def test_a_notice_never_covers_the_prompt_or_the_keys(
    store: Store,
    game: str,
    players: int,
    options: dict[str, str],
    needed: tuple[str, ...],
    size: tuple[int, int],
) -> None:
    seats = tuple(SeatInfo(name) for name in NAMES[:players])
    session = GameSession.start(store, get_engine(game), seats, options, 7)
    app = TabletopApp(store)
    async with app.run_test(size=size, notifications=True) as pilot:
        screen = game_screen(session, app.settings)
        await app.push_screen(screen)
        await pilot.pause()
        assert app.screen is screen
        screen.tell(LONG, title="Not allowed (X-1)", severity="warning")  # as a refusal is
        await pilot.pause()
        await pilot.pause()
        toasts = [toast.region for toast in screen.query(Toast)]
        assert len(toasts) == 1 and toasts[0].height >= 3  # a title and two lines at least
        kept = [screen.query_one(Footer).region]
        kept += [w.region for selector in needed for w in screen.query(selector) if w.display]
        assert len(kept) > 1
        for toast in toasts:
            for region in kept:
                assert not toast.overlaps(region), (toast, region)
