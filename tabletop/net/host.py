"""`tabletop host`: one game served to players at their own screens (docs/network.md).

The command opens the game (new, or resumed with its join codes), serves it with the
server (net/server.py) and, with --web, its browser seats (net/web.py), prints where
and how each player joins, and serves until the game is over and every seat has
left, or a signal stops it. Nothing imports this module but cli.py.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import signal
import ssl
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.core.session import GameSession, ResumeError
from tabletop.core.store import Store, StoreError, default_path, seats_from
from tabletop.games import get_engine, kit
from tabletop.net.address import NOT_ENCRYPTED, address_for_others, join_command, loopback
from tabletop.net.server import Host, HostError, codes_for, paced_bots, server_tls


def _to_stderr(line: str) -> None:
    print(f"tabletop host: {line}", file=sys.stderr, flush=True)


@dataclass(frozen=True)
class HostArgs:
    """What `tabletop host` was asked for (cli.py parses the command line)."""

    data_dir: Path | None
    game: str | None
    players: str | None
    options: str
    seed: int | None
    resume: int | None
    bind: str
    port: int
    tls: tuple[Path, Path] | None
    web: bool = False
    """Also serve each seat's game screen to browsers (textual-serve), on ``web_port``."""
    web_port: int = 0


def open_game(store: Store, args: HostArgs) -> tuple[GameSession, list[str]]:
    """The game to host, new or resumed, and its join codes (kept with the game). A
    real-time game's seat may be its partner bot (``Bo:quick``), which the host plays."""
    session = _start(store, args) if args.resume is None else _resume(store, args.resume)
    paced_bots(session)  # HostError for a bot the host cannot play
    return session, codes_for(store, session)


def _start(store: Store, args: HostArgs) -> GameSession:
    if args.game is None or args.players is None:
        raise HostError("name the game and its players (--players Ann,Bo), or --resume ID")
    try:
        engine = get_engine(args.game)
        options = json.loads(args.options)
        if not isinstance(options, dict):
            raise ValueError('--options must be a JSON object, such as \'{"mode": "table"}\'')
        seats = seats_from(args.players)
        kit(args.game).check_seats(seats, options)
        seed = args.seed if args.seed is not None else secrets.randbelow(2**32)
        return GameSession.start(store, engine, seats, options, seed)
    except json.JSONDecodeError as exc:
        raise HostError(f"--options is not JSON: {exc.msg}") from None
    except ValueError as exc:
        raise HostError(str(exc)) from None
    except StoreError as exc:
        raise HostError(f"cannot save the new game: {exc}") from None


def _resume(store: Store, game_id: int) -> GameSession:
    saved = {game.id: game for game in store.unfinished()}
    if game_id not in saved:
        raise HostError(
            f"there is no unfinished saved game {game_id} (the app's Continue screen lists them)"
        )
    try:
        session = GameSession.resume(store, game_id, get_engine(saved[game_id].game))
    except (ResumeError, ValueError) as exc:
        raise HostError(str(exc)) from None
    return session


def run(args: HostArgs) -> int:
    """`tabletop host`: print the address and codes, then serve until the game is over
    and every seat has left (or Ctrl+C)."""
    try:
        tls = server_tls(args.tls) if args.tls is not None else None
        store = Store(default_path(args.data_dir))
        session, codes = open_game(store, args)
    except (HostError, StoreError) as exc:
        print(f"tabletop host: error: {exc}", file=sys.stderr)
        return 2
    for notice in store.notices:
        _to_stderr(notice)
    try:
        return asyncio.run(_serve(args, session, codes, tls))
    except OSError as exc:  # the address is taken or not this computer's
        print(
            f"tabletop host: error: cannot listen on {args.bind}:{args.port}: {exc}",
            file=sys.stderr,
        )
        return 2


def announce(
    session: GameSession,
    codes: Sequence[str],
    bind: str,
    port: int,
    encrypted: bool,
    web_port: int | None = None,
    cafile: Path | None = None,
) -> tuple[str, str]:
    """What `tabletop host` prints once it listens: a JSON line for scripts (the address,
    each seat's name and code, and with ``web_port`` its browser link), then a summary
    for people: the command each player runs (with ``cafile``, the certificate to
    trust), and each seat's code, which the command asks for (never on its command
    line, where every user of the computer could read it)."""
    address = address_for_others(bind)
    url = f"{'wss' if encrypted else 'ws'}://{address}:{port}"
    seats: list[dict[str, Any]] = [
        {"seat": seat, "name": info.name, "code": code}
        if info.bot is None
        else {"seat": seat, "name": info.name, "bot": info.bot}  # the host plays it: no code
        for seat, (info, code) in enumerate(zip(session.seats, codes, strict=True))
    ]
    people = [seat for seat in seats if "code" in seat]
    if web_port is not None:
        for seat in people:
            seat["web"] = (
                f"{'https' if encrypted else 'http'}://{address}:{web_port}/seat/{seat['code']}"
            )
    line = json.dumps(
        {"url": url, "game": session.engine.name, "game_id": session.game_id, "seats": seats}
    )
    lines = [
        f"Hosting {session.engine.title} (game {session.game_id}) at {url}",
        f"Each player runs `{join_command(url, cafile)}` and types their own code when asked:",
    ]
    for seat in people:
        lines.append(f"  {seat['name']}: {seat['code']}")
        if web_port is not None:
            lines.append(f"    or in a browser: {seat['web']}")
    for seat in seats:
        if "bot" in seat:
            level = kit(session.engine.name).level(seat["bot"]).name
            lines.append(f"  {seat['name']}: a bot ({level}), played here by the host")
    if cafile is not None:
        lines.append(f"Give each player a copy of {cafile} (never its key).")
    where = "" if bind == "127.0.0.1" else f" --bind {bind}"
    if loopback(bind):
        lines.append("Only this computer can join (127.0.0.1). For a LAN: --bind 0.0.0.0.")
    elif not encrypted:
        lines.append(f"Warning: {NOT_ENCRYPTED}. Use --tls CERT KEY to encrypt them.")
    if web_port is not None:
        where += f" --web --web-port {web_port}"
    lines.append(
        f"Stopped? `tabletop host --resume {session.game_id}{where} --port {port}` goes on "
        "with the same codes at the same address."
    )
    return line, "\n".join(lines)


async def _serve(
    args: HostArgs, session: GameSession, codes: list[str], tls: ssl.SSLContext | None
) -> int:
    host = Host(report=_to_stderr)
    host.add(session, codes)
    port = await host.start(args.bind, args.port, tls)
    cafile = args.tls[0].resolve() if args.tls is not None else None
    web = web_port = None
    if args.web:
        from tabletop.net.web import SeatServer, browser_seats_dir, serve_web  # aiohttp: --web

        settings = browser_seats_dir(args.data_dir)
        server = SeatServer(host, _join_url_here(args.bind, port, tls), settings, cafile)
        web, web_port = await serve_web(server, args.bind, args.web_port, tls)
    for text in announce(session, codes, args.bind, port, tls is not None, web_port, cafile):
        print(text, flush=True)
    return await _until_stopped(host, session, web)


def _join_url_here(bind: str, port: int, tls: ssl.SSLContext | None) -> str:
    """The address a browser seat's process joins from this computer: loopback, unless
    the host listens on one address only, or its certificate names this computer's."""
    if tls is None and (bind in ("0.0.0.0", "::", "") or loopback(bind)):
        return f"ws://127.0.0.1:{port}"
    return f"{'wss' if tls else 'ws'}://{address_for_others(bind)}:{port}"


async def _until_stopped(host: Host, session: GameSession, web: Any) -> int:
    """Serve until the game is over and every seat has gone, or a signal stops it."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    finished = asyncio.create_task(host.done.wait())
    stopped = asyncio.create_task(stop.wait())
    await asyncio.wait({finished, stopped}, return_when=asyncio.FIRST_COMPLETED)
    if web is not None:
        await web.cleanup()  # the browser seats' processes end with their pages' sockets
    await host.close()
    session.retry_save()
    if session.save_problem is not None:
        _to_stderr(f"the latest moves could not be saved: {session.save_problem}")
        return 1
    return 0
