"""The companion app's clocks: main timer, hunger timer and the clue countdown.

All times are whole milliseconds of running time, so the arithmetic is exact and
running the clocks to a moment in one step or in many gives the same state.
"""

from __future__ import annotations

from tabletop.games.pocketdragon.model import (
    CLUE_INTERVAL_MS,
    FEED_WINDOW_S,
    HUNGER_S,
    LATEST_S,
    PocketDragonState,
)


def to_ms(seconds: float) -> int:
    """A caller's clock reading in whole milliseconds (PD-TIME-2)."""
    return round(max(-LATEST_S, min(seconds, LATEST_S)) * 1000)


def display(ms_left: int) -> int:
    """The app's whole-second display: seconds left rounded up (PD-TIME-3)."""
    return -(-max(ms_left, 0) // 1000)


def main_left_ms(state: PocketDragonState) -> int:
    return state.level.main_s * 1000 - state.elapsed_ms


def hunger_left_ms(state: PocketDragonState) -> int:
    return state.hunger_deadline_ms - state.elapsed_ms


def feed_open(state: PocketDragonState) -> bool:
    """The Feed button: the game runs and the hunger display reads 30 or less."""
    return state.status == "running" and display(hunger_left_ms(state)) <= FEED_WINDOW_S


def feed(state: PocketDragonState) -> None:
    """Restart the hunger timer at 120 s minus the displayed seconds left (PD-FEED-2)."""
    shown = display(hunger_left_ms(state))
    state.hunger_deadline_ms = state.elapsed_ms + (HUNGER_S - shown) * 1000


def draw_clue_interval(state: PocketDragonState) -> int:
    return state.rng.randint(*CLUE_INTERVAL_MS)


def run_to(state: PocketDragonState, now_ms: int) -> None:
    """Run the clocks to the caller's time ``now_ms``; nothing moves unless running.

    Clues due before the first timer runs out are gained in order (each gain
    draws the next interval); a timer reaching zero loses and stops the clocks
    at that very moment, whatever ``now_ms`` is beyond it.
    """
    if state.status != "running" or now_ms <= state.now_ms:
        return
    target = state.elapsed_ms + (now_ms - state.now_ms)
    main_end = state.level.main_s * 1000
    loss_at = min(main_end, state.hunger_deadline_ms)
    while state.next_clue_ms <= min(target, loss_at - 1):
        state.clues += 1
        state.next_clue_ms += draw_clue_interval(state)
    if target < loss_at:
        state.now_ms, state.elapsed_ms = now_ms, target
        return
    state.now_ms += loss_at - state.elapsed_ms
    state.elapsed_ms = loss_at
    state.status = "lost"
    state.loss = "main_timer" if main_end <= state.hunger_deadline_ms else "hunger"
