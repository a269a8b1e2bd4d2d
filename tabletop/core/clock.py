"""Clocks for real-time games. Engines never read the wall clock: the caller
asks a Clock for ``now`` and hands it to the engine as data."""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the clock started; never goes backwards."""
        ...


class MonotonicClock:
    """The real clock, immune to wall-clock changes."""

    def __init__(self) -> None:
        self._start = time.monotonic()

    def now(self) -> float:
        return time.monotonic() - self._start


class FakeClock:
    """A clock the tests move by hand."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("a clock cannot go backwards")
        self._now += seconds

    def set(self, now: float) -> None:
        if now < self._now:
            raise ValueError("a clock cannot go backwards")
        self._now = now
