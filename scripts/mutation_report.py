"""Kill rates and survivors of a mutmut run over the rules engines (scripts/mutation.sh).

``report GAME...`` reads mutmut's results under mutants/ and prints, per game, the
kill rate and every survivor as file:line with the line before and after. Two kinds
of mutant are left out of the rate, and listed apart:

- equivalent mutants recorded in tests/mutation/allowlist.toml, each with the reason
  it cannot change anything a player or a test could observe;
- wording mutants: the change is inside a string of prose (a log line or a refusal's
  message, told apart by its spaces). They change what players read, not the rules;
  the goldens pin the wording.

``sample GAME N SEED`` generates the mutants and prints N of the game's mutant names
drawn with SEED, for CI's short run.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import difflib
import io
import json
import os
import random
import sys
import tokenize
import tomllib
from dataclasses import dataclass
from pathlib import Path

GAMES = ("spacepark", "pocketparks", "pocketdragon")
ALLOWLIST = Path("tests/mutation/allowlist.toml")
TARGET = 95.0
# mutmut's exit codes: a failing test or pytest error kills; so does running out of time
# (an endless loop is as observable as a wrong answer).
KILLED = {1, 3, 24, -24, 152, 255, 36}
NO_TESTS = {5, 33}


@dataclass(frozen=True)
class Mutant:
    key: str
    path: str
    function: str
    line: int
    original: str
    mutated: str
    exit_code: int | None

    @property
    def status(self) -> str:
        if self.exit_code is None:
            return "not checked"
        if self.exit_code in KILLED:
            return "killed"
        if self.exit_code in NO_TESTS:
            return "no tests"
        return "survived" if self.exit_code == 0 else f"suspicious (exit {self.exit_code})"

    @property
    def wording(self) -> bool:
        """Only one token differs, and it is a string holding prose (it has a space)."""
        try:
            before = _tokens(self.original)
            after = _tokens(self.mutated)
        except (tokenize.TokenError, IndentationError, SyntaxError):
            return False
        changed = [(a, b) for a, b in zip(before, after, strict=False) if a.string != b.string]
        return (
            len(before) == len(after)
            and len(changed) == 1
            and changed[0][0].type == tokenize.STRING
            and " " in changed[0][0].string
        )


def _tokens(code: str) -> list[tokenize.TokenInfo]:
    return list(tokenize.generate_tokens(io.StringIO(code + "\n").readline))


def _functions(tree: ast.Module) -> dict[str, ast.FunctionDef]:
    """Module functions by name, and methods by ``Class.method``."""
    found: dict[str, ast.FunctionDef] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            found[node.name] = node
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    found[item.name] = item
                    found[f"{node.name}.{item.name}"] = item
    return found


def _body(lines: list[str], fn: ast.FunctionDef) -> list[str]:
    """The function's lines from its def to its end, stripped, its (generated) name left
    out of the def: a mutant may change a default in the signature only."""
    assert fn.end_lineno is not None
    text = [line.strip() for line in lines[fn.lineno - 1 : fn.end_lineno]]
    text[0] = text[0].replace(fn.name, "", 1)
    return text


def _original_name(generated: str) -> str:
    """``xǁClassǁmethod`` -> ``Class.method``; ``x_function`` -> ``function``."""
    if generated.startswith("xǁ"):
        _, cls, method = generated.split("ǁ")
        return f"{cls}.{method}"
    return generated[2:]


def mutants_of(game: str) -> list[Mutant]:
    """Every mutant of the game's mutated files, with the line it changes."""
    found = []
    for meta in sorted(Path("mutants/tabletop/games", game).glob("*.py.meta")):
        path = str(meta.relative_to("mutants"))[: -len(".meta")]
        results: dict[str, int | None] = json.loads(meta.read_text())["exit_code_by_key"]
        mutated_lines = (Path("mutants") / path).read_text().splitlines()
        generated = _functions(ast.parse("\n".join(mutated_lines)))
        source_lines = Path(path).read_text().splitlines()
        source = _functions(ast.parse("\n".join(source_lines)))
        for key, exit_code in results.items():
            name = key.rsplit(".", 1)[1]
            base = name.rpartition("__mutmut_")[0]
            before = _body(mutated_lines, generated[base + "__mutmut_orig"])
            after = _body(mutated_lines, generated[name])
            ops = difflib.SequenceMatcher(a=before, b=after, autojunk=False).get_opcodes()
            _, i1, i2, j1, j2 = next(op for op in ops if op[0] != "equal")
            function = _original_name(base)
            found.append(
                Mutant(
                    key,
                    path,
                    function,
                    source[function].lineno + i1,
                    " ".join(before[i1:i2]),
                    " ".join(after[j1:j2]),
                    exit_code,
                )
            )
    return found


def load_allowlist() -> dict[tuple[str, str, str, str], str]:
    """(file, function, original line, mutated line) -> why the mutant is equivalent."""
    entries = tomllib.loads(ALLOWLIST.read_text())["equivalent"]
    return {(e["file"], e["function"], e["original"], e["mutated"]): e["reason"] for e in entries}


def report(games: list[str], *, only: set[str] | None) -> int:
    """Print each game's figures; fail below the target, or (``only``: CI's sample) on
    any survivor among those mutants."""
    sample = only is not None
    allowed = load_allowlist()
    used: set[tuple[str, str, str, str]] = set()
    failed = False
    for game in games:
        checked = [
            m
            for m in mutants_of(game)
            if m.exit_code is not None and (only is None or m.key in only)
        ]
        if not checked:
            print(f"{game}: no mutmut results; run scripts/mutation.sh {game} first")
            failed = True
            continue
        equivalent, wording, rules = [], [], []
        for m in checked:
            entry = (m.path, m.function, m.original, m.mutated)
            if entry in allowed:
                used.add(entry)
                equivalent.append(m)
            elif m.wording:
                wording.append(m)
            else:
                rules.append(m)
        survivors = [m for m in rules if m.status != "killed"]
        killed = len(rules) - len(survivors)
        rate = 100.0 * killed / len(rules) if rules else 100.0
        print(
            f"{game}: {len(checked)} mutants checked; {len(rules)} of the rules, "
            f"{killed} killed ({rate:.1f}%); {len(equivalent)} equivalent (allow-list); "
            f"{len(wording)} wording ({sum(m.status == 'killed' for m in wording)} killed)"
        )
        for m in sorted(survivors, key=lambda m: (m.path, m.line)):
            print(f"  {m.status}: {m.path}:{m.line}  {m.original}  ->  {m.mutated}")
        for m in sorted(wording, key=lambda m: (m.path, m.line)):
            if m.status != "killed":
                print(f"  wording, {m.status}: {m.path}:{m.line}  {m.mutated}")
        if sample:
            failed = failed or bool(survivors)
        elif rate < TARGET:
            print(f"  below the target of {TARGET:.0f}%")
            failed = True
    if not sample and set(games) == set(GAMES):
        for file, function, original, mutated in sorted(set(allowed) - used):
            print(f"allow-list entry matches no mutant: {file} {function}: {original} -> {mutated}")
    return 1 if failed else 0


def generate() -> None:
    """Write mutmut's mutants (and their lists) without running any; mutmut 3.8's own steps."""
    from mutmut.__main__ import (
        copy_also_copy_files,
        copy_src_dir,
        create_mutants,
        setup_source_paths,
        store_lines_covered_by_tests,
    )
    from mutmut.mutation.trampoline import set_mutant_under_test

    set_mutant_under_test("mutant_generation")
    Path("mutants").mkdir(exist_ok=True)
    with contextlib.redirect_stdout(sys.stderr):  # stdout carries the names
        copy_src_dir()
        copy_also_copy_files()
        setup_source_paths()
        store_lines_covered_by_tests()
        create_mutants(os.cpu_count() or 1)


def sample_names(game: str, count: int, seed: int) -> list[str]:
    generate()
    keys = sorted(
        key
        for meta in Path("mutants/tabletop/games", game).glob("*.py.meta")
        for key in json.loads(meta.read_text())["exit_code_by_key"]
    )
    return sorted(random.Random(f"{game}-{seed}").sample(keys, min(count, len(keys))))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    rep = commands.add_parser("report", help="kill rates and survivors of the last run")
    rep.add_argument("games", nargs="+", choices=GAMES)
    rep.add_argument(
        "--only", type=Path, help="a file of mutant names (CI's sample): fail on any survivor"
    )
    smp = commands.add_parser("sample", help="print N mutant names of a game, drawn with SEED")
    smp.add_argument("game", choices=GAMES)
    smp.add_argument("count", type=int)
    smp.add_argument("seed", type=int)
    args = parser.parse_args()
    if args.command == "report":
        only = set(args.only.read_text().split()) if args.only else None
        return report(args.games, only=only)
    print("\n".join(sample_names(args.game, args.count, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
