"""The setup form explains its choices and starts only when asked (issue 14, items 2, 5,
9, 10): Enter goes to the next field, seats are numbered from 1, each option says what
it does in the words of the game's rules, the bot levels are explained, and a solo
Space Park says how Scout plays."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Input, Label, Select, Static, Switch

from tabletop.core.kit import STANDARD_LEVELS
from tabletop.core.rulebook import plain_words, rulebook
from tabletop.core.store import Store
from tabletop.tui.app import TabletopApp
from tabletop.tui.screens.rules import RulesScreen
from tabletop.tui.screens.setup import HUMAN, RANDOM, REMOTE, SetupScreen

SIZE = (100, 40)


async def open_setup(app: TabletopApp, pilot: Pilot[None], game: str) -> SetupScreen:
    app.new_game(game)
    await pilot.pause()
    setup = app.screen
    assert isinstance(setup, SetupScreen)
    return setup


def notes(setup: SetupScreen) -> str:
    """Every explanation the form shows now, one a line."""
    return "\n".join(
        str(note.render()).replace("\n", " ") for note in setup.query(".explain") if note.display
    )


async def test_enter_goes_to_the_next_field_and_only_ctrl_s_starts(store: Store) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(app, pilot, "spacepark")
        setup.query_one("#seat-0", Input).focus()
        await pilot.press(*"Ann", "enter")
        assert app.focused is setup.query_one("#kind-0", Select)
        setup.query_one("#seed", Input).focus()
        await pilot.press(*"7", "enter")
        await pilot.pause()
        assert app.screen is setup and store.unfinished() == []
        assert app.focused is setup.query_one("#start")
        assert "Start (Ctrl+S)" in str(setup.query_one("#start").render())
        start = setup.active_bindings["ctrl+s"]  # in the footer
        assert start.binding.show and start.binding.description == "Start" and start.enabled
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, SetupScreen)
        [game] = store.unfinished()
        assert game.players[0] == "Ann"


async def test_setup_opens_on_start_so_enter_starts_the_game_as_set(store: Store) -> None:
    """Enter in a name field goes on to the next field; opened, the form has Start in
    focus, so Enter there starts the game with the seats as they are."""
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(app, pilot, "spacepark")
        assert app.focused is setup.query_one("#start")
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, SetupScreen) and len(store.unfinished()) == 1


async def test_solo_space_park_setup_offers_no_first_player(store: Store) -> None:
    """SP-SETUP-6 chooses among seats: alone there is none to choose, and the option (and
    its rule) is shown again once there are two seats."""
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(app, pilot, "spacepark")
        row = setup.query_one("#option-first_player")
        assert row.display and "First player" in notes(setup) + str(row.query_one(Label).render())
        setup.query_one("#count", Select).value = 1
        await pilot.pause()
        assert not row.display and not setup.query_one("#option-rules-first_player").display
        setup.query_one("#count", Select).value = 2
        await pilot.pause()
        assert row.display


async def test_the_first_player_is_a_seat_numbered_from_1_or_random(store: Store) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(app, pilot, "spacepark")
        first = setup.query_one("#opt-first_player", Select)
        labels = [str(prompt) for prompt, _ in first._options]
        assert labels == ["Random", "Seat 1", "Seat 2"]  # two players by default
        assert first.value == 0  # the engine's default: the first seat
        first.value = 1
        assert setup.chosen_options() == {"first_player": 1}
        first.value = RANDOM
        assert setup.chosen_options() == {"first_player": "random"}
        setup.query_one("#count", Select).value = 4
        await pilot.pause()
        first.value = 3
        assert [str(p) for p, _ in first._options][-1] == "Seat 4"
        setup.query_one("#count", Select).value = 3  # seat 4 has gone
        await pilot.pause()
        assert [str(p) for p, _ in first._options][-1] == "Seat 3" and first.value != 3

        app.pop_screen()
        setup = await open_setup(app, pilot, "pocketparks")
        first = setup.query_one("#opt-first_player", Select)
        assert first.value == RANDOM and setup.chosen_options() == {"round_modifiers": True}
        first.value = 0
        assert setup.chosen_options()["first_player"] == 0


async def test_each_option_and_the_bots_are_explained(store: Store) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(app, pilot, "pocketdragon")
        said = notes(setup)
        dragon = rulebook("pocketdragon")
        assert plain_words(dragon.quote("Components and setup")) in said  # companion, table
        assert "Companion" in said and "Table" in said
        assert plain_words(dragon.quote("PD-SETUP-2")) in said  # the difficulty levels
        assert "partner bot" in said and "Quick after 0.6 s" in said  # table mode's
        assert [str(p) for p, _ in setup.query_one("#opt-mode", Select)._options] == [
            "Companion",
            "Table",
        ]
        app.pop_screen()

        setup = await open_setup(app, pilot, "pocketparks")
        said = notes(setup)
        assert plain_words(rulebook("pocketparks").quote("Round modifiers")) in said
        assert "featured park" in said
        for level in STANDARD_LEVELS:
            assert f"{level.word} {level.help}" in said
        await pilot.press("f1")
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen) and rules.game == "pocketparks"


async def test_solo_space_park_says_how_scout_plays(store: Store) -> None:
    """SP-SOLO-1, SP-SOLO-4, SP-SOLO-8 in the setup text."""
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(app, pilot, "spacepark")
        note = setup.query_one("#count-note", Static)
        assert not note.display
        setup.query_one("#count", Select).value = 1
        await pilot.pause()
        assert note.display
        said = str(note.render()).replace("\n", " ")
        assert said == plain_words(rulebook("spacepark").quote("Solo game"))
        assert "Scout wins" in said and "Sun crystal" in said
        setup.query_one("#count", Select).value = 2
        await pilot.pause()
        assert not note.display


async def test_where_remote_seats_join_from_is_asked_once_a_seat_is_remote(store: Store) -> None:
    """The hosting choice and its explanation appear with the first remote seat, go with
    the last one (also when the player count drops it), and never for a real-time game."""
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(app, pilot, "pocketparks")
        remote = setup.query_one("#remote")
        assert not remote.display
        assert "remote person joins" in str(remote.query_one(".explain", Static).render())
        setup.query_one("#count", Select).value = 3
        setup.query_one("#kind-2", Select).value = REMOTE
        await pilot.pause()
        assert remote.display
        setup.query_one("#count", Select).value = 2
        await pilot.pause()
        assert not remote.display
        setup.query_one("#kind-1", Select).value = REMOTE
        await pilot.pause()
        assert remote.display
        setup.query_one("#kind-1", Select).value = HUMAN
        await pilot.pause()
        assert not remote.display
        await pilot.press("escape")
        await pilot.pause()
        dragon = await open_setup(app, pilot, "pocketdragon")
        assert not dragon.query("#remote") and "Remote person" not in dragon.kinds.values()


async def test_a_new_game_starts_from_the_table_set_up_last_for_that_game(store: Store) -> None:
    """The same friends often play again: the form starts from the last table of that
    game (players, names, bots, options; never the seed), and only of that game."""
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(app, pilot, "pocketparks")
        setup.query_one("#count", Select).value = 3
        await pilot.pause()  # the seats' lists follow the count
        setup.query_one("#seat-0", Input).value = "[/]"
        setup.query_one("#seat-1", Input).value = "Bo"
        setup.query_one("#kind-2", Select).value = "hard"
        setup.query_one("#opt-round_modifiers", Switch).value = False
        setup.query_one("#opt-first_player", Select).value = 2
        setup.query_one("#seed", Input).value = "7"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, SetupScreen)
        app.pop_screen()  # leave the game: its bot's moves must not open windows here
        await pilot.pause()

        again = await open_setup(app, pilot, "pocketparks")
        assert again.query_one("#count", Select).value == 3
        assert [again.query_one(f"#seat-{i}", Input).value for i in range(3)] == ["[/]", "Bo", ""]
        kinds = [again.query_one(f"#kind-{i}", Select).value for i in range(3)]
        assert kinds == [HUMAN, HUMAN, "hard"]
        assert again.chosen_options() == {"round_modifiers": False, "first_player": 2}
        assert again.query_one("#seed", Input).value == ""
        app.pop_screen()

        other = await open_setup(app, pilot, "spacepark")  # another game: its own defaults
        assert other.query_one("#count", Select).value == 2
        assert other.query_one("#seat-0", Input).value == ""


async def test_pocket_dragon_offers_its_partner_bot_in_table_mode_only(store: Store) -> None:
    """PD-BOT-1: the second seat may be the partner bot, at its reaction time, in table
    mode; choosing companion mode gives the seat back to a person and says why. The seat
    is saved with the bot's level."""
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(app, pilot, "pocketdragon")
        kind = setup.query_one("#kind-1", Select)
        offered = [str(p) for p, _ in kind._options]
        assert offered == [
            "Person",
            "Partner, relaxed",
            "Partner, normal",
            "Partner, quick",
        ]
        kind.value = "quick"
        setup.query_one("#opt-mode", Select).value = "companion"
        await pilot.pause()
        assert kind.value == HUMAN
        assert [str(p) for p, _ in kind._options] == ["Person"]
        assert "table mode only (PD-BOT-1)" in notes(setup)
        setup.query_one("#opt-mode", Select).value = "table"
        await pilot.pause()
        assert "Quick after 0.6 s" in notes(setup)
        kind.value = "quick"
        setup.query_one("#seat-0", Input).value = "Ann"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, SetupScreen)
        [game] = store.unfinished()
        assert [seat.bot for seat in store.load_game(game.id).seats] == [None, "quick"]
        app.pop_screen()
        await pilot.pause()
