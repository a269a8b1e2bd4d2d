"""Every clause and bound of ``check_state`` (issue 27): a lawful state with one field
changed is refused with that clause's own message, and the lawful value right at each
edge is accepted, so that a bound moved by one or a clause dropped is noticed.

The states come from real games played by the engine; a change touches only what the
clause under test reads, so only that clause can decide."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

import pytest

from tabletop.core.engine import InvalidState
from tabletop.core.rng import Rng
from tabletop.games.pocketdragon.content import cards
from tabletop.games.pocketdragon.engine import ENGINE
from tabletop.games.pocketdragon.model import (
    LEVELS,
    HandCard,
    OpenPeek,
    PendingClue,
    Play,
    PocketDragonState,
)
from tests.pocketdragon.helpers import (
    ATTENTION,
    ENDURANCE,
    KINDNESS,
    WIT,
    act,
    activity_of,
    arranged,
    at,
    keep_fed,
    new,
    started,
    table,
)

Reach = Callable[[], PocketDragonState]
Change = Callable[[PocketDragonState], PocketDragonState]

MAKE_FRIENDS = 2  # Ann's third card in an arranged game: Kindness, Wit


# -- lawful states that play reaches ---------------------------------------------


def _companion() -> PocketDragonState:
    """Running, 1 s in: 1,000 ms of play, hunger at 121,000 ms, 3 clues."""
    return at(started("companion"), 1.0)


def _companion_at(seconds: float) -> Reach:
    return lambda: at(started("companion"), seconds)


def _companion_paused() -> PocketDragonState:
    reached: PocketDragonState = act(at(started("companion"), 5.0), "pause", 5.0)
    return reached


def _companion_won() -> PocketDragonState:
    state = started("companion")
    for now in (1.0, 2.0, 3.0):
        state = act(state, "log_success", now)
    assert state.status == "won"
    return state


def _starved() -> PocketDragonState:
    """Lost on hunger: the hunger deadline is the running time itself."""
    state = at(started("companion"), 121.0)
    assert state.loss == "hunger" and state.hunger_deadline_ms == state.elapsed_ms
    return state


def _out_of_time(difficulty: str = "easy") -> PocketDragonState:
    """Lost on the main timer: all of it has run (300,000 ms on Easy, 420,000 on Hard)."""
    main_s = LEVELS[difficulty].main_s
    state = at(keep_fed(started("companion", difficulty), main_s), main_s + 1.0)
    assert state.loss == "main_timer" and state.elapsed_ms == main_s * 1000
    return state


def _table() -> PocketDragonState:
    """An arranged table game, 1 s in: card i at place i, Ann to play."""
    return at(arranged(), 1.0)


def _one_match() -> PocketDragonState:
    """Ann plays Make Friends and flips a Kindness: one match, one flip."""
    state = act(arranged(), "play", 1.0, card=MAKE_FRIENDS)
    reached: PocketDragonState = act(state, "flip", 2.0, place=KINDNESS[0])
    return reached


def _done() -> PocketDragonState:
    """Make Friends done: one success, one Activity done, its two cards discarded."""
    state: PocketDragonState = act(_one_match(), "flip", 3.0, place=WIT[0])
    assert state.successes == 1 and table(state).done == [activity_of("make-friends")]
    return state


def _given_up() -> PocketDragonState:
    """Make Friends given up after a mistake: one Activity given up, one card discarded."""
    state: PocketDragonState = act(arranged(), "play", 1.0, card=MAKE_FRIENDS)
    state = act(state, "flip", 2.0, place=ENDURANCE[0])
    state = act(state, "give_up", 3.0)
    assert table(state).given_up == [activity_of("make-friends")]
    return state


def _four_food() -> PocketDragonState:
    """Ann has collected 4 food cards (places 0, 2, 4, 6), Bo 3 (1, 3, 5)."""
    state = arranged()
    for place in range(7):
        state = act(state, "collect_food", 1.0 + place, seat=place % 2, place=place)
    assert len(table(state).food[0]) == 4
    return state


def _bos_turn() -> PocketDragonState:
    """Ann has collected the food at place 0: Bo's turn."""
    reached: PocketDragonState = act(arranged(), "collect_food", 1.0, place=0)
    return reached


def _bo_plays() -> PocketDragonState:
    """Bo plays Board Games (Attention, Wit): a mistake, then a match; two flips."""
    state = act(_bos_turn(), "play", 2.0, seat=1, card=1)
    state = act(state, "flip", 3.0, seat=1, place=ENDURANCE[1])
    reached: PocketDragonState = act(state, "flip", 4.0, seat=1, place=ATTENTION[0])
    return reached


def _peeking() -> PocketDragonState:
    reached: PocketDragonState = act(arranged(), "peek", 1.0, places=[0, 1])
    return reached


def _clue_waiting() -> PocketDragonState:
    reached: PocketDragonState = act(arranged(), "specific_clue", 1.0, card=0)
    return reached


# -- changes -------------------------------------------------------------------------


def _with(**fields: object) -> Change:
    """The state with these fields replaced."""
    return lambda state: replace(state, **fields)  # type: ignore[arg-type]


def _on_table(change: Callable[[PocketDragonState], None]) -> Change:
    """The state after ``change`` to its table (the test's own copy of the game)."""

    def changed(state: PocketDragonState) -> PocketDragonState:
        change(state)
        return state

    return changed


def _unchanged(state: PocketDragonState) -> PocketDragonState:
    return state


def _grid_card_to(pile: str, place: int = 0, keep: bool = False) -> Change:
    """Card ``place`` moved from the grid to the discard or to Bo's food (``keep``: left
    in the grid as well, so it is counted twice)."""

    def change(state: PocketDragonState) -> None:
        tbl = table(state)
        card = tbl.grid[place]
        assert card is not None
        if not keep:
            tbl.grid[place] = None
        (tbl.discard if pile == "discard" else tbl.food[1]).append(card)

    return _on_table(change)


def _grid(*cards_at: tuple[int, int | None]) -> Change:
    def change(state: PocketDragonState) -> None:
        for place, card in cards_at:
            table(state).grid[place] = card

    return _on_table(change)


def _one_more_grid_place(state: PocketDragonState) -> None:
    table(state).grid.append(None)


def _third_food_row(state: PocketDragonState) -> None:
    table(state).food.append([])


def _third_hand(state: PocketDragonState) -> None:
    table(state).hands.append([])


def _fifth_food(state: PocketDragonState) -> None:
    tbl = table(state)
    card = tbl.grid[10]
    assert card is not None
    tbl.grid[10] = None
    tbl.food[0].append(card)


def _fourth_hand_card(state: PocketDragonState) -> None:
    tbl = table(state)
    tbl.hands[1].append(HandCard(tbl.deck.pop()))


def _deck_card_to(pile: str, keep: bool = False) -> Change:
    """The top Activity of the deck moved to ``pile`` ("done", "given_up" or "nowhere";
    ``keep``: left in the deck as well)."""

    def change(state: PocketDragonState) -> None:
        tbl = table(state)
        activity = tbl.deck[-1] if keep else tbl.deck.pop()
        if pile != "nowhere":
            getattr(tbl, pile).append(activity)

    return _on_table(change)


def _unknown_activity(state: PocketDragonState) -> None:
    table(state).deck.append(len(cards().activities))


def _played_activity_in_the_deck(state: PocketDragonState) -> None:
    tbl = table(state)
    assert tbl.play is not None
    tbl.deck.append(tbl.play.activity)


def _clues_on(seat: int, card: int, known: list[str] | None, ruled_out: list[str] | None) -> Change:
    """Hand card ``card`` of ``seat`` marked by clues: ``None`` stands for all its Skills
    (``known``) or all the Skills it lacks (``ruled_out``)."""

    def change(state: PocketDragonState) -> None:
        hand = table(state).hands[seat]
        activity = hand[card].activity
        needs = list(cards().activities[activity].skills)
        lacks = [s.id for s in cards().skills if s.id not in needs]
        hand[card] = HandCard(
            activity, needs if known is None else known, lacks if ruled_out is None else ruled_out
        )

    return _on_table(change)


def _turn(seat: int) -> Change:
    return _on_table(lambda state: setattr(table(state), "turn", seat))


def _look(seat: int, places: list[int]) -> Change:
    return _on_table(lambda state: setattr(table(state), "peek", OpenPeek(seat, places)))


def _clue(asker: int, card: int) -> Change:
    return _on_table(lambda state: setattr(table(state), "clue", PendingClue(asker, card)))


def _play(seat: int, matched: list[int], flips: int, discard: tuple[int, ...] = ()) -> Change:
    """Ann's Make Friends in play with these matches (the cards at ``discard`` places
    moved to the discard pile first, leaving those places empty)."""

    def change(state: PocketDragonState) -> None:
        tbl = table(state)
        for place in discard:
            card = tbl.grid[place]
            assert card is not None
            tbl.grid[place] = None
            tbl.discard.append(card)
        activity = tbl.hands[0].pop(MAKE_FRIENDS).activity
        tbl.play = Play(seat, activity, matched, flips)

    return _on_table(change)


def _no_table(state: PocketDragonState) -> PocketDragonState:
    return replace(state, table=None)


def _a_table(state: PocketDragonState) -> PocketDragonState:
    return replace(state, table=table(arranged()))


RNG = "the random generator's state is not a 64-bit number"
HUNGER = "the hunger timer shows more than 120 s or has run past zero (PD-FEED-2)"
WON = "the game is won exactly when the level's successes are reached"
LOST = "a lost game, and only one, has a cause"
MODE = "table mode, and only it, has cards"
DONE = "every success is an Activity done (PD-PLAY-7)"
MARKS = "a clue marks an Activity with a Skill it does not need, or rules out one it needs"
BUSY = "a play, a look and a clue are open at once"
MATCHED = "the Activity in play is matched by empty grid places"
MATCHES = "the Activity in play has more matches than Skills or flips"
LOOK = "a look is at two face-down cards of the grid (PD-PEEK-1)"


def _rule(rule: str) -> pytest.MarkDecorator:
    return pytest.mark.rule(rule)


REFUSED = [
    pytest.param(_companion, _with(rng=Rng(-1)), RNG, id="rng below 0"),
    pytest.param(_companion, _with(rng=Rng(2**64)), RNG, id="rng of 65 bits"),
    pytest.param(
        _companion,
        _with(now_ms=-1),
        "the clock reads -1 ms, not 0 to 1000000000000000 (PD-TIME-2)",
        id="clock before 0",
        marks=_rule("PD-TIME-2"),
    ),
    pytest.param(
        _companion,
        _with(elapsed_ms=-1),
        "-1 ms of play have run, not 0 to the main timer's 300000 (PD-TIME-1)",
        id="play run below 0",
        marks=_rule("PD-TIME-1"),
    ),
    pytest.param(
        _out_of_time,
        _with(elapsed_ms=300_001, hunger_deadline_ms=300_001),
        "300001 ms of play have run, not 0 to the main timer's 300000 (PD-TIME-1)",
        id="play run past the main timer",
        marks=_rule("PD-TIME-1"),
    ),
    pytest.param(
        lambda: _out_of_time("hard"),
        _with(elapsed_ms=420_001, hunger_deadline_ms=420_001),
        "420001 ms of play have run, not 0 to the main timer's 420000 (PD-TIME-1)",
        id="play run past the Hard main timer",
        marks=_rule("PD-SETUP-2"),
    ),
    pytest.param(
        _starved,
        _with(hunger_deadline_ms=119_999),
        HUNGER,
        id="hunger run past zero",
        marks=_rule("PD-FEED-2"),
    ),
    pytest.param(
        _companion,
        _with(hunger_deadline_ms=121_001),
        HUNGER,
        id="hunger over 120 s",
        marks=_rule("PD-FEED-2"),
    ),
    pytest.param(
        lambda: new("companion"),
        _with(elapsed_ms=1),
        "the clocks ran before Start (PD-TIME-1)",
        id="clocks ran before Start",
        marks=_rule("PD-TIME-1"),
    ),
    pytest.param(
        _companion,
        _with(next_clue_ms=-1),
        "the next clue is due before the game began",
        id="next clue before the start",
    ),
    pytest.param(
        _companion,
        _with(clues=-1),
        "the clue pool holds -1, not 0 to 4 after 1000 ms (PD-CLUE-2)",
        id="clues below 0",
        marks=_rule("PD-CLUE-2"),
    ),
    pytest.param(
        _companion,
        _with(clues=5),
        "the clue pool holds 5, not 0 to 4 after 1000 ms (PD-CLUE-2)",
        id="clues over 4 in the first interval",
        marks=_rule("PD-CLUE-1"),
    ),
    pytest.param(
        _companion_at(14.999),
        _with(clues=5),
        "the clue pool holds 5, not 0 to 4 after 14999 ms (PD-CLUE-2)",
        id="clues over 4 just before 15 s",
        marks=_rule("PD-CLUE-1"),
    ),
    pytest.param(
        _companion_at(15.0),
        _with(clues=6),
        "the clue pool holds 6, not 0 to 5 after 15000 ms (PD-CLUE-2)",
        id="clues over 5 at 15 s",
        marks=_rule("PD-CLUE-1"),
    ),
    pytest.param(
        _companion_at(15.0),
        _with(next_clue_ms=14_999),
        "the next clue is due at 14999 ms, not in the 20 s after the 15000 ms played (PD-CLUE-1)",
        id="the next clue overdue",
        marks=_rule("PD-CLUE-1"),
    ),
    pytest.param(
        _companion_at(15.0),
        _with(next_clue_ms=35_001),
        "the next clue is due at 35001 ms, not in the 20 s after the 15000 ms played (PD-CLUE-1)",
        id="the next clue over 20 s away",
    ),
    pytest.param(
        _companion_at(15.0),
        _with(clues=5, next_clue_ms=15_000),
        "the clue pool holds 5, more than 4 with the next clue due at 15000 ms (PD-CLUE-2)",
        id="more clues than the next one's time leaves room for",
        marks=_rule("PD-CLUE-1"),
    ),
    pytest.param(
        _companion, _with(happiness=-1), "Happiness is -1, below zero", id="happiness below 0"
    ),
    pytest.param(
        _companion,
        _with(successes=-1),
        "-1 successes, not 0 to the level's 3",
        id="successes below 0",
    ),
    pytest.param(
        _companion_won,
        _with(successes=4),
        "4 successes, not 0 to the level's 3",
        id="successes past the level's",
        marks=_rule("PD-SETUP-2"),
    ),
    pytest.param(
        _companion_won,
        _with(status="running"),
        WON,
        id="successes reached, still running",
        marks=_rule("PD-WIN-1"),
    ),
    pytest.param(_companion, _with(status="won"), WON, id="won short of the successes"),
    pytest.param(_companion, _with(status="lost"), LOST, id="lost without a cause"),
    pytest.param(_companion, _with(loss="hunger"), LOST, id="a cause, not lost"),
    pytest.param(_companion, _a_table, MODE, id="companion with cards"),
    pytest.param(_table, _no_table, MODE, id="table without cards"),
    # -- the table
    pytest.param(
        _table,
        _on_table(_one_more_grid_place),
        "the grid has 20 places",
        id="21 grid places",
        marks=_rule("PD-SETUP-4"),
    ),
    pytest.param(
        _table, _on_table(_third_food_row), "each player has a food row", id="3 food rows"
    ),
    pytest.param(_table, _grid((1, 0)), "card 0 is in more than one place", id="grid card twice"),
    pytest.param(_table, _grid((0, None)), "card 0 is missing", id="grid card lost"),
    pytest.param(_table, _grid((0, 20)), "card 20 is no card of the game", id="grid card unknown"),
    pytest.param(
        _table,
        _grid_card_to("food", keep=True),
        "card 0 is in more than one place",
        id="food card also in the grid",
    ),
    pytest.param(
        _table,
        _grid_card_to("discard", keep=True),
        "card 0 is in more than one place",
        id="discarded card also in the grid",
    ),
    pytest.param(
        _four_food,
        _on_table(_fifth_food),
        "a food row holds over 4",
        id="5 food cards",
        marks=_rule("PD-FOOD-1"),
    ),
    pytest.param(_table, _on_table(_third_hand), "each player has a hand", id="3 hands"),
    pytest.param(
        _table,
        _on_table(_fourth_hand_card),
        "a hand holds over 3",
        id="4 cards in a hand",
        marks=_rule("PD-SETUP-5"),
    ),
    pytest.param(
        _table,
        _deck_card_to("given_up", keep=True),
        "Activity 13 is in more than one place",
        id="Activity in the deck and given up",
    ),
    pytest.param(_table, _deck_card_to("nowhere"), "Activity 13 is missing", id="Activity lost"),
    pytest.param(
        _table,
        _on_table(_unknown_activity),
        "Activity 14 is no Activity of the game",
        id="Activity unknown",
    ),
    pytest.param(
        _one_match,
        _on_table(_played_activity_in_the_deck),
        "Activity 9 is in more than one place",
        id="Activity in play and in the deck",
    ),
    pytest.param(
        _table, _deck_card_to("done"), DONE, id="done without a success", marks=_rule("PD-PLAY-7")
    ),
    pytest.param(
        _done,
        _with(successes=2),
        DONE,
        id="a success without an Activity done",
        marks=_rule("PD-PLAY-7"),
    ),
    pytest.param(
        _table,
        _clues_on(0, MAKE_FRIENDS, ["endurance"], []),
        MARKS,
        id="known Skill not needed",
        marks=_rule("PD-CLUE-3"),
    ),
    pytest.param(
        _table,
        _clues_on(1, 0, [], ["wit"]),
        MARKS,
        id="needed Skill ruled out",
        marks=_rule("PD-CLUE-3"),
    ),
    pytest.param(_table, _turn(2), "it is seat 2's turn: no such seat", id="turn of seat 2"),
    pytest.param(_one_match, _look(0, [0, 1]), BUSY, id="a look during a play"),
    pytest.param(_peeking, _clue(0, 0), BUSY, id="a clue during a look"),
    pytest.param(
        _table, _play(2, [], 0), "seat 2 plays an Activity: no such seat", id="play by seat 2"
    ),
    pytest.param(
        _table, _play(0, [KINDNESS[0], KINDNESS[0]], 2), MATCHED, id="one place matched twice"
    ),
    pytest.param(_table, _play(0, [20], 1), MATCHED, id="matched off the grid"),
    pytest.param(
        _table,
        _play(0, [KINDNESS[0]], 2, discard=(KINDNESS[0],)),
        MATCHED,
        id="matched an empty place",
    ),
    pytest.param(
        _table, _play(0, [KINDNESS[0], WIT[0]], 2), MATCHES, id="every Skill matched, in play"
    ),
    pytest.param(_table, _play(0, [KINDNESS[0]], 0), MATCHES, id="more matches than flips"),
    pytest.param(
        _table, _look(2, [0, 1]), "seat 2 looks at cards: no such seat", id="look by seat 2"
    ),
    pytest.param(
        _table, _look(0, [0, 0]), LOOK, id="look at one card twice", marks=_rule("PD-PEEK-2")
    ),
    pytest.param(_table, _look(0, [0, 20]), LOOK, id="look off the grid", marks=_rule("PD-PEEK-1")),
    pytest.param(
        _table,
        _clue(2, 0),
        "seat 2 asks a clue: no such seat",
        id="clue by seat 2",
    ),
    pytest.param(
        _table,
        _clue(0, -1),
        "the clue asks about card 0, which is not in the asker's hand",
        id="clue about card 0",
        marks=_rule("PD-CLUE-4"),
    ),
    pytest.param(
        _table,
        _clue(1, 3),
        "the clue asks about card 4, which is not in the asker's hand",
        id="clue about card 4",
        marks=_rule("PD-CLUE-4"),
    ),
]


@pytest.mark.parametrize(("reach", "change", "message"), REFUSED)
def test_a_broken_invariant_is_refused_saying_which(
    reach: Reach, change: Change, message: str
) -> None:
    state = reach()
    ENGINE.check(state)  # lawful before the change: the change alone is refused
    with pytest.raises(InvalidState, match=f"^{re.escape(message)}$"):
        ENGINE.check(change(state))


ACCEPTED = [
    pytest.param(_companion, _with(rng=Rng(0)), id="rng 0"),
    pytest.param(_companion, _with(rng=Rng(2**64 - 1)), id="rng of 64 bits"),
    pytest.param(lambda: new("companion"), _unchanged, id="not started"),
    pytest.param(_companion, _with(now_ms=0), id="clock at 0", marks=_rule("PD-TIME-2")),
    pytest.param(_companion_paused, _unchanged, id="paused after play ran"),
    pytest.param(_out_of_time, _unchanged, id="the whole main timer run", marks=_rule("PD-LOSE-1")),
    pytest.param(
        lambda: _out_of_time("hard"),
        _unchanged,
        id="the whole Hard main timer run",
        marks=_rule("PD-SETUP-2"),
    ),
    pytest.param(_starved, _unchanged, id="hunger at zero", marks=_rule("PD-LOSE-2")),
    pytest.param(
        _companion,
        _with(hunger_deadline_ms=121_000),
        id="hunger at 120 s",
        marks=_rule("PD-FEED-2"),
    ),
    pytest.param(lambda: new("companion"), _with(next_clue_ms=0), id="next clue at 0"),
    pytest.param(_companion, _with(clues=0), id="no clue", marks=_rule("PD-CLUE-2")),
    pytest.param(_companion, _with(clues=4), id="4 clues in the first interval"),
    pytest.param(
        _companion_at(15.0),
        _with(clues=5, next_clue_ms=35_000),
        id="5 clues at 15 s",
        marks=_rule("PD-CLUE-1"),
    ),
    pytest.param(
        _companion_at(15.0),
        _with(next_clue_ms=15_000),
        id="the next clue due now",
        marks=_rule("PD-CLUE-1"),
    ),
    pytest.param(_companion_at(15.0), _with(next_clue_ms=35_000), id="the next clue due in 20 s"),
    pytest.param(
        _companion_at(15.0),
        _with(clues=4, next_clue_ms=15_000),
        id="a clue more than the next one's time leaves room for",
    ),
    pytest.param(_companion, _with(happiness=0), id="happiness 0", marks=_rule("PD-HAPPY-1")),
    pytest.param(_companion_won, _unchanged, id="won", marks=_rule("PD-WIN-1")),
    # -- the table
    pytest.param(_table, _grid_card_to("discard"), id="a card discarded"),
    pytest.param(_table, _grid_card_to("food"), id="a card collected"),
    pytest.param(_four_food, _unchanged, id="4 food cards", marks=_rule("PD-FOOD-1")),
    pytest.param(_table, _deck_card_to("given_up"), id="an Activity given up"),
    pytest.param(_given_up, _unchanged, id="given up after a mistake", marks=_rule("PD-PLAY-6")),
    pytest.param(_done, _unchanged, id="an Activity done", marks=_rule("PD-PLAY-5")),
    pytest.param(
        _table,
        _clues_on(0, MAKE_FRIENDS, None, None),
        id="every Skill known and every other ruled out",
        marks=_rule("PD-CLUE-3"),
    ),
    pytest.param(
        _table,
        _clues_on(1, 2, None, None),
        id="Bo's third card wholly told",
        marks=_rule("PD-CLUE-4"),
    ),
    pytest.param(_bos_turn, _unchanged, id="Bo's turn", marks=_rule("PD-TURN-1")),
    pytest.param(_one_match, _unchanged, id="one match after one flip", marks=_rule("PD-PLAY-2")),
    pytest.param(_bo_plays, _unchanged, id="Bo plays, more flips than matches"),
    pytest.param(_peeking, _unchanged, id="a look", marks=_rule("PD-PEEK-2")),
    pytest.param(
        lambda: act(_bos_turn(), "peek", 2.0, seat=1, places=[18, 19]),
        _unchanged,
        id="Bo looks at the last two places",
    ),
    pytest.param(_clue_waiting, _unchanged, id="a clue about card 1", marks=_rule("PD-CLUE-4")),
    pytest.param(
        lambda: act(_bos_turn(), "specific_clue", 2.0, seat=1, card=2),
        _unchanged,
        id="a clue about Bo's card 3",
    ),
]


@pytest.mark.parametrize(("reach", "change"), ACCEPTED)
def test_the_lawful_value_at_each_edge_is_accepted(reach: Reach, change: Change) -> None:
    ENGINE.check(change(reach()))


@pytest.mark.parametrize(
    ("state", "line"),
    [
        pytest.param(
            arranged,
            "Table, easy, clocks running · time left 300 s, hunger 120 s · Happiness 4, "
            "successes 0 of 3, clues 3 · Activity deck 8, discard pile 0",
            id="table",
        ),
        pytest.param(
            lambda: new("companion", "hard"),
            "Companion, hard, not started · time left 420 s, hunger 120 s · Happiness 3, "
            "successes 0 of 7, clues 3",
            id="companion",
        ),
        pytest.param(
            _done,
            "Table, easy, clocks running · time left 297 s, hunger 117 s · Happiness 4, "
            "successes 1 of 3, clues 3 · Activity deck 7, discard pile 2",
            id="an Activity done",
        ),
    ],
)
def test_the_position_line_sums_up_the_game(state: Reach, line: str) -> None:
    assert ENGINE.position(state()) == line
