"""``legal_actions`` is exactly what ``apply`` accepts (checked against every conceivable
action, in random games and built cases), and a Park Tour is picked card by card, so no
call lists every combination of a hand's cards; records of one-shot Park Tours replay."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tabletop.core.engine import Setup
from tabletop.core.errors import IllegalAction
from tabletop.core.record import GameRecord, replay
from tabletop.games.pocketparks import rules as R
from tabletop.games.pocketparks.model import (
    AddCard,
    Cancel,
    Confirm,
    Discard,
    Draw,
    ParkTour,
    Pass,
    Pay,
    PlayEvent,
    PocketParksState,
    React,
    StartBuild,
    StartSet,
    StartSteal,
    Take,
    TakeRandom,
    TourPick,
)
from tests.pocketparks.scenario import ENGINE, act, park, parks, table

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve")
EFFECTS = sorted({e for e in R.EFFECT if e is not None})
MOUNTAIN = 1  # the icon bit of mountain parks (15 of them)
MOUNTAINS = [c for c in range(R.PARKS) if R.MASK[c] & MOUNTAIN]


def random_states(players: int, seed: int, every: int) -> list[PocketParksState]:
    """Every ``every``-th state of a random game, and every 5th with a draft or a window."""
    st = ENGINE.new(Setup(players=NAMES[:players]), seed)
    chooser = random.Random(seed)
    states = []
    for step in range(3000):
        if ENGINE.outcome(st) is not None:
            break
        busy = st.draft is not None or st.window is not None
        if step % every == 0 or (busy and step % 5 == 0):
            states.append(st)
        legal = ENGINE.legal_actions(st, chooser.choice(ENGINE.to_act(st)))
        st = ENGINE.apply(
            st, chooser.choice([a for a in legal if a.kind != "cancel"] or legal)
        ).state
    return states


def every_conceivable_action(state: PocketParksState, seat: int) -> list[Any]:
    """Each kind of action with every value that could matter here, and wrong ones: the
    cards of the hands, the sets, the discard tops and the next draw (purple reactions:
    the seat's own cards and the discard top); every seat, set and effect. A Park Tour
    claim names the cards picked (one naming others at once, as old records do, is
    taken too but never listed: ``test_a_one_shot_park_tour_of_an_old_record_replays``)."""
    players = range(-1, len(state.players) + 1)
    cards = {c for p in state.players for c in (*p.hand, *(c for s in p.sets for c in s))}
    cards |= {*state.discard[-1:], *state.event_discard[-1:], *state.pile[-1:]}
    set_cards = {
        t: [c for s in state.players[t].sets for c in s] for t in range(len(state.players))
    }
    actions: list[Any] = [StartSet(seat=seat), TakeRandom(seat=seat), Confirm(seat=seat)]
    actions += [Cancel(seat=seat), Pass(seat=seat)]
    actions += [Draw(seat=seat, source=source) for source in ("pile", "discard")]
    actions += [StartBuild(seat=seat, set_index=i) for i in range(-1, 5)]
    actions += [StartSteal(seat=seat, target=t) for t in players]
    for card in sorted(cards):
        actions += [kind(seat=seat, card=card) for kind in (AddCard, Pay, Take, Discard, TourPick)]
    for card in {*state.players[seat].hand, *state.discard[-1:]}:
        actions += [React(seat=seat, card=card, as_effect=e) for e in (None, *EFFECTS)]
    events = [c for c in state.players[seat].hand if not R.is_park(c)]
    for card in events:
        for effect in (None, *EFFECTS):
            actions.append(PlayEvent(seat=seat, card=card, as_effect=effect))
            for target, bitten in set_cards.items():
                actions += [
                    PlayEvent(seat=seat, card=card, as_effect=effect, target=target, pick=pick)
                    for pick in (None, *bitten)
                ]
    if state.window is not None:
        picked = R.tour_picks(state, seat)
        actions.append(ParkTour(seat=seat, cards=tuple(sorted(picked))))
    return actions


def accepted(state: PocketParksState, action: Any) -> bool:
    try:
        ENGINE.apply(state, action)
    except IllegalAction:
        return False
    return True


def tour_window(hand: list[int]) -> PocketParksState:
    """Ana discards Grand Teton (mountain, wildlife); Ben, holding ``hand``, is asked."""
    st = table([parks("Grand Teton", "Arches"), hand], draws=parks("Yosemite", "Zion"))
    st = act(st, Draw(seat=0, source="pile"))
    st = act(st, Draw(seat=0, source="pile"))
    st = act(st, Discard(seat=0, card=park("Grand Teton")))
    assert st.window is not None and st.window.waiting == [1]
    return st


def picked(state: PocketParksState, cards: list[int]) -> PocketParksState:
    for card in cards:
        state = act(state, TourPick(seat=1, card=card))
    return state


EIGHT = [c for c in MOUNTAINS if c != park("Grand Teton")][:8]
WILD = parks("Wind Cave", "Everglades")  # wildlife, like the top, but only two


def built_states() -> list[PocketParksState]:
    """Ben asked about Grand Teton with 8 mountains (the most a hand holds: 9 sharing an
    icon are played at once) and 2 wildlife parks, before and after picking 1, 4, 7 and 8
    of the mountains; and with 3 mountains and an odd card."""
    big = tour_window([*EIGHT, *WILD])
    small = tour_window([*EIGHT[:3], park("Zion")])
    return [big, *(picked(big, EIGHT[:n]) for n in (1, 4, 7, 8)), small]


@pytest.mark.parametrize(("players", "seed", "every"), [(2, 1, 40), (3, 2, 40), (5, 3, 60)])
def test_legal_actions_are_exactly_the_actions_the_rules_accept(
    players: int, seed: int, every: int
) -> None:
    """PP-TURN-1, PP-WINDOW-1, PP-TOUR-1, PP-SET-2, PP-STEAL-1, PP-EVENT-1: each action is
    listed once, and listed exactly when ``apply`` takes it."""
    states = random_states(players, seed, every)
    if players == 2:
        states += built_states()
    kinds = set()
    for st in states:
        for seat in range(players):
            legal = ENGINE.legal_actions(st, seat)
            assert len(set(legal)) == len(legal)
            oracle = {a for a in every_conceivable_action(st, seat) if accepted(st, a)}
            assert set(legal) == oracle
            kinds |= {a.kind for a in legal}
    # The games reach the cases the comparison is meant to cover.
    assert kinds >= {"start_set", "add", "confirm", "draw", "discard", "pass", "start_steal"}
    if players == 2:
        assert kinds >= {"tour_pick", "park_tour", "cancel"}


@pytest.mark.rule("PP-NINE-2")
def test_a_park_tour_is_picked_card_by_card() -> None:
    """PP-TOUR-1, PP-NINE-2: only cards that can make a Park Tour are offered, one pick
    at a time (a hand of 8 held 71 Park Tours: every 4 of them, and all 8); after 4 picks
    the claim is offered, 4 more make a set of 9; cancel starts over."""
    st = built_states()[0]
    assert ENGINE.legal_actions(st, 1) == [Pass(seat=1), *(TourPick(seat=1, card=c) for c in EIGHT)]
    four = picked(st, EIGHT[:4])
    assert ENGINE.legal_actions(four, 1) == [
        Pass(seat=1),
        ParkTour(seat=1, cards=tuple(sorted(EIGHT[:4]))),
        *(TourPick(seat=1, card=c) for c in EIGHT[4:]),
        Cancel(seat=1),
    ]
    seven = picked(four, EIGHT[4:7])
    assert ENGINE.legal_actions(seven, 1) == [
        Pass(seat=1),
        TourPick(seat=1, card=EIGHT[7]),
        Cancel(seat=1),
    ]
    eight = picked(seven, EIGHT[7:])
    assert ENGINE.legal_actions(eight, 1) == [
        Pass(seat=1),
        ParkTour(seat=1, cards=tuple(sorted(EIGHT))),
        Cancel(seat=1),
    ]
    again = act(eight, Cancel(seat=1))
    assert ENGINE.legal_actions(again, 1) == ENGINE.legal_actions(st, 1)
    nine = act(eight, ParkTour(seat=1, cards=tuple(sorted(EIGHT))))
    assert nine.results and nine.results[0].winner == 1


def test_park_tour_picks_are_secret_and_leave_with_the_answer() -> None:
    """PP-WINDOW-1: only the picker sees its picks; a pass drops them."""
    st = picked(built_states()[0], EIGHT[:1])
    views = {seat: ENGINE.view(st, seat).window for seat in (None, 0, 1)}
    assert [c.id for c in views[1].picked] == EIGHT[:1]  # type: ignore[union-attr]
    assert views[None].picked == views[0].picked == []  # type: ignore[union-attr]
    passed = act(st, Pass(seat=1))
    assert passed.window is None and passed.players[1].sets == []


def test_a_one_shot_park_tour_of_an_old_record_replays() -> None:
    """PP-TOUR-1: a game saved when a Park Tour named all its cards in one action (no
    picks) replays to the very state the engine reached then; the claim is taken as
    the picks and the claim."""
    saved = json.loads((Path(__file__).parent / "one_shot_park_tour.json").read_text())
    record = GameRecord.model_validate(saved["record"])
    kinds = [a["kind"] for a in record.actions]
    assert "park_tour" in kinds and "tour_pick" not in kinds
    assert ENGINE.dump_state(replay(ENGINE, record)) == saved["state"]
