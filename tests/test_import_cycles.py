"""No import circles anywhere in fedrank/: the graph of every module's imports, read with ast.

An edge goes from a module to each module one of its import statements names: ``import a.b``
names ``a.b``; ``from a.b import c`` names ``a.b.c`` when that is a module, else ``a.b`` (the
package whose ``__init__`` holds ``c``); relative imports are resolved. Imports inside functions
and under TYPE_CHECKING count: a lazy import that closes a circle still ties both modules
together. A package's ``__init__`` is not counted as imported by its own submodules, as Python
has it in ``sys.modules`` before they run; it is counted wherever a module names it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from tests.test_layers import _imports

PACKAGE = Path(__file__).resolve().parents[1] / "fedrank"


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    """Module -> the modules of the same tree its imports name (see the module docstring)."""
    files = {module_name(path, root): path for path in sorted(root.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        named = {imported for _, imported in _imports(path, root)}
        edges = set()
        for target in named:
            while target and target not in files:  # ``a.b.C`` of ``from a.b import C``: a.b
                target = target.rpartition(".")[0]
            if target and target != name:
                edges.add(target)
        graph[name] = edges
    return graph


def _components(graph: dict[str, set[str]]) -> Iterator[list[str]]:
    """Strongly connected components (Tarjan, iterative), each as a sorted list."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                yield sorted(component)


def _circle(graph: dict[str, set[str]], members: list[str]) -> list[str]:
    """One circle through the component's first member: the shortest way back to it."""
    inside = set(members)
    first = members[0]
    came_from: dict[str, str] = {}
    frontier = [first]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(graph[node] & inside):
                if child == first:
                    path = [node]
                    while path[-1] != first:
                        path.append(came_from[path[-1]])
                    return [*reversed(path), first]
                if child not in came_from:
                    came_from[child] = node
                    following.append(child)
        frontier = following
    raise AssertionError(f"no circle in {members}")


def import_circles(root: Path = PACKAGE) -> list[str]:
    """Every circle of the tree, one line each: ``a -> b -> a`` (and how many modules it ties)."""
    graph = import_graph(root)
    return [
        f"{' -> '.join(_circle(graph, members))} ({len(members)} modules tied)"
        for members in _components(graph)
        if len(members) > 1
    ]


def test_fedrank_has_no_import_circle() -> None:
    assert import_circles() == []


def test_the_graph_sees_every_kind_of_import(tmp_path: Path) -> None:
    root = tmp_path / "fedrank"
    (root / "handlers").mkdir(parents=True)
    (root / "__init__.py").write_text("", encoding="utf-8")
    (root / "handlers" / "__init__.py").write_text("from . import context\n", encoding="utf-8")
    (root / "handlers" / "context.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
        "    from fedrank.handlers.systems import Registry\n",
        encoding="utf-8",
    )
    (root / "handlers" / "systems.py").write_text(
        "def load():\n    import fedrank.handlers.access\n", encoding="utf-8"
    )
    (root / "handlers" / "access.py").write_text(
        "from .context import X\nfrom fedrank import cli\n", encoding="utf-8"
    )
    (root / "cli.py").write_text("import fedrank.handlers.context.X\n", encoding="utf-8")
    assert import_graph(root) == {
        "fedrank": set(),
        "fedrank.handlers": {"fedrank.handlers.context"},
        "fedrank.handlers.context": {"fedrank.handlers.systems"},
        "fedrank.handlers.systems": {"fedrank.handlers.access"},
        "fedrank.handlers.access": {"fedrank.handlers.context", "fedrank.cli"},
        "fedrank.cli": {"fedrank.handlers.context"},
    }


def test_a_circle_is_named_with_the_way_round(tmp_path: Path) -> None:
    """A lazy import that closes a circle of three is reported with its path."""
    root = tmp_path / "fedrank"
    root.mkdir()
    (root / "__init__.py").write_text("", encoding="utf-8")
    (root / "a.py").write_text("import fedrank.b\n", encoding="utf-8")
    (root / "b.py").write_text("from fedrank import c\n", encoding="utf-8")
    (root / "c.py").write_text("def f():\n    from fedrank.a import g\n", encoding="utf-8")
    (root / "d.py").write_text("import fedrank.a\n", encoding="utf-8")
    assert import_circles(root) == [
        "fedrank.a -> fedrank.b -> fedrank.c -> fedrank.a (3 modules tied)"
    ]
    (root / "c.py").write_text("def f():\n    pass\n", encoding="utf-8")
    assert import_circles(root) == []
