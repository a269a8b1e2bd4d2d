"""Space Park bots: legal in every game, deterministic for a seed, deciding from
the seat's view only, and stronger level by level."""

from __future__ import annotations

import pytest

from tabletop.core.bot import Bot, RandomBot, play_game
from tabletop.core.engine import Setup
from tabletop.core.rng import Rng
from tabletop.games import make_bot
from tabletop.games.spacepark.bots import GreedyBot, SearchBot, determinize
from tabletop.games.spacepark.engine import ENGINE
from tabletop.games.spacepark.model import FastTravel, SpaceParkState

from .conftest import NAMES, Table


def _bots(level: str, players: int, seed: int) -> list[Bot]:
    if level == "hard":  # a small search keeps the test fast; same code path
        bots = [SearchBot(seed + i, iterations=2, horizon=8) for i in range(players)]
        for bot in bots:  # its time cap never cuts the search short, however loaded the machine
            bot.clock = _FakeClock(0.0)
        return list(bots)
    return [make_bot("spacepark", level, seed + i) for i in range(players)]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_plays_whole_games_legally(level: str) -> None:
    games = {"easy": 24, "normal": 24, "hard": 4}[level]
    for seed in range(games):
        players = 1 + seed % 4
        state = ENGINE.new(Setup(players=NAMES[:players]), seed)
        # play_game checks every choice against legal_actions (ValueError otherwise)
        played = play_game(ENGINE, state, _bots(level, players, seed))
        assert ENGINE.outcome(played.state) is not None, (level, seed)


def _actions(level: str, seed: int) -> list[object]:
    state = ENGINE.new(Setup(players=NAMES[:3]), seed)
    return list(play_game(ENGINE, state, _bots(level, 3, seed * 7)).actions)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_same_seed_same_game(level: str) -> None:
    assert _actions(level, 3) == _actions(level, 3)


def test_a_rebuilt_state_shows_the_seat_exactly_its_view() -> None:
    state = ENGINE.new(Setup(players=NAMES[:3]), 11)
    bots = [GreedyBot(i) for i in range(3)]
    rng = Rng.from_seed(9)
    for _ in range(60):
        if ENGINE.outcome(state) is not None:
            break
        for seat in range(3):
            view = ENGINE.view(state, seat)
            rebuilt = determinize(view, rng)
            assert ENGINE.view(rebuilt, seat) == view
            assert sorted(ENGINE.legal_actions(rebuilt, seat), key=repr) == sorted(
                ENGINE.legal_actions(state, seat), key=repr
            )
        seat = ENGINE.to_act(state)[0]
        choice = bots[seat].choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat))
        state = ENGINE.apply(state, choice).state


def _hide_differently(state: SpaceParkState, seat: int) -> SpaceParkState:
    """The same game for ``seat``: other hands and the deck hold other badges."""
    other = state.clone()
    hidden = [b for i, p in enumerate(other.players) if i != seat for b in p.hand] + other.deck
    hidden.reverse()
    for i, p in enumerate(other.players):
        if i != seat:
            p.hand = [hidden.pop() for _ in p.hand]
    other.deck = hidden
    return other


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_choices_depend_only_on_what_the_seat_may_see(level: str) -> None:
    for seed in range(4):
        state = ENGINE.new(Setup(players=NAMES[:2]), seed)
        twin = _hide_differently(state, 0)
        assert ENGINE.state_json(twin) != ENGINE.state_json(state)
        view = ENGINE.view(state, 0)
        assert ENGINE.view(twin, 0) == view
        a, b = _bots(level, 1, seed)[0], _bots(level, 1, seed)[0]
        assert a.choose(view, ENGINE.legal_actions(state, 0)) == b.choose(
            ENGINE.view(twin, 0), ENGINE.legal_actions(twin, 0)
        )


def test_greedy_beats_random_nearly_always() -> None:
    wins = 0
    for seed in range(20):
        state = ENGINE.new(Setup(players=NAMES[:2], options={"first_player": seed % 2}), seed)
        outcome = ENGINE.outcome(
            play_game(ENGINE, state, [GreedyBot(seed), RandomBot(seed + 1)]).state
        )
        assert outcome is not None
        wins += outcome.winners == (0,)
    assert wins >= 18


def test_greedy_earns_a_payable_badge_when_outpost_13_has_a_rocket(sp: Table) -> None:
    state = sp.new(players=2)
    sp.hand(state, 0, "stargazer")
    sp.give(state, 0, moon=3)
    sp.rockets(state, "cosmic_canyon", "outpost13", "lunar_woods")
    choice = GreedyBot(1).choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0))
    assert choice.kind == "visit" and choice.dest == "outpost13" and choice.badge == "stargazer"


def test_greedy_fast_travels_a_rocket_onto_outpost_13_to_earn(sp: Table) -> None:
    # Ring: station, lunar, seas, canyon, outpost13, falls, arcade. A rocket on
    # Cosmic Canyon moves on to Outpost 13 with one pass.
    state = sp.new(players=2)
    sp.hand(state, 0, "stargazer")
    sp.give(state, 0, moon=3, passes=1)
    sp.rockets(state, "cosmic_canyon", "celestial_seas", "lunar_woods")
    choice = GreedyBot(1).choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0))
    assert choice == FastTravel(seat=0, dest="cosmic_canyon")


def test_greedy_gathers_the_crystal_its_badge_lacks(sp: Table) -> None:
    state = sp.new(players=2)
    state.deck.extend(state.players[0].hand)  # the hand holds nothing else
    state.players[0].hand.clear()
    sp.hand(state, 0, "deep_diver")  # costs 3 Sea
    sp.give(state, 0, sea=2)
    choice = GreedyBot(1).choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0))
    assert choice.kind == "visit" and choice.dest == "celestial_seas"


class _FakeClock:
    """Each reading is ``step`` seconds after the last: no wall time involved."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_search_stops_at_its_budget_and_still_answers() -> None:
    state = ENGINE.new(Setup(players=NAMES[:4]), 2)
    seat = ENGINE.to_act(state)[0]
    view, legal = ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)
    bot = SearchBot(1, iterations=10_000)  # far more work than any budget allows
    bot.clock = _FakeClock(0.01)  # every playout "takes" 10 ms
    assert bot.choose(view, legal, 0.1) in legal
    assert 0 < bot.playouts <= 10  # stopped at 90% of 100 ms
    roomy = SearchBot(1, iterations=3)
    roomy.clock = _FakeClock(0.0)
    assert roomy.choose(view, legal, 0.1) in legal
    # the whole fixed amount of work: every candidate on each of the 3 samples
    assert roomy.playouts >= 3 * 2 and roomy.playouts % 3 == 0
