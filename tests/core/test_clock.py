"""Clocks are injected: the fake one moves only when a test moves it."""

import pytest

from tabletop.core.clock import FakeClock, MonotonicClock


def test_fake_clock_moves_only_by_hand() -> None:
    clock = FakeClock()
    assert clock.now() == 0.0
    clock.advance(1.5)
    clock.set(10.0)
    assert clock.now() == 10.0


def test_fake_clock_never_goes_backwards() -> None:
    clock = FakeClock(5.0)
    with pytest.raises(ValueError):
        clock.set(4.0)
    with pytest.raises(ValueError):
        clock.advance(-1)
    assert clock.now() == 5.0


def test_monotonic_clock_starts_near_zero_and_never_decreases() -> None:
    clock = MonotonicClock()
    first = clock.now()
    assert 0.0 <= first < 1.0
    assert clock.now() >= first
