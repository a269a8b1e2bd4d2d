"""Pocket Dragon, Table mode: the whole game on screen for two players at one keyboard.

The screen shows the view of the player whose turn it is (the "viewer"): their own
Activity cards only as backs with what clues told, the partner's with their
Skills, the 4x5 grid, the food in front of each player, the discard pile, the
clocks. The keyboard passes behind a curtain (Handover) when the turn passes.

Private moments are overlays that first drop a curtain naming who alone may look:
a look at two grid cards (until the looker closes it), the partner answering a
specific clue (they see the asked card and pick the icon), and either player
looking at the partner's hand at any time without spending a turn. The clocks run
and show behind every curtain, and each says and lifts as every curtain of the app
does (widgets/curtain.py: a second Enter typed at once is told, not taken).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from tabletop.core.engine import Action
from tabletop.games.pocketdragon.content import GRID_COLUMNS, GRID_ROWS
from tabletop.games.pocketdragon.model import (
    AnswerClue,
    CollectFood,
    EndPeek,
    Feed,
    Flip,
    GeneralClue,
    GiveUp,
    Peek,
    PlayActivity,
    SpecificClue,
    Suggest,
    TidyUp,
)
from tabletop.games.pocketdragon.view import (
    ActivityView,
    CardView,
    HandCardView,
    PlaceView,
    PocketDragonView,
    SkillView,
    TableView,
)
from tabletop.tui.compat import Column, Panel, key_bindings, laid_out_once
from tabletop.tui.dialogs import Choice, bind_choice
from tabletop.tui.games.pocketdragon.screen import Handover, Overlay, PocketDragonScreen
from tabletop.tui.text import plain, refresh_text

# The cards' colour names map to terminal colours here. Grey is Rich's grey62 as hex:
# Textual's style parser does not know Rich's name and looked for a close match at each
# card drawn (1-2 ms each, a grid's frame 56 ms).
_COLOURS = {"grey": "#9e9e9e"}

# The Keys panel, by step (space, Esc, ? and Undo are in the footer at every width).
KEYS_TURN = (
    ("←→↑↓", "grid card"),
    ("1-3", "your card"),
    ("p", "play"),
    ("k", "ask card ●●"),
    ("g", "ask skill ●"),
    ("l", "look (mark 2)"),
    ("c", "collect"),
    ("e", "feed"),
    ("t", "tidy up"),
)
KEYS_PLAY = (
    ("←→↑↓", "grid card"),
    ("f", "flip"),
    ("x", "give up"),
    ("s", "partner suggests"),
)
KEYS_ALWAYS = (("h", "partner's hand"),)
KEYS_BOT = (("w", "why the bot moved so"),)
"""With the partner bot: its hand is on the board already, and ``w`` asks its reason."""

TURN_KEYS = ("play", "ask", "general", "look", "collect", "feed", "tidy")
PLAY_KEYS = ("flip", "suggest", "give_up")


class Legend:
    """How Skills and Foods are drawn: glyph + letter (and colour), food by letter."""

    def __init__(self, view: PocketDragonView) -> None:
        self.skills = {s.id: s for s in view.skills}
        self.foods = {f.id: f for f in view.foods}

    def skill(self, skill_id: str, *, name: bool = False) -> Content:
        s = self.skills[skill_id]
        text = f"{s.glyph}{s.letter}" + (f" {s.name}" if name else "")
        return Content.styled(text, f"bold {_COLOURS.get(s.colour, s.colour)}")

    def card(self, card: CardView) -> Content:
        """A face-up Collection card in 4 cells: Skill glyph and letter, ·, food letter."""
        return Content.assemble(self.skill(card.skill), f"·{self.foods[card.food].letter}")

    def card_name(self, card: CardView) -> Content:
        return Content.assemble(
            self.skill(card.skill, name=True), f" / {self.foods[card.food].name}"
        )

    def activity(self, activity: ActivityView) -> Content:
        skills = Content(" ").join([self.skill(s) for s in activity.skills])
        return Content.assemble((activity.name, "bold"), ": ", skills)

    def entries(self, view: PocketDragonView) -> list[Content]:
        skills = [self.skill(s.id, name=True) for s in view.skills]
        foods = [Content(f"{f.letter} {f.name}") for f in view.foods]
        return [*skills, Content.assemble(("Food: ", "bold"), foods[0]), *foods[1:]]


@laid_out_once
class Packed(Widget):
    """Entries (a key and what it does, a glyph and its name) packed into as few lines
    as the width allows, each entry whole: Textual wraps between words, which would
    part a key from its action. Packed as it is laid out, for the width it gets."""

    DEFAULT_CSS = """
    Packed {
        height: auto;
    }
    """
    GAP = Content("  ")

    def __init__(self, id: str) -> None:
        super().__init__(id=id)
        self.entries: list[Content] = []

    def show(self, entries: list[Content]) -> None:
        if [(e.plain, e.spans) for e in entries] != [(e.plain, e.spans) for e in self.entries]:
            self.entries = entries
            self.refresh(layout=True)

    def lines(self, width: int) -> list[Content]:
        lines: list[list[Content]] = []
        used = width + 1  # no line yet
        for entry in self.entries:
            if used + len(self.GAP) + entry.cell_length > width:
                lines.append([entry])
                used = entry.cell_length
            else:
                lines[-1].append(entry)
                used += len(self.GAP) + entry.cell_length
        return [self.GAP.join(line) for line in lines]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))

    def render(self) -> Content:
        return Content("\n").join(self.lines(self.content_size.width))


def _card_back(hand_card: HandCardView, legend: Legend) -> Content:
    parts: list[Content | str] = [Content.styled("▒▒▒▒▒▒", "$text-muted")]
    # A clue asked twice notes its Skill twice (the rules allow the second ask): once here.
    if hand_card.known:
        known = dict.fromkeys(hand_card.known)
        parts += ["  needs ", Content(" ").join([legend.skill(s) for s in known])]
    if hand_card.ruled_out:
        ruled_out = dict.fromkeys(hand_card.ruled_out)
        parts += ["  not ", Content(" ").join([legend.skill(s) for s in ruled_out])]
    return Content.assemble(*parts)


def grid_content(
    t: TableView, legend: Legend, cursor: int | None, marks: list[int] | None = None
) -> Content:
    """The 4x5 grid: face-down cards as ▒ (* marked for a look), face-up cards by Skill
    glyph, letter and food letter (✓ a match of the Activity in play), [ ] the cursor."""
    header = "   " + "".join(f"   {c + 1}   " for c in range(GRID_COLUMNS))
    matched = set(t.play.matched) if t.play else set()
    rows: list[Content] = [Content(header.rstrip())]
    for r in range(GRID_ROWS):
        cells: list[Content | str] = [f" {'ABCD'[r]} "]
        for c in range(GRID_COLUMNS):
            place = t.grid[r * GRID_COLUMNS + c]
            cells.append(_cell(place, legend, place.place in matched, cursor, marks or []))
        rows.append(Content.assemble(*cells))
    return Content("\n").join(rows)


def _cell(
    place: PlaceView, legend: Legend, matched: bool, cursor: int | None, marks: list[int]
) -> Content:
    if place.content == "empty":
        body = Content("  ·  ")
    elif place.content == "face_down":
        body = Content.styled("▒▒*▒▒" if place.place in marks else "▒▒▒▒▒", "$text-muted")
    else:
        assert place.card is not None
        body = Content.assemble(legend.card(place.card), "✓" if matched else " ")
    if place.place == cursor:
        return Content.assemble(
            ("[", "bold $accent"), body.stylize("reverse"), ("]", "bold $accent")
        )
    return Content.assemble(" ", body, " ")


TABLE_SECTIONS = {
    # The step being played (``TableScreen.phase``): the section of the rules it is about.
    "turn": "Turns (table mode)",
    "clue": "The clue pool",
    "peek": "Looking at cards (table mode)",
    "play": "Playing an Activity (table mode)",
}


class TableScreen(PocketDragonScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(0,-1)", "Move", show=False, priority=True),
        Binding("down", "move(0,1)", "Move", show=False, priority=True),
        Binding("left", "move(-1,0)", "Move", show=False, priority=True),
        Binding("right", "move(1,0)", "Move", show=False, priority=True),
        Binding("1", "select(0)", "Card 1", show=False),
        Binding("2", "select(1)", "Card 2", show=False),
        Binding("3", "select(2)", "Card 3", show=False),
        # Verbs short enough for the turn's keys to fit a 120-column footer (the Keys
        # panel says more).
        Binding("p", "play", "Play"),
        Binding("k", "ask", "Ask card"),
        Binding("g", "general", "Ask skill"),
        Binding("l", "look", "Look"),
        Binding("l", "look_again", "My look"),
        Binding("c", "collect", "Collect"),
        Binding("e", "feed", "Feed"),
        Binding("t", "tidy", "Tidy"),
        Binding("f", "flip", "Flip"),
        Binding("s", "suggest", "Suggest"),
        Binding("x", "give_up", "Give up"),
        Binding("a", "answer", "Answer clue"),
        Binding("h", "partner_hand", "Hand"),
        Binding("w", "why", "Why"),
    ]

    BUTTONS: ClassVar[dict[str, tuple[str, str]]] = {
        "general": ("general", "g Ask skill ●"),
        "specific": ("ask", "k Ask card ●●"),
        "feed": ("feed", "e Feed"),
    }

    DEFAULT_CSS = """
    TableScreen #pd-board {
        padding: 0 0 0 1;
    }
    TableScreen.-tall #pd-grid, TableScreen.-tall #pd-play, TableScreen.-tall #pd-food,
    TableScreen.-tall #pd-hands {
        margin-bottom: 1;
    }
    TableScreen #pd-keys {
        border: round $secondary;
        border-title-color: $text-muted;
        height: auto;
        padding: 0 1;
    }
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cursor = 0
        self.selected = 0
        self.marks: list[int] = []
        self._handing_to: int | None = None

    # -- reading ----------------------------------------------------------------

    def table(self) -> TableView:
        table = self.pub().table
        assert table is not None
        return table

    def owner(self) -> int:
        """The player whose turn it is (the player of the Activity in play, if any)."""
        t = self.table()
        return t.play.seat if t.play else t.turn

    def phase(self) -> str:
        t = self.table()
        if self.session.outcome is not None:
            return "over"
        if t.clue is not None:
            return "clue"
        if t.peek is not None:
            return "peek"
        if t.play is not None:
            return "play"
        return "turn"

    def rules_section(self) -> str:
        if self.session.outcome is None and self.status == "running":
            return TABLE_SECTIONS[self.phase()]
        return super().rules_section()

    @property
    def handover(self) -> bool:
        """Table mode is a hot seat: a view shows the partner's Activities, so the keyboard
        changes hands behind a curtain (unless the Curtain setting is off). A seat at
        a hosted game is at its own screen: no keyboard changes hands."""
        return self.settings.curtain and len(self.session.here) > 1

    def unshown(self) -> list[Screen[Any]]:
        # The first of each kind, composed when first asked, took 47-63 ms.
        return [
            *super().unshown(),
            Handover(),
            LookOverlay(),
            ClueOverlay(),
            SuggestOverlay(),
            ContentOverlay(),
        ]

    def after_change(self) -> None:
        if self.session.outcome is not None:
            super().after_change()
            return
        seat = self.next_viewer()
        if seat is not None and seat != self.viewer and self.handover:
            if self._handing_to is None:
                self._handing_to = seat
                self.show_to(None)
                self.ring()
                names = (self.player(seat), self.player(1 - seat))
                handover = self.renewed(Handover, lambda kept: kept.renew(*names), Handover)
                self.push_overlay(handover, self._taken_over)
            else:
                self.redraw()
        else:
            self.show_to(seat)
        self.controller.settle(self.settings.bot_pause)  # a real-time bot seat sees it

    def _taken_over(self, _: object) -> None:
        self._handing_to = None
        self.viewer = self.next_viewer()

    def leave_from_overlay(self) -> None:
        self._handing_to = None  # a hand-over left by Escape is over: if play goes on, anew
        super().leave_from_overlay()

    def seat(self) -> int:
        """Who presses the clock buttons: the keyboard's holder, else (behind a curtain,
        or leaving) the player whose turn it is."""
        return self.viewer if self.viewer is not None else self.owner()

    def next_viewer(self) -> int | None:
        if self.session.outcome is not None or len(self.session.here) < 2:
            return super().next_viewer()  # one person here: the keyboard stays theirs
        return self.owner()

    def seat_scores(self, view: Any) -> list[str]:
        assert isinstance(view, PocketDragonView) and view.table is not None
        return [f"{len(food)} food" for food in view.table.food]

    # -- drawing ----------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        # Whose turn, the grid, the Activity in play, the food and the hands fit 80x24
        # (the legend below them is what a too short board cuts).
        with Column(id="pd-board"):
            yield Panel(id="pd-top")
            yield Panel(id="pd-grid")
            yield Panel(id="pd-play")
            yield Panel(id="pd-food")
            yield Panel(id="pd-hands")
            yield Packed(id="pd-legend")

    def compose_side(self) -> ComposeResult:
        yield from super().compose_side()
        keys = Packed(id="pd-keys")
        keys.border_title = "Keys"
        yield keys

    def render_view(self, view: PocketDragonView) -> None:
        super().render_view(view)
        t = view.table
        assert t is not None
        legend = Legend(view)
        faces = {p.place for p in t.grid if p.content == "face_down"}
        self.marks = [m for m in self.marks if m in faces]
        if self.phase() != "turn":
            self.marks = []
        play = self.query_one("#pd-play", Static)
        play.display = t.play is not None
        for name, content in (
            ("#pd-top", self._top(t)),
            ("#pd-grid", grid_content(t, legend, self.cursor, self.marks)),
            ("#pd-play", self._play(t, legend)),
            ("#pd-food", self._food(t, legend)),
            ("#pd-hands", self._hands(view, t, legend)),
        ):
            refresh_text(self.query_one(name, Static), content)
        self.query_one("#pd-legend", Packed).show(legend.entries(view))
        self.query_one("#pd-keys", Packed).show(self._keys())

    def _top(self, t: TableView) -> Content:
        """Whose turn it is, and the Activities left in the deck and given up (the clocks,
        the clues, the successes and Happiness are in the Dragon panel)."""
        return Content.assemble(
            ("Turn: ", "bold"),
            plain(f"▶ {self.player(self.owner())}", "bold $accent"),
            f"  Deck {t.deck} · Given up {len(t.given_up)}",
        )

    def _play(self, t: TableView, legend: Legend) -> Content:
        if t.play is None:
            return Content("")
        p = t.play
        parts: list[Content | str | tuple[str, str]] = [
            ("In play: ", "bold"),  # by the player whose turn the line above names
            legend.activity(p.activity),
            "\nStill to match: ",
            Content(" ").join([legend.skill(s) for s in p.needed]) if p.needed else "nothing",
            f"   flips {p.flips}",
        ]
        if p.suggestions_open:
            parts.append(f"\n{self.player(1 - p.seat)} may suggest a card (s).")
        return Content.assemble(*parts)

    def _hands(self, view: PocketDragonView, t: TableView, legend: Legend) -> Content:
        """Both hands as the viewer may see them: their own as backs with what clues
        told, the partner's faces, with what the partner was told."""
        lines: list[Content] = []
        for owner, hand in enumerate(t.hands):
            who = self.player(owner)
            own = owner == view.seat
            if own:
                title = f"{who}'s hand (yours: hidden)"
            elif view.seat is None:
                title = f"{who}'s hand"
            else:
                title = f"{who}'s hand (you see it)"
            lines.append(Content.styled(title, "bold"))
            for i, card in enumerate(hand):
                mark = "▶" if own and i == self.selected else " "
                face = legend.activity(card.activity) if card.activity else _card_back(card, legend)
                if card.activity and card.known:
                    known = Content(" ").join([legend.skill(s) for s in card.known])
                    face = Content.assemble(face, "  told ", known)
                lines.append(Content.assemble(f" {mark}{i + 1} ", face))
        return Content("\n").join(lines)

    def _food(self, t: TableView, legend: Legend) -> Content:
        lines: list[Content] = []
        for seat, pile in enumerate(t.food):
            cards = Content(" ").join([legend.card(c) for c in pile]) if pile else Content("none")
            lines.append(Content.assemble((f"{self.player(seat)}'s food: ", "bold"), cards))
        # The discard pile by Skill (its food plays no part any more): one line, however long.
        counts = Counter(card.skill for card in t.discard)
        discard = Content(" ").join(
            [Content.assemble(legend.skill(s), f"×{counts[s]}") for s in legend.skills if counts[s]]
        )
        lines.append(
            Content.assemble((f"Discard ({len(t.discard)}): ", "bold"), discard or "empty")
        )
        return Content("\n").join(lines)

    def _keys(self) -> list[Content]:
        """The keys of this step that this screen may press: all of them at one keyboard;
        at a hosted seat's screen, only its own player's (the partner's are pressed at the
        partner's screen)."""
        owner = self.owner()
        phase = self.phase()
        keys: tuple[tuple[str, str], ...] = ()
        if phase == "turn" and self.plays(owner):
            keys = KEYS_TURN
        elif phase == "peek" and self.plays(owner):
            keys = (("l", "see your look again"),)
        elif phase == "clue" and self.plays(1 - owner):
            keys = (("a", "partner answers"),)
        elif phase == "play":
            arrows, flip, give_up, suggest = KEYS_PLAY
            mine = (flip, give_up) if self.plays(owner) else ()
            keys = (arrows, *mine, *((suggest,) if self.plays(1 - owner) else ()))
        # A seat's own screen shows the partner's hand: no key for it there.
        always = (
            KEYS_ALWAYS
            if self.controller.own_seat is None
            else KEYS_BOT
            if self.controller.paced_seats
            else ()
        )
        if not keys and not always and phase != "over":
            return [Content.styled("none now: your partner's move", "dim")]
        return [Content.assemble((k, "bold"), f" {text}") for k, text in (*keys, *always)]

    def hint(self, view: PocketDragonView) -> Content:
        if view.status == "ready":
            if self.session.away:  # a hosted game starts once both are there
                return plain(f"{self.who_is_away()}: the clocks start once all are here.")
            return Content(
                "Space starts the clocks. Arrows pick a grid card, 1-3 one of your cards."
            )
        if view.status == "paused":
            return self.paused_line()
        phase = self.phase()
        if phase == "over":  # the result says how it went
            return Content("")
        owner = self.owner()
        turn, other = self.player(owner), self.player(1 - owner)
        # One line at 80 columns, whatever the names (16 characters at most). At a hosted
        # seat's screen, a step its partner plays says what the partner is doing.
        if phase == "clue":
            if not self.plays(1 - owner):
                return plain(f"{other} names an icon on your card, at {other}'s screen.")
            return plain(f"a: {other} names an icon on {turn}'s card.")
        if phase == "peek":
            if not self.plays(owner):
                return plain(f"{turn} looks at 2 grid cards; only {turn} sees them.")
            return plain(f"{turn}'s look: l shows the 2 cards again; Enter there ends it.")
        if phase == "play":
            if not self.plays(owner):
                play = self.table().play
                if play is not None and play.suggestions_open:
                    return plain(f"{turn} flips grid cards to match; s suggests one to {turn}.")
                return plain(f"{turn} flips grid cards; you may suggest once one Skill is left.")
            if not self.plays(1 - owner):
                return plain(f"{turn}: flip (arrows, f) or give up (x); {other} may suggest.")
            return plain(f"{turn}: flip (arrows, f) or give up (x); s: partner suggests.")
        if owner in self.controller.paced_seats:
            return plain(f"{turn}'s turn: the partner bot plays it. w: why its last move.")
        if not self.plays(owner):
            return plain(f"{turn}'s turn, played at {turn}'s screen.")
        return plain(f"{turn}'s turn: pick a card (arrows, 1-3) and a move (see Keys).")

    def view_title(self) -> str:
        if self.viewer is None:
            return ""
        # A hosted seat's screen is always its own view: "turn" only where seats share it.
        turn = (
            self.controller.own_seat is None
            and self.phase() != "over"
            and self.viewer == self.owner()
        )
        return f"{self.player(self.viewer)}'s {'turn and view' if turn else 'view'}"

    # -- keys -------------------------------------------------------------------

    def candidate(self, action: str) -> Action | bool | None:
        if action == "why":  # the partner bot's reason, any time
            return bool(self.controller.paced_seats)
        if action not in (*TURN_KEYS, *PLAY_KEYS, "look_again", "answer", "partner_hand"):
            return None
        phase = self.phase()
        if phase == "over":
            return False
        t = self.table()
        if action == "partner_hand":  # a hosted seat's screen shows the partner's hand
            return self.viewer is not None and self.controller.own_seat is None
        if action == "look_again":
            return phase == "peek" and t.peek is not None and self.plays(t.peek.seat)
        if action == "answer":
            return phase == "clue" and t.clue is not None and self.plays(1 - t.clue.asker)
        owner, now = self.owner(), self.now()
        if action in TURN_KEYS:
            if phase != "turn" or not self.plays(owner):
                return False
            return self._turn_candidate(action, owner, now)
        if phase != "play" or not self.plays(1 - owner if action == "suggest" else owner):
            return False
        if action == "flip":
            return Flip(seat=owner, now=now, place=self.cursor)
        if action == "suggest":
            legal = self.legal_of(1 - owner, Suggest)
            return legal[0] if legal else Suggest(seat=1 - owner, now=now, place=self.cursor)
        return GiveUp(seat=owner, now=now)

    def _turn_candidate(self, action: str, seat: int, now: float) -> Action:
        if action == "play":
            return PlayActivity(seat=seat, now=now, card=self.selected)
        if action == "ask":
            return SpecificClue(seat=seat, now=now, card=self.selected)
        if action == "general":
            legal = self.legal_of(seat, GeneralClue)
            return (
                legal[0]
                if legal
                else GeneralClue(seat=seat, now=now, skill=self.pub().skills[0].id)
            )
        if action == "look":
            other = self.marks[0] if self.marks else self._another_face_down()
            a, b = sorted((other, self.cursor))
            return Peek(seat=seat, now=now, places=(a, b))
        if action == "collect":
            return CollectFood(seat=seat, now=now, place=self.cursor)
        if action == "feed":
            legal = self.legal_of(seat, Feed)
            if legal:
                return legal[0]
            pile = self.table().food[seat]
            food = pile[0].food if pile else self.pub().foods[0].id
            return Feed(seat=seat, now=now, food=food)
        return TidyUp(seat=seat, now=now)

    def _another_face_down(self) -> int:
        faces = [p.place for p in self.table().grid if p.content == "face_down"]
        others = [p for p in faces if p != self.cursor]
        return others[0] if others else self.cursor

    def action_move(self, dx: int, dy: int) -> None:
        r, c = divmod(self.cursor, GRID_COLUMNS)
        r = min(max(r + dy, 0), GRID_ROWS - 1)
        c = min(max(c + dx, 0), GRID_COLUMNS - 1)
        self.cursor = r * GRID_COLUMNS + c
        self._redraw_grid()

    def on_click(self, event: events.Click) -> None:
        """A click on a grid card puts the cursor there (the keys do the rest)."""
        grid = self.query_one("#pd-grid", Static)
        offset = event.get_content_offset(grid)
        if offset is None:
            return
        row, col = offset.y - 1, (offset.x - 3) // 7
        if 0 <= row < GRID_ROWS and 0 <= col < GRID_COLUMNS and offset.x >= 3:
            self.cursor = row * GRID_COLUMNS + col
            self._redraw_grid()

    def _redraw_grid(self) -> None:
        """Only the grid and the keys depend on the cursor: a quick redraw for arrows."""
        view = self.dview(self.viewer)
        assert view.table is not None
        grid = grid_content(view.table, Legend(view), self.cursor, self.marks)
        self.query_one("#pd-grid", Static).update(grid)
        self.refresh_bindings()

    def action_select(self, card: int) -> None:
        self.selected = card
        self.redraw()

    def _act_now(self, action: str) -> Action | None:
        candidate = self.candidate(action)
        if not isinstance(candidate, Action):
            return None
        return self.stamp(candidate)

    def action_play(self) -> None:
        if (action := self._act_now("play")) is not None:
            self.act(action, then=self._played)

    def _played(self) -> None:
        self.selected = 0

    def action_ask(self) -> None:
        if (action := self._act_now("ask")) is not None:
            self.act(action, then=self.action_answer)  # at one keyboard, the partner answers

    def action_general(self) -> None:
        seat = self.owner()
        options = [
            Choice(s.letter.lower(), f"{s.glyph} {s.letter} {s.name}", s.id)
            for s in self.pub().skills
        ]
        self.choose(
            f"{self.player(seat)} asks which of their cards need the Skill:",
            options,
            lambda skill: self.act(GeneralClue(seat=seat, now=self.now(), skill=skill)),
        )

    def action_look(self) -> None:
        if self.cursor in self.marks:
            self.marks.remove(self.cursor)
        elif not self.marks:
            self.marks.append(self.cursor)
        else:
            action = self._act_now("look")
            self.marks = []
            if action is not None and self.act(action, then=self.action_look_again):
                return
        self.redraw()

    def action_look_again(self) -> None:
        t = self.table()
        assert t.peek is not None
        looker = t.peek.seat
        view = self.dview(looker).table
        assert view is not None and view.peek is not None and view.peek.cards is not None
        legend = Legend(self.pub())
        seen = [
            Content.assemble((f"  {t.grid[p].name}  ", "bold"), legend.card_name(card))
            for p, card in zip(view.peek.places, view.peek.cards, strict=True)
        ]
        places = " and ".join(t.grid[p].name for p in view.peek.places)
        content = Content.assemble(
            (f"Only {self.player(looker)} sees these:\n\n", "bold"),
            Content("\n").join(seen),
            "\n\nYou may not tell what you saw. Enter ends the look and your turn.",
        )
        look = (
            self.player(looker),
            None,
            f"{self.player(looker)} looks at {places}. {self.player(1 - looker)}, look away.",
            content,
        )
        overlay = self.renewed(LookOverlay, lambda kept: kept.renew(*look), LookOverlay)
        self.push_overlay(overlay, lambda _: self._end_peek(looker))

    def _end_peek(self, looker: int) -> None:
        self.act(EndPeek(seat=looker, now=self.now()))

    def action_answer(self) -> None:
        t = self.table()
        assert t.clue is not None
        asker, answerer = t.clue.asker, 1 - t.clue.asker
        if not self.plays(answerer):  # the partner answers at their own screen
            return
        view = self.dview(answerer).table
        assert view is not None
        card = view.hands[asker][t.clue.card]
        assert card.activity is not None
        legend = Legend(self.pub())
        clue = (
            self.player(answerer),
            self.player(asker),
            t.clue.card,
            card.activity,
            [legend.skills[s] for s in card.activity.skills],
            legend,
        )
        overlay = self.renewed(ClueOverlay, lambda kept: kept.renew(*clue), ClueOverlay)
        self.push_overlay(overlay, lambda skill: self._answer(answerer, skill))

    def _answer(self, answerer: int, skill: object) -> None:
        if not isinstance(skill, str):
            return
        self.viewer = answerer  # the turn passes to them: they hold the keyboard already
        self.act(AnswerClue(seat=answerer, now=self.now(), skill=skill))

    def action_collect(self) -> None:
        if (action := self._act_now("collect")) is not None:
            self.act(action)

    def action_feed(self) -> None:
        seat = self.owner()
        counts = Counter(card.food for card in self.table().food[seat])
        if len(counts) == 1:  # one kind of food: nothing to choose
            [food] = counts
            self.act(Feed(seat=seat, now=self.now(), food=food))
            return
        foods = Legend(self.pub()).foods
        options = [
            Choice(
                foods[food].letter.lower(), f"{foods[food].name} × {n} (Happiness {n - 1:+d})", food
            )
            for food, n in counts.items()
        ]
        self.choose_feed(
            f"which food does {self.player(seat)} give (all their cards of it)?",
            options,
            lambda food, pressed: Feed(seat=seat, now=pressed, food=food),
        )

    def action_tidy(self) -> None:
        if (action := self._act_now("tidy")) is not None:
            self.act(action)

    def action_flip(self) -> None:
        if (action := self._act_now("flip")) is not None:
            self.act(action)

    def action_suggest(self) -> None:
        """The partner picks a card on a screen with nothing private on it."""
        play = self.table().play
        assert play is not None
        suggester = 1 - play.seat
        legend = Legend(self.pub())
        suggestion = (
            self.player(suggester),
            Content.assemble(
                (
                    f"{self.player(suggester)} suggests a card for {self.player(play.seat)}'s ",
                    "bold",
                ),
                legend.activity(play.activity),
                "\nStill to match: ",
                Content(" ").join([legend.skill(skill) for skill in play.needed]),
            ),
            lambda cursor: grid_content(self.table(), legend, cursor),
            self.cursor,
        )
        overlay = self.renewed(SuggestOverlay, lambda kept: kept.renew(*suggestion), SuggestOverlay)
        self.push_overlay(overlay, lambda place: self._suggest(suggester, place))

    def _suggest(self, suggester: int, place: object) -> None:
        self.viewer = suggester  # they hold the keyboard now
        if not isinstance(place, int):
            self.after_change()
            return
        self.cursor = place
        if self.act(Suggest(seat=suggester, now=self.now(), place=place)) is None:
            self.after_change()

    def action_give_up(self) -> None:
        if (action := self._act_now("give_up")) is not None:
            self.act(action)

    def action_why(self) -> None:
        """The partner bot's reason for its last move, in players' words, from public
        facts and its own looks only (it never tells the person their own hand)."""
        for seat in self.controller.paced_seats:
            why = self.controller.bot_why(seat)
            name = self.player(seat)
            self.tell(f"{name}: {why}" if why else f"{name} has not moved yet.", title="Why")

    def action_partner_hand(self) -> None:
        """The player not at the keyboard looks at the keyboard holder's hand."""
        holder = self.viewer if self.viewer is not None else self.owner()
        looker = 1 - holder
        view = self.dview(looker).table
        assert view is not None
        legend = Legend(self.pub())
        lines = [
            Content.assemble(f"  {i + 1} ", legend.activity(card.activity))
            for i, card in enumerate(view.hands[holder])
            if card.activity is not None
        ]
        content = Content.assemble(
            (f"{self.player(holder)}'s hand, for {self.player(looker)} only:\n\n", "bold"),
            Content("\n").join(lines),
            "\n\nEnter when done (this spends no turn).",
        )
        look = (
            self.player(looker),
            self.player(holder),
            f"{self.player(looker)} looks at {self.player(holder)}'s hand. "
            f"{self.player(holder)}, look away.",
            content,
        )
        overlay = self.renewed(ContentOverlay, lambda kept: kept.renew(*look), ContentOverlay)
        self.push_overlay(overlay)


class ContentOverlay(Overlay):
    """A private overlay showing fixed content until Enter."""

    shown = Content()

    def renew(
        self, looker: str, hand_back_to: str | None, curtain_text: str, shown: Content
    ) -> None:
        self.shown = shown
        self.ask(looker, hand_back_to, curtain_text)

    def content(self) -> Content:
        return self.shown


class LookOverlay(ContentOverlay):
    """A look at two grid cards: Enter ends it, and with it the looker's turn."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "proceed", "Ready", priority=True),
        Binding("enter", "done", "End look and turn", priority=True),
    ]


class ClueOverlay(Overlay):
    """The partner sees the asked card and names one of its icons (by letter). Escape
    puts it off: the keyboard goes back to the asker first."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "proceed", "Ready", priority=True),  # no Enter answers
        Binding("escape", "leave", "Leave game"),
        Binding("escape", "later", "Answer later"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.skills: list[SkillView] = []

    def renew(
        self,
        answerer: str,
        asker: str,
        card: int,
        activity: ActivityView,
        skills: list[SkillView],
        legend: Legend,
    ) -> None:
        keys = key_bindings(self)
        for skill in self.skills:  # the last card's icons go
            keys.pop(skill.letter.lower(), None)
        self.asker = asker  # hand_back_to is None where no keyboard is handed back
        self.card = card
        self.activity = activity
        self.skills = skills
        self.legend = legend
        for skill in skills:  # taken only once the card is shown (check_action)
            bind_choice(self, skill.letter.lower(), f"name({skill.id!r})")
        self.ask(
            answerer,
            asker,
            f"{asker} asks {answerer} to name one icon on their card {card + 1}. "
            f"{asker}, look away.",
        )

    def content(self) -> Content:
        options = Content("\n").join(
            [
                Content.assemble(
                    (f" {s.letter.lower()} ", "bold reverse"),
                    " ",
                    self.legend.skill(s.id, name=True),
                )
                for s in self.skills
            ]
        )
        return Content.assemble(
            (f"{self.asker}'s card {self.card + 1}, for {self.looker} only:\n\n", "bold"),
            "  ",
            self.legend.activity(self.activity),
            "\n\nName exactly one of its icons (press its letter):\n",
            options,
            "\n\nEsc: answer later",
        )

    def action_name(self, skill: str) -> None:
        self.dismiss(skill)  # the answerer's turn follows: no hand-back

    def action_later(self) -> None:
        self.finish(None)


class SuggestOverlay(Overlay):
    """The partner's suggestion: the grid and the Activity, nothing private."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(0,-1)", "Move", show=False, priority=True),
        Binding("down", "move(0,1)", "Move", show=False, priority=True),
        Binding("left", "move(-1,0)", "Move", show=False, priority=True),
        Binding("right", "move(1,0)", "Move", show=False, priority=True),
        Binding("enter", "done", "Suggest", priority=True),
        Binding("escape", "later", "Back"),
    ]

    def renew(
        self, suggester: str, heading: Content, grid: Callable[[int], Content], cursor: int
    ) -> None:
        self.heading = heading
        self.grid = grid
        self.cursor = cursor
        self.ask(suggester, None, "", curtain=False)

    def content(self) -> Content:
        return Content.assemble(
            self.heading,
            "\n\n",
            self.grid(self.cursor),
            "\n\nArrows pick a face-down card, Enter suggests it, Esc goes back.",
        )

    def action_move(self, dx: int, dy: int) -> None:
        r, c = divmod(self.cursor, GRID_COLUMNS)
        r = min(max(r + dy, 0), GRID_ROWS - 1)
        c = min(max(c + dx, 0), GRID_COLUMNS - 1)
        self.cursor = r * GRID_COLUMNS + c
        self.draw()

    def action_done(self) -> None:
        self.dismiss(self.cursor)

    def action_later(self) -> None:
        self.dismiss(None)
