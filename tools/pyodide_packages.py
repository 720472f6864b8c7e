"""Compiles the app's own modules to .pyc; run INSIDE Pyodide (tools/run_in_pyodide.mjs).

Usage: pyodide_packages ROOT OUT_DIR NAME=KEY...
Compiles ROOT/NAME to OUT_DIR/KEY.pyc for each NAME (a path such as game/rules/dice.py).

The browser would otherwise compile every module of game/ and shell/ at each start. These are
"checked hash-based" .pyc: Python still reads the source beside it and uses the .pyc only if
the source's hash matches, so a changed source is never shadowed by a stale .pyc (the tests
rely on that when they serve a modified module).
"""

from __future__ import annotations

import py_compile
import sys
from pathlib import Path

# Where PyScript's [files] puts the packages in the browser: tracebacks name these paths.
BROWSER_HOME = "/home/pyodide"


def main(root: str, out_dir: str, *pairs: str) -> None:
    for pair in pairs:
        name, key = pair.rsplit("=", 1)
        py_compile.compile(
            str(Path(root) / name),
            cfile=str(Path(out_dir) / f"{key}.pyc"),
            dfile=f"{BROWSER_HOME}/{name}",
            doraise=True,
            invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH,
        )
    print(f"packages: {len(pairs)} modules compiled")


if __name__ == "__main__":
    main(*sys.argv[1:])
