"""Table mode: the whole game on screen, two players at one keyboard, alternating turns.

Most tests use ``arranged()``: card i at grid place i (Endurance 0-3, Attention 4-7,
Creativity 8-11, Kindness 12-15, Wit 16-19; foods sushi, hazelnut, steak, berries in
that order), Ann (seat 0) holding Learn to Cook (A C K), Proper Breakfast (E A) and
Make Friends (K W), Bo (seat 1) holding Healthy Exercise (E W), Board Games (A W) and
Fall in Love (C K W).
"""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.games.pocketdragon.content import cards
from tabletop.games.pocketdragon.engine import ENGINE
from tabletop.games.pocketdragon.model import HandCard
from tests.pocketdragon.helpers import (
    ATTENTION,
    CREATIVITY,
    ENDURANCE,
    KINDNESS,
    STEAK,
    SUSHI,
    WIT,
    act,
    action,
    activity_of,
    arranged,
    at,
    new,
    options,
    started,
    table,
    view,
)
from tests.rulekit import assert_refused

E0, A0, C0, K0, W0 = ENDURANCE[0], ATTENTION[0], CREATIVITY[0], KINDNESS[0], WIT[0]


@pytest.mark.rule("PD-SETUP-4", "PD-SETUP-5")
def test_the_deal_lays_20_cards_face_down_and_gives_each_player_3() -> None:
    """PD-SETUP-4, PD-SETUP-5: a 4 x 5 face-down grid, 3 Activities each, 8 in the deck."""
    state = new("table", seed=3)
    assert ENGINE.players(state) == ("Ann", "Bo")
    tbl = table(state)
    assert sorted(c for c in tbl.grid if c is not None) == list(range(20))
    assert [len(h) for h in tbl.hands] == [3, 3] and len(tbl.deck) == 8
    assert sorted([h.activity for hand in tbl.hands for h in hand] + tbl.deck) == list(range(14))
    look = view(state, 0).table
    assert look is not None
    assert [p.content for p in look.grid] == ["face_down"] * 20
    assert {(p.row, p.column) for p in look.grid} == {(r, c) for r in range(4) for c in range(5)}
    assert table(new("table", seed=4)).grid != tbl.grid


@pytest.mark.rule("PD-TURN-1", "PD-TURN-2")
def test_turns_alternate_and_seat_0_begins() -> None:
    """PD-TURN-1, PD-TURN-2, TT-SEAT-1: one action a turn; the first player starts."""
    state = arranged()
    assert ENGINE.to_act(state) == (0,)
    assert_refused(ENGINE, state, action("collect_food", 1.0, seat=1, place=0), "TT-SEAT-1")
    state = act(state, "collect_food", 1.0, place=0)
    assert table(state).turn == 1 and ENGINE.to_act(state) == (1,)
    assert_refused(ENGINE, state, action("collect_food", 2.0, place=1), "TT-SEAT-1")
    state = act(state, "collect_food", 2.0, seat=1, place=1)
    assert table(state).turn == 0


def test_options_are_never_an_empty_list() -> None:
    """PD-TIME-5: the helper tests use to look into a seat's options refuses a seat
    with none (a game that is over), so no assertion over them can hold vacuously."""
    state = arranged()
    assert options(state, 1)
    state.status = "won"
    with pytest.raises(AssertionError, match="no legal action"):
        options(state, 0)


@pytest.mark.rule("PD-TIME-2")
def test_legal_actions_carry_the_games_clock() -> None:
    """PD-TIME-2: a listed action is stamped with the game's own clock reading."""
    state = act(arranged(), "collect_food", 12.5, place=0)
    assert {a.now for a in options(state, 1)} == {12.5}


@pytest.mark.rule("PD-TURN-3", "PD-TALK-3")
def test_off_turn_a_player_can_only_answer_or_suggest() -> None:
    """PD-TURN-3, PD-TALK-3: no action for the partner but answering, suggesting, pausing."""
    state = arranged()
    assert {a.kind for a in ENGINE.legal_actions(state, 1)} == {"pause"}
    asked = act(state, "specific_clue", 1.0, card=1)
    assert {a.kind for a in ENGINE.legal_actions(asked, 1)} == {"answer_clue", "pause"}
    assert {a.kind for a in ENGINE.legal_actions(asked, 0)} == {"pause"}
    playing = act(act(state, "play", 1.0, card=1), "flip", 2.0, place=E0)
    assert {a.kind for a in ENGINE.legal_actions(playing, 1)} == {"suggest", "pause"}
    assert ENGINE.to_act(playing) == (0, 1)


@pytest.mark.rule("PD-PEEK-1")
def test_a_look_shows_two_cards_to_the_looker_until_closed() -> None:
    """PD-PEEK-1, PD-PEEK-2: private to the looker; closing ends the turn."""
    state = act(arranged(), "peek", 1.0, places=[3, 17])
    mine = view(state, 0).table
    assert mine is not None and mine.peek is not None and mine.peek.cards is not None
    assert [c.card for c in mine.peek.cards] == [
        cards().collection[3].id,
        cards().collection[17].id,
    ]
    theirs = view(state, 1).table
    assert theirs is not None and theirs.peek is not None and theirs.peek.cards is None
    assert theirs.peek.places == (3, 17)
    assert table(state).turn == 0 and ENGINE.to_act(state) == (0,)
    assert_refused(ENGINE, state, action("end_peek", 2.0, seat=1), "TT-SEAT-1")
    assert_refused(ENGINE, state, action("collect_food", 2.0, place=0), "PD-PEEK-2")
    closed = act(state, "end_peek", 2.0)
    assert table(closed).turn == 1
    closed_view = view(closed, 0).table
    assert closed_view is not None and closed_view.peek is None
    assert_refused(ENGINE, closed, action("end_peek", 3.0, seat=1), "PD-PEEK-2")


def test_a_look_needs_two_different_face_down_cards() -> None:
    """PD-PEEK-2."""
    state = arranged()
    assert_refused(ENGINE, state, action("peek", 1.0, places=[4, 4]), "PD-PEEK-2")
    assert_refused(ENGINE, state, action("peek", 1.0, places=[4, 20]), "PD-PEEK-2")
    gone = act(state, "collect_food", 1.0, place=4)
    assert_refused(ENGINE, gone, action("peek", 2.0, seat=1, places=[4, 5]), "PD-PEEK-2")


def test_a_general_clue_marks_the_askers_cards_for_everyone() -> None:
    """PD-CLUE-3, PD-CLUE-2: costs 1; the answer is public and stays on the cards."""
    state = act(arranged(), "general_clue", 1.0, skill="kindness")
    assert state.clues == 2 and table(state).turn == 1
    for seat in (0, 1, None):
        look = view(state, seat).table
        assert look is not None
        hand = look.hands[0]
        assert [h.known for h in hand] == [("kindness",), (), ("kindness",)]
        assert [h.ruled_out for h in hand] == [(), ("kindness",), ()]
    assert_refused(ENGINE, state, action("general_clue", 2.0, seat=1, skill="luck"), "PD-CLUE-3")


def test_a_specific_clue_waits_for_the_partner_to_name_one_icon() -> None:
    """PD-CLUE-4, PD-CLUE-5, PD-CLUE-2: costs 2; one icon of the card; nothing else meanwhile."""
    state = arranged()
    assert_refused(ENGINE, state, action("specific_clue", 1.0, card=3), "PD-CLUE-4")
    asked = act(state, "specific_clue", 1.0, card=1)
    assert asked.clues == 1 and ENGINE.to_act(asked) == (1,)
    assert_refused(ENGINE, asked, action("collect_food", 2.0, place=0), "TT-SEAT-1")
    assert_refused(ENGINE, asked, action("collect_food", 2.0, seat=1, place=0), "PD-CLUE-5")
    assert_refused(ENGINE, asked, action("answer_clue", 2.0, skill="attention"), "TT-SEAT-1")
    assert_refused(ENGINE, asked, action("answer_clue", 2.0, seat=1, skill="wit"), "PD-CLUE-4")
    answered = act(asked, "answer_clue", 2.0, seat=1, skill="attention")
    assert table(answered).hands[0][1].known == ["attention"]
    assert table(answered).turn == 1 and table(answered).clue is None
    assert_refused(
        ENGINE, answered, action("answer_clue", 3.0, seat=1, skill="attention"), "PD-CLUE-4"
    )
    assert_refused(ENGINE, answered, action("specific_clue", 3.0, seat=1, card=0), "PD-CLUE-2")


def test_playing_an_activity_shows_it_and_matches_flip_face_up() -> None:
    """PD-PLAY-1, PD-PLAY-2: the player sees it now; a needed Skill stays face up."""
    state = act(arranged(), "play", 1.0, card=0)
    look = view(state, 0).table
    assert look is not None and look.play is not None
    assert look.play.activity.id == "learn-to-cook" and len(look.hands[0]) == 2
    state = act(state, "flip", 2.0, place=A0)
    look = view(state, 1).table
    assert look is not None and look.play is not None
    assert look.grid[A0].content == "face_up" and look.grid[A0].card is not None
    assert look.play.needed == ("creativity", "kindness") and look.play.matched == (A0,)
    assert_refused(ENGINE, state, action("flip", 3.0, place=A0), "PD-PLAY-2")
    assert_refused(ENGINE, arranged(), action("flip", 1.0, place=A0), "PD-PLAY-2")
    assert_refused(ENGINE, arranged(), action("play", 1.0, card=5), "PD-PLAY-1")


@pytest.mark.rule("PD-PLAY-3", "PD-HAPPY-1")
def test_a_wrong_flip_is_a_mistake() -> None:
    """PD-PLAY-3, PD-HAPPY-1: Happiness -1, the card is discarded, keep trying."""
    state = act(act(arranged(), "play", 1.0, card=1), "flip", 2.0, place=W0)
    assert state.happiness == 3 and table(state).grid[W0] is None
    assert table(state).discard == [W0] and table(state).play is not None
    look = view(state, 1).table
    assert look is not None and [c.card for c in look.discard] == [cards().collection[W0].id]


def test_the_partner_suggests_when_one_skill_is_left() -> None:
    """PD-PLAY-4: a wrong suggestion is a mistake and the partner may suggest again."""
    state = act(arranged(), "play", 1.0, card=0)
    assert_refused(ENGINE, state, action("suggest", 2.0, seat=1, place=A0), "TT-SEAT-1")
    assert_refused(ENGINE, state, action("suggest", 2.0, place=A0), "PD-PLAY-4")
    state = act(state, "flip", 2.0, place=A0)
    refusal = assert_refused(ENGINE, state, action("suggest", 3.0, seat=1, place=C0), "TT-SEAT-1")
    assert "once one Skill is left" in refusal.message
    assert_refused(ENGINE, state, action("flip", 3.0, seat=1, place=C0), "TT-SEAT-1")
    state = act(state, "flip", 3.0, place=C0)
    assert_refused(ENGINE, state, action("suggest", 4.0, place=K0), "PD-PLAY-4")
    wrong = act(state, "suggest", 4.0, seat=1, place=W0)
    assert wrong.happiness == 3 and table(wrong).play is not None
    # PD-PLAY-2: only a face-down card is suggested, not the emptied place or a match.
    for place in (W0, A0):
        assert_refused(ENGINE, wrong, action("suggest", 5.0, seat=1, place=place), "PD-PLAY-2")
    done = act(wrong, "suggest", 5.0, seat=1, place=K0)
    assert table(done).play is None and table(done).done == [activity_of("learn-to-cook")]


@pytest.mark.rule("PD-PLAY-5", "PD-PLAY-7")
def test_a_done_activity_is_logged_and_a_new_one_drawn() -> None:
    """PD-PLAY-5, PD-PLAY-7: matches discarded, a success, a fresh card for the partner's eyes."""
    state = act(act(arranged(), "play", 1.0, card=1), "flip", 2.0, place=E0)
    deck_top = table(state).deck[-1]
    state = act(state, "flip", 3.0, place=A0)
    tbl = table(state)
    assert sorted(tbl.discard) == [E0, A0] and tbl.grid[E0] is None and tbl.grid[A0] is None
    assert view(state, 0).successes_left == 2 and tbl.turn == 1
    assert [h.activity for h in tbl.hands[0]][-1] == deck_top and len(tbl.deck) == 7
    mine, partners = view(state, 0).table, view(state, 1).table
    assert mine is not None and partners is not None
    assert mine.hands[0][-1].activity is None
    drawn = partners.hands[0][-1].activity
    assert drawn is not None and drawn.id == cards().activities[deck_top].id


@pytest.mark.rule("PD-PLAY-7")
def test_giving_up_needs_a_flip_and_discards_the_matches() -> None:
    """PD-PLAY-6, PD-PLAY-7: even a mistake counts as the flip."""
    state = act(arranged(), "play", 1.0, card=0)
    assert_refused(ENGINE, state, action("give_up", 2.0), "PD-PLAY-6")
    assert_refused(ENGINE, state, action("collect_food", 2.0, place=0), "PD-TURN-2")
    state = act(act(state, "flip", 2.0, place=E0), "flip", 3.0, place=A0)
    assert_refused(ENGINE, state, action("give_up", 4.0, seat=1), "TT-SEAT-1")
    look = view(state, 1).table
    assert look is not None and look.play is not None
    assert (look.play.flips, look.play.can_give_up) == (2, True)
    given = act(state, "give_up", 4.0)
    tbl = table(given)
    assert tbl.play is None and tbl.given_up == [activity_of("learn-to-cook")]
    assert sorted(tbl.discard) == [E0, A0] and len(tbl.hands[0]) == 3
    assert view(given, 0).successes_left == 3 and tbl.turn == 1
    assert_refused(ENGINE, given, action("give_up", 5.0, seat=1), "PD-PLAY-2")


@pytest.mark.rule("PD-LOSE-4")
def test_an_empty_deck_loses_when_a_new_activity_is_needed() -> None:
    """PD-LOSE-4."""
    state = act(arranged(), "play", 1.0, card=1)
    table(state).deck = []
    state = act(state, "flip", 2.0, place=E0)
    lost = act(state, "flip", 3.0, place=A0)
    assert (lost.status, lost.loss) == ("lost", "deck_empty")
    outcome = ENGINE.outcome(lost)
    assert outcome is not None and "deck" in outcome.summary


@pytest.mark.rule("PD-WIN-1", "PD-PLAY-7", "PD-LOSE-4")
def test_the_winning_activity_draws_nothing_and_ends_the_game() -> None:
    """PD-WIN-1, PD-PLAY-7, PD-LOSE-4: the last success needed wins at once. The game
    no longer goes on, so no new Activity is drawn and the turn does not pass; with
    the deck empty, the win stays a win (no card was needed)."""
    for deck_left in (True, False):
        state = arranged()
        state.successes = state.level.successes - 1
        tbl = table(state)
        if not deck_left:
            tbl.deck = []
        deck = list(tbl.deck)
        state = act(act(state, "play", 1.0, card=1), "flip", 2.0, place=E0)
        won = act(state, "flip", 3.0, place=A0)
        assert (won.status, won.loss) == ("won", None)
        tbl = table(won)
        assert tbl.deck == deck and len(tbl.hands[0]) == 2 and tbl.turn == 0
        assert tbl.done == [activity_of("proper-breakfast")]
        outcome = ENGINE.outcome(won)
        assert outcome is not None and outcome.winners == (0, 1)


def test_an_activity_needs_a_face_down_card() -> None:
    """PD-PLAY-8."""
    state = arranged()
    tbl = table(state)
    tbl.discard = [c for c in tbl.grid if c is not None]
    tbl.grid = [None] * 20
    assert_refused(ENGINE, state, action("play", 1.0, card=0), "PD-PLAY-8")
    assert {a.kind for a in ENGINE.legal_actions(state, 0)} >= {"tidy_up"}


@pytest.mark.rule("PD-FOOD-2")
def test_collecting_food_takes_a_card_face_up_up_to_four() -> None:
    """PD-FOOD-1, PD-FOOD-2: everybody sees the collected card, Skill and food."""
    state = act(arranged(), "collect_food", 1.0, place=ENDURANCE[STEAK])
    tbl = table(state)
    assert tbl.food[0] == [ENDURANCE[STEAK]] and tbl.grid[ENDURANCE[STEAK]] is None
    for seat in (0, 1, None):
        look = view(state, seat).table
        assert look is not None
        assert [(c.skill, c.food) for c in look.food[0]] == [("endurance", "steak")]
    assert_refused(
        ENGINE, state, action("collect_food", 2.0, seat=1, place=ENDURANCE[STEAK]), "PD-FOOD-1"
    )
    tbl.food[1] = [1, 2, 3, 5]
    assert_refused(ENGINE, state, action("collect_food", 2.0, seat=1, place=9), "PD-FOOD-1")


@pytest.mark.rule("PD-FEED-3", "PD-HAPPY-2")
def test_feeding_discards_all_food_of_one_type() -> None:
    """PD-FEED-3, PD-FEED-1, PD-HAPPY-2: 3 steaks give +2, the sushi stays; no upper limit."""
    state = arranged()
    tbl = table(state)
    tbl.food[0] = [ENDURANCE[STEAK], ATTENTION[STEAK], WIT[STEAK], KINDNESS[SUSHI]]
    tbl.grid = [c if c not in tbl.food[0] else None for c in tbl.grid]
    assert_refused(ENGINE, state, action("feed", 60.0, food="steak"), "PD-FEED-1")
    fed = act(state, "feed", 90.0, food="steak")
    assert fed.happiness == 6 and table(fed).food[0] == [KINDNESS[SUSHI]]
    assert sorted(table(fed).discard) == sorted([ENDURANCE[STEAK], ATTENTION[STEAK], WIT[STEAK]])
    assert view(fed, 0).clocks.hunger_left == 90.0 and table(fed).turn == 1


@pytest.mark.rule("PD-TURN-3")
def test_feeding_needs_food_of_that_type_and_the_feeders_turn() -> None:
    """PD-FEED-4, PD-TURN-3: the feeder uses their own food, on their own turn."""
    state = arranged()
    assert_refused(ENGINE, state, action("feed", 95.0, food="steak"), "PD-FEED-4")
    table(state).food = [[KINDNESS[SUSHI]], [KINDNESS[STEAK]]]
    assert_refused(ENGINE, state, action("feed", 95.0, seat=1, food="steak"), "TT-SEAT-1")
    assert_refused(ENGINE, state, action("feed", 95.0, food="berries"), "PD-FEED-4")
    assert act(state, "feed", 95.0, food="sushi").happiness == 4


@pytest.mark.rule("PD-TIDY-2")
def test_tidy_up_with_five_face_down_cards_reshuffles_the_discard_pile() -> None:
    """PD-TIDY-1, PD-TIDY-2: food stays out; laid out from the first place; Happiness -1."""
    state = arranged()
    tbl = table(state)
    tbl.food = [[0, 1], [2]]
    tbl.discard = list(range(3, 9))
    tbl.grid = [c if c >= 9 else None for c in range(20)]
    assert_refused(ENGINE, state, action("tidy_up", 1.0), "PD-TIDY-1")
    tbl.discard += list(range(9, 15))
    tbl.grid = [c if c >= 15 else None for c in range(20)]
    tidy = ENGINE.apply(state, ENGINE.parse_action({"kind": "tidy_up", "seat": 0, "now": 1}))
    assert [e.text for e in tidy.events] == ["Ann tidies up the grid."]
    assert tidy.hidden  # the cards are laid out anew: undo may not go back past it
    tidied = tidy.state
    after = table(tidied)
    assert sorted(c for c in after.grid[:17] if c is not None) == list(range(3, 20))
    assert after.grid[17:] == [None] * 3 and after.discard == [] and after.food == [[0, 1], [2]]
    assert after.grid[:17] != list(range(3, 20))
    assert tidied.happiness == 3 and after.turn == 1


def test_tidy_up_is_refused_at_six_face_down_cards_and_listed_at_five() -> None:
    """PD-TIDY-1 at its edge: 6 face-down cards are one too many, 5 are few enough."""
    state = arranged()
    tbl = table(state)
    tbl.discard = list(range(14))
    tbl.grid = [c if c >= 14 else None for c in range(20)]
    assert_refused(ENGINE, state, action("tidy_up", 1.0), "PD-TIDY-1")
    tbl.discard.append(14)
    tbl.grid[14] = None
    assert "tidy_up" in {a.kind for a in options(state, 0)}
    assert table(act(state, "tidy_up", 1.0)).discard == []


@pytest.mark.rule("PD-LOSE-3", "PD-HAPPY-1")
def test_a_tidy_up_or_mistake_at_zero_happiness_loses() -> None:
    """PD-LOSE-3, PD-HAPPY-1."""
    state = arranged(happiness=0)
    tbl = table(state)
    tbl.grid = [c if c >= 15 else None for c in range(20)]
    assert act(state, "tidy_up", 1.0).loss == "unhappy"
    mistake = act(act(arranged(happiness=0), "play", 1.0, card=1), "flip", 2.0, place=W0)
    assert (mistake.status, mistake.loss) == ("lost", "unhappy")


@pytest.mark.rule("PD-PEEK-1", "PD-FOOD-2", "PD-PLAY-3", "PD-FEED-3")
def test_each_table_action_says_what_it_did_to_whom_and_bars_undo_when_it_shows_a_card() -> None:
    """PD-PEEK-1, PD-PEEK-2, PD-CLUE-3, PD-CLUE-4, PD-FOOD-2, PD-PLAY-1, PD-PLAY-3,
    PD-PLAY-6, PD-FEED-3: each action's log lines, who may read them (the look is the
    looker's alone), and whether it showed a card, so that undo may not go back past it."""

    def step(state: Any, kind: str, now: float, seat: int, **fields: Any) -> Any:
        action = ENGINE.parse_action({"kind": kind, "seat": seat, "now": now, **fields})
        return ENGINE.apply(state, action)

    def said(transition: Any) -> tuple[list[tuple[str, int | None]], bool]:
        """What the action itself said (not the clues that came in before it, PD-CLUE-1)."""
        told = [e for e in transition.events if not e.text.startswith("A clue comes in")]
        return [(e.text, e.private_to) for e in told], transition.hidden

    state = arranged()
    table(state).hands[1] = [
        HandCard(activity_of("board-games")),
        HandCard(activity_of("first-date")),
    ]
    looked = step(state, "peek", 1.0, 0, places=[3, 17])
    assert said(looked) == (
        [
            ("Ann looks at A4 and D3.", None),
            ("You see A4: Endurance / Berries, D3: Wit / Hazelnut spread.", 0),
        ],
        True,
    )
    done = step(looked.state, "end_peek", 2.0, 0)
    assert said(done) == ([("Ann is done looking.", None)], False)
    general = step(done.state, "general_clue", 3.0, 1, skill="attention")
    assert said(general) == (
        [("Bo asks which of their Activities need Attention: cards 1, 2.", None)],
        True,
    )
    asked = step(general.state, "specific_clue", 4.0, 0, card=1)
    assert said(asked) == ([("Ann asks Bo to name one icon of card 2.", None)], False)
    answered = step(asked.state, "answer_clue", 5.0, 1, skill="attention")
    assert said(answered) == ([("Bo names Attention on card 2.", None)], True)
    collected = step(answered.state, "collect_food", 6.0, 1, place=ENDURANCE[SUSHI])
    assert said(collected) == ([("Bo collects Endurance / Sushi from A1.", None)], True)
    played = step(collected.state, "play", 7.0, 0, card=1)
    assert said(played) == (
        [("Ann plays Eat a Proper Breakfast, which needs Endurance, Attention.", None)],
        True,
    )
    flipped = step(played.state, "flip", 8.0, 0, place=W0)
    assert said(flipped) == ([("Ann flips D2: Wit / Sushi, a mistake.", None)], True)
    given_up = step(flipped.state, "give_up", 9.0, 0)
    assert said(given_up) == ([("Ann gives up Eat a Proper Breakfast.", None)], True)
    fed = step(given_up.state, "feed", 95.0, 1, food="sushi")
    assert said(fed) == ([("Bo feeds the dragon 1 × Sushi.", None)], False)
    lacking = arranged()
    table(lacking).hands[0] = [HandCard(activity_of("board-games"))]
    assert said(step(lacking, "general_clue", 1.0, 0, skill="kindness"))[0] == [
        ("Ann asks which of their Activities need Kindness: none.", None)
    ]


@pytest.mark.rule("PD-TURN-3")
def test_who_is_to_act_at_each_moment_of_a_table_game() -> None:
    """PD-TURN-1, PD-TURN-2, PD-TURN-3, PD-CLUE-4, PD-PLAY-4, PD-TIME-4: the first turn is
    Ann's, before the start too, and a pause keeps the turn (either may press the clock
    buttons, but that is no turn); a specific clue Bo asks waits for Ann; when Bo's
    Activity is one match short, both may flip or suggest."""
    waiting = new("table")
    assert ENGINE.to_act(waiting) == (0,)
    assert {a.kind for a in ENGINE.legal_actions(waiting, 1)} == {"start"}
    state = arranged()
    assert ENGINE.to_act(act(state, "pause", 1.0, seat=1)) == (0,)
    bos_turn = act(state, "collect_food", 1.0, place=0)
    assert ENGINE.to_act(act(bos_turn, "pause", 1.5)) == (1,)
    asked = act(bos_turn, "specific_clue", 2.0, seat=1, card=0)
    assert ENGINE.to_act(asked) == (0,)
    playing = act(bos_turn, "play", 2.0, seat=1, card=1)  # Board Games: Attention, Wit
    assert ENGINE.to_act(playing) == (1,)
    one_short = act(playing, "flip", 3.0, seat=1, place=A0)
    assert ENGINE.to_act(one_short) == (0, 1)
    assert ENGINE.to_act(at(state, 500.0)) == ()  # PD-LOSE-1: nobody acts once it is over
    assert ENGINE.to_act(at(started("companion"), 500.0)) == ()
    won = started("companion")
    for now in (1.0, 2.0, 3.0):
        won = act(won, "log_success", now)
    assert won.status == "won" and ENGINE.to_act(won) == ()  # PD-WIN-1


def test_the_clock_buttons_at_the_table_say_who_pressed_them() -> None:
    """PD-TIME-1, PD-TIME-4 at the table: the log names the player (the keyboard's
    holder); only Start draws (the first clue interval); the clocks stop while paused."""
    state = new("table")
    for kind, seat, now, line, hidden, status in (
        ("start", 0, 1.0, "Ann starts the clocks.", True, "running"),
        ("pause", 1, 5.0, "Bo pauses the game.", False, "paused"),
        ("resume", 0, 50.0, "Ann resumes the game.", False, "running"),
    ):
        action = ENGINE.parse_action({"kind": kind, "seat": seat, "now": now})
        pressed = ENGINE.apply(state, action)
        assert [e.text for e in pressed.events] == [line]
        assert (pressed.hidden, pressed.state.status) == (hidden, status)
        state = pressed.state
    assert view(at(state, 60.0), 0).clocks.main_left == 300 - 4 - 10


@pytest.mark.rule("PD-APP-4")
def test_every_table_move_is_irreversible_for_its_cards() -> None:
    """PD-APP-4: table mode has no undo, whichever move was made (the moves named here,
    not read from the code under test, so leaving one out of the code is caught)."""
    from tabletop.games.pocketdragon import model

    for name in (
        "Peek", "EndPeek", "GeneralClue", "SpecificClue", "AnswerClue", "PlayActivity",
        "Flip", "Suggest", "GiveUp", "CollectFood", "Feed", "TidyUp",
    ):  # fmt: skip
        kind = getattr(model, name)
        assert "Table mode has no undo" in (ENGINE.irreversible(kind.__new__(kind)) or ""), name


@pytest.mark.rule("PD-SETUP-6", "PD-TIME-4")
def test_a_phase_of_either_mode_takes_the_clock_buttons_and_refuses_the_other_mode() -> None:
    """PD-SETUP-6, PD-TIME-4: the two builders of PHASES, called here because the phases
    are built once, at import. A table phase takes the clock buttons and its own kinds,
    refuses each companion button by PD-SETUP-6 and anything else by its own rule; a
    companion phase refuses each table action by PD-SETUP-6. Either player may press a
    clock or companion button (the kinds named here, not read from the code)."""
    from tabletop.core.rules import Phase
    from tabletop.games.pocketdragon.rules import _companion_phase, _table_phase

    clocks = {"start", "pause", "resume"}
    buttons = {"reset", "log_feed", "log_general_clue", "log_specific_clue", "log_success"}
    buttons |= {"log_mistake", "log_tidy_up"}
    own = ("PD-PLAY-6", "Flip first.")
    at_table = _table_phase(
        frozenset({"flip"}), "PD-PLAY-2", "Finish first.", "Wait for {name}.", {"give_up": own}
    )
    assert at_table.kinds == clocks | {"flip"}
    assert (at_table.rule, at_table.message, at_table.waiting) == (
        "PD-PLAY-2",
        "Finish first.",
        "Wait for {name}.",
    )
    assert at_table.anyone == clocks | buttons
    assert at_table.refusal("give_up") == own
    assert at_table.refusal("peek") == ("PD-PLAY-2", "Finish first.")
    assert {at_table.refusal(kind)[0] for kind in buttons} == {"PD-SETUP-6"}
    # Given no rule, a builder adds none of its own: a bare Phase's (the "turn" phase).
    bare = Phase(frozenset())
    for built in (_table_phase(frozenset()), _companion_phase(frozenset())):
        assert (built.rule, built.message) == (bare.rule, bare.message)
    assert _table_phase(frozenset()).waiting == "It is {name}'s turn."

    companion = _companion_phase(frozenset({"reset"}), "PD-TIME-5", "Press Start first.")
    assert companion.kinds == {"reset"} and companion.anyone == clocks | buttons
    assert companion.refusal("log_success") == ("PD-TIME-5", "Press Start first.")
    assert {companion.refusal(kind)[0] for kind in ("peek", "flip", "feed")} == {"PD-SETUP-6"}


@pytest.mark.rule("PD-PLAY-4")
def test_the_partner_asked_for_a_suggestion_may_not_flip_or_give_up() -> None:
    """PD-PLAY-4: with one Skill left Bo may suggest, and that is all: flipping and
    giving up are the player's."""
    state = act(act(arranged(), "play", 1.0, card=1), "flip", 2.0, place=E0)
    assert ENGINE.to_act(state) == (0, 1)
    assert_refused(ENGINE, state, action("flip", 3.0, seat=1, place=A0), "PD-PLAY-4")
    assert_refused(ENGINE, state, action("give_up", 3.0, seat=1), "PD-PLAY-4")


@pytest.mark.rule("PD-CLUE-3", "PD-CLUE-4")
def test_a_card_keeps_what_it_is_not_when_a_clue_says_what_it_needs() -> None:
    """PD-CLUE-3, PD-CLUE-4: Learn to Cook (A C K) is marked "not Wit" by a general clue;
    a general clue for Attention, and a specific clue answered Creativity, add what it
    needs and keep the "not Wit"."""
    state = act(arranged(), "general_clue", 1.0, skill="wit")
    state = act(state, "general_clue", 2.0, seat=1, skill="endurance")
    state = act(state, "general_clue", 3.0, skill="attention")
    cook = table(state).hands[0][0]
    assert (cook.known, cook.ruled_out) == (["attention"], ["wit"])
    state = at(act(state, "collect_food", 4.0, seat=1, place=E0), 41.0)
    assert state.clues >= 2  # gained with the clocks, one every 15-20 s
    state = act(state, "specific_clue", 41.0, card=0)
    state = act(state, "answer_clue", 42.0, seat=1, skill="creativity")
    cook = table(state).hands[0][0]
    assert (cook.known, cook.ruled_out) == (["attention", "creativity"], ["wit"])
