"""The repository holds no symlink: a clone made where links are not supported
(Windows' default, ``core.symlinks=false``) installs and plays. tabletop.assets and
tabletop.seeds are the top-level assets/ and seeds/ folders, mapped by pyproject."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _git(*args: str, cwd: Path = ROOT) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_a_clone_without_symlinks_installs_and_plays(tmp_path: Path) -> None:
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    links = [line for line in _git("ls-files", "-s").splitlines() if line.startswith("120000")]
    assert not links, f"symlinks in the repository: {links}"
    clone = tmp_path / "clone"
    _git("clone", "-q", "-c", "core.symlinks=false", str(ROOT), str(clone), cwd=tmp_path)
    # A fresh environment that sees this one's packages (no download) but not its
    # tabletop: a .pth line adds a folder, whose own .pth files (the editable install's
    # finder) are not read.
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    Path(purelib, "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    install = [sys.executable, "-m", "pip", "--python", str(python), "install", "-q"]
    done = subprocess.run(
        [*install, "--no-deps", "--no-build-isolation", "-e", str(clone)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]

    where = subprocess.run(
        [python, "-c", "import tabletop.assets, tabletop.seeds; print(tabletop.assets.__file__)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert Path(where.strip()).is_relative_to(clone / "assets"), where
    requests = [
        {"op": "new", "game": "pocketparks", "players": ["Ann", "Bo"], "seed": 3},
        {"op": "view", "seat": 0},
    ]
    engine = subprocess.run(
        [venv / "bin" / "tabletop", "engine"],
        input="".join(json.dumps(r) + "\n" for r in requests),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    answers = [json.loads(line) for line in engine.stdout.splitlines()]
    assert [a["ok"] for a in answers] == [True, True], engine.stdout + engine.stderr
    assert len(answers[1]["view"]["hand"]) > 0  # dealt from the assets of the clone
