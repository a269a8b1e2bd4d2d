"""The dialogs' Choose and Confirm, on an app of their own: a choice by its key, by
Enter, backed out of with Esc; answered once however fast the keys come; a yes or no
that a stray Enter declines; the aside placement undimmed."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static

import tabletop.tui
from tabletop.core.store import Store
from tabletop.tui.app import TabletopApp
from tabletop.tui.compat import mount_unshown
from tabletop.tui.dialogs import Choice, Choose, Confirm, numbered
from tabletop.tui.games.pocketdragon.screen import Handover
from tabletop.tui.games.pocketdragon.table import (
    ClueOverlay,
    ContentOverlay,
    LookOverlay,
    SuggestOverlay,
)
from tabletop.tui.games.pocketparks.modals import ResponseWindow, TourPicker


class Asker(App[None]):
    CSS_PATH = Path(tabletop.tui.__file__).parent / "app.tcss"  # the app's dimming

    def __init__(self, question: Choose[Any]) -> None:
        super().__init__()
        self.question = question
        self.answers: list[object] = []

    def on_mount(self) -> None:
        self.push_screen(self.question, self.answers.append)


def fruit() -> Choose[str]:
    return Choose("Which fruit?", numbered([("Apple", "apple"), ("Pear", "pear")]), back="Cancel")


async def test_a_key_picks_its_choice_once() -> None:
    app = Asker(fruit())
    async with app.run_test() as pilot:
        assert [c.key for c in app.question.choices] == ["1", "2"]
        assert app.question.text == "Which fruit?\nApple\nPear"
        await pilot.press("2", "1")  # the second key comes before the dialog is gone
        await pilot.pause()
    assert app.answers == ["pear"]


async def test_enter_picks_the_highlighted_choice_and_esc_backs_out() -> None:
    app = Asker(fruit())
    async with app.run_test() as pilot:
        await pilot.press("down", "enter")
        await pilot.pause()
        app.push_screen(fruit(), app.answers.append)
        await pilot.pause()
        footer = app.screen.active_bindings["escape"].binding
        assert footer.description == "Cancel"
        await pilot.press("escape")
        await pilot.pause()
    assert app.answers == ["pear", None]


async def test_its_own_keys_and_the_rules_key() -> None:
    question = Choose("Steal from whom?", [Choice("3", "Cy", 2), Choice("1", "Ann", 0)])
    opened: list[str] = []
    question.rules = lambda: opened.append("rules")
    app = Asker(question)
    async with app.run_test() as pilot:
        assert question.check_action("hint", ()) is False  # no hint where none is set
        await pilot.press("question_mark", "2")  # 2 is no seat's here
        await pilot.pause()
        assert opened == ["rules"] and app.answers == []
        await pilot.press("1")
        await pilot.pause()
    assert app.answers == [0]


async def test_confirm_says_yes_only_to_y() -> None:
    app = Asker(Confirm("Delete it?"))
    async with app.run_test() as pilot:
        assert app.question.query_one(OptionList).highlighted == 1  # No
        await pilot.press("enter")
        await pilot.pause()
        for key in ("n", "escape", "y"):
            app.push_screen(Confirm("Delete it?"), app.answers.append)
            await pilot.pause()
            await pilot.press(key)
            await pilot.pause()
    assert app.answers == [False, False, None, True]


async def test_aside_leaves_the_screen_beneath_undimmed() -> None:
    aside = Confirm("Reset?", classes="-aside")
    app = Asker(aside)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert aside.styles.background.a == 0
        box = aside.query_one(".box").region
        assert box.right == 80 and box.bottom == 22  # bottom right, a row above the footer
    middle = Asker(Confirm("Reset?"))
    async with middle.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert 0 < middle.question.styles.background.a < 1


async def test_a_kept_pop_up_renewed_asks_the_new_question_only() -> None:
    """A screen that asks often keeps one pop-up installed and renews it: the new title,
    choices, keys and Esc's words; the last question's keys and hint are gone; and it
    answers once again."""
    question = fruit()
    app = Asker(question)
    async with app.run_test() as pilot:
        app.install_screen(question, "kept")
        question.show_hint(Content("Pears are ripe"))
        await pilot.press("1")
        await pilot.pause()
        question.renew("Which tree?", [Choice("o", "Oak", "oak"), Choice("e", "Elm", "elm")])
        app.push_screen(question, app.answers.append)
        await pilot.pause()
        assert question.text == "Which tree?\nOak\nElm"
        shown = str(question.query_one(".title", Static).render())
        assert shown == "Which tree?" and str(question.query_one("#hint").render()) == ""
        assert app.screen.active_bindings["escape"].binding.description == "Back"
        await pilot.press("2")  # the fruit's key, no longer bound: nothing happens
        await pilot.pause()
        assert app.answers == ["apple"] and app.screen is question
        await pilot.press("e", "o")
        await pilot.pause()
    assert app.answers == ["apple", "elm"]


@pytest.mark.parametrize(
    "empty",
    [
        lambda: Choose("", []),
        lambda: ResponseWindow(["Ann", "Bo"]),
        TourPicker,
        Handover,
        LookOverlay,
        ClueOverlay,
        SuggestOverlay,
        ContentOverlay,
    ],
    ids=[
        "question",
        "response window",
        "park tour picker",
        "dragon hand-over",
        "dragon look",
        "dragon clue",
        "dragon suggestion",
        "dragon hand",
    ],
)
async def test_an_empty_pop_up_mounted_unseen_may_go_as_it_mounts(
    store: Store, empty: Callable[[], Screen[Any]]
) -> None:
    """A game screen mounts its empty pop-ups unseen once drawn (``mount_unshown``); the
    app closing (or the screen) removes them, maybe in the middle of their mounting,
    when their parts are already gone: they look for none then."""
    app = TabletopApp(store)  # its colours, which a game's pop-ups use
    gone: list[Screen[Any]] = []
    async with app.run_test(size=(60, 20)) as pilot:  # raises what a pop-up raised
        for turns in range(6):  # removed after as many turns of the loop
            screen = empty()
            gone.append(screen)
            app.install_screen(screen, f"kept-{turns}")
            mount_unshown(app, screen)
            for _ in range(turns):
                await asyncio.sleep(0)
            app.uninstall_screen(screen)
            screen.remove()
            await pilot.pause()
        assert not any(screen.is_running for screen in gone)
