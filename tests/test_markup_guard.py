"""No text in tabletop/tui can be parsed as markup unless it is a constant (issue 12).

Textual parses a str as content markup wherever it is given to Static, Label,
Button, Tab, Option prompts, OptionList, Select prompts, DataTable cells and
column labels, border titles, tooltips, ``Static.update`` and ``notify`` (unless
``markup=False``). A player called "[/]" then crashes the app, "[link=…]" or
"[@click=…]" turn a name into a link or an action. So every such place must be
given a Textual ``Content`` or a Rich ``Text`` (``tabletop.tui.text.plain`` for
text from people or files), or a constant without "[".

This reads the source of tabletop/tui and fails on anything else. It knows a
value is Content from how it is built (``Content(...)``, ``Content.assemble``,
``plain``, ``Text``...), from the return annotation of the function that makes it,
from a parameter's annotation, or from every assignment of the variable or
attribute that holds it. What it cannot tell to be Content fails: say it plainly
(wrap it in ``plain``, annotate the function ``-> Content``).

Not covered: the command palette (``SystemCommand`` titles are str and parsed;
they hold the game titles of the registry only) and screen titles (the Header
draws ``Screen.title`` and ``sub_title`` as plain text; tests/tui/test_hostile_text.py
checks names there).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import tabletop.tui

TUI = Path(tabletop.tui.__file__).parent

CONTENT_TYPES = {"Content", "Text"}
"""The classes (and annotations) of values that are never parsed as markup."""
SAFE_TYPES = {*CONTENT_TYPES, "Option", "None"}
"""Annotations of values a markup parser never sees (an Option's prompt is checked
where it is built), also as items of a list: mypy keeps these annotations true."""
CONTAINERS = {"list", "tuple", "Sequence", "Iterable"}
MARKUP_FACTORIES = {"from_markup", "from_text"}
"""Class methods of Content and Text that parse a str."""
SAFE_CALLS = {"plain", "Option"}
"""Calls whose result is never parsed: the helper (Content), and an Option (its prompt
is checked where it is built)."""
CONTENT_METHODS = {"join", "stylize", "stylize_before", "append", "pad_right", "pad_left"}
"""Methods of a Content (or Text) that return one."""

WIDGETS = {"Static", "Label", "Button", "Tab", "Option"}
"""Constructors that parse a str first argument (so do their subclasses')."""
TEXT_KEYWORDS = {"content", "label", "prompt", "message"}
"""The same argument given by name."""
METHODS = {"update", "add_column", "add_option"}
"""Methods that parse a str first argument."""
ALL_ARGS = {"add_row", "add_columns", "OptionList"}
"""Calls that parse every positional argument."""
ATTRIBUTES = {"border_title", "border_subtitle", "tooltip", "label"}
NOT_MARKUP = {"Digits", "Markdown", "HungerAlarm", "dict", "set"}
"""Classes whose ``update`` takes no markup."""
DEFERRED = {"call_from_thread", "call_later", "call_after_refresh", "call_next"}
"""Calls that run their first argument with the rest: checked as that call."""


@dataclass
class Scope:
    """Where an expression is: its module, function and class (for names and self.x)."""

    module: ast.Module
    function: ast.FunctionDef | ast.AsyncFunctionDef | None = None
    klass: ast.ClassDef | None = None


@dataclass
class Source:
    """Every module of tabletop/tui, and the return annotations of its functions."""

    modules: dict[Path, ast.Module] = field(default_factory=dict)
    returns: dict[str, set[str]] = field(default_factory=dict)
    bases: dict[str, set[str]] = field(default_factory=dict)
    """The base classes of each class, by name."""

    @classmethod
    def read(cls) -> Source:
        return cls.parse({path: path.read_text("utf-8") for path in sorted(TUI.rglob("*.py"))})

    @classmethod
    def parse(cls, texts: dict[Path, str]) -> Source:
        source = cls()
        for path, text in texts.items():
            tree = ast.parse(text, str(path))
            source.modules[path] = tree
            for node in ast.walk(tree):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    returned = ast.unparse(node.returns) if node.returns else ""
                    source.returns.setdefault(node.name, set()).add(returned)
                elif isinstance(node, ast.ClassDef):
                    bases = source.bases.setdefault(node.name, set())
                    bases.update(name for base in node.bases if (name := _called(base)))
        return source

    def is_widget(self, name: str, seen: frozenset[str] = frozenset()) -> bool:
        """``name`` is one of WIDGETS or a class of tabletop/tui built on one."""
        if name in WIDGETS:
            return True
        bases = self.bases.get(name, set()) - seen
        return any(self.is_widget(base, seen | {name}) for base in bases)

    def makes_content(self, name: str) -> bool:
        """Every function or method of this name in tabletop/tui returns Content or Text."""
        found = self.returns.get(name)
        return bool(found) and all(r in CONTENT_TYPES for r in found)

    def makes_safe(self, name: str) -> bool:
        """Every function or method of this name returns a value no parser sees."""
        found = self.returns.get(name)
        return bool(found) and all(safe_annotation(r) for r in found)


def safe_annotation(annotation: str) -> bool:
    """Content, Text or an Option, or a list of them (``list[Content]``, ``Content | None``)."""
    names = set(re.findall(r"[A-Za-z_][A-Za-z_0-9.]*", annotation)) - CONTAINERS
    return bool(names) and names <= SAFE_TYPES


Check = Callable[[ast.expr, "Scope"], bool]


def _bracket_free(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and not (
        isinstance(node.value, str) and "[" in node.value
    )


class Checker:
    def __init__(self, source: Source) -> None:
        self.source = source
        self._resolving: set[tuple[int, str]] = set()

    # -- is it safe? ----------------------------------------------------------------

    def safe(self, node: ast.expr, scope: Scope) -> bool:
        """Never parsed as markup: Content or Text, a constant without "[", None."""
        if _bracket_free(node):
            return True
        if isinstance(node, ast.IfExp):
            return self.safe(node.body, scope) and self.safe(node.orelse, scope)
        if isinstance(node, ast.Call):
            name = _called(node.func)
            if name in SAFE_CALLS or (name is not None and self.source.makes_safe(name)):
                return True
        if isinstance(node, ast.Name | ast.Attribute):
            return self._resolved(node, scope, self.safe)
        return self.content(node, scope)

    def content(self, node: ast.expr, scope: Scope) -> bool:
        """A Content or a Text."""
        if isinstance(node, ast.IfExp):
            return self.content(node.body, scope) and self.content(node.orelse, scope)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return self.content(node.left, scope)
        if isinstance(node, ast.Name | ast.Attribute):
            return self._resolved(node, scope, self.content)
        if not isinstance(node, ast.Call):
            return False
        func = node.func
        if isinstance(func, ast.Name):
            return (
                func.id in CONTENT_TYPES or func.id == "plain" or self.source.makes_content(func.id)
            )
        if isinstance(func, ast.Attribute):
            owner = func.value
            if isinstance(owner, ast.Name) and owner.id in CONTENT_TYPES:
                return func.attr not in MARKUP_FACTORIES
            if func.attr in CONTENT_METHODS:
                return self.content(owner, scope)
            return self.source.makes_content(func.attr)
        return False

    def _resolved(self, node: ast.Name | ast.Attribute, scope: Scope, test: Check) -> bool:
        """A variable or attribute passes ``test`` if its annotation says Content, or if
        every value assigned to it does (and there is one)."""
        key = (id(scope.function or scope.module), ast.unparse(node))
        if key in self._resolving:
            return True  # x = x + ...: decided by the other assignments
        self._resolving.add(key)
        try:
            found = list(self._assignments(node, scope))
        finally:
            self._resolving.discard(key)
        if not found:
            return False
        return all(
            safe_annotation(annotation)
            if annotation is not None
            else value is not None and self._with_resolving(key, value, where, test)
            for annotation, value, where in found
        )

    def _with_resolving(
        self, key: tuple[int, str], value: ast.expr, where: Scope, test: Check
    ) -> bool:
        self._resolving.add(key)
        try:
            return test(value, where)
        finally:
            self._resolving.discard(key)

    def _assignments(
        self, node: ast.Name | ast.Attribute, scope: Scope
    ) -> Iterator[tuple[str | None, ast.expr | None, Scope]]:
        """(annotation, value, its scope) for each place ``node`` gets a value; an
        annotation that is not Content counts as not Content."""
        if isinstance(node, ast.Name):
            function = scope.function
            if function is not None:
                args = function.args
                for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
                    if arg.arg == node.id:
                        yield (ast.unparse(arg.annotation) if arg.annotation else "?", None, scope)
                        return
                local = list(_assigned(function, node.id, scope))
                if local:
                    yield from local
                    return
            for module in [scope.module, *self.source.modules.values()]:
                found = list(_assigned(module, node.id, Scope(module), own=True))
                if found:
                    yield from found
                    return
            return
        if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
            return  # another object's attribute: its type is unknown here
        # Any class may be the one (a subclass overrides, a base assigns): every class
        # of tabletop/tui that gives an attribute of this name a value counts.
        for module in self.source.modules.values():
            for klass in (n for n in ast.walk(module) if isinstance(n, ast.ClassDef)):
                yield from self._attribute_values(module, klass, node.attr)

    def _attribute_values(
        self, module: ast.Module, klass: ast.ClassDef, name: str
    ) -> Iterator[tuple[str | None, ast.expr | None, Scope]]:
        for item in klass.body:
            if (
                isinstance(item, ast.FunctionDef)
                and item.name == name
                and any(ast.unparse(d) == "property" for d in item.decorator_list)
            ):
                yield (ast.unparse(item.returns) if item.returns else "?", None, Scope(module))
        yield from _assigned(klass, name, Scope(module, None, klass), own=True)
        for method in klass.body:
            if isinstance(method, ast.FunctionDef | ast.AsyncFunctionDef):
                where = Scope(module, method, klass)
                yield from _assigned(method, name, where, self_attr=True)

    # -- where markup is parsed -----------------------------------------------------------

    def problems(self, path: Path, module: ast.Module) -> Iterator[str]:
        for node, scope in _walk(module, Scope(module)):
            for value in self._sink_values(node, scope):
                if not self.safe(value, scope):
                    where = f"{path.relative_to(TUI.parent.parent)}:{value.lineno}"
                    yield f"{where}: {ast.unparse(value)}"

    def _sink_values(self, node: ast.AST, scope: Scope) -> Iterator[ast.expr]:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Attribute) and target.attr in ATTRIBUTES and node.value:
                    yield node.value
            return
        if not isinstance(node, ast.Call):
            return
        func, args, keywords = node.func, list(node.args), node.keywords
        name = _called(func)
        if name in DEFERRED and args and isinstance(args[0], ast.Attribute):
            func, args = args[0], args[1:]
            name = func.attr
        first = [*args[:1], *(k.value for k in keywords if k.arg in TEXT_KEYWORDS)]
        if name == "notify":
            if not any(
                k.arg == "markup" and isinstance(k.value, ast.Constant) and k.value.value is False
                for k in keywords
            ):
                yield from first
        elif name in WIDGETS or (
            name == "__init__"
            and _is_super(func)
            and scope.klass is not None
            and self.source.is_widget(scope.klass.name)
        ):
            yield from first
        elif name in METHODS and isinstance(func, ast.Attribute):
            if self._receiver(func.value, scope) not in NOT_MARKUP:
                yield from first
        elif name in ALL_ARGS:
            for arg in args:
                yield from _items(arg)
        elif name == "add_options" and args:
            yield from _items(args[0])
        elif name in ("Select", "set_options") and args:
            for item in _items(args[0]):
                yield item.elts[0] if isinstance(item, ast.Tuple) and item.elts else item

    def _receiver(self, node: ast.expr, scope: Scope) -> str | None:
        """The class of an object an ``update`` is called on, when the
        source says it (a query for a class, a variable or attribute built from one)."""
        if isinstance(node, ast.Dict):
            return "dict"
        if isinstance(node, ast.Call):
            name = _called(node.func)
            if name in ("query_one", "query_exactly_one") and node.args:
                kind = node.args[-1]
                return kind.id if isinstance(kind, ast.Name) else None
            return name
        if isinstance(node, ast.Name | ast.Attribute):
            kinds = {
                self._receiver(value, where)
                for _, value, where in self._assignments(node, scope)
                if value is not None
            }
            return kinds.pop() if len(kinds) == 1 else None
        return None


def _called(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _is_super(func: ast.expr) -> bool:
    """``super().something``."""
    return (
        isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Call)
        and _called(func.value.func) == "super"
    )


def _items(node: ast.expr) -> Iterator[ast.expr]:
    """The items a list, a comprehension or a starred argument gives (a tuple in a list
    is one item: a Select option is a (prompt, value) pair)."""
    if isinstance(node, ast.Starred):
        node = node.value
        if isinstance(node, ast.Tuple):
            node = ast.List(node.elts)
    if isinstance(node, ast.List | ast.Set):
        for element in node.elts:
            yield from _items(element) if isinstance(element, ast.Starred) else [element]
    elif isinstance(node, ast.ListComp | ast.GeneratorExp | ast.SetComp):
        yield node.elt
    else:
        yield node


def _assigned(
    body: ast.AST, name: str, scope: Scope, *, own: bool = False, self_attr: bool = False
) -> Iterator[tuple[str | None, ast.expr | None, Scope]]:
    """Assignments to ``name`` (or ``self.name``) in ``body``: (annotation, value, scope).
    ``own``: only the statements of a class body itself. A loop or ``with`` target
    gives an unknown value."""
    nodes = body.body if own and isinstance(body, ast.ClassDef | ast.Module) else ast.walk(body)
    for node in nodes:
        targets: list[ast.expr] = []
        value: ast.expr | None = None
        annotation: str | None = None
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign):
            targets, value = [node.target], node.value
            annotation = ast.unparse(node.annotation)
            if value is not None and not safe_annotation(annotation):
                annotation = None  # judged by the value assigned
        elif isinstance(node, ast.AugAssign):
            targets, value = [node.target], node.value
        elif isinstance(node, ast.For | ast.comprehension | ast.withitem | ast.NamedExpr):
            target = getattr(node, "target", None) or getattr(node, "optional_vars", None)
            targets = [target] if target is not None else []
            value = node.value if isinstance(node, ast.NamedExpr) else None
            if value is None:
                annotation = "?"
        for target in targets:
            if _is_target(target, name, self_attr):
                yield annotation, value, scope


def _is_target(target: ast.expr, name: str, self_attr: bool) -> bool:
    if isinstance(target, ast.Tuple | ast.List):
        return any(_is_target(t, name, self_attr) for t in target.elts)
    if self_attr:
        return (
            isinstance(target, ast.Attribute)
            and target.attr == name
            and isinstance(target.value, ast.Name)
            and target.value.id == "self"
        )
    return isinstance(target, ast.Name) and target.id == name


def _walk(node: ast.AST, scope: Scope) -> Iterator[tuple[ast.AST, Scope]]:
    """Every node with the function and class it is in."""
    for child in ast.iter_child_nodes(node):
        inner = scope
        if isinstance(child, ast.ClassDef):
            inner = Scope(scope.module, None, child)
        elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
            inner = Scope(scope.module, child, scope.klass)
        yield child, scope
        yield from _walk(child, inner)


def problems(source: Source) -> list[str]:
    checker = Checker(source)
    return [p for path, tree in source.modules.items() for p in checker.problems(path, tree)]


def test_no_str_reaches_a_markup_parser_in_tabletop_tui() -> None:
    found = problems(Source.read())
    assert not found, "A str may be parsed as markup here:\n" + "\n".join(found)


HEADER = """
from textual.content import Content
from textual.widgets import Button, DataTable, Digits, Label, OptionList, Select, Static
from textual.widgets.option_list import Option
from tabletop.tui.text import plain

def hint() -> str:
    return ""

def chip(name: str) -> Content:
    return Content(name)

class Panel(Static):
    def __init__(self, name: str, heading: Content) -> None:
        super().__init__()
        self.name = name
        self.heading = heading
        self.note = "no brackets here"

    def show(self, name: str, summary: str, table: DataTable) -> None:
"""

UNSAFE = [
    'self.update(f"Pass to {name}")',
    "self.update(name)",
    "self.update(self.name)",
    "self.update(hint())",
    'self.update(Content.from_markup(f"[b]{name}"))',
    'self.update(Label("[b]Warning[/b]"))',
    "table.add_row(plain(name), summary)",
    "table.add_row(*(name, summary))",
    "table.add_columns(name)",
    'self.border_title = f"{name}\'s hand"',
    "self.tooltip = summary",
    "yield Button(name)",
    "yield Static(name, markup=False)",
    "yield Option(name)",
    "yield OptionList(*[name, summary])",
    "yield Select([(name, 1)])",
    "self.notify(summary)",
    "self.app.call_from_thread(self.notify, summary)",
    "self.notify(message=summary)",
    "self.update(content=name)",
    "super().__init__(name)",  # in a Static subclass
    "line = name\n        self.update(line)",
]
SAFE = [
    'self.update("No unfinished games.")',
    "self.update(plain(name))",
    "self.update(chip(name))",
    "self.update(self.heading)",
    "self.update(self.note)",
    'self.update(Content.assemble(("Pass to ", "bold"), name))',
    'self.update(Content("\\n").join([plain(name), chip(summary)]))',
    "self.update(plain(name) if name else Content(summary))",
    "table.add_row(plain(name), plain(summary), chip(name))",
    "self.border_title = plain(name)",
    "yield Button(Content(name))",
    "yield Option(chip(name))",
    "yield OptionList(Option(plain(name)))",
    'yield Select([(Content(name), 1), ("Person", 2)])',
    "self.notify(summary, markup=False)",
    "super().__init__(plain(name))",
    'self.notify("Every move is saved again.")',
    'self.query_one("#clock", Digits).update(f"{len(name)}")',
    "line: Content = plain(name)\n        self.update(line)",
]


@pytest.mark.parametrize(
    ("code", "unsafe"), [*((c, True) for c in UNSAFE), *((c, False) for c in SAFE)]
)
def test_the_check_tells_a_str_from_content(code: str, unsafe: bool) -> None:
    found = problems(Source.parse({TUI / "example.py": HEADER + "        " + code + "\n"}))
    assert bool(found) == unsafe, found


def test_an_attribute_is_judged_by_every_class_that_gives_it_a_value() -> None:
    shown = HEADER + "        self.update(self.note)\n"
    assert not problems(Source.parse({TUI / "example.py": shown}))
    overridden = shown + "\n\nclass Loud(Panel):\n    note = hint()\n"
    assert problems(Source.parse({TUI / "example.py": overridden}))
