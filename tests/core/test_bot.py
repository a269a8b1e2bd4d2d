"""The bot kernel: the random bot, the levels of each game, and the driver that hands
a bot its seat's view and legal actions only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from pydantic import BaseModel

from tabletop.core.bot import Bot, PacedBot, RandomBot, ask, play_game
from tabletop.core.engine import Action, Setup
from tabletop.core.kit import STANDARD_LEVELS
from tabletop.core.store import SeatInfo
from tabletop.games import get_engine, hint, kit, kits, levels, make_bot
from tabletop.games.spacepark.engine import ENGINE
from tabletop.games.spacepark.model import FastTravel, Visit


def _actions() -> list[Action]:
    return [Visit(seat=0, dest="lunar_woods"), FastTravel(seat=0, dest="lunar_woods")]


def test_random_bot_picks_only_legal_actions_and_repeats_for_a_seed() -> None:
    legal = _actions()
    first = [RandomBot(5).choose(None, legal) for _ in range(1)]
    bot_a, bot_b = RandomBot(5), RandomBot(5)
    picks_a = [bot_a.choose(None, legal) for _ in range(50)]
    picks_b = [bot_b.choose(None, legal) for _ in range(50)]
    assert picks_a == picks_b
    assert first[0] == picks_a[0]
    assert set(picks_a) == set(legal)  # both get picked over 50 draws


def test_random_bot_shuns_a_kind_unless_it_is_all_there_is() -> None:
    legal = _actions()
    bot = RandomBot(1, shun=frozenset({"fast_travel"}))
    assert {bot.choose(None, legal) for _ in range(30)} == {legal[0]}
    assert bot.choose(None, legal[1:]) == legal[1]


def test_random_bot_refuses_an_empty_choice() -> None:
    with pytest.raises(ValueError, match="no legal action"):
        RandomBot(1).choose(None, [])


def test_levels_per_game_and_the_factory() -> None:
    standard = tuple(level.key for level in STANDARD_LEVELS)
    assert standard == ("easy", "normal", "hard")
    assert all(level.name and level.word and level.help for level in STANDARD_LEVELS)
    with_bots = [kit.name for kit in kits() if kit.bots is not None]
    assert set(with_bots) == {"spacepark", "pocketparks", "pocketdragon"}
    for game in ("spacepark", "pocketparks"):
        assert levels(game) == standard
        for level in standard:
            bot = make_bot(game, level, 3)
            assert isinstance(bot, Bot) and bot.level == level
    # Pocket Dragon's partner, by its reaction time: a real-time bot
    assert levels("pocketdragon") == ("relaxed", "normal", "quick")
    assert kit("pocketdragon").level("quick").name == "Partner, quick"
    for level in levels("pocketdragon"):
        assert isinstance(make_bot("pocketdragon", level, 3), PacedBot)


def test_factory_errors_name_what_exists() -> None:
    with pytest.raises(ValueError, match="levels: relaxed, normal, quick"):
        make_bot("pocketdragon", "easy", 1)
    with pytest.raises(ValueError, match="levels: easy, normal, hard"):
        make_bot("spacepark", "expert", 1)


@pytest.mark.rule("PD-BOT-1")
def test_a_seat_names_a_level_of_its_game_and_bots_sit_where_the_kit_lets_them() -> None:
    """PD-BOT-1: the partner sits at a table-mode game only; every game's seats name one
    of its own levels."""
    seats = (SeatInfo("Ann"), SeatInfo("Bo", "quick"))
    dragon = kit("pocketdragon")
    dragon.check_seats(seats, {"mode": "table"})
    dragon.check_seats(seats, {})  # table mode is the default
    with pytest.raises(ValueError, match=r"table mode only \(PD-BOT-1\)"):
        dragon.check_seats(seats, {"mode": "companion"})
    dragon.check_seats((SeatInfo("Ann"), SeatInfo("Bo")), {"mode": "companion"})
    with pytest.raises(ValueError, match="Seat 2: Space Park has no bot 'quick'"):
        kit("spacepark").check_seats(seats, {})


class _Recorder(Bot):
    """Records what it is handed, and answers like a random bot."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.seen: list[tuple[Any, list[Any]]] = []

    def choose(self, view: BaseModel | None, legal: Sequence[Any], budget_s: float = 0.3) -> Any:
        self.seen.append((view, list(legal)))
        return legal[self.rng.below(len(legal))]


def test_the_driver_hands_a_bot_its_view_and_legal_actions_never_the_state() -> None:
    state = ENGINE.new(Setup(players=("A", "B")), 4)
    bots = [_Recorder(1), _Recorder(2)]
    played = play_game(ENGINE, state, bots)
    assert ENGINE.outcome(played.state) is not None
    for seat, bot in enumerate(bots):
        assert bot.seen
        for view, legal in bot.seen:
            assert type(view).__name__ == "SpaceParkView"
            assert view.seat == seat  # its own seat's view, not a spectator's or another's
            assert legal and all(isinstance(a, Action) and a.seat == seat for a in legal)
            assert not isinstance(view, type(state))
    assert sum(played.decisions.values()) == len(played.actions)


class _Cheater(Bot):
    def choose(self, view: BaseModel | None, legal: Sequence[Any], budget_s: float = 0.3) -> Any:
        return Visit(seat=legal[0].seat, dest="outpost13", badge="nova")


def test_an_illegal_choice_is_caught_by_the_driver() -> None:
    state = ENGINE.new(Setup(players=("A", "B")), 4)
    with pytest.raises(ValueError, match="illegal action"):
        ask(ENGINE, state, ENGINE.to_act(state)[0], _Cheater(1))


def test_a_hint_is_for_a_seat_with_a_move_in_a_game_with_hints() -> None:
    state = ENGINE.new(Setup(players=("Ann", "Bob")), 2)
    assert hint(ENGINE, state, 1) is None  # not Bob's turn: nothing to suggest
    suggested = hint(ENGINE, state, 0)
    assert suggested is not None and suggested.action in ENGINE.legal_actions(state, 0)
    with_hints = {kit.name for kit in kits() if kit.hints is not None}
    # a hint is the hard bot's move: Pocket Dragon's partner is no search bot
    assert with_hints == {"spacepark", "pocketparks"}
    dragon = get_engine("pocketdragon")
    with pytest.raises(ValueError, match="Pocket Dragon gives no hints"):
        hint(dragon, dragon.new(Setup(players=("Ann", "Bob")), 1), 0)
