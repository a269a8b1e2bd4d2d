"""check_state: every state a game reaches is accepted, and one edited field that no
play could reach is refused, naming what is wrong (issue 27).

The lawful states are played by the engine from tables laid by hand. Each refusal
edits one field of one of them, and where a bound is compared the value right at the
edge is accepted too, so that a bound moved by one is noticed."""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest

from tabletop.core.engine import InvalidState
from tabletop.games.pocketparks.model import (
    NO_CARD,
    NO_SEAT,
    AddCard,
    Claim,
    Confirm,
    Discard,
    Draft,
    Draw,
    EventPlay,
    ParkTour,
    Pay,
    PlayEvent,
    PocketParksState,
    React,
    SetScore,
    StartBuild,
    StartSet,
    StartSteal,
    Take,
    TourPick,
)
from tabletop.games.pocketparks.rules import CONTENT
from tests.pocketparks.scenario import ENGINE, act, event, park, parks, pass_all, run, table

Edit = Callable[[PocketParksState], object]

PARKS = len(CONTENT.parks)  # cards 0 to PARKS - 1 are parks, the rest events
ICONS = 2 * CONTENT.dark_bit  # icon masks: the theme icons and dark sky
MOUNTAINS = parks("Sequoia", "North Cascades", "Rocky Mountain", "Guadalupe Mountains")
EIGHT_MOUNTAINS = [
    *MOUNTAINS,
    *parks("Lassen Volcanic", "Kings Canyon", "Shenandoah", "Hot Springs"),
]
WILDLIFE = parks("Wind Cave", "Everglades", "Isle Royale", "Channel Islands")
LAST_PARK, FIRST_EVENT = PARKS - 1, PARKS  # New River Gorge, Make a wish


# -- lawful states, played by the engine ------------------------------------------------


def _turn() -> PocketParksState:
    """Ana to move; she holds a set, Ben one to steal from."""
    hands = [
        [*MOUNTAINS, park("Grand Teton"), LAST_PARK, FIRST_EVENT],
        parks("Bryce Canyon"),
        parks("Zion"),
    ]
    sets = [[parks("Lassen Volcanic", "Kings Canyon")], [parks("Glacier", "Denali")], []]
    return table(hands, sets=sets, draws=parks("Yosemite", "Arches"))


def _tour_window() -> PocketParksState:
    """Ana discards Grand Teton onto Olympic: Ben has picked one mountain, Cy has
    claimed it with four wildlife parks, Ben and Dee are still asked."""
    hands = [
        parks("Grand Teton", "Arches"),
        [*EIGHT_MOUNTAINS, park("Acadia")],
        WILDLIFE,
        parks("Bryce Canyon"),
    ]
    st = table(hands, draws=parks("Yosemite", "Zion"), discard=parks("Olympic"))
    st = run(st, Draw(seat=0, source="pile"), Draw(seat=0, source="pile"))
    st = act(st, Discard(seat=0, card=park("Grand Teton")))
    st = run(st, *(TourPick(seat=2, card=c) for c in WILDLIFE))
    st = act(st, ParkTour(seat=2, cards=tuple(sorted(WILDLIFE))))
    return act(st, TourPick(seat=1, card=MOUNTAINS[0]))


def _wish_window() -> PocketParksState:
    """Ana's Make a wish flipped Grand Teton; Ben holds four mountains for it."""
    wish = event("make_a_wish")
    anas = parks("Lassen Volcanic", "Kings Canyon", "Shenandoah", "Hot Springs")
    anas += parks("Acadia", "Katmai", "Pinnacles", "Redwood")
    st = table(
        [[wish, *anas], [*MOUNTAINS, park("Zion")], parks("Bryce Canyon")],
        draws=parks("Yosemite", "Arches", "Grand Teton", "Petrified Forest"),
    )
    st = run(st, Draw(seat=0, source="pile"), Draw(seat=0, source="pile"))
    return pass_all(act(st, PlayEvent(seat=0, card=wish)))


def _limit_with_tour() -> PocketParksState:
    """Ben's Park Tour stopped Ana's wish; Ana, over the hand limit, puts cards back
    before the tour is played (PP-TOUR-5)."""
    st = run(_wish_window(), *(TourPick(seat=1, card=c) for c in MOUNTAINS))
    st = act(st, ParkTour(seat=1, cards=tuple(sorted(MOUNTAINS))))
    return pass_all(st)


def _event_window() -> PocketParksState:
    """Ana plays Comparing notes on Ben; Ben has answered with Ranger says no."""
    notes, ranger = event("comparing_notes"), event("ranger_says_no")
    hands = [[notes, park("Acadia")], [ranger, park("Bryce Canyon")], parks("Congaree")]
    st = table(hands, sets=[[], [parks("Glacier", "Denali")], []], draws=parks("Yosemite", "Zion"))
    st = run(st, Draw(seat=0, source="pile"), Draw(seat=0, source="pile"))
    st = act(st, PlayEvent(seat=0, card=notes, target=1))
    return act(st, React(seat=1, card=ranger))


def _bite_window() -> PocketParksState:
    """Ana's Mosquito bites names Glacier in Ben's set."""
    bite = event("mosquito_bites")
    hands = [[bite, park("Acadia")], parks("Bryce Canyon"), parks("Congaree")]
    st = table(hands, sets=[[], [parks("Glacier", "Denali")], []], draws=parks("Yosemite", "Zion"))
    st = run(st, Draw(seat=0, source="pile"), Draw(seat=0, source="pile"))
    return act(st, PlayEvent(seat=0, card=bite, target=1, pick=park("Glacier")))


def _nine_of_a_kind(round: int) -> PocketParksState:
    """Ana holds eight mountains and draws the ninth: the round is hers (PP-NINE-1)."""
    hands = [[*EIGHT_MOUNTAINS[:5], park("Grand Teton"), *EIGHT_MOUNTAINS[6:]], parks("Zion")]
    return table(hands, draws=parks("Kings Canyon"), round=round)


def _round_two() -> PocketParksState:
    """Round 1 scored by nine of a kind; round 2 dealt."""
    return act(_nine_of_a_kind(1), Draw(seat=0, source="pile"))


def _over() -> PocketParksState:
    """The third round won by nine of a kind, after two rounds scored alike."""
    st = _nine_of_a_kind(3)
    st.results = [_round_two().results[0].clone() for _ in range(2)]
    st.players[0].score = sum(r.points[0] for r in st.results)
    return act(st, Draw(seat=0, source="pile"))


BUILDERS: dict[str, Callable[[], PocketParksState]] = {
    "turn": _turn,
    "draw": lambda: act(_turn(), Draw(seat=0, source="pile")),
    "discard": lambda: run(_turn(), Draw(seat=0, source="pile"), Draw(seat=0, source="pile")),
    "set": lambda: run(_turn(), StartSet(seat=0), AddCard(seat=0, card=MOUNTAINS[0])),
    "build": lambda: act(_turn(), StartBuild(seat=0, set_index=0)),
    "steal": lambda: run(
        _turn(),
        StartSteal(seat=0, target=1),
        Pay(seat=0, card=park("Grand Teton")),
        Pay(seat=0, card=LAST_PARK),
        Take(seat=0, card=park("Glacier")),
    ),
    "steal window": lambda: act(BUILDERS["steal"](), Confirm(seat=0)),
    "tour window": _tour_window,
    "wish window": _wish_window,
    "limit with tour": _limit_with_tour,
    "event window": _event_window,
    "bite window": _bite_window,
    "round two": _round_two,
    "over": _over,
}


def lawful(name: str) -> PocketParksState:
    """A lawful state, played anew for each test (not cached: a test run under a
    mutant of the rules plays it under that mutant)."""
    return BUILDERS[name]()


def test_the_lawful_states_are_what_they_say() -> None:
    """The states below stand where their names say (a change to the rules that moves
    them would leave the edits testing nothing)."""
    phases = {name: lawful(name).phase for name in BUILDERS}
    assert phases == {
        "turn": "turn",
        "draw": "draw",
        "discard": "discard",
        "set": "set",
        "build": "build",
        "steal": "steal",
        "steal window": "window",
        "tour window": "window",
        "wish window": "window",
        "limit with tour": "limit",
        "event window": "window",
        "bite window": "window",
        "round two": "turn",
        "over": "over",
    }
    tour_window = lawful("tour window").window
    assert tour_window is not None and tour_window.waiting == [1, 3]
    assert [c.seat for c in tour_window.claims] == [2]
    assert [p.seat for p in tour_window.picks] == [1]
    assert lawful("limit with tour").tour is not None
    assert lawful("wish window").draws == 2 and lawful("turn").featured == NO_CARD
    assert len(lawful("round two").results) == 1 and lawful("round two").round == 2
    assert len(lawful("over").results) == 3 and lawful("over").round == 3


@pytest.mark.parametrize("name", list(BUILDERS))
def test_a_state_a_game_reaches_is_accepted_and_loads_back(name: str) -> None:
    state = lawful(name)
    ENGINE.check(state)
    reloaded = ENGINE.load_state(ENGINE.dump_state(state))
    assert ENGINE.state_json(reloaded) == ENGINE.state_json(state)


# -- edits --------------------------------------------------------------------------------


def put(path: str, value: object) -> Edit:
    """Set the field at ``path`` from the state ("window.waiting", "players.1.sets")."""

    def edit(state: PocketParksState) -> None:
        *parents, last = path.split(".")
        holder: object = state
        for part in parents:
            holder = holder[int(part)] if part.isdigit() else getattr(holder, part)  # type: ignore[index]
        if last.isdigit():
            holder[int(last)] = copy.deepcopy(value)  # type: ignore[index]
        else:
            setattr(holder, last, copy.deepcopy(value))

    return edit


def from_pile(kind: str, where: str) -> Edit:
    """Move the bottom "park" or "event" of the draw pile to ``where`` (the featured
    card, Ben's first set, the park or the event discard pile): every card stays in
    exactly one place, so only where it lies is wrong (or right)."""

    def edit(state: PocketParksState) -> None:
        card = next(c for c in state.pile if (c >= PARKS) == (kind == "event"))
        state.pile.remove(card)
        if where == "featured":
            state.featured = card
        elif where == "ben's set":
            state.players[1].sets[0].append(card)
        else:
            getattr(state, where).append(card)

    return edit


def discard_to_pile(state: PocketParksState) -> None:
    state.pile.extend(state.discard)
    state.discard.clear()


def sheet(state: PocketParksState) -> list[SetScore]:
    """Ana's row of round 1's score sheet."""
    return state.results[0].sets[0]


def scored_as(cards: list[int]) -> Edit:
    """Round 1's sheet scores Ana one set of ``cards``, worth what her set was."""

    def edit(state: PocketParksState) -> None:
        sheet(state)[0].cards = list(cards)

    return edit


def results_kept(count: int) -> Edit:
    """Keep the first ``count`` round results, the scores their sums."""

    def edit(state: PocketParksState) -> None:
        state.results = [state.results[0].clone() for _ in range(count)]
        for seat, player in enumerate(state.players):
            player.score = sum(r.points[seat] for r in state.results)

    return edit


def scored_nothing(state: PocketParksState) -> None:
    """Ana scored one more set in round 1, worth nothing."""
    sheet(state).append(SetScore(parks("Olympic"), icons=0, priority=0, points=0, doubled=False))


def everyone_asked_picking(state: PocketParksState) -> None:
    """Dee picks too: every seat still asked has picks."""
    assert state.window is not None
    state.window.picks.append(Claim(3, parks("Bryce Canyon")))


def with_edits(*edits: Edit) -> Edit:
    def edit(state: PocketParksState) -> None:
        for one in edits:
            one(state)

    return edit


def check_after(base: str, edit: Edit) -> None:
    state = lawful(base)
    edit(state)
    ENGINE.check(state)


# -- accepted at the edge -----------------------------------------------------------------

ACCEPTED = [
    pytest.param("turn", put("rng.state", 0), id="rng state 0"),
    pytest.param("turn", put("rng.state", 2**64 - 1), id="rng state 2**64 - 1"),
    pytest.param("turn", put("round", 3), id="round 3 with nothing scored yet"),
    pytest.param("turn", put("first", 2), id="first player the last seat"),
    pytest.param("turn", put("current", 2), id="current player the last seat"),
    pytest.param("turn", put("fresh_top_from", 2), id="discard top from the last seat"),
    pytest.param("turn", put("players.1.astronomer_turn", 1), id="astronomer on this turn"),
    pytest.param("turn", from_pile("park", "featured"), id="a park featured"),
    pytest.param("round two", put("results.0.winner", NO_SEAT), id="nobody won round 1"),
    pytest.param("round two", put("results.0.winner", 1), id="the last seat won round 1"),
    pytest.param("round two", put("results.0.sets", []), id="a round scored before sheets"),
    pytest.param("round two", put("results.0.newest", [PARKS, 0]), id="newest park the last"),
    pytest.param("round two", put("results.0.featured", LAST_PARK), id="the last park featured"),
    pytest.param("round two", scored_as(list(range(PARKS))), id="every park scored once"),
    pytest.param("round two", put("results.0.sets.0.0.icons", ICONS - 1), id="every icon"),
    pytest.param("round two", scored_nothing, id="a set scored no points"),
    pytest.param("round two", put("results.0.sets.0.0.priority", ICONS - 1), id="every priority"),
    pytest.param("tour window", put("draws", 2), id="two draws while a question is open"),
    pytest.param("tour window", put("window.picks.0.cards", EIGHT_MOUNTAINS), id="eight picks"),
    pytest.param("tour window", everyone_asked_picking, id="every seat asked picking"),
    pytest.param("set", put("draft.cards", [*MOUNTAINS]), id="a set of four"),
    pytest.param("set", put("draft.cards", [LAST_PARK]), id="a set of the last park"),
    pytest.param("steal", put("draft.cards", [*MOUNTAINS]), id="a steal paid with four cards"),
    pytest.param(
        "steal",
        with_edits(put("draft.target", 2), put("draft.takes", [])),
        id="a steal from the last seat",
    ),
    pytest.param("steal", put("draft.random_takes", 1), id="one set card and one at random"),
    pytest.param("steal", put("draft.takes", parks("Glacier", "Denali")), id="two set cards taken"),
    pytest.param("event window", put("event_play.target", 2), id="notes on the last seat"),
    pytest.param(
        "event window",
        with_edits(put("event_play.effect", "make_a_wish"), put("event_play.target", NO_SEAT)),
        id="an untargeted event",
    ),
    pytest.param(
        "bite window",
        with_edits(put("event_play.target", NO_SEAT), put("event_play.pick", NO_CARD)),
        id="a bite with nobody to bite",
    ),
]


@pytest.mark.parametrize(("base", "edit"), ACCEPTED)
def test_a_lawful_value_at_the_edge_is_accepted(base: str, edit: Edit) -> None:
    check_after(base, edit)


# -- refused ------------------------------------------------------------------------------


def twice(state: PocketParksState) -> None:
    state.pile.append(state.players[0].hand[0])


def lost(state: PocketParksState) -> None:
    state.pile.remove(park("Arches"))


def foreign(state: PocketParksState) -> None:
    state.pile.append(CONTENT.size)


def claimed_twice(state: PocketParksState) -> None:
    assert state.window is not None
    state.window.claims.append(state.window.claims[0].clone())


def picked_twice(state: PocketParksState) -> None:
    assert state.window is not None
    state.window.picks.append(state.window.picks[0].clone())


def steal_picks(state: PocketParksState) -> None:
    assert state.window is not None
    state.window.picks.append(Claim(1, parks("Bryce Canyon")))


def event_in_hand_played(state: PocketParksState) -> None:
    """The event in play (and asked about) is Ben's Ranger, still in his hand."""
    assert state.window is not None and state.event_play is not None
    state.window.card = state.event_play.card = event("ranger_says_no")


REFUSED = [
    # the table
    pytest.param("turn", put("rng.state", -1), "not a 64-bit number", id="rng state -1"),
    pytest.param("turn", put("rng.state", 2**64), "not a 64-bit number", id="rng state 2**64"),
    pytest.param("turn", put("round", 0), "round 0 is not one of rounds 1 to 3", id="round 0"),
    pytest.param("turn", put("round", 4), "round 4 is not one of rounds 1 to 3", id="round 4"),
    pytest.param("turn", put("first", 3), "the first player is seat 3", id="first seat 3"),
    pytest.param("turn", put("first", -1), "the first player is seat -1", id="first seat -1"),
    pytest.param("turn", put("current", 3), "the current player is seat 3", id="current seat 3"),
    pytest.param(
        "turn", put("fresh_top_from", 3), "the discard top came from seat 3", id="top from 3"
    ),
    pytest.param(
        "turn", put("fresh_top_from", -2), "the discard top came from seat -2", id="top from -2"
    ),
    pytest.param("turn", put("turn", 0), "turn 0: turns are counted from 1", id="turn 0"),
    pytest.param(
        "turn",
        put("players.1.astronomer_turn", -2),
        "seat 1 played Aspiring astronomer on turn -2, which is not a turn so far",
        id="astronomer on turn -2",
    ),
    pytest.param(
        "turn",
        put("players.1.astronomer_turn", 2),
        "seat 1 played Aspiring astronomer on turn 2, which is not a turn so far",
        id="astronomer on the next turn",
    ),
    # PP-SETUP-1: every card once, where its kind may lie
    pytest.param("turn", twice, f"card {MOUNTAINS[0]} is in more than one place", id="card twice"),
    pytest.param("turn", lost, f"card {park('Arches')} is missing", id="card missing"),
    pytest.param("turn", foreign, f"card {CONTENT.size} is no card of the game", id="no card"),
    pytest.param(
        "turn", from_pile("event", "featured"), "only park cards are in sets", id="featured"
    ),
    pytest.param(
        "turn", from_pile("event", "ben's set"), "only park cards are in sets", id="in a set"
    ),
    pytest.param(
        "turn",
        from_pile("event", "discard"),
        "only park cards are in sets",
        id="on the park pile",
    ),
    pytest.param(
        "turn", from_pile("park", "event_discard"), "a park is on the event discard pile", id="park"
    ),
    pytest.param(
        "turn",
        put("players.1.sets", [parks("Glacier", "Denali"), []]),
        "seat 1 has an empty set",
        id="empty set",
    ),
    # the rounds scored
    pytest.param(
        "round two", results_kept(2), "2 rounds are scored in round 2", id="round 2 scored early"
    ),
    pytest.param(
        "over", results_kept(0), "0 rounds are scored in round 3 after the end", id="over unscored"
    ),
    pytest.param(
        "over", results_kept(4), "4 rounds are scored in round 3 after the end", id="over 4 scored"
    ),
    pytest.param(
        "round two", put("results.0.winner", 2), "round 1's score: no such winner", id="winner 2"
    ),
    pytest.param(
        "round two", put("results.0.winner", -2), "round 1's score: no such winner", id="winner -2"
    ),
    pytest.param(
        "round two",
        put("results.0.points", [9]),
        "round 1's score: one entry per seat",
        id="points",
    ),
    pytest.param(
        "round two",
        put("results.0.newest", [33]),
        "round 1's score: one entry per seat",
        id="newest",
    ),
    pytest.param(
        "round two",
        put("results.0.sets", [[]]),
        "round 1's score: one entry per seat",
        id="one row of sets for two seats",
    ),
    pytest.param(
        "round two",
        with_edits(put("results.0.points", [9, -1]), put("results.0.sets", [])),
        "round 1's score: negative points",
        id="negative points",
    ),
    pytest.param(
        "round two",
        put("results.0.newest", [PARKS + 1, 0]),
        "no such park",
        id="newest past the end",
    ),
    pytest.param("round two", put("results.0.newest", [-1, 0]), "no such park", id="newest -1"),
    pytest.param(
        "round two", put("results.0.featured", PARKS), "no such park", id="an event featured"
    ),
    pytest.param(
        "round two",
        scored_as([]),
        "a set scored empty, or a park scored twice",
        id="a set scored empty",
    ),
    pytest.param(
        "round two",
        scored_as([1, 1]),
        "a set scored empty, or a park scored twice",
        id="a park scored twice",
    ),
    pytest.param(
        "round two",
        scored_as([*range(PARKS), FIRST_EVENT]),
        "a set scored empty, or a park scored twice",
        id="more cards scored than parks",
    ),
    pytest.param(
        "round two",
        scored_as([FIRST_EVENT]),
        "round 1's score: a scored set holds no park card",
        id="an event scored",
    ),
    pytest.param(
        "round two",
        put("results.0.sets.0.0.points", -1),
        "a set scored with negative points or unknown icons",
        id="a set's negative points",
    ),
    pytest.param(
        "round two",
        put("results.0.sets.0.0.icons", ICONS),
        "a set scored with negative points or unknown icons",
        id="unknown icons",
    ),
    pytest.param(
        "round two",
        put("results.0.sets.0.0.icons", -1),
        "a set scored with negative points or unknown icons",
        id="icons -1",
    ),
    pytest.param(
        "round two",
        put("results.0.sets.0.0.priority", ICONS),
        "a set scored with negative points or unknown icons",
        id="unknown priority",
    ),
    pytest.param(
        "round two",
        put("results.0.sets.0.0.points", 8),
        "round 1's score: the points are not the sums of the sets' points",
        id="points not the sum",
    ),
    pytest.param("round two", put("players.0.score", 8), "seat 0 has 8 points, not 9", id="score"),
    # the phase and what it waits for
    pytest.param("tour window", put("draws", 3), "3 cards drawn in one action", id="3 draws"),
    pytest.param("tour window", put("draws", -1), "-1 cards drawn in one action", id="-1 draws"),
    pytest.param("draw", put("draws", 0), "the second draw is due after exactly one", id="draw 0"),
    pytest.param("draw", put("draws", 2), "the second draw is due after exactly one", id="draw 2"),
    pytest.param("discard", put("draws", 1), "the discard is due after two draws", id="discard 1"),
    *(
        pytest.param(
            phase,
            put("draws", 1),
            "1 card drawn before the turn's action is chosen (PP-DRAW-2)",
            id=f"{phase} after a draw",
        )
        for phase in ("turn", "set", "build", "steal")
    ),
    pytest.param("turn", put("phase", "window"), "phase window with no question open", id="window"),
    pytest.param(
        "tour window", put("phase", "limit"), "phase limit with no question open", id="question"
    ),
    pytest.param(
        "tour window",
        put("event_play", EventPlay(event("comparing_notes"), "comparing_notes", 1)),
        "an event is in play exactly while its question is open (PP-WINDOW-1)",
        id="an event in play in a tour window",
    ),
    pytest.param(
        "event window",
        put("event_play", None),
        "an event is in play exactly while its question is open (PP-WINDOW-1)",
        id="an event window without its event",
    ),
    pytest.param(
        "turn", put("wishing", True), "a wish flips exactly while its question is open", id="wish"
    ),
    pytest.param(
        "wish window",
        put("wishing", False),
        "a wish flips exactly while its question is open",
        id="a wish window not wishing",
    ),
    pytest.param(
        "turn", put("draft", Draft([])), "phase turn with a set or steal declared", id="draft"
    ),
    pytest.param("set", put("draft", None), "phase set without a set or steal", id="no draft"),
    pytest.param(
        "steal window", put("draft", None), "phase window without a set or steal", id="no steal"
    ),
    pytest.param(
        "turn",
        put("tour", Claim(0, MOUNTAINS)),
        "a won Park Tour waits only for the hand limit",
        id="a won tour on a turn",
    ),
    pytest.param(
        "round two", put("phase", "over"), "the game is over in round 2", id="over in round 2"
    ),
    # the won Park Tour
    pytest.param(
        "limit with tour",
        put("tour.cards", MOUNTAINS[:3]),
        "the won Park Tour has no park",
        id="a tour of three",
    ),
    pytest.param(
        "limit with tour",
        put("tour.cards", [*MOUNTAINS, park("Zion")]),
        "the won Park Tour has no park",
        id="a tour of five",
    ),
    pytest.param(
        "limit with tour", discard_to_pile, "the won Park Tour has no park", id="no park to tour"
    ),
    pytest.param(
        "limit with tour",
        put("tour.seat", 3),
        "the won Park Tour is by seat 3: no such seat",
        id="a tour by no seat",
    ),
    pytest.param(
        "limit with tour",
        put("tour.cards", [*MOUNTAINS[:3], park("Bryce Canyon")]),
        "the won Park Tour plays cards seat 1 does not hold",
        id="a tour with a card not held",
    ),
    # the open question
    pytest.param(
        "tour window", put("window.waiting", []), "waits on seats []", id="waiting on nobody"
    ),
    pytest.param(
        "tour window",
        put("window.waiting", [1, 1, 3]),
        "waits on seats [1, 1, 3]",
        id="waits twice",
    ),
    pytest.param(
        "tour window", put("window.waiting", [1, 4]), "waits on seats [1, 4]", id="waits on no seat"
    ),
    pytest.param(
        "tour window", claimed_twice, "a seat answers an open question once", id="claimed twice"
    ),
    pytest.param(
        "tour window",
        put("window.waiting", [1, 2, 3]),
        "a seat answers an open question once",
        id="answered and still asked",
    ),
    pytest.param(
        "tour window",
        put("window.claims.0.cards", WILDLIFE[:3]),
        "a Park Tour plays 4 or 8 cards (PP-TOUR-1)",
        id="a claim of three",
    ),
    pytest.param(
        "tour window",
        put("window.claims.0.copy", "trail_detour"),
        "a Park Tour plays 4 or 8 cards (PP-TOUR-1)",
        id="a claim copying an event",
    ),
    pytest.param(
        "event window",
        put("window.claims.0.cards", [event("ranger_says_no"), park("Bryce Canyon")]),
        "a reaction plays one card (PP-EVENT-2)",
        id="a reaction of two cards",
    ),
    pytest.param(
        "tour window",
        put("window.picks.0.cards", []),
        "seat 1's Park Tour picks plays cards seat 1 does not hold",
        id="no card picked",
    ),
    pytest.param(
        "tour window",
        put("window.picks.0.cards", [MOUNTAINS[0], MOUNTAINS[0]]),
        "seat 1's Park Tour picks plays cards seat 1 does not hold",
        id="a card picked twice",
    ),
    pytest.param(
        "tour window",
        put("window.picks.0.cards", [park("Bryce Canyon")]),
        "seat 1's Park Tour picks plays cards seat 1 does not hold",
        id="a card picked not held",
    ),
    pytest.param(
        "tour window", picked_twice, "a seat picks a Park Tour once, before it answers", id="picks"
    ),
    pytest.param(
        "tour window",
        put("window.picks.0.seat", 2),
        "a seat picks a Park Tour once, before it answers",
        id="picks after answering",
    ),
    pytest.param(
        "tour window",
        put("window.picks.0.cards", [*EIGHT_MOUNTAINS, park("Acadia")]),
        "Park Tour picks are at most 8 cards, asked about a park (PP-TOUR-1)",
        id="nine picks",
    ),
    pytest.param(
        "tour window",
        put("window.picks.0.copy", "trail_detour"),
        "Park Tour picks are at most 8 cards, asked about a park (PP-TOUR-1)",
        id="picks copying an event",
    ),
    pytest.param(
        "steal window",
        steal_picks,
        "Park Tour picks are at most 8 cards, asked about a park (PP-TOUR-1)",
        id="picks in a steal window",
    ),
    pytest.param(
        "tour window",
        put("window.card", park("Olympic")),
        "a Park Tour is asked about the park on top of the discard pile",
        id="a tour of the park under the top",
    ),
    pytest.param(
        "tour window",
        discard_to_pile,
        "a Park Tour is asked about the park on top of the discard pile",
        id="a tour with an empty discard pile",
    ),
    pytest.param(
        "event window",
        put("window.card", park("Acadia")),
        "the question is about the event in play",
        id="a question about another card",
    ),
    pytest.param(
        "steal window", put("window.card", 0), "a steal's question is about no card", id="steal"
    ),
    # the set or steal declared
    pytest.param(
        "set", put("draft.cards", [MOUNTAINS[0]] * 2), "a card is picked twice", id="picked twice"
    ),
    pytest.param(
        "set",
        put("draft.cards", [park("Zion")]),
        "the draft picks cards not in the hand",
        id="a set card not held",
    ),
    pytest.param(
        "set",
        put("draft.cards", [*MOUNTAINS, park("Grand Teton")]),
        "a set is made of at most 4 park cards (PP-SET-4)",
        id="a set of five",
    ),
    pytest.param(
        "set",
        put("draft.cards", [FIRST_EVENT]),
        "a set is made of at most 4 park cards (PP-SET-4)",
        id="an event in a set",
    ),
    pytest.param(
        "set",
        put("draft.set_index", 0),
        "a set is built onto one of the player's own sets, a new one onto none (PP-SET-5)",
        id="a new set onto a set",
    ),
    pytest.param(
        "build",
        put("draft.set_index", 1),
        "a set is built onto one of the player's own sets, a new one onto none (PP-SET-5)",
        id="built onto no set",
    ),
    pytest.param(
        "build",
        put("draft.set_index", -1),
        "a set is built onto one of the player's own sets, a new one onto none (PP-SET-5)",
        id="built onto nothing",
    ),
    pytest.param("set", put("draft.target", 1), "a set steals nothing", id="a set with a target"),
    pytest.param(
        "set", put("draft.takes", parks("Glacier")), "a set steals nothing", id="a set that takes"
    ),
    pytest.param("set", put("draft.random_takes", 1), "a set steals nothing", id="random"),
    pytest.param(
        "steal",
        put("draft.set_index", 0),
        "a steal is paid with at most 4 cards (PP-STEAL-2)",
        id="a steal onto a set",
    ),
    pytest.param(
        "steal",
        put("draft.cards", [*MOUNTAINS, LAST_PARK]),
        "a steal is paid with at most 4 cards (PP-STEAL-2)",
        id="a steal paid with five",
    ),
    pytest.param(
        "steal",
        put("draft.target", 0),
        "the steal is from seat 0, not another seat at the table",
        id="a steal from oneself",
    ),
    pytest.param(
        "steal",
        put("draft.target", 3),
        "the steal is from seat 3, not another seat at the table",
        id="a steal from no seat",
    ),
    pytest.param(
        "steal",
        put("draft.takes", parks("Glacier", "Glacier")),
        "the steal names cards not in the target's sets (PP-STEAL-4)",
        id="a set card taken twice",
    ),
    pytest.param(
        "steal",
        put("draft.takes", parks("Bryce Canyon")),
        "the steal names cards not in the target's sets (PP-STEAL-4)",
        id="a take not in a set",
    ),
    pytest.param(
        "steal",
        with_edits(put("draft.takes", []), put("draft.random_takes", -1)),
        "a steal takes at most 2 cards (PP-STEAL-2)",
        id="minus one random",
    ),
    pytest.param(
        "steal",
        put("draft.random_takes", 2),
        "a steal takes at most 2 cards (PP-STEAL-2)",
        id="a set card and two random",
    ),
    pytest.param(
        "steal",
        with_edits(put("draft.takes", parks("Glacier", "Denali")), put("draft.random_takes", 1)),
        "a steal takes at most 2 cards (PP-STEAL-2)",
        id="two set cards and one random",
    ),
    # the event in play
    pytest.param(
        "event window",
        event_in_hand_played,
        "the event in play is not an event on the event discard pile",
        id="an event in play still in a hand",
    ),
    pytest.param(
        "event window",
        put("event_play.target", 0),
        "the event in play targets seat 0, not another seat at the table",
        id="notes on oneself",
    ),
    pytest.param(
        "event window",
        put("event_play.target", 3),
        "the event in play targets seat 3, not another seat at the table",
        id="notes on no seat",
    ),
    pytest.param(
        "event window",
        put("event_play.effect", "make_a_wish"),
        "the event in play targets seat 1, not another seat at the table",
        id="an untargeted event with a target",
    ),
    pytest.param(
        "event window",
        put("event_play.target", NO_SEAT),
        "Comparing notes names another player (PP-NOTES-1)",
        id="notes on nobody",
    ),
    pytest.param(
        "event window",
        put("event_play.pick", park("Glacier")),
        "only Mosquito bites picks a card",
        id="notes picking a card",
    ),
    pytest.param(
        "bite window",
        put("event_play.pick", park("Bryce Canyon")),
        "Mosquito bites names a card in a set of the target",
        id="a bite of a card in no set",
    ),
    pytest.param(
        "bite window",
        put("event_play.target", NO_SEAT),
        "only Mosquito bites picks a card",
        id="a bite picking with nobody bitten",
    ),
]


@pytest.mark.parametrize(("base", "edit", "problem"), REFUSED)
def test_one_edit_no_play_can_reach_is_refused(base: str, edit: Edit, problem: str) -> None:
    with pytest.raises(InvalidState) as refused:
        check_after(base, edit)
    assert problem in str(refused.value)


def test_a_move_keeps_the_rounds_scored() -> None:
    """The successor a move changes shares the score sheets of the rounds before."""
    state = lawful("round two")
    seat = state.current
    after = act(state, Draw(seat=seat, source="pile"))
    assert after.results == state.results and len(after.results) == 1
    assert after.players[0].score == 9


def test_a_saved_state_edited_is_refused_on_load() -> None:
    """The check guards loading: a save whose round was edited does not load."""
    data = ENGINE.dump_state(lawful("turn"))
    data["round"] = 0
    with pytest.raises(InvalidState, match="no PocketParks game can be in this state: round 0"):
        ENGINE.load_state(data)


def test_the_position_line_names_the_round_the_scores_and_the_pile() -> None:
    state = lawful("round two")
    assert ENGINE.position(state) == (
        f"Round 2 of 3 · Ana 9 pts (0 sets), Ben 0 pts (0 sets) · draw pile {len(state.pile)}"
    )
