"""Each ruleset solved once, and its table encoded once (a second or two), shared by the tests.

A solve takes seconds (Penta) to half a minute (Yatzy), and gives the same values as long as
the code it runs is the same. So the values are kept in pytest's cache folder
(.pytest_cache/d/strategy-solutions), under a fingerprint of everything the solve depends on:
the source of every module of ours that tools.solve imports, directly or not, numpy's and
Python's versions and the number of solver processes. A change to any of them means a new
fingerprint, so a fresh solve; a run on a fresh clone (as in CI) solves everything.

With test workers (pytest-xdist) the first worker to need a ruleset solves it and leaves the
values in that folder; the others wait for them and read them."""

from __future__ import annotations

import fcntl
import hashlib
import os
import platform
import sys
from pathlib import Path

import numpy as np

from game.rules.rulesets import Ruleset
from tests.import_graph import PROJECT_PACKAGES, closure, import_graph, module_files
from tools.solve import DEFAULT_WORKERS, Solved, solve, table_bytes

_solved: dict[str, Solved] = {}
_encoded: dict[str, bytes] = {}


_shared: list[Path] = []


def share_in(folder: Path) -> None:
    """Solutions are kept in `folder`, for every worker and every run (tests/strategy/conftest)."""
    _shared[:] = [folder]


def solver_fingerprint() -> str:
    """A digest of everything a solve's values depend on (see the module's docstring)."""
    modules = module_files(PROJECT_PACKAGES)
    digest = hashlib.sha256()
    for name in sorted(closure(import_graph(modules), "tools.solve")):
        digest.update(name.encode() + b"\0" + modules[name].read_bytes() + b"\0")
    setting = f"numpy {np.__version__}, {sys.version}, {platform.machine()}, {DEFAULT_WORKERS}"
    digest.update(setting.encode())
    return digest.hexdigest()[:16]


def _solve_or_reuse(ruleset: Ruleset) -> Solved:
    if not _shared:
        return solve(ruleset)
    folder = _shared[0]
    fingerprint = solver_fingerprint()
    values = folder / f"{ruleset.id}-{fingerprint}.npy"
    with open(folder / f"{ruleset.id}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if values.exists():
            return Solved(ruleset, np.load(values), seconds=0.0)
        solved = solve(ruleset)
        partial = folder / f"{ruleset.id}.partial.npy"
        np.save(partial, solved.values)
        for older in folder.glob(f"{ruleset.id}-*.npy"):  # of code that has changed since
            older.unlink()
        os.replace(partial, values)
        return solved


def solved(ruleset: Ruleset) -> Solved:
    if ruleset.id not in _solved:
        _solved[ruleset.id] = _solve_or_reuse(ruleset)
    return _solved[ruleset.id]


def encoded(ruleset: Ruleset) -> bytes:
    """The table file of `ruleset`, as tools.solve writes it."""
    if ruleset.id not in _encoded:
        _encoded[ruleset.id] = table_bytes(solved(ruleset))
    return _encoded[ruleset.id]
