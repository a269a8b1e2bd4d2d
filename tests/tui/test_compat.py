"""tabletop/tui/compat.py against the Textual installed: each use of Textual's private API
does what tabletop relies on. A Textual release that moves one fails here, by name."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable
from typing import Any, ClassVar

import pytest
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.color import Color
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.pilot import Pilot
from textual.screen import ModalScreen, Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import OptionList, Static

from tabletop.tui.compat import (
    Column,
    CompatApp,
    CompatHeader,
    CompatScreen,
    HeaderClockSpace,
    HeaderIcon,
    HeaderTitle,
    Panel,
    Row,
    SettledOptionList,
    ShowsThrough,
    bind_hidden,
    draw_behind,
    key_bindings,
    laid_out_once,
    mount_unshown,
    rebind,
    report_refreshes,
    withdraw_notice,
)
from tabletop.tui.widgets.log import GameLog


class Board(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("x", "mark('x')", "Mark")]

    def __init__(self) -> None:
        super().__init__()
        self.marks: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static("board", id="board")

    def action_mark(self, what: str) -> None:
        self.marks.append(what)


class Over(ModalScreen[None]):
    DEFAULT_CSS = "Over { background: black; }"  # opaque


class Crashing(CompatApp[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("c", "crash", "Crash")]

    def __init__(self, *, show_through: bool = True) -> None:
        super().__init__()
        self.show_through = show_through
        self.crashes: list[Exception] = []

    def screens_show_through(self) -> bool:
        return self.show_through

    def crash_words(self, error: Exception) -> Text | None:
        self.crashes.append(error)
        return Text("tabletop stopped: see the report") if len(self.crashes) == 1 else None

    def action_crash(self) -> None:
        raise RuntimeError("a bug")


def test_the_header_parts_are_widgets() -> None:
    for part in (HeaderClockSpace, HeaderIcon, HeaderTitle):
        assert issubclass(part, Widget)


async def test_a_screens_own_key_bindings_change_that_screen_only() -> None:
    app = Crashing()
    async with app.run_test() as pilot:
        first, second = Board(), Board()
        await app.push_screen(first)
        await app.push_screen(second)
        keys = key_bindings(second)
        assert [b.description for b in keys["x"]] == ["Mark"]
        keys["x"] = [Binding("x", "mark('y')", "Other")]
        await pilot.press("x")
        assert second.marks == ["y"]
        assert [b.description for b in key_bindings(first)["x"]] == ["Mark"]


class Bigger(Board):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("w", "mark('w')", "Wide", show=False)]


async def test_a_hidden_binding_works_on_its_screen_only() -> None:
    app = Crashing()
    async with app.run_test() as pilot:
        board = Board()
        await app.push_screen(board)
        bind_hidden(board, "z", "mark('z')")
        await pilot.press("z")
        assert board.marks == ["z"]
        assert [b.show for b in key_bindings(board)["z"]] == [False]
        assert "z" not in key_bindings(Board())


async def test_rebinding_gives_a_screen_other_keys_in_place_of_its_own() -> None:
    app = Crashing()
    async with app.run_test() as pilot:
        board = Board()
        rebind(board, [Binding("left,h", "mark('back')", "Back", priority=True)])
        await app.push_screen(board)
        await pilot.press("x", "left", "h")
        assert board.marks == ["back", "back"]  # x is no key of this board now
        assert sorted(key_bindings(board)) == ["h", "left"]
        assert "x" in key_bindings(Board())


async def test_a_screen_under_another_is_laid_out_when_drawn_behind() -> None:
    app = Crashing()
    async with app.run_test() as pilot:
        board = Board()
        await app.push_screen(board)
        await app.push_screen(Over())
        await pilot.pause()
        added = Static("added while covered")
        await board.mount(added)
        assert added.size.width == 0  # Textual lays out only the screen on top
        draw_behind(board)
        assert added.size.width > 0


async def test_a_notice_up_is_withdrawn_and_one_not_up_is_told() -> None:
    app = Crashing()
    async with app.run_test(notifications=True) as pilot:
        app.notify("moved")
        await pilot.pause()
        [notice] = list(app._notifications)
        assert withdraw_notice(app, notice) is True
        assert not list(app._notifications)
        assert withdraw_notice(app, notice) is False


@pytest.mark.parametrize("show_through", [True, False])
async def test_screens_show_through_the_top_one_only_when_the_app_says(
    show_through: bool,
) -> None:
    app = Crashing(show_through=show_through)
    async with app.run_test() as pilot:
        await app.push_screen(Board())
        await app.push_screen(Over())
        await pilot.pause()
        behind: list[Any] = app._background_screens
        assert bool(behind) is show_through


async def test_a_crash_shows_the_apps_words_instead_of_the_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    app = Crashing()
    with pytest.raises(RuntimeError, match="a bug"):
        async with app.run_test() as pilot:
            await pilot.press("c")
    assert [str(e) for e in app.crashes] == ["a bug"]
    assert capsys.readouterr().err.strip() == "tabletop stopped: see the report"
    assert app.return_code == 1


# -- one frame a change -----------------------------------------------------------------


class Frames(CompatApp[None]):
    """Counts the frames drawn to the terminal (headless draws them too, unsent)."""

    def __init__(self) -> None:
        super().__init__()
        self.frames = 0

    def _display(self, screen: Screen[Any], renderable: Any) -> None:
        super()._display(screen, renderable)
        if renderable is not None:
            self.frames += 1


async def frames_after(pilot: Pilot[None], change: Callable[[], object]) -> int:
    """The frames drawn after ``change`` (awaited if it returns an awaitable)."""
    app = pilot.app
    assert isinstance(app, Frames)
    await pilot.pause()
    drawn = app.frames
    done = change()
    if inspect.isawaitable(done):
        await done
    for _ in range(6):  # six refresh periods: a later frame would have come by then
        await pilot.pause(1 / 60)
    return app.frames - drawn


class Framed(Frames):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("g", "grow", "Grow")]

    def __init__(self, hand: type[OptionList]) -> None:
        super().__init__()
        self.hand = hand("Yosemite", "Zion", "Acadia", id="hand")

    def compose(self) -> ComposeResult:
        yield Panel("one line", id="prompt")
        yield Static("news", id="news")
        yield self.hand

    def action_grow(self) -> None:
        self.query_one("#prompt", Panel).update("three\nlines\nnow")
        self.query_one("#news", Static).update("news, new")
        report_refreshes(self.screen)


async def frames_of_a_key(pilot: Pilot[None], key: str) -> int:
    return await frames_after(pilot, lambda: pilot.press(key))


def shown(widget: Widget) -> str:
    return "\n".join(strip.text for strip in widget.render_lines(widget.region.reset_offset))


async def test_a_panel_that_grows_and_the_list_it_moves_take_one_frame() -> None:
    """Textual lays the screen out again a frame later whenever a widget's size changes,
    and an option list drops its drawn lines at any resize: a Panel, a list keeping its
    lines at a new height and the changes reported at once take one frame, laid out
    right (a Panel is a Static: its CSS holds)."""
    app = Framed(SettledOptionList)
    async with app.run_test(size=(40, 12)) as pilot:
        assert await frames_of_a_key(pilot, "g") == 1
        prompt, news, hand = (app.query_one(f"#{name}") for name in ("prompt", "news", "hand"))
        assert prompt.region.height == 3  # Static's height: auto
        assert (news.region.y, hand.region.y) == (3, 4)
        assert "Yosemite" in shown(hand) and "news, new" in shown(news)


@laid_out_once
class Room(VerticalScroll):
    DEFAULT_CSS = "Room { height: auto; max-height: 5; }"


class RoomApp(Framed):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("f", "fill", "Fill")]

    def compose(self) -> ComposeResult:
        with Room():
            yield Panel(lines(1), id="prompt")

    def action_grow(self) -> None:
        self.query_one("#prompt", Panel).update(lines(3))
        report_refreshes(self.screen)

    def action_fill(self) -> None:
        self.query_one("#prompt", Panel).update(lines(8))
        report_refreshes(self.screen)


def lines(count: int) -> str:
    return "\n".join(f"line {n}" for n in range(count))


async def test_a_room_laid_out_once_grows_in_one_frame_and_scrolls_when_full() -> None:
    """A scrolling container that grows with what it holds settles in one frame
    (Textual's takes two); given more than its room, its scroll bar comes and it scrolls
    over all of it."""
    app = RoomApp(SettledOptionList)
    async with app.run_test(size=(40, 12)) as pilot:
        room = app.query_one(Room)
        assert await frames_of_a_key(pilot, "g") == 1
        assert room.region.height == 3 and not room.show_vertical_scrollbar
        await frames_of_a_key(pilot, "f")
        assert room.region.height == 5 and room.show_vertical_scrollbar
        room.scroll_end(animate=False)
        await pilot.pause()
        assert room.scroll_y == 8 - 5


class ColumnsApp(Framed):
    """A game screen's shape: a row of columns as tall as what they hold."""

    CSS = "#table, #board { height: auto; }"

    def __init__(self, row: type[Widget], column: type[Widget]) -> None:
        super().__init__(SettledOptionList)
        self.row, self.column = row, column

    def compose(self) -> ComposeResult:
        with self.row(id="table"), self.column(id="board"):
            yield Panel(lines(1), id="prompt")
            yield Panel("the news", id="news")
        yield Static("status")


@pytest.mark.parametrize(("row", "column", "frames"), [(Row, Column, 1), (Horizontal, Vertical, 2)])
async def test_a_row_of_columns_that_grows_takes_one_frame(
    row: type[Widget], column: type[Widget], frames: int
) -> None:
    """A panel growing resizes the column and the row around it (their height: auto):
    Row and Column settle in the layout that sized them; Textual's containers ask for
    another layout, a frame (one or two refresh periods) later."""
    app = ColumnsApp(row, column)
    async with app.run_test(size=(40, 12)) as pilot:
        assert await frames_of_a_key(pilot, "g") == frames
        assert app.query_one("#news").region.y == 3
        assert app.query_one("#table").region.height == 4


async def test_a_list_at_a_new_width_draws_its_lines_again() -> None:
    app = Framed(SettledOptionList)
    async with app.run_test(size=(40, 12)) as pilot:
        hand = app.query_one("#hand", OptionList)
        hand.add_option("Great Smoky Mountains")
        await pilot.pause()
        assert "Great Smoky Mountains" in shown(hand)
        await pilot.resize_terminal(16, 12)
        await pilot.pause()
        assert "Great Smoky" in shown(hand) and "Great Smoky Mountains" not in shown(hand)


async def test_changed_widgets_tell_the_screen_at_once() -> None:
    """A widget tells the screen it changed when its own task next runs, which may be after
    the screen drew its frame (a game's scoreboard came a frame late): reported at once,
    each has told the screen before the handler that changed them returns."""
    app = Framed(SettledOptionList)
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        widgets = [app.query_one("#prompt", Panel), app.query_one("#news", Static)]
        for widget in widgets:
            widget.update("changed")
        assert all(w._repaint_required or w._layout_required for w in widgets)
        report_refreshes(app.screen)
        assert not any(w._repaint_required or w._layout_required for w in widgets)


# -- a pop-up through which the screen beneath shows -----------------------------------

POP_UP_CSS = """
{name} {{ background: {tint}; align: center middle; }}
{name} Static {{ width: 12; height: 3; background: $error; }}
"""


class Painted(Screen[None]):
    """A screen beneath of several colours, a link and a bold word among them."""

    def compose(self) -> ComposeResult:
        yield Static(Content.from_markup("[b]bold[/] [$accent]accent[/] [link='x']link[/]"))
        yield Static("on a panel", classes="panel")

    DEFAULT_CSS = "Painted .panel { background: $panel; color: $warning; height: 5; }"


def cells(strips: list[Strip]) -> list[list[tuple[str, object]]]:
    """Each line as it looks, cell by cell (however split in segments): the character
    and its style; a blank's colour shows only when reversed."""
    return [[(c, seen(c, s.style)) for s in strip for c in s.text] for strip in strips]


def seen(character: str, style: Style | None) -> object:
    if style is None or character != " " or style.reverse:
        return style
    return (style.bgcolor, style.underline, style.strike)


@pytest.mark.parametrize("tint", ["$background 60%", "transparent"])
async def test_a_pop_up_shows_the_screen_beneath_as_textual_draws_it(tint: str) -> None:
    """ShowsThrough draws the screen beneath from its lines, each style tinted once:
    cell for cell what Textual's own ModalScreen draws, the pop-up's box over it."""

    class Textuals(ModalScreen[None]):
        DEFAULT_CSS = POP_UP_CSS.format(name="Textuals", tint=tint)

        def compose(self) -> ComposeResult:
            yield Static("asked")

    class Ours(ShowsThrough[None]):
        DEFAULT_CSS = POP_UP_CSS.format(name="Ours", tint=tint)

        def compose(self) -> ComposeResult:
            yield Static("asked")

    drawn = []
    for pop_up in (Textuals(), Ours()):
        app = CompatApp[None]()
        async with app.run_test(size=(40, 12)) as pilot:
            await app.push_screen(Painted())
            await app.push_screen(pop_up)
            await pilot.pause()
            drawn.append(cells(app.screen._compositor.render_strips()))
            assert "accent" in "".join(c for c, _ in drawn[-1][0])
            await pilot.resize_terminal(50, 16)  # the screen beneath is laid out later
            await pilot.pause()
            assert len(app.screen._compositor.render_strips()) == 16
    assert drawn[0] == drawn[1]


class Asking(ModalScreen[None]):
    DEFAULT_CSS = "Asking OptionList { height: auto; max-height: 12; width: auto; }"

    def __init__(self, options: OptionList) -> None:
        super().__init__()
        self.options = options

    def compose(self) -> ComposeResult:
        yield self.options

    def on_screen_resume(self) -> None:
        self.call_next(report_refreshes, self)  # as tabletop's dialogs do


async def frames_of_a_push(pilot: Pilot[None], screen: Screen[None]) -> int:
    return await frames_after(pilot, lambda: pilot.app.push_screen(screen))


@pytest.mark.parametrize("options", [SettledOptionList, OptionList])
async def test_a_kept_pop_ups_list_asked_again_is_drawn_in_the_frame_that_shows_it(
    options: type[OptionList],
) -> None:
    """A pop-up kept and asked again, its list given other options while off screen
    (more, and wider): Textual's own list computes their lines at the last question's
    size and settles over more layouts; this one is drawn right at once."""
    app = Framed(SettledOptionList)
    async with app.run_test(size=(60, 20)) as pilot:
        asking = Asking(options("Zion", "Acadia"))
        app.install_screen(asking, "asking")
        await app.push_screen(asking)
        await pilot.pause()
        app.pop_screen()
        await pilot.pause()
        asking.options.clear_options()
        asking.options.add_options(f"Great Smoky Mountains {n}" for n in range(5))
        frames = await frames_of_a_push(pilot, asking)
        assert "Great Smoky Mountains 4" in shown(asking.options)
        assert frames <= 2 if options is SettledOptionList else frames > 2


async def test_a_screen_mounted_unshown_is_composed_and_laid_out_off_the_stack() -> None:
    app = Crashing()
    async with app.run_test(size=(40, 12)) as pilot:
        board = Board()
        app.install_screen(board, "board")
        mount_unshown(app, board)
        await pilot.pause()
        assert board.is_mounted and board not in app.screen_stack
        assert board.query_one("#board", Static).size.width > 0


class Beating(CompatScreen[None]):
    """A screen that counts its refresh timer's beats (and draws nothing)."""

    beats = 0

    def _on_timer_update(self) -> None:
        self._update_timer.pause()  # as Textual's own beat does
        self.beats += 1


async def turns(count: int = 10) -> None:
    """A few turns of the event loop: no time for a timer's period to pass."""
    for _ in range(count):
        await asyncio.sleep(0)


async def test_a_screens_refresh_timer_beats_when_asked_at_most_once_a_period() -> None:
    app = Crashing()
    async with app.run_test(size=(40, 12)) as pilot:
        screen = Beating()
        app.install_screen(screen, "beating")
        await pilot.pause(0.05)
        screen._update_timer.resume()  # its first: Textual's waited a period
        await turns()
        assert screen.beats == 1
        screen._update_timer.resume()  # again at once: a period after the first beat
        await turns()
        assert screen.beats == 1
        await pilot.pause(0.1)
        assert screen.beats == 2


class Quieted(CompatScreen[None]):
    """A screen whose own key counts, until it lets only the app's keys through."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("x", "mark", "Mark")]
    quiet = False
    marks = 0

    def keys_instead(self) -> BindingsMap | None:
        return BindingsMap() if self.quiet else None

    def action_mark(self) -> None:
        self.marks += 1


async def test_a_screen_may_let_only_the_keys_it_names_through() -> None:
    app = Crashing()
    async with app.run_test() as pilot:
        screen = Quieted()
        await app.push_screen(screen)
        await pilot.press("x")
        screen.quiet = True
        await pilot.press("x")
        assert screen.marks == 1


class Headed(CompatHeader):
    mounted = 0

    def header_mounted(self) -> None:
        self.mounted += 1


async def test_a_header_runs_its_own_mount_hook_in_place_of_textuals() -> None:
    """Textual's Header looks for its title widget when the title changes (NoMatches
    once it is being removed): its handler does not run, the hook does."""
    header = Headed()

    class WithHeader(CompatApp[None]):
        def compose(self) -> ComposeResult:
            yield header

    app = WithHeader()
    async with app.run_test() as pilot:
        app.title = "changed"
        await pilot.pause()
        assert header.mounted == 1
        assert "changed" not in str(header.query_one(HeaderTitle).render())


class LogApp(Framed):
    """A log under a prompt that shrinks: the log grows, its newest line at the bottom."""

    CSS = "#prompt { height: auto; }"

    def compose(self) -> ComposeResult:
        yield Panel(lines(3), id="prompt")
        yield GameLog()

    def on_mount(self) -> None:
        self.query_one(GameLog).show([f"move {n}" for n in range(40)])

    def action_grow(self) -> None:
        self.query_one("#prompt", Panel).update("one line")
        report_refreshes(self.screen)


async def test_a_log_that_grows_keeps_its_newest_line_in_one_frame() -> None:
    """The log's rows depend on its size: fitted as the layout sizes it
    (``fits_in_layout``), the first frame shows it right; Textual's Resize comes after
    that frame, and what a handler of it changes (Textual's scroll clamped, the log
    scrolled to its newest line) took a second frame."""
    app = LogApp(SettledOptionList)
    async with app.run_test(size=(40, 12)) as pilot:
        log = app.query_one(GameLog)
        await pilot.pause()
        assert log_rows(log)[-1] == "move 39"
        assert await frames_of_a_key(pilot, "g") == 1
        rows = log_rows(log)
        assert rows[-1] == "move 39" and len(rows) == 12 - 1 - 2  # the prompt, the border
        assert rows[0] == f"move {40 - len(rows)}"


def log_rows(log: GameLog) -> list[str]:
    """The rows inside the log's border."""
    return [row.strip("│ ") for row in shown(log).splitlines()[1:-1]]


class Counted(CompatScreen[None]):
    def compose(self) -> ComposeResult:
        yield Static("count 0", id="count")


class Asked(ShowsThrough[None]):
    DEFAULT_CSS = "Asked Static { dock: bottom; }"  # the line beneath in sight

    def compose(self) -> ComposeResult:
        yield Static("asked")


async def test_a_screen_beneath_a_pop_up_repaints_what_it_changed_once() -> None:
    """A change beneath a pop-up is drawn through it; then the messages the screen beneath
    gets (a clock's ticks) draw nothing more. Textual's marked that screen to be painted
    again whole at its next idle moment, and again after that: each message repainted
    the whole pop-up, the screen beneath drawn through it again."""
    app = Frames()
    async with app.run_test(size=(40, 12)) as pilot:
        counted = Counted()
        await app.push_screen(counted)
        await app.push_screen(Asked())
        assert app.screen.styles.background.a < 1  # still a ModalScreen to the CSS
        count = counted.query_one("#count", Static)
        assert await frames_after(pilot, lambda: count.update("count 1")) >= 1
        assert "count 1" in app.screen._compositor.render_strips()[0].text
        for _ in range(3):
            assert await frames_after(pilot, lambda: counted.call_later(lambda: None)) == 0


async def test_what_a_screen_changed_as_a_pop_up_came_is_in_the_pop_ups_first_frame() -> None:
    """A move that asks a question changes its screen and pushes the pop-up at once:
    one frame shows both. Textual's screen beneath handed its change over after the
    pop-up had drawn: a second frame."""
    app = Frames()
    async with app.run_test(size=(40, 12)) as pilot:
        counted = Counted()
        await app.push_screen(counted)
        asked = Asked()
        app.install_screen(asked, "asked")
        await app.push_screen(asked)
        await pilot.pause()
        app.pop_screen()
        count = counted.query_one("#count", Static)

        def move() -> None:
            count.update("count 1")
            app.push_screen(asked)

        assert await frames_after(pilot, move) == 1
        assert "count 1" in app.screen._compositor.render_strips()[0].text


class Scrolled(CompatScreen[None]):
    DEFAULT_CSS = "Scrolled SettledOptionList { height: auto; max-height: 4; }"

    def compose(self) -> ComposeResult:
        yield SettledOptionList("park 0", "park 1")


async def test_a_layout_that_shows_a_scroll_bar_is_drawn_in_one_frame() -> None:
    """A list grown past its height: the scroll bar that the layout brings, sized by it,
    asks for another layout (its own size is a reactive that asks), done before the
    frame rather than a frame later."""
    app = Frames()
    async with app.run_test(size=(40, 12)) as pilot:
        scrolled = Scrolled()
        await app.push_screen(scrolled)
        options = scrolled.query_one(SettledOptionList)
        assert not options.show_vertical_scrollbar
        grow = lambda: options.add_options(f"park {n}" for n in range(2, 10))  # noqa: E731
        assert await frames_after(pilot, grow) == 1
        assert options.show_vertical_scrollbar and options.vertical_scrollbar.display
        assert options.scrollable_content_region.width == options.content_region.width - 2


class Shaded(CompatScreen[None]):
    DEFAULT_CSS = "Shaded Static { background: $primary; }"

    def compose(self) -> ComposeResult:
        yield Static("shaded")


async def test_a_kept_screen_is_restyled_as_it_comes_on_top_only_if_the_css_changed() -> None:
    """Textual restyles a pushed screen whole (3-5 ms for a kept pop-up); restyled only
    when the app's CSS changed while it stood aside, it still follows a theme chosen
    meanwhile."""
    app = Frames()
    async with app.run_test(size=(40, 12)) as pilot:
        shaded = Shaded()
        app.install_screen(shaded, "shaded")
        restyled: list[object] = []
        stylesheet = app.stylesheet
        update_nodes = stylesheet.update_nodes

        def counted(nodes: Any, animate: bool = False) -> None:
            nodes = list(nodes)
            restyled.append(shaded in nodes)
            update_nodes(nodes, animate)

        stylesheet.update_nodes = counted  # type: ignore[method-assign]
        for _ in range(2):
            await app.push_screen("shaded")
            await pilot.pause()
            app.pop_screen()
            await pilot.pause()
        assert restyled.count(True) == 1  # the first showing only
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        await pilot.pause()
        await app.push_screen("shaded")
        await pilot.pause()
        assert restyled.count(True) == 2
        line = shaded.query_one(Static)
        assert line.styles.background == Color.parse(app.theme_variables["primary"])
