"""Companion mode: the physical cards are on the table, the engine is the app."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.games.pocketdragon.engine import ENGINE
from tests.pocketdragon.helpers import act, action, at, keep_fed, new, options, started, view
from tests.rulekit import assert_refused


@pytest.mark.rule("PD-SETUP-3", "PD-SETUP-2")
@pytest.mark.parametrize(
    ("difficulty", "happiness", "successes"), [("easy", 4, 3), ("medium", 3, 5), ("hard", 3, 7)]
)
def test_each_level_starts_with_its_happiness_and_successes(
    difficulty: str, happiness: int, successes: int
) -> None:
    """PD-SETUP-3, PD-SETUP-2."""
    look = view(new("companion", difficulty), 0)
    assert (look.happiness, look.successes_left, look.successes_needed) == (
        happiness,
        successes,
        successes,
    )
    assert look.status == "ready" and look.table is None


@pytest.mark.rule("PD-APP-1")
def test_either_player_presses_any_button() -> None:
    """PD-APP-1: no turns for the app; both seats may act and see the same buttons."""
    state = started("companion")
    assert ENGINE.to_act(state) == (0, 1)
    kinds = [{a.kind for a in ENGINE.legal_actions(state, seat)} for seat in (0, 1)]
    assert (
        kinds[0]
        == kinds[1]
        == {
            "pause",
            "reset",
            "log_general_clue",
            "log_specific_clue",
            "log_success",
            "log_mistake",
            "log_tidy_up",
        }
    )
    state = act(state, "log_success", 1.0, seat=1)
    state = act(state, "log_success", 2.0, seat=0)
    assert view(state, None).successes_left == 1


@pytest.mark.rule("PD-APP-1", "PD-APP-5")
def test_each_button_is_logged_naming_nobody_and_only_the_start_draws() -> None:
    """PD-APP-1, PD-APP-5, PD-TIME-1, PD-TIME-4, PD-TIME-6: every button is logged, naming
    nobody (the app cannot tell who pressed it, whatever seat the action carries); only
    Start draws from the game's randomness (the first clue interval)."""

    def press(state: Any, kind: str, now: float, seat: int = 0, **fields: Any) -> Any:
        action = ENGINE.parse_action({"kind": kind, "seat": seat, "now": now, **fields})
        return ENGINE.apply(state, action)

    state = new("companion")
    for kind, seat, now, line, hidden, fields in (
        ("start", 1, 0.0, "The clocks start.", True, {}),
        ("pause", 0, 1.0, "The game is paused.", False, {}),
        ("resume", 1, 1.0, "The game resumes.", False, {}),
        ("log_success", 0, 2.0, "A success is logged.", False, {}),
        ("log_general_clue", 1, 3.0, "A general clue is taken.", False, {}),
        ("log_specific_clue", 0, 4.0, "A specific clue is taken.", False, {}),
        ("log_mistake", 1, 5.0, "A mistake is logged.", False, {}),
        ("log_tidy_up", 0, 6.0, "A tidy up is logged.", False, {}),
        ("log_feed", 1, 100.0, "The dragon is fed 1 food card.", False, {"discarded": 1}),
        ("log_feed", 0, 175.0, "The dragon is fed 3 food cards.", False, {"discarded": 3}),
        ("reset", 0, 176.0, "The game is reset.", False, {}),
    ):
        pressed = press(state, kind, now, seat, **fields)
        said = [e.text for e in pressed.events if not e.text.startswith("A clue comes in")]
        assert (said, pressed.hidden) == ([line], hidden), kind
        assert not any(name in line for name in ("Ann", "Bo"))
        state = pressed.state


@pytest.mark.rule("PD-CLUE-1")
def test_each_clue_coming_in_is_logged_however_the_time_is_cut_up() -> None:
    """PD-CLUE-1: each clue the pool gains is told with the pool's size, once, whether
    the clocks ran by ticks (a screen's) or only with the next button (a replay)."""
    start = ENGINE.parse_action({"kind": "start", "seat": 0, "now": 0.0})
    clue = ENGINE.parse_action({"kind": "log_general_clue", "seat": 0, "now": 61.0})
    started = ENGINE.apply(new("companion"), start).state
    ticked, by_ticks = started, []
    for second in range(1, 62):
        moved = ENGINE.advance(ticked, float(second))
        by_ticks += [e.text for e in moved.events]
        ticked = moved.state
    by_ticks += [e.text for e in ENGINE.apply(ticked, clue).events]
    replayed = [e.text for e in ENGINE.apply(started, clue).events]
    gained = len(by_ticks) - 1
    assert 3 <= gained <= 4  # one every 15 to 20 s of the 61
    assert (
        by_ticks
        == replayed
        == [
            *(f"A clue comes in: {3 + n} clues in the pool." for n in range(1, gained + 1)),
            "A general clue is taken.",
        ]
    )


@pytest.mark.rule("PD-APP-4")
@pytest.mark.parametrize(
    "kind", ["log_general_clue", "log_specific_clue", "log_success", "log_mistake", "log_tidy_up"]
)
def test_bookkeeping_buttons_may_be_taken_back(kind: str) -> None:
    """PD-APP-4: a clue, a success, a mistake or a tidy up moves no clock: undoable."""
    assert ENGINE.irreversible(ENGINE.parse_action({"kind": kind, "seat": 1, "now": 5})) is None


@pytest.mark.rule("PD-APP-4")
@pytest.mark.parametrize(
    ("kind", "name", "fields"),
    [
        ("start", "Start", {}),
        ("pause", "Pause", {}),
        ("resume", "Resume", {}),
        ("reset", "Reset", {}),
        ("log_feed", "Feed", {"discarded": 2}),
    ],
)
def test_clock_buttons_are_never_taken_back(kind: str, name: str, fields: dict[str, Any]) -> None:
    """PD-APP-4: Start, Pause, Resume, Reset and Feed change the clocks."""
    action = ENGINE.parse_action({"kind": kind, "seat": 0, "now": 5, **fields})
    assert ENGINE.irreversible(action) == (
        f"{name} changes the clocks: it cannot be taken back (PD-APP-4)."
    )


@pytest.mark.rule("PD-APP-4")
@pytest.mark.parametrize(
    "data",
    [
        {"kind": "collect_food", "place": 3},
        {"kind": "general_clue", "skill": "wit"},
        {"kind": "end_peek"},
        {"kind": "give_up"},
    ],
)
def test_table_moves_are_never_taken_back(data: dict[str, Any]) -> None:
    """PD-APP-4: table mode has no undo, not even of a look closed or a clue."""
    action = ENGINE.parse_action({**data, "seat": 0, "now": 5})
    assert ENGINE.irreversible(action) == (
        "Table mode has no undo: cards were seen, and the game runs in real time (PD-APP-4)."
    )


def test_clue_buttons_cost_1_and_2_and_need_the_pool() -> None:
    """PD-CLUE-2: general 1, specific 2, each only while the pool covers it."""
    state = act(started("companion"), "log_specific_clue", 1.0)
    assert view(state, 0).clocks.clues == 1
    assert view(state, 0).clocks.general_clue_available
    assert not view(state, 0).clocks.specific_clue_available
    assert_refused(ENGINE, state, action("log_specific_clue", 2.0, seat=1), "PD-CLUE-2")
    state = act(state, "log_general_clue", 2.0, seat=1)
    assert view(state, 0).clocks.clues == 0
    assert not view(state, 0).clocks.general_clue_available
    assert_refused(ENGINE, state, action("log_general_clue", 3.0), "PD-CLUE-2")
    paused = act(started("companion"), "pause", 1.0)
    assert not view(paused, 0).clocks.general_clue_available


@pytest.mark.rule("PD-FEED-3", "PD-HAPPY-2")
@pytest.mark.parametrize(("discarded", "change"), [(1, 0), (2, 1), (3, 2), (4, 3)])
def test_feeding_changes_happiness_by_the_cards_discarded_minus_one(
    discarded: int, change: int
) -> None:
    """PD-FEED-3, PD-HAPPY-2: 3 steaks give +2; Happiness may rise above its start."""
    fed = act(started("companion"), "log_feed", 100.0, discarded=discarded)
    assert view(fed, 0).happiness == 4 + change


def test_feeding_offers_one_to_four_cards_once_hungry() -> None:
    """PD-FEED-4, PD-FEED-1: the feed buttons are 1 to 4 cards, from 30 s of hunger left."""
    state = started("companion")
    assert not any(a.kind == "log_feed" for a in options(at(state, 89.0), 0))
    offered = [a.discarded for a in options(at(state, 90.0), 0) if a.kind == "log_feed"]
    assert offered == [1, 2, 3, 4]


@pytest.mark.parametrize("discarded", [0, 5, -1])
def test_feeding_needs_one_to_four_cards(discarded: int) -> None:
    """PD-FEED-4: no feeding with nothing, and nobody holds more than 4 food cards."""
    assert_refused(
        ENGINE, started("companion"), action("log_feed", 100.0, discarded=discarded), "PD-FEED-4"
    )


@pytest.mark.rule("PD-APP-2", "PD-HAPPY-1", "PD-LOSE-3")
def test_mistakes_and_tidy_ups_cost_happiness_and_lose_below_zero() -> None:
    """PD-APP-2, PD-HAPPY-1, PD-LOSE-3: reaching 0 is fine, the next drop loses."""
    state = started("companion", "hard")
    state = act(state, "log_mistake", 1.0)
    state = act(state, "log_tidy_up", 2.0, seat=1)
    state = act(state, "log_mistake", 3.0)
    assert (state.status, view(state, 0).happiness) == ("running", 0)
    lost = act(state, "log_tidy_up", 4.0)
    assert (lost.status, lost.loss) == ("lost", "unhappy")
    outcome = ENGINE.outcome(lost)
    assert outcome is not None and outcome.winners == () and "Happiness" in outcome.summary


@pytest.mark.rule("PD-WIN-1", "PD-APP-2", "PD-SCORE-1")
def test_the_last_success_wins_and_stops_the_clocks() -> None:
    """PD-WIN-1, PD-APP-2, PD-SCORE-1: Easy needs 3; score = base + Happiness + tens left."""
    state = started("companion")
    state = act(state, "log_mistake", 10.0)
    for now in (20.0, 50.0):
        state = act(state, "log_success", now)
    assert state.status == "running"
    won = act(state, "log_success", 100.5, seat=1)
    assert won.status == "won"
    assert ENGINE.state_json(ENGINE.advance(won, 400.0).state) == ENGINE.state_json(won)
    # 199.5 s left shows as 200: 1 (Easy) + 3 Happiness + 20 tens.
    assert view(won, 0).score == 24
    outcome = ENGINE.outcome(won)
    assert outcome is not None and outcome.scores == (24, 24) and outcome.winners == (0, 1)
    assert outcome.summary.endswith("You scored 24. Amazing!")
    assert_refused(ENGINE, won, action("log_success", 401.0), "TT-OVER-1")


@pytest.mark.rule("PD-SETUP-2", "PD-SCORE-1")
@pytest.mark.parametrize(
    ("difficulty", "needed", "base", "happiness", "main_s"),
    [("easy", 3, 1, 4, 300), ("medium", 5, 3, 3, 360), ("hard", 7, 8, 3, 420)],
)
def test_each_level_scores_its_own_base(
    difficulty: str, needed: int, base: int, happiness: int, main_s: int
) -> None:
    """PD-SETUP-2, PD-SCORE-1: a game won at 50 s scores the level's base, its Happiness
    and the full tens left."""
    state = started("companion", difficulty)
    for success in range(needed):
        state = act(state, "log_success", 10.0 + 40.0 * success / (needed - 1))  # last at 50
    assert state.status == "won"
    assert view(state, 0).score == base + happiness + (main_s - 50) // 10


@pytest.mark.rule("PD-SCORE-1")
def test_score_counts_full_tens_of_the_display() -> None:
    """PD-SCORE-1: 189.001 s left displays 190 (19 tens); 189.0 s displays 189 (18)."""
    state = keep_fed(started("companion", "hard"), 230)
    for now in range(225, 231):
        state = act(state, "log_success", float(now))
    at_190 = act(state, "log_success", 230.999)
    at_189 = act(state, "log_success", 231.0)
    assert view(at_190, 0).score == 8 + 3 + 19
    assert view(at_189, 0).score == 8 + 3 + 18
    assert view(state, 0).score is None


@pytest.mark.rule("PD-APP-3")
def test_companion_mode_has_no_cards_and_refuses_table_actions() -> None:
    """PD-APP-3, PD-SETUP-6: the app cannot see the cards; the players judge the rest."""
    state = started("companion")
    assert state.table is None and view(state, 0).table is None
    for kind, fields in (
        ("peek", {"places": [0, 1]}),
        ("end_peek", {}),
        ("general_clue", {"skill": "wit"}),
        ("specific_clue", {"card": 0}),
        ("answer_clue", {"skill": "wit"}),
        ("play", {"card": 0}),
        ("flip", {"place": 0}),
        ("suggest", {"place": 0}),
        ("give_up", {}),
        ("collect_food", {"place": 3}),
        ("feed", {"food": "steak"}),
        ("tidy_up", {}),
    ):  # every table action, named here rather than read from the code
        assert_refused(ENGINE, state, action(kind, 1.0, **fields), "PD-SETUP-6")
    assert_refused(ENGINE, started("table"), action("log_success", 1.0), "PD-SETUP-6")


@pytest.mark.rule("PD-SCORE-2")
@pytest.mark.parametrize(
    ("won_at", "points", "praise"),
    [
        (250.0, 10, ""),
        (240.0, 11, " Really good!"),
        (200.0, 15, " Really good!"),
        (190.0, 16, " Amazing!"),
    ],
)
def test_the_result_praises_scores_above_10_and_15(won_at: float, points: int, praise: str) -> None:
    """PD-SCORE-2: Easy's 1 + 4 Happiness + the tens left: 10 is just a win, 11 to 15
    are really good, 16 is amazing."""
    state = keep_fed(started("companion"), won_at)
    for now in (won_at - 2, won_at - 1, won_at):
        state = act(state, "log_success", now)
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.summary == f"The dragon is very happy! You scored {outcome.scores[0]}.{praise}"
    assert outcome.scores[0] == points


def test_a_seat_that_is_not_at_the_table_is_refused() -> None:
    """TT-SEAT-1: seats are 0 and 1; anything else is no seat at the table."""
    assert_refused(ENGINE, started("companion"), action("log_success", 1.0, seat=2), "TT-SEAT-1")
