"""The Pocket Dragon partner bot: it plays from its own view only, answers clues
truthfully, suggests only what it has seen, never tells a person about their own hand,
remembers its looks across a resume, and wins the easy game."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from tabletop.core.engine import Setup
from tabletop.core.pacing import PacedSeats
from tabletop.core.rng import Rng
from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games.pocketdragon.bots import Knowledge, Memory, Partner, play_table
from tabletop.games.pocketdragon.content import cards
from tabletop.games.pocketdragon.engine import ENGINE
from tabletop.games.pocketdragon.model import (
    AnswerClue,
    HandCard,
    PocketDragonAction,
    PocketDragonState,
    SpecificClue,
    Start,
    Suggest,
)
from tabletop.games.pocketdragon.rules import face_down
from tabletop.games.pocketdragon.view import PocketDragonView

PLAYERS = ("Ann", "Bo")


def new_table(seed: int, difficulty: str = "easy") -> PocketDragonState:
    setup = Setup(players=PLAYERS, options={"mode": "table", "difficulty": difficulty})
    return ENGINE.new(setup, seed)


def states_of(
    first: PocketDragonState, actions: list[PocketDragonAction]
) -> list[PocketDragonState]:
    """Every state of a played game, the first (not started) included."""
    states = [first]
    for action in actions:
        states.append(ENGINE.apply(states[-1], action).state)
    return states


def played(
    seed: int, difficulty: str = "easy"
) -> tuple[list[PocketDragonState], list[PocketDragonAction]]:
    first = new_table(seed, difficulty)
    game = play_table(first, [Partner(2 * seed), Partner(2 * seed + 1)])
    return states_of(first, game.actions), game.actions


def shuffle_hidden(state: PocketDragonState, seat: int, rng: Rng) -> PocketDragonState:
    """``state`` with every card ``seat`` may not see dealt anew: the face-down grid
    cards (but an open look of its own) and its own hand's Activities with the deck's
    (what clues told stays with each hand card)."""
    table = state.table
    assert table is not None
    table = table.successor()
    peek = table.peek
    open_look = set(peek.places) if peek is not None and peek.seat == seat else set()
    places = [p for p in face_down(table) if p not in open_look]
    faces = [table.grid[p] for p in places]
    rng.shuffle(faces)
    for place, face in zip(places, faces, strict=True):
        table.grid[place] = face
    hand = table.hands[seat]
    pool = [h.activity for h in hand] + table.deck
    rng.shuffle(pool)
    table.hands[seat] = [
        HandCard(activity, h.known.copy(), h.ruled_out.copy())
        for activity, h in zip(pool, hand, strict=False)
    ]
    table.deck = pool[len(hand) :]
    shuffled = state.successor()
    shuffled.table = table
    return shuffled


def decision(
    partner_seed: int, memory: Memory, view: PocketDragonView, state: PocketDragonState, seat: int
) -> PocketDragonAction | None:
    partner = Partner(partner_seed)
    partner.memory = copy.deepcopy(memory)
    legal = ENGINE.legal_actions(state, seat)
    return partner.decide(view, legal, Knowledge.from_view(view, partner.memory))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_its_decisions_do_not_change_whatever_the_cards_it_may_not_see(seed: int) -> None:
    """PD-TALK-1, PD-TALK-2: the face-down cards and its own hand, dealt anew, give it the
    same view and the same move at every step of a game."""
    states, _ = played(seed)
    rng = Rng.from_seed(seed)
    for seat in (0, 1):
        memory = Memory()
        for state in states[1:]:
            view = ENGINE.view(state, seat)
            memory.observe(view)
            shuffled = shuffle_hidden(state, seat, rng)
            assert ENGINE.view(shuffled, seat) == view
            assert decision(seed, memory, view, state, seat) == decision(
                seed, memory, ENGINE.view(shuffled, seat), shuffled, seat
            )


@pytest.mark.parametrize("seed", range(4))
def test_it_answers_a_specific_clue_truly_with_a_skill_not_told_yet(seed: int) -> None:
    """PD-CLUE-4: asked about a card, it names one Skill the card needs; of those, one the
    clues have not told yet while there is one (the most useful answer)."""
    states, _ = played(seed, "medium")
    deck = cards()
    asked = 0
    for state in states[1:]:
        table = state.table
        assert table is not None
        if table.turn != 0 or table.play or table.peek or table.clue or state.clues < 2:
            continue
        for card in range(len(table.hands[0])):
            clue = SpecificClue(seat=0, now=state.now_ms / 1000, card=card)
            waiting = ENGINE.apply(state, clue).state
            view = ENGINE.view(waiting, 1)
            partner = Partner(seed)
            answer = partner.decide(
                view, ENGINE.legal_actions(waiting, 1), Knowledge.from_view(view, Memory())
            )
            assert isinstance(answer, AnswerClue)
            hand_card = table.hands[0][card]
            needs = deck.activities[hand_card.activity].skills
            assert answer.skill in needs
            if set(needs) - set(hand_card.known):
                assert answer.skill not in hand_card.known
            asked += 1
    assert asked >= 3


def test_it_suggests_only_cards_it_saw_when_one_match_is_short() -> None:
    """PD-PLAY-4: a suggestion only when the Activity is one match short, and only of a
    place its own looks showed holding the Skill still needed."""
    deck = cards()
    suggested = 0
    for seed, seat in ((seed, seat) for seed in range(6) for seat in (0, 1)):
        states, actions = played(seed, "hard")
        memory = Memory()
        for before, action in zip(states, actions, strict=False):
            memory.observe(ENGINE.view(before, seat))
            if action.seat != seat or not isinstance(action, Suggest):
                continue
            table = before.table
            assert table is not None and table.play is not None
            matched = {deck.collection[table.grid[p] or 0].skill for p in table.play.matched}
            needed = [s for s in deck.activities[table.play.activity].skills if s not in matched]
            assert len(needed) == 1
            assert action.place in memory.seen
            assert deck.collection[table.grid[action.place] or 0].skill == needed[0]
            suggested += 1
    assert suggested >= 5, "these games had too few suggestions to check"


def test_its_reasons_never_tell_the_partner_about_their_own_hand() -> None:
    """PD-TALK-2, PD-TALK-3: a reason names public facts and the bot's own looks; never an
    Activity in the partner's hand, nor a Skill of one that no clue has told."""
    deck = cards()
    for seed in range(4):
        first = new_table(seed, "medium")
        bots = [Partner(2 * seed), Partner(2 * seed + 1)]
        game = play_table(first, bots)
        states = states_of(first, game.actions)
        for seat in (0, 1):
            bot = Partner(2 * seed + seat)
            for state, action in zip(states, game.actions, strict=False):
                view = ENGINE.view(state, seat)
                bot.observe(view)
                if action.seat != seat or action.kind == "start":
                    continue
                bot.why = ""
                legal = ENGINE.legal_actions(state, seat)
                bot.decide(view, legal, Knowledge.from_view(view, bot.memory))
                table = state.table
                assert table is not None
                for card in table.hands[1 - seat]:
                    activity = deck.activities[card.activity]
                    assert activity.name not in bot.why, bot.why


def test_a_resumed_partner_remembers_its_looks_from_the_record(store: Store) -> None:
    """A saved game closed mid-game and resumed: the partner's seats, made on the resumed
    session, rebuild from its record the memory the partner had while playing, and it
    goes on with the same move."""
    _, actions = played(3, "hard")
    middle = actions[: len(actions) // 2]
    seats = (SeatInfo("Ann", "normal"), SeatInfo("Bo", "normal"))
    session = GameSession.start(store, ENGINE, seats, {"mode": "table", "difficulty": "hard"}, 3)
    live = PacedSeats(session, {0: Partner(6), 1: Partner(7)})
    for action in middle:
        session.act(action)
    live.close()
    resumed_session = GameSession.resume(store, session.game_id, ENGINE)
    resumed = PacedSeats(resumed_session, {0: Partner(6), 1: Partner(7)})
    for seat in (0, 1):
        was, now = live.bots[seat], resumed.bots[seat]
        assert isinstance(was, Partner) and isinstance(now, Partner)
        assert now.memory.seen == was.memory.seen
        assert now.due == was.due
    assert any(bot.memory.seen for bot in live.bots.values() if isinstance(bot, Partner))
    at = max(bot.due for bot in live.bots.values())
    session.advance(at)
    resumed_session.advance(at)
    assert live.due_move(at) == resumed.due_move(at)


def test_a_tidy_up_makes_it_forget_where_cards_lay() -> None:
    """PD-TIDY-1: the grid is shuffled, so what its looks showed no longer says where."""
    for seed in range(20):
        states, actions = played(seed, "hard")
        tidies = [i for i, a in enumerate(actions) if a.kind == "tidy_up"]
        if not tidies:
            continue
        memory = Memory()
        for state in states[: tidies[0] + 1]:
            memory.observe(ENGINE.view(state, 0))
        memory.seen[0] = "C01"  # something it knew before the Tidy Up
        memory.observe(ENGINE.view(states[tidies[0] + 1], 0))
        assert memory.seen == {}
        return
    pytest.fail("no hard game of 20 had a Tidy Up")


def test_two_partners_win_easy_games_and_decide_fast_enough_to_play_live() -> None:
    """Two partners at the normal reaction win every one of ten easy games (PD-WIN-1),
    and each moves within its reaction delay of the table changing."""
    for seed in range(10):
        first = new_table(seed)
        game = play_table(first, [Partner(2 * seed), Partner(2 * seed + 1)])
        assert game.state.status == "won", f"seed {seed}: lost ({game.state.loss})"
        times = [a.now for a in game.actions]
        assert times == sorted(times)


def test_the_noisy_and_random_references_play_legal_moves() -> None:
    from tabletop.games.pocketdragon.bots import Noisy, Randomly

    for bots in ([Partner(1), Noisy(2)], [Randomly(3), Randomly(4)]):
        game = play_table(new_table(5), bots)
        assert game.state.status in ("won", "lost")


def test_it_waits_for_the_answer_to_its_clue_and_never_pauses() -> None:
    """PD-CLUE-5: while its specific clue waits for a slow partner's answer, its only
    move would be Pause, which only a person chooses: it waits (this game, seed 2 with
    the careless partner, once paused there and then waited forever)."""
    from tabletop.games.pocketdragon.bots import Noisy

    game = play_table(new_table(2), [Partner(4), Noisy(5)])
    assert game.state.status in ("won", "lost")
    assert not [a for a in game.actions if a.kind in ("pause", "reset")]


def test_the_ceiling_reference_sees_every_card() -> None:
    state = replace(new_table(0))
    know = Knowledge.omniscient(state, 0)
    table = state.table
    assert table is not None
    assert len(know.seen) == len(face_down(table)) and not know.unknown
    assert [next(iter(c)) for c in know.hand] == [h.activity for h in table.hands[0]]


def test_it_asks_a_specific_clue_about_a_half_known_card_when_general_ones_tell_little() -> None:
    """PD-CLUE-4 from the asking side: two of its cards are known whole from clues and the
    third shows one Skill; a general clue would tell little, so it points at the third."""
    deck = cards()
    state = ENGINE.apply(new_table(0), Start(seat=0, now=0.0)).state
    table = state.table
    assert table is not None
    hand = table.hands[0]
    skills = [s.id for s in deck.skills]
    told = []
    for i, card in enumerate(hand):
        needs = list(deck.activities[card.activity].skills)
        if i < 2:  # known whole: every Skill it needs, every other ruled out
            told.append(HandCard(card.activity, needs, [s for s in skills if s not in needs]))
        else:
            told.append(HandCard(card.activity, needs[:1], []))
    table = table.successor()
    table.hands[0] = told
    state = state.successor()
    state.table = table
    view = ENGINE.view(state, 0)
    partner = Partner(0)
    memory = Memory(seen={p: "C01" for p in range(4)})  # it has looked enough: clue time
    move = partner._clue(view, ENGINE.legal_actions(state, 0), Knowledge.from_view(view, memory))
    assert isinstance(move, SpecificClue) and move.card == 2
    assert "card 3" in partner.why


@pytest.mark.rule("PD-FEED-1", "PD-FEED-2")
def test_it_feeds_before_a_slow_partners_turn_could_starve_the_dragon() -> None:
    """PD-FEED-1, PD-FEED-2: waiting in the Feed window is rewarded, but its next turn
    comes after its partner's: holding food with less hunger left than its own move and
    the partner's turn take (a person's, slower than a bot's), it feeds now; with a quick
    partner seen, it may wait."""
    from tabletop.games.pocketdragon.bots import FEED_MARGIN_TURNS, REACTION_S
    from tabletop.games.pocketdragon.model import Feed

    own = FEED_MARGIN_TURNS * REACTION_S["normal"] + 3
    for seed in range(6):
        states, _ = played(seed, "hard")  # long enough to be hungry
        for state in states:
            table = state.table
            if table is None or state.status != "running" or table.peek or table.play:
                continue
            seat = table.turn
            view = ENGINE.view(state, seat)
            clocks = view.clocks
            if not (clocks.feed_available and table.food[seat] and own + 2 < clocks.hunger_left):
                continue
            slow, quick = Memory(), Memory()
            slow.partner_turn_s, quick.partner_turn_s = 20.0, 1.0
            assert isinstance(decision(seed, slow, view, state, seat), Feed)
            assert not isinstance(decision(seed, quick, view, state, seat), Feed)
            return
    pytest.fail("no position with food held early in the Feed window")
