"""The companion app's clocks, on time given as data: exact losses, the Feed window,
the clue pool, pause and path independence."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core.errors import IllegalAction
from tabletop.core.record import GameRecord, replay
from tabletop.core.session import rebuilt
from tabletop.games.pocketdragon.engine import ENGINE
from tabletop.games.pocketdragon.model import caused, with_now
from tests.pocketdragon.helpers import act, action, at, keep_fed, new, started, view
from tests.rulekit import assert_refused


@pytest.mark.rule("PD-LOSE-1", "PD-SETUP-2")
@pytest.mark.parametrize(("difficulty", "seconds"), [("easy", 300), ("medium", 360), ("hard", 420)])
def test_main_timer_runs_out_at_its_exact_second(difficulty: str, seconds: int) -> None:
    """PD-LOSE-1, PD-SETUP-2, PD-TIME-1: 300/360/420 s; zero loses, not a moment sooner."""
    state = keep_fed(started("companion", difficulty), seconds)
    just_before = at(state, seconds - 0.001)
    assert just_before.status == "running"
    assert view(just_before, 0).clocks.main_display == 1
    over = at(state, seconds)
    assert (over.status, over.loss) == ("lost", "main_timer")
    assert view(over, 0).clocks.main_left == 0.0
    assert view(over, 0).clocks.main_display == 0  # PD-TIME-3: reads 0 once run out
    outcome = ENGINE.outcome(over)
    assert outcome is not None and outcome.winners == () and outcome.scores == (0, 0)
    assert "main timer" in outcome.summary


@pytest.mark.rule("PD-LOSE-2", "PD-LOSE-5")
def test_hunger_runs_out_at_120_seconds_and_the_clocks_stop() -> None:
    """PD-LOSE-2, PD-TIME-1, PD-LOSE-5: hunger zero loses at 120.000 s and freezes the game."""
    state = started("table")
    assert view(at(state, 119.999), 0).clocks.hunger_display == 1
    assert at(state, 119.999).status == "running"
    starved = at(state, 120.0)
    assert (starved.status, starved.loss) == ("lost", "hunger")
    outcome = ENGINE.outcome(starved)
    assert outcome is not None and (outcome.winners, outcome.scores) == ((), (0, 0))
    assert outcome.summary == "The dragon went hungry: it was not fed in time."
    assert ENGINE.state_json(at(starved, 500.0)) == ENGINE.state_json(starved)
    assert ENGINE.state_json(at(state, 500.0)) == ENGINE.state_json(starved)
    assert_refused(ENGINE, starved, action("collect_food", 130.0, place=0), "TT-OVER-1")


@pytest.mark.rule("PD-TIME-3")
def test_the_display_shows_whole_seconds_rounded_up() -> None:
    """PD-TIME-3: ceil of the seconds left; 300 during the first second of Easy."""
    state = started("companion")
    clocks = view(state, None).clocks
    assert (clocks.main_display, clocks.hunger_display) == (300, 120)
    assert view(at(state, 0.001), None).clocks.main_display == 300
    assert view(at(state, 0.5), None).clocks.main_left == 299.5
    assert view(at(state, 1.0), None).clocks.main_display == 299
    assert view(at(state, 1.0), None).clocks.hunger_display == 119
    assert view(at(state, 89.5), None).clocks.hunger_display == 31


@pytest.mark.rule("PD-FEED-2")
def test_feeding_at_30_seconds_left_gives_90() -> None:
    """PD-FEED-1, PD-FEED-2: the window opens when the display reads 30 (30.000 s left)."""
    state = started("companion")
    assert not view(at(state, 89.999), 0).clocks.feed_available
    assert_refused(ENGINE, state, action("log_feed", 89.999, discarded=1), "PD-FEED-1")
    assert view(at(state, 90.0), 0).clocks.feed_available
    fed = act(state, "log_feed", 90.0, discarded=1)
    assert view(fed, 0).clocks.hunger_left == 90.0
    assert fed.hunger_deadline_ms == 180_000


@pytest.mark.rule("PD-FEED-2", "PD-TIME-3")
def test_feeding_uses_the_displayed_seconds() -> None:
    """PD-FEED-2, PD-TIME-3: with 29.5 s left the display reads 30, so hunger restarts at 90."""
    fed = act(started("companion"), "log_feed", 90.5, discarded=1)
    assert view(fed, 1).clocks.hunger_left == 90.0
    assert view(fed, 1).clocks.hunger_display == 90


@pytest.mark.rule("PD-FEED-2")
def test_feeding_at_1_second_left_gives_119() -> None:
    """PD-FEED-2: waiting is rewarded."""
    state = started("companion")
    assert view(act(state, "log_feed", 119.0, discarded=1), 0).clocks.hunger_left == 119.0
    assert view(act(state, "log_feed", 119.999, discarded=1), 0).clocks.hunger_display == 119


@pytest.mark.rule("PD-FEED-1")
@pytest.mark.parametrize("mode", ["companion", "table"])
def test_the_feed_window_is_shut_unless_the_game_runs(mode: str) -> None:
    """PD-FEED-1: 25 s of hunger left opens the window only while the clocks run; paused
    or starved, the display reads 30 or less and still nobody may feed."""
    hungry = at(started(mode), 95.0)
    assert view(hungry, 0).clocks.feed_available
    paused = act(hungry, "pause", 95.0)
    assert view(paused, 0).clocks.hunger_display == 25
    assert not view(paused, 0).clocks.feed_available
    assert view(act(paused, "resume", 96.0), 0).clocks.feed_available
    starved = at(hungry, 120.0)
    assert starved.status == "lost" and view(starved, 0).clocks.hunger_display == 0
    assert not view(starved, 0).clocks.feed_available


def test_feeding_at_31_seconds_left_is_refused() -> None:
    """PD-FEED-1: 31 s left is outside the Feed window; nothing changes."""
    state = started("companion")
    assert_refused(ENGINE, state, action("log_feed", 89.0, discarded=1), "PD-FEED-1")
    assert_refused(ENGINE, state, action("log_feed", 89.0, seat=1, discarded=2), "PD-FEED-1")


def expected_clue_times(seed: int) -> list[int]:
    """The moments (ms of running time) clues arrive, drawn from the game's own RNG."""
    rng = new("companion", seed=seed).rng.copy()
    times, t = [], 0
    for _ in range(12):
        t += rng.randint(15_000, 20_000)
        times.append(t)
    return times


@pytest.mark.rule("PD-CLUE-1")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_clue_pool_gains_one_after_each_15_to_20_seconds(seed: int) -> None:
    """PD-CLUE-1: +1 at each drawn moment, intervals within 15..20 s, redrawn every time."""
    times = expected_clue_times(seed)
    gaps = [b - a for a, b in zip([0, *times], times, strict=False)]
    assert all(15_000 <= gap <= 20_000 for gap in gaps)
    assert len(set(gaps)) > 1
    state = started("companion", seed=seed)
    for gained, ms in enumerate(times[:5], start=1):
        assert at(state, ms / 1000 - 0.001).clues == 3 + gained - 1
        assert at(state, ms / 1000).clues == 3 + gained


@pytest.mark.rule("PD-CLUE-1")
def test_the_clue_pool_has_no_cap() -> None:
    """PD-CLUE-1: by 300 s of feeding and waiting the pool holds every clue it gained."""
    times = expected_clue_times(4)
    state = keep_fed(started("companion", seed=4), 200)
    gained = sum(1 for t in times if t <= 200_000)
    assert at(state, 200.0).clues == 3 + gained >= 12


def test_pause_stops_every_clock_and_resume_carries_on() -> None:
    """PD-TIME-4: time passing while paused changes nothing; resume continues."""
    state = at(started("companion", seed=5), 10.0)
    paused = act(state, "pause", 10.0, seat=1)
    assert ENGINE.state_json(at(paused, 1000.0)) == ENGINE.state_json(paused)
    assert view(at(paused, 1000.0), 0).clock == 10.0
    assert_refused(ENGINE, paused, action("pause", 20.0), "PD-TIME-4")
    assert_refused(ENGINE, paused, action("log_success", 20.0), "PD-TIME-5")
    resumed = act(paused, "resume", 1000.0)
    assert_refused(ENGINE, resumed, action("resume", 1000.0), "PD-TIME-4")
    later = at(resumed, 1010.0)
    assert view(later, 0).clocks.main_left == 280.0
    assert view(later, 0).clocks.hunger_left == 100.0
    unpaused = at(started("companion", seed=5), 20.0)
    assert (later.clues, later.next_clue_ms) == (unpaused.clues, unpaused.next_clue_ms)


@pytest.mark.rule("PD-TIME-2")
def test_a_late_action_happens_at_the_games_clock() -> None:
    """PD-TIME-2: readings are whole milliseconds and time never runs backwards."""
    state = at(started("companion"), 50.0)
    assert ENGINE.state_json(at(state, 40.0)) == ENGINE.state_json(state)
    paused = act(state, "pause", 40.0)
    assert view(paused, 0).clocks.main_left == 250.0
    assert at(started("companion"), 12.3456).elapsed_ms == 12_346


@pytest.mark.rule("PD-LOSE-5")
def test_both_timers_at_once_name_the_main_timer_and_a_due_clue_is_lost() -> None:
    """PD-LOSE-5: feeding at 30 s left three times puts hunger's end at 300 s, with Easy's."""
    state = started("companion")
    for feed_at in (90.0, 150.0, 210.0):
        state = act(state, "log_feed", feed_at, discarded=1)
    assert state.hunger_deadline_ms == 300_000
    due = copy.deepcopy(state)
    due.next_clue_ms = 300_000
    clues = at(due, 299.999).clues
    over = at(due, 300.0)
    assert (over.status, over.loss, over.clues) == ("lost", "main_timer", clues)
    # A clue due a millisecond before the loss is still gained.
    due.next_clue_ms = 299_999
    assert at(due, 300.0).clues == clues + 1


def test_game_actions_need_the_clocks_running() -> None:
    """PD-TIME-5, PD-TIME-1: nothing before Start, Start only once."""
    state = new("companion")
    assert_refused(ENGINE, state, action("log_success", 1.0), "PD-TIME-5")
    assert_refused(ENGINE, state, action("log_general_clue", 1.0), "PD-TIME-5")
    assert_refused(ENGINE, started("companion"), action("start", 1.0, seat=1), "PD-TIME-1")
    table_game = new("table")
    assert_refused(ENGINE, table_game, action("collect_food", 1.0, place=0), "PD-TIME-5")
    # Each stopped state says why, in players' words.
    paused = act(started("companion"), "pause", 1.0)
    won = act(act(act(started("companion"), "log_success", 1), "log_success", 2), "log_success", 3)
    lost = at(started("companion"), 120.0)
    for stopped, rule, why in (
        (state, "PD-TIME-5", "Press Start first."),
        (paused, "PD-TIME-5", "The game is paused: resume it first."),
        (won, "TT-OVER-1", "The game is over."),
        (lost, "TT-OVER-1", "The game is over."),
    ):
        refusal = assert_refused(ENGINE, stopped, action("log_mistake", 130.0), rule)
        assert refusal.message == why


def test_reset_goes_back_to_before_the_start() -> None:
    """PD-TIME-6: full clocks, 3 clues, fresh clue countdown, starting Happiness."""
    state = act(started("companion", "medium"), "log_mistake", 40.0)
    state = act(state, "log_success", 41.0, seat=1)
    state = act(state, "log_specific_clue", 42.0)
    reset = act(state, "reset", 43.0, seat=1)
    look = view(reset, 0)
    assert (look.status, look.happiness, look.successes_left, look.clocks.clues) == (
        "ready",
        3,
        5,
        3,
    )
    assert (look.clocks.main_display, look.clocks.hunger_display) == (360, 120)
    assert ENGINE.outcome(reset) is None
    assert_refused(ENGINE, reset, action("reset", 44.0), "PD-TIME-6")
    late = act(reset, "start", 40.0)  # a reading from before the reset: PD-TIME-2
    assert view(at(late, 60.0), 0).clocks.main_left == 360.0 - (60.0 - 43.0)
    again = act(reset, "start", 50.0)
    assert 15_000 <= again.next_clue_ms <= 20_000
    assert view(at(again, 60.0), 0).clocks.main_left == 350.0
    lost = act(
        act(act(act(again, "log_mistake", 51), "log_mistake", 52), "log_mistake", 53),
        "log_mistake",
        54,
    )
    assert lost.status == "lost"
    assert act(lost, "reset", 55.0).status == "ready"
    assert_refused(ENGINE, started("table"), action("reset", 5.0), "PD-SETUP-6")


times = st.lists(st.floats(min_value=0, max_value=700, allow_nan=False), min_size=1, max_size=12)


@pytest.mark.rule("PD-TIME-2")
@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    mode=st.sampled_from(["companion", "table"]),
    difficulty=st.sampled_from(["easy", "medium", "hard"]),
    steps=times,
    well_fed=st.booleans(),
)
def test_advancing_in_one_step_or_many_gives_the_same_state(
    seed: int, mode: str, difficulty: str, steps: list[float], well_fed: bool
) -> None:
    """PD-TIME-2: path independence, through clue gains and losses."""
    state = started(mode, difficulty, seed)
    if well_fed:  # let the main timer and the clue pool run long
        state.hunger_deadline_ms = 1_000_000
    walked = state
    for now in sorted(steps):
        walked = at(walked, now)
    assert ENGINE.state_json(walked) == ENGINE.state_json(at(state, max(steps)))


@pytest.mark.parametrize("status", ["ready", "paused", "won", "lost"])
def test_advancing_clocks_that_do_not_run_gives_the_same_state(status: str) -> None:
    """PD-TIME-4, PD-TIME-5: before the start, paused or over, the clocks stay: advance
    gives back the very state (the session saves the clocks' reading only when they ran)."""
    state = {
        "ready": new("companion"),
        "paused": act(started("companion"), "pause", 10.0),
        "won": act(
            act(act(started("companion"), "log_success", 1.0), "log_success", 2.0),
            "log_success",
            3.0,
        ),
        "lost": at(started("companion"), 500.0),
    }[status]
    assert state.status == status
    assert ENGINE.advance(state, 1000.0).state is state


@pytest.mark.rule("PD-TIME-2")
def test_advancing_to_the_games_own_clock_or_earlier_gives_the_same_state() -> None:
    """PD-TIME-2: time never runs backwards, and a reading equal to the game's moves nothing."""
    state = at(started("companion"), 50.0)
    assert ENGINE.advance(state, 50.0).state is state
    assert ENGINE.advance(state, 49.0).state is state
    later = ENGINE.advance(state, 50.001).state
    assert later is not state and later.elapsed_ms == 50_001


@pytest.mark.rule("PD-FEED-5")
def test_a_feed_carries_the_moment_feed_was_pressed() -> None:
    """PD-FEED-5: pressed with 1.5 s of hunger left, chosen 3 s later: the feed at the
    press saves the dragon (restarting hunger at 120 - 2), whereas the same feed stamped
    at the choice would come after the dragon starved."""
    state = started("companion")
    pressed_at = 118.5
    fed = act(state, "log_feed", pressed_at, discarded=2)
    assert fed.status == "running" and view(fed, 0).clocks.hunger_left == 118.0
    assert view(at(fed, pressed_at + 3), 0).clocks.hunger_left == 115.0
    assert_refused(ENGINE, state, action("log_feed", pressed_at + 3, discarded=2), "TT-OVER-1")


def log_of(state: object, kind: str, now: float, seat: int = 0, **fields: object) -> list[str]:
    action = ENGINE.parse_action({"kind": kind, "seat": seat, "now": now, **fields})
    return [event.text for event in ENGINE.apply(state, action).events]


@pytest.mark.rule("PD-TIME-7")
@pytest.mark.parametrize("mode", ["table", "companion"])
def test_a_pause_nobody_pressed_says_what_happened(mode: str) -> None:
    """PD-TIME-7: the host's pause for a seat away names who is away, its resume says all
    are back, and a game reopened after it was closed running says where the clocks
    stopped; none of them says a player paused. The clocks stop and run as PD-TIME-4's."""
    state = at(started(mode, seed=5), 12.5)
    assert log_of(state, "pause", 12.5, seat=1, cause="away") == [
        "Bo is away: the clocks are paused."
    ]
    assert log_of(state, "pause", 12.5, cause="reopened") == [
        "The game was closed while the clocks ran: they stopped with 288 s left."
    ]
    away = act(state, "pause", 12.5, seat=1, cause="away")
    assert ENGINE.state_json(away) == ENGINE.state_json(act(state, "pause", 12.5, seat=1))
    assert log_of(away, "resume", 50.0, cause="away") == ["Everyone is back: the clocks run again."]
    back = act(away, "resume", 50.0, cause="away")
    assert ENGINE.state_json(back) == ENGINE.state_json(act(away, "resume", 50.0))
    assert_refused(ENGINE, away, action("pause", 51.0, cause="away"), "PD-TIME-4")
    assert_refused(ENGINE, back, action("resume", 51.0, cause="away"), "PD-TIME-4")


@pytest.mark.rule("PD-TIME-7")
def test_only_a_pause_has_a_cause_and_a_players_is_left_out_of_the_record() -> None:
    """PD-TIME-7: a resume is never for a reopened game, and a cause no game has is
    malformed; a player's pause or resume is recorded as before the cause existed."""
    state = at(started("table"), 3.0)
    with pytest.raises(IllegalAction, match=r"\[ACTION-FORMAT\] pause.cause"):
        ENGINE.parse_action({"kind": "pause", "seat": 0, "now": 3.0, "cause": "tired"})
    with pytest.raises(IllegalAction, match=r"\[ACTION-FORMAT\] resume.cause"):
        ENGINE.parse_action({"kind": "resume", "seat": 0, "now": 3.0, "cause": "reopened"})
    pause = ENGINE.legal_actions(state, 0)[0]
    assert ENGINE.dump_action(pause) == {"seat": 0, "now": 3.0, "kind": "pause"}


@pytest.mark.rule("PD-TIME-7")
def test_a_record_stored_before_pauses_had_a_cause_replays_the_same() -> None:
    """PD-TIME-4, PD-TIME-7: a record of old rows (a pause and a resume with no cause)
    loads and replays as it did: the same state and the players' own log lines."""
    record = GameRecord.model_validate_json(
        '{"game":"pocketdragon","setup":{"players":["Ann","Bo"],'
        '"options":{"mode":"table","difficulty":"easy"}},"seed":7,"actions":['
        '{"seat":0,"now":0.0,"kind":"start"},'
        '{"seat":1,"now":4.25,"kind":"pause"},'
        '{"seat":0,"now":60.0,"kind":"resume"},'
        '{"seat":0,"now":61.5,"kind":"collect_food","place":3}]}'
    )
    state = replay(ENGINE, record)
    assert (state.now_ms, state.elapsed_ms, state.status) == (61_500, 5_750, "running")
    assert [ENGINE.dump_action(ENGINE.parse_action(a)) for a in record.actions] == record.actions
    _, steps = rebuilt(ENGINE, record, None)
    assert [e.text for step in steps[1:3] for e in step.events] == [
        "Bo pauses the game.",
        "Ann resumes the game.",
    ]


@pytest.mark.rule("PD-TIME-7")
def test_the_app_stamps_its_own_pauses_and_a_screen_its_clock() -> None:
    """PD-TIME-7: the host's pause is for a seat away or for a reopened game, its resume
    only for everyone back; with_now moves an action to the screen's clock and keeps the
    rest, and the stamped pause is applied as the app's, not the player's."""
    state = at(started("table"), 3.0)
    pause = action("pause", 3.0, seat=1)
    assert caused(pause, 8.5) == action("pause", 8.5, seat=1, cause="away")
    assert caused(pause, 8.5, reopened=True) == action("pause", 8.5, seat=1, cause="reopened")
    resume = action("resume", 3.0)
    assert caused(resume, 9.0) == action("resume", 9.0, cause="away")
    with pytest.raises(AssertionError, match="only the clocks are held"):
        caused(resume, 9.0, reopened=True)
    peek = action("peek", 0.0, places=[2, 7])
    assert with_now(peek, 4.25) == action("peek", 4.25, places=[2, 7])
    away = ENGINE.apply(state, caused(pause, 4.0))
    assert [e.text for e in away.events] == ["Bo is away: the clocks are paused."]
    assert away.state.now_ms == 4_000


@pytest.mark.rule("PD-FEED-1", "PD-TIME-5")
def test_the_feed_window_is_open_only_while_the_clocks_run() -> None:
    """PD-FEED-1, PD-TIME-5: 30 s of hunger left opens the Feed button; a pause closes it
    (and Feed is refused) until the game resumes."""
    hungry = at(started("companion"), 95.0)
    assert view(hungry, 0).clocks.feed_available
    paused = act(hungry, "pause", 95.0)
    assert not view(paused, 0).clocks.feed_available
    assert_refused(ENGINE, paused, action("log_feed", 96.0, discarded=1), "PD-TIME-5")
    assert view(act(paused, "resume", 99.0), 0).clocks.feed_available
