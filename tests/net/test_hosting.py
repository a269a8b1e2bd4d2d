"""A table hosted from the app's setup screen (tui/screens/hosting.py): seats marked
here play at this keyboard, seats marked remote join with their codes, shown when the
game starts; moves made at either reach the other, and nothing of a remote seat's
hand is drawn here."""

from __future__ import annotations

import asyncio
import shutil
import socket
import ssl
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Select, Static

from tabletop.core.session import GameSession
from tabletop.core.store import Store
from tabletop.games.spacepark.view import SpaceParkView
from tabletop.net.address import NOT_ENCRYPTED
from tabletop.tui.app import TabletopApp
from tabletop.tui.games.spacepark.screen import SpaceParkScreen
from tabletop.tui.screens.hosting import JoinCodes
from tabletop.tui.screens.setup import REMOTE, SetupScreen
from tabletop.tui.widgets.log import GameLog
from tests.net.netkit import certificate, join, latest
from tests.tui.test_spacepark_screen import keys_for

SIZE = (120, 36)


async def until(pilot: Pilot[Any], holds: Callable[[], bool]) -> None:
    async with asyncio.timeout(20):
        while not holds():
            await asyncio.sleep(0.005)
            await pilot.pause()


async def test_a_table_hosted_from_setup_plays_here_and_at_a_remote_seat(store: Store) -> None:
    """SP-TURN-1 across a table hosted from the app: Ann here, Bo remote (a headless seat
    with the code the app showed); each one's moves reach the other, Bo is shown away
    until he joins, and Ann's screen never shows Bo's hand (no curtain: only Ann is here)."""
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        codes, game = await hosted_from_setup(app, pilot)
        [(name, command, code)] = codes.hosting.joins()
        assert name == "Bo" and command.startswith("tabletop join ws://127.0.0.1:")
        assert "Ann" not in codes.commands  # a seat here has no command to give
        assert code not in command and f"then the code {code}" in codes.commands
        _, _, url = command.split()
        session = game.session
        assert isinstance(session, GameSession)
        assert "Bo (away)" in players(game)

        bo = await join(url, code)
        # Ann plays at the hosting keyboard: she is never away at Bo's screen.
        assert [seat["connected"] for seat in latest(bo)["seats"]] == [True, True]
        await until(
            pilot, lambda: "(away)" not in str(game.query_one("Scoreboard", Static).render())
        )
        for _ in range(4):
            seat = session.to_act[0]
            before = session.moves
            if seat == 0:
                assert game.viewer == 0 and app.screen is game  # never a curtain
                view = session.view(0)
                assert isinstance(view, SpaceParkView)
                await pilot.press(*keys_for(session.legal_actions(0)[0], view))
                await until(pilot, lambda before=before: latest(bo)["moves"] > before)
            else:
                legal = (await bo.ask({"op": "legal"}))["actions"]
                assert (await bo.ask({"op": "act", "action": legal[0]}))["ok"]
                await until(pilot, lambda before=before: session.moves > before)
            await until(pilot, lambda: game.query_one(GameLog).shown == session.log(0))
            assert bo.connection.log == session.log(1)
            hand = game.query_one("#hand", Static)
            assert game.viewer == 0 and str(hand.border_title) == "Ann's hand"
        await bo.stop()
        await until(
            pilot, lambda: "Bo (away)" in str(game.query_one("Scoreboard", Static).render())
        )
        await pilot.press("escape")  # leaving stops the host
        await pilot.pause()


async def test_a_remote_seat_s_move_is_drawn_here_in_the_screen_s_own_task(store: Store) -> None:
    """SP-TURN-1: Bo's move reaches the hosting screen through the session's watcher,
    which the host calls in its own task (Bo's connection). The screen draws it next in
    its own task, as a joined seat draws the host's updates: drawn from the host's, the
    first widget changed let the screen draw a frame before the others had changed, and
    they cost a second one."""
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        codes, game = await hosted_from_setup(app, pilot)
        [(_, command, code)] = codes.hosting.joins()
        url = command.split()[2]
        session = game.session
        assert isinstance(session, GameSession)
        bo = await join(url, code)
        if session.to_act == (0,):  # Ann first: her move, then Bo's turn
            view = session.view(0)
            assert isinstance(view, SpaceParkView)
            await pilot.press(*keys_for(session.legal_actions(0)[0], view))
            await until(pilot, lambda: latest(bo)["moves"] == 1)
        assert session.to_act == (1,)
        drawn_in: list[asyncio.Task[Any] | None] = []
        redraw = game.redraw

        def noting_the_task() -> None:
            drawn_in.append(asyncio.current_task())
            redraw()

        game.redraw = noting_the_task  # type: ignore[method-assign]
        before = session.moves
        legal = (await bo.ask({"op": "legal"}))["actions"]
        assert (await bo.ask({"op": "act", "action": legal[0]}))["ok"]
        assert session.moves == before + 1
        await until(pilot, lambda: game.query_one(GameLog).shown == session.log(0) and drawn_in)
        assert drawn_in == [game._task]  # once, in the screen's own task
        assert "Ann" in players(game) and session.to_act == (0,) and game.viewer == 0
        await bo.stop()
        await pilot.press("escape")
        await pilot.pause()


def players(game: SpaceParkScreen) -> str:
    return str(game.query_one("Scoreboard", Static).render())


async def setup_for(app: TabletopApp, pilot: Pilot[Any]) -> SetupScreen:
    """A Space Park setup for Ann here and Bo remote."""
    app.new_game("spacepark")
    await pilot.pause()
    setup = app.screen
    assert isinstance(setup, SetupScreen)
    for seat, name in enumerate(("Ann", "Bo")):
        setup.query_one(f"#seat-{seat}", Input).value = name
    setup.query_one("#kind-1", Select).value = REMOTE
    return setup


async def hosted_from_setup(
    app: TabletopApp, pilot: Pilot[Any]
) -> tuple[JoinCodes, SpaceParkScreen]:
    """Ann here and Bo remote, seed 8, hosted from the setup: the join codes the app
    showed, and the game screen that follows them (Enter)."""
    setup = await setup_for(app, pilot)
    setup.query_one("#seed", Input).value = "8"
    await pilot.press("ctrl+s")
    await until(pilot, lambda: isinstance(app.screen, JoinCodes))
    codes = app.screen
    assert isinstance(codes, JoinCodes)
    await pilot.press("enter")
    game = app.screen
    assert isinstance(game, SpaceParkScreen)
    return codes, game


def said(setup: SetupScreen, selector: str) -> str:
    return str(setup.query_one(selector, Static).render())


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl for a certificate")
async def test_a_table_hosted_from_setup_listens_where_asked_and_encrypts_with_tls(
    store: Store, tmp_path: Path
) -> None:
    """The setup offers what `tabletop host` does: where to listen (--bind), the port
    (--port) and TLS (--tls CERT KEY); it warns as the command does when the table listens
    beyond this computer without TLS; a certificate and key that do not do are refused
    before any game is saved; with them, the remote seat joins over wss:// trusting the
    certificate its command names."""
    cert, key = certificate(tmp_path)
    with socket.socket() as probe:  # a port free now
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        setup = await setup_for(app, pilot)
        assert "Only other terminals of this computer" in said(setup, "#traffic")
        setup.query_one("#bind", Select).value = "0.0.0.0"
        await pilot.pause()
        assert f"Warning: {NOT_ENCRYPTED}" in said(setup, "#traffic")
        setup.query_one("#tls-cert", Input).value = str(cert)
        await pilot.pause()
        assert "Encrypted" in said(setup, "#traffic") and "not encrypted" not in said(
            setup, "#traffic"
        )
        setup.query_one("#bind", Select).value = "127.0.0.1"
        setup.query_one("#port", Input).value = str(port)
        await pilot.press("ctrl+s")  # the key is missing
        await pilot.pause()
        assert "TLS needs both" in said(setup, "#error") and app.screen is setup
        setup.query_one("#tls-key", Input).value = str(tmp_path / "no-such-key.pem")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "cannot use the certificate" in said(setup, "#error") and app.screen is setup
        assert store.unfinished() == []  # nothing saved for a form refused
        setup.query_one("#tls-key", Input).value = str(key)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, JoinCodes))
        codes = app.screen
        assert isinstance(codes, JoinCodes)
        [(_, command, code)] = codes.hosting.joins()
        assert command.startswith(f"tabletop join wss://127.0.0.1:{port} ")
        assert command.endswith(f" --cafile {cert}") and "Warning" not in codes.commands
        url = command.split()[2]
        bo = await join(url, code, tls=ssl.create_default_context(cafile=str(cert)))
        assert latest(bo)["seats"][1]["connected"]
        await bo.stop()
        await pilot.press("enter", "escape")  # leaving stops the host
        await pilot.pause()


async def test_a_table_hosted_on_its_network_without_tls_says_it_is_not_encrypted(
    store: Store,
) -> None:
    """As `tabletop host --bind 0.0.0.0` warns: the join codes say that the network can
    read the game and the codes."""
    app = TabletopApp(store)
    async with app.run_test(size=SIZE) as pilot:
        setup = await setup_for(app, pilot)
        setup.query_one("#bind", Select).value = "0.0.0.0"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, JoinCodes))
        codes = app.screen
        assert isinstance(codes, JoinCodes) and codes.hosting.plain_traffic
        shown = str(codes.query_one(Static).render())
        assert f"Warning: {NOT_ENCRYPTED}." in shown and "--cafile" not in shown
        await pilot.press("enter", "escape")
        await pilot.pause()
