#!/usr/bin/env bash
# Packaging check: build the wheel, install it (not editable) into a fresh virtual
# environment in a temporary directory, and from outside the repository play a
# seeded game of each game through `tabletop engine` and start the app headless.
# Proves the assets, the rules digests and the styles ship inside the wheel.
#
#   scripts/check_wheel.sh            (uses python3; PYTHON=... to choose another)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
python=${PYTHON:-python3}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tabletop-wheel.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# Build from a copy of the tracked files, so the build leaves nothing in the checkout.
mkdir "$tmp/src"
if git -C "$repo" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git -C "$repo" ls-files -z | tar --null -T - -cf - | tar -xf - -C "$tmp/src"
else
    tar --exclude=./.venv --exclude=./build --exclude='./*.egg-info' -cf - . | tar -xf - -C "$tmp/src"
fi
"$python" -m venv "$tmp/venv"
pip=("$tmp/venv/bin/pip" --disable-pip-version-check --quiet)
# The build backend is chatty: its output is shown only if the build fails.
if ! "${pip[@]}" wheel --no-deps -w "$tmp/dist" "$tmp/src" >"$tmp/build.log" 2>&1; then
    cat "$tmp/build.log" >&2
    exit 1
fi
wheel=$(ls "$tmp"/dist/tabletop-*.whl)
echo "built $(basename "$wheel")"

# What must be inside: every asset and digest of the checkout (the top-level assets/ and
# seeds/ folders, packaged as tabletop.assets and tabletop.seeds), the styles, py.typed.
"$tmp/venv/bin/python" - "$wheel" "$repo" <<'EOF'
import sys, zipfile
from pathlib import Path

wheel, repo = sys.argv[1], Path(sys.argv[2])
names = set(zipfile.ZipFile(wheel).namelist())
wanted = {f"tabletop/{p.relative_to(repo)}" for d in ("assets", "seeds") for p in (repo / d).rglob("*") if p.is_file()}
wanted |= {"tabletop/py.typed", "tabletop/tui/app.tcss"}
missing = sorted(wanted - names)
assert not missing, f"missing from the wheel: {missing}"
assert not any(n.startswith(("tests/", "scripts/", "benchmarks/")) for n in names), "test files shipped"
print(f"wheel holds {len(names)} files, assets, digests and styles included")
EOF

"${pip[@]}" install "$wheel"

# From outside the checkout: nothing may come from the repository.
cd "$tmp"
export TABLETOP_DATA_DIR="$tmp/data"
"$tmp/venv/bin/tabletop" --version
"$tmp/venv/bin/tabletop" content pocketparks | head -n 1

cat > "$tmp/drive.py" <<'EOF'
"""Play one seeded game of each game through a `tabletop engine` process."""
import json
import random
import subprocess
import sys

from tabletop.games import kits

exe = sys.argv[1]
games = {
    kit.name: (["Ann", "Bo", "Cy", "Di", "Eve"][:players], options, kit.engine.realtime)
    for kit in kits()
    for players, options in kit.playtest.setups[-1:]
}
proc = subprocess.Popen([exe, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
now = 0.0


def send(request):
    proc.stdin.write(json.dumps({**request, "now": now}) + "\n")
    proc.stdin.flush()
    answer = json.loads(proc.stdout.readline())
    assert answer["ok"], (request, answer)
    return answer


for game, (players, options, realtime) in games.items():
    rnd = random.Random(7)
    now = 0.0
    answer = send({"op": "new", "game": game, "seed": 7, "players": players, "options": options})
    moves = 0
    while answer["outcome"] is None and moves < 60_000:
        seat = rnd.choice(answer["to_act"])
        legal = send({"op": "legal", "seat": seat})["actions"]
        choice = rnd.choice([a for a in legal if a["kind"] not in ("cancel", "pause", "reset")] or legal)
        now += 1.0
        if realtime:
            choice["now"] = now
        answer = send({"op": "act", "seat": seat, "action": choice})
        moves += 1
    assert answer["outcome"] is not None, f"{game} did not end"
    print(f"{game}: {moves} moves through the engine protocol: {answer['outcome']['summary']}")
proc.stdin.close()
assert proc.wait(timeout=30) == 0
EOF
"$tmp/venv/bin/python" "$tmp/drive.py" "$tmp/venv/bin/tabletop"

"$tmp/venv/bin/python" - "$tmp" <<'EOF'
"""Start the installed app headless: home, each game's rules (the digests), settings."""
import asyncio
import importlib
import sys
from pathlib import Path

import tabletop
from tabletop.core.store import Store
from tabletop.games import kits
from tabletop.tui.app import TabletopApp

root = Path(sys.argv[1])
for package in ("tabletop", "tabletop.assets", "tabletop.seeds"):
    where = Path(importlib.import_module(package).__file__).resolve()
    assert where.is_relative_to(root / "venv"), where
for kit in kits():
    kit.engine  # loads and validates the game's content
    ids = [rule.id for section in kit.rulebook.sections for rule in section.rules]
    # its own prefix (SP, PP, PD), beside the ids every game shares (TT)
    assert len({i.split("-")[0] for i in ids} - {"TT"}) == 1, f"the {kit.name} digest did not ship"


async def main() -> None:
    store = Store(root / "data" / "tabletop.db")
    app = TabletopApp(store)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "HomeScreen", app.screen
        await pilot.press("r")
        await pilot.pause()
        assert type(app.screen).__name__ == "RulesScreen", app.screen
        await pilot.press("escape")
        await pilot.press("q")
    store.close()


asyncio.run(main())
print(f"app started headless from {Path(tabletop.__file__).parent}")
EOF
echo "wheel check passed"
