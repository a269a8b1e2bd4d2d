"""Rewrite the golden playthroughs in tests/golden/ on purpose, after a change of
rules, views or log lines. Review the result with `git diff tests/golden`.

    .venv/bin/python scripts/regen_golden.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.hardening.harness import GOLDEN_DIR, golden_games, golden_name, golden_text  # noqa: E402


def main() -> int:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    wanted = set()
    for spec, setup_index, seed in golden_games():
        name = golden_name(spec, setup_index, seed)
        wanted.add(name)
        path = GOLDEN_DIR / name
        text = golden_text(spec, setup_index, seed)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        path.write_text(text, encoding="utf-8")
        print(f"{'unchanged' if old == text else 'written  '} {path.relative_to(ROOT)}")
    for stray in sorted(GOLDEN_DIR.glob("*.txt")):
        if stray.name not in wanted:
            stray.unlink()
            print(f"removed   {stray.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
