"""The layer arrows of docs/architecture.md, read from every module's imports.

engines/, formats/ and charts/ import nothing of fedrank outside themselves; handlers/ never
imports bot/, scheduler/, web/ or cli/, and its wording (handlers/wording/) no other part of
handlers; storage/ never imports handlers/, bot/, scheduler/, web/ or cli/; bot/ and web/ never
import storage/ (they reach the database only through handlers); cli/ reaches storage only for
the database's own commands (cli/db.py) and the engines never (it calls handlers, as the chats
do). Imports inside functions and under TYPE_CHECKING count too: a lazy import is still an
arrow. Import circles are tests/test_import_cycles.py's.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "fedrank"

#: layer -> the fedrank packages it must never import.
FORBIDDEN = {
    "storage": (
        "fedrank.handlers",
        "fedrank.bot",
        "fedrank.scheduler",
        "fedrank.web",
        "fedrank.cli",
    ),
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
            # ``from fedrank import storage`` names fedrank.storage: each name is reported under
            # its package (an attribute's "module" is longer than the module, never shorter).
            found += [
                (node.lineno, f"{name}.{alias.name}" if name else alias.name)
                for alias in node.names
            ]
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


@pytest.mark.parametrize("layer", ["engines", "formats", "charts"])
def test_the_pure_layers_import_only_themselves(layer: str) -> None:
    """The rulebooks, the reading of a director's file and the drawing of a chart: no database,
    no use case, so each is tested and reused alone."""
    assert _violations(layer, (f"fedrank.{layer}",), ()) == []


def test_the_wording_imports_no_use_case() -> None:
    """handlers/wording/ is the bottom of handlers: every package says things through it."""
    others = tuple(
        f"fedrank.handlers.{path.stem}"
        for path in (PACKAGE / "handlers").iterdir()
        if path.stem not in ("wording", "__init__", "__pycache__")
    )
    assert _violations("handlers/wording", None, others) == []


def test_the_cli_goes_through_handlers() -> None:
    """Only the database's own commands (migrations, backups) touch storage; no command runs an
    engine itself."""
    found = _violations("cli", None, ("fedrank.storage", "fedrank.engines"))
    assert [v for v in found if not v.startswith("fedrank/cli/db.py:")] == []
    assert _violations("cli", None, ("fedrank.engines",)) == []


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
        "fedrank/handlers/late.py:2 imports fedrank.bot.console"
    ]
    assert _violations("engines", ("fedrank.engines",), (), root) == [
        "fedrank/engines/go/up.py:1 imports fedrank.storage.models"
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
