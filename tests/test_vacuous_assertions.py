"""No test asserts over a list of legal actions that may be empty without saying so.

``not any(...)``, ``all(...)`` and ``x not in ...`` over ``legal_actions(...)`` hold for
an empty list whatever the rules do: asked of a seat that is not to act, such an
assertion can never fail (one did, issue 17). A test that inspects a seat's real
options takes them through its game's ``options`` helper, which asserts they are
not empty; a test that means "no options at all" says ``== []``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
HELPERS = {
    "spacepark": TESTS / "spacepark" / "conftest.py",
    "pocketparks": TESTS / "pocketparks" / "scenario.py",
    "pocketdragon": TESTS / "pocketdragon" / "helpers.py",
}


def _is_legal_actions(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute | ast.Name)
        and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id)
        == "legal_actions"
    )


def _over_legal_actions(test: ast.expr) -> bool:
    """Is this assertion true of an empty list of legal actions, whatever the list is?"""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = test.operand
        return (
            isinstance(inner, ast.Call)
            and isinstance(inner.func, ast.Name)
            and inner.func.id == "any"
            and _iterates_legal_actions(inner)
        )
    if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "all":
        return _iterates_legal_actions(test)
    if isinstance(test, ast.Compare):
        return any(
            isinstance(op, ast.NotIn) and _is_legal_actions(right)
            for op, right in zip(test.ops, test.comparators, strict=True)
        )
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return any(_over_legal_actions(v) for v in test.values)
    return False


def _iterates_legal_actions(call: ast.Call) -> bool:
    return any(
        isinstance(arg, ast.GeneratorExp | ast.ListComp | ast.SetComp)
        and any(_is_legal_actions(gen.iter) for gen in arg.generators)
        for arg in call.args
    )


def vacuous_assertions(source: str, filename: str) -> list[str]:
    """``file:line`` of each assert in a test function that holds for no options."""
    found = []
    for fn in ast.walk(ast.parse(source, filename)):
        if not isinstance(fn, ast.FunctionDef) or not fn.name.startswith("test_"):
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.Assert) and _over_legal_actions(node.test):
                found.append(f"{filename}:{node.lineno}")
    return found


def test_the_scan_finds_assertions_that_cannot_fail() -> None:
    """The check itself: each form is caught, the guarded forms are not."""
    source = """
def test_x():
    assert not any(a.kind == "start_set" for a in ENGINE.legal_actions(st, 0))
    assert all(a.kind == "visit" for a in sp.engine.legal_actions(state, 0))
    assert Confirm(seat=0) not in ENGINE.legal_actions(st, 0)
    assert ok and not any(a for a in legal_actions(st, 1))
    assert not any(a.kind == "start_set" for a in options(st, 0))
    assert ENGINE.legal_actions(st, 1) == []
    assert Confirm(seat=0) in ENGINE.legal_actions(st, 0)
"""
    assert vacuous_assertions(source, "t.py") == ["t.py:3", "t.py:4", "t.py:5", "t.py:6"]


@pytest.mark.parametrize("path", sorted(TESTS.rglob("test_*.py")), ids=lambda p: p.name)
def test_no_assertion_over_options_that_may_be_empty(path: Path) -> None:
    found = vacuous_assertions(path.read_text(encoding="utf-8"), str(path.relative_to(TESTS)))
    assert not found, (
        f"these assertions hold when the seat has no legal action at all: {found}; take the "
        f"options through the game's `options` helper ({', '.join(sorted(HELPERS))}), which "
        "asserts they are not empty, or assert `== []` if none is meant"
    )


@pytest.mark.parametrize("game", sorted(HELPERS))
def test_each_game_has_an_options_helper_that_refuses_an_empty_list(game: str) -> None:
    tree = ast.parse(HELPERS[game].read_text(encoding="utf-8"))
    helpers = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "options"]
    assert len(helpers) == 1, f"{HELPERS[game].name} needs one `options` helper"
    asserts = [n for n in ast.walk(helpers[0]) if isinstance(n, ast.Assert)]
    assert asserts, f"the `options` helper of {game} must assert the list is not empty"
