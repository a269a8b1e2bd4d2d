"""Command line: `tabletop` opens the app; subcommands run headless tools."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop import __version__

if TYPE_CHECKING:
    from tabletop.core.store import Store


def build_parser() -> argparse.ArgumentParser:
    from tabletop.games import kits

    with_cards = [kit.name for kit in kits() if kit.content_report is not None]
    with_bots = [kit.name for kit in kits() if kit.bots is not None]
    parser = argparse.ArgumentParser(
        prog="tabletop",
        description="Real tabletop games at one keyboard: "
        + ", ".join(kit.title for kit in kits())
        + ".",
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
    play = sub.add_parser(
        "play",
        help="open the game app (the default); with a game or --continue, play it in words",
        description="With no game, opens the game app. With a game (or --continue), plays it "
        "as plain lines in this terminal, for screen readers and braille displays "
        "(docs/play-by-words.md); saved like the app's games.",
    )
    play.add_argument("game", nargs="?", help="the game to play in words")
    play.add_argument(
        "--players", metavar="NAMES", help="the players, comma-separated (a bot: Cy:normal)"
    )
    play.add_argument(
        "--options", default="{}", metavar="JSON", help="the game's options, as a JSON object"
    )
    play.add_argument("--seed", type=int, default=None, help="the new game's seed (random)")
    play.add_argument(
        "--continue", dest="resume", type=int, metavar="ID", help="go on with a saved game"
    )
    sub.add_parser(
        "engine",
        help="drive a game over JSON lines on stdin/stdout (see docs/engine-protocol.md)",
    )
    content = sub.add_parser("content", help="print a game's card content report")
    content.add_argument("game", choices=with_cards, help="the game whose deck to describe")
    sim = sub.add_parser(
        "sim",
        help="play many games between bots, headless, and print win rates and content figures",
        description="Play bot tables headless. Bots: random (easy), greedy (normal), "
        "hard (search). A Space Park table of one seat is the solo game against Scout.",
    )
    sim.add_argument("game", help=f"the game to simulate ({' or '.join(with_bots)})")
    sim.add_argument("--games", type=int, default=100, metavar="N", help="games to play (>= 1)")
    sim.add_argument(
        "--seats",
        default=None,
        help="one bot per seat, comma-separated: random, greedy or hard (default greedy,greedy;"
        " pocketdragon plays its partner bot's tables instead, and takes none)",
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
        "terminal with `tabletop join`, or with --web from a browser. Prints a JSON line "
        "(address, one join code per seat), then a summary.",
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
    host.add_argument(
        "--web",
        action="store_true",
        help="also serve each seat's game screen to a browser (a link per seat)",
    )
    host.add_argument(
        "--web-port",
        type=int,
        default=0,
        metavar="PORT",
        help="the browser seats' port, with --web (default 0: a free one)",
    )
    join = sub.add_parser(
        "join",
        help="take a seat at a hosted game",
        description="Take your seat at a game `tabletop host` serves. It asks for your "
        "seat's join code (a command line is readable by every user of this computer).",
    )
    join.add_argument("url", help="the host's address, as it printed it (ws://... or wss://...)")
    join.add_argument(
        "--code-file",
        type=Path,
        metavar="FILE",
        help="read your seat's join code from FILE (else it is asked for on the terminal, "
        "or read from the first line of standard input); never give it on the command line",
    )
    join.add_argument(
        "--text",
        action="store_true",
        help="play the seat in words, as tabletop play does (docs/play-by-words.md)",
    )
    join.add_argument(
        "--engine",
        action="store_true",
        help="speak the engine protocol on stdin/stdout for this seat (scripts, bots)",
    )
    join.add_argument(
        "--cafile", metavar="FILE", help="trust this certificate (a host's own, for wss://)"
    )
    # A browser seat's process (net/web.py): it ends once the host that started it has
    # gone, as its page's terminal has then gone with it.
    join.add_argument("--host-pid", type=int, help=argparse.SUPPRESS)
    saves = sub.add_parser(
        "saves",
        help="list, export, import and check saved games",
        description="The saved games of the data directory. A game is exported as a game "
        "file (JSON; schema in docs/game-record.schema.json) and imported by replaying every "
        "move through its rules: a file that does not replay is refused, with nothing stored. "
        "Exit status 0 when done, 1 when refused or when check finds a problem.",
    )
    saves_sub = saves.add_subparsers(dest="saves_command", metavar="ACTION", required=True)
    saves_sub.add_parser("list", help="every saved game: number, game, state, players, result")
    export = saves_sub.add_parser("export", help="write a saved game to a game file")
    export.add_argument("id", type=int, help="the game's number (see: tabletop saves list)")
    export.add_argument(
        "file",
        nargs="?",
        help="where to write it (- for standard output; default: a new file in the current "
        "folder, named after the game and when it began)",
    )
    export.add_argument("--force", action="store_true", help="replace FILE if it exists")
    import_ = saves_sub.add_parser(
        "import", help="add the game of a game file to the saved games, once it replays"
    )
    import_.add_argument("file", help="the game file (- for standard input)")
    saves_sub.add_parser(
        "check", help="check the saved games file and replay every game; name each damaged one"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        parser = build_parser()
    except ValueError as exc:  # a game TABLETOP_GAMES names that cannot be loaded
        print(f"tabletop: error: {exc}", file=sys.stderr)
        return 2
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
        from tabletop.games import kit

        report = kit(args.game).content_report
        assert report is not None  # the parser's choices
        # A reader that stops early (`| head`) is not an error.
        with contextlib.suppress(BrokenPipeError):
            print(report(), flush=True)
        return 0
    if args.command == "join" and args.text:
        from tabletop.text import run as text

        return text.join(args.url, args.code_file, args.cafile)
    if args.command == "join" and args.engine:
        from tabletop.net import headless

        return headless.run(args.url, args.code_file, args.cafile)
    data_dir = args.data_dir
    if data_dir is None and os.environ.get("TABLETOP_DATA_DIR"):
        data_dir = Path(os.environ["TABLETOP_DATA_DIR"])
    if args.command == "join":
        from tabletop.tui import join

        return join.run(data_dir, args.url, args.code_file, args.cafile, args.host_pid)
    if args.command == "play" and (args.game is not None or args.resume is not None):
        from tabletop.text import run as text

        return text.run(data_dir, args.game, args.players, args.options, args.seed, args.resume)
    if args.command == "saves":
        with contextlib.suppress(BrokenPipeError):
            return saves(data_dir, args)
        return 0
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
                args.web,
                args.web_port,
            )
        )
    from tabletop.tui.app import run

    return run(data_dir)


def saves(data_dir: Path | None, args: argparse.Namespace) -> int:
    """`tabletop saves ACTION`: 0 when done, 1 when refused or a problem is found."""
    from tabletop.core.store import Store, StoreError, default_path
    from tabletop.saves import SavesError

    try:
        store = Store(default_path(data_dir))
    except StoreError as exc:
        print(f"tabletop saves: {exc}", file=sys.stderr)
        return 1
    try:
        for notice in store.notices:
            print(f"tabletop saves: {notice}", file=sys.stderr)
        if args.saves_command == "list":
            return _saves_list(store)
        if args.saves_command == "export":
            return _saves_export(store, args.id, args.file, args.force)
        if args.saves_command == "import":
            return _saves_import(store, args.file)
        return _saves_check(store)
    except SavesError as refused:
        print(f"tabletop saves {args.saves_command}: {refused}", file=sys.stderr)
        return 1
    finally:
        store.close()


def _saves_list(store: Store) -> int:
    from tabletop.core.times import shown
    from tabletop.saves import title
    from tabletop.stats import result_line

    rows = [
        (g.id, title(g.game), "unfinished", str(g.moves), shown(g.updated), ", ".join(g.players))
        for g in store.unfinished()
    ]
    rows += [
        (g.id, title(g.game), "finished", str(g.moves), shown(g.finished), result_line(g))
        for g in store.finished()
    ]
    rows += [(g.id, title(g.game), "damaged", "", "", g.why) for g in store.damaged()]
    if not rows:
        print(f"No saved games in {store.path}.")
        return 0
    table = [("game", "", "state", "moves", "last played", "players or result")]
    table += [(str(row[0]), *row[1:]) for row in sorted(rows, key=lambda row: row[0])]
    widths = [max(len(row[column]) for row in table) for column in range(5)]
    for row in table:
        cells = [
            cell.rjust(width) if column in (0, 3) else cell.ljust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=False))
        ]
        print("  ".join([*cells, row[5]]).rstrip())
    return 0


def _saves_export(store: Store, game_id: int, file: str | None, force: bool) -> int:
    from tabletop.core.record import dump_game_file
    from tabletop.saves import (
        export_to,
        export_to_folder,
        game_file,
        hidden_cards_warning,
        quoted,
    )

    game = game_file(store, game_id)
    warning = hidden_cards_warning(game)
    if warning is not None:
        print(f"tabletop saves export: {warning}", file=sys.stderr)
    if file == "-":
        sys.stdout.write(dump_game_file(game))
        return 0
    if file is None:
        path = export_to_folder(store, game_id, Path.cwd())
    else:
        try:
            path = export_to(store, game_id, Path(file), replace=force)
        except FileExistsError:
            print(
                f"tabletop saves export: {quoted(file)} already exists: name another file, "
                "or add --force to replace it.",
                file=sys.stderr,
            )
            return 1
    print(f"Game {game_id} exported to {quoted(str(path))}.")
    return 0


def _saves_import(store: Store, file: str) -> int:
    from tabletop.saves import SavesError, import_game, read_file, read_stream, title

    if not store.saving:
        raise SavesError("The saved games cannot be written (see above): nothing was imported.")
    if file == "-":
        game = read_stream(sys.stdin.buffer, "The standard input")
    else:
        game = read_file(Path(file))
    done = import_game(store, game)
    state = "finished: it is in History" if done.finished else "it can be continued"
    print(f"Imported as game {done.id} ({title(done.game)}: {', '.join(done.players)}), {state}.")
    return 0


def _saves_check(store: Store) -> int:
    from tabletop.core.words import counted
    from tabletop.saves import check

    count, problems = check(store)
    for problem in problems:
        print(problem)
    games = counted(count, "saved game")
    if problems:
        print(f"{games} checked: {counted(len(problems), 'problem')}.")
        return 1
    print(f"{games} checked: every one replays, and the file is sound.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
