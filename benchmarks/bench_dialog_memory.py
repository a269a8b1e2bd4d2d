"""Memory while a dialog is opened and closed again and again.

    .venv/bin/python benchmarks/bench_dialog_memory.py [--cycles N]

Each scenario runs in a fresh subprocess under Textual's Pilot (headless, 100x32)
and opens and closes one dialog N times (default 300):

- bare: a bare Textual app, a screen with a Static, a ModalScreen with a Static
  answered by y/n;
- bare-footer: the same with Textual's own Footer on the screen under the dialog
  (its leak, Textualize/textual#6666, in isolation);
- continue-delete: tabletop's Continue screen, its delete confirm answered n;
- dragon-reset: a Pocket Dragon companion game, its reset confirm answered n.

Printed: resident memory (MB) after the first cycle and at each fifth of the
run, the live widgets then (after a full garbage collection) and how full
Textual's style cache is. That cache (an ``lru_cache`` of 1024 entries on
``StylesCache.get_inner_outer``, Textualize/textual#6665) keeps the styles of
closed widgets until it is full, so memory still climbs for a while after the
widgets stop growing, then levels off: after about 100 cycles for tabletop's
dialogs, about 510 for the bare one (2 entries a cycle, but big ones: run it with
--cycles 700 to see it level off).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import resource
import subprocess
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, ClassVar

from textual._styles_cache import StylesCache
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Footer, Static

SIZE = (100, 32)
SCENARIOS = ("bare", "bare-footer", "continue-delete", "dragon-reset")


def rss_mb() -> float:
    """Resident memory now (Linux), else the peak so far."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except OSError:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / (1024 * 1024 if sys.platform == "darwin" else 1024)
    return pages * resource.getpagesize() / 2**20


def live_widgets() -> int:
    gc.collect()
    return sum(isinstance(o, Widget) for o in gc.get_objects())


class Ask(ModalScreen[bool]):
    BINDINGS: ClassVar = [("y", "answer(True)", "Yes"), ("n", "answer(False)", "No")]

    def compose(self) -> ComposeResult:
        yield Static("Sure?\n\ny: yes    n: no")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class Under(Screen[None]):
    BINDINGS: ClassVar = [("d", "ask", "Delete")]

    def __init__(self, footer: bool) -> None:
        super().__init__()
        self.footer = footer

    def compose(self) -> ComposeResult:
        yield Static("the screen under the dialog")
        if self.footer:
            yield Footer()

    def action_ask(self) -> None:
        self.app.push_screen(Ask())


class Bare(App[None]):
    def __init__(self, footer: bool) -> None:
        super().__init__()
        self.footer = footer

    def get_default_screen(self) -> Screen[None]:
        return Under(self.footer)


async def open_continue(app: Any, pilot: Pilot[Any]) -> None:
    await pilot.press("c")


async def open_dragon(app: Any, pilot: Pilot[Any]) -> None:
    from tabletop.core.session import GameSession
    from tabletop.core.store import SeatInfo
    from tabletop.games.pocketdragon.engine import ENGINE

    seats = (SeatInfo("Ann"), SeatInfo("Bo"))
    options = {"mode": "companion", "difficulty": "easy"}
    app.play(GameSession.start(app.store, ENGINE, seats, options, 7))
    await pilot.press("space", "space")  # start, then pause: no clock ends the game meanwhile


def make_app(scenario: str, data: Path) -> tuple[App[Any], Callable[..., Awaitable[None]] | None]:
    """The app, and what opens the screen under the dialog (None: the app starts on it)."""
    if scenario.startswith("bare"):
        return Bare(footer=scenario == "bare-footer"), None
    from tabletop.core.session import GameSession
    from tabletop.core.store import SeatInfo, Store
    from tabletop.games.spacepark.engine import ENGINE
    from tabletop.tui.app import TabletopApp

    store = Store(data / "tabletop.db")
    GameSession.start(store, ENGINE, (SeatInfo("Ann"), SeatInfo("Bob")), {}, 1)
    return TabletopApp(store), open_continue if scenario == "continue-delete" else open_dragon


async def run(scenario: str, cycles: int) -> None:
    keys = ("r", "n") if scenario == "dragon-reset" else ("d", "n")
    with tempfile.TemporaryDirectory() as data:
        app, open_screen = make_app(scenario, Path(data))
        async with app.run_test(size=SIZE) as pilot:
            if open_screen is not None:
                await open_screen(app, pilot)
                await pilot.pause()
            under = app.screen
            marks = {1, *(cycles * k // 5 for k in range(1, 6))}
            for cycle in range(1, cycles + 1):
                await pilot.press(keys[0])
                await pilot.pause()
                assert isinstance(app.screen, ModalScreen), f"no dialog in {scenario}"
                await pilot.press(keys[1])
                await pilot.pause()
                assert app.screen is under
                if cycle in marks:
                    cache = StylesCache.get_inner_outer.cache_info()
                    print(
                        f"{scenario:16} cycle {cycle:4}: {rss_mb():6.1f} MB, "
                        f"{live_widgets():4} live widgets, "
                        f"style cache {cache.currsize}/{cache.maxsize}",
                        flush=True,
                    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cycles", type=int, default=300)
    parser.add_argument("--scenario", choices=SCENARIOS, help="run one, in this process")
    args = parser.parse_args()
    if args.scenario:
        asyncio.run(run(args.scenario, args.cycles))
        return
    for scenario in SCENARIOS:
        command = [sys.executable, __file__, "--scenario", scenario, "--cycles", str(args.cycles)]
        subprocess.run(command, check=True)


if __name__ == "__main__":
    main()
