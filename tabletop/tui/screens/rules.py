"""The rules, for players: each game's digest (core.rulebook), a page per game.

Opened from a game it shows that game, at the section of the step being played,
or at a rule (highlighted): the one a refusal just named. The app keeps one
Rules screen (``TabletopApp.action_rules``): a page is built the first time its
game is shown, a Static per section, and kept, so the screen opens and turns
pages without building anything again (issue 14: benchmarks/bench_rules.py).
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.style import Style
from textual.widgets import Static

from tabletop.core.names import visible
from tabletop.core.rulebook import Rulebook, Section, rulebook, spans
from tabletop.games import kits, names
from tabletop.tui.screens.sized import SizedScreen
from tabletop.tui.text import plain
from tabletop.tui.widgets.bars import Footer, Header

ID_STYLE = "bold $text-accent"
HEADING_STYLE = "bold $accent"
MARKED_STYLE = "reverse"
SHOWN_STYLE = "bold reverse"


def words(text: str) -> Content:
    """A digest's words with their emphasis, never read as markup."""
    return Content.assemble(*((visible(part), emphasis) for part, emphasis in spans(text)))


def section_content(section: Section, marked: str | None = None) -> Content:
    """A section: its heading, lead and rules (``marked``: a rule id to highlight)."""
    lines = [plain(section.title, HEADING_STYLE)]
    lines.extend(words(paragraph) for paragraph in section.lead)
    for rule in section.rules:
        line = Content.assemble((rule.id, ID_STYLE), " ", words(rule.text))
        lines.append(line.stylize(MARKED_STYLE) if rule.id == marked else line)
    return Content("\n\n").join(lines)


def games_line(shown: str) -> Content:
    """The games, the one shown highlighted; a click shows another."""
    return Content("  ").join(
        Content(f" {info.title} ")
        .stylize(SHOWN_STYLE if info.name == shown else "")
        .stylize(Style.from_meta({"@click": f"screen.show({info.name!r})"}))
        for info in kits()
    )


def page_id(game: str) -> str:
    return f"page-{game}"


def section_id(game: str, index: int) -> str:
    return f"{game}-section-{index}"


class RulesScreen(SizedScreen):
    TITLE = "Rules"
    MIN_SIZE = (60, 12)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "turn(-1)", "Game before", priority=True),
        Binding("right", "turn(1)", "Next game", priority=True),
        Binding("escape", "app.pop_screen", "Back"),
    ]
    DEFAULT_CSS = """
    RulesScreen #games {
        padding: 0 1;
        background: $panel;
    }
    RulesScreen VerticalScroll {
        height: 1fr;
        padding: 0 2;
    }
    RulesScreen VerticalScroll Static {
        margin-top: 1;
    }
    """

    def __init__(self, game: str | None = None, at: str | None = None) -> None:
        super().__init__()
        self.game = names()[0] if game is None else game
        self.at = at
        """Where it opens: a section's title or a rule's id (None: the top)."""
        self.marked: dict[str, str] = {}
        """The rule highlighted on each page built, by game."""
        self.opened_at: str | None = None
        """The section title it last scrolled to (None: the top)."""

    def compose_screen(self) -> ComposeResult:
        yield Header()
        yield Static(games_line(self.game), id="games")
        yield self._page(self.game, self._rule_at(self.game))
        yield Footer()

    def _page(self, game: str, marked: str | None) -> VerticalScroll:
        """The page of ``game``, with rule ``marked`` highlighted."""
        book: Rulebook = rulebook(game)
        if marked is not None:
            self.marked[game] = marked
        return VerticalScroll(
            Static(Content("\n\n").join(words(p) for p in book.intro)),
            *(
                Static(section_content(section, marked), id=section_id(game, i))
                for i, section in enumerate(book.sections)
            ),
            id=page_id(game),
            classes="-page",
        )

    def show(self, game: str, at: str | None = None) -> None:
        """Show the rules of ``game``, at ``at`` (a section's title or a rule's id)."""
        self.game, self.at = game, at
        if self.is_mounted:
            self._show()

    def on_mount(self) -> None:
        self.query_one(f"#{page_id(self.game)}").focus()

    def on_screen_resume(self) -> None:
        self.call_after_refresh(self._scroll)

    def _show(self) -> None:
        game = self.game
        self.query_one("#games", Static).update(games_line(game))
        rule = self._rule_at(game)
        if self.query(f"#{page_id(game)}"):
            self._mark(game, rule)
        else:
            self.mount(self._page(game, rule), after="#games")
        for page in self.query(".-page"):
            page.display = page.id == page_id(game)
        self.query_one(f"#{page_id(game)}").focus()
        self.call_after_refresh(self._scroll)

    def _rule_at(self, game: str) -> str | None:
        """The rule it opens at on the page of ``game`` (None: it opens at no rule)."""
        ids = {rule.id for section in rulebook(game).sections for rule in section.rules}
        return self.at if self.at in ids else None

    def _mark(self, game: str, rule_id: str | None) -> None:
        """Highlight ``rule_id`` on the page of ``game`` (None: no rule)."""
        book = rulebook(game)
        before = self.marked.pop(game, None)
        if rule_id is not None:
            self.marked[game] = rule_id
        for i, section in enumerate(book.sections):
            ids = {rule.id for rule in section.rules}
            if before in ids or rule_id in ids:
                self.query_one(f"#{section_id(game, i)}", Static).update(
                    section_content(section, rule_id)
                )

    def _scroll(self) -> None:
        """Scroll the page shown to the section of ``at`` (the top without one)."""
        game = self.game
        book = rulebook(game)
        page = self.query_one(f"#{page_id(game)}", VerticalScroll)
        at = self.at
        holding = book.section_of(at) if at is not None else None
        index = next(
            (i for i, s in enumerate(book.sections) if s is holding or s.title == at), None
        )
        if index is None:
            page.scroll_home(animate=False, immediate=True)
            self.opened_at = None
            return
        target = self.query_one(f"#{section_id(game, index)}", Static)
        page.scroll_to_widget(target, top=True, animate=False, immediate=True)
        self.opened_at = book.sections[index].title

    def action_turn(self, step: int) -> None:
        games = list(names())
        self.show(games[(games.index(self.game) + step) % len(games)])
