"""Charts: textual-plotext's plot, without its leak, with whole-number ticks, a legend
of its own and lines in colours that read in the theme on show. Imported by the
screens that draw charts only (plotext is not loaded at start-up).

PlotextPlot subscribes to the app's theme signal with a callback that holds the plot,
and Textual drops a removed widget's subscription only at the next theme change: every
closed screen kept its chart alive (tests/tui/test_dialog_memory.py)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache

from textual.color import Color
from textual.content import Content
from textual.widgets import Static
from textual_plotext import PlotextPlot

from tabletop.tui.contrast import RGB, readable
from tabletop.tui.text import flow, plain

MOST_TICKS = 6
"""An axis has at most this many ticks (their labels need room at 80 columns)."""
MARKS = ("•", "×", "+", "○", "▪", "◆")
"""Each line's mark, in turn: lines are told apart without colour too (NO_COLOR)."""
COLOURS = ("#0082c8", "#3cb44b", "#e6194b", "#f58230", "#911eb4")
"""Each line's colour, in turn, before it is made readable in the theme
(textual-plotext's own first colours, its yellow left out)."""


@cache  # a few ms a theme: worked out once for each
def line_colours(surface: str, background: str) -> tuple[RGB, ...]:
    """``COLOURS``, each with its lightness moved until it reads (as text: the legend
    and the plot's marks are text) on the plot, which textual-plotext paints the theme's
    ``surface`` (as RGB, a transparent one black), and on the theme's ``background`` and
    ``surface``, which the legend stands on."""
    canvas = Color(*Color.parse(surface).rgb)
    solid = [c for c in map(Color.parse, (surface, background)) if c.ansi is None and c.a]
    return tuple(readable(Color.parse(colour), [canvas, *solid]).rgb for colour in COLOURS)


class Chart(PlotextPlot):
    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._drawing: Callable[[], None] | None = None

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _: self._redraw())

    def on_unmount(self) -> None:
        self.app.theme_changed_signal.unsubscribe(self)

    def draw(self, drawing: Callable[[], None]) -> None:
        """Draw the chart with ``drawing``, on a clear plot, and again whenever the theme
        changes: the lines' colours are the theme's (``plot_lines``)."""
        self._drawing = drawing
        self._redraw()

    def _redraw(self) -> None:
        if self._drawing is not None:
            self.plt.clear_data()
            self.plt.clear_figure()
            self._drawing()
            self.refresh()

    def plot_lines(
        self, lines: Mapping[str, tuple[Sequence[float], Sequence[float]]]
    ) -> list[Content]:
        """Each named line (its xs and ys) in a mark and colour of its own; gives back
        the legend's entries, for a ``Legend`` beside the plot: plotext's own legend is
        drawn inside the plot, over the lines (five players' names covered its top left).
        In a theme of the terminal's own colours the legend is in the text colour (the
        terminal knows its background, not us): the marks tell the lines apart."""
        theme = self.app.theme_variables
        background = Color.parse(theme["background"])
        colours = line_colours(theme["surface"], theme["background"])
        legend: list[Content] = []
        styles = zip(itertools.cycle(MARKS), itertools.cycle(colours), strict=False)
        for (name, (xs, ys)), (mark, colour) in zip(lines.items(), styles, strict=False):
            self.plt.plot(list(xs), list(ys), marker=mark, color=colour)
            style = "bold" if background.ansi is not None else f"bold {Color(*colour).hex}"
            legend.append(plain(f"{mark} {name}", style))
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
