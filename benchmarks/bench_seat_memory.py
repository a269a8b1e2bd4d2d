"""Memory of one browser seat: the `tabletop join` process textual-serve runs per tab.

    .venv/bin/python benchmarks/bench_seat_memory.py [--quick]

A `tabletop host` of PocketParks on loopback; a seat's `tabletop join` started as
textual-serve starts it (its web driver, talking over pipes), read once its game
screen has drawn: its private memory (USS: what the tab adds to the machine; the rest
is shared with other processes, the interpreter and libraries), beside a bare Textual
app showing one Static under the same driver. Then where it goes: the private memory
of a bare Python and after each group of the seat's imports, in one process.
Linux only (/proc/PID/smaps_rollup). Not part of run_all.py, which prints the figures
issues 13 and 16 (item 7) ask for: issue 16's memory is the host's per table (the scale
row of bench_net.py); this one is a browser seat's, with a target of its own.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from measure import Figure, median, run_module

ROOT = Path(__file__).resolve().parent.parent
WEB = {
    "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver",
    "TEXTUAL_FPS": "60",
    "TEXTUAL_COLOR_SYSTEM": "truecolor",
    "COLUMNS": "130",
    "ROWS": "40",
}
BARE_APP = """
from textual.app import App
from textual.widgets import Static
class Bare(App):
    def compose(self):
        yield Static("one Static")
Bare().run()
"""
STAGES = {
    "textual": "import textual.app, textual.widgets",
    "pydantic models": "import tabletop.core.engine",
    "websockets, ssl": "import websockets.asyncio.client, ssl",
    "tabletop join": "import tabletop.tui.join",
    "the game (engine, screen)": (
        "import tabletop.games.pocketparks.engine, tabletop.tui.games.pocketparks.screen"
    ),
}


def private_mb(pid: int) -> float:
    """Private memory (Private_Clean + Private_Dirty) of a process, in MB."""
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        key, value = line.split(":", 1)
        fields[key] = int(value.split()[0])
    return (fields["Private_Clean"] + fields["Private_Dirty"]) / 1024


def drawn(command: list[str], first_line: bytes = b"") -> float:
    """Start ``command`` under the web driver (given ``first_line`` on stdin: a seat's
    code, as its host gives it), wait until it has drawn for a second, read its private
    memory, end it."""
    process = subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env={**os.environ, **WEB},
        cwd=ROOT,
    )
    assert process.stdout is not None and process.stdin is not None
    process.stdin.write(first_line)
    process.stdin.flush()
    out = process.stdout.fileno()
    try:
        received = b""
        deadline = time.monotonic() + 60
        # Until it has drawn (its first frames came) and then been quiet for a second.
        while time.monotonic() < deadline:
            ready, _, _ = select.select([out], [], [], 1.0)
            if ready:
                received += os.read(out, 65536)
            elif len(received) > 10_000:
                break
        return private_mb(process.pid)
    finally:
        process.kill()
        process.wait()


def stages() -> list[tuple[str, float]]:
    """Private memory after each group of the seat's imports, in one fresh process."""
    code = "import json, os, sys\nsys.path.insert(0, 'benchmarks')\n"
    code += "from bench_seat_memory import private_mb\n"
    code += "out = [('python', private_mb(os.getpid()))]\n"
    for name, line in STAGES.items():
        code += f"{line}\nout.append(({name!r}, private_mb(os.getpid())))\n"
    code += "print(json.dumps(out))\n"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    return [(name, mb) for name, mb in json.loads(result.stdout)]


def figures(quick: bool) -> list[Figure]:
    legs = 1 if quick else 3
    with tempfile.TemporaryDirectory() as data:
        tabletop = [sys.executable, "-m", "tabletop", "--data-dir", data]
        host = subprocess.Popen(
            [*tabletop, "host", "pocketparks", "--players", "Ann,Bo,Cy", "--seed", "1"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            cwd=ROOT,
        )
        try:
            assert host.stdout is not None
            hosted = json.loads(host.stdout.readline())
            codes = [f"{s['code']}\n".encode() for s in hosted["seats"]]
            ours, bare = [], []
            for leg in range(legs):
                ours.append(drawn([*tabletop, "join", hosted["url"]], codes[leg % len(codes)]))
                bare.append(drawn([sys.executable, "-c", BARE_APP]))
        finally:
            host.terminate()
            host.wait()
    seat_mb, bare_mb = median(ours), median(bare)
    before = 0.0
    for name, mb in stages():
        print(f"  {name:28} {mb:5.1f} MB private (+{mb - before:4.1f})")
        before = mb
    return [
        Figure(
            "browser seat process, private memory",
            f"{seat_mb:.1f} MB",
            f"{bare_mb:.1f} MB (bare Textual app)",
            seat_mb / bare_mb,
            "at most 2x a bare Textual app",
            seat_mb <= 2 * bare_mb,
        )
    ]


def main() -> None:
    run_module(__doc__, figures)


if __name__ == "__main__":
    main()
