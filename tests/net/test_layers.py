"""net/host.py is the `tabletop host` command: only the command line imports it, and the
server it runs imports neither the command nor the browser seats (web.py imported the
host and the host web.py, the second at function level)."""

from __future__ import annotations

import ast
from pathlib import Path

import tabletop

PACKAGE = Path(tabletop.__file__).parent


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at any level (functions' imports included)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_nothing_but_the_command_line_imports_the_host_command() -> None:
    importers = {
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*.py")
        if "tabletop.net.host" in _imports(path)
    }
    assert importers == {"cli.py"}


def test_the_server_imports_no_command_and_no_browser_seats() -> None:
    for module in ("server.py", "admission.py", "web.py", "client.py", "wire.py"):
        imported = _imports(PACKAGE / "net" / module)
        assert "tabletop.net.host" not in imported, module
    assert "tabletop.net.web" not in _imports(PACKAGE / "net" / "server.py")
