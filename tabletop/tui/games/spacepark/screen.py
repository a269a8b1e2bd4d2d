"""The Space Park screen: the ring of destinations, the badges on display, every
player's stock and earned badges, the viewer's own hand, and a key for every move.

The keys make the moves ``engine.legal_actions`` lists. A key whose move is not
legal now is greyed in the footer; pressing it anyway builds that move and lets
the engine refuse it, so the player reads the rule and the reason. A visit that
needs more choices (a badge, where Scout goes, how to pay Scout) asks for them in
turn, offering only values some legal visit takes; Esc goes back. A decision the
game waits for (the Controller holder's benefit, whom to take a crystal from, the
badge drawn at Starlight Station) is asked in a pop-up over the board, by the same
keys (``Choose``; a greyed key there too lets the engine say why not).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar, Literal

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.css.scalar import Scalar
from textual.geometry import Size
from textual.widgets import Static

from tabletop.core.cards import CardText
from tabletop.core.engine import Action
from tabletop.core.session import GameSession
from tabletop.core.words import counted
from tabletop.games.spacepark.content import badges
from tabletop.games.spacepark.model import (
    DEST_NAMES,
    Exchange,
    FastTravel,
    Keep,
    ScoutBenefit,
    TakeFrom,
    Visit,
)
from tabletop.games.spacepark.rules import WIN_XP, solo_turns_left
from tabletop.games.spacepark.view import BadgeView, SpaceParkView
from tabletop.tui.compat import Panel, Row
from tabletop.tui.dialogs import Choice, Choose
from tabletop.tui.games.spacepark.board import (
    CONTROLLER,
    DEST_ICONS,
    LEGEND,
    RESOURCE_NOUNS,
    ROCKET,
    SCOUT,
    SYMBOLS,
    Ring,
    Tile,
    badge_line,
    clickable,
    player_line,
    resource,
    stock,
)
from tabletop.tui.screens.base import GameScreen
from tabletop.tui.screens.cards import CardsScreen, Shown, card_text
from tabletop.tui.screens.log import LogScreen
from tabletop.tui.settings import Settings
from tabletop.tui.tables import TableController
from tabletop.tui.text import plain, refresh_text, refresh_title

VISIT_FIELDS = ("scout_fee", "badge", "scout_to")
"""The parts of a visit chosen after its destination, in the order they are asked."""

FEES: tuple[Literal["sun", "controller"], ...] = ("sun", "controller")
BENEFITS: tuple[Literal["sun", "pass"], ...] = ("sun", "pass")


@dataclass(frozen=True)
class Ask:
    """A kind of choice the keys make: its keys, and the footer's words for them."""

    keys: str
    group: str = ""
    labels: tuple[str, ...] = ()


ASKS: dict[str, Ask] = {
    # The footer lists keys in the order first bound here.
    "visit": Ask("1234567", group="Visit"),
    "travel": Ask("t", labels=("Fast Travel",)),
    "rocket": Ask("1234567", group="Move this rocket"),
    "keep": Ask("k", labels=("Keep the drawn badge",)),
    "exchange": Ask("abc", group="Exchange for"),
    "take": Ask("abcd", group="Take badge"),  # solo Starlight: display a-c, Scout Stack d
    "fee": Ask("sc", labels=("Pay Scout a Sun", "Pay with the Controller")),
    "earn": Ask("123456789", group="Earn badge"),
    "scout_to": Ask("1234567", group="Send Scout to"),
    "benefit": Ask("sp", labels=("Sun crystal", "Fast Travel pass")),
    "take_from": Ask("1234", group="Take from"),
}
RULES_SECTIONS = {
    # A question, or a pending decision's kind: the section of the rules it is about.
    "visit": "Turns and visits",
    "rocket": "Fast Travel",
    "fee": "Solo game",
    "take": "Solo game",
    "earn": "Badges",
    "scout_to": "Destinations",
    "scout_benefit": "Scout and the Controller",
    "take_from": "Supplies",
    "starlight": "Destinations",
    "over": "End of the game",
}
FIELD_ASKS = {"scout_fee": "fee", "scout_to": "scout_to"}
DEST_ASKS = ("visit", "rocket", "scout_to")
"""Choices made by picking a destination (its number key, or a click on it)."""
DECISIONS = {
    "scout_benefit": ("benefit",),
    "take_from": ("take_from",),
    "starlight": ("keep", "exchange"),
}
"""A pending decision's kind: the choices that make it, asked in a pop-up."""


def _bindings() -> list[BindingType]:
    # Escape replaces the base's "leave": it first goes back out of a half-made move.
    bindings: list[BindingType] = [
        Binding("escape", "back", "Back"),
        Binding("h", "hint", "Hint"),
        Binding("i", "cards", "Cards"),
        Binding("l", "log", "Log"),
    ]
    for kind, ask in ASKS.items():
        group = Binding.Group(ask.group) if ask.group else None
        for index, key in enumerate(ask.keys):
            label = ask.labels[index] if ask.labels else ask.group
            bindings.append(Binding(key, f"choose('{kind}', {index})", label, group=group))
    return bindings


# Another seat's step, in words any seat may read (no drawn badge is named).
STEP_WORDS = {
    "turn": "{name}'s turn: a visit with a rocket next.",
    "scout_benefit": "{name} holds the Controller: a Sun crystal or a Fast Travel pass next.",
    "take_from": "{name} takes the crystal from a tied player next (the supply is out).",
    "starlight": "{name} keeps the badge drawn at Starlight Station or exchanges it next.",
}

Candidate = Action | dict[str, Any]
"""A whole action, or the fields chosen so far of a visit being built."""


@dataclass(frozen=True)
class _Now:
    """What the keys work from, for one state and viewer."""

    view: SpaceParkView
    legal: list[Action]


class SpaceParkScreen(GameScreen):
    MIN_SIZE = (80, 24)
    BINDINGS: ClassVar[list[BindingType]] = _bindings()
    DEFAULT_CSS = """
    SpaceParkScreen #sp-scroll {
        height: 1fr;
        scrollbar-gutter: stable;  /* a scrollbar coming and going would redraw the board */
    }
    SpaceParkScreen #cards {
        height: auto;
    }
    SpaceParkScreen .sp-panel {
        width: 1fr;
        height: auto;
        border: round $secondary;
        border-title-color: $text-muted;
        padding: 0 1;
    }
    SpaceParkScreen #news {
        display: none;
        width: 100%;
        height: 2;  /* set: news of another length repaints, lays nothing out */
        padding: 0 1;
        color: $text-muted;
    }
    SpaceParkScreen #more {
        display: none;
        width: 100%;
        text-align: right;
        color: $warning;
        padding: 0 1;
    }
    SpaceParkScreen #status.-empty {
        display: none;
    }
    /* Narrow: no side column (the Players panel has the scores, the news line the
       latest moves), short tiles. */
    SpaceParkScreen.-narrow #side {
        display: none;
    }
    SpaceParkScreen.-narrow #news {
        display: block;
    }
    /* Short (80x24): tiles short, panels with a top edge only (their titles), a row
       per player, one news line: every panel fits, nothing scrolls. */
    SpaceParkScreen.-compact .sp-panel {
        border: none;
        border-top: round $secondary;
    }
    SpaceParkScreen.-compact #display {  /* its lines have no key and mark: the hand's */
        width: 5fr;                        /* have, and need the room */
    }
    SpaceParkScreen.-compact #hand {
        width: 6fr;
    }
    SpaceParkScreen.-compact #players.-rows {  /* solo: Scout's lines wrap */
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    SpaceParkScreen.-compact #news {
        height: 1;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    SpaceParkScreen #prompt {
        width: 100%;
        height: auto;
        min-height: 2;  /* most questions take one line or two: a new one lays nothing out */
        max-height: 5;
        padding: 0 1;
        background: $accent 20%;
        text-style: bold;
    }
    """

    def __init__(self, session: GameSession | TableController, settings: Settings) -> None:
        super().__init__(session, settings)
        self.draft: dict[str, Any] | None = None
        """The visit being built: its destination and the parts chosen so far."""
        self.asking = ""
        """While a visit is built: the kind of choice asked next."""
        self.fast = False
        """Choosing which rocket a Fast Travel pass moves."""
        self._now_key: tuple[object, int | None] | None = None
        """The state (held, so that its id is never another's) and viewer of ``_now_value``."""
        self._now_value: _Now | None = None
        self._deciding: tuple[Choose[tuple[str, int]], tuple[object, int | None]] | None = None
        """The pop-up asking the viewer's decision, and the state and viewer it is for."""
        self._answer: tuple[str, int] | Literal["leave"] | None = None
        """The pop-up's answer, made once it is gone."""

    NARROW = 110
    """Below this width: no side column (the news line has the latest moves), short
    tiles."""
    COMPACT = 32
    """Below this height: short tiles and compact panels."""

    # -- layout -----------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        with VerticalScroll(id="sp-scroll"):
            yield Ring()
            with Row(id="cards"):
                yield Panel(id="display", classes="sp-panel")
                yield Panel(id="hand", classes="sp-panel")
            yield Panel(id="players", classes="sp-panel")
        yield Static("↓ more below: PgDn", id="more")
        yield Panel(id="news")
        yield Panel(id="prompt")

    def on_mount(self) -> None:
        self._fit(self.app.size)
        self.watch(self.query_one("#sp-scroll"), "scroll_y", self._hint_more, init=False)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size)
        self.redraw()

    def _fit(self, size: Size) -> None:
        narrow, compact = size.width < self.NARROW, size.height < self.COMPACT
        self.set_class(narrow, "-narrow")
        self.set_class(compact, "-compact")
        self.query_one(Ring).fit(narrow or compact)

    # -- what the keys work from --------------------------------------------------

    def now(self) -> _Now:
        """The viewer's view and legal moves, computed once per state and viewer."""
        key = (self.session.current, self.viewer)
        if self._now_value is None or not same_position(self._now_key, key):
            view = self.session.view(self.viewer)
            assert isinstance(view, SpaceParkView)
            seat = self.viewer
            legal = [] if seat is None else self.session.legal_actions(seat)
            self._now_key, self._now_value = key, _Now(view, legal)
        return self._now_value

    def question(self) -> tuple[str, ...]:
        """The kinds of choice the keys make now (none while the viewer may not act)."""
        seat = self.viewer
        if seat is None or seat not in self.session.to_act:
            return ()
        pending = self.now().view.pending
        if pending is not None:
            return DECISIONS[pending.kind]
        if self.fast:
            return ("rocket",)
        if self.draft is not None:
            return (self.asking,)
        return ("visit", "travel")

    def candidate(self, kind: str, index: int) -> Candidate | None:
        """What choosing ``index`` of ``kind`` would do; None if there is no such choice."""
        seat = self.viewer
        assert seat is not None
        view = self.now().view
        ring = view.ring
        draft = self.draft or {}
        if kind == "visit":
            return {"dest": ring[index].id}
        if kind == "travel":
            rocket = next(d for d in ring if d.rocket)
            return FastTravel(seat=seat, dest=rocket.id)
        if kind == "rocket":
            return FastTravel(seat=seat, dest=ring[index].id)
        if kind == "scout_to":
            return {**draft, "scout_to": ring[index].id}
        if kind == "fee":
            return {**draft, "scout_fee": FEES[index]}
        if kind == "earn":
            return {**draft, "badge": view.hand[index].id} if index < len(view.hand) else None
        if kind == "take":
            item = _solo_offer(view)[index]
            return None if item is None else {**draft, "badge": item.id}
        if kind == "benefit":
            return ScoutBenefit(seat=seat, take=BENEFITS[index])
        if kind == "take_from":
            return TakeFrom(seat=seat, target=index) if index < len(view.players) else None
        if kind == "keep":
            return Keep(seat=seat)
        if kind == "exchange":
            revealed = view.revealed
            return Exchange(seat=seat, badge=revealed[index].id) if index < len(revealed) else None
        raise ValueError(f"unknown choice {kind!r}")

    def is_legal(self, kind: str, candidate: Candidate) -> bool:
        legal = self.now().legal
        if kind == "travel":
            return any(isinstance(a, FastTravel) for a in legal)
        if isinstance(candidate, dict):
            return bool(_matching(legal, candidate))
        return candidate in legal

    def choice_state(self, kind: str, index: int) -> bool | None:
        """True: a legal choice now. None: a choice now, but not legal (greyed).
        False: not a choice now (hidden)."""
        if kind not in self.question():
            return False
        candidate = self.candidate(kind, index)
        if candidate is None:
            return False
        return True if self.is_legal(kind, candidate) else None

    def offered(self, kind: str, stop: int, start: int = 0) -> str:
        """The keys of ``kind`` from ``start`` to ``stop`` that choose something now, in
        words: "a", "a or d", "a-c"."""
        keys = [
            key
            for index, key in enumerate(ASKS[kind].keys[start:stop], start)
            if self.choice_state(kind, index) is not False
        ]
        if len(keys) > 2 and "".join(keys) in ASKS[kind].keys:
            return f"{keys[0]}-{keys[-1]}"
        return " or ".join(keys)

    @property
    def building(self) -> bool:
        """A visit or a Fast Travel is half chosen (Esc goes back)."""
        return bool(self.question()) and (self.fast or self.draft is not None)

    # -- keys and clicks ---------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose":
            kind, index = parameters
            assert isinstance(kind, str) and isinstance(index, int)
            return self.choice_state(kind, index)
        if action in ("back", "click", "cards"):
            return True
        return super().check_action(action, parameters)

    def explain_key(self, action: str, parameters: tuple[object, ...]) -> bool:
        """A greyed choice's key builds its move for the engine to refuse with its rule;
        a key of the question that chooses nothing now says which keys do. (Each binding
        of the key is tried in turn: one of another question's is not ours to explain.)"""
        if action != "choose":
            return super().explain_key(action, parameters)
        kind, index = parameters
        assert isinstance(kind, str) and isinstance(index, int)
        state = self.choice_state(kind, index)
        if state is None:
            self.choose(kind, index)
            return True
        if kind not in self.question():
            return False
        keys = ASKS[kind].keys
        offered = self.offered(kind, len(keys))
        self.tell(f"{keys[index]} chooses nothing here: {offered or 'nothing'} does.")
        return True

    def action_choose(self, kind: str, index: int) -> None:
        self.choose(kind, index)

    def action_click(self, kind: str, index: int) -> None:
        if self.choice_state(kind, index) is not False:
            self.choose(kind, index)

    def on_ring_picked(self, message: Ring.Picked) -> None:
        for kind in self.question():
            if kind in DEST_ASKS:
                self.choose(kind, message.position)
                return

    def action_log(self) -> None:
        """The whole log the viewer may read (narrow, only its latest line is shown)."""
        seat = self.now().view.seat
        who = "the table" if seat is None else self.session.seats[seat].name
        self.app.push_screen(LogScreen(f"Log, as {who} may read it", self.session.log(seat)))

    def action_cards(self) -> None:
        """Every destination and badge in the viewer's view with its whole text, at what
        the question now is about; the symbols last."""
        view = self.now().view
        shown: list[Shown] = []
        for pos, dest in enumerate(view.ring):
            glyph, style = DEST_ICONS[dest.id]
            marks = " ".join(m for m, on in ((ROCKET, dest.rocket), (SCOUT, dest.scout)) if on)
            line = Content.assemble(
                (f"{pos + 1} ", "bold $accent"), (glyph, style), f" {dest.name}  ", (marks, "dim")
            )
            text = CardText(dest.name, dest.short, (dest.action,))
            shown.append(Shown("Destinations", line, card_text(line, text)))

        def add(place: str, badge: BadgeView, key: str = "") -> None:
            text = card_text(badge_line(badge, says=False), badges()[badge.id].text())
            shown.append(Shown(place, badge_line(badge, key=key), text))

        for index, badge in enumerate(view.revealed):
            add("On display", badge, "abc"[index])
        if view.scout_stack:
            add("Scout Stack, the top", view.scout_stack[-1], "d" if view.solo else "")
        if view.pending is not None and view.pending.drawn is not None:
            add("Drawn at Starlight Station", view.pending.drawn)
        mine = len(shown)
        if view.seat is not None:
            for index, badge in enumerate(view.hand):
                add(f"{view.players[view.seat].name}'s hand", badge, str(index + 1))
        for player in view.players:
            for badge in player.earned:
                add(f"{player.name}'s badges", badge)
        shown.append(Shown("Symbols", Content("Crystals, passes, badge types"), SYMBOLS))
        question = self.question()
        if "earn" in question:
            at = mine
        elif "take" in question or "exchange" in question:
            at = len(view.ring)
        else:
            at = 0
        self.app.push_screen(CardsScreen(shown, at, "i", self.action_rules))

    def action_back(self) -> None:
        """Out of a half-made move; else home (every move is already saved)."""
        if not self.building:
            self.action_leave()
            return
        self.draft = None
        self.fast = False
        self.redraw()

    def choose(self, kind: str, index: int) -> None:
        """Make a choice; one that is not legal is sent to the engine to be refused."""
        candidate = self.candidate(kind, index)
        if candidate is None:
            return
        if not self.is_legal(kind, candidate):
            self.act(self.whole(candidate) if isinstance(candidate, dict) else candidate)
            return
        if kind == "travel":
            self.fast = True
            self.redraw()
        elif isinstance(candidate, dict):
            self.build(candidate)
        else:
            self.act(candidate)

    def build(self, fields: dict[str, Any]) -> None:
        """Ask for the next part of the visit, or make it once nothing is left to choose."""
        matching = _matching(self.now().legal, fields)
        for name in VISIT_FIELDS:
            if name not in fields and getattr(matching[0], name) is not None:
                self.draft = fields
                if name == "badge":
                    self.asking = "earn" if fields["dest"] == "outpost13" else "take"
                else:
                    self.asking = FIELD_ASKS[name]
                self.redraw()
                return
        self.act(matching[0])

    def whole(self, fields: dict[str, Any]) -> Visit:
        """A whole visit from the parts chosen so far, the rest filled in with any value,
        for the engine to say what is wrong with it."""
        view = self.now().view
        seat = self.viewer
        assert seat is not None
        dest = fields["dest"]
        filled = dict(fields)
        here = next(d for d in view.ring if d.id == dest)
        if view.solo and here.scout:
            filled.setdefault("scout_fee", "sun")
        if dest == "outpost13" and view.hand:
            filled.setdefault("badge", view.hand[0].id)
        offer = [b for b in _solo_offer(view) if b is not None]
        if dest == "starlight_station" and view.solo and offer:
            filled.setdefault("badge", offer[0].id)
        if dest == "astral_arcade":
            filled.setdefault("scout_to", next(d.id for d in view.ring if not d.scout))
        return Visit(seat=seat, **filled)

    def rules_section(self) -> str:
        view = self.now().view
        if self.session.outcome is not None:
            return RULES_SECTIONS["over"]
        if view.pending is not None:
            return RULES_SECTIONS[view.pending.kind]
        kind = next(iter(self.question()), "visit")
        return RULES_SECTIONS["fee"] if view.solo and kind == "visit" else RULES_SECTIONS[kind]

    def after_change(self) -> None:
        self.draft = None
        self.fast = False
        super().after_change()

    # -- drawing --------------------------------------------------------------------

    def seat_scores(self, view: Any) -> list[str]:
        assert isinstance(view, SpaceParkView)
        return [f"{p.xp} XP" + (f" {CONTROLLER}" if p.controller else "") for p in view.players]

    def render_view(self, view: Any) -> None:
        assert isinstance(view, SpaceParkView)
        question = self.question()
        picking = next((k for k in question if k in DEST_ASKS), None)
        tiles = []
        for pos, dest in enumerate(view.ring):
            extra = ""
            if dest.id == "starlight_station":
                extra = f"Deck {view.deck_count}"
                if view.solo:
                    extra += f" · Scout Stack {len(view.scout_stack)}"
            visiting = self.draft is not None and self.draft["dest"] == dest.id
            pickable = visiting or (picking is not None and self.choice_state(picking, pos) is True)
            tiles.append(Tile(dest, pickable, extra))
        self.query_one(Ring).show(tiles)
        self._show_display(view, question)
        self._show_hand(view, question)
        self._show_players(view)
        self._size_cards()
        refresh_text(self.query_one("#prompt", Static), self._prompt(view, question))
        if self.has_class("-narrow"):  # the log is not shown: its latest lines are
            refresh_text(self.query_one("#news", Static), plain(self._news(view.seat)))
        self.call_after_refresh(self._hint_more)  # once laid out: does the board go on below?
        self.decide()

    # -- a decision, in a pop-up ------------------------------------------------------

    def on_screen_resume(self) -> None:
        """Back on top: the decision's answer, if it came before, is made now that its
        pop-up is gone; else the question is asked again (back from the curtain, the
        cards or the rules)."""
        self._make_answer()

    def _make_answer(self) -> None:
        """The decision's answer, once its pop-up is gone (a curtain it brings must not
        go with it): Esc leaves the game, as on the board (refused, the question comes
        back)."""
        answer, self._answer = self._answer, None
        if answer == "leave":
            self.action_leave()
        elif answer is not None:
            self.choose(*answer)
            return
        self.decide()

    def decide(self) -> None:
        """Ask the decision the game waits for from the viewer, in a pop-up, once this
        screen is on top; a pop-up still asking about another position goes. None while
        its keys are off (a replay)."""
        position = (self.session.current, self.viewer)
        if self._deciding is not None:
            asking, asked = self._deciding
            if asking.answered:  # its answer is made once it is gone
                return
            if asking in self.app.screen_stack and same_position(asked, position):
                return
            if self.app.screen is asking:
                self.app.pop_screen()
            self._deciding = None
        question = self.question()
        view = self.now().view
        if view.pending is None or not question or self.app.screen is not self:
            return
        choices = [
            Choice(ASKS[kind].keys[index], self._decision_label(view, kind, index), (kind, index))
            for kind in question
            for index in range(len(ASKS[kind].keys))
            if self.check_action("choose", (kind, index)) is not False
        ]
        if not any(self.check_action("choose", c.value) for c in choices):
            return
        choices = [replace(c, offered=self.choice_state(*c.value) is True) for c in choices]
        first = next(index for index, c in enumerate(choices) if c.offered)
        asking = self.ask(
            self._prompt(view, question),
            choices,
            note=f"A key or Enter chooses; Esc: {self.back_label}.",
            back=self.back_label,
            highlighted=first,
            refuse=self._decided,
        )
        asking.rules = self.action_rules
        if self.check_action("hint", ()):
            asking.hint = self.action_hint
        self._deciding = (asking, position)
        self.app.push_screen(asking, self._decision_made)

    def _decision_made(self, choice: tuple[str, int] | None) -> None:
        self._deciding = None
        self._answer = "leave" if choice is None else choice
        if self.app.screen is self:  # else once it is (``on_screen_resume``)
            self._make_answer()

    def _decided(self, choice: tuple[str, int]) -> None:
        self.choose(*choice)

    def _decision_label(self, view: SpaceParkView, kind: str, index: int) -> Content:
        if kind == "take_from":
            pending = view.pending
            assert pending is not None and pending.resource is not None
            player = view.players[index]
            held = "passes" if pending.resource == "pass" else pending.resource
            amount = resource(pending.resource, getattr(player, held))
            return Content.assemble(plain(f"{player.name} "), amount)
        if kind == "exchange":
            return Content.assemble("Exchange for ", badge_line(view.revealed[index], says=False))
        if kind == "keep" and view.pending is not None and view.pending.drawn is not None:
            return Content.assemble("Keep ", badge_line(view.pending.drawn, says=False))
        return Content(ASKS[kind].labels[index])

    def show_status(self, content: Content) -> None:
        """The status line, and a hint on the decision's pop-up too."""
        super().show_status(content)
        if self._deciding is not None:
            self._deciding[0].show_hint(content)

    def _news(self, seat: int | None) -> str:
        """The latest lines of the log ``seat`` may read, as many as the news rows hold
        (two, one on a compact screen)."""
        rows = 1 if self.has_class("-compact") else 2
        room = rows * max(1, self.size.width - 2)
        news: list[str] = []
        for line in reversed(self.session.log(seat)):
            if news and sum(len(n) + 1 for n in news) + len(line) > room:
                break
            news.insert(0, line)
        return " ".join(news)

    def _hint_more(self) -> None:
        """Say when the board goes on below what the terminal shows."""
        scroll = self.query_one("#sp-scroll", VerticalScroll)
        more = self.query_one("#more")
        below = scroll.scroll_y < scroll.max_scroll_y
        if more.display != below:
            more.display = below

    def _badge_line(
        self,
        panel: Static,
        badge: BadgeView,
        key: str = "",
        mark: str = "",
        due: dict[str, int] | None = None,
    ) -> Content:
        """A badge on one line of ``panel``: with the badge's ability in a few words if
        they fit, and what its holder pays when that is not its cost (``due``), after its
        cost if there is room, else instead of it."""
        width = panel.content_region.width
        paying = Content()
        if due is not None:
            paid = Content(" ").join(resource(n, a) for n, a in due.items() if a) or "nothing"
            paying = Content.assemble(Content.styled(" · you pay ", "dim"), paid)
        line = Content.assemble(badge_line(badge, key, mark), paying)
        if line.cell_length <= width:
            return line
        line = Content.assemble(badge_line(badge, key, mark, says=False), paying)
        if line.cell_length <= width or due is None:
            return line
        return badge_line(badge, key, mark, says=False, due=due)

    def _size_cards(self) -> None:
        """The display and the hand, side by side, both as tall as the taller one: the
        hand changing within that height (a badge drawn, one earned) repaints it
        without laying the screen out."""
        panels = [self.query_one("#display", Static), self.query_one("#hand", Static)]
        if not panels[0].content_region.width:
            return  # not laid out yet: as tall as its text until it is
        rules = panels[0].styles.get_rules()
        rows = max(
            panel.content.get_height(rules, panel.content_region.width)
            for panel in panels
            if isinstance(panel.content, Content)
        )
        compact = self.has_class("-compact")
        edges = 1 if compact else 2
        height = Scalar.from_number(rows + edges)
        for panel in panels:
            if panel.styles.height != height:
                panel.styles.height = height
        if compact:
            self._fit_ring(rows + edges)

    def _fit_ring(self, cards: int) -> None:
        """Compact: the ring's tiles a line lower when the cards (``cards`` rows tall: a
        hand of six badges or more at 80x24) and the players would not fit under it, so
        that the hand and every player stay on screen, no scrolling."""
        scroll = self.query_one("#sp-scroll")
        if not scroll.size.height:
            return  # not laid out yet
        more = self.query_one("#more")
        room = scroll.size.height + (more.outer_size.height if more.display else 0)
        players = self.query_one("#players").outer_size.height
        self.query_one(Ring).fit(True, low=Ring.SHORT_HEIGHT + cards + players > room)

    def _show_display(self, view: SpaceParkView, question: tuple[str, ...]) -> None:
        panel = self.query_one("#display", Static)
        refresh_title(panel, Content(f"On display · deck {view.deck_count}"))
        kind = next((k for k in question if k in ("exchange", "take")), None)
        lines: list[Content] = []
        for index, badge in enumerate(view.revealed):
            lines.append(self._choice_line(panel, badge, kind, index))
        if not view.revealed:
            lines.append(Content.styled("(no badge on display)", "dim"))
        if view.solo:
            stack = view.scout_stack
            lines.append(Content(f"Scout Stack: {len(stack)}" + (", the top:" if stack else "")))
            if stack:
                lines.append(
                    self._choice_line(panel, stack[-1], kind if kind == "take" else None, 3)
                )
            # Scout's last move in the engine's words, by the Scout Stack (the log has all;
            # narrow, the news line has it)
            moved = [e for e in self.session.log(view.seat) if e.startswith("Scout ")]
            if moved and not self.has_class("-narrow"):
                lines.append(Content.assemble(("Last: ", "bold $warning"), moved[-1]))
        refresh_text(panel, Content("\n").join(lines))

    def _choice_line(
        self, panel: Static, badge: BadgeView, kind: str | None, index: int
    ) -> Content:
        """A badge that a key (shown before it) and a click choose while ``kind`` is asked."""
        if kind is None:
            return self._badge_line(panel, badge)
        line = self._badge_line(panel, badge, key=ASKS[kind].keys[index])
        return clickable(line, f"screen.click('{kind}', {index})")

    def _show_hand(self, view: SpaceParkView, question: tuple[str, ...]) -> None:
        panel = self.query_one("#hand", Static)
        seat = view.seat
        if seat is None:
            refresh_title(panel, Content("Hand"))
            # As tall as the hand of whoever takes the keyboard next (how many badges a
            # player holds is public): lifting the curtain lays nothing out again.
            upcoming = self.next_viewer()
            rows = 1 if upcoming is None else max(1, view.players[upcoming].hand_count)
            hidden = [Content.styled("(hand hidden until its owner plays)", "dim")]
            refresh_text(panel, Content("\n").join(hidden + [Content()] * (rows - 1)))
            return
        me = view.players[seat]
        mine = Content.assemble(stock(me), " · ✓ = can pay")
        if self.has_class("-compact"):  # no bottom edge: the stock in the title
            title = Content.assemble(plain(f"{me.name}'s hand · "), mine)
            if title.cell_length > panel.size.width - 2:
                title = Content.assemble(plain(f"{me.name}'s hand · "), stock(me))
            refresh_title(panel, title)
        else:
            refresh_title(panel, plain(f"{me.name}'s hand"))
            refresh_title(panel, mine, subtitle=True)
        lines: list[Content] = []
        pending = view.pending
        if pending is not None and pending.drawn is not None:
            drawn = self._badge_line(panel, pending.drawn)
            lines.append(Content.assemble(("Drawn: ", "bold $warning"), drawn))
        have = {"sun": me.sun, "moon": me.moon, "sea": me.sea}
        for index, badge in enumerate(view.hand):
            due = badge.price
            payable = all(n <= have[name] for name, n in due.items())
            key = str(index + 1) if index < len(ASKS["earn"].keys) else ""
            reduced = due != {name: badge.cost.get(name, 0) for name in have}
            mark = "✓" if payable else "✗"
            line = self._badge_line(panel, badge, key=key, mark=mark, due=due if reduced else None)
            if "earn" in question:
                line = clickable(line, f"screen.click('earn', {index})")
            lines.append(line)
        if not view.hand:
            lines.append(Content.styled("(no badge in hand)", "dim"))
        refresh_text(panel, Content("\n").join(lines))

    def _show_players(self, view: SpaceParkView) -> None:
        panel = self.query_one("#players", Static)
        supply = Content(" ").join(resource(name, n) for name, n in view.supply.items())
        last = " · ⚑ LAST ROUND" if view.last_round else ""
        refresh_title(panel, Content.assemble(f"Turn {view.turn}{last} · supply ", supply))
        refresh_title(panel, LEGEND, subtitle=True)
        # compact: a row each, the earned badges by type (their names are in the card list)
        width = None if self.has_class("-compact") else panel.content_region.width
        away = self.session.away
        lines = [
            player_line(
                p, p.seat in view.to_act, p.seat == view.first_player, width, p.seat in away
            )
            for p in view.players
        ]
        if view.solo:
            lines += scout_lines(view)
        panel.set_class(not view.solo, "-rows")
        refresh_text(panel, Content("\n").join(lines))

    def _prompt(self, view: SpaceParkView, question: tuple[str, ...]) -> Content:
        names = [p.name for p in view.players]
        outcome = self.session.outcome
        if outcome is not None:
            return Content(" ".join(["Game over:", outcome.summary, *outcome.tie_break]))
        if not question:  # another seat's step (or a replay's): what it is, in any seat's words
            who = view.pending.seat if view.pending is not None else view.active
            step = view.pending.kind if view.pending is not None else "turn"
            bot = f" {names[who]} is a bot: thinking…" if who in self.bots else ""
            return Content(STEP_WORDS[step].format(name=names[who]) + bot + self.away_words(who))
        back = " Esc: back."
        kind = question[0]
        draft = self.draft or {}
        if kind == "visit":
            travel = ", or t to Fast Travel first" if self.choice_state("travel", 0) else ""
            seat = self.viewer
            assert seat is not None
            last = "⚑ Last round. " if view.last_round else ""
            return Content(f"{last}{names[seat]}: visit a destination with a rocket (1-7){travel}.")
        if kind == "rocket":
            return Content("Fast Travel: press the number of the rocket to move on." + back)
        if kind == "fee":
            where = DEST_NAMES[draft["dest"]]
            # name only the ways to pay this player has (the other key is greyed)
            ways = {
                "s (a Sun crystal)": self.choice_state("fee", 0),
                "c (return the Controller)": self.choice_state("fee", 1),
            }
            payable = [way for way, legal in ways.items() if legal] or list(ways)
            return Content(f"Scout is at {where}: pay with {' or '.join(payable)}." + back)
        if kind == "earn":
            return Content("Outpost 13: earn which badge from your hand? Its number." + back)
        if kind == "take":
            shown = self.offered("take", 3)
            parts = [f"a badge on display ({shown})"] if shown else []
            if self.offered("take", 4, 3):
                parts.append("the Scout Stack's top (d)")
            return Content(f"Starlight Station: take {' or '.join(parts)}." + back)
        if kind == "scout_to":
            return Content("Astral Arcade: send Scout to which destination (1-7)?" + back)
        pending = view.pending
        assert pending is not None
        if kind == "benefit":
            take = "take s a Sun crystal or p a Fast Travel pass."
            if view.active == pending.seat:
                return Content(
                    f"{names[pending.seat]}, you visit Scout's destination and hold the "
                    f"Controller: {take}"
                )
            return Content(
                f"{names[view.active]} visits Scout's destination. {names[pending.seat]}, you "
                f"hold the Controller: {take}"
            )
        if kind == "take_from":
            whom = " or ".join(f"{t + 1} {names[t]}" for t in pending.targets)
            noun = RESOURCE_NOUNS.get(pending.resource or "", "")
            return Content(f"The supply has no {noun} left: take one from {whom}.")
        drawn = pending.drawn
        assert drawn is not None
        # the drawn badge whole is in the hand panel: the question fits one line
        shown = self.offered("exchange", 3)
        swap = f", {shown} swaps it for that badge on display" if shown else ""
        return Content.assemble("You drew ", (drawn.name, "bold"), f": k keeps it{swap}.")


def scout_lines(view: SpaceParkView) -> list[Content]:
    """Solo: where Scout stands and its fee (SP-SOLO-4), its stack, and how many turns
    are left before it must draw from an empty deck and wins (SP-SOLO-1, SP-SOLO-8)."""
    where = next(d.name for d in view.ring if d.scout)
    turns = solo_turns_left(view.deck_count)
    stack = f"  Stack {len(view.scout_stack)} · deck {view.deck_count}"
    race = (
        ": the game is over."
        if view.over
        else f": {counted(turns, 'turn')} (this one too) to reach {WIN_XP} XP, or Scout wins."
    )
    return [
        Content.assemble(
            ("☻ Scout", "bold $warning"),
            f" at {where}: visiting it costs ",
            resource("sun", 1),
            " or the ",
            (f"{CONTROLLER}Controller", "bold"),
            ".",
        ),
        Content(stack + race),
    ]


def _matching(legal: list[Action], fields: dict[str, Any]) -> list[Visit]:
    """The legal visits that agree with every field chosen so far."""
    return [
        a
        for a in legal
        if isinstance(a, Visit) and all(getattr(a, k) == v for k, v in fields.items())
    ]


def _solo_offer(view: SpaceParkView) -> list[BadgeView | None]:
    """What solo Starlight Station offers, by key: a-c the display, d the Scout Stack's top."""
    shown: list[BadgeView | None] = [*view.revealed[:3]]
    shown += [None] * (3 - len(shown))
    return [*shown, view.scout_stack[-1] if view.scout_stack else None]


def same_position(seen: tuple[object, int | None] | None, now: tuple[object, int | None]) -> bool:
    """The same state object (not an equal one) and the same viewer."""
    return seen is not None and seen[0] is now[0] and seen[1] == now[1]
