"""The Pocket Dragon engine: real-time co-op for two, time given as data."""

from __future__ import annotations

import copy
from typing import Any, ClassVar

from tabletop.core.engine import Engine, Outcome, Setup, Transition
from tabletop.core.errors import IllegalAction
from tabletop.core.rng import Rng
from tabletop.games.pocketdragon import clocks, rules
from tabletop.games.pocketdragon.content import ACTIVITY_COUNT, COLLECTION_SIZE, cards
from tabletop.games.pocketdragon.model import (
    HAND_SIZE,
    LEVELS,
    MAX_FOOD,
    SEATS,
    AnswerClue,
    CollectFood,
    EndPeek,
    Feed,
    Flip,
    GeneralClue,
    GiveUp,
    HandCard,
    LogFeed,
    LogGeneralClue,
    LogMistake,
    LogSpecificClue,
    LogSuccess,
    LogTidyUp,
    Pause,
    Peek,
    PlayActivity,
    PocketDragonAction,
    PocketDragonOptions,
    PocketDragonState,
    Reset,
    Resume,
    SpecificClue,
    Start,
    Suggest,
    Table,
    TidyUp,
    check_state,
)
from tabletop.games.pocketdragon.view import PocketDragonView, build_view, score

LOSSES = {
    "main_timer": "The main timer ran out.",
    "hunger": "The dragon went hungry: it was not fed in time.",
    "unhappy": "The dragon's Happiness had to drop below zero.",
    "deck_empty": "A new Activity was needed and the deck was empty.",
}


class PocketDragonEngine(Engine[PocketDragonState, PocketDragonAction]):
    name = "pocketdragon"
    title = "Pocket Dragon"
    min_players = 2
    max_players = 2
    realtime = True
    state_type: ClassVar[type[Any]] = PocketDragonState
    action_type: ClassVar[Any] = PocketDragonAction
    options_type: ClassVar[type[PocketDragonOptions]] = PocketDragonOptions

    def new(self, setup: Setup, seed: int) -> PocketDragonState:
        self.check_players(setup)
        options = self.options(setup)
        assert isinstance(options, PocketDragonOptions)
        state = PocketDragonState(
            players=list(setup.players),
            mode=options.mode,
            difficulty=options.difficulty,
            rng=Rng.from_seed(seed),
            happiness=LEVELS[options.difficulty].happiness,
        )
        if options.mode == "table":
            state.table = _deal(state.rng)
        return state

    def check_state(self, state: PocketDragonState) -> None:
        check_state(state)

    def advance(self, state: PocketDragonState, now: float) -> Transition[PocketDragonState]:
        moved = copy.deepcopy(state)
        clocks.run_to(moved, clocks.to_ms(now))
        return Transition(moved)

    def apply(
        self, state: PocketDragonState, action: PocketDragonAction
    ) -> Transition[PocketDragonState]:
        now_ms = clocks.to_ms(action.now)
        moved = copy.deepcopy(state)
        clocks.run_to(moved, now_ms)
        rules.check(moved, action)
        events, hidden = rules.act(moved, action, max(now_ms, moved.now_ms))
        return Transition(moved, tuple(events), hidden)

    def legal_actions(self, state: PocketDragonState, seat: int) -> list[PocketDragonAction]:
        """Every action ``seat`` may take at the state's clock (``now`` is stamped with it;
        a caller re-stamps an action with its own clock when it is taken)."""
        legal: list[PocketDragonAction] = []
        for action in _candidates(state, seat):
            try:
                rules.check(state, action)
            except IllegalAction:
                continue
            legal.append(action)
        return legal

    def view(self, state: PocketDragonState, seat: int | None) -> PocketDragonView:
        return build_view(state, seat, self.to_act(state))

    def outcome(self, state: PocketDragonState) -> Outcome | None:
        if state.status == "won":
            points = score(state)
            praise = " Amazing!" if points > 15 else " Really good!" if points > 10 else ""
            return Outcome(
                scores=(points, points),
                winners=(0, 1),
                summary=f"The dragon is very happy! You scored {points}.{praise}",
            )
        if state.status == "lost" and state.loss is not None:
            return Outcome(scores=(0, 0), winners=(), summary=LOSSES[state.loss])
        return None

    def players(self, state: PocketDragonState) -> tuple[str, ...]:
        return tuple(state.players)

    def to_act(self, state: PocketDragonState) -> tuple[int, ...]:
        """Who is expected to act: anyone at the buttons, else the turn or the decision."""
        table = state.table
        if table is None or state.status in ("ready", "paused"):
            return (0, 1)
        if state.status != "running":
            return ()
        if table.clue is not None:
            return (1 - table.clue.asker,)
        if table.peek is not None:
            return (table.peek.seat,)
        if table.play is not None:
            player = table.play.seat
            if len(rules.needed_skills(table, table.play)) == 1:
                return tuple(sorted((player, 1 - player)))
            return (player,)
        return (table.turn,)


def _deal(rng: Rng) -> Table:
    grid: list[int | None] = list(range(COLLECTION_SIZE))
    rng.shuffle(grid)
    deck = list(range(ACTIVITY_COUNT))
    rng.shuffle(deck)
    hands = [[HandCard(deck.pop()) for _ in range(HAND_SIZE)] for _ in range(SEATS)]
    return Table(grid=grid, deck=deck, hands=hands, food=[[], []])


def _candidates(state: PocketDragonState, seat: int) -> list[PocketDragonAction]:
    """Every action ``seat`` might take, legal or not; the rules' check sorts them."""
    now = state.now_ms / 1000
    out: list[PocketDragonAction] = [
        Start(seat=seat, now=now),
        Pause(seat=seat, now=now),
        Resume(seat=seat, now=now),
    ]
    if state.table is None:
        out += [Reset(seat=seat, now=now)]
        out += [LogFeed(seat=seat, now=now, discarded=n) for n in range(1, MAX_FOOD + 1)]
        out += [
            kind(seat=seat, now=now)
            for kind in (LogGeneralClue, LogSpecificClue, LogSuccess, LogMistake, LogTidyUp)
        ]
        return out
    deck = cards()
    places = rules.face_down(state.table)
    hand = range(len(state.table.hands[seat]))
    out += [Peek(seat=seat, now=now, places=(a, b)) for a in places for b in places if a < b]
    out += [EndPeek(seat=seat, now=now), GiveUp(seat=seat, now=now), TidyUp(seat=seat, now=now)]
    out += [GeneralClue(seat=seat, now=now, skill=s.id) for s in deck.skills]
    out += [AnswerClue(seat=seat, now=now, skill=s.id) for s in deck.skills]
    out += [SpecificClue(seat=seat, now=now, card=i) for i in hand]
    out += [PlayActivity(seat=seat, now=now, card=i) for i in hand]
    for place in places:
        out += [
            Flip(seat=seat, now=now, place=place),
            Suggest(seat=seat, now=now, place=place),
            CollectFood(seat=seat, now=now, place=place),
        ]
    out += [Feed(seat=seat, now=now, food=f.id) for f in deck.foods]
    return out
