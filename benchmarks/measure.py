"""What every benchmark shares: a figure beside its reference and target, interleaved legs.

Each benchmark module has ``figures(quick) -> list[Figure]`` (run_all.py prints them
all as one table) and a ``main()`` printing its own. A figure is measured against a
reference taken in the same run, leg by leg in turn (reference, ours, reference,
ours...), so that a machine busy for a moment slows both sides alike; the figure
is the median over the legs.
"""

from __future__ import annotations

import argparse
import os
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Figure:
    """One row of the table: our figure, its reference, their ratio and the target."""

    name: str
    ours: str
    reference: str
    ratio: float
    """ours / reference, in the direction the target is written (time: lower is better)."""
    target: str
    met: bool


def interleaved(legs: int, sides: dict[str, Callable[[], T]]) -> dict[str, list[T]]:
    """Run each side once per leg, in turn; every result, by side."""
    results: dict[str, list[T]] = {name: [] for name in sides}
    for _ in range(legs):
        for name, run in sides.items():
            results[name].append(run())
    return results


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def ms(seconds: float) -> str:
    places = 0 if seconds >= 0.01 else 1 if seconds >= 0.001 else 2
    return f"{seconds * 1000:.{places}f} ms"


def table(figures: Sequence[Figure]) -> str:
    """The figures as a Markdown table (it reads as well in a terminal)."""
    rows = [("figure", "ours", "reference", "ratio", "target", "met")]
    for f in figures:
        rows.append((f.name, f.ours, f.reference, f"{f.ratio:.2f}x", f.target, _met(f.met)))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]

    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)) + " |"

    lines = [line(row) for row in rows]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def _met(met: bool) -> str:
    return "yes" if met else "NO"


def load() -> str:
    """The machine's load averages, for the record: the figures depend on it."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def run_module(doc: str | None, figures: Callable[[bool], list[Figure]]) -> None:
    """A benchmark module's ``main``: ``--quick`` or not, then its table."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer legs and games")
    args = parser.parse_args()
    print(load())
    print(table(figures(args.quick)))
