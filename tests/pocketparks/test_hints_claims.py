"""PocketParks hints are claims, and each is checked against the position: over random
positions (``POSITIONS``, 2 to 5 players), every move the search may choose (the greedy
bot's five best whole moves at the start of a turn, else its answer) is put through the
hint (``unwasted``, then ``why``), played through the engine, and each fact its words
state is worked out again here from the engine's state: the cards named are in the hand
and not in a payment, the cards a park "goes with" are those that remain, how far the
sets are from winning (counted here by trying every match of sets to 2-3-4), that the
card let go helps least by the hint's own measure, that a Park Tour which can win the
round does. A steal spends cards only where no move spending none scores as well."""

from __future__ import annotations

import functools
import itertools
import re

from tabletop.core.engine import Setup
from tabletop.games import hint
from tabletop.games.pocketparks import rules as R
from tabletop.games.pocketparks.bots import (
    SPARE,
    SearchBot,
    info_from_state,
    step_choice,
    turn_macros,
    usefulness,
)
from tabletop.games.pocketparks.engine import ENGINE
from tabletop.games.pocketparks.hints import icon_words, unwasted, why
from tabletop.games.pocketparks.model import (
    TOUR_SIZES,
    AddCard,
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
    TourPick,
)
from tabletop.games.pocketparks.view import PPView
from tests.core.hintkit import BUDGET_S, POSITIONS, named, random_positions
from tests.pocketparks.scenario import park, parks, table

NAMES = ("Ana", "Ben", "Cy", "Di", "Eve")
IDS = {name: [c for c in range(R.CONTENT.size) if R.NAME[c] == name] for name in set(R.NAME)}
DRAFTS = ("set", "build", "steal")


def new(game: int) -> PocketParksState:
    state: PocketParksState = ENGINE.new(Setup(players=NAMES[: 2 + game % 4]), game)
    return state


def a_view(state: PocketParksState, seat: int) -> PPView:
    view = ENGINE.view(state, seat)
    assert isinstance(view, PPView)
    return view


def short(sizes: list[int]) -> int:
    """Cards missing for 2-3-4, counted by trying every match of three sets (new, empty
    ones included) to the thresholds; a set of 9 wins alone. The count does not depend on
    the sets' order: each sorted list of sizes is counted once."""
    return _short(tuple(sorted(sizes)))


@functools.cache
def _short(sizes: tuple[int, ...]) -> int:
    if any(s >= 9 for s in sizes):
        return 0
    padded = [*sizes, 0, 0, 0]
    return min(
        sum(max(0, need - padded[i]) for need, i in zip((4, 3, 2), pick, strict=True))
        for pick in itertools.permutations(range(len(padded)), 3)
    )


def cards_in(text: str, pool: list[int]) -> list[int]:
    """The cards ``text`` names, each found in ``pool`` (a card once)."""
    left = list(pool)
    out = []
    for name in named(text, IDS):
        card = next(c for c in left if R.NAME[c] == name)
        left.remove(card)
        out.append(card)
    return out


def shared(cards: list[int], allowed: int) -> int:
    mask = allowed
    for card in cards:
        mask &= R.MASK[card]
    return mask


def check_wanted(
    state: PocketParksState, seat: int, card: int, kept: list[int], reason: str
) -> None:
    """'fits your set N (icons)', 'goes with A and B in your hand (icon)', 'is a dark sky
    park ...': true of ``card`` and the cards the seat keeps."""
    allowed = R.icon_filter(state, seat)
    sets = state.players[seat].sets
    if match := re.fullmatch(r"fits your set (\d+) \((.+)\)", reason):
        index = int(match[1]) - 1
        assert 0 <= index < len(sets) and len(sets[index]) < 4, reason
        assert icon_words(shared([*sets[index], card], allowed)) == match[2], reason
    elif match := re.fullmatch(r"goes with (.+) in your hand \((.+)\)", reason):
        mates = cards_in(match[1], [c for c in kept if c != card])
        assert mates and len(mates) == len(set(mates)), reason
        bits = [b for b in R.bits(R.MASK[card] & allowed) if icon_words(b) == match[2]]
        assert len(bits) == 1, reason
        assert sorted(mates) == sorted(
            c for c in kept if c != card and R.is_park(c) and R.MASK[c] & bits[0]
        )
    else:
        assert reason == "is a dark sky park, which alone pays for a steal", reason
        assert R.MASK[card] & R.DARK


def check_claims(state: PocketParksState, seat: int, steps: list, said: str, legal: list) -> None:
    """Every fact of ``said`` about the move ``steps``, from ``state``."""
    assert said.endswith(".") and "\n" not in said, said
    said = said[:-1]
    me = state.players[seat]
    first = steps[0]
    allowed = R.icon_filter(state, seat)
    sizes = [len(s) for s in me.sets]
    if isinstance(first, StartSet | StartBuild):
        added = [s.card for s in steps if isinstance(s, AddCard)]
        if isinstance(first, StartSet):
            match = re.fullmatch(r"Play (.+) as a set \((.+)\): (.+)", said)
            onto: list[int] = []
            after = [*sizes, len(added)]
        else:
            match = re.fullmatch(r"Build (.+) onto your set (\d+) \((.+)\): (.+)", said)
            assert match and int(match[2]) == first.set_index + 1, said
            onto = me.sets[first.set_index]
            after = sizes[:]
            after[first.set_index] += len(added)
        assert match, said
        told = cards_in(match[1], me.hand)
        assert sorted(told) == sorted(added) and set(told) <= set(me.hand), said
        assert match[match.lastindex - 1] == icon_words(shared(onto or added, allowed)), said
        if short(after) == 0:
            assert match[match.lastindex] == "that wins the round", said
        else:
            left = f"{short(after)} card{'s' if short(after) != 1 else ''}"
            told_progress = (
                f"your sets are then {left} short of winning the round ({short(sizes)} now)"
            )
            assert match[match.lastindex] == told_progress, said
    elif isinstance(first, Draw) and first.source == "discard":
        top = state.discard[-1]
        match = re.fullmatch(r"Draw (.+) from the park discard pile: it (.+)", said)
        assert match and match[1] == R.NAME[top], said
        if match[2] != "does better than a blind draw":
            check_wanted(state, seat, top, me.hand, match[2])
    elif isinstance(first, Draw):
        if said == "Draw from the pile: the park discard pile is empty":
            assert not state.discard
        elif said == "Draw 2: you have no set to play or build yet":
            assert not any(isinstance(a, StartSet | StartBuild) for a in legal), said
        elif said == "Draw 2: drawing does better than any set you could play now":
            assert any(isinstance(a, StartSet | StartBuild) for a in legal), said
        else:
            assert (
                said
                == "Draw from the pile: the top of the park discard pile is of little use to you"
            )
            assert state.discard and state.phase == "draw"
    elif isinstance(first, StartSteal):
        victim = state.players[first.target]
        taken = [s.card for s in steps if isinstance(s, Take)]
        paid = [s.card for s in steps if isinstance(s, Pay)]
        match = re.fullmatch(rf"Steal (.+) from {victim.name}, paying (.+?): (.+)", said)
        assert match, said
        assert cards_in(match[1], [c for s in victim.sets for c in s]) == taken, said
        assert sorted(cards_in(match[2], me.hand)) == sorted(paid), said
        kept = [c for c in me.hand if c not in paid]
        for reason in match[3].split("; "):
            if m := re.fullmatch(
                rf"{victim.name} is then (\d+) cards? from winning the round \((\d+) now\)", reason
            ):
                before = [len(s) for s in victim.sets]
                after = [len([c for c in s if c not in taken]) for s in victim.sets]
                assert (int(m[1]), int(m[2])) == (short(after), short(before)), said
                assert short(after) > short(before), said
            elif reason != f"it slows {victim.name} down":
                card = next(c for c in taken if reason.startswith(R.NAME[c] + " "))
                check_wanted(state, seat, card, kept, reason[len(R.NAME[card]) + 1 :])
    elif isinstance(first, Discard):
        options = [a.card for a in legal if isinstance(a, Discard)]
        match = re.fullmatch(
            r"(Discard|Put back \(hand limit\)) (.+?): (.+?)(, and it is the only card you may "
            r"let go|; each other card you may let go helps you as much or more)",
            said,
        )
        assert match and match[2] == R.NAME[first.card] and first.card in me.hand, said
        assert (match[1] == "Discard") == (state.phase == "discard"), said
        if match[4].startswith(", and"):
            assert options == [first.card], said
        info = info_from_state(state, seat)
        assert all(usefulness(info, first.card) <= usefulness(info, c) for c in options), said
        kept = [c for c in me.hand if c != first.card]
        fact = match[3]
        if fact == "it is an event, which no set uses":
            assert not R.is_park(first.card)
        elif fact == "it fits no set of yours and goes with no card you hold":
            assert R.is_park(first.card)
            assert not any(len(s) < 4 and shared([*s, first.card], allowed) for s in me.sets)
            assert not any(R.is_park(c) and R.MASK[c] & R.MASK[first.card] & allowed for c in kept)
        else:
            check_wanted(state, seat, first.card, kept, fact.removeprefix("it "))
    elif isinstance(first, TourPick | ParkTour):
        window = state.window
        assert window is not None and window.card is not None
        match = re.fullmatch(
            r"Park Tour! Claim (.+?) with (.+): a set of (\d+)(, which wins the round)?", said
        )
        assert match and match[1] == R.NAME[window.card], said
        claim = cards_in(match[2], me.hand)
        assert len(claim) in TOUR_SIZES and int(match[3]) == len(claim) + 1, said
        assert shared([window.card, *claim], allowed), said
        wins = short([*sizes, len(claim) + 1]) == 0
        assert bool(match[4]) == wins, said
        groups = [
            sum(1 for c in me.hand if R.MASK[c] & b) for b in R.bits(R.MASK[window.card] & allowed)
        ]
        could = any(short([*sizes, k + 1]) == 0 for g in groups for k in TOUR_SIZES if g >= k)
        assert wins or not could, said  # a Park Tour that wins the round is the one claimed
    elif isinstance(first, PlayEvent):
        assert first.card in me.hand
        assert said.startswith(f"Play {R.NAME[first.card]}"), said
        effect = first.as_effect or R.EFFECT[first.card]
        if m := re.search(r"(\d+) cards? of yours (is|are) of little use", said):
            info = info_from_state(state, seat)
            spare = [c for c in me.hand if c != first.card and usefulness(info, c) < SPARE]
            assert int(m[1]) == len(spare), said
        if effect == "mosquito_bites" and first.pick is not None:
            assert first.target is not None
            assert said.endswith(f"it takes {R.NAME[first.pick]} out of a set"), said
            assert any(first.pick in s for s in state.players[first.target].sets)
    elif isinstance(first, React):
        assert first.card in me.hand and said.startswith(f"Play {R.NAME[first.card]}"), said
    elif isinstance(first, Pass):
        assert (said == "Pass: you have no way to answer this") == all(
            isinstance(a, Pass) for a in legal
        )


def check_no_waste(state: PocketParksState, seat: int, steps: list, legal: list) -> None:
    """A steal (its payment spends cards) only where every move spending none scores less
    by the greedy measure."""
    if not isinstance(steps[0], StartSteal):
        return
    macros = turn_macros(info_from_state(state, seat), legal)
    score = next(m.score for m in macros if list(m.steps) == steps)
    assert all(m.score < score for m in macros if not isinstance(m.steps[0], StartSteal))


def played(state: PocketParksState, steps: list) -> None:
    """The move's steps are each legal in turn: the hint's move can be made."""
    for step in steps:
        assert step in ENGINE.legal_actions(state, step.seat), step
        state = ENGINE.apply(state, step).state
        if state.window is not None or state.phase not in DRAFTS:
            return


def moves(state: PocketParksState, seat: int, legal: list) -> list[list]:
    """What the search may choose: greedy's five best whole moves at the start of a turn,
    else the greedy answer."""
    info = info_from_state(state, seat)
    if state.phase == "turn" and state.window is None:
        return [list(m.steps) for m in turn_macros(info, legal)[:5]]
    return [[step_choice(info, legal)]]


def test_every_move_the_search_may_choose_is_hinted_in_true_words() -> None:
    checked = 0
    for state, seat in random_positions(ENGINE, new, POSITIONS, every=5):
        if state.phase in DRAFTS:
            continue  # a hint for a whole move; a draft asks to be confirmed or cancelled
        view = a_view(state, seat)
        legal = ENGINE.legal_actions(state, seat)
        for chosen in moves(state, seat, legal):
            steps = unwasted(info_from_state(state, seat), legal, chosen)
            check_no_waste(state, seat, steps, legal)
            played(state, steps)
            check_claims(state, seat, steps, why(view, steps, legal), legal)
            checked += 1
    assert checked >= POSITIONS // 2


def test_the_hint_itself_is_true_and_wastes_nothing() -> None:
    """The search's own choice, over fewer positions."""
    for state, seat in random_positions(ENGINE, new, 60, every=37):
        if state.phase in DRAFTS:
            continue
        legal = ENGINE.legal_actions(state, seat)
        suggested = hint(ENGINE, state, seat, BUDGET_S)
        assert suggested is not None
        bot = SearchBot(0)
        first = bot.choose(a_view(state, seat), legal, BUDGET_S)
        steps = unwasted(info_from_state(state, seat), legal, [first, *bot.plan])
        assert suggested.action == steps[0]
        check_no_waste(state, seat, steps, legal)
        check_claims(state, seat, steps, suggested.why, legal)


def test_a_steal_reason_counts_only_the_cards_the_payment_leaves() -> None:
    """The reported hand: Hot Springs, the only Mountain card held, is paid for the steal
    of a Mountain park, so the park goes with no card that stays."""
    st = table(
        [parks("Hot Springs", "Glacier", "Everglades"), parks("Zion"), parks("Congaree")],
        sets=[[], [parks("Lassen Volcanic", "Mount Rainier")], []],
    )
    steps = [
        StartSteal(seat=0, target=1),
        Pay(seat=0, card=park("Hot Springs")),
        Pay(seat=0, card=park("Everglades")),
        Take(seat=0, card=park("Lassen Volcanic")),
    ]
    said = why(a_view(st, 0), steps, ENGINE.legal_actions(st, 0))
    check_claims(st, 0, steps, said, ENGINE.legal_actions(st, 0))
    assert "Hot Springs" not in said.split(": ", 1)[1], said
