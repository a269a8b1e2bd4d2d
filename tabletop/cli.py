"""Command line: `tabletop` opens the app; subcommands run headless tools."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path

from tabletop import __version__


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tabletop",
        description="Real tabletop games at one keyboard: PocketParks, Space Park, Pocket Dragon.",
        epilog="With no command, opens the game app. Saved games live in the data directory "
        "(override with --data-dir or TABLETOP_DATA_DIR).",
    )
    parser.add_argument("--version", action="version", version=f"tabletop {__version__}")
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=None,
        help="where saved games and settings are kept",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("play", help="open the game app (the default)")
    sub.add_parser(
        "engine",
        help="drive a game over JSON lines on stdin/stdout (see docs/engine-protocol.md)",
    )
    content = sub.add_parser("content", help="print a game's card content report")
    content.add_argument("game", choices=["pocketparks"], help="the game whose deck to describe")
    sim = sub.add_parser(
        "sim",
        help="play many games between bots, headless, and print win rates and content figures",
        description="Play bot tables headless. Bots: random (easy), greedy (normal), "
        "hard (search). A Space Park table of one seat is the solo game against Scout.",
    )
    sim.add_argument("game", help="the game to simulate (spacepark or pocketparks)")
    sim.add_argument("--games", type=int, default=100, metavar="N", help="games to play (>= 1)")
    sim.add_argument(
        "--seats",
        default="greedy,greedy",
        help="one bot per seat, comma-separated: random, greedy or hard (default greedy,greedy)",
    )
    sim.add_argument("--seed", type=int, default=0, help="the seed of the first game")
    sim.add_argument("--json", action="store_true", help="print the report as JSON")
    sim.add_argument(
        "--budget", type=float, default=300, metavar="MS", help="time cap per bot decision"
    )
    sim.add_argument("--rotate", action="store_true", help="shift the bots one seat each game")
    host = sub.add_parser(
        "host",
        help="serve one game to players at their own screens (see docs/network.md)",
        description="Serve one game over WebSocket: each player joins from their own "
        "terminal with `tabletop join`. Prints a JSON line (address, one join code per "
        "seat), then a summary.",
    )
    host.add_argument("game", nargs="?", help="the game of a new table")
    host.add_argument("--players", metavar="NAMES", help="the players, comma-separated")
    host.add_argument(
        "--options", default="{}", metavar="JSON", help="the game's options, as a JSON object"
    )
    host.add_argument("--seed", type=int, default=None, help="the new game's seed (random)")
    host.add_argument(
        "--resume", type=int, metavar="ID", help="host a saved game instead (same join codes)"
    )
    host.add_argument(
        "--bind",
        default="127.0.0.1",
        metavar="ADDR",
        help="the address to listen on (default 127.0.0.1: this computer only; 0.0.0.0 for a LAN)",
    )
    host.add_argument("--port", type=int, default=0, help="the port (default 0: a free one)")
    host.add_argument(
        "--tls",
        nargs=2,
        type=Path,
        metavar=("CERT", "KEY"),
        help="encrypt the connections with this certificate and key",
    )
    join = sub.add_parser(
        "join",
        help="take a seat at a hosted game",
        description="Take your seat at a game `tabletop host` serves.",
    )
    join.add_argument("url", help="the host's address, as it printed it (ws://... or wss://...)")
    join.add_argument("code", help="your seat's join code")
    join.add_argument(
        "--engine",
        action="store_true",
        help="speak the engine protocol on stdin/stdout for this seat (scripts, bots)",
    )
    join.add_argument(
        "--cafile", metavar="FILE", help="trust this certificate (a host's own, for wss://)"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "engine":
        from tabletop.protocol import main as engine_main

        return engine_main()
    if args.command == "sim":
        from tabletop import sim

        problem = sim.check_args(args.game, args.seats, args.games, args.budget)
        if problem is not None:
            print(f"tabletop sim: error: {problem}", file=sys.stderr)
            return 2
        with contextlib.suppress(BrokenPipeError):
            return sim.run(
                args.game, args.seats, args.games, args.seed, args.json, args.budget, args.rotate
            )
        return 0
    if args.command == "content":
        from tabletop.games.pocketparks import content_report

        # A reader that stops early (`| head`) is not an error.
        with contextlib.suppress(BrokenPipeError):
            print(content_report(), flush=True)
        return 0
    if args.command == "join":
        if not args.engine:
            print(
                "tabletop join: the game screens for a hosted game are not built yet; "
                "--engine takes the seat over the engine protocol",
                file=sys.stderr,
            )
            return 2
        from tabletop.net import headless

        return headless.run(args.url, args.code, args.cafile)
    data_dir = args.data_dir
    if data_dir is None and os.environ.get("TABLETOP_DATA_DIR"):
        data_dir = Path(os.environ["TABLETOP_DATA_DIR"])
    if args.command == "host":
        from tabletop.net import host

        return host.run(
            host.HostArgs(
                data_dir,
                args.game,
                args.players,
                args.options,
                args.seed,
                args.resume,
                args.bind,
                args.port,
                tuple(args.tls) if args.tls else None,
            )
        )
    from tabletop.tui.app import run

    return run(data_dir)


if __name__ == "__main__":
    sys.exit(main())
