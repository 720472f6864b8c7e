"""Compiles the app's own modules to .pyc; run INSIDE Pyodide (tools/run_in_pyodide.mjs).

Usage: pyodide_packages ROOT OUT_DIR NAME=KEY...
Compiles ROOT/NAME to OUT_DIR/KEY.pyc for each NAME (a path such as game/rules/dice.py); the build
puts each in the packages' archive in place of its module (game/rules/dice.pyc), where Python's
zipimport looks for it.

The browser would otherwise compile every module of game/ and shell/ at each start. These are
"unchecked hash-based" .pyc, shipped without their source (tools/build_site.py): Python loads
them as they are, and the source's 330 kB (compressed) stayed out of every first visit. A
traceback still names every file and line, without the line's text. A test that serves a
modified module puts its source in place of its .pyc (tests/e2e/browser_helpers.py).

Every user downloads them, so they hold no docstrings (nothing of the app reads `__doc__`; a
class's is its name instead, see `without_docstrings`) and, as tools/run_in_pyodide.mjs starts
Python without debug ranges, no column positions (no carets under the failing expression
either): 40 % fewer bytes than plain .pyc.
"""

from __future__ import annotations

import ast
import importlib.util
import sys
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]
from pathlib import Path

# Where the packages' archive is in the browser's file system, imported from as it is (Python's
# zipimport; assets/runtime-start.mjs writes it there): tracebacks name the paths within it.
PACKAGES_PATH = "/home/pyodide/packages.zip"

DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def without_docstrings(tree: ast.Module) -> ast.Module:
    """The tree with every docstring removed, but for a class's, which becomes the class's name.

    A dataclass without a docstring makes one from its signature as it is defined
    (inspect.signature). Measured in the browser: a worker importing the whole core took
    640-710 ms with every docstring stripped, 340-500 ms with the classes' names."""
    for node in ast.walk(tree):
        if not isinstance(node, DOCUMENTED) or not node.body:
            continue
        first = node.body[0]
        value = first.value if isinstance(first, ast.Expr) else None
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            # A body cannot be empty: a docstring alone becomes `pass` on its line.
            node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
        if isinstance(node, ast.ClassDef):
            where = node.body[0]
            name = ast.Expr(ast.copy_location(ast.Constant(node.name), where))
            node.body.insert(0, ast.copy_location(name, where))
    return tree


def compiled(source: bytes, browser_path: str) -> bytes:
    tree = without_docstrings(ast.parse(source, browser_path))
    code = compile(tree, browser_path, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def main(root: str, out_dir: str, *pairs: str) -> None:
    for pair in pairs:
        name, key = pair.rsplit("=", 1)
        source = (Path(root) / name).read_bytes()
        (Path(out_dir) / f"{key}.pyc").write_bytes(compiled(source, f"{PACKAGES_PATH}/{name}"))
    print(f"packages: {len(pairs)} modules compiled")


if __name__ == "__main__":
    main(*sys.argv[1:])
