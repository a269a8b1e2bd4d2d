"""What every test folder shares: the ``store`` fixture, the ``rule`` marker, and the
rule coverage.

Rule coverage: a test that passes records the ids of its ``@pytest.mark.rule(...)``
marks and of every ``assert_refused`` it called (tests/rulekit.py). A session that runs
the whole rule scope (below, nothing deselected) fails at its end if an id of seeds/*.md
was recorded by no test that ran. Under pytest-xdist each worker hands its ids to the
controller, which checks them all."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.core.store import Store
from tests.rulekit import ALL_IDS, ROOT, missing_ids, take_recorded

SCOPE = tuple(
    ROOT / "tests" / p
    for p in ("spacepark", "pocketparks", "pocketdragon", "core", "test_rule_ids.py")
)
_covered: set[str] = set()
_verdict: list[str] = []


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """An empty store in the test's own folder, closed afterwards."""
    s = Store(tmp_path / "tabletop.db")
    yield s
    s.close()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "rule(*ids): the test executes these rules (seeds/*.md) and checks their effect"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        for mark in item.iter_markers("rule"):
            unknown = [i for i in mark.args if i not in ALL_IDS]
            if unknown or not mark.args:
                raise pytest.UsageError(f"{item.nodeid}: rule mark names no known id: {unknown}")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    report: pytest.TestReport = yield
    if report.when == "call":
        ran = take_recorded()
        if report.passed:
            _covered.update(ran)
            _covered.update(i for mark in item.iter_markers("rule") for i in mark.args)
    return report


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: object, error: object) -> None:
    """xdist's controller: a worker is done; take the ids its tests recorded."""
    _covered.update(getattr(node, "workeroutput", {}).get("rule_ids", ()))


def _whole_scope(config: pytest.Config) -> bool:
    """The session ran every test of the rule scope: its paths hold the scope, and no
    test was left out by -k, -m, --deselect, --ignore, --lf or --collect-only."""
    opt = config.option
    if opt.keyword or opt.markexpr or opt.deselect or opt.ignore or opt.collectonly:
        return False
    if getattr(opt, "lf", False) or getattr(opt, "ignore_glob", None):
        return False
    here = config.invocation_params.dir
    paths = [(here / arg.split("::")[0]).resolve() for arg in config.args if "::" not in arg]
    return all(any(p == s or p in s.parents for p in paths) for s in SCOPE)


def pytest_sessionfinish(session: pytest.Session) -> None:
    config = session.config
    workeroutput = getattr(config, "workeroutput", None)
    if workeroutput is not None:  # an xdist worker: the controller checks
        workeroutput["rule_ids"] = sorted(_covered)
        return
    if not _whole_scope(config):
        return
    missing = missing_ids(_covered)
    if missing:
        _verdict.extend(f"{digest}: {' '.join(ids)}" for digest, ids in missing.items())
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _verdict:
        terminalreporter.section("rule ids that no test that ran recorded", red=True)
        for line in _verdict:
            terminalreporter.write_line(line)
