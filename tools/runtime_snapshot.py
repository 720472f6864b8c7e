"""The plan of the interpreter's memory snapshot, written into index.html for
assets/runtime-start.mjs: which modules the snapshot imports, where the app's packages are (the
archive's URL, and its path in the browser's file system, which is on sys.path: the snapshot
imports from it, and so does every start), and the key that ties a snapshot to the build that
can restore it.

A snapshot is the interpreter's whole memory after those imports, so it is only valid with the
very runtime, standard library and packages it was made from, and the code that made it: the
key is a hash of those files and of the module list. A new build of any of them has a new key,
and a snapshot kept under another key is deleted unread.

The modules: every module of the app's packages but the entry script, and the top-level
standard-library modules that they and PyScript's own package import. They can be imported in
a worker and kept in a snapshot because none of them imports `js` or `pyscript` or touches
JavaScript when imported: the pure core (game/) uses no JavaScript at all, and the shell's
modules (shell/) only define what the entry script (shell/main.py, which imports `pyscript`)
calls with the page's objects: the composition root, shell/composition.py, included. Importing
the shell's modules at each start took 50-85 ms of the main thread on warm starts here (1-10 ms
once they were in the snapshot). The entry script, which PyScript compiles at every start,
defines nothing: holding the composition root, it took 30 ms of each warm start.

Then the calls: functions (`module:function`, no arguments) that the snapshot runs after the
imports, so that what they read and cache is kept ready in it. Reading and checking the
catalogs of the app's texts took some 20 ms of each start.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from tools.page_blocks import page_with_json_block
from tools.pyodide_packages import PACKAGES_PATH

ELEMENT_ID = "runtime-snapshot"
# What the snapshot is made from and by, relative to dist.
SNAPSHOT_INPUTS = (
    "runtime/pyodide/pyodide.mjs",
    "runtime/pyodide/pyodide.asm.mjs",
    "runtime/pyodide/pyodide.asm.js",
    "runtime/pyodide/pyodide.asm.wasm",
    "runtime/pyodide/python_stdlib.zip",
    "assets/runtime-start.mjs",
    "assets/snapshot-store.mjs",
    "assets/snapshot-worker.mjs",
)


SNAPSHOT_CALLS = ("game.i18n.catalog:load_every_catalog",)


def module_name(path: str) -> str:
    """`game/play/state.py` -> `game.play.state`; a package's `__init__.py` -> the package."""
    parts = path.removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def snapshot_modules(
    package_files: list[str], standard_modules: list[str], entry_script: str
) -> list[str]:
    """The standard library's top-level modules among `standard_modules`, then the packages'
    modules among `package_files` (paths relative to the root) but `entry_script` (run by
    PyScript at each start), each list sorted."""
    standard = sorted({name.split(".")[0] for name in standard_modules} & sys.stdlib_module_names)
    own = sorted(
        module_name(path) for path in package_files if path.endswith(".py") and path != entry_script
    )
    return standard + own


def page_with_snapshot_plan(page: str, dist: Path, archive: str, modules: list[str]) -> str:
    """index.html with the plan in place of its `<!-- runtime-snapshot: ... -->` comment; dist
    must hold the snapshot's inputs and `archive` (the packages) already."""
    digest = hashlib.sha256(json.dumps([modules, SNAPSHOT_CALLS]).encode())
    for name in (*SNAPSHOT_INPUTS, archive):
        digest.update(hashlib.sha256((dist / name).read_bytes()).digest())
    plan = {
        "key": digest.hexdigest()[:32],
        "archive": archive,
        "path": PACKAGES_PATH,
        "modules": modules,
        "calls": list(SNAPSHOT_CALLS),
    }
    return page_with_json_block(page, ELEMENT_ID, plan)
