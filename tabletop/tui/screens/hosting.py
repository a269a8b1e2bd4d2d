"""A table hosted from the app: some seats here, at this keyboard (curtains between
them as at any table), the others remote, each joining from its own screen with its
code, exactly as at `tabletop host` (net/server.py; docs/network.md).

The host runs inside the app, on the game's own session: a move made here is sent to
the remote seats, a move made there is drawn here (the session's watchers), and the
game is saved as any game is. It stops when the game screen closes; the remote seats
then wait for it, and `tabletop host --resume ID` serves the game again with the
same codes. Turn-based games only: a real-time game's clocks need one owner, and
`tabletop host` is it.
"""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from tabletop.core.session import GameSession
from tabletop.core.store import Store
from tabletop.net.address import NOT_ENCRYPTED, address_for_others, join_command, loopback
from tabletop.net.server import Host, codes_for
from tabletop.tui.dialogs import Dialog
from tabletop.tui.text import plain
from tabletop.tui.widgets.bars import Footer


@dataclass(frozen=True)
class Listen:
    """Where and how a table hosted from the app listens, as `tabletop host`'s --bind,
    --port and --tls say: ``tls`` made from the certificate ``cafile`` and its key."""

    bind: str = "127.0.0.1"
    port: int = 0
    tls: ssl.SSLContext | None = None
    cafile: Path | None = None


class Hosting:
    """The host of a game whose ``remote`` seats join from elsewhere. ``cafile``: the
    certificate the remote seats trust, when the connections are encrypted."""

    def __init__(
        self,
        host: Host,
        session: GameSession,
        bind: str,
        url: str,
        codes: list[str],
        cafile: Path | None,
    ) -> None:
        self.host = host
        self.session = session
        self.bind = bind
        self.url = url
        self.codes = codes
        self.cafile = cafile
        self._closing: asyncio.Task[None] | None = None

    @classmethod
    async def start(
        cls,
        store: Store,
        session: GameSession,
        remote: frozenset[int],
        listen: Listen,
        report: Callable[[str], None],
    ) -> Hosting:
        """Serve ``session`` as ``listen`` says, its ``remote`` seats played elsewhere.
        HostError or OSError (nothing served) if it cannot."""
        codes = codes_for(store, session)
        session.elsewhere = remote
        host = Host(report=report)
        host.add(session, codes)
        try:
            port = await host.start(listen.bind, listen.port, listen.tls)
        except OSError:
            session.elsewhere = frozenset()
            raise
        scheme = "ws" if listen.tls is None else "wss"
        url = f"{scheme}://{address_for_others(listen.bind)}:{port}"
        return cls(host, session, listen.bind, url, codes, listen.cafile)

    def joins(self) -> list[tuple[str, str, str]]:
        """Each remote seat's player, the command that takes their seat (it asks for the
        code: never on a command line) and their code."""
        seats = self.session.seats
        command = join_command(self.url, self.cafile)
        return [
            (seats[seat].name, command, self.codes[seat]) for seat in sorted(self.session.elsewhere)
        ]

    @property
    def plain_traffic(self) -> bool:
        """Listening beyond this computer without TLS: the network can read it all."""
        return self.cafile is None and not loopback(self.bind)

    def stop(self) -> None:
        """Stop serving (the remote seats are told the host went away)."""
        if self._closing is None:
            self._closing = asyncio.get_running_loop().create_task(self.host.close())


class JoinCodes(Dialog[None]):
    """Who joins how: each remote seat's command, to give to that player alone."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "copy", "Copy the commands"),
        Binding("enter", "close", "Play"),
        Binding("escape", "close", "Play"),
    ]
    DEFAULT_CSS = """
    JoinCodes #codes {
        width: 90%;
        max-width: 120;
        height: auto;
        border: thick $accent;
        padding: 1 2;
        background: $surface;
    }
    """

    def __init__(self, hosting: Hosting) -> None:
        super().__init__()
        self.hosting = hosting

    @property
    def commands(self) -> str:
        return "\n".join(
            f"{name}: {command}, then the code {code}"
            for name, command, code in self.hosting.joins()
        )

    def compose(self) -> ComposeResult:
        lines = [
            Content.styled("This table is hosted: the remote seats join with", "bold"),
            plain(self.commands),
            Content(""),
            plain(
                "Give each player their own line only: its code is their seat. The seats "
                "here play at this keyboard. j on the game shows this again."
            ),
        ]
        if self.hosting.plain_traffic:
            lines.append(plain(f"Warning: {NOT_ENCRYPTED}."))
        elif self.hosting.cafile is not None:
            lines.append(
                plain(
                    "The connections are encrypted: each remote player needs a copy of the "
                    f"certificate {self.hosting.cafile} (never its key) for --cafile."
                )
            )
        with Vertical(id="codes"):
            yield Static(Content("\n").join(lines))
        yield Footer()

    def action_copy(self) -> None:
        self.app.copy_to_clipboard(self.commands)
        self.notify("Copied (where the terminal lets programs copy).", timeout=3)

    def action_close(self) -> None:
        self.dismiss(None)
