"""The replay viewer: a game's own screen, read-only, stepped through its moves.

``replay_screen`` opens the game's own screen on a ``ReplayTable``, the table
controller of a ``ReplaySession`` (core/replay.py): the screen draws the position as
it draws a game, and the table's keys (priority bindings, in place of the game's)
step through it; no move is made and nothing is saved. A thread computes the
positions ahead, so the first shows at once and the move list and chart have the rest
when asked.

Hidden information: a finished game may show any seat's view (``v`` goes round
them, the spectator's first) or every hand (``a``); an unfinished one only the
spectator's (the session sees to it). The move list and the status line tell each
move as the view shown may read it; the chart reads public information only.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from functools import partial
from typing import Any, ClassVar

from pydantic import BaseModel
from rich.style import Style
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Static

from tabletop.core.replay import Replay, ReplaySession
from tabletop.core.store import StoreError
from tabletop.tui.dialogs import Dialog
from tabletop.tui.kits import game_screen, has_ui, ui_kit
from tabletop.tui.navigation import Tabletop
from tabletop.tui.screens.base import GameScreen
from tabletop.tui.settings import Settings
from tabletop.tui.tables import Listener, Notice, Shown, TableController, TableEvent
from tabletop.tui.text import plain, plain_text
from tabletop.tui.widgets.bars import Footer

MOVE = Binding.Group("Move", compact=True)
TURN = Binding.Group("Turn", compact=True)
COMPUTE_AFTER_S = 0.5
"""The positions ahead are computed this long after the replay opens."""
CHART_POINTS = 300
"""The chart samples at most this many positions (more than a terminal's columns)."""


REPLAY_BINDINGS: list[BindingType] = [
    Binding("left", "table('step', -1)", "Back", priority=True, group=MOVE),
    Binding("right", "table('step', 1)", "Next", priority=True, group=MOVE),
    Binding("left_square_bracket,pageup", "table('turn', -1)", "Back", True, "[", True, group=TURN),
    Binding(
        "right_square_bracket,pagedown", "table('turn', 1)", "Next", True, "]", True, group=TURN
    ),
    # Not in the footer (80 columns hold no more); the usual keys for it.
    Binding("home", "table('edge', 0)", "Start", show=False, priority=True),
    Binding("end", "table('edge', 1)", "End", show=False, priority=True),
    Binding("m", "table('moves')", "Moves", priority=True),
    Binding("c", "table('chart')", "Chart", priority=True),
    Binding("v", "table('seat')", "View", priority=True),
    Binding("a", "table('hands')", "Hands", priority=True),
    Binding("escape", "table('close')", "Close", priority=True),
]
"""The replay's keys, in place of every key of the game's screen (no move is made)."""


class ReplayTable(TableController):
    """A saved game stepped through, behind the game's own screen: read-only (no move,
    no undo, nothing saved), with the replay's keys in place of the game's, its status
    line (the position, whose view, the move that led to it) and, for a screen with a
    prompt, its kit's step words. The screen takes the class ``-replay``."""

    session: ReplaySession

    def __init__(self, session: ReplaySession) -> None:
        super().__init__(session)
        self.replay = session
        self._ahead: threading.Timer | None = None

    @property
    def title(self) -> str:
        return f"{self.session.engine.title}: replay"

    @property
    def bindings(self) -> list[BindingType]:
        return REPLAY_BINDINGS

    @property
    def css_class(self) -> str:
        return "-replay"

    def opening(self) -> TableEvent:
        return Shown()  # nobody plays: no hand-over, no bot, no result

    def listen(self, report: Listener) -> None:
        """Once the first position is on screen (the work would slow its drawing), every
        position is computed in a thread: the move list and chart need them all."""
        super().listen(report)
        self._ahead = threading.Timer(COMPUTE_AFTER_S, self._compute_ahead)
        self._ahead.daemon = True
        self._ahead.start()

    def close(self) -> None:
        super().close()
        if self._ahead is not None:
            self._ahead.cancel()

    def _compute_ahead(self) -> None:
        replay = self.replay.replay
        replay.compute(len(replay))
        if replay.problem is not None:
            self.report(
                Notice(
                    f"This game no longer replays past move {len(replay) - 1}: {replay.problem}",
                    title="Replay stops early",
                    severity="warning",
                    timeout=20,
                )
            )

    def allows(self, command: str) -> bool:
        if command in ("seat", "hands"):
            return self.replay.finished
        return True

    def status(self, viewer: int | None) -> Content:
        """The position, whose view it is, and the move that led to it (cut to the line:
        the log has it whole)."""
        session = self.replay
        position, last = session.position, len(session.replay) - 1
        viewing = "spectator's view" if viewer is None else f"view of {session.seats[viewer].name}"
        told = plain(f"Move {position} of {last} · ") + plain(viewing, "dim")
        if position:
            told = told + plain(f" · {' '.join(said(session, position, viewer))}")
        return told

    def step_words(self, view: BaseModel) -> Content | None:
        """A screen's prompt (PocketParks'): the step told in any seat's words and a
        response window told, never asked."""
        step_words = ui_kit(self.session.engine.name).step_words
        return None if step_words is None else step_words(self.replay, view)

    def go(self, position: int) -> None:
        self.replay.go(position)
        self.report(Shown())

    def command(self, screen: Screen[Any], command: str, *args: Any) -> None:
        assert isinstance(screen, GameScreen)  # a replay's keys are its game screen's
        session = self.replay
        last = len(session.replay) - 1
        if command == "step":
            self.go(session.position + args[0])
        elif command == "edge":
            self.go(last if args[0] else 0)
        elif command == "turn":
            self.go(next_turn(session, args[0]))
        elif command == "seat" and session.finished:  # the next seat's, then nobody's
            seats = [None, *range(len(session.seats))]
            screen.viewer = seats[(seats.index(screen.viewer) + 1) % len(seats)]
        elif command == "moves":
            screen.app.push_screen(MoveList(session, screen.viewer), self._jump)
        elif command == "hands" and session.finished:  # every hand: it is over
            screen.app.push_screen(HandsScreen(session))
        elif command == "chart":
            screen.app.push_screen(ChartScreen(session))
        elif command == "close":
            screen.dismiss()

    def _jump(self, position: int | None) -> None:
        if position is not None:
            self.go(position)


def next_turn(session: ReplaySession, by: int) -> int:
    """Where the next (or this, or the previous) turn begins: a turn is the moves of one
    seat in a row."""
    starts = turn_starts(session.replay)
    position, last = session.position, len(session.replay) - 1
    if by > 0:
        return next((s for s in starts if s > position), last)
    return next((s for s in reversed(starts) if s < position), 0)


def said(session: ReplaySession, move: int, viewer: int | None) -> list[str]:
    """What move ``move`` did, in players' words, as ``viewer`` reads it: the log lines
    of the move that viewer reads. In a game whose kit has ``move_words`` (PocketParks), a move
    whose lines do not name its player (an answer given in private, the last of which
    plays out the window) or that has none (a step of a set or a steal being put
    together) is told first by them, naming only cards the viewer sees. (Every move of
    Space Park and Pocket Dragon is logged, and Pocket Dragon's companion logs its
    moves as the app's, not a player's.)"""
    seat = session.shown_seat(viewer)
    step = session.replay.step(move)
    events = [e for e in step.events if e.private_to in (None, seat)]
    lines = [e.text for e in events]
    if step.seat is None:
        return lines or ["The clock ran out."]
    told = ui_kit(session.engine.name).move_words
    if told is None:  # every move of the game is logged
        return lines or [f"{session.seats[step.seat].name} moves."]
    name = re.compile(rf"(?<!\w){re.escape(session.seats[step.seat].name)}(?!\w)")
    yours = [e.text for e in events if e.private_to == step.seat]  # "You draw Zion."
    if any(name.search(line) for line in lines) or any(y.startswith("You ") for y in yours):
        return lines
    return [told(session, move, seat), *lines]


def turn_starts(replay: Replay) -> list[int]:
    """The positions at which a turn begins (0, then each move by another seat than
    the move before, or where the game counts a new turn: solo Space Park, one seat,
    has a turn after each Scout draw); every position is computed for it."""
    steps = replay.steps(len(replay) - 1)
    count = TURN_COUNTS.get(replay.engine.name)
    if count is not None:
        turns = [count(replay.state(i)) for i in range(len(steps))]
        return [0] + [i for i in range(1, len(steps)) if turns[i] != turns[i - 1]]
    return [0] + [i for i in range(1, len(steps)) if steps[i].seat != steps[i - 1].seat]


TURN_COUNTS: dict[str, Callable[[Any], int]] = {"spacepark": lambda state: state.turn}
"""The games whose states count turns (each player's, in seat order): a turn begins where
the count changes."""


def open_replay(app: App[Any], game_id: int, game: str) -> None:
    """Open the replay of a saved game; what stops it is told, not raised."""
    assert isinstance(app, Tabletop)
    from tabletop.core.errors import ContentError
    from tabletop.games import get_engine

    if not has_ui(game):
        return
    try:
        saved = app.store.load_game(game_id)
        replay = Replay(get_engine(game), saved.record)
    except (StoreError, ValueError, ContentError) as failed:
        app.notify(str(failed), title="Cannot replay", severity="error", markup=False)
        return
    session = ReplaySession(replay, saved.seats, saved.finished)
    app.push_screen(replay_screen(session, app.settings))


def replay_screen(session: ReplaySession, settings: Settings) -> GameScreen:
    """The game's own screen, as its kit chooses it for the table, on ``session``'s
    ReplayTable."""
    return game_screen(ReplayTable(session), settings)


# -- the move list --------------------------------------------------------------------


class MoveRows(ScrollView, can_focus=True):
    """The moves, a line each, each worded (``said``) only once it is on screen: a game
    of 26,000 moves opens as fast as one of ten. A move longer than the line ends in
    "…" (the move list shows the highlighted one whole under it)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(-1)", show=False),
        Binding("down", "cursor(1)", show=False),
        Binding("pageup", "page(-1)", show=False),
        Binding("pagedown", "page(1)", show=False),
        Binding("home", "edge(0)", show=False),
        Binding("end", "edge(1)", show=False),
        Binding("enter", "choose", "Go there"),
    ]
    COMPONENT_CLASSES: ClassVar[set[str]] = {"move-rows--cursor"}
    DEFAULT_CSS = """
    MoveRows {
        height: 1fr;
        padding: 0 1;
        overflow-x: hidden;
        background: transparent;
    }
    MoveRows > .move-rows--cursor {
        color: $block-cursor-foreground;
        background: $block-cursor-background;
        text-style: $block-cursor-text-style;
    }
    """

    cursor: reactive[int] = reactive(0, init=False)
    """The highlighted move (0: the setup)."""

    class Highlighted(Message):
        """The cursor is on a move: its words."""

        def __init__(self, words: str) -> None:
            super().__init__()
            self.words = words

    class Chosen(Message):
        """Enter or a click: go to the position after this move."""

        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    def __init__(self, session: ReplaySession, viewer: int | None, position: int) -> None:
        super().__init__()
        self.session = session
        self.viewer = viewer
        """Whose view the moves are told as (None: the spectator's)."""
        self.count = len(session.replay)
        self.worded: dict[int, str] = {}
        """The words of each move worded so far, by position."""
        self.set_reactive(MoveRows.cursor, position)
        self._style = Style()
        """The list's style, taken once a frame (``render_lines``)."""

    def move_words(self, position: int) -> str:
        """Move ``position``, numbered, in players' words as the viewer reads them."""
        told = self.worded.get(position)
        if told is None:
            lines = said(self.session, position, self.viewer) if position else ["The setup"]
            told = self.worded[position] = f"{position}. {' '.join(lines)}"
        return told

    def on_mount(self) -> None:
        self.virtual_size = Size(0, self.count)
        self.post_message(self.Highlighted(self.move_words(self.cursor)))

    def on_resize(self) -> None:
        """Laid out: the cursor in the middle of the list, if it is out of sight."""
        if not self._in_sight(self.cursor):
            middle = self.cursor - self.scrollable_content_region.height // 2
            self.scroll_to(y=middle, animate=False)

    def _in_sight(self, position: int) -> bool:
        top = round(self.scroll_y)
        return top <= position < top + self.scrollable_content_region.height

    def validate_cursor(self, position: int) -> int:
        return max(0, min(position, self.count - 1))

    def watch_cursor(self, position: int) -> None:
        if not self._in_sight(position):  # scrolled as little as brings it in sight
            lowest = position - self.scrollable_content_region.height + 1
            self.scroll_to(y=min(position, max(self.scroll_y, lowest)), animate=False)
        self.refresh()
        self.post_message(self.Highlighted(self.move_words(position)))

    def action_cursor(self, by: int) -> None:
        self.cursor += by

    def action_page(self, by: int) -> None:
        self.cursor += by * self.scrollable_content_region.height

    def action_edge(self, end: int) -> None:
        self.cursor = self.count - 1 if end else 0

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self.cursor))

    def on_click(self, event: events.Click) -> None:
        """A click goes to the move clicked (as an option list's does)."""
        offset = event.get_content_offset(self)
        if offset is not None and round(self.scroll_y) + offset.y < self.count:
            self.cursor = round(self.scroll_y) + offset.y
            self.post_message(self.Chosen(self.cursor))

    def render_lines(self, crop: Region) -> list[Strip]:
        # Textual's rich_style walks every ancestor's styles: once a frame, not a row.
        self._style = self.rich_style
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        position = round(self.scroll_y) + y
        width = self.scrollable_content_region.width
        style = self._style
        if position >= self.count:
            return Strip.blank(width, style)
        if position == self.cursor:
            style += self.get_component_rich_style("move-rows--cursor")
        line = plain_text(self.move_words(position))
        line.truncate(width, overflow="ellipsis", pad=True)
        return Strip(line.render(self.app.console), width).apply_style(style)


class MoveList(Dialog[int]):
    """Every move, told as the view shown may read it; Enter (or a click) goes to the
    position after it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss", "Close")]
    DEFAULT_CSS = """
    MoveList Vertical {
        width: 90%;
        height: 80%;
        border: thick $accent;
        background: $surface;
    }
    MoveList #move-whole {
        height: auto;
        max-height: 4;
        padding: 0 1;
        border-top: solid $secondary;
    }
    """

    def __init__(self, session: ReplaySession, viewer: int | None) -> None:
        super().__init__()
        self.session = session
        self.viewer = viewer

    def compose(self) -> ComposeResult:
        with Vertical():
            yield MoveRows(self.session, self.viewer, self.session.position)
            yield Static(id="move-whole")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Vertical).border_title = "Moves (Enter: go there)"
        self.query_one(MoveRows).focus()

    def on_move_rows_highlighted(self, event: MoveRows.Highlighted) -> None:
        self.query_one("#move-whole", Static).update(plain(event.words))

    def on_move_rows_chosen(self, event: MoveRows.Chosen) -> None:
        self.dismiss(event.position)


# -- every hand -----------------------------------------------------------------------


class HandsScreen(Dialog[None]):
    """Every seat's hand at the position shown (a finished game's replay only)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,a", "dismiss", "Close")]
    DEFAULT_CSS = """
    HandsScreen Static {
        width: 80%;
        max-height: 80%;
        border: thick $accent;
        padding: 0 1;
        background: $surface;
    }
    """

    def __init__(self, session: ReplaySession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        session = self.session
        hand = ui_kit(session.engine.name).hand
        lines = [
            plain(f"{info.name}: ", "bold") + plain(", ".join(hand(session, seat)) or "no card")
            for seat, info in enumerate(session.seats)
        ]
        yield Static(Content("\n").join(lines))
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Static).border_title = plain(
            f"Every hand after move {self.session.position}"
        )


# -- the chart ------------------------------------------------------------------------

Series = dict[str, list[float]]
"""Named lines of a chart, a value per sampled position."""


def series(session: ReplaySession) -> tuple[list[int], Series]:
    """The positions sampled, and each measure of the game at each of them."""
    replay, engine = session.replay, session.engine
    last = len(replay) - 1
    count = min(last, CHART_POINTS)
    positions = sorted({round(i * last / count) for i in range(count + 1)}) if last else [0]
    measure = ui_kit(engine.name).measures
    lines: Series = {}
    for position in positions:
        for name, value in measure(engine.view(replay.state(position), None)).items():
            lines.setdefault(name, []).append(value)
    return positions, lines


class ChartScreen(Dialog[None]):
    """The game's score over its moves, for each seat (Pocket Dragon: Happiness and
    time left); a bar marks the position shown."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,c", "dismiss", "Close")]
    DEFAULT_CSS = """
    ChartScreen Vertical {
        width: 90%;
        height: 80%;
        border: thick $accent;
        background: $surface;
    }
    ChartScreen Legend {
        padding: 0 1;
    }
    """

    def __init__(self, session: ReplaySession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        from tabletop.tui.widgets.chart import Chart, Legend

        with Vertical():
            yield Chart()
            yield Legend()
        yield Footer()

    def on_mount(self) -> None:
        from tabletop.tui.widgets.chart import Chart

        self.query_one(Vertical).border_title = "Over the game (Esc: close)"
        self.query_one(Chart).draw(partial(self.plot, *series(self.session)))

    def plot(self, positions: list[int], lines: Series) -> None:
        from tabletop.tui.widgets.chart import Chart, Legend

        chart = self.query_one(Chart)
        legend = chart.plot_lines({name: (positions, values) for name, values in lines.items()})
        self.query_one(Legend).show(legend)
        plt = chart.plt
        values = [value for values in lines.values() for value in values]
        whole = all(float(value).is_integer() for value in values)  # points, XP: not time
        chart.whole_ticks((0, positions[-1]), (min(values), max(values)) if whole else None)
        plt.vline(self.session.position)
        plt.xlabel("move")
        plt.title(self.session.engine.title)
