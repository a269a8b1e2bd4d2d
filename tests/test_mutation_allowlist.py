"""The equivalent mutants recorded for mutation testing (tests/mutation/allowlist.toml)
still describe the code: each names a file, a function in it, a line that is in it, a
different mutated line and the reason it changes nothing observable. An entry whose
line is gone must be reviewed again, not carried along."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENTRIES = tomllib.loads((ROOT / "tests" / "mutation" / "allowlist.toml").read_text())["equivalent"]


def _squeezed(text: str) -> str:
    return " ".join(text.split())


def test_every_entry_names_a_line_of_the_rules_code_and_a_reason() -> None:
    assert ENTRIES
    for entry in ENTRIES:
        assert set(entry) == {"file", "function", "original", "mutated", "reason"}, entry
        assert entry["file"].startswith("tabletop/games/"), entry
        source = _squeezed((ROOT / entry["file"]).read_text(encoding="utf-8"))
        assert f"def {entry['function'].split('.')[-1]}(" in source, entry
        assert _squeezed(entry["original"]) in source, f"no longer in {entry['file']}: {entry}"
        assert entry["mutated"] != entry["original"] and len(entry["reason"]) > 20, entry


def test_no_entry_twice() -> None:
    keys = [(e["file"], e["function"], e["original"], e["mutated"]) for e in ENTRIES]
    assert len(keys) == len(set(keys))
