"""Pocket Dragon's partner bot as the second seat of a game in words (issue 29, issue 30
item 3): no curtain, its moves told as they happen at its reaction time, `why` gives its
reason, the person is never told their own hand, and a resumed game's partner remembers
its looks."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tabletop.core.session import GameSession
from tabletop.core.store import Store
from tabletop.games import get_engine
from tabletop.games.pocketdragon.bots import Partner
from tabletop.games.pocketdragon.content import cards
from tabletop.games.pocketdragon.model import PocketDragonState
from tabletop.text.conversation import Conversation
from tabletop.text.run import SetupError, open_session
from tabletop.text.seat import TextTable
from tests.text.talk import BAD, Talk, choose, talk

TABLE = '{"mode": "table", "difficulty": "easy"}'


def session_of(t: Talk) -> GameSession:
    table = t.talk.table
    assert isinstance(table, TextTable)
    return table.session


def state_of(t: Talk) -> PocketDragonState:
    state = session_of(t).state
    assert isinstance(state, PocketDragonState)
    return state


def own_hand_names(t: Talk) -> set[str]:
    """The Activities in Ann's hand now, which nothing may tell her (PD-TALK-2)."""
    table = state_of(t).table
    assert table is not None
    return {cards().activities[h.activity].name for h in table.hands[0]}


def partner(t: Talk) -> Partner:
    table = t.talk.table
    assert isinstance(table, TextTable)
    bot = table.paced.bots[1]
    assert isinstance(bot, Partner)
    return bot


@pytest.mark.rule("PD-BOT-1", "PD-TALK-2")
def test_a_whole_game_with_the_partner_in_words(tmp_path: Path) -> None:
    """Ann and the quick partner play an easy game to its end, with a fake clock: the
    partner moves at its reaction time, each of its moves told in one line; no line
    names a card of Ann's own hand while she holds it; no curtain is ever asked for."""
    t = talk(tmp_path, "pocketdragon", "Ann,Bo:quick", TABLE, seed=4)
    assert "Players: Ann, Bo (bot)." in t.start()[0]
    t.say("start")
    rng = random.Random(4)
    partner_lines = 0
    for _ in range(3000):
        if t.talk.done:
            break
        actions = session_of(t).record.actions
        moves = len(actions)
        said = t.wait(0.2)
        made = actions[moves:]
        if any(a["seat"] == 1 for a in made):
            partner_lines += 1
            told = [line for line in said if line.startswith("Bo ")]
            assert 1 <= len(told) <= 3, said
        # Ann acts now and then, as a person does: often on her turn, never in a rush
        if rng.random() < 0.3:
            said += choose(t, rng)
        assert t.talk.curtain_for is None
        hidden = own_hand_names(t)
        for line in said:
            assert not BAD.search(line)
            assert not any(name in line for name in hidden), line
    assert t.talk.done, "the game did not end"
    assert partner_lines >= 5
    assert any(line.startswith("Result:") for line in t.lines)


def test_why_tells_the_partners_reason_or_the_rule_of_a_refusal(tmp_path: Path) -> None:
    t = talk(tmp_path, "pocketdragon", "Ann,Bo:normal", TABLE, seed=3)
    t.start()
    t.say("start")
    t.say("look a1 a2")
    t.say("done")
    assert t.say("why") == ["Nothing was refused yet."]
    said = t.wait(1.6)
    assert any(line.startswith("Bo looks at") for line in said)
    why = t.say("why")
    assert why == [f"Bo: {partner(t).why}"] and "I looked at" in why[0]
    refused = t.say("feed 1")  # not Ann's turn, nor any food
    assert refused and refused[0].startswith(("Refused", "feed 1 is no command"))
    if refused[0].startswith("Refused"):
        assert t.say("why")[0].startswith("PD-")


def test_the_partner_sits_at_a_table_mode_game_only(tmp_path: Path) -> None:
    """PD-BOT-1 at the command line's edge, and a level of the game's own."""
    store = Store(tmp_path / "tabletop.db")
    with pytest.raises(SetupError, match="table mode only"):
        open_session(store, "pocketdragon", "Ann,Bo:quick", '{"mode": "companion"}', 1, None)
    with pytest.raises(SetupError, match="Pocket Dragon has no bot 'hard'"):
        open_session(store, "pocketdragon", "Ann,Bo:hard", TABLE, 1, None)
    store.close()


def test_a_resumed_game_in_words_gives_the_partner_its_memory_back(tmp_path: Path) -> None:
    """Saved with quit mid-game and continued: the partner rebuilt from the record
    remembers what its looks showed, and waits for Ann to resume the clocks."""
    t = talk(tmp_path, "pocketdragon", "Ann,Bo:quick", TABLE, seed=5)
    t.start()
    t.say("start")
    rng = random.Random(5)
    while not partner(t).memory.seen and not t.talk.done:
        t.wait(0.3)
        if rng.random() < 0.5:
            choose(t, rng)
    assert not t.talk.done
    seen = dict(partner(t).memory.seen)
    assert t.say("quit")[-1].startswith("Saved as game 1.")
    session = GameSession.resume(t.store, 1, get_engine("pocketdragon"))
    table = TextTable(session)
    again = Conversation(table, t.clock)
    again.start()
    bot = table.paced.bots[1]
    assert isinstance(bot, Partner) and bot.memory.seen == seen
    t.clock.advance(5)
    assert not [line for line in again.tick() if line.startswith("Bo ")]
    assert getattr(session.view(None), "status", None) == "paused"
