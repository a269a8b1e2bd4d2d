"""Moments as tabletop keeps them: seconds since 1970-01-01 UTC (a float), bounded to
what every platform can show, and the one way a screen (or the CLI) writes one."""

from __future__ import annotations

import math
import time

FIRST_MOMENT = 0.0
"""1970-01-01 00:00:00 UTC: no game began before it."""
LAST_MOMENT = 253_402_300_799.0
"""9999-12-31 23:59:59 UTC: the last moment a date of four digits can name."""


def is_moment(value: object) -> bool:
    """A number of seconds within FIRST_MOMENT .. LAST_MOMENT (not a bool, not NaN)."""
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and FIRST_MOMENT <= value <= LAST_MOMENT
    )


def shown(stamp: float, form: str = "%Y-%m-%d %H:%M") -> str:
    """``stamp`` as local time in ``form`` (time.strftime's); a moment the platform
    cannot turn into local time (past the year 9999 in a zone east of UTC, say) is
    shown in UTC, and a value that is no moment as "?"."""
    if not is_moment(stamp):
        return "?"
    try:
        return time.strftime(form, time.localtime(stamp))
    except (OverflowError, OSError, ValueError):
        return time.strftime(form, time.gmtime(stamp))
