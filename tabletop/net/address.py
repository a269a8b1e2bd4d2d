"""Where a host listens and what it tells the players, without the server: the app's
setup screen offers these choices before anything is hosted (and imports no more)."""

from __future__ import annotations

import shlex
import socket
from contextlib import suppress
from pathlib import Path

NOT_ENCRYPTED = (
    "the connections are not encrypted: anyone on this network can read the game and the join codes"
)
"""Said wherever a table is hosted beyond this computer without TLS."""


def loopback(bind: str) -> bool:
    """Only this computer can reach ``bind``."""
    return bind in ("localhost", "::1") or bind.startswith("127.")


def network_address() -> str | None:
    """This computer's address on its network (a UDP socket's route; nothing is sent),
    or None without a network."""
    with suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.254.254.254", 1))
        address: str = probe.getsockname()[0]
        return address
    return None


def address_for_others(bind: str) -> str:
    """The address to give the players: the bound one, or for a bind to every interface
    this computer's address on its network."""
    if bind not in ("0.0.0.0", "::", ""):
        return f"[{bind}]" if ":" in bind else bind
    return network_address() or socket.gethostname()


def join_command(url: str, cafile: Path | None = None) -> str:
    """The command a player runs to take a seat at ``url`` (trusting ``cafile``, the
    host's certificate): it asks for the seat's code, which is never on it."""
    args = ["tabletop", "join", url]
    if cafile is not None:
        args += ["--cafile", str(cafile)]
    return shlex.join(args)
