"""The import graph of the project's own modules, read from their source with `ast`.

Every import statement counts, wherever it is: at the top, inside a function (the lazy imports
that keep the start short) or in a `try`. Importing `a.b.c` runs `a`, `a.b` and `a.b.c`, so
each of them is an edge. Imports of other modules (the standard library, pyscript, numpy) are
not edges. `runtime_only=True` leaves out the bodies of `if TYPE_CHECKING:`, which never run.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROJECT_PACKAGES = ("game", "shell", "cli", "tools")
Graph = dict[str, set[str]]


def module_files(packages: Iterable[str], root: Path = ROOT) -> dict[str, Path]:
    """Every module of the packages (`__init__.py` is the package itself), by dotted name."""
    modules = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            modules[name] = path
    return modules


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _statements(tree: ast.AST, runtime_only: bool) -> Iterator[ast.Import | ast.ImportFrom]:
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        if runtime_only and isinstance(node, ast.If) and _is_type_checking(node):
            for other in node.orelse:
                yield from _statements(ast.Module(body=[other], type_ignores=[]), runtime_only)
            continue
        yield from _statements(node, runtime_only)


def imported_names(name: str, path: Path, runtime_only: bool = False) -> set[str]:
    """The dotted names the module imports (`from a import b` gives `a` and `a.b`, since `b`
    may be a module), relative imports resolved."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    names = set()
    for node in _statements(ast.parse(path.read_text(encoding="utf-8"), str(path)), runtime_only):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
            continue
        base = node.module or ""
        if node.level:
            anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
            base = ".".join([*anchor, base] if base else anchor)
        names.add(base)
        names |= {f"{base}.{alias.name}" for alias in node.names if alias.name != "*"}
    return names


def import_graph(modules: Mapping[str, Path], runtime_only: bool = False) -> Graph:
    """Each module's edges to the modules of `modules` that importing it runs directly."""
    graph: Graph = {}
    for name, path in modules.items():
        edges = set()
        for imported in imported_names(name, path, runtime_only):
            parts = imported.split(".")
            edges |= {
                prefix
                for prefix in (".".join(parts[: n + 1]) for n in range(len(parts)))
                if prefix in modules
            }
        graph[name] = edges - {name}
    return graph


def closure(graph: Mapping[str, set[str]], start: str) -> set[str]:
    """`start` and every module it can import, directly or not."""
    seen, pending = set(), [start]
    while pending:
        name = pending.pop()
        if name not in seen:
            seen.add(name)
            pending += graph[name]
    return seen


def find_cycle(graph: Mapping[str, set[str]]) -> list[str] | None:
    """An import path that comes back to where it started (first module repeated at the end),
    or None if the graph has no cycle."""
    done: set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        path, on_path = [start], {start}
        branches = [iter(sorted(graph[start]))]
        while branches:
            following = next(branches[-1], None)
            if following is None:
                finished = path.pop()
                on_path.remove(finished)
                done.add(finished)
                branches.pop()
                continue
            if following in on_path:
                return [*path[path.index(following) :], following]
            if following not in done:
                path.append(following)
                on_path.add(following)
                branches.append(iter(sorted(graph[following])))
    return None
