"""Golden playthroughs: seeded random games of each game, recorded as text in
tests/golden/ (moves, log lines, what each seat and the spectator see, the
outcome). Any change of rules, views or log shows up here as a diff; when the
change is meant, rewrite them with scripts/regen_golden.py and review the diff."""

from __future__ import annotations

import difflib

import pytest

from tests.hardening.harness import GOLDEN_DIR, GameSpec, golden_games, golden_name, golden_text

GAMES = golden_games()


@pytest.mark.parametrize(
    ("spec", "setup_index", "seed"),
    GAMES,
    ids=[golden_name(*game).removesuffix(".txt") for game in GAMES],
)
def test_a_seeded_game_plays_as_recorded(spec: GameSpec, setup_index: int, seed: int) -> None:
    path = GOLDEN_DIR / golden_name(spec, setup_index, seed)
    assert path.exists(), f"{path.name} is missing: run scripts/regen_golden.py"
    recorded = path.read_text(encoding="utf-8")
    played = golden_text(spec, setup_index, seed)
    if played != recorded:
        diff = difflib.unified_diff(
            recorded.splitlines(), played.splitlines(), "recorded", "played now", n=1, lineterm=""
        )
        shown = "\n".join(line[:300] for line in list(diff)[:40])
        pytest.fail(
            f"{path.name} no longer matches the game. If the change is meant, run "
            f"`.venv/bin/python scripts/regen_golden.py` and review `git diff tests/golden`.\n"
            + shown
        )


def test_no_stray_golden_file() -> None:
    expected = {golden_name(*game) for game in GAMES}
    present = {p.name for p in GOLDEN_DIR.glob("*.txt")}
    assert present == expected, "run scripts/regen_golden.py to rewrite tests/golden"
