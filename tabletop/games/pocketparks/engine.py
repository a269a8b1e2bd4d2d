"""The PocketParks engine: validation, legal actions and the action handlers.

``apply`` clones the state, validates, then changes the clone; a refusal raises
IllegalAction naming the rule (seeds/pocketparks.md) before anything changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.core.engine import Engine, Outcome, Setup, Transition
from tabletop.core.errors import IllegalAction
from tabletop.core.rng import Rng
from tabletop.games.pocketparks import rules as R
from tabletop.games.pocketparks.actions import (
    AddCard,
    Cancel,
    Confirm,
    Discard,
    Draw,
    ParkTour,
    Pass,
    Pay,
    PlayEvent,
    PPAction,
    PPOptions,
    React,
    StartBuild,
    StartSet,
    StartSteal,
    Take,
    TakeRandom,
    TourPick,
)
from tabletop.games.pocketparks.content import Effect
from tabletop.games.pocketparks.state import (
    NO_CARD,
    NO_SEAT,
    Claim,
    Draft,
    EventPlay,
    Player,
    PPState,
    Window,
    check_state,
)
from tabletop.games.pocketparks.view import PPView, build_view

Handler = Callable[[R.Ctx, Any], None]

# What each phase of the current player's turn accepts, and the rule that says so.
PHASE_KINDS: dict[str, tuple[frozenset[str], str, str]] = {
    "turn": (
        frozenset({"start_set", "start_build", "draw", "start_steal"}),
        "PP-TURN-1",
        "choose one action: play or build a set, draw 2, or pay to steal",
    ),
    "draw": (frozenset({"draw"}), "PP-DRAW-1", "draw your second card first"),
    "discard": (
        frozenset({"discard", "play_event"}),
        "PP-DRAW-2",
        "now discard a park card or play an event",
    ),
    "set": (frozenset({"add", "confirm", "cancel"}), "PP-SET-2", "finish or cancel your set"),
    "build": (frozenset({"add", "confirm", "cancel"}), "PP-SET-2", "finish or cancel your set"),
    "steal": (
        frozenset({"pay", "take", "take_random", "confirm", "cancel"}),
        "PP-STEAL-1",
        "finish declaring or cancel your steal",
    ),
    "limit": (frozenset({"discard"}), "PP-LIMIT-1", "put back cards down to 9 in hand first"),
}
WINDOW_KINDS = frozenset({"pass", "tour_pick", "park_tour", "cancel", "react"})
OWN_TURN_EVENTS: tuple[Effect, ...] = (
    "make_a_wish",
    "aspiring_astronomer",
    "comparing_notes",
    "mosquito_bites",
    "survival_of_the_fittest",
)
# Events that name a target, and the rule a wrong target breaks.
TARGET_RULES: dict[str, str] = {"comparing_notes": "PP-NOTES-1", "mosquito_bites": "PP-MOSQ-1"}


class PocketParksEngine(Engine[PPState, PPAction]):
    name = "pocketparks"
    title = "PocketParks"
    min_players = 2
    max_players = 5
    state_type = PPState
    action_type = PPAction
    options_type = PPOptions

    def __init__(self) -> None:
        super().__init__()
        self._handlers: dict[str, Handler] = {
            "start_set": self._start_set,
            "start_build": self._start_build,
            "add": self._add,
            "start_steal": self._start_steal,
            "pay": self._pay,
            "take": self._take,
            "take_random": self._take_random,
            "confirm": self._confirm,
            "cancel": self._cancel,
            "draw": self._draw,
            "discard": self._discard,
            "play_event": self._play_event,
            "pass": self._pass,
            "tour_pick": self._tour_pick,
            "park_tour": self._park_tour,
            "react": self._react,
        }

    # -- the contract -------------------------------------------------------

    def new(self, setup: Setup, seed: int) -> PPState:
        self.check_players(setup)
        options = self.options(setup)
        assert isinstance(options, PPOptions)
        n = len(setup.players)
        rng = Rng.from_seed(seed)
        if options.first_player is not None and options.first_player >= n:
            raise ValueError(f"first_player must be a seat from 0 to {n - 1}")
        first = rng.below(n) if options.first_player is None else options.first_player
        state = PPState(
            players=[Player(name, [], []) for name in setup.players],
            rng=rng,
            modifiers=options.round_modifiers,
            round=1,
            first=first,
            current=first,
            turn=0,
            phase="turn",
            pile=[],
            discard=[],
            event_discard=[],
        )
        R.deal(R.Ctx(state))
        return state

    def check_state(self, state: PPState) -> None:
        check_state(state, R.CONTENT)

    def players(self, state: PPState) -> tuple[str, ...]:
        return tuple(p.name for p in state.players)

    def to_act(self, state: PPState) -> tuple[int, ...]:
        if state.phase == "over":
            return ()
        if state.window is not None:
            return tuple(state.window.waiting)
        return (state.current,)

    def outcome(self, state: PPState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = tuple(p.score for p in state.players)
        best = max(scores)
        tied = [s for s, score in enumerate(scores) if score == best]
        tie_break: tuple[str, ...] = ()
        if len(tied) > 1:
            # PP-GAME-2: the newest park among the tied players' round-3 sets.
            newest = state.results[-1].newest
            top = max(newest[s] for s in tied)
            tie_break = tuple(
                f"{state.players[s].name}: newest park in round-3 sets #{newest[s]}" for s in tied
            )
            tied = [s for s in tied if newest[s] == top]
        names = " and ".join(state.players[s].name for s in tied)
        verb = "wins" if len(tied) == 1 else "share the win"
        return Outcome(
            scores=scores,
            winners=tuple(tied),
            summary=f"{names} {verb} with {best} points.",
            tie_break=tie_break,
        )

    def view(self, state: PPState, seat: int | None) -> PPView:
        return build_view(state, seat)

    def apply(self, state: PPState, action: PPAction) -> Transition[PPState]:
        self._check_turn(state, action)
        ctx = R.Ctx(state.successor())
        self._handlers[action.kind](ctx, action)
        R.settle(ctx)
        return Transition(ctx.st, tuple(ctx.log), ctx.hidden)

    def _check_turn(self, st: PPState, action: PPAction) -> None:
        seat = action.seat
        if not 0 <= seat < len(st.players):
            raise IllegalAction("PP-TURN-1", "there is no such seat at this table")
        if st.phase == "over":
            raise IllegalAction("PP-GAME-1", "the game is over")
        if st.window is not None:
            if seat not in st.window.waiting:
                raise IllegalAction("PP-WINDOW-1", "you are not being asked anything right now")
            if action.kind not in WINDOW_KINDS:
                raise IllegalAction("PP-WINDOW-1", "answer the open question first (or pass)")
            return
        if seat != st.current:
            raise IllegalAction("PP-TURN-1", "it is not your turn")
        kinds, rule, message = PHASE_KINDS[st.phase]
        if action.kind not in kinds:
            raise IllegalAction(rule, message)

    # -- legal actions ------------------------------------------------------

    def legal_actions(self, state: PPState, seat: int) -> list[PPAction]:
        st = state
        if st.phase == "over":
            return []
        if st.window is not None:
            return self._window_actions(st, seat) if seat in st.window.waiting else []
        if seat != st.current:
            return []
        hand = st.players[seat].hand
        out: list[PPAction] = []
        phase = st.phase
        if phase == "turn":
            if self._pairable(st, seat):
                out.append(StartSet(seat=seat))
            out.extend(
                StartBuild(seat=seat, set_index=idx)
                for idx in range(len(st.players[seat].sets))
                if self._buildable(st, seat, idx)
            )
            out.extend(self._draw_actions(st, seat))
            if R.can_pay(hand):
                out.extend(
                    StartSteal(seat=seat, target=t) for t in range(len(st.players)) if t != seat
                )
        elif phase == "draw":
            out.extend(self._draw_actions(st, seat))
        elif phase == "discard":
            for card in hand:
                if R.is_park(card) or R.COLOUR[card] == "purple":
                    out.append(Discard(seat=seat, card=card))
            out.extend(self._event_actions(st, seat))
        elif phase in ("set", "build"):
            draft = st.draft
            assert draft is not None
            out.extend(
                AddCard(seat=seat, card=c) for c in hand if self._addable(st, seat, draft, c)
            )
            if self._draft_complete(draft):
                out.append(Confirm(seat=seat))
            out.append(Cancel(seat=seat))
        elif phase == "steal":
            draft = st.draft
            assert draft is not None
            if len(draft.cards) < 4:
                out.extend(Pay(seat=seat, card=c) for c in hand if c not in draft.cards)
            if len(draft.takes) + draft.random_takes < 2:
                out.extend(
                    Take(seat=seat, card=c)
                    for c in R.stealable(st, draft.target)
                    if c not in draft.takes
                )
                if draft.random_takes < len(st.players[draft.target].hand):
                    out.append(TakeRandom(seat=seat))
            if self._steal_complete(draft):
                out.append(Confirm(seat=seat))
            out.append(Cancel(seat=seat))
        else:  # limit
            out.extend(Discard(seat=seat, card=c) for c in R.limit_choices(st, seat))
        return out

    def _draw_actions(self, st: PPState, seat: int) -> list[PPAction]:
        out: list[PPAction] = []
        if st.pile or len(st.discard) > 1:
            out.append(Draw(seat=seat, source="pile"))
        if st.discard:
            out.append(Draw(seat=seat, source="discard"))
        return out

    def _window_actions(self, st: PPState, seat: int) -> list[PPAction]:
        window = st.window
        assert window is not None
        out: list[PPAction] = [Pass(seat=seat)]
        if window.kind in ("tour", "wish"):
            picked = R.tour_picks(st, seat)
            if R.is_tour(st, seat, window.card, picked):
                out.append(ParkTour(seat=seat, cards=tuple(sorted(picked))))
            out.extend(
                TourPick(seat=seat, card=card)
                for card in st.players[seat].hand
                if card not in picked and R.tour_can_grow(st, seat, window.card, [*picked, card])
            )
            if picked:
                out.append(Cancel(seat=seat))
        else:
            wanted = self._reaction_wanted(st, seat)
            if wanted is not None:
                for card in st.players[seat].hand:
                    if R.EFFECT[card] == wanted:
                        out.append(React(seat=seat, card=card, as_effect=None))
                    elif R.EFFECT[card] == "lets_do_it_again" and R.copyable(st, wanted):
                        out.append(React(seat=seat, card=card, as_effect=wanted))
        return out

    def _reaction_wanted(self, st: PPState, seat: int) -> Effect | None:
        """The purple effect this seat could answer the open window with."""
        window = st.window
        assert window is not None
        if window.kind == "event":
            return "ranger_says_no"
        if window.kind == "steal" and st.draft is not None and st.draft.target == seat:
            return "trail_detour"
        return None

    def _event_actions(self, st: PPState, seat: int) -> list[PPAction]:
        out: list[PPAction] = []
        for card in st.players[seat].hand:
            effect = R.EFFECT[card]
            if effect is None:
                continue
            if effect == "lets_do_it_again":
                copies = [e for e in OWN_TURN_EVENTS if R.copyable(st, e)]
            elif R.COLOUR[card] == "purple":
                continue
            else:
                copies = [effect]
            for used in copies:
                copy = None if used == effect else used
                for target, pick in self._event_targets(st, seat, used):
                    out.append(
                        PlayEvent(seat=seat, card=card, as_effect=copy, target=target, pick=pick)
                    )
        return out

    def _event_targets(
        self, st: PPState, seat: int, effect: Effect
    ) -> list[tuple[int | None, int | None]]:
        others = [s for s in range(len(st.players)) if s != seat]
        if effect == "comparing_notes":
            return [(t, None) for t in others]
        if effect == "mosquito_bites":
            bites: list[tuple[int | None, int | None]] = [
                (t, c) for t in others for s in st.players[t].sets for c in s
            ]
            return bites or [(None, None)]
        return [(None, None)]

    # -- checks shared by legal_actions and the handlers --------------------

    def _pairable(self, st: PPState, seat: int) -> bool:
        icons_allowed = R.icon_filter(st, seat)
        parks = [c for c in st.players[seat].hand if R.is_park(c)]
        return any(self._has_partner(parks, c, icons_allowed) for c in parks)

    def _buildable(self, st: PPState, seat: int, idx: int) -> bool:
        cards = st.players[seat].sets[idx]
        icons = R.common_icons(cards, R.icon_filter(st, seat))
        hand = st.players[seat].hand
        return len(cards) < R.MAX_SET and any(R.is_park(c) and R.MASK[c] & icons for c in hand)

    @staticmethod
    def _has_partner(parks: list[int], card: int, icons_allowed: int) -> bool:
        mask = R.MASK[card] & icons_allowed
        return any(other != card and R.MASK[other] & mask for other in parks)

    def _draft_icons(self, st: PPState, seat: int, draft: Draft) -> int:
        icons = R.icon_filter(st, seat)
        if draft.set_index >= 0:
            icons = R.common_icons(st.players[seat].sets[draft.set_index], icons)
        return R.common_icons(draft.cards, icons)

    def _draft_size(self, st: PPState, seat: int, draft: Draft) -> int:
        base = len(st.players[seat].sets[draft.set_index]) if draft.set_index >= 0 else 0
        return base + len(draft.cards)

    def _addable(self, st: PPState, seat: int, draft: Draft, card: int) -> bool:
        if not R.is_park(card) or card in draft.cards:
            return False
        if self._draft_size(st, seat, draft) >= R.MAX_SET:
            return False
        if not R.MASK[card] & self._draft_icons(st, seat, draft):
            return False
        if draft.set_index < 0 and not draft.cards:
            parks = [c for c in st.players[seat].hand if R.is_park(c)]
            return self._has_partner(parks, card, R.icon_filter(st, seat))
        return True

    @staticmethod
    def _draft_complete(draft: Draft) -> bool:
        return len(draft.cards) >= (1 if draft.set_index >= 0 else 2)

    @staticmethod
    def _steal_complete(draft: Draft) -> bool:
        takes = len(draft.takes) + draft.random_takes
        return takes > 0 and takes in R.payment_buys(draft.cards)

    # -- handlers: sets ------------------------------------------------------

    def _start_set(self, ctx: R.Ctx, action: StartSet) -> None:
        if not self._pairable(ctx.st, action.seat):
            raise IllegalAction("PP-SET-1", "no two park cards in your hand share a theme icon")
        ctx.st.draft = Draft([])
        ctx.st.phase = "set"

    def _start_build(self, ctx: R.Ctx, action: StartBuild) -> None:
        st = ctx.st
        sets = st.players[action.seat].sets
        if not 0 <= action.set_index < len(sets):
            raise IllegalAction("PP-SET-5", "you can only build onto one of your own sets")
        if len(sets[action.set_index]) >= R.MAX_SET:
            raise IllegalAction("PP-SET-4", "a set cannot grow past 4 cards by building")
        if not self._buildable(st, action.seat, action.set_index):
            raise IllegalAction(
                "PP-SET-3", "no park card in your hand shares an icon with that set"
            )
        st.draft = Draft([], set_index=action.set_index)
        st.phase = "build"

    def _add(self, ctx: R.Ctx, action: AddCard) -> None:
        st, seat = ctx.st, action.seat
        draft = st.draft
        assert draft is not None
        card = action.card
        if card not in st.players[seat].hand or card in draft.cards:
            raise IllegalAction("PP-SET-2", "that card is not in your hand")
        if not R.is_park(card):
            raise IllegalAction("PP-SET-6", "only park cards make sets")
        if self._draft_size(st, seat, draft) >= R.MAX_SET:
            raise IllegalAction("PP-SET-4", "a set holds at most 4 cards when played or built")
        if not self._addable(st, seat, draft, card):
            raise IllegalAction("PP-SET-1", "that card shares no theme icon with the set")
        draft.cards.append(card)

    # -- handlers: steals ----------------------------------------------------

    def _start_steal(self, ctx: R.Ctx, action: StartSteal) -> None:
        st = ctx.st
        if action.target == action.seat or not 0 <= action.target < len(st.players):
            raise IllegalAction("PP-STEAL-4", "steal from one other player at the table")
        if not R.can_pay(st.players[action.seat].hand):
            raise IllegalAction("PP-STEAL-2", "you need 2 cards or a dark sky park to pay")
        st.draft = Draft([], target=action.target)
        st.phase = "steal"

    def _pay(self, ctx: R.Ctx, action: Pay) -> None:
        draft = ctx.st.draft
        assert draft is not None
        if action.card not in ctx.st.players[action.seat].hand or action.card in draft.cards:
            raise IllegalAction("PP-STEAL-2", "pay with cards from your hand")
        if len(draft.cards) >= 4:
            raise IllegalAction("PP-STEAL-2", "no payment is more than 4 cards")
        draft.cards.append(action.card)

    def _take(self, ctx: R.Ctx, action: Take) -> None:
        st = ctx.st
        draft = st.draft
        assert draft is not None
        if len(draft.takes) + draft.random_takes >= 2:
            raise IllegalAction("PP-STEAL-2", "you can steal at most 2 cards")
        idx = R.set_holding(st, draft.target, action.card)
        if idx < 0 or action.card in draft.takes:
            raise IllegalAction("PP-STEAL-4", "name a card in one of that player's sets")
        if len(st.players[draft.target].sets[idx]) in R.UNSTEALABLE:
            raise IllegalAction("PP-TOUR-6", "sets of 5 and 9 are protected from stealing")
        draft.takes.append(action.card)

    def _take_random(self, ctx: R.Ctx, action: TakeRandom) -> None:
        draft = ctx.st.draft
        assert draft is not None
        if len(draft.takes) + draft.random_takes >= 2:
            raise IllegalAction("PP-STEAL-2", "you can steal at most 2 cards")
        if draft.random_takes >= len(ctx.st.players[draft.target].hand):
            raise IllegalAction("PP-STEAL-4", "that player's hand has no more cards")
        draft.random_takes += 1

    # -- handlers: confirm / cancel -----------------------------------------

    def _confirm(self, ctx: R.Ctx, action: Confirm) -> None:
        st, seat = ctx.st, action.seat
        draft = st.draft
        assert draft is not None
        if st.phase == "steal":
            if not self._steal_complete(draft):
                raise IllegalAction(
                    "PP-STEAL-2",
                    "pay 2 cards or 1 dark sky park per card stolen (4 cards, 2 cards + "
                    "1 dark sky park, or 2 dark sky parks for 2)",
                )
            R.pay_for_steal(ctx, draft)
            return
        if not self._draft_complete(draft):
            raise IllegalAction("PP-SET-1", "a new set needs at least 2 park cards")
        player = st.players[seat]
        for card in draft.cards:
            R.leave_hand(ctx, seat, card)
        if draft.set_index >= 0:
            player.sets[draft.set_index] = [*player.sets[draft.set_index], *draft.cards]
            ctx.say(f"{ctx.name(seat)} builds {R.names(draft.cards)} onto a set.")
        else:
            player.sets.append(draft.cards[:])
            ctx.say(f"{ctx.name(seat)} plays a set: {R.names(draft.cards)}.")
        st.draft = None
        R.end_action(ctx)

    def _cancel(self, ctx: R.Ctx, action: Cancel) -> None:
        window = ctx.st.window
        if window is None:
            ctx.st.draft = None
            ctx.st.phase = "turn"
            return
        if not R.tour_picks(ctx.st, action.seat):  # in a window: drop the Park Tour picks
            raise IllegalAction("PP-TOUR-1", "you have picked no card for a Park Tour")
        window.picks = [p for p in window.picks if p.seat != action.seat]

    # -- handlers: draw, discard, events -------------------------------------

    def _draw(self, ctx: R.Ctx, action: Draw) -> None:
        st, seat = ctx.st, action.seat
        if action.source == "discard":
            if not st.discard:
                raise IllegalAction("PP-DRAW-1", "the park discard pile is empty")
            card = st.discard.pop()
            st.players[seat].hand.append(card)
            st.fresh_top = False
            ctx.say(f"{ctx.name(seat)} takes {R.NAME[card]} from the park discard pile.")
        else:
            if not st.pile and len(st.discard) < 2:
                raise IllegalAction("PP-PILE-2", "the draw pile is empty")
            card = R.draw_from_pile(ctx, seat)
            ctx.say(f"{ctx.name(seat)} draws a card.")
            ctx.say(f"You draw {R.NAME[card]}.", seat)
        st.draws += 1
        st.phase = "draw" if st.draws < 2 else "discard"

    def _discard(self, ctx: R.Ctx, action: Discard) -> None:
        st, seat = ctx.st, action.seat
        hand = st.players[seat].hand
        card = action.card
        if card not in hand:
            rule = "PP-LIMIT-1" if st.phase == "limit" else "PP-DRAW-2"
            raise IllegalAction(rule, "that card is not in your hand")
        if st.phase == "limit":
            if card not in R.limit_choices(st, seat):
                raise IllegalAction("PP-LIMIT-2", "that card is promised to your Park Tour")
            R.leave_hand(ctx, seat, card)
            (st.discard if R.is_park(card) else st.event_discard).insert(0, card)
            ctx.say(f"{ctx.name(seat)} puts a card under a discard pile (hand limit).")
            ctx.say(f"You put {R.NAME[card]} under the pile.", seat)
            if len(hand) <= R.HAND_LIMIT:
                R.close_turn(ctx)
            return
        if not R.is_park(card) and R.COLOUR[card] != "purple":
            raise IllegalAction("PP-DRAW-3", "blue and red events are played, never discarded")
        R.leave_hand(ctx, seat, card)
        R.to_discard(st, card)
        st.fresh_top = R.is_park(card)
        ctx.say(f"{ctx.name(seat)} discards {R.NAME[card]}.")
        R.end_action(ctx)

    def _play_event(self, ctx: R.Ctx, action: PlayEvent) -> None:
        st, seat = ctx.st, action.seat
        card = action.card
        if card not in st.players[seat].hand or R.EFFECT[card] is None:
            raise IllegalAction("PP-EVENT-1", "play an event card from your hand")
        effect = R.EFFECT[card]
        if effect == "lets_do_it_again":
            if action.as_effect is None or action.as_effect not in OWN_TURN_EVENTS:
                raise IllegalAction("PP-AGAIN-1", "name a blue or red event for Let's do it again")
            if not R.copyable(st, action.as_effect):
                raise IllegalAction("PP-AGAIN-1", "that event is not in the event discard pile")
            effect = action.as_effect
        elif R.COLOUR[card] == "purple":
            raise IllegalAction(
                "PP-EVENT-2", "reactive cards answer other players; discard it instead"
            )
        elif action.as_effect is not None:
            raise IllegalAction("PP-AGAIN-1", "only Let's do it again copies another event")
        assert effect is not None
        if (action.target, action.pick) not in self._event_targets(st, seat, effect):
            rule = TARGET_RULES.get(effect, "PP-EVENT-1")
            raise IllegalAction(rule, "that is not a possible choice for this event")
        R.leave_hand(ctx, seat, card)
        st.event_discard.append(card)
        target = NO_SEAT if action.target is None else action.target
        pick = NO_CARD if action.pick is None else action.pick
        st.event_play = EventPlay(card, effect, target, pick)
        copied = f" as {R.EFFECT_NAME[effect]}" if action.as_effect else ""
        ctx.say(f"{ctx.name(seat)} plays {R.NAME[card]}{copied}.")
        R.open_window(ctx, "event", card, exclude=seat)

    # -- handlers: response windows ------------------------------------------

    def _pass(self, ctx: R.Ctx, action: Pass) -> None:
        R.answer(ctx, action.seat, None)

    def _tour_pick(self, ctx: R.Ctx, action: TourPick) -> None:
        st, seat, card = ctx.st, action.seat, action.card
        window = self._tour_window(st)
        picked = R.tour_picks(st, seat)
        if card not in st.players[seat].hand or card in picked:
            raise IllegalAction("PP-TOUR-1", "pick a card from your hand, once")
        if not R.tour_can_grow(st, seat, window.card, [*picked, card]):
            raise IllegalAction(
                "PP-TOUR-1",
                "with the cards picked, that card makes no Park Tour: 4 park cards (8 for a "
                "set of 9) sharing a theme icon with the discarded park",
            )
        if picked:
            picked.append(card)
        else:
            window.picks.append(Claim(seat, [card]))

    def _park_tour(self, ctx: R.Ctx, action: ParkTour) -> None:
        st = ctx.st
        window = self._tour_window(st)
        picked = R.tour_picks(st, action.seat)
        if not R.is_tour(st, action.seat, window.card, action.cards):
            raise IllegalAction(
                "PP-TOUR-1",
                "a Park Tour needs 4 park cards from your hand (8 for a set of 9) "
                "sharing a theme icon with the discarded park",
            )
        if not set(picked) <= set(action.cards):
            raise IllegalAction("PP-TOUR-1", "claim with the cards you picked (or cancel them)")
        R.answer(ctx, action.seat, Claim(action.seat, sorted(action.cards)))

    @staticmethod
    def _tour_window(st: PPState) -> Window:
        window = st.window
        assert window is not None
        if window.kind not in ("tour", "wish"):
            raise IllegalAction("PP-TOUR-1", "there is no newly discarded park to claim")
        return window

    def _react(self, ctx: R.Ctx, action: React) -> None:
        st = ctx.st
        wanted = self._reaction_wanted(st, action.seat)
        if wanted is None:
            assert st.window is not None
            if st.window.kind == "steal":
                raise IllegalAction("PP-DETOUR-1", "only the player stolen from can turn a steal")
            raise IllegalAction("PP-EVENT-2", "there is no play here for a purple card to answer")
        card = action.card
        if card not in st.players[action.seat].hand:
            raise IllegalAction("PP-EVENT-2", "that card is not in your hand")
        if R.EFFECT[card] == "lets_do_it_again":
            if action.as_effect != wanted or not R.copyable(st, wanted):
                raise IllegalAction(
                    "PP-AGAIN-1", "Let's do it again can only copy a discarded event"
                )
        elif R.EFFECT[card] != wanted or action.as_effect is not None:
            rule = "PP-DETOUR-1" if wanted == "trail_detour" else "PP-RANGER-1"
            raise IllegalAction(rule, "that card does not answer this")
        R.answer(ctx, action.seat, Claim(action.seat, [card], action.as_effect))
