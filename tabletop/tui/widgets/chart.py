"""Charts: textual-plotext's plot, without its leak. Imported by the screens that draw
charts only (plotext is not loaded at start-up).

PlotextPlot subscribes to the app's theme signal with a callback that holds the plot,
and Textual drops a removed widget's subscription only at the next theme change: every
closed screen kept its chart alive (tests/tui/test_dialog_memory.py)."""

from __future__ import annotations

from textual_plotext import PlotextPlot


class Chart(PlotextPlot):
    def on_unmount(self) -> None:
        self.app.theme_changed_signal.unsubscribe(self)
