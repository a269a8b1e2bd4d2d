"""The app, driven by keys through Textual's Pilot: home, setup, a game screen's
plumbing (curtain, undo, refusals, the end), Continue, History, Rules, Settings,
the too-small message and the damaged-file notice. The game is the test-only toy."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, Label, OptionList, Select, Static, Switch

from tabletop.core.engine import Setup
from tabletop.core.kit import GameKit, Playtest
from tabletop.core.session import GameSession
from tabletop.core.store import FIRST_VERSION, SeatInfo, Store
from tabletop.games import names
from tabletop.tui import kits as ui_games
from tabletop.tui.app import TabletopApp
from tabletop.tui.screens.base import GameScreen, ResultScreen
from tabletop.tui.screens.home import HomeScreen
from tabletop.tui.screens.saved import ContinueScreen, HistoryScreen
from tabletop.tui.screens.settings import SettingsScreen
from tabletop.tui.screens.setup import SetupScreen
from tabletop.tui.screens.sized import TooSmall
from tabletop.tui.settings import Settings
from tabletop.tui.widgets.curtain import Curtain
from tests.registry import register_for_test
from tests.tui.toygame import BOTS, ENGINE, Bet, Play, ToyView
from tests.tui.toyscreen import TOY_UI, ToyScreen

SIZE = (100, 32)


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch, store: Store) -> None:
    """Register the toy game, its screen and its bot (after tabletop's own in the list);
    bots move at once."""
    toy = GameKit(
        name="toygame",
        title="Toy Game",
        blurb="a test-only card game",
        engine_loader=lambda: ENGINE,
        bots=lambda: BOTS,
        # a view holds the viewer's own hand only, and the deck's size
        playtest=Playtest(setups=((2, {}),), secrets=lambda state, seat: set()),
    )
    register_for_test(monkeypatch, toy)
    monkeypatch.setitem(ui_games.KITS, "toygame", TOY_UI)
    store.save_setting("bot_pace", "instant")


def hand_text(app: TabletopApp) -> str:
    return str(app.screen.query_one("#hand", Static).render())


async def test_home_lists_every_game_and_one_without_a_screen_stays_home(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        games = app.screen.query_one("#games", OptionList)
        ids = [games.get_option_at_index(i).id for i in range(games.option_count)]
        assert ids == list(names())
        # a ready engine without a screen says so and stays home
        monkeypatch.delitem(ui_games.KITS, "spacepark", raising=False)
        monkeypatch.setattr(ui_games, "PACKAGE", "tabletop.tui")  # no UI package there
        app.new_game("spacepark")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert any("screen is not yet" in n.message for n in app._notifications)


async def test_a_hot_seat_game_from_setup_to_history(store: Store, toy: None) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        games = app.screen.query_one("#games", OptionList)
        games.highlighted = games.get_option_index("toygame")
        await pilot.press("enter")
        assert isinstance(app.screen, SetupScreen)
        app.screen.query_one("#seat-0").focus()  # setup opens on Start
        await pilot.press(*"Ann", "tab", "tab", *"Bob")
        app.screen.query_one("#seed", Input).value = "42"
        await pilot.press("ctrl+s")
        await pilot.pause()
        # the curtain is down before anything private is drawn
        assert isinstance(app.screen, Curtain)
        game = app.screen_stack[-2]
        assert isinstance(game, ToyScreen)
        assert game.viewer is None
        assert "hidden" in str(game.query_one("#hand", Static).render())
        await pilot.press("enter")
        assert app.screen is game and game.viewer == 0
        session = game.session
        assert session.record.seed == 42
        assert session.seats == (SeatInfo("Ann"), SeatInfo("Bob"))
        expected = session.view(0)
        assert isinstance(expected, ToyView) and expected.hand is not None
        assert hand_text(app) == "hand: " + " ".join(map(str, expected.hand))

        # undo is not offered until there is a plain move to take back; u says why
        assert game.check_action("undo", ()) is False
        await pilot.press("u")
        await pilot.pause()
        assert [(n.title, n.message) for n in app._notifications] == [
            ("No undo", "Nothing to undo yet.")
        ]
        await pilot.press("b")
        await pilot.pause()
        assert store.load_record(session.game_id).actions == [
            {"seat": 0, "kind": "bet", "amount": 1}
        ]
        assert not app._notifications  # the move took the notice down
        assert game.check_action("undo", ()) is True
        await pilot.press("u")
        assert store.load_record(session.game_id).actions == []

        # a refused move names its rule and changes nothing
        await pilot.press("x")
        await pilot.pause()
        assert any("TOY-PLAY-1" in (n.title or "") for n in app._notifications)
        assert session.moves == 0
        await pilot.press("x")  # refused again: one notice, not two
        await pilot.pause()
        assert [n.title for n in app._notifications] == ["Not allowed (TOY-PLAY-1)"]

        # playing passes the turn: curtain for Bob, Ann's hand gone first; the move
        # takes the refusal down
        await pilot.press("p")
        await pilot.pause()
        assert not app._notifications
        assert isinstance(app.screen, Curtain) and app.screen.player == "Bob"
        assert game.viewer is None and "hidden" in str(game.query_one("#hand", Static).render())
        await pilot.press("enter", "p")
        await pilot.pause()
        await pilot.press("enter", "p")
        await pilot.pause()
        await pilot.press("enter", "p")
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        table = app.screen.query_one(DataTable)
        assert table.row_count == 1
        assert "★" in str(table.get_row_at(0)[2])
        assert store.unfinished() == []


async def test_a_person_against_a_bot_needs_no_curtain(store: Store, toy: None) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        app.new_game("toygame")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        app.screen.query_one("#seat-0").focus()  # setup opens on Start
        await pilot.press(*"Ann")
        setup.query_one("#kind-1", Select).value = "easy"
        await pilot.press("ctrl+s")
        await pilot.pause()
        game = app.screen
        assert isinstance(game, ToyScreen) and game.viewer == 0  # one person: no curtain
        assert game.session.seats[1] == SeatInfo("Player 2", "easy")
        await pilot.press("p")  # the turn passes to the bot, which moves by itself
        while game.session.to_act == (1,):
            await app.workers.wait_for_complete()
            await pilot.pause()
        assert app.screen is game and game.viewer == 0
        assert game.session.moves >= 2
        assert all(a["seat"] == 1 for a in game.session.record.actions[1:])
        # a bot's answer to a table that has changed since (an undo, say) is dropped
        moves = game.session.moves
        game._bot_moved(Bet(seat=0, amount=1), object())
        assert game.session.moves == moves


async def test_an_all_bot_table_plays_itself_out_in_view_of_nobody(store: Store, toy: None) -> None:
    bots = (SeatInfo("Bot A", "easy"), SeatInfo("Bot B", "easy"))
    session = GameSession.start(store, ENGINE, bots, {}, 8)
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        app.play(session)
        await pilot.pause()
        while session.outcome is None:
            await app.workers.wait_for_complete()
            await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        [game] = [s for s in app.screen_stack if isinstance(s, ToyScreen)]
        assert game.viewer is None  # nobody's hand was ever on screen
        assert "hidden" in str(game.query_one("#hand", Static).render())
        assert session.moves >= 4
    assert [g.id for g in store.finished()] == [session.game_id]


async def test_a_bot_level_that_no_longer_exists_is_reported(store: Store, toy: None) -> None:
    seats = (SeatInfo("Ann"), SeatInfo("Robo", "grandmaster"))
    session = GameSession.start(store, ENGINE, seats, {}, 8)
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        app.resume(session.game_id, "toygame")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        [report] = [n for n in app._notifications if n.title == "Cannot open this game"]
        assert "grandmaster" in report.message


async def test_setup_refuses_bad_input_and_keeps_it(store: Store, toy: None) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        app.new_game("toygame")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        app.screen.query_one("#seat-0").focus()  # setup opens on Start
        await pilot.press(*"Ann", "tab", "tab", *"Ann")
        await pilot.press("ctrl+s")
        assert app.screen is setup
        assert "Two players are named 'Ann'" in str(setup.query_one("#error", Static).render())
        assert setup.query_one("#seat-1", Input).value == "Ann"
        setup.query_one("#seat-1", Input).value = "Bob"
        setup.query_one("#opt-hand_size", Input).value = "9"
        await pilot.press("ctrl+s")
        assert "bad options" in str(setup.query_one("#error", Static).render())
        assert store.unfinished() == []


async def test_a_game_opened_from_continue_goes_back_there(store: Store, toy: None) -> None:
    saved = GameSession.start(store, ENGINE, (SeatInfo("Ann"), SeatInfo("Bob")), {}, 1)
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c", "enter")
        await pilot.pause()
        await pilot.press("enter")  # Ann takes the keyboard
        game = app.screen
        assert isinstance(game, ToyScreen) and game.session.game_id == saved.game_id
        [leave] = [b for b in game.active_bindings.values() if b.binding.action == "leave"]
        assert leave.binding.description == "Back to Continue"
        await pilot.press("p")
        for _ in range(3):
            await pilot.press("enter", "p")
        await pilot.pause()
        result = app.screen
        assert isinstance(result, ResultScreen)
        [back] = [b for b in result.active_bindings.values() if b.binding.key == "enter"]
        assert back.binding.description == "Back to Continue"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)


async def test_the_result_lets_the_final_board_show_through(store: Store, toy: None) -> None:
    """The end-of-game dialog dims the board beneath it but does not hide it (the final
    board stays in sight); the dialog's own box stays opaque, so its text reads. A
    curtain stays opaque: nothing of the board shows through it."""
    from textual._context import visible_screen_stack

    GameSession.start(store, ENGINE, (SeatInfo("Ann"), SeatInfo("Bob")), {}, 1)
    app = TabletopApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c", "enter")
        await pilot.pause()
        assert isinstance(app.screen, Curtain) and app.screen.styles.background.a == 1
        assert app._background_screens == []
        await pilot.press("enter", "p")
        for _ in range(3):
            await pilot.press("enter", "p")
        await pilot.pause()
        result = app.screen
        assert isinstance(result, ResultScreen)
        assert 0 < result.styles.background.a < 1
        assert result.query_one("#result").styles.background.a == 1
        visible_screen_stack.set(app._background_screens)
        drawn = "\n".join(strip.text for strip in result._compositor.render_strips())
        assert "Toy Game: Ann won" in drawn  # the dialog
        assert "Players" in drawn and "Log" in drawn  # the board's panels around it


async def test_continue_tells_games_apart(store: Store) -> None:
    """Three games of the same players: each row says when it was started and its moves;
    the highlighted one whose turn it is and where it stands, in its engine's words."""
    from tabletop.games.pocketparks.engine import ENGINE as PARKS
    from tabletop.games.spacepark.engine import ENGINE as SPACE

    seats = (SeatInfo("Ann"), SeatInfo("Bob"))
    parks = GameSession.start(store, PARKS, seats, {}, 1)
    space = GameSession.start(store, SPACE, seats, {}, 2)
    space.act(space.legal_actions(space.to_act[0])[0])
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        screen = app.screen
        assert isinstance(screen, ContinueScreen)
        table = screen.query_one(DataTable)
        assert [str(c.label) for c in table.columns.values()] == [
            "Game",
            "Players",
            "Started",
            "Moves",
            "Last played",
        ]
        for row, session in enumerate((space, parks)):  # the one played last first
            table.move_cursor(row=row)
            for _ in range(50):  # worked out in a thread
                await pilot.pause()
                details = str(screen.query_one("#details", Static).render())
                if "reading" not in details:
                    break
            state = session.state
            turn = session.seats[session.engine.to_act(state)[0]].name
            assert f"{turn}'s turn." in details
            assert session.engine.position(state) in details
            assert f"{session.moves} move" in details


async def test_continue_says_where_a_dragon_left_running_stands(store: Store) -> None:
    """A Pocket Dragon game killed with its clocks running: Continue's line on it reads
    the clocks where they were last saved, as the game resumes there."""
    from tabletop.games.pocketdragon.engine import ENGINE as DRAGON
    from tabletop.games.pocketdragon.model import Start

    game = GameSession.start(store, DRAGON, (SeatInfo("Ann"), SeatInfo("Bob")), {}, 1)
    game.act(Start(seat=0, now=0.0))
    game.advance(42.3)  # a checkpoint of the running clocks; then the app is killed
    resumed = GameSession.resume(store, game.game_id, DRAGON)
    line = DRAGON.position(resumed.state)
    assert "time left 258 s, hunger 78 s" in line
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        screen = app.screen
        assert isinstance(screen, ContinueScreen)
        for _ in range(50):  # worked out in a thread
            await pilot.pause()
            details = str(screen.query_one("#details", Static).render())
            if "reading" not in details:
                break
        assert line in details.replace("\n", " ")


async def test_continue_lists_newest_first_and_resumes(store: Store, toy: None) -> None:
    older = GameSession.start(store, ENGINE, (SeatInfo("Ann"), SeatInfo("Bob")), {}, 1)
    newer = GameSession.start(store, ENGINE, (SeatInfo("Cat"), SeatInfo("Dan")), {}, 2)
    newer.act(Bet(seat=0, amount=2))
    hand = newer.view(0)
    assert isinstance(hand, ToyView) and hand.hand
    newer.act(Play(seat=0, card=hand.hand[0]))
    assert older.moves == 0  # both saved; the newer one was played last
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        assert isinstance(app.screen, ContinueScreen)
        table = app.screen.query_one(DataTable)
        assert [str(table.get_row_at(i)[1]) for i in range(2)] == ["Cat, Dan", "Ann, Bob"]
        assert str(table.get_row_at(0)[3]) == "2"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, Curtain) and app.screen.player == "Dan"
        game = app.screen_stack[-2]
        assert isinstance(game, ToyScreen)
        assert ENGINE.state_json(game.session.state) == ENGINE.state_json(newer.state)
        await pilot.press("escape")  # leave from the curtain: back to Continue
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)
        [left] = [g for g in store.unfinished() if g.id == newer.game_id]
        assert store.load_snapshot(left.id, left.version) is not None  # opens fast next time
        await pilot.press("d", "n")  # asked first; no keeps it
        assert len(store.unfinished()) == 2
        await pilot.press("d", "y")
        await pilot.pause()
        assert [g.id for g in store.unfinished()] == [older.game_id]
        assert store.load_snapshot(left.id, left.version) is None  # gone with its game
        assert table.row_count == 1


async def test_a_game_that_no_longer_replays_is_reported(store: Store, toy: None) -> None:
    broken = GameSession.start(store, ENGINE, (SeatInfo("Ann"), SeatInfo("[b]Bob")), {}, 1)
    store.append_action(broken.game_id, 0, {"kind": "play", "seat": 0, "card": 999})
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)
        [report] = [n for n in app._notifications if n.title == "Cannot resume"]
        assert "[TOY-PLAY-1]" in report.message
    assert store.unfinished()[0].id == broken.game_id  # still listed, not hidden


async def test_settings_are_saved_and_read_back(store: Store) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#curtain", Switch).toggle()
        app.screen.query_one("#glyphs", Switch).toggle()
        app.screen.query_one("#bot_pace", Select).value = "slow"
        app.screen.query_one("#response_window", Select).value = 0
        app.theme = "nord"
        await pilot.pause()
    assert store.settings() == {
        "curtain": False,
        "glyphs": True,
        "theme": "nord",
        "bot_pace": "slow",
        "response_window": 0,
    }
    again = TabletopApp(store)
    async with again.run_test(size=SIZE):
        assert again.settings.curtain is False and again.settings.glyphs is True
        assert again.theme == "nord" and again.settings.bot_pause == 1.5
        assert again.settings.window_seconds is None  # the window waits for a key
    store.save_setting("bot_pace", "warp")  # a pace this tabletop does not know
    store.save_setting("response_window", 7)  # nor a wait it does not offer
    assert Settings.load(store).bot_pace == "readable"
    assert Settings.load(store).response_window == 20


async def test_each_settings_switch_says_on_or_off(store: Store) -> None:
    """Without colour (NO_COLOR) a switch's knob is nearly its track's grey: each switch
    has its word beside it, which follows a toggle."""
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        screen = app.screen
        assert isinstance(screen, SettingsScreen)

        def word(name: str) -> str:
            return str(screen.query_one(f"#{name}-word", Label).render()).strip()

        assert [word(n) for n in ("glyphs", "curtain", "bell")] == ["off", "on", "on"]
        screen.query_one("#curtain", Switch).toggle()
        await pilot.pause()
        assert word("curtain") == "off"
        screen.query_one("#curtain", Switch).toggle()
        await pilot.pause()
        assert word("curtain") == "on"


async def test_a_too_small_terminal_gets_a_message_and_recovers(store: Store) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=(40, 10)) as pilot:
        home = app.screen
        assert home.has_class("-too-small")
        message = home.query_one(TooSmall)
        assert message.display and "at least 60x16" in str(message.render())
        assert not home.query_one("#games").display
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert not home.has_class("-too-small")
        assert home.query_one("#games").display and not message.display


async def test_a_damaged_file_is_announced(tmp_path: Path) -> None:
    path = tmp_path / "tabletop.db"
    path.write_bytes(b"garbage" * 1000)
    store = Store(path)
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        [notice] = [n for n in app._notifications if "moved to" in n.message]
        assert notice.severity == "error"
    store.close()


async def test_the_palette_offers_every_screen(store: Store, toy: None) -> None:
    app = TabletopApp(store)
    async with app.run_test(size=SIZE):
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert {"New game: Toy Game", "Continue", "History", "Rules", "Settings"} <= titles


async def test_ctrl_c_quits_cleanly_mid_game(store: Store, toy: None) -> None:
    session = GameSession.start(store, ENGINE, (SeatInfo("Ann"), SeatInfo("Bob")), {}, 3)
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        app.resume(session.game_id, "toygame")
        await pilot.press("enter", "b")
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert not app.is_running
    assert app.return_code == 0
    assert store.load_record(session.game_id).actions == [{"seat": 0, "kind": "bet", "amount": 1}]


async def test_a_move_another_tabletop_saved_first_is_reported_and_the_game_reloaded(
    store: Store, toy: None
) -> None:
    session = GameSession.start(store, ENGINE, (SeatInfo("Ann"), SeatInfo("Bob")), {}, 3)
    rival = {"kind": "bet", "seat": 0, "amount": 3}
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        app.resume(session.game_id, "toygame")
        await pilot.press("enter")
        stale = app.screen
        store.append_action(session.game_id, FIRST_VERSION, rival)  # another tabletop
        await pilot.press("b")
        await pilot.pause()
        [told] = [n for n in app._notifications if n.title == "Changed in another tabletop"]
        assert "Your move was not made: here it is as saved there." in told.message
        await pilot.press("enter")  # the reloaded game's curtain
        game = app.screen
        assert isinstance(game, ToyScreen) and game is not stale
        assert game.session.record.actions == [rival]
    assert store.load_record(session.game_id).actions == [rival]


async def test_an_undo_in_a_copy_another_tabletop_moved_on_is_refused_and_reloaded(
    store: Store, toy: None
) -> None:
    store.save_setting("curtain", False)
    session = GameSession.start(store, ENGINE, (SeatInfo("Ann"), SeatInfo("Bob")), {}, 3)
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        app.resume(session.game_id, "toygame")
        await pilot.press("b")
        await pilot.pause()
        other = Store(store.path)  # another tabletop on the same saved games moves on
        GameSession.resume(other, session.game_id, ENGINE).act(Bet(seat=0, amount=2))
        other.close()
        await pilot.press("u")
        await pilot.pause()
        [told] = [n for n in app._notifications if n.title == "Changed in another tabletop"]
        assert "Nothing was undone: here it is as saved there." in told.message
        game = app.screen
        assert isinstance(game, ToyScreen) and game.session.moves == 2
    bets = [{"seat": 0, "kind": "bet", "amount": a} for a in (1, 2)]
    assert store.load_record(session.game_id).actions == bets


async def test_a_move_in_a_game_another_tabletop_deleted_says_so_and_goes_home(
    store: Store, toy: None
) -> None:
    store.save_setting("curtain", False)
    session = GameSession.start(store, ENGINE, (SeatInfo("Ann"), SeatInfo("Bob")), {}, 3)
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        app.resume(session.game_id, "toygame")
        await pilot.pause()
        [listed] = store.unfinished()
        store.delete_game(listed.id, listed.version)  # from another tabletop's Continue
        await pilot.press("b")
        await pilot.pause()
        [told] = [n for n in app._notifications if n.title == "Changed in another tabletop"]
        assert told.message == (
            "This game was deleted, in another tabletop open on the same saved games. "
            "Your move was not made: the game here is closed."
        )
        assert isinstance(app.screen, HomeScreen)


async def test_a_disk_that_refuses_writes_does_not_stop_the_game(store: Store, toy: None) -> None:
    """Writes fail (SQLite's query_only, as a full disk): the player is told once, the
    game goes on, Home asks twice before dropping the unsaved moves, and once writes
    work again the next move saves them all and says so."""
    store.save_setting("curtain", False)
    session = GameSession.start(store, ENGINE, (SeatInfo("Ann"), SeatInfo("Bob")), {}, 3)
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        app.resume(session.game_id, "toygame")
        await pilot.pause()
        game = app.screen
        assert isinstance(game, ToyScreen)
        store._db.execute("PRAGMA query_only = ON")
        await pilot.press("b", "b")
        await pilot.pause()
        assert game.session.moves == 2
        warnings = [n for n in app._notifications if n.title == "Not saved"]
        assert len(warnings) == 1 and "The game goes on" in warnings[0].message
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game  # the first Escape only warns
        assert any("Press Escape again" in n.message for n in app._notifications)
        store._db.execute("PRAGMA query_only = OFF")
        await pilot.press("b")
        await pilot.pause()
        assert any(n.title == "Saved" for n in app._notifications)
        assert store.load_record(session.game_id).actions == game.session.record.actions
        assert len(game.session.record.actions) == 3
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not game


async def test_a_game_screen_too_small_says_so(store: Store, toy: None) -> None:
    store.save_setting("curtain", False)
    session = GameSession.start(store, ENGINE, (SeatInfo("Ann"), SeatInfo("Bob")), {}, 3)
    app = TabletopApp(store)
    async with app.run_test(size=(70, 20)) as pilot:
        app.resume(session.game_id, "toygame")
        await pilot.pause()
        game = app.screen
        assert isinstance(game, ToyScreen) and game.viewer == 0  # no curtain: setting off
        assert game.has_class("-too-small")
        assert "at least 80x24" in str(game.query_one(TooSmall).render())
        assert not game.query_one("#table").display
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert not game.has_class("-too-small") and game.query_one("#table").display


@pytest.mark.parametrize("game", names())
async def test_the_setup_form_shows_every_option_of_each_game(store: Store, game: str) -> None:
    from tabletop.games import get_engine

    try:
        engine = get_engine(game)
    except AttributeError:
        pytest.skip(f"{game} has no ENGINE yet")
    app = TabletopApp(store)
    async with app.run_test(size=SIZE):
        await app.push_screen(SetupScreen(engine))
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        options = engine.options_type.model_json_schema().get("properties", {})
        assert set(setup.option_fields) == set(options)
        for name in options:
            assert setup.query_one(f"#opt-{name}").display
        # the untouched form gives the engine's own defaults
        players = tuple(f"P{i}" for i in range(engine.min_players))
        chosen = engine.options(Setup(players=players, options=setup.chosen_options()))
        assert chosen == engine.options_type()


def test_run_refuses_a_database_from_a_newer_tabletop(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import sqlite3

    from tabletop.tui.app import run

    Store(tmp_path / "tabletop.db").close()
    with sqlite3.connect(tmp_path / "tabletop.db") as db:
        db.execute("PRAGMA user_version = 999")
    assert run(tmp_path) == 1
    assert "newer tabletop" in capsys.readouterr().err


async def test_a_real_time_table_gets_no_turn_curtain(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    dragon = pytest.importorskip("tabletop.games.pocketdragon.engine")
    bare = ui_games.UiKit("pocketdragon", lambda _: GameScreen, hand=list, measures=dict)
    monkeypatch.setitem(ui_games.KITS, "pocketdragon", bare)
    session = GameSession.start(store, dragon.ENGINE, (SeatInfo("Ann"), SeatInfo("Bob")), {}, 1)
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        app.play(session)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)  # no curtain on top
        assert app.screen.check_action("undo", ()) is False
