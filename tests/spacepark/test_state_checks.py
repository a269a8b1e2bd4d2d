"""What every Space Park state holds (``check_state``, run on every loaded, imported or
edited save): the states play reaches pass, each broken invariant is refused saying
which, and each bound accepts the lawful value at its edge.

The lawful states are made by the engine from small built boards (tests/spacepark's
``Table``); each refused state changes one thing in one of them."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

import pytest

from tabletop.core.engine import InvalidState
from tabletop.core.rng import Rng
from tabletop.games.spacepark.content import SUN
from tabletop.games.spacepark.engine import ENGINE
from tabletop.games.spacepark.model import SCOUT_NAME_REFUSED, Pending, SpaceParkState, Step
from tabletop.games.spacepark.rules import xp_of

Build = Callable[[Any], SpaceParkState]
Change = Callable[[SpaceParkState], None]

# Badges without bonuses, earned for their plain XP: 6 + 6 + 5 + 2 = 19.
NINETEEN_XP = ("stargazer", "deep_diver", "coral_keeper", "tide_reader")


# -- lawful states, made by play ------------------------------------------------------


def fresh(players: int) -> Build:
    def build(sp: Any) -> SpaceParkState:
        return sp.new(players)

    return build


def solo_after_a_turn(sp: Any) -> SpaceParkState:
    """Scout has drawn once: the solo game's Scout Stack holds a badge."""
    return sp.act(sp.new(1), 0, "visit", dest="lunar_woods").state


def benefit_at(dest: str, **visit: Any) -> Build:
    """Ann visits ``dest``, where Scout stands; Cy holds the Controller and is to choose
    the Scout benefit (SP-SCOUT-1), with the visit's steps waiting."""

    def build(sp: Any) -> SpaceParkState:
        state = sp.new(3)
        state.controller = 2
        sp.scout(state, dest)
        others = [d for d in ("lunar_woods", "celestial_seas", "cosmic_canyon") if d != dest]
        sp.rockets(state, dest, *others[:2])
        if dest == "outpost13":
            sp.hand(state, 0, "pathfinder")  # costs a Moon crystal
            sp.give(state, 0, moon=1)
        state = sp.act(state, 0, "visit", dest=dest, **visit).state
        assert state.pending is not None and state.pending.kind == "scout_benefit"
        return state

    return build


def starlight_draw(sp: Any) -> SpaceParkState:
    """Ann has drawn at Starlight Station and decides what to do with it (SP-DEST-5)."""
    state = sp.new(2)
    sp.rockets(state, "starlight_station", "lunar_woods", "celestial_seas")
    state = sp.act(state, 0, "visit", dest="starlight_station").state
    assert state.pending is not None and state.pending.drawn is not None
    return state


def take_as_xp_crosses(sp: Any) -> SpaceParkState:
    """Ann earns Pearl Hunter at Outpost 13, reaching 21 XP; its two Sun crystals must
    come from Bob or Cy, tied for the most with the supply out (SP-BADGE-6,
    SP-SUPPLY-3): the last round waits for the end of her turn."""
    state = sp.new(3)
    sp.rockets(state, "outpost13", "lunar_woods", "celestial_seas")
    sp.earned(state, 0, "stargazer", "deep_diver", "heat_shield")  # 18 XP
    sp.hand(state, 0, "pearl_hunter")  # 1 Moon and 1 Sea for 3 XP and 2 Sun
    sp.give(state, 0, sun=1, moon=1, sea=1)
    sp.give(state, 1, sun=10)
    sp.give(state, 2, sun=10)
    assert state.supply[SUN] == 0
    state = sp.act(state, 0, "visit", dest="outpost13", badge="pearl_hunter").state
    assert state.pending == Pending("take_from", 0, resource=SUN, targets=(1, 2))
    assert xp_of(state.players[0]) == 21 and not state.last_round
    return state


def take_for_bob(sp: Any) -> SpaceParkState:
    """Bob, first player, gains a Sea crystal with the supply out; Ann and Cy tie."""
    state = sp.new(3, first_player=1)
    sp.give(state, 0, sea=6)
    sp.give(state, 2, sea=6)
    state = sp.act(state, 1, "visit", dest="celestial_seas").state
    assert state.pending is not None and state.pending.targets == (0, 2)
    return state


def last_round(sp: Any) -> SpaceParkState:
    """Ann reaches exactly 20 XP at Fusion Falls: the last round is on (SP-END-1). Cy
    holds the Controller and Scout stands at Lunar Woods."""
    state = sp.new(3)
    state.controller = 2
    sp.scout(state, "lunar_woods")
    sp.rockets(state, "fusion_falls", "lunar_woods", "celestial_seas")
    sp.earned(state, 0, *NINETEEN_XP)
    state = sp.act(state, 0, "visit", dest="fusion_falls").state
    assert state.last_round and xp_of(state.players[0]) == 20
    return state


def last_round_decision(sp: Any) -> SpaceParkState:
    """In the last round Bob visits Scout's destination: Cy is to choose."""
    state = sp.act(last_round(sp), 1, "visit", dest="lunar_woods").state
    assert state.pending is not None
    return state


def finished(sp: Any) -> SpaceParkState:
    """The last round is complete: Cy, the seat before the first, has played."""
    state = sp.act(last_round(sp), 1, "visit", dest="celestial_seas").state
    state = sp.act(state, 2, "visit", dest="cosmic_canyon").state
    assert state.over and state.active == 2
    return state


def everybody_passes(sp: Any) -> SpaceParkState:
    """Nobody holds a crystal and the deck is out, so only Astral Arcade could be
    visited: Ann's one pass sends its rocket to Starlight Station, and from then on
    nobody can visit. Two passes in two turns end the game (SP-TURN-4, SP-TURN-5)."""
    state = sp.new(2)
    sp.rockets(state, "astral_arcade", "outpost13", "fusion_falls")
    for player in state.players:
        state.supply[SUN] += player.stock[SUN]
        player.stock[SUN] = 0
    sp.hand(state, 1, *list(state.deck))
    sp.give(state, 0, passes=1)
    state = sp.act(state, 0, "fast_travel", dest="astral_arcade").state
    assert state.over and state.idle_turns == state.turn == 2
    return state


def solo_won(sp: Any) -> SpaceParkState:
    """Alone, Ann reaches exactly 20 XP on her first turn: one XP token in one turn,
    and she wins at once (SP-SOLO-7)."""
    state = sp.new(1)
    sp.rockets(state, "fusion_falls", "lunar_woods", "celestial_seas")
    sp.earned(state, 0, *NINETEEN_XP)
    state = sp.act(state, 0, "visit", dest="fusion_falls").state
    assert state.over and state.deck and state.players[0].xp_tokens == state.turn == 1
    return state


def solo_lost(sp: Any) -> SpaceParkState:
    """The deck is out, and Scout wins when it must draw (SP-SOLO-8)."""
    state = sp.new(1)
    sp.hand(state, 0, *list(state.deck))
    state = sp.act(state, 0, "visit", dest="lunar_woods").state
    assert state.over and not state.deck
    return state


LAWFUL: dict[str, Build] = {
    "solo, new": fresh(1),
    "two players, new": fresh(2),
    "four players, new": fresh(4),
    "solo, Scout has drawn": solo_after_a_turn,
    "Scout benefit before Woods' Moon crystal": benefit_at("lunar_woods"),
    "Scout benefit before Fusion Falls": benefit_at("fusion_falls"),
    "Scout benefit before Outpost 13": benefit_at("outpost13", badge="pathfinder"),
    "Scout benefit before Starlight's draw": benefit_at("starlight_station"),
    "Scout benefit before Astral Arcade": benefit_at("astral_arcade", scout_to="outpost13"),
    "Starlight Station's badge drawn": starlight_draw,
    "take from a tie as the XP crosses 20": take_as_xp_crosses,
    "take from a tie including seat 0": take_for_bob,
    "last round": last_round,
    "last round, a decision waits": last_round_decision,
    "last round complete": finished,
    "a round of passes from the start": everybody_passes,
    "solo won with 20 XP": solo_won,
    "solo lost to Scout": solo_lost,
}


@pytest.mark.parametrize("build", LAWFUL.values(), ids=LAWFUL.keys())
def test_the_states_play_reaches_hold(sp: Any, build: Build) -> None:
    state = build(sp)
    ENGINE.check(state)
    assert ENGINE.load_state(ENGINE.dump_state(state)) == state  # as a save holds it


# -- changes, each of one thing -----------------------------------------------------------


def setting(**fields: Any) -> Change:
    def change(state: SpaceParkState) -> None:
        for name, value in fields.items():
            setattr(state, name, value)

    return change


def seat_0(**fields: Any) -> Change:
    def change(state: SpaceParkState) -> None:
        for name, value in fields.items():
            setattr(state.players[0], name, value)

    return change


def deciding(**fields: Any) -> Change:
    """The decision waited for, with these fields changed."""

    def change(state: SpaceParkState) -> None:
        assert state.pending is not None
        state.pending = dataclasses.replace(state.pending, **fields)

    return change


def queued(*steps: tuple[str, int, str]) -> Change:
    def change(state: SpaceParkState) -> None:
        state.queue = [Step(op, seat, arg) for op, seat, arg in steps]  # type: ignore[arg-type]

    return change


def step_seat(seat: int) -> Change:
    def change(state: SpaceParkState) -> None:
        state.queue[0] = dataclasses.replace(state.queue[0], seat=seat)

    return change


def moved_sun(giver: int | None, taker: int | None, count: int = 1) -> Change:
    """Sun crystals from one seat (None: the supply) to another; the totals hold."""

    def change(state: SpaceParkState) -> None:
        for seat, sign in ((giver, -count), (taker, count)):
            stock = state.supply if seat is None else state.players[seat].stock
            stock[SUN] += sign

    return change


def ring_starting_elsewhere(state: SpaceParkState) -> None:
    state.ring = (state.ring[1], state.ring[0], *state.ring[2:])


def ring_with_starlight_twice(state: SpaceParkState) -> None:
    state.ring = (state.ring[0], *state.ring[:-1])


def badge_twice(state: SpaceParkState) -> None:
    state.deck.append(state.revealed[0])


def badge_lost(state: SpaceParkState) -> None:
    state.deck.pop(0)


def scout_stack_in_a_duel(state: SpaceParkState) -> None:
    state.scout_stack.append(state.deck.pop())


def drawn_badge_back_on_the_deck(state: SpaceParkState) -> None:
    assert state.pending is not None and state.pending.drawn is not None
    state.deck.append(state.pending.drawn)
    state.pending = dataclasses.replace(state.pending, drawn=None)


def benefit_holding_a_drawn_badge(state: SpaceParkState) -> None:
    assert state.pending is not None
    state.pending = dataclasses.replace(state.pending, drawn=state.deck.pop())


def deck_dealt_out(state: SpaceParkState) -> None:
    state.players[1].hand.extend(state.deck)
    state.deck.clear()


def earning_a_badge_on_display(state: SpaceParkState) -> None:
    state.queue[0] = Step("earn", 0, state.revealed[0])


def solo_named_scout(state: SpaceParkState) -> None:
    state.players[0].name = "Scout"


BENEFIT = benefit_at("lunar_woods")  # queue: gain moon, move lunar_woods (seat 0)
TAKE = take_as_xp_crosses  # seat 0 takes Sun from 1 or 2; Ann holds 2, Bob and Cy 11
OFF_THE_RING = "3 rockets stand on 3 different destinations"
SEATS = "not a seat at the table"
DECISION_SEAT = "is to decide, but is not at the table"
DRAWN = "a badge drawn at Starlight Station, and only one, waits for its decision"
ONLY_A_TAKE = "only a take waits on targets"
TARGETS = "may take from seats .*: not other seats at the table"
SUPPLY_OUT = re.escape("a player takes from another only when the supply is out (SP-SUPPLY-2)")
WAITING_STEPS = "the steps of a visit wait only for a decision"
WAITING_DECISION = "a decision waits only in the middle of a visit"
ONE_MOVE = "the steps of a visit end with the rocket's move, once"
STEP = "the visit's step {} cannot be carried out"
EARLY_END = "the game is over before its last round is complete, and not for a round of passes"

REFUSED: list[Any] = [
    # the random source, the board, the seats
    (fresh(2), setting(rng=Rng(-1)), "random generator's state is not a 64-bit", "rng -1"),
    (fresh(2), setting(rng=Rng(2**64)), "random generator's state is not a 64-bit", "rng 2**64"),
    (fresh(2), ring_starting_elsewhere, "Starlight Station first", "ring not from Starlight"),
    (fresh(2), ring_with_starlight_twice, "each destination once", "ring with Starlight twice"),
    (fresh(2), setting(rockets=[1, 1, 2]), OFF_THE_RING, "two rockets on one place"),
    (fresh(2), setting(rockets=[1, 2, 7]), OFF_THE_RING, "a rocket off the ring"),
    (fresh(2), setting(rockets=[1, 2]), OFF_THE_RING, "two rockets"),
    (fresh(2), setting(scout=7), "Scout stands at ring position 7", "Scout off the ring"),
    (fresh(2), setting(first=-1), f"the first player is seat -1, {SEATS}", "first player -1"),
    (fresh(2), setting(first=2), f"the first player is seat 2, {SEATS}", "first player 2 of 2"),
    (fresh(2), setting(active=2), f"the active player is seat 2, {SEATS}", "active 2 of 2"),
    (fresh(2), setting(controller=-1), f"held by seat -1, {SEATS}", "Controller seat -1"),
    (fresh(2), setting(controller=2), f"held by seat 2, {SEATS}", "Controller seat 2 of 2"),
    (fresh(2), setting(turn=0), "turns are counted from 1, passes from 0", "turn 0"),
    (fresh(2), setting(idle_turns=-1), "turns are counted from 1, passes from 0", "passes -1"),
    # resources and badges
    (fresh(2), setting(supply=[21, 12, -1, 10]), "supply holds a negative", "supply -1 Sea"),
    (fresh(2), seat_0(stock=[1, -1, 0, 0]), "seat 0 holds a negative", "stock -1 Moon"),
    (fresh(2), seat_0(xp_tokens=-1), "negative number of XP tokens", "XP tokens -1"),
    (fresh(2), seat_0(stock=[2, 0, 0, 0]), "25 Sun crystals are in the game, not 24", "a Sun made"),
    (fresh(2), badge_twice, "badge '.*' is in more than one place", "a badge twice"),
    (fresh(2), badge_lost, "badge '.*' is missing", "a badge lost"),
    (fresh(2), scout_stack_in_a_duel, "only the solo game has a Scout Stack", "duel stack"),
    # the decision waited for
    (BENEFIT, setting(over=True), "a finished game waits for no decision", "decision, over"),
    (BENEFIT, deciding(seat=-1), f"seat -1 {DECISION_SEAT}", "decision of seat -1"),
    (BENEFIT, deciding(seat=3), f"seat 3 {DECISION_SEAT}", "decision of seat 3 of 3"),
    (starlight_draw, drawn_badge_back_on_the_deck, DRAWN, "Starlight, nothing drawn"),
    (BENEFIT, benefit_holding_a_drawn_badge, DRAWN, "benefit holding a drawn badge"),
    (BENEFIT, deciding(resource=0), ONLY_A_TAKE, "benefit of a resource"),
    (BENEFIT, deciding(targets=(1,)), ONLY_A_TAKE, "benefit with targets"),
    (TAKE, deciding(resource=-1), "resource -1 is no resource", "take of resource -1"),
    (TAKE, deciding(resource=4), "resource 4 is no resource", "take of resource 4"),
    (TAKE, deciding(targets=()), TARGETS, "take from nobody"),
    (TAKE, deciding(targets=(1, 1)), TARGETS, "take from one seat twice"),
    (TAKE, deciding(targets=(0, 1)), TARGETS, "take from oneself"),
    (TAKE, deciding(targets=(1, 3)), TARGETS, "take from seat 3 of 3"),
    (TAKE, moved_sun(1, None), SUPPLY_OUT, "take with Sun in the supply"),
    (TAKE, moved_sun(2, 0, 11), SUPPLY_OUT, "take from a seat without Sun"),
    # the steps of the visit
    (BENEFIT, setting(pending=None), WAITING_STEPS, "steps without a decision"),
    (BENEFIT, setting(queue=[]), WAITING_DECISION, "a decision without steps"),
    (BENEFIT, queued(("gain", 0, "moon")), ONE_MOVE, "no move"),
    (BENEFIT, queued(("move", 0, "lunar_woods"), ("gain", 0, "moon")), ONE_MOVE, "move first"),
    (
        BENEFIT,
        queued(("gain", 0, "moon"), ("move", 0, "lunar_woods"), ("move", 0, "lunar_woods")),
        ONE_MOVE,
        "two moves",
    ),
    (BENEFIT, step_seat(-1), "a step of the visit is for seat -1", "step of seat -1"),
    (BENEFIT, step_seat(3), "a step of the visit is for seat 3", "step of seat 3 of 3"),
    (
        BENEFIT,
        queued(("gain", 0, "gold"), ("move", 0, "lunar_woods")),
        STEP.format("gain 'gold'"),
        "gain of no resource",
    ),
    (
        benefit_at("astral_arcade", scout_to="outpost13"),
        queued(("scout", 0, "mars"), ("move", 0, "astral_arcade")),
        STEP.format("scout 'mars'"),
        "Scout sent nowhere",
    ),
    (
        BENEFIT,
        queued(("gain", 0, "moon"), ("move", 0, "astral_arcade")),
        STEP.format("move 'astral_arcade'"),
        "move of no rocket",
    ),
    (
        BENEFIT,
        queued(("gain", 0, "moon"), ("move", 0, "mars")),
        STEP.format("move 'mars'"),
        "move from nowhere",
    ),
    (
        benefit_at("outpost13", badge="pathfinder"),
        earning_a_badge_on_display,
        STEP.format("earn '.*'"),
        "earn of a badge not in hand",
    ),
    (
        benefit_at("starlight_station"),
        deck_dealt_out,
        STEP.format("draw ''"),
        "draw from no deck",
    ),
    # the end
    (fresh(2), setting(idle_turns=2), "2 passes in a row in 1 turn", "passes over turns"),
    (fresh(2), seat_0(xp_tokens=2), "seat 0 holds 2 XP tokens after 1 turn", "XP over turns"),
    (fresh(1), setting(last_round=True), "the solo game has no last round", "solo last round"),
    (fresh(1), setting(over=True), "the solo game is over, but the player is short", "solo over"),
    (solo_won, setting(over=False), "has 20 XP, and the solo game goes on", "solo goes on"),
    (fresh(3), setting(last_round=True), "the last round is on, but nobody has 20", "last round"),
    (last_round, setting(last_round=False), "has 20 XP, and the last round has not", "no round"),
    (fresh(3), setting(over=True), EARLY_END, "over at once"),
    (finished, setting(active=1), EARLY_END, "over with the last round at seat 1"),
    (finished, setting(active=0), EARLY_END, "over with the last round at seat 0"),
    (everybody_passes, setting(idle_turns=1), EARLY_END, "over after one pass of two"),
    (fresh(1), solo_named_scout, re.escape(SCOUT_NAME_REFUSED), "solo player named Scout"),
]


@pytest.mark.parametrize(
    ("build", "change", "problem"),
    [pytest.param(b, c, p, id=i) for b, c, p, i in REFUSED],
)
def test_each_broken_invariant_is_refused(
    sp: Any, build: Build, change: Change, problem: str
) -> None:
    state = build(sp)
    ENGINE.check(state)  # lawful before the change
    change(state)
    with pytest.raises(InvalidState, match=problem):
        ENGINE.check(state)


def seat_0_named_scout(state: SpaceParkState) -> None:
    state.players[0].name = "Scout"  # only the solo player may not be


EDGES: list[Any] = [
    (fresh(2), setting(rng=Rng(0)), "rng 0"),
    (fresh(2), setting(rng=Rng(2**64 - 1)), "rng 2**64-1"),
    (fresh(3), setting(controller=0), "Controller seat 0"),
    (fresh(3), setting(controller=2), "Controller seat 2 of 3"),
    (fresh(2), seat_0_named_scout, "seat 0 of 2 named Scout"),
]


@pytest.mark.parametrize(("build", "change"), [pytest.param(b, c, id=i) for b, c, i in EDGES])
def test_the_lawful_value_at_each_edge_is_accepted(sp: Any, build: Build, change: Change) -> None:
    """The other edges are in the states play reaches: 0 in a supply, seat 0 among the
    targets, as many passes as turns, an XP token each turn, exactly 20 XP."""
    state = build(sp)
    change(state)
    ENGINE.check(state)


def solo_waiting_to_take(badge: Callable[[SpaceParkState], str]) -> Build:
    """A solo visit to Starlight Station with its take step still queued. Solo play
    never waits for a decision, so this frame is built to reach the take step's check:
    the badge must be on display or the top of the Scout Stack (SP-SOLO-5)."""

    def build(sp: Any) -> SpaceParkState:
        state = sp.new(1)
        sp.rockets(state, "starlight_station", "lunar_woods", "celestial_seas")
        state.scout_stack = [state.deck.pop() for _ in range(3)]
        state.pending = Pending("scout_benefit", 0)
        state.queue = [Step("take", 0, badge(state)), Step("move", 0, "starlight_station")]
        return state

    return build


@pytest.mark.rule("SP-SOLO-5")
@pytest.mark.parametrize(
    ("badge", "takeable"),
    [
        pytest.param(lambda s: s.revealed[0], True, id="on display"),
        pytest.param(lambda s: s.scout_stack[-1], True, id="the stack's top"),
        pytest.param(lambda s: s.scout_stack[-2], False, id="under the top"),
        pytest.param(lambda s: s.scout_stack[0], False, id="the stack's bottom"),
        pytest.param(lambda s: s.players[0].hand[0], False, id="in hand"),
    ],
)
def test_a_take_step_names_a_badge_that_can_be_taken(
    sp: Any, badge: Callable[[SpaceParkState], str], takeable: bool
) -> None:
    state = solo_waiting_to_take(badge)(sp)
    if takeable:
        ENGINE.check(state)
    else:
        with pytest.raises(InvalidState, match=STEP.format("take '.*'")):
            ENGINE.check(state)


def test_a_decision_without_steps_would_give_a_second_visit(sp: Any) -> None:
    """Why a decision waits only in a visit: with no steps left after it, the rocket
    never moves and the visitor would play again (so such a save is refused)."""
    state = BENEFIT(sp)
    state.queue = []
    after = ENGINE.apply(state, sp.action(2, "scout_benefit", take="sun")).state
    assert after.active == 0 and after.turn == 1
    with pytest.raises(InvalidState, match=WAITING_DECISION):
        ENGINE.check(state)
