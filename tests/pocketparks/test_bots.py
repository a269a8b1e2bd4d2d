"""PocketParks bots: legal in every game, deterministic for a seed, deciding from
the seat's view only, answering every response window, and playing sensibly."""

from __future__ import annotations

import pytest

from tabletop.core.bot import Bot, play_game
from tabletop.core.engine import Setup
from tabletop.core.rng import Rng
from tabletop.games import hint, make_bot
from tabletop.games.pocketparks.bots import GreedyBot, SearchBot, determinize
from tabletop.games.pocketparks.model import (
    Confirm,
    Discard,
    Draw,
    ParkTour,
    Pass,
    Pay,
    PocketParksState,
    StartSteal,
    TakeRandom,
    TourPick,
)
from tests.pocketparks.scenario import ENGINE, act, event, park, parks, run, table

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve")
MOUNTAINS = parks("Sequoia", "North Cascades", "Rocky Mountain", "Guadalupe Mountains")


def _bots(level: str, players: int, seed: int) -> list[Bot]:
    if level == "hard":  # a small search keeps the test fast; same code path
        return [SearchBot(seed + i, iterations=1, max_candidates=2) for i in range(players)]
    return [make_bot("pocketparks", level, seed + i) for i in range(players)]


@pytest.mark.parametrize(("level", "games"), [("easy", 4), ("normal", 8), ("hard", 1)])
def test_every_level_plays_whole_games_legally(level: str, games: int) -> None:
    for seed in range(games):
        players = 2 + seed % 4
        state = ENGINE.new(Setup(players=NAMES[:players]), seed)
        # play_game checks every choice against legal_actions (ValueError otherwise)
        played = play_game(ENGINE, state, _bots(level, players, seed))
        outcome = ENGINE.outcome(played.state)
        assert outcome is not None, (level, seed)
        assert len(played.state.results) == 3
        # windows were answered by every seat asked, not only the player on turn
        assert len(played.decisions) == players


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_same_seed_same_game(level: str) -> None:
    def actions() -> list[object]:
        state = ENGINE.new(Setup(players=NAMES[:3]), 5)
        return list(play_game(ENGINE, state, _bots(level, 3, 40)).actions)

    assert actions() == actions()


def test_same_seed_same_search() -> None:
    def actions() -> list[object]:
        state = ENGINE.new(Setup(players=NAMES[:2]), 2)
        bots = _bots("hard", 2, 9)
        return list(play_game(ENGINE, state, bots, max_actions=400).actions)

    assert actions() == actions()


def test_a_rebuilt_state_shows_the_seat_exactly_its_view() -> None:
    state = ENGINE.new(Setup(players=NAMES[:3]), 11)
    bots = [GreedyBot(i) for i in range(3)]
    rng = Rng.from_seed(4)
    checked = 0
    for _ in range(600):
        if ENGINE.outcome(state) is not None:
            break
        seat = ENGINE.to_act(state)[0]
        view = ENGINE.view(state, seat)
        if state.phase == "turn" and state.window is None:
            rebuilt = determinize(view, rng)
            assert ENGINE.view(rebuilt, seat) == view
            assert set(ENGINE.legal_actions(rebuilt, seat)) == set(
                ENGINE.legal_actions(state, seat)
            )
            checked += 1
        state = ENGINE.apply(
            state, bots[seat].choose(view, ENGINE.legal_actions(state, seat))
        ).state
    assert checked > 20


def _hide_differently(state: PocketParksState, seat: int) -> PocketParksState:
    """The same game for ``seat``: other hands and the draw pile hold other cards."""
    twin = state.clone()
    hidden = [c for i, p in enumerate(twin.players) if i != seat for c in p.hand] + twin.pile
    hidden.reverse()
    for i, p in enumerate(twin.players):
        if i != seat:
            p.hand = [hidden.pop() for _ in p.hand]
    twin.pile = hidden
    return twin


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_choices_depend_only_on_what_the_seat_may_see(level: str) -> None:
    for seed in range(4):
        state = ENGINE.new(Setup(players=NAMES[:3]), seed)
        seat = state.current
        twin = _hide_differently(state, seat)
        assert ENGINE.state_json(twin) != ENGINE.state_json(state)
        view = ENGINE.view(state, seat)
        assert ENGINE.view(twin, seat) == view
        a, b = _bots(level, 1, seed)[0], _bots(level, 1, seed)[0]
        assert a.choose(view, ENGINE.legal_actions(state, seat)) == b.choose(
            ENGINE.view(twin, seat), ENGINE.legal_actions(twin, seat)
        )


def test_greedy_beats_random() -> None:
    wins = 0
    for seed in range(6):
        state = ENGINE.new(Setup(players=NAMES[:2]), seed)
        bots: list[Bot] = [GreedyBot(seed), make_bot("pocketparks", "easy", seed + 1)]
        outcome = ENGINE.outcome(play_game(ENGINE, state, bots).state)
        assert outcome is not None
        wins += 0 in outcome.winners
    assert wins >= 5


def _follow(bot: Bot, state: PocketParksState, seat: int, steps: int) -> PocketParksState:
    """Let ``bot`` take ``steps`` decisions for ``seat`` (the others pass windows)."""
    for _ in range(steps):
        if seat not in ENGINE.to_act(state):
            break
        action = bot.choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat))
        state = act(state, action)
    return state


def test_greedy_plays_the_set_that_wins_the_round() -> None:
    # Ana has sets of 4 and 3 and holds two wildlife parks: a set of 2 wins.
    sets = [[MOUNTAINS, parks("Arches", "Canyonlands", "Zion")], []]
    hands = [parks("Yosemite", "Grand Teton", "Everglades"), parks("Acadia", "Olympic")]
    st = table(hands, sets=sets)
    st = _follow(GreedyBot(1), st, 0, 6)
    assert st.results and st.results[0].winner == 0


def test_greedy_claims_a_park_tour() -> None:
    # Ana discards Grand Teton (mountain); Ben holds four mountains.
    st = table([parks("Grand Teton", "Arches"), MOUNTAINS], draws=parks("Yosemite", "Zion"))
    st = run(st, Draw(seat=0, source="pile"), Draw(seat=0, source="pile"))
    st = act(st, Discard(seat=0, card=park("Grand Teton")))
    assert st.window is not None and 1 in st.window.waiting
    bot = GreedyBot(2)
    while st.window is not None and 1 in st.window.waiting:  # four picks, then the claim
        choice = bot.choose(ENGINE.view(st, 1), ENGINE.legal_actions(st, 1))
        assert choice.kind in ("tour_pick", "park_tour")
        st = ENGINE.apply(st, choice).state
    assert choice == ParkTour(seat=1, cards=tuple(sorted(MOUNTAINS)))


def test_greedy_turns_a_steal_against_it_with_trail_detour() -> None:
    detour = event("trail_detour")
    st = table([parks("Arches", "Zion", "Acadia"), [detour, park("Olympic")]])
    st = run(
        st,
        StartSteal(seat=0, target=1),
        Pay(seat=0, card=park("Arches")),
        Pay(seat=0, card=park("Zion")),
        TakeRandom(seat=0),
        Confirm(seat=0),
    )
    assert st.window is not None and st.window.kind == "steal"
    choice = GreedyBot(2).choose(ENGINE.view(st, 1), ENGINE.legal_actions(st, 1))
    assert choice.kind == "react" and choice.card == detour
    other = GreedyBot(2).choose(ENGINE.view(st, 1), [Pass(seat=1)])
    assert other == Pass(seat=1)


def test_search_stops_at_its_budget_and_still_answers() -> None:
    class Clock:
        now = 0.0

        def __call__(self) -> float:
            self.now += 0.01  # every playout "takes" 10 ms: no wall time involved
            return self.now

    state = ENGINE.new(Setup(players=NAMES[:4]), 3)
    seat = state.current
    view, legal = ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)
    bot = SearchBot(1, iterations=10_000)
    bot.clock = Clock()
    assert bot.choose(view, legal, 0.1) in legal
    assert 0 < bot.playouts <= 10


def test_the_park_tour_that_wins_the_round_is_claimed() -> None:
    """PP-TOUR-1, PP-WIN-1: Ben holds eight Mountain parks when Ana discards Saguaro. A
    tour of 4 gives up the least, but the tour of 8 makes a set of 9, which wins the
    round: the bots pick it, card by card, and the hint says so."""
    eight = parks(
        "Sequoia", "Rocky Mountain", "Lassen Volcanic", "Hot Springs",
        "Grand Teton", "Shenandoah", "Kings Canyon", "Big Bend",
    )  # fmt: skip
    st = table(
        [parks("Saguaro", "Acadia", "Olympic"), eight, parks("Congaree", "Cuyahoga Valley")],
        discard=parks("Wind Cave"),
    )
    st.phase, st.draws = "discard", 2
    st = act(st, Discard(seat=0, card=park("Saguaro")))
    told = hint(ENGINE, st, 1, 60.0)
    assert told is not None and told.why.endswith("a set of 9, which wins the round."), told
    bot = GreedyBot(1)
    for _ in range(8):
        pick = bot.choose(ENGINE.view(st, 1), ENGINE.legal_actions(st, 1))
        assert isinstance(pick, TourPick) and pick.card in eight
        st = act(st, pick)
    claim = bot.choose(ENGINE.view(st, 1), ENGINE.legal_actions(st, 1))
    assert isinstance(claim, ParkTour) and sorted(claim.cards) == sorted(eight)
