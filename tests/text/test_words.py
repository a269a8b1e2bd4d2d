"""The games' words for playing by words: names as typed words, every legal action of
random positions phrased with a command of its own."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from tabletop.core.engine import Setup
from tabletop.core.words import slug
from tabletop.games import get_engine
from tabletop.games.pocketparks.rules import NAME
from tabletop.text.conversation import words_of


def test_a_name_is_one_plain_typed_word() -> None:
    assert slug("Grand Canyon") == "grand-canyon"
    assert slug("Let's do it again") == "lets-do-it-again"
    assert slug("Hawaiʻi Volcanoes") == "hawaii-volcanoes"
    assert slug("Outpost 13") == "outpost-13"


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("pocketparks", ("Ann", "Bo", "Cy"), {}),
        ("spacepark", ("Ann", "Bo"), {}),
        ("spacepark", ("Ann",), {}),
        ("pocketdragon", ("Ann", "Bo"), {"mode": "table"}),
        ("pocketdragon", ("Ann", "Bo"), {"mode": "companion"}),
    ],
)
def test_every_legal_action_has_a_command_of_its_own(
    game: str, players: tuple[str, ...], options: dict[str, str]
) -> None:
    engine = get_engine(game)
    words = words_of(game)
    rng = random.Random(1)
    state = engine.new(Setup(players=players, options=options), 1)
    for step in range(400):
        seats = engine.to_act(state)
        if engine.outcome(state) is not None or not seats:
            break
        for seat in seats:
            view = engine.view(state, seat)
            legal = engine.legal_actions(state, seat)
            phrases = [words.phrase(view, a) for a in legal]
            for phrase in phrases:
                assert phrase.command == phrase.command.lower() and phrase.command.split()
                # one command, one move: actions phrased alike are alike (copies of a card)
                alike = [a for a, p in zip(legal, phrases, strict=True) if p == phrase]
                assert len({_card_name(game, a) for a in alike}) == 1, alike
        seat = seats[0]
        legal = engine.legal_actions(state, seat)
        playing = [a for a in legal if a.kind not in ("pause", "reset")] or legal
        state = engine.apply(state, rng.choice(playing)).state
        if engine.realtime:
            state = engine.advance(state, 0.5 * (step + 1)).state
    assert step > 5


def _card_name(game: str, action: Any) -> str:
    """An action with the card it names by name (copies of one card share it)."""
    named = {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}
    if game == "pocketparks" and "card" in named:
        named["card"] = NAME[named["card"]]
    return repr(named)
