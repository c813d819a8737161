"""The layer arrows of docs/architecture.md, read from every module's imports.

engines/ imports nothing of fedrank outside itself; handlers/ never imports bot/, scheduler/ or
web/; storage/ never imports handlers/, bot/ or scheduler/; bot/ and web/ never import storage/
(they reach the database only through handlers). Imports inside functions and under
TYPE_CHECKING count too: a lazy import is still an arrow.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "fedrank"

#: layer -> the fedrank packages it must never import.
FORBIDDEN = {
    "storage": ("fedrank.handlers", "fedrank.bot", "fedrank.scheduler", "fedrank.web"),
    "handlers": ("fedrank.bot", "fedrank.scheduler", "fedrank.web", "fedrank.cli"),
    "bot": ("fedrank.storage", "fedrank.scheduler", "fedrank.cli"),
    "web": ("fedrank.storage", "fedrank.scheduler", "fedrank.cli"),
}


def _imports(path: Path, root: Path) -> list[tuple[int, str]]:
    """Every absolute module name the file imports, with its line (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = ".".join(path.relative_to(root.parent).with_suffix("").parts[:-1])
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            found.append((node.lineno, name))
    return found


def _violations(
    layer: str,
    allowed: tuple[str, ...] | None,
    forbidden: tuple[str, ...],
    root: Path = PACKAGE,
) -> list[str]:
    out = []
    for path in sorted((root / layer).rglob("*.py")):
        for line, name in _imports(path, root):
            if not name.startswith("fedrank"):
                continue
            bad = any(name == f or name.startswith(f + ".") for f in forbidden)
            if allowed is not None:
                bad = bad or not any(name == a or name.startswith(a + ".") for a in allowed)
            if bad:
                out.append(f"{path.relative_to(root.parent)}:{line} imports {name}")
    return out


def test_engines_import_only_engines() -> None:
    assert _violations("engines", ("fedrank.engines",), ()) == []


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_arrows_point_one_way(layer: str) -> None:
    assert _violations(layer, None, FORBIDDEN[layer]) == []


def test_the_rule_sees_lazy_and_relative_imports(tmp_path: Path) -> None:
    """A tree with one arrow of each kind the rules forbid: every one is reported."""
    root = tmp_path / "fedrank"
    (root / "handlers").mkdir(parents=True)
    (root / "engines" / "go").mkdir(parents=True)
    (root / "handlers" / "late.py").write_text(
        "def f():\n    from fedrank.bot import console\n", encoding="utf-8"
    )
    (root / "engines" / "go" / "up.py").write_text(
        "from ...storage import models\nfrom . import tables\n", encoding="utf-8"
    )
    assert _violations("handlers", None, FORBIDDEN["handlers"], root) == [
        "fedrank/handlers/late.py:2 imports fedrank.bot"
    ]
    assert _violations("engines", ("fedrank.engines",), (), root) == [
        "fedrank/engines/go/up.py:1 imports fedrank.storage"
    ]


#: Modules that are tables, not code: the message catalogues (one per language, for a
#: translator to edit whole) and the migrations (the schema as it was, never edited again).
TABLES = ("fedrank/handlers/wording/i18n/", "fedrank/storage/migrations/versions/")


def test_no_module_is_over_600_lines_outside_tables() -> None:
    root = Path(__file__).resolve().parent.parent
    long = [
        f"{path.relative_to(root)}: {count} lines"
        for path in sorted((root / "fedrank").rglob("*.py"))
        if not str(path.relative_to(root)).startswith(TABLES)
        and (count := len(path.read_text(encoding="utf-8").splitlines())) > 600
    ]
    assert long == []
