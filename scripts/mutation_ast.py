"""The mutants mutmut does not make, run against the rule tests (scripts/mutation.sh).

mutmut changes function bodies only, one operator or literal at a time. A person's
slips also look like these, which this step makes, from the syntax tree (``ast``):

- ``constant``: a module-level constant or table of a game's ``rules.py`` or ``model.py``
  (``TIDY_MAX_FACE_DOWN = 5``, a points table): each number moved by one either way,
  each ``True``/``False`` flipped, each entry of a dict, set or frozenset left out;
- ``clause``: each operand of an ``and`` / ``or`` in a function of a game's ``rules.py``
  left out (``i != seat and p.stock[slot] == most`` -> ``p.stock[slot] == most``).

Each mutant is named by its file, its function (``<module>`` for a constant) and a
description made of the code it changes, never a line number, so an allowlist entry
survives edits elsewhere. The source is changed by splicing the one expression, so the
rest of the file stays byte for byte.

A mutant runs in a copy of the tree (mutants/ast/): the game's rule tests (the selection
of pyproject's [tool.mutmut], that game's folder), stopping at the first failure; a
failure or a run longer than TIMEOUT_S kills it. ``list`` prints the mutants; ``run``
runs them (``--sample N --seed S``: N a game, CI's short run) and prints, per game and
kind, mutants made, equivalents allowlisted and killed, then every survivor; it fails on
any survivor that is not an allowlisted equivalent (tests/mutation/allowlist.toml,
``[[equivalent_ast]]``, each with its reason).
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import queue
import random
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("spacepark", "pocketparks", "pocketdragon")
KINDS = ("constant", "clause")
ALLOWLIST = ROOT / "tests" / "mutation" / "allowlist.toml"
COPY = ROOT / "mutants" / "ast"
STATS = ROOT / "mutants" / "mutmut-stats.json"
TIMEOUT_S = 300
TABLES = (ast.Dict, ast.Set, ast.List, ast.Tuple)


@dataclass(frozen=True)
class Mutant:
    game: str
    kind: str
    path: str  # relative to the repository
    function: str  # "<module>" for a constant
    description: str
    start: int  # character offsets of the replaced code in the source
    end: int
    replacement: str
    reads: tuple[str, ...] = ()  # the functions whose tests it runs (mutmut's names)

    @property
    def name(self) -> str:
        return f"{self.path}::{self.function}::{self.description}"

    def apply(self, source: str) -> str:
        return source[: self.start] + self.replacement + source[self.end :]


def _offsets(source: str) -> list[int]:
    """Character offset of each line's start (ast columns count UTF-8 bytes)."""
    starts = [0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return starts


class _Span:
    def __init__(self, source: str) -> None:
        self.source = source
        self.lines = source.splitlines(keepends=True)
        self.starts = _offsets(source)

    def at(self, line: int, col: int) -> int:
        text = self.lines[line - 1].encode()[:col].decode()
        return self.starts[line - 1] + len(text)

    def of(self, node: ast.AST) -> tuple[int, int]:
        assert node.end_lineno is not None and node.end_col_offset is not None
        return self.at(node.lineno, node.col_offset), self.at(node.end_lineno, node.end_col_offset)


def _literal(node: ast.expr, names: bool = False) -> bool:
    """A constant or a table written out: numbers, strings, containers of them, values
    built from them (``Level(main_s=300, ...)``, ``frozenset({...})``) and tuples of
    names (``UNDOABLE = (LogSuccess, ...)``); no other name, no computation."""
    if isinstance(node, ast.Name):
        return names
    if isinstance(node, ast.Call):
        return isinstance(node.func, ast.Name) and all(
            _literal(a) for a in [*node.args, *(k.value for k in node.keywords)]
        )
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.UnaryOp | ast.BinOp):
        return all(_literal(c) for c in ast.iter_child_nodes(node) if isinstance(c, ast.expr))
    if isinstance(node, ast.Dict):
        return all(k is not None and _literal(k) for k in node.keys) and all(
            _literal(v) for v in node.values
        )
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        every_name = all(isinstance(e, ast.Name) for e in node.elts)
        return all(_literal(e, names=every_name) for e in node.elts)
    return False


def _targets(stmt: ast.stmt) -> tuple[str, ast.expr] | None:
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        target, value = stmt.targets[0], stmt.value
    elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
        target, value = stmt.target, stmt.value
    else:
        return None
    if isinstance(target, ast.Name) and _literal(value):
        return target.id, value
    return None


def _number(node: ast.expr) -> int | float | None:
    """The value of a number written out (``-1`` included); None for anything else."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _number(node.operand)
        return None if inner is None else -inner
    if isinstance(node, ast.Constant) and not isinstance(node.value, bool):
        return node.value if isinstance(node.value, int | float) else None
    return None


def _changes(node: ast.expr, label: str, source: str) -> Iterator[tuple[ast.expr, str, str]]:
    """(the node replaced, description, replacement) for each change of a table's entry
    or a constant, labelled by where it sits (``WINNER_POINTS[4]``, ``SUPPLY_START[1]``)."""
    value = _number(node)
    if value is not None:
        for step in (1, -1):
            moved = repr(value + step)
            yield node, f"{label}: {ast.unparse(node)} -> {moved}", moved
    elif isinstance(node, ast.Constant) and isinstance(node.value, bool):
        yield node, f"{label}: {node.value} -> {not node.value}", str(not node.value)
    elif isinstance(node, ast.Call):
        for i, arg in enumerate(node.args):
            yield from _changes(arg, label if len(node.args) == 1 else f"{label}({i})", source)
        for keyword in node.keywords:
            yield from _changes(keyword.value, f"{label}.{keyword.arg}", source)
    elif isinstance(node, ast.BinOp):
        yield from _changes(node.left, f"{label} (left)", source)
        yield from _changes(node.right, f"{label} (right)", source)
    elif isinstance(node, ast.Dict):
        for key, item in zip(node.keys, node.values, strict=True):
            assert key is not None
            entry = ast.get_source_segment(source, key) or ast.unparse(key)
            if len(node.keys) > 1:
                rest = [(k, v) for k, v in zip(node.keys, node.values, strict=True) if k is not key]
                left_out = ast.unparse(ast.Dict([k for k, _ in rest], [v for _, v in rest]))
                yield node, f"{label}: entry {entry} left out", left_out
            yield from _changes(key, f"{label} key {entry}", source)
            yield from _changes(item, f"{label}[{entry}]", source)
    elif isinstance(node, ast.Set) or (
        isinstance(node, ast.Tuple | ast.List) and all(isinstance(e, ast.Name) for e in node.elts)
    ):
        kind = type(node)
        for elt in node.elts:
            entry = ast.get_source_segment(source, elt) or ast.unparse(elt)
            if len(node.elts) > 1:
                rest = [e for e in node.elts if e is not elt]
                left_out = ast.unparse(kind(rest) if kind is ast.Set else kind(rest, ast.Load()))
                yield (
                    node,
                    f"{label}: entry {entry} left out",
                    f"({left_out})" if kind is ast.Tuple and len(rest) == 1 else left_out,
                )
    elif isinstance(node, ast.Tuple | ast.List):
        for i, elt in enumerate(node.elts):
            yield from _changes(elt, f"{label}[{i}]", source)


def _loads(node: ast.AST, name: str) -> bool:
    return any(
        isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)
        for n in ast.walk(node)
    )


def _mangled(module: str, function: str, cls: str | None) -> str:
    """mutmut's name of a function (its statistics key)."""
    return f"{module}.x\u01c1{cls}\u01c1{function}" if cls else f"{module}.x_{function}"


def _readers(game: str, name: str) -> tuple[str, ...]:
    """mutmut's names of the game's functions that read the constant ``name``; none
    (run every test) if a module-level statement or a class body reads it too."""
    found = []
    for module in ("model", "rules", "engine"):
        tree = ast.parse((ROOT / "tabletop" / "games" / game / f"{module}.py").read_text("utf-8"))
        dotted = f"tabletop.games.{game}.{module}"
        for node in tree.body:
            if not _loads(node, name):
                continue
            if isinstance(node, ast.FunctionDef):
                found.append(_mangled(dotted, node.name, None))
                continue
            if not isinstance(node, ast.ClassDef):
                return ()
            for item in node.body:
                if not _loads(item, name):
                    continue
                if not isinstance(item, ast.FunctionDef):
                    return ()
                found.append(_mangled(dotted, item.name, node.name))
    return tuple(found)


def _constant_mutants(game: str, path: str, tree: ast.Module, span: _Span) -> Iterator[Mutant]:
    for stmt in tree.body:
        found = _targets(stmt)
        if found is None:
            continue
        name, value = found
        reads = _readers(game, name)
        seen: dict[str, int] = {}
        for node, description, replacement in _changes(value, name, span.source):
            seen[description] = seen.get(description, 0) + 1
            if seen[description] > 1:
                description += f" (#{seen[description]})"
            start, end = span.of(node)
            yield Mutant(
                game, "constant", path, "<module>", description, start, end, replacement, reads
            )


def _clause_mutants(game: str, path: str, tree: ast.Module, span: _Span) -> Iterator[Mutant]:
    def functions(body: list[ast.stmt], prefix: str) -> Iterator[tuple[str, ast.AST]]:
        for node in body:
            if isinstance(node, ast.FunctionDef):
                yield prefix + node.name, node
            elif isinstance(node, ast.ClassDef):
                yield from functions(node.body, f"{node.name}.")

    module = path.removesuffix(".py").replace("/", ".")
    for function, fn in functions(tree.body, ""):
        cls, _, bare = function.rpartition(".")
        reads = (_mangled(module, bare, cls or None),)
        seen: dict[str, int] = {}
        for node in ast.walk(fn):
            if not isinstance(node, ast.BoolOp):
                continue
            whole = " ".join((ast.get_source_segment(span.source, node) or "").split())
            start, end = span.of(node)
            for operand in node.values:
                rest = [v for v in node.values if v is not operand]
                kept = rest[0] if len(rest) == 1 else ast.BoolOp(node.op, rest)
                clause = " ".join((ast.get_source_segment(span.source, operand) or "").split())
                description = f"clause {clause!r} of {whole!r} left out"
                seen[description] = seen.get(description, 0) + 1
                if seen[description] > 1:
                    description += f" (#{seen[description]})"
                yield Mutant(
                    game,
                    "clause",
                    path,
                    function,
                    description,
                    start,
                    end,
                    f"({ast.unparse(kept)})",
                    reads,
                )


def mutants(games: tuple[str, ...] | list[str]) -> list[Mutant]:
    found: list[Mutant] = []
    for game in games:
        for module in ("model.py", "rules.py"):
            path = f"tabletop/games/{game}/{module}"
            source = (ROOT / path).read_text(encoding="utf-8")
            tree = ast.parse(source)
            span = _Span(source)
            found += _constant_mutants(game, path, tree, span)
            if module == "rules.py":
                found += _clause_mutants(game, path, tree, span)
    return found


def load_allowlist() -> dict[str, str]:
    """Mutant name -> why it is equivalent."""
    entries = tomllib.loads(ALLOWLIST.read_text(encoding="utf-8")).get("equivalent_ast", [])
    return {f"{e['file']}::{e['function']}::{e['mutant']}": e["reason"] for e in entries}


def _test_args(game: str) -> list[str]:
    """pyproject's [tool.mutmut] selection, that game's part only."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]
    folder = f"tests/{game}"
    return [a for a in config["pytest_add_cli_args_test_selection"] if folder in a]


def _load_stats() -> tuple[dict[str, list[str]], dict[str, float]] | None:
    """mutmut's map from each function to the tests that ran it, and each test's time,
    from its last run (mutants/mutmut-stats.json); None before mutmut has run."""
    try:
        data = json.loads(STATS.read_text(encoding="utf-8"))
    except (FileNotFoundError, json.JSONDecodeError):
        return None
    return data["tests_by_mangled_function_name"], data["duration_by_test"]


def tests_of(
    mutant: Mutant, stats: tuple[dict[str, list[str]], dict[str, float]] | None
) -> list[str]:
    """The tests a mutant runs: those of mutmut's statistics that ran the functions it
    changes, quickest first (so a kill comes soon); the game's whole selection when
    there are no statistics, the mutant is read outside any function, a function that
    reads it is missing from them, or they name none of the game's tests."""
    if stats is None or not mutant.reads:
        return _test_args(mutant.game)
    by_function, duration = stats
    if any(f not in by_function for f in mutant.reads):
        # mutmut records only the functions it made mutants of (not draw_clue_interval,
        # a property): who runs such a reader is unknown, so every test may.
        return _test_args(mutant.game)
    folder = f"tests/{mutant.game}/"
    chosen = {t for f in mutant.reads for t in by_function.get(f, ()) if t.startswith(folder)}
    if not chosen:
        # A function run at import (building PHASES) is charged to the test that first
        # imported it, often another game's: none of this game's tests seem to run it.
        return _test_args(mutant.game)
    return sorted(chosen, key=lambda t: (duration.get(t, 0.0), t))


def _prepare(copy: Path) -> None:
    """A fresh copy of what the tests read, so the tree itself is never changed."""
    shutil.rmtree(copy, ignore_errors=True)
    copy.mkdir(parents=True)
    for name in ("tabletop", "tests", "seeds", "assets"):
        ignore = shutil.ignore_patterns("__pycache__")
        shutil.copytree(ROOT / name, copy / name, symlinks=True, ignore=ignore)
    shutil.copy2(ROOT / "pyproject.toml", copy / "pyproject.toml")


def killed(mutant: Mutant, copy: Path, tests: list[str]) -> bool:
    """Does one of ``tests`` fail (or run out of time) with the mutant in ``copy``?"""
    if not tests:
        return False  # no rule test runs the code it changes
    target = copy / mutant.path
    original = (ROOT / mutant.path).read_text(encoding="utf-8")
    target.write_text(mutant.apply(original), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1"}
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-n", "0", "-p", "no:cacheprovider"]
    try:
        done = subprocess.run(
            [*command, *tests],
            cwd=copy,
            env=env,
            capture_output=True,
            timeout=TIMEOUT_S,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return True
    finally:
        target.write_text(original, encoding="utf-8")
    return done.returncode != 0


def run(games: list[str], sample: int, seed: int, workers: int, match: str) -> int:
    allowed = load_allowlist()
    made = mutants(games)
    chosen = [m for m in made if match in m.name]
    if sample:
        drawn = []
        for game in games:
            mine = sorted((m for m in chosen if m.game == game), key=lambda m: m.name)
            drawn += random.Random(f"{game}-{seed}").sample(mine, min(sample, len(mine)))
        chosen = drawn
    copies = [COPY / f"worker{i}" for i in range(workers)]
    for copy in copies:
        _prepare(copy)
    free: queue.Queue[Path] = queue.Queue()
    for copy in copies:
        free.put(copy)

    def check(mutant: Mutant) -> bool:
        copy = free.get()
        try:
            dead = killed(mutant, copy, tests_of(mutant, stats))
        finally:
            free.put(copy)
        print(f"{'killed' if dead else 'SURVIVED'}: {mutant.name}", file=sys.stderr, flush=True)
        return dead

    stats = _load_stats()
    if stats is None:
        print("no mutmut statistics yet: each mutant runs its game's whole selection")
    to_run = [m for m in chosen if m.name not in allowed]
    with ThreadPoolExecutor(workers) as pool:
        dead = dict(zip(to_run, pool.map(check, to_run), strict=True))
    survivors: list[Mutant] = []
    tally: dict[tuple[str, str], list[int]] = {}
    for mutant in chosen:
        row = tally.setdefault((mutant.game, mutant.kind), [0, 0, 0])
        row[0] += 1
        if mutant.name in allowed:
            row[1] += 1
        elif dead[mutant]:
            row[2] += 1
        else:
            survivors.append(mutant)
    print("mutants of our own (scripts/mutation_ast.py):")
    for (game, kind), (count, equivalent, dead) in sorted(tally.items()):
        print(f"  {game} {kind}: {count} made, {equivalent} equivalent (allow-list), {dead} killed")
    for mutant in survivors:
        print(f"  survived: {mutant.name}")
    if not sample and not match:
        names = {m.name for m in made}
        for name in sorted(set(allowed) - names):
            print(f"allow-list entry matches no mutant: {name}")
    return 1 if survivors else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    lst = commands.add_parser("list", help="print every mutant's name")
    lst.add_argument("games", nargs="*", help="spacepark, pocketparks, pocketdragon (all)")
    go = commands.add_parser("run", help="run the mutants against the rule tests")
    go.add_argument("games", nargs="*", help="spacepark, pocketparks, pocketdragon (all)")
    go.add_argument("--sample", type=int, default=0, help="N mutants a game, drawn with --seed")
    go.add_argument("--seed", type=int, default=17)
    go.add_argument("--workers", type=int, default=1, help="mutants run at once (one copy each)")
    go.add_argument("--match", default="", help="only the mutants whose name holds this text")
    args = parser.parse_args()
    games = args.games or list(GAMES)
    unknown = sorted(set(games) - set(GAMES))
    if unknown:
        parser.error(f"unknown game: {' '.join(unknown)} (spacepark, pocketparks or pocketdragon)")
    if args.command == "list":
        for mutant in mutants(games):
            print(mutant.name)
        return 0
    return run(games, args.sample, args.seed, args.workers, args.match)


if __name__ == "__main__":
    sys.exit(main())
