"""The README's pictures: each game's screen a few moves in, drawn by the real app
(headless, through Textual's Pilot) and saved as SVG in docs/images/.

    .venv/bin/python scripts/screenshots.py

Each game is seeded, so the pictures change only when the screens do.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from tabletop.core.store import Store
from tabletop.text.run import open_session
from tabletop.tui.app import TabletopApp
from tabletop.tui.navigation import OpenGame

IMAGES = Path(__file__).resolve().parents[1] / "docs" / "images"
SIZE = (120, 36)
GAMES = (
    ("pocketparks", "Ann,Bo:normal,Cy:normal", '{"round_modifiers": true}', 7, 12),
    ("spacepark", "Ann,Bo:normal,Cy:normal", "{}", 3, 9),
    ("pocketdragon", "Ann,Bo", '{"mode": "companion", "difficulty": "medium"}', 5, 0),
)


async def picture(game: str, players: str, options: str, seed: int, moves: int) -> Path:
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "tabletop.db")
        store.save_setting("curtain", False)  # a picture of the table, not of the curtain
        session = open_session(store, game, players, options, seed, None)
        for _ in range(moves):  # a few moves in, so the table is not empty
            seat = session.to_act[0]
            session.act(session.legal_actions(seat)[0])
        app = TabletopApp(store)
        async with app.run_test(size=SIZE) as pilot:
            app.post_message(OpenGame(session.game_id, game))
            await pilot.pause(1.0)
            path = IMAGES / f"{game}.svg"
            app.save_screenshot(path.name, str(IMAGES))
        store.close()
    return path


def main() -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    for args in GAMES:
        print(asyncio.run(picture(*args)))


if __name__ == "__main__":
    main()
