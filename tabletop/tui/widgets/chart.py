"""Charts: textual-plotext's plot, without its leak, with whole-number ticks and a
legend of its own. Imported by the screens that draw charts only (plotext is not
loaded at start-up).

PlotextPlot subscribes to the app's theme signal with a callback that holds the plot,
and Textual drops a removed widget's subscription only at the next theme change: every
closed screen kept its chart alive (tests/tui/test_dialog_memory.py)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Mapping, Sequence

from textual.content import Content
from textual.widgets import Static
from textual_plotext import PlotextPlot

from tabletop.tui.text import flow, plain

MOST_TICKS = 6
"""An axis has at most this many ticks (their labels need room at 80 columns)."""
MARKS = ("•", "×", "+", "○", "▪", "◆")
"""Each line's mark, in turn: lines are told apart without colour too (NO_COLOR)."""
COLOURS = ((0, 130, 200), (60, 180, 75), (230, 25, 75), (245, 130, 48), (145, 30, 180))
"""Each line's colour, in turn (textual-plotext's own first colours, its yellow left
out: it did not read on a light theme)."""


class Chart(PlotextPlot):
    def on_unmount(self) -> None:
        self.app.theme_changed_signal.unsubscribe(self)

    def plot_lines(
        self, lines: Mapping[str, tuple[Sequence[float], Sequence[float]]]
    ) -> list[Content]:
        """Each named line (its xs and ys) in a mark and colour of its own; gives back
        the legend's entries, for a ``Legend`` beside the plot: plotext's own legend is
        drawn inside the plot, over the lines (five players' names covered its top left)."""
        legend: list[Content] = []
        styles = zip(itertools.cycle(MARKS), itertools.cycle(COLOURS), strict=False)
        for (name, (xs, ys)), (mark, colour) in zip(lines.items(), styles, strict=False):
            self.plt.plot(list(xs), list(ys), marker=mark, color=colour)
            red, green, blue = colour
            legend.append(plain(f"{mark} {name}", f"bold #{red:02x}{green:02x}{blue:02x}"))
        return legend

    def whole_ticks(self, xs: tuple[float, float], ys: tuple[float, float] | None = None) -> None:
        """Whole-number ticks over ``xs`` (moves, games), and over ``ys`` if given (points,
        XP, percentages): plotext's own are fractions ("279.5" moves)."""
        plt = self.plt
        ticks = whole_ticks(*xs)
        plt.xticks([float(t) for t in ticks], [str(t) for t in ticks])
        if ys is not None:
            ticks = whole_ticks(*ys)
            plt.yticks([float(t) for t in ticks], [str(t) for t in ticks])


class Legend(Static):
    """A chart's legend: its entries on as few lines as the width holds, each entry
    whole on one line (a wrapped entry left a name without its mark)."""

    GAP = "   "

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.entries: list[Content] = []

    def show(self, entries: list[Content]) -> None:
        self.entries = entries
        self._pack()

    def on_resize(self) -> None:
        self._pack()

    def _pack(self) -> None:
        self.update(flow(Content(), self.entries, self.content_region.width, 0, self.GAP))


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
