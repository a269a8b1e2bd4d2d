"""Random full games for 2-5 players: cards are conserved, every listed action
applies, records replay exactly, no view leaks a hand; a 4-player game runs
through the protocol to its final score."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.core.engine import Setup
from tabletop.core.errors import IllegalAction
from tabletop.core.record import GameRecord, replay
from tabletop.games.pocketparks import content_report
from tabletop.games.pocketparks.model import PocketParksState
from tabletop.games.pocketparks.rules import CONTENT
from tabletop.protocol import Session
from tests.pocketparks.scenario import ENGINE

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve")


def all_cards(state: PocketParksState) -> list[int]:
    cards = state.pile + state.discard + state.event_discard
    for player in state.players:
        cards += player.hand + [c for s in player.sets for c in s]
    if state.featured >= 0:
        cards.append(state.featured)
    return sorted(cards)


def hidden_cards(state: PocketParksState, seat: int | None) -> set[str]:
    """How the view JSON would spell the cards in hands this seat may not see."""
    public = {c for p in state.players for s in p.sets for c in s} | set(state.discard[-1:])
    public |= set(state.event_discard) | ({state.featured} if state.featured >= 0 else set())
    if state.draft is not None and seat == state.current:
        public |= set(state.draft.cards)
    secret = {c for s, p in enumerate(state.players) if s != seat for c in p.hand} - public
    if seat is not None:
        secret -= set(state.players[seat].hand)
    return {f'"id":{c},' for c in secret}


def play(
    n: int, seed: int, check_views: bool, modifiers: bool = True
) -> tuple[PocketParksState, GameRecord]:
    rnd = random.Random(seed)
    setup = Setup(players=NAMES[:n], options={"round_modifiers": modifiers})
    st = ENGINE.new(setup, seed)
    record = GameRecord(game="pocketparks", setup=setup, seed=seed)
    for step in range(60_000):
        if ENGINE.outcome(st) is not None:
            break
        seat = rnd.choice(ENGINE.to_act(st))
        actions = ENGINE.legal_actions(st, seat)
        assert actions, f"seat {seat} asked to act with nothing to do in {st.phase}"
        action = rnd.choice([a for a in actions if a.kind != "cancel"] or actions)
        if step % 97 == 0:  # a saved state loads back to the same game
            st = ENGINE.load_state(json.loads(ENGINE.state_json(st)))
        st = ENGINE.apply(st, action).state
        record.actions.append(ENGINE.dump_action(action))
        assert all_cards(st) == list(range(CONTENT.size))
        if check_views and step % 3 == 0:
            sheets = ENGINE.view(st, None).results
            for viewer in (None, *range(n)):
                view = ENGINE.view(st, viewer)
                # The score sheets of past rounds list those rounds' sets (public then,
                # dealt again since): the same for every viewer, so they show no hand.
                assert view.results == sheets
                text = json.dumps(
                    view.model_dump(mode="json", exclude={"results"}), separators=(",", ":")
                )
                leaked = [name for name in hidden_cards(st, viewer) if name in text]
                assert not leaked, f"seat {viewer} sees {leaked}"
    return st, record


# Per player count, the game whose every view is checked (every third step, each viewer):
# game 0 for two and three players; for four and five a game among the shortest of the
# first twelve (4,897 and 8,678 moves; games 0 are 6,463 and 15,449), not one of the
# other two games played here.
VIEWED = {2: 0, 3: 0, 4: 5, 5: 9}


@pytest.mark.rule("PP-HIDDEN-1")
@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", range(3))
def test_random_games_conserve_cards_and_replay_exactly(n: int, seed: int) -> None:
    """PP-HIDDEN-1 (views checked in the first game of each count), PP-GAME-1 (three
    rounds)."""
    viewed = seed == 0
    st, record = play(n, 100 * n + (VIEWED[n] if viewed else seed), check_views=viewed)
    assert ENGINE.outcome(st) is not None and len(st.results) == 3
    assert ENGINE.state_json(replay(ENGINE, record)) == ENGINE.state_json(st)


@pytest.mark.rule("PP-MOD-1")
@pytest.mark.parametrize("n", [2, 4])
def test_random_games_without_round_modifiers(n: int) -> None:
    """PP-MOD-1: three standard rounds, never a featured park."""
    st, record = play(n, 7 + n, check_views=False, modifiers=False)
    assert ENGINE.outcome(st) is not None and st.featured == -1
    assert ENGINE.state_json(replay(ENGINE, record)) == ENGINE.state_json(st)


@pytest.mark.rule("PP-HIDDEN-1")
def test_spectator_sees_no_hand_and_seats_see_only_their_own() -> None:
    """PP-HIDDEN-1."""
    st = ENGINE.new(Setup(players=NAMES[:3]), 11)
    spectator = ENGINE.view(st, None)
    assert spectator.hand is None and [p.hand_size for p in spectator.players] == [6, 6, 6]
    for seat in range(3):
        view = ENGINE.view(st, seat)
        assert view.hand is not None and [c.id for c in view.hand] == st.players[seat].hand
        text = json.dumps(view.model_dump(mode="json"))
        for other in range(3):
            if other != seat:
                for card in st.players[other].hand:
                    if card not in st.players[seat].hand and card != st.discard[-1]:
                        assert f'"id": {card},' not in text


def test_illegal_actions_change_nothing() -> None:
    """An action legal_actions does not list is refused, naming a rule and leaving
    the state as it was (PP-TURN-1)."""
    rnd = random.Random(5)
    st = ENGINE.new(Setup(players=NAMES[:4]), 5)
    refusals = 0
    for _ in range(1500):
        seat = rnd.choice(ENGINE.to_act(st))
        legal = ENGINE.legal_actions(st, seat)
        before = ENGINE.state_json(st)
        card = rnd.randrange(CONTENT.size)
        for bogus in (
            {"kind": "draw", "seat": (seat + 1) % 4, "source": "pile"},
            {"kind": "confirm", "seat": seat},
            {"kind": "start_set", "seat": seat},
            {"kind": "start_build", "seat": seat, "set_index": rnd.randrange(3)},
            {"kind": "start_steal", "seat": seat, "target": rnd.randrange(4)},
            {"kind": "add", "seat": seat, "card": card},
            {"kind": "pay", "seat": seat, "card": card},
            {"kind": "take", "seat": seat, "card": card},
            {"kind": "discard", "seat": seat, "card": card},
            {"kind": "play_event", "seat": seat, "card": card},
            {"kind": "react", "seat": seat, "card": card},
            {"kind": "park_tour", "seat": seat, "cards": [1, 2, 3, 4]},
        ):
            action = ENGINE.parse_action(bogus)
            if action in legal:
                continue
            with pytest.raises(IllegalAction) as info:
                ENGINE.apply(st, action)
            assert info.value.rule.startswith(("PP-", "TT-")) and info.value.message
            assert ENGINE.state_json(st) == before
            refusals += 1
        st = ENGINE.apply(st, rnd.choice(legal)).state
    assert refusals > 2000


@pytest.mark.rule("PP-PLAYERS-1", "PP-SCORE-1")
def test_a_four_player_game_through_the_protocol() -> None:
    """PP-PLAYERS-1, PP-SCORE-1: driven by tabletop.protocol.Session to a final score."""
    session = Session()
    answer = session.handle(
        {"op": "new", "game": "pocketparks", "seed": 3, "players": list(NAMES[:4])}
    )
    assert answer["ok"], answer
    rnd = random.Random(3)
    for _ in range(60_000):
        if answer["outcome"] is not None:
            break
        seat = rnd.choice(answer["to_act"])
        legal = session.handle({"op": "legal", "seat": seat})["actions"]
        choice = rnd.choice([a for a in legal if a["kind"] != "cancel"] or legal)
        answer = session.handle({"op": "act", "seat": seat, "action": choice})
        assert answer["ok"], answer
        assert session.handle({"op": "view", "seat": seat})["view"]["seat"] == seat
    outcome = answer["outcome"]
    assert outcome is not None and len(outcome["scores"]) == 4 and outcome["winners"]
    assert sum(outcome["scores"]) > 0


def test_content_report_is_exposed_by_the_package() -> None:
    assert content_report().startswith("Icons (parks carrying each):")
