"""The Rules screen, driven by keys: a page per game with every rule and its id,
opened at a section or at a rule (highlighted), one screen kept for the app's life.
Opening it from each game screen is tested with that screen."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Static

from tabletop.core.rulebook import plain_words, rulebook
from tabletop.core.session import GameSession
from tabletop.core.store import SeatInfo, Store
from tabletop.games import get_engine, names
from tabletop.tui.app import TabletopApp
from tabletop.tui.screens.base import GameScreen
from tabletop.tui.screens.pocketdragon import RULES_SECTIONS as PD_SECTIONS
from tabletop.tui.screens.pocketdragon_table import TABLE_SECTIONS as PD_TABLE_SECTIONS
from tabletop.tui.screens.pocketparks import SECTIONS as PP_SECTIONS
from tabletop.tui.screens.pocketparks import WINDOW_SECTIONS as PP_WINDOW_SECTIONS
from tabletop.tui.screens.rules import MARKED_STYLE, RulesScreen, page_id, section_id
from tabletop.tui.screens.spacepark import RULES_SECTIONS as SP_SECTIONS
from tabletop.tui.screens.spacepark import SpaceParkScreen
from tabletop.tui.widgets.curtain import Curtain

SIZE = (100, 32)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(tmp_path / "tabletop.db")
    yield s
    s.close()


def page_text(rules: RulesScreen, game: str) -> str:
    page = rules.query_one(f"#{page_id(game)}")
    return "\n".join(str(static.render()) for static in page.query(Static))


def marked(rules: RulesScreen, game: str) -> list[str]:
    """The text of every highlighted span on the page of ``game``."""
    page = rules.query_one(f"#{page_id(game)}")
    found = []
    for static in page.query(Static):
        content = static.content
        assert isinstance(content, Content)
        found += [str(content)[s.start : s.end] for s in content.spans if s.style == MARKED_STYLE]
    return found


async def settled(pilot: Pilot[None]) -> None:
    for _ in range(3):
        await pilot.pause()


async def test_each_game_has_a_page_with_every_rule(store: Store) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")  # on the highlighted game: the first
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        games = list(names())
        for step, game in enumerate([*games, games[0]]):
            if step:
                await pilot.press("right")
                await settled(pilot)
            assert rules.game == game
            shown = [p for p in rules.query(".-page") if p.display]
            assert [p.id for p in shown] == [page_id(game)]
            text = page_text(rules, game)
            book = rulebook(game)
            for section in book.sections:
                assert section.title in text
                for rule in section.rules:
                    assert f"{rule.id} {plain_words(rule.text)}" in text.replace("\n", " ")
            assert "**" not in text
            page = rules.query_one(f"#{page_id(game)}")
            await pilot.press("pagedown")  # the page has the keys
            await settled(pilot)
            assert page.scroll_y > 0
        await pilot.press("left")
        await settled(pilot)
        assert rules.game == games[-1]
        await pilot.press("escape")
        await settled(pilot)
        assert not isinstance(app.screen, RulesScreen)


async def test_it_opens_at_a_section_or_at_a_rule_it_highlights(store: Store) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        app.action_rules("spacepark", "Solo game")
        await settled(pilot)
        rules = app.screen
        assert isinstance(rules, RulesScreen) and rules.game == "spacepark"
        assert rules.opened_at == "Solo game"
        page = rules.query_one(f"#{page_id('spacepark')}")
        solo = next(
            i for i, s in enumerate(rulebook("spacepark").sections) if s.title == "Solo game"
        )
        at = rules.query_one(f"#{section_id('spacepark', solo)}").virtual_region.y
        assert at - 1 <= page.scroll_y <= at  # its heading on the top line (under its margin)
        assert not marked(rules, "spacepark")
        await pilot.press("escape")
        await settled(pilot)

        app.action_rules("pocketparks", "PP-STEAL-2")  # a refused move's rule
        await settled(pilot)
        assert app.screen is rules, "one Rules screen, kept"
        assert rules.game == "pocketparks" and rules.opened_at == "Pay to steal"
        assert marked(rules, "pocketparks") == [
            "PP-STEAL-2 "
            + plain_words(rulebook("pocketparks").section("Pay to steal").rules[1].text)
        ]
        assert rules.query_one(f"#{page_id('pocketparks')}").scroll_y > 0
        await pilot.press("escape")
        await settled(pilot)

        app.action_rules("pocketparks")  # from home: the top, nothing highlighted
        await settled(pilot)
        assert rules.opened_at is None and not marked(rules, "pocketparks")
        assert rules.query_one(f"#{page_id('pocketparks')}").scroll_y == 0
        app.action_rules("pocketparks", "NO-SUCH-1")  # not a rule of the digest: the top
        await settled(pilot)
        assert rules.opened_at is None and not marked(rules, "pocketparks")


# -- ? in every game screen ----------------------------------------------------------


def test_every_step_opens_a_section_its_rules_have() -> None:
    steps = {
        "pocketparks": {*PP_SECTIONS.values(), *PP_WINDOW_SECTIONS.values()},
        "spacepark": set(SP_SECTIONS.values()),
        "pocketdragon": {*PD_SECTIONS.values(), *PD_TABLE_SECTIONS.values()},
    }
    for game, sections in steps.items():
        assert sections <= {section.title for section in rulebook(game).sections}, game


async def question_mark(pilot: Pilot[None]) -> RulesScreen:
    await pilot.press("question_mark")
    await settled(pilot)
    rules = pilot.app.screen
    assert isinstance(rules, RulesScreen)
    return rules


async def back(pilot: Pilot[None]) -> None:
    await pilot.press("escape")
    await settled(pilot)


async def test_space_park_opens_its_rules_at_the_step_or_the_refused_rule(store: Store) -> None:
    """From the curtain and the game: the step's section; after a refused move, that
    rule (SP-TURN-2: only a destination with a rocket), until a move is made."""
    seats = (SeatInfo("Ann"), SeatInfo("Bob"))
    session = GameSession.start(store, get_engine("spacepark"), seats, {}, 1)
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        app.play(session)
        await settled(pilot)
        assert isinstance(app.screen, Curtain)
        rules = await question_mark(pilot)
        assert (rules.game, rules.opened_at) == ("spacepark", "Turns and visits")
        await back(pilot)
        assert isinstance(app.screen, Curtain)
        await pilot.press("enter")
        await settled(pilot)
        game = app.screen
        assert isinstance(game, SpaceParkScreen)
        view = game.now().view
        empty = next(i for i, d in enumerate(view.ring) if not d.rocket)
        await pilot.press(str(empty + 1))  # no rocket there: refused
        await settled(pilot)
        assert session.moves == 0
        rules = await question_mark(pilot)
        assert rules.opened_at == "Turns and visits"
        assert [m.split(" ")[0] for m in marked(rules, "spacepark")] == ["SP-TURN-2"]
        await back(pilot)
        rocket = next(i for i, d in enumerate(view.ring) if d.rocket and d.id != "astral_arcade")
        await pilot.press(str(rocket + 1))  # a move: the refusal is forgotten
        await settled(pilot)
        assert session.moves == 1
        if isinstance(app.screen, Curtain):
            await pilot.press("enter")
            await settled(pilot)
        rules = await question_mark(pilot)
        assert rules.opened_at is not None and not marked(rules, "spacepark")


async def test_solo_space_park_opens_the_solo_rules(store: Store) -> None:
    session = GameSession.start(store, get_engine("spacepark"), (SeatInfo("Ann"),), {}, 1)
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        app.play(session)
        await settled(pilot)
        rules = await question_mark(pilot)
        assert rules.opened_at == "Solo game"


@pytest.mark.parametrize(
    ("mode", "playing"),
    [("companion", "Companion mode"), ("table", "Turns (table mode)")],
)
async def test_pocket_dragon_opens_its_rules_at_the_clocks_then_the_step(
    store: Store, mode: str, playing: str
) -> None:
    seats = (SeatInfo("Ann"), SeatInfo("Bo"))
    options = {"mode": mode}
    session = GameSession.start(store, get_engine("pocketdragon"), seats, options, 1)
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        app.play(session)
        await settled(pilot)
        if not isinstance(app.screen, GameScreen):  # table mode: the hand-over first
            await pilot.press("enter")
            await settled(pilot)
        rules = await question_mark(pilot)
        assert (rules.game, rules.opened_at) == ("pocketdragon", "The clocks")
        await back(pilot)
        await pilot.press("space")  # Start
        await settled(pilot)
        rules = await question_mark(pilot)
        assert rules.opened_at == playing
