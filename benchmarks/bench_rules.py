"""The Rules screen: key to last screen update when it opens, and per tab.

    .venv/bin/python benchmarks/bench_rules.py [--quick]

Measured as bench_screens.py measures keys (the app headless under the Pilot at
120x40, every frame rendered to terminal bytes, the key's time running to the
last frame it caused, with the CPU time of the process meanwhile):

1. `r` at home opens the Rules screen on the highlighted game (PocketParks, the
   longest rules); Escape closes it, unmeasured. The app keeps its Rules screen:
   the first opening in a run of the app builds it (a figure of its own, one per
   leg; the screen's modules are imported before), the others show it again.
2. `right` on the Rules screen: the next game's tab.
3. `?` in a Space Park game (2 people, turn 1): the rules of the game, at the
   section of the step being played.

Reference: a bare app whose key pushes a screen holding one Static of the same
text (the PocketParks rules as plain text), the cheapest way to show it.

Target (issue 14, "opens instantly"): no slower than the reference, the least a
screen of that text costs in Textual. (The 30 ms issue 13 asks of a key is out of
reach for any change of the whole screen: the reference alone takes longer.)
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import Any, ClassVar

from bench_screens import SIZE, ClockedTabletop, Took, _frame_drawn, press, settle, timed
from measure import Figure, median, ms, run_module
from rich.console import RenderableType
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Static

from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games import get_engine
from tabletop.tui.screens.base import GameScreen
from tabletop.tui.screens.rules import RulesScreen
from tabletop.tui.widgets.curtain import Curtain

TEXT = (Path(__file__).parents[1] / "seeds" / "pocketparks.md").read_text("utf-8")


class TextScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        yield Static(TEXT, markup=False)


class BareApp(App[None]):
    """The reference: `r` pushes a screen of one Static of the rules text."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("r", "open", "Open")]

    def __init__(self) -> None:
        super().__init__()
        self.frames: list[float] = []

    def compose(self) -> ComposeResult:
        yield Static("home")

    def action_open(self) -> None:
        self.push_screen(TextScreen())

    def _display(self, screen: Screen[Any], renderable: RenderableType | None) -> None:
        super()._display(screen, renderable)
        _frame_drawn(self, renderable, self.frames)


async def closed(pilot: Pilot[Any], frames: list[float]) -> None:
    await pilot.press("escape")
    await settle(pilot, frames)


async def bare_opens(count: int) -> list[Took]:
    app = BareApp()
    times = []
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app.frames)
        for _ in range(count):
            times.append(await timed(pilot, app.frames, press(pilot, "r")))
            await closed(pilot, app.frames)
    return times


async def rules_keys(data_dir: Path, count: int) -> tuple[Took, list[Took], list[Took], list[Took]]:
    """The first opening from home, ``count`` more, tab switches, openings from a game."""
    store = Store(data_dir / "rules.db")
    app = ClockedTabletop(store)
    opens: list[Took] = []
    tabs: list[Took] = []
    from_game: list[Took] = []
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app.frames)
        first = await timed(pilot, app.frames, press(pilot, "r"))
        await closed(pilot, app.frames)
        for _ in range(count):
            opens.append(await timed(pilot, app.frames, press(pilot, "r")))
            assert isinstance(app.screen, RulesScreen)
            tabs.append(await timed(pilot, app.frames, press(pilot, "right")))
            await closed(pilot, app.frames)
        seats = (SeatInfo("Ann"), SeatInfo("Bo"))
        session = GameSession.start(store, get_engine("spacepark"), seats, {}, 1)
        app.play(session)
        await settle(pilot, app.frames)
        if isinstance(app.screen, Curtain):
            await pilot.press("enter")
            await settle(pilot, app.frames)
        assert isinstance(app.screen, GameScreen)
        for _ in range(count):
            from_game.append(await timed(pilot, app.frames, press(pilot, "question_mark")))
            assert isinstance(app.screen, RulesScreen), "? opened no rules"
            await closed(pilot, app.frames)
    store.close()
    return first, opens, tabs, from_game


def figure(name: str, ours: list[Took], bare: list[Took]) -> Figure:
    mid, top = median([t.wall for t in ours]), max(t.wall for t in ours)
    reference = median([t.wall for t in bare])
    return Figure(
        f"Rules screen, {name}",
        f"median {ms(mid)}, max {ms(top)} (CPU median {ms(median([t.cpu for t in ours]))}; "
        f"{len(ours)} keys)",
        f"a screen of one Static of its text: median {ms(reference)} "
        f"(CPU {ms(median([t.cpu for t in bare]))})",
        mid / reference,
        "<= 1x the reference",
        mid <= reference,
    )


async def measure(quick: bool) -> list[Figure]:
    legs, count = (2, 5) if quick else (5, 10)
    bare: list[Took] = []
    opens: list[Took] = []
    tabs: list[Took] = []
    from_game: list[Took] = []
    firsts: list[Took] = []
    with tempfile.TemporaryDirectory() as tmp:
        for leg in range(legs):  # interleaved: a leg of each app in turn
            bare += await bare_opens(count)
            data_dir = Path(tmp) / str(leg)
            data_dir.mkdir()
            first, o, t, g = await rules_keys(data_dir, count)
            firsts.append(first)
            opens, tabs, from_game = opens + o, tabs + t, from_game + g
    return [
        figure("the first `r` of a run builds it", firsts, bare),
        figure("`r` at home opens it", opens, bare),
        figure("`right`: the next game's rules", tabs, bare),
        figure("`?` in a Space Park game", from_game, bare),
    ]


def figures(quick: bool) -> list[Figure]:
    return asyncio.run(measure(quick))


if __name__ == "__main__":
    run_module(__doc__, figures)
