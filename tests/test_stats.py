"""Statistics (tabletop/stats.py) of a store holding known games match the figures
counted by hand; results are ordered winners first."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.core.engine import Outcome
from tabletop.core.store import FIRST_VERSION, FinishedGame, SeatInfo, Store
from tabletop.stats import (
    Player,
    Tally,
    headline,
    ranking,
    result_line,
    stat_groups,
    statistics,
    win_rates_over_time,
)


class Ticker:
    """A clock that moves one minute at every reading, so games finish in order."""

    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        self.now += 60
        return self.now


def play(
    store: Store,
    game: str,
    seats: tuple[SeatInfo, ...],
    scores: tuple[int, ...],
    winners: tuple[int, ...],
    moves: int,
    **options: object,
) -> None:
    names = [seat.name for seat in seats]
    game_id = store.create_game(game, {"players": names, "options": options}, seats, 1)
    version = FIRST_VERSION
    for _ in range(moves):
        version = store.append_action(game_id, version, {"kind": "x", "seat": 0})
    store.finish(game_id, version, Outcome(scores=scores, winners=winners, summary="over"))


ANN, BO, CY = SeatInfo("Ann"), SeatInfo("Bo"), SeatInfo("Cy")
ROBO_BOT, ROBO = SeatInfo("Robo", "hard"), SeatInfo("Robo")


@pytest.fixture
def games(tmp_path: Path) -> Iterator[list[FinishedGame]]:
    store = Store(tmp_path / "tabletop.db", clock=Ticker())
    play(store, "spacepark", (ANN, BO), (20, 14), (0,), 3)
    play(store, "spacepark", (ANN, BO, ROBO_BOT), (12, 20, 18), (1,), 5)
    play(store, "spacepark", (ANN,), (21,), (0,), 2)  # solo: Ann beat Scout
    play(store, "spacepark", (ANN,), (11,), (), 4)  # solo: Scout won
    play(store, "pocketparks", (ANN, CY, ROBO), (22, 9, 9), (0,), 10)
    play(store, "pocketdragon", (ANN, BO), (8, 8), (0, 1), 6, difficulty="easy")
    play(store, "pocketdragon", (ANN, BO), (0, 0), (), 1, difficulty="hard")
    play(store, "pocketdragon", (BO, CY), (12, 12), (0, 1), 7, difficulty="hard")
    yield store.finished()
    store.close()


def figures(tally: Tally) -> tuple[int, int, float, float, int | None, int]:
    return (tally.games, tally.wins, tally.win_rate, tally.average, tally.best, tally.longest)


def test_per_player_and_game_figures_match_a_hand_count(games: list[FinishedGame]) -> None:
    by_player = statistics(games).by_player
    counted = {
        (Player("Ann"), "spacepark"): (4, 2, 0.5, 16.0, 21, 5),
        (Player("Bo"), "spacepark"): (2, 1, 0.5, 17.0, 20, 5),
        (Player("Robo", "hard"), "spacepark"): (1, 0, 0.0, 18.0, 18, 5),
        (Player("Ann"), "pocketparks"): (1, 1, 1.0, 22.0, 22, 10),
        (Player("Cy"), "pocketparks"): (1, 0, 0.0, 9.0, 9, 10),
        (Player("Robo"), "pocketparks"): (1, 0, 0.0, 9.0, 9, 10),
        (Player("Ann"), "pocketdragon"): (2, 1, 0.5, 4.0, 8, 6),
        (Player("Bo"), "pocketdragon"): (3, 2, 2 / 3, 20 / 3, 12, 7),
        (Player("Cy"), "pocketdragon"): (1, 1, 1.0, 12.0, 12, 7),
    }
    assert {key: figures(tally) for key, tally in by_player.items()} == counted
    assert str(Player("Robo", "hard")) == "Robo (hard bot)"  # not the person called Robo


def test_space_park_solo_and_pocket_dragon_difficulties_match_a_hand_count(
    games: list[FinishedGame],
) -> None:
    stats = statistics(games)
    assert [group.id for group in stat_groups()] == ["solo", "dragon"]  # the games' order
    assert {p: figures(t) for p, t in stats.groups["solo"].items()} == {
        Player("Ann"): (2, 1, 0.5, 16.0, 21, 4)
    }
    assert {d: figures(t) for d, t in stats.groups["dragon"].items()} == {
        "Easy": (1, 1, 1.0, 8.0, 8, 6),
        "Hard": (2, 1, 0.5, 6.0, 12, 7),
    }


def test_win_rates_over_time_follow_each_players_games_in_order(
    games: list[FinishedGame],
) -> None:
    curves = win_rates_over_time(games, "spacepark")
    assert [p.rate for p in curves[Player("Ann")]] == [1.0, 0.5, 2 / 3, 0.5]
    assert [p.games for p in curves[Player("Bo")]] == [1, 2]
    times = [p.finished for p in curves[Player("Ann")]]
    assert times == sorted(times) and len(set(times)) == 4
    everything = win_rates_over_time(games)
    assert [p.rate for p in everything[Player("Bo")]] == [0.0, 0.5, 2 / 3, 2 / 4, 3 / 5]


def test_results_list_winners_first_then_by_score(games: list[FinishedGame]) -> None:
    second = next(g for g in games if len(g.players) == 3 and g.game == "spacepark")
    assert [(p.name, p.score, p.won) for p in ranking(second)] == [
        ("Bo", 20, True),
        ("Robo", 18, False),
        ("Ann", 12, False),
    ]
    assert result_line(second) == "★ Bo 20 · Robo 18 · Ann 12"
    parks = next(g for g in games if g.game == "pocketparks")
    assert result_line(parks) == "★ Ann 22 · Cy 9 · Robo 9"  # a tie keeps seat order
    lost = next(g for g in games if g.game == "spacepark" and g.scores == (11,))
    assert headline(lost) == "over" and headline(second) == result_line(second)
