"""Pocket Dragon's partner bot: a co-op player for table mode that plays from its own
view only, in real time, and can say why it made its last move.

What it knows is what its seat may know (PD-TALK-1, PD-TALK-2): the table's face-up
cards, the discard pile and the food rows (public), the partner's hand (in plain view),
what clues told about its own hand (public), and what its own looks showed, which it
remembers (``Memory``) until a Tidy Up shuffles the grid. The bot never reads a state:
``decide`` takes a view and the legal actions, as every bot does (core.bot).

Its play, in order of urgency (``Partner.decide``):

1. off turn, answer a specific clue with the Skill most useful to the asker, and
   suggest a card it has seen when the partner's Activity is one match short;
2. feed the dragon late in the Feed window (waiting is rewarded, PD-FEED-2), but while
   its partner's next turn (as long as the partner's recent turns) cannot outlast the
   hunger clock, with the food type it holds most of (Happiness grows with the count,
   PD-FEED-3);
3. collect food when the dragon will be hungry and nobody holds any;
4. play an Activity whose Skills it can match from what it has seen, flipping only
   cards it has seen while it can, and giving up rather than guessing badly;
5. otherwise learn: look at two cards nobody has seen face up, or take a clue about
   its own hand, or tidy up when the grid runs low.

A reference for measuring it, never for play: ``Knowledge.omniscient`` builds the same
knowledge from the whole state (every face and its own hand), the "ceiling" partner of
benchmarks/bench_partner.py.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from time import perf_counter
from typing import Literal, TypeVar, cast

from pydantic import BaseModel

from tabletop.core.bot import DEFAULT_BUDGET_S, BotFactory, PacedBot
from tabletop.core.engine import Action
from tabletop.games.pocketdragon.content import CollectionCard, cards
from tabletop.games.pocketdragon.engine import ENGINE
from tabletop.games.pocketdragon.model import (
    FEED_WINDOW_S,
    MAX_FOOD,
    AnswerClue,
    CollectFood,
    EndPeek,
    Feed,
    Flip,
    GeneralClue,
    GiveUp,
    Peek,
    PlayActivity,
    PocketDragonAction,
    PocketDragonState,
    SpecificClue,
    Start,
    Suggest,
    TidyUp,
)
from tabletop.games.pocketdragon.rules import face_down, place_name
from tabletop.games.pocketdragon.view import PocketDragonView, TableView

A = TypeVar("A", bound=Action)
Reaction = Literal["relaxed", "normal", "quick"]
REACTION_S: dict[Reaction, float] = {"relaxed": 3.0, "normal": 1.5, "quick": 0.6}
"""How long the bot takes to make a move once it may (a setting, issue 29)."""

FEED_MARGIN_TURNS = 6
"""Feed once the hunger clock is within this many reaction delays (and a few seconds)
of zero: late enough to be rewarded, early enough that one slow turn does not starve it."""
LOOK_UNTIL_SEEN = 4
"""Look at cards until it knows this many face-down ones before it spends clues: found by
the partner benchmark (2 to 11 tried; 4 scored best at every difficulty)."""
SPECIFIC_WHEN_SPLIT_BELOW = 0.3
"""A general clue tells at most this much (the sum over its own cards of p(1 - p) that
a card needs the Skill) before a specific clue on a half-known card is worth more."""
PARTNER_TURN_S = 20.0
"""How long the bot takes its partner's turn to be until it has seen some: a person
thinking. It feeds before the hunger clock could run out while its partner plays."""
FOOD_AHEAD_S = 45.0
"""Collect food when the dragon will want feeding within this many seconds and nobody
holds any."""


@dataclass(slots=True)
class Knowledge:
    """What one seat knows at one moment: where it has seen cards, what the rest of the
    face-down grid may hold, and what each of its own hand cards may be."""

    seat: int
    seen: dict[int, str]  # face-down grid place -> Collection card id, from own looks
    unknown: list[int]  # face-down places it has not seen
    unseen: Counter[str]  # Skills of the cards that lie, unseen, at the unknown places
    hand: list[set[int]]  # per own hand card: the Activities it may be
    partner_hand: list[int | None]  # the partner's Activities (None: not visible)
    partner_knows: list[int] = field(default_factory=list)  # unknown places it looked at

    @staticmethod
    def from_view(view: PocketDragonView, memory: Memory) -> Knowledge:
        table = _table(view)
        deck = cards()
        seat = _seat(view)
        down = [p.place for p in table.grid if p.content == "face_down"]
        seen = {p: c for p, c in memory.seen.items() if p in down}
        public = [p.card.card for p in table.grid if p.card is not None]
        public += [c.card for c in table.discard]
        public += [c.card for row in table.food for c in row]
        hidden = set(_collection()) - set(public) - set(seen.values())
        unseen = Counter(_skill_of(c) for c in hidden)
        shown = {a.id for a in (*table.done, *table.given_up)}
        if table.play is not None:
            shown.add(table.play.activity.id)
        partner = [
            None if h.activity is None else _activity_index(h.activity.id)
            for h in table.hands[1 - seat]
        ]
        shown |= {deck.activities[a].id for a in partner if a is not None}
        possible = [i for i, a in enumerate(deck.activities) if a.id not in shown]
        hand = [
            {
                i
                for i in possible
                if set(h.known) <= set(deck.activities[i].skills)
                and not set(h.ruled_out) & set(deck.activities[i].skills)
            }
            for h in table.hands[seat]
        ]
        unknown = [p for p in down if p not in seen]
        looked = [p for p in unknown if p in memory.partner_looked]
        return Knowledge(seat, seen, unknown, unseen, hand, partner, looked)

    @staticmethod
    def omniscient(state: PocketDragonState, seat: int) -> Knowledge:
        """Everything, own hand and every face-down card included: for measuring only."""
        table = state.table
        assert table is not None, "table mode only"
        deck = cards()
        seen = {p: deck.collection[table.grid[p] or 0].id for p in face_down(table)}
        return Knowledge(
            seat,
            seen,
            [],
            Counter(),
            [{h.activity} for h in table.hands[seat]],
            [h.activity for h in table.hands[1 - seat]],
        )

    def places_with(self, skill: str) -> list[int]:
        """Face-down places this seat has seen holding ``skill``, in grid order."""
        return sorted(p for p, c in self.seen.items() if _skill_of(c) == skill)

    def chance(self, skills: Sequence[str]) -> float:
        """The chance that a face-down card not seen shows one of ``skills``."""
        if not self.unknown:
            return 0.0
        return sum(self.unseen[s] for s in skills) / len(self.unknown)


@dataclass(slots=True)
class Memory:
    """What a seat's own looks showed (place -> card id), kept across moves and dropped
    when a Tidy Up lays the grid out anew. ``observe`` must see every view of the game in
    order (a driver calls it after each move; a resumed game replays its record)."""

    seen: dict[int, str] = field(default_factory=dict)
    partner_looked: set[int] = field(default_factory=set)
    """Places the partner looked at (public: a look shows where, not what)."""
    partner_turn_s: float = PARTNER_TURN_S
    """The longest of the partner's last three turns (PARTNER_TURN_S before any)."""
    _partner_turns: list[float] = field(default_factory=list)
    _partner_since: float | None = None
    _discard: int = 0
    _happiness: int | None = None

    def observe(self, view: PocketDragonView) -> None:
        table = view.table
        if table is None:
            return
        if table.turn != view.seat and self._partner_since is None:
            self._partner_since = view.clock
        elif table.turn == view.seat and self._partner_since is not None:
            self._partner_turns = [*self._partner_turns[-2:], view.clock - self._partner_since]
            self.partner_turn_s = max(self._partner_turns)
            self._partner_since = None
        discard = len(table.discard)
        happiness = view.happiness
        # Only a Tidy Up empties the discard pile or costs Happiness without adding to it
        # (a mistake discards the flipped card), and it shuffles the grid: forget it.
        if discard < self._discard or (
            self._happiness is not None and happiness < self._happiness and discard == self._discard
        ):
            self.seen.clear()
            self.partner_looked.clear()
        self._discard, self._happiness = discard, happiness
        peek = table.peek
        if peek is not None and peek.cards is not None and peek.seat == view.seat:
            for place, card in zip(peek.places, peek.cards, strict=True):
                self.seen[place] = card.card
        elif peek is not None:
            self.partner_looked.update(peek.places)


class Partner(PacedBot):
    """The partner bot (module docstring), paced in the game's real time: it moves its
    reaction delay after the table last changed, as a person reacts to what they see;
    with nothing to do then, it is asked again every ``poll_s`` (a clue may come in, the
    hunger clock moves on). ``decide`` itself takes well under a millisecond.

    ``why``: the reason for its last move, in players' words, from public facts and its
    own looks only: never a word about the partner's hand beyond what clues told."""

    def __init__(self, seed: int, reaction: Reaction = "normal", poll_s: float = 0.5) -> None:
        super().__init__(seed)
        self.reaction = reaction
        self.poll_s = poll_s
        self.memory = Memory()
        self._short_since: float | None = None

    @property
    def delay_s(self) -> float:
        return REACTION_S[self.reaction]

    def observe(self, view: BaseModel) -> None:
        assert isinstance(view, PocketDragonView)
        self.memory.observe(view)

    def changed(self, view: BaseModel) -> None:
        """The table changed (a move by anyone): it sees it and reacts anew."""
        assert isinstance(view, PocketDragonView)
        self.observe(view)
        self.due = view.clock + self.delay_s

    def move(self, view: BaseModel, legal: Sequence[A], know: Knowledge | None = None) -> A | None:
        """Its move at ``view.clock`` (once ``due``), or None: asked again ``poll_s``
        later. ``know``: what it decides on, its own view's knowledge unless given (the
        benchmark's ceiling gives ``Knowledge.omniscient``)."""
        assert isinstance(view, PocketDragonView)
        moves = cast("Sequence[PocketDragonAction]", legal)
        before, self.why = self.why, ""
        action = self.decide(view, moves, know or Knowledge.from_view(view, self.memory))
        if action is None:
            self.why = before
            self.due = view.clock + self.poll_s
        elif not self.why:
            # closing its own look ends the move the look's reason is for
            self.why = before if action.kind == "end_peek" else "Nothing better was left to do."
        return cast("A | None", action)

    def choose(
        self, view: BaseModel | None, legal: Sequence[A], budget_s: float = DEFAULT_BUDGET_S
    ) -> A:
        assert isinstance(view, PocketDragonView)
        self.observe(view)
        moves = cast("Sequence[PocketDragonAction]", legal)
        # Asked for a move it would rather wait with: the least harmful one.
        action = self.decide(view, moves, Knowledge.from_view(view, self.memory))
        return cast(A, action or _fallback(moves) or moves[0])

    def decide(
        self, view: PocketDragonView, legal: Sequence[PocketDragonAction], know: Knowledge
    ) -> PocketDragonAction | None:
        """The move to make now, or None to wait (a partner's suggestion may come)."""
        if view.status != "running" or view.table is None:
            return None
        table = view.table
        seat = know.seat
        kinds = {a.kind for a in legal}
        if "answer_clue" in kinds:
            return self._answer(view, legal, know)
        if table.clue is not None:  # its own clue waits for the answer (PD-CLUE-5)
            return None
        if table.peek is not None:
            return self._end_peek(legal) if table.peek.seat == seat else None
        if table.play is not None:
            if table.play.seat == seat:
                return self._flip(view, legal, know)
            return self._suggest(view, legal, know)
        if table.turn != seat:
            return None
        self._short_since = None
        return (
            self._feed(view, legal)
            or self._collect(view, legal, know)
            or self._play(view, legal, know)
            or self._learn(view, legal, know)
            or self._collect(view, legal, know, needed=False)
            or _fallback(legal)
        )

    # -- off turn ----------------------------------------------------------------

    def _answer(
        self, view: PocketDragonView, legal: Sequence[PocketDragonAction], know: Knowledge
    ) -> PocketDragonAction | None:
        table = _table(view)
        clue = table.clue
        assert clue is not None
        asked = table.hands[clue.asker][clue.card]
        answers = [a for a in legal if isinstance(a, AnswerClue)]
        # Most useful: a Skill the clue has not told yet, and of those the one most
        # face-down cards show (the easiest for the asker to find).
        fresh = [a for a in answers if a.skill not in asked.known] or answers
        down = _face_down_skills(table, know)
        best = max(fresh, key=lambda a: (down[a.skill], a.skill))
        name = cards().skill(best.skill).name
        self.why = f"You asked about your card {clue.card + 1}: it needs {name}."
        return best

    def _suggest(
        self, view: PocketDragonView, legal: Sequence[PocketDragonAction], know: Knowledge
    ) -> PocketDragonAction | None:
        play = _table(view).play
        assert play is not None
        if not play.suggestions_open or not any(isinstance(a, Suggest) for a in legal):
            return None
        (skill,) = play.needed
        places = know.places_with(skill)
        if not places:
            return None
        place = places[0]
        self.why = f"I suggested {place_name(place)}: I had seen {cards().skill(skill).name} there."
        return Suggest(seat=know.seat, now=view.clock, place=place)

    # -- on turn -----------------------------------------------------------------

    def _end_peek(self, legal: Sequence[PocketDragonAction]) -> PocketDragonAction | None:
        return next((a for a in legal if isinstance(a, EndPeek)), None)

    def _feed(
        self, view: PocketDragonView, legal: Sequence[PocketDragonAction]
    ) -> PocketDragonAction | None:
        clocks = view.clocks
        if not clocks.feed_available:
            return None
        feeds = [a for a in legal if isinstance(a, Feed)]
        if not feeds:
            return None
        # Its next turn comes after its partner's, which may be a person's slow one.
        if clocks.hunger_left > FEED_MARGIN_TURNS * self.delay_s + 3 + self.memory.partner_turn_s:
            return None
        food = Counter(c.food for c in _table(view).food[_seat(view)])
        best = max(feeds, key=lambda a: (food[a.food], a.food))
        count = food[best.food]
        name = cards().food(best.food).name
        self.why = (
            f"I fed the dragon {count} {name} with {clocks.hunger_display} s of hunger left: "
            f"the later the feed, the longer it lasts, and {count} cards "
            f"{'give' if count > 2 else 'gives' if count == 2 else 'give'} "
            f"{count - 1} Happiness."
        )
        return best

    def _collect(
        self,
        view: PocketDragonView,
        legal: Sequence[PocketDragonAction],
        know: Knowledge,
        *,
        needed: bool = True,
    ) -> PocketDragonAction | None:
        table = _table(view)
        seat = know.seat
        mine = table.food[seat]
        if len(mine) >= MAX_FOOD:
            return None
        hunger = view.clocks.hunger_left
        anyone = any(table.food)
        soon = hunger - FEED_WINDOW_S < FOOD_AHEAD_S
        # Food for the dragon when it will be hungry soon and nobody holds any; or more of
        # the kind already held while the window is still far (more Happiness a feed).
        if needed and not (soon and not anyone):
            return None
        options = [a for a in legal if isinstance(a, CollectFood)]
        if not options:
            return None
        wanted = _wanted_skills(know)
        held = Counter(c.food for c in mine)

        def worth(action: CollectFood) -> tuple[int, int, int]:
            card = know.seen.get(action.place)
            if card is None:  # unseen: a card nobody knows, which it also reveals
                return (1, 0, -action.place)
            entry = _card(card)
            return (0 if entry.skill in wanted else 2, held[entry.food], -action.place)

        best = max(options, key=worth)
        card = know.seen.get(best.place)
        where = place_name(best.place)
        because = (
            "the dragon gets hungry soon and nobody had food"
            if needed
            else "food for the dragon was the most useful move left"
        )
        self.why = f"I took food from {where}{', a card I had seen' if card else ''}: {because}."

        return best

    def _play(
        self, view: PocketDragonView, legal: Sequence[PocketDragonAction], know: Knowledge
    ) -> PocketDragonAction | None:
        plays = [a for a in legal if isinstance(a, PlayActivity)]
        if not plays:
            return None
        deck = cards()
        left = view.successes_left
        time_left = view.clocks.main_left
        # The more time per success still needed, the surer the bot wants to be.
        pressed = time_left < left * 40
        tolerance = 0.6 if pressed else 0.25
        best: tuple[float, PlayActivity] | None = None
        for action in plays:
            candidates = know.hand[action.card]
            if not candidates:
                continue
            risk = sum(_mistakes(know, deck.activities[i].skills) for i in candidates) / len(
                candidates
            )
            if best is None or risk < best[0]:
                best = (risk, action)
        if best is None or best[0] > tolerance * max(view.happiness, 1):
            return None
        risk, action = best
        told = _table(view).hands[know.seat][action.card].known
        self.why = (
            f"I played my card {action.card + 1}: "
            + (
                f"clues said it needs {_skill_list(told)}, and "
                if told
                else "from what clues ruled out, "
            )
            + "I had seen where most of what it could need lies."
        )
        return action

    def _flip(
        self, view: PocketDragonView, legal: Sequence[PocketDragonAction], know: Knowledge
    ) -> PocketDragonAction | None:
        play = _table(view).play
        assert play is not None
        needed = list(play.needed)
        name = play.activity.name
        for skill in needed:
            places = know.places_with(skill)
            if places:
                self.why = (
                    f"I flipped {place_name(places[0])} for {name}: "
                    f"I had seen {cards().skill(skill).name} there."
                )
                return Flip(seat=know.seat, now=view.clock, place=places[0])
        chance = know.chance(needed)
        # One match short: give the partner a moment to suggest a card they have seen.
        if play.suggestions_open:
            if self._short_since is None:
                self._short_since = view.clock
            if view.clock - self._short_since < 2 * self.delay_s + 1:
                return None
        can_give_up = any(isinstance(a, GiveUp) for a in legal)
        if can_give_up and (chance < 0.34 or view.happiness == 0):
            self.why = f"I gave up {name}: I had not seen a card it still needs."
            return GiveUp(seat=know.seat, now=view.clock)
        place = self._guess(know, needed)
        if place is None:
            return GiveUp(seat=know.seat, now=view.clock) if can_give_up else None
        self.why = (
            f"I flipped {place_name(place)} for {name}, a card I had not seen: "
            f"about {round(chance * 100)}% of those show a Skill it needs."
        )
        return Flip(seat=know.seat, now=view.clock, place=place)

    def _guess(self, know: Knowledge, needed: Sequence[str]) -> int | None:
        if not know.unknown:
            return None
        return know.unknown[self.rng.below(len(know.unknown))]

    def _learn(
        self, view: PocketDragonView, legal: Sequence[PocketDragonAction], know: Knowledge
    ) -> PocketDragonAction | None:
        table = _table(view)
        if len(know.unknown) >= 2 and (len(know.seen) < LOOK_UNTIL_SEEN or not view.clocks.clues):
            return self._look(legal, know)
        clue = self._clue(view, legal, know)
        if clue is not None:
            return clue
        tidy = next((a for a in legal if isinstance(a, TidyUp)), None)
        if tidy is not None and view.happiness >= 2:
            self.why = f"I tidied up: only {table.face_down} cards were left face down."
            return tidy
        if len(know.unknown) >= 2:
            return self._look(legal, know)
        return None

    def _look(
        self, legal: Sequence[PocketDragonAction], know: Knowledge
    ) -> PocketDragonAction | None:
        """A look at two face-down cards it has not seen, where the partner has not looked
        if it can: between them they then know more of the grid."""
        unknown = list(know.unknown)
        self.rng.shuffle(unknown)
        fresh = set(know.partner_knows)
        unknown.sort(key=lambda p: p in fresh)
        pair = (min(unknown[:2]), max(unknown[:2]))
        peek = next((a for a in legal if isinstance(a, Peek) and a.places == pair), None)
        if peek is not None:
            self.why = (
                f"I looked at {place_name(pair[0])} and {place_name(pair[1])}: "
                "I had not seen them yet."
            )
        return peek

    def _clue(
        self, view: PocketDragonView, legal: Sequence[PocketDragonAction], know: Knowledge
    ) -> PocketDragonAction | None:
        """A clue about its own hand: a general clue on the Skill that splits its possible
        hand cards most evenly; or, when no general clue tells much and a card is half
        known (a Skill told, several Activities still possible), a specific clue on it."""
        deck = cards()
        generals = [a for a in legal if isinstance(a, GeneralClue)]
        told = [set(h.known) | set(h.ruled_out) for h in _table(view).hands[know.seat]]

        def split(action: GeneralClue) -> float:
            total = 0.0
            for candidates, done in zip(know.hand, told, strict=True):
                if action.skill in done or not candidates:
                    continue
                has = sum(action.skill in deck.activities[i].skills for i in candidates)
                p = has / len(candidates)
                total += p * (1 - p)
            return total

        best = max(generals, key=lambda a: (split(a), a.skill), default=None)
        value = 0.0 if best is None else split(best)
        if value < SPECIFIC_WHEN_SPLIT_BELOW:
            specific = self._specific(view, legal, know)
            if specific is not None:
                return specific
        if best is None or value == 0:
            return None
        self.why = (
            f"I asked which of my cards need {deck.skill(best.skill).name}: "
            "it tells me most about my hand."
        )
        return best

    def _specific(
        self, view: PocketDragonView, legal: Sequence[PocketDragonAction], know: Knowledge
    ) -> PocketDragonAction | None:
        hand = _table(view).hands[know.seat]
        cards_asked = {a.card for a in legal if isinstance(a, SpecificClue)}
        half_known = [i for i in cards_asked if hand[i].known and len(know.hand[i]) > 1]
        if not half_known:
            return None
        card = max(half_known, key=lambda i: (len(know.hand[i]), -i))
        self.why = (
            f"I asked you to name a Skill on my card {card + 1}: "
            f"clues told me {_skill_list(hand[card].known)}, and that is not enough to play it."
        )
        return SpecificClue(seat=know.seat, now=view.clock, card=card)


# -- helpers -----------------------------------------------------------------------


def _mistakes(know: Knowledge, skills: Sequence[str]) -> float:
    """Expected mistakes playing an Activity needing ``skills``: none for a Skill seen in
    the grid; for the others, the flips that miss before one hits."""
    missing = [s for s in skills if not know.places_with(s)]
    total = 0.0
    for i in range(len(missing)):
        q = know.chance(missing[i:])
        if q <= 0:
            return float(len(skills) * 3)
        total += (1 - q) / q
    return total


def _wanted_skills(know: Knowledge) -> set[str]:
    """Skills an Activity in either hand may need (the bot keeps those in the grid)."""
    deck = cards()
    wanted = {s for a in know.partner_hand if a is not None for s in deck.activities[a].skills}
    for candidates in know.hand:
        if len(candidates) <= 2:
            wanted |= {s for i in candidates for s in deck.activities[i].skills}
    return wanted


def _face_down_skills(table: TableView, know: Knowledge) -> Counter[str]:
    """Face-down cards per Skill, as this seat reckons them."""
    counts = Counter(know.unseen)
    counts.update(_skill_of(c) for c in know.seen.values())
    return counts


def _fallback(legal: Sequence[PocketDragonAction]) -> PocketDragonAction | None:
    """A move when nothing better is left (nobody may pass, PD-TURN-2); never Pause or
    Reset, which only a person chooses (None: nothing but those)."""
    for kind in ("end_peek", "peek", "general_clue", "collect_food", "tidy_up", "give_up"):
        for action in legal:
            if action.kind == kind:
                return action
    return next((a for a in legal if a.kind not in ("pause", "reset")), None)


def _table(view: PocketDragonView) -> TableView:
    assert view.table is not None, "the partner plays table mode only"
    return view.table


def _seat(view: PocketDragonView) -> int:
    assert view.seat is not None, "a bot plays a seat"
    return view.seat


def _skill_list(skills: Sequence[str]) -> str:
    names = [cards().skill(s).name for s in skills]
    return " and ".join(names)


@cache
def _collection() -> dict[str, CollectionCard]:
    return {c.id: c for c in cards().collection}


@cache
def _activities() -> dict[str, int]:
    return {a.id: i for i, a in enumerate(cards().activities)}


def _card(card_id: str) -> CollectionCard:
    return _collection()[card_id]


def _skill_of(card_id: str) -> str:
    return _collection()[card_id].skill


def _activity_index(activity_id: str) -> int:
    return _activities()[activity_id]


class Noisy(Partner):
    """A careless partner, for measuring how the bot copes with one (never offered in
    play): it forgets its looks and, ``noise`` of the time, makes any legal move."""

    def __init__(self, seed: int, reaction: Reaction = "normal", noise: float = 0.3) -> None:
        super().__init__(seed, reaction)
        self.noise = noise

    def observe(self, view: BaseModel) -> None:
        self.memory.seen.clear()

    def decide(
        self, view: PocketDragonView, legal: Sequence[PocketDragonAction], know: Knowledge
    ) -> PocketDragonAction | None:
        moves = [a for a in legal if a.kind not in ("pause", "reset")]
        if moves and self.rng.below(1000) < self.noise * 1000:
            return moves[self.rng.below(len(moves))]
        return super().decide(view, legal, know)


class Randomly(Partner):
    """Any legal move but Pause, at random: the floor the partner is measured from."""

    def decide(
        self, view: PocketDragonView, legal: Sequence[PocketDragonAction], know: Knowledge
    ) -> PocketDragonAction | None:
        moves = [a for a in legal if a.kind not in ("pause", "reset")]
        return moves[self.rng.below(len(moves))] if moves else None


@dataclass(slots=True)
class TableGame:
    """A game of Pocket Dragon played out by two bots in simulated real time."""

    state: PocketDragonState
    actions: list[PocketDragonAction] = field(default_factory=list)
    decision_s: list[float] = field(default_factory=list)  # each call to decide


def play_table(
    state: PocketDragonState, partners: Sequence[Partner], *, ceiling: bool = False
) -> TableGame:
    """Start ``state`` (table mode, not started) and play it to its end in simulated time,
    each partner moving at its ``due``. ``ceiling``: each partner decides on
    ``Knowledge.omniscient`` instead of its own view (the benchmark's reference, never
    play)."""
    start = Start(seat=0, now=0.0)
    game = TableGame(ENGINE.apply(state, start).state, [start])
    for seat, partner in enumerate(partners):
        partner.changed(ENGINE.view(game.state, seat))
    while ENGINE.outcome(game.state) is None:
        seat = min(range(len(partners)), key=lambda s: (partners[s].due, s))
        partner = partners[seat]
        game.state = ENGINE.advance(game.state, partner.due).state
        if ENGINE.outcome(game.state) is not None:
            break
        view = ENGINE.view(game.state, seat)
        started = perf_counter()
        know = Knowledge.omniscient(game.state, seat) if ceiling else None
        action = partner.move(view, ENGINE.legal_actions(game.state, seat), know)
        game.decision_s.append(perf_counter() - started)
        if action is None:
            continue
        game.state = ENGINE.apply(game.state, action).state
        game.actions.append(action)
        for other, bot in enumerate(partners):
            bot.changed(ENGINE.view(game.state, other))
    return game


def _partner(reaction: Reaction) -> BotFactory:
    return lambda seed: Partner(seed, reaction)


BOTS: dict[str, BotFactory] = {reaction: _partner(reaction) for reaction in REACTION_S}
"""The partner at each reaction time (the kit's bot levels)."""
