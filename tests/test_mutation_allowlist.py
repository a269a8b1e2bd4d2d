"""The equivalent mutants recorded for mutation testing (tests/mutation/allowlist.toml)
still describe the code: each mutmut entry names a file, a function in it, a line that
is in it, a different mutated line and the reason it changes nothing observable; each
entry of our own mutation step (scripts/mutation_ast.py) names a mutant the step makes
today, with its reason. An entry whose line or mutant is gone must be reviewed again,
not carried along."""

from __future__ import annotations

import importlib.util
import sys
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
ALLOWLIST = tomllib.loads((ROOT / "tests" / "mutation" / "allowlist.toml").read_text())
ENTRIES = ALLOWLIST["equivalent"]
OWN_ENTRIES = ALLOWLIST.get("equivalent_ast", [])


@cache
def _mutants() -> list[Any]:
    """Every mutant our own step makes, made once for both tests that read them."""
    spec = importlib.util.spec_from_file_location(
        "mutation_ast", ROOT / "scripts" / "mutation_ast.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    made: list[Any] = module.mutants(module.GAMES)
    return made


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


def test_every_entry_of_our_own_step_names_a_mutant_it_makes_and_a_reason() -> None:
    made = {m.name for m in _mutants()}
    for entry in OWN_ENTRIES:
        assert set(entry) == {"file", "function", "mutant", "reason"}, entry
        name = f"{entry['file']}::{entry['function']}::{entry['mutant']}"
        assert name in made, f"scripts/mutation_ast.py makes no such mutant: {name}"
        assert len(entry["reason"]) > 20, entry
    names = [(e["file"], e["function"], e["mutant"]) for e in OWN_ENTRIES]
    assert len(names) == len(set(names))


def test_our_own_step_names_each_mutant_once_and_changes_one_expression() -> None:
    made = _mutants()
    assert {m.kind for m in made} == {"constant", "clause"}
    assert len({m.name for m in made}) == len(made)
    originals = {path: (ROOT / path).read_text(encoding="utf-8") for path in {m.path for m in made}}
    for m in made:
        mutated = m.apply(originals[m.path])
        assert mutated != originals[m.path], m.name
        compile(mutated, m.path, "exec")
