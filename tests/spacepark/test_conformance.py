"""Random playouts over many seeds: the engine contract holds for 1-4 players."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.core.engine import MALFORMED_ACTION, Setup
from tabletop.core.errors import IllegalAction
from tabletop.core.record import GameRecord, replay
from tabletop.games.spacepark.content import badges
from tabletop.games.spacepark.engine import ENGINE
from tabletop.games.spacepark.model import SpaceParkState

NAMES = ("Ann", "Bob", "Cy", "Di")
TOTALS = [24, 12, 12, 10]


def _secret_ids(state: SpaceParkState, viewer: int | None) -> list[str]:
    """Badges the viewer may not see: the deck, other hands, another's drawn card."""
    hidden = [*state.deck]
    for seat, player in enumerate(state.players):
        if seat != viewer:
            hidden.extend(player.hand)
    pending = state.pending
    if pending is not None and pending.drawn is not None and pending.seat != viewer:
        hidden.append(pending.drawn)
    return hidden


def _assert_views_hide(state: SpaceParkState) -> None:
    for viewer in (None, *range(len(state.players))):
        text = json.dumps(ENGINE.view(state, viewer).model_dump(mode="json"))
        for badge in _secret_ids(state, viewer):
            assert f'"{badge}"' not in text, (viewer, badge)
            assert badges()[badge].name not in text, (viewer, badge)


def play(players: int, seed: int, check_views: bool) -> tuple[SpaceParkState, GameRecord]:
    # Odd seeds draw the first player at random (SP-SETUP-6).
    setup = Setup(players=NAMES[:players], options={"first_player": "random"} if seed % 2 else {})
    state = ENGINE.new(setup, seed)
    record = GameRecord(game="spacepark", setup=setup, seed=seed)
    chooser = random.Random(seed)
    for _ in range(5000):
        if ENGINE.outcome(state) is not None:
            break
        seats = ENGINE.to_act(state)
        assert seats, "the game is running, so someone must be able to act"
        for seat in range(players):
            if seat not in seats:
                assert ENGINE.legal_actions(state, seat) == []
        legal = ENGINE.legal_actions(state, seats[0])
        assert legal, f"seat {seats[0]} is asked to act but has no legal action"
        action = chooser.choice(legal)
        transition = ENGINE.apply(state, action)  # never refuses a legal action
        record.actions.append(ENGINE.dump_action(action))
        state = transition.state
        for slot, total in enumerate(TOTALS):  # SP-SUPPLY-1
            assert state.supply[slot] + sum(p.stock[slot] for p in state.players) == total
        assert all(n >= 0 for p in state.players for n in p.stock)
        assert len(set(state.rockets)) == 3  # SP-MOVE-1: never two rockets together
        pending = state.pending
        if pending is not None and pending.drawn is not None:  # SP-DEST-5: kept secret
            name = badges()[pending.drawn].name
            assert all(name not in e.text for e in transition.events if e.private_to is None)
        if check_views:
            _assert_views_hide(state)
    else:
        pytest.fail("the game did not end in 5000 actions")
    _assert_views_hide(state)
    return state, record


@pytest.mark.rule("SP-SUPPLY-1", "SP-BADGE-1", "SP-MOVE-1")
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_playouts_keep_the_contract(players: int) -> None:
    """SP-SUPPLY-1 conservation, SP-BADGE-1 hidden hands, SP-MOVE-1, and replay."""
    for seed in range(40):
        state, record = play(players, seed, check_views=seed < 3)
        outcome = ENGINE.outcome(state)
        assert outcome is not None
        assert len(outcome.scores) == players
        if players > 1:
            assert len(outcome.winners) == 1
        again = replay(ENGINE, GameRecord.model_validate_json(record.model_dump_json()))
        assert ENGINE.state_json(again) == ENGINE.state_json(state)
        loaded = ENGINE.load_state(json.loads(ENGINE.state_json(state)))
        assert ENGINE.state_json(loaded) == ENGINE.state_json(state)


@pytest.mark.rule("SP-END-1")
def test_multiplayer_games_reach_20_xp_and_finish_the_round() -> None:
    """SP-END-1: random games end by the 20 XP rule with equal turns for everyone."""
    for seed in range(20):
        state, _ = play(3, seed, check_views=False)
        if state.idle_turns >= 3:
            continue  # ended by SP-TURN-5
        outcome = ENGINE.outcome(state)
        assert outcome is not None and max(outcome.scores) >= 20
        assert state.active == (state.first - 1) % 3
        assert state.turn % 3 == 0


def test_malformed_actions_are_refused_without_change() -> None:
    """Malformed actions get the shared ACTION-FORMAT id; nothing changes."""
    state = ENGINE.new(Setup(players=NAMES[:2]), 3)
    before = ENGINE.state_json(state)
    for data in (
        {"kind": "fly", "seat": 0},
        {"kind": "visit", "seat": 0, "dest": "mars"},
        {"kind": "visit", "seat": 0, "dest": "lunar_woods", "extra": 1},
        {"kind": "visit", "dest": "lunar_woods"},
        '{"kind": "visit", "seat": 0',
    ):
        with pytest.raises(IllegalAction) as caught:
            ENGINE.parse_action(data)
        assert caught.value.rule == MALFORMED_ACTION
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(
            state, ENGINE.parse_action({"kind": "visit", "seat": 5, "dest": "lunar_woods"})
        )
    assert caught.value.rule == "TT-SEAT-1"
    assert ENGINE.state_json(state) == before
