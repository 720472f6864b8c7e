"""Trims Pyodide's standard library to what the app uses, pre-compiled; run INSIDE Pyodide
(tools/run_in_pyodide.mjs).

Usage: pyodide_stdlib SOURCE_ZIP OUT_ZIP [MODULE...]
MODULE: a standard module the app's own code imports (tools/build_site.py reads them from the
sources of game/ and shell/).

Pyodide ships its whole standard library (3.4 MB, a quarter of the first visit), of which a
browser game uses a tenth. What is shipped, read from the modules' source with `ast`:
- compiled: the modules the app imports, those the runtime imports by itself (RUNTIME_MODULES),
  and everything they import when they are imported (imports at a module's top level,
  conditional ones included, but not those inside functions), as .pyc. Every module imported
  at start-up is among them: a browser test checks that start-up compiles nothing.
- as source: what those modules import only inside their functions (on first use of some
  feature), still importable, compiled then. The safety margin of a first download: they cost
  little as source.
- left out: everything else, and the packages in LEFT_OUT wherever they are imported from
  (only inside functions, or guarded: a module that imports one at its top level ships anyway,
  and the start-up test sees any break).
.pyc files written by the same interpreter build load without compiling. They are "unchecked
hash-based" .pyc: no source is needed to validate them, and their bytes depend only on the
source, so builds are reproducible. Their docstrings are left out (as `python -OO` does; no one
reads help() in a game), but for Pyodide's internal package, from which its start-up builds
the documentation of its JavaScript objects.
"""

from __future__ import annotations

import ast
import importlib.util
import sys
import zipfile
from collections.abc import Iterable, Iterator
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

# Imported by the runtime itself, not by the app: Pyodide's own packages, which its start-up
# loads; zipimport, which imports the library from its zip; the codecs that are looked up by
# name (utf-8, and cp437 for the names in a zip: PyScript unpacks the app's archive with
# zipfile), with a few common ones as a margin; PyScript's own package (written by
# PyScript at start, not in this zip) imports html and codeop; the readers importlib.resources
# uses for files inside a zip.
RUNTIME_MODULES = (
    "site",
    "zipimport",
    "_pyodide",
    "_pyodide._base",
    "_pyodide._core_docs",
    "_pyodide._future_helper",
    "_pyodide._importhook",
    "_pyodide.docs_argspec",
    "_pyodide.docstring",
    "_pyodide.jsbind",
    "pyodide",
    "pyodide._package_loader",
    "pyodide._state",
    "pyodide.code",
    "pyodide.common",
    "pyodide.ffi",
    "pyodide.webloop",
    "encodings",
    "encodings.aliases",
    "encodings.utf_8",
    "encodings.utf_8_sig",
    "encodings.ascii",
    "encodings.latin_1",
    "encodings.cp437",
    "encodings.utf_16",
    "encodings.utf_32",
    "encodings.unicode_escape",
    "encodings.raw_unicode_escape",
    "encodings.idna",
    "html",
    "codeop",
    "importlib.readers",
    "importlib.resources.readers",
)

# Never shipped (a name matches the package or module and everything under it): of no use in
# a browser game, or unusable in a browser (processes, sockets' protocols, C libraries that
# Pyodide does not have), reached only through functions the app never calls.
LEFT_OUT = (
    "_pyrepl",  # the interactive console and the debuggers, test and profiling tools
    "code",
    "pdb",
    "bdb",
    "doctest",
    "unittest",
    "pydoc",
    "pydoc_data",
    "profile",
    "cProfile",
    "pstats",
    "trace",
    "tracemalloc",
    "timeit",
    "email",  # mail and network protocols: no sockets in a browser
    "http",
    "urllib",
    "xml",
    "xmlrpc",
    "wsgiref",
    "mailbox",
    "smtplib",
    "imaplib",
    "ftplib",
    "poplib",
    "multiprocessing",  # no processes
    "concurrent.futures.process",
    "ctypes",  # C libraries Pyodide does not have
    "sqlite3",
    "dbm",
    "curses",
    "tkinter",
    "idlelib",
    "turtledemo",
    "test",
    "ensurepip",  # packaging and platform introspection
    "venv",
    "sysconfig",
    "_sysconfigdata__emscripten_wasm32-emscripten",
    "platform",
    "_aix_support",
    "_osx_support",
    "_android_support",
    "_ios_support",
    "asyncio.windows_events",  # another platform's
    "asyncio.windows_utils",
    "_pydecimal",  # pure-Python fallbacks of C modules Pyodide has
    "_pyio",
    "_pydatetime",
    "_pylong",
    "tarfile",  # formats and tools a game does not read or run
    "pickle",
    "pickletools",
    "argparse",
    "optparse",
    "calendar",
    "difflib",
    "ipaddress",
    "zoneinfo",
    "gettext",
    "getopt",
    "csv",
    "_ast_unparse",  # ast.unparse
    "rlcompleter",
    "py_compile",
    "importlib.metadata",  # installed packages' metadata: the app installs none
    "concurrent.interpreters",  # sub-interpreters
    "concurrent.futures.interpreter",
    "pyodide._nodesock_transport",  # Pyodide under Node
)

# Their docstrings are read at run time (see the module's docstring).
KEEP_DOCSTRINGS = ("_pyodide",)

# Deterministic timestamps, so the same input gives a byte-identical zip (and cache name).
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def under(module: str, names: Iterable[str]) -> bool:
    return any(module == name or module.startswith(f"{name}.") for name in names)


def module_names(archive: zipfile.ZipFile) -> dict[str, str]:
    """Each module of the library by dotted name, with its file in the zip."""
    modules = {}
    for name in archive.namelist():
        if name.endswith(".py"):
            dotted = name[:-3].replace("/", ".")
            modules[dotted.removesuffix(".__init__")] = name
    return modules


def import_nodes(tree: ast.AST, top_level: bool) -> Iterator[ast.Import | ast.ImportFrom]:
    for node in ast.iter_child_nodes(tree):
        if top_level and isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        yield from import_nodes(node, top_level)


def imports(module: str, path: str, source: bytes, top_level: bool) -> set[str]:
    """The dotted names a module imports (`from a import b` gives `a` and `a.b`, since `b`
    may be a module), with the packages above each (importing `a.b` runs `a`)."""
    package = module if path.endswith("__init__.py") else module.rpartition(".")[0]
    names = set()
    for node in import_nodes(ast.parse(source, path), top_level):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
            continue
        base = node.module or ""
        if node.level:
            anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
            base = ".".join([*anchor, base] if base else anchor)
        names |= {base, *(f"{base}.{alias.name}" for alias in node.names)}
    parts = [name.split(".") for name in names]
    return {".".join(part[: n + 1]) for part in parts for n in range(len(part))}


def closure(
    archive: zipfile.ZipFile, modules: dict[str, str], roots: Iterable[str], top_level: bool
) -> set[str]:
    """The roots and every module of the library they import, LEFT_OUT excepted."""
    found: set[str] = set()
    pending = [root for root in roots if root in modules]
    while pending:
        module = pending.pop()
        if module in found or under(module, LEFT_OUT):
            continue
        found.add(module)
        parts = module.split(".")
        pending += [".".join(parts[:n]) for n in range(1, len(parts))]
        path = modules[module]
        named = imports(module, path, archive.read(path), top_level)
        pending += [name for name in named if name in modules]
    return found


def compiled(name: str, source: bytes, zip_path: str) -> bytes:
    optimize = 1 if name.startswith(tuple(f"{p}/" for p in KEEP_DOCSTRINGS)) else 2
    code = compile(source, f"{zip_path}/{name}", "exec", dont_inherit=True, optimize=optimize)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def main(source_zip: str, out_zip: str, *app_modules: str) -> None:
    # Tracebacks name the path the library is mounted at in the browser, as the source would.
    mounted_at = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"
    with (
        zipfile.ZipFile(source_zip) as zin,
        zipfile.ZipFile(out_zip, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout,
    ):
        modules = module_names(zin)
        missing = sorted(set(RUNTIME_MODULES) - set(modules))
        if missing:
            raise SystemExit(f"RUNTIME_MODULES names modules this library lacks: {missing}")
        eager = closure(zin, modules, [*RUNTIME_MODULES, *app_modules], top_level=True)
        lazy = closure(zin, modules, eager, top_level=False) - eager
        for module in sorted(eager | lazy, key=modules.__getitem__):
            name, data = modules[module], zin.read(modules[module])
            if module in eager:
                name, data = name[:-3] + ".pyc", compiled(name, data, mounted_at)
            entry = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            entry.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(entry, data)
    left_out = len(modules) - len(eager) - len(lazy)
    print(f"stdlib: {len(eager)} modules compiled, {len(lazy)} as source, {left_out} left out")


if __name__ == "__main__":
    main(*sys.argv[1:])
