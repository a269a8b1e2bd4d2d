"""`tabletop join URL`: one seat of a hosted game, on the game's own screen.

The app joins with the seat's code (asked for before the app starts:
net.client.read_join_code), then opens the same game screen a game at one
keyboard opens, on the seat's table (net.client.RemoteTable) instead of a local
session: nobody else looks at this screen, so there is no curtain, and the other
seats' moves appear as the host sends them. The local store only keeps this
player's settings (theme, bell, glyphs); the game is the host's. Leaving the game
screen (Escape, or the result's Enter) ends the app; the seat is then away until the
same code joins again.
"""

from __future__ import annotations

import os
import ssl
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from tabletop.core.store import Store, StoreError, default_path
from tabletop.net.client import (
    Connection,
    Offline,
    Refused,
    RemoteTable,
    read_join_code,
    tls_context,
)
from tabletop.tui.app import TabletopApp
from tabletop.tui.kits import game_screen, has_ui
from tabletop.tui.remote import RemoteSeat
from tabletop.tui.screens.sized import SizedScreen
from tabletop.tui.text import plain
from tabletop.tui.widgets.bars import Footer, Header


class JoiningScreen(SizedScreen):
    """What the app shows until the seat's first update comes, or why it cannot join."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.quit", "Quit")]
    DEFAULT_CSS = """
    JoiningScreen #joining {
        padding: 1 2;
    }
    """

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url
        self.lines = [f"Joining the game at {url} …"]

    def compose_screen(self) -> ComposeResult:
        yield Header()
        yield Static(plain(self.lines[0]), id="joining")
        yield Footer()

    def say(self, line: str) -> None:
        self.lines = [*self.lines[-8:], line]
        if self.is_mounted:
            self.query_one("#joining", Static).update(plain("\n".join(self.lines)))


class JoinApp(TabletopApp):
    """The app for one seat of a hosted game (``tabletop join URL``)."""

    def __init__(
        self,
        store: Store,
        url: str,
        code: str,
        tls: ssl.SSLContext | None = None,
        host_pid: int | None = None,
    ) -> None:
        super().__init__(store)
        self.url, self.code, self.tls = url, code, tls
        self.host_pid = host_pid
        """A browser seat's: the host process that started this one (its parent)."""
        self.connection: Connection | None = None
        """The seat's connection, made once the app runs (it lives on the app's loop)."""
        self.joining = JoiningScreen(url)
        self.table: RemoteTable | None = None
        """The seat's table, once joined."""

    def get_default_screen(self) -> Screen[None]:
        return self.joining

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """Textual's own and the rules: a seat has no saved games here to open."""
        yield from super(TabletopApp, self).get_system_commands(screen)
        yield SystemCommand("Rules", "Read the rules of each game", self.action_rules)

    def on_mount(self) -> None:
        super().on_mount()
        connection = Connection(self.url, self.code, tls=self.tls, report=self._report)
        self.connection = connection
        self.run_worker(self._follow(connection), group="connection")
        self.run_worker(self._open(connection), group="connection")
        if self.host_pid is not None:
            self.set_interval(1, self._end_without_host)

    def _end_without_host(self) -> None:
        """A browser seat ends once its host is gone (killed: it could not end it), as
        the page's terminal went with the host: else it would rejoin a resumed host and
        hold the seat, shown there as present, with nobody at it."""
        if os.getppid() != self.host_pid:
            self.exit()

    def _report(self, line: str) -> None:
        """The connection's progress: on the joining screen (on the game screen, its
        title and notices say it)."""
        self.joining.say(line)

    async def _follow(self, connection: Connection) -> None:
        """The connection, for the app's life: it reconnects by itself."""
        try:
            await connection.run()
        except (Refused, Offline) as ended:
            self._report(f"Cannot play this seat: {ended}")

    async def _open(self, connection: Connection) -> None:
        """The seat's game screen, once its first update came."""
        try:
            await connection.ready()
        except (Refused, Offline) as refused:
            self.joining.say(f"Not joined: {refused}\nEscape quits.")
            return
        table = RemoteTable(connection)
        if not has_ui(table.engine.name):
            self.joining.say(f"{table.engine.title} has no screen in this tabletop.")
            return
        self.table = table
        self.push_screen(game_screen(RemoteSeat(table), self.settings), self._left)

    def _left(self, _: object) -> None:
        self.exit()

    async def action_quit(self) -> None:
        if self.connection is not None:
            await self.connection.close()
        self.exit()


def run(
    data_dir: Path | None,
    url: str,
    code_file: Path | None,
    cafile: str | None,
    host_pid: int | None = None,
) -> int:
    """`tabletop join URL`: 0 once the player left, 1 if the seat could not be played (the
    app said why), 2 for a bad command line or no code. ``host_pid``: a browser seat's
    host, its parent process (the seat ends once it is gone)."""
    try:
        tls = tls_context(url, cafile)
        code = read_join_code(code_file)
    except ValueError as exc:
        print(f"tabletop join: error: {exc}", file=sys.stderr)
        return 2
    try:
        store = Store(default_path(data_dir))
    except StoreError as exc:
        print(f"tabletop join: {exc}", file=sys.stderr)
        return 1
    app = JoinApp(store, url, code, tls, host_pid)
    try:
        app.run()
    except KeyboardInterrupt:
        return 130
    finally:
        store.close()
    if app.return_code:
        return app.return_code
    return 0 if app.table is not None else 1
