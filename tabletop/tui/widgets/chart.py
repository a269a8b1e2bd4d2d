"""Charts: textual-plotext's plot, without its leak, and whole-number ticks. Imported by
the screens that draw charts only (plotext is not loaded at start-up).

PlotextPlot subscribes to the app's theme signal with a callback that holds the plot,
and Textual drops a removed widget's subscription only at the next theme change: every
closed screen kept its chart alive (tests/tui/test_dialog_memory.py)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator

from textual_plotext import PlotextPlot

MOST_TICKS = 6
"""An axis has at most this many ticks (their labels need room at 80 columns)."""


class Chart(PlotextPlot):
    def on_unmount(self) -> None:
        self.app.theme_changed_signal.unsubscribe(self)

    def whole_ticks(self, xs: tuple[float, float], ys: tuple[float, float] | None = None) -> None:
        """Whole-number ticks over ``xs`` (moves, games), and over ``ys`` if given (points,
        XP, percentages): plotext's own are fractions ("279.5" moves)."""
        plt = self.plt
        ticks = whole_ticks(*xs)
        plt.xticks([float(t) for t in ticks], [str(t) for t in ticks])
        if ys is not None:
            ticks = whole_ticks(*ys)
            plt.yticks([float(t) for t in ticks], [str(t) for t in ticks])


def whole_ticks(low: float, high: float, most: int = MOST_TICKS) -> list[int]:
    """Whole numbers from ``low`` to ``high``, a round step apart (1, 2 or 5 times a
    power of ten), at most ``most`` of them."""
    first, last = math.ceil(low), math.floor(high)
    step = next(s for s in _round_steps() if (last - first) // s + 1 <= most)
    start = math.ceil(first / step) * step
    return list(range(start, last + 1, step)) or [first]


def _round_steps() -> Iterator[int]:
    for power in itertools.count():
        for factor in (1, 2, 5):
            yield factor * 10**power
