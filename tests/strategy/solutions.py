"""Each ruleset solved once per test run (a few seconds each), and its table encoded once (a
second or two), shared by the tests.

With test workers (pytest-xdist) the first worker to need a ruleset solves it and leaves the
values in the run's temporary folder (pytest removes it with the older runs' folders); the
others wait for them and read them."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

import numpy as np

from game.rules.rulesets import Ruleset
from tools.solve import Solved, solve, table_bytes

_solved: dict[str, Solved] = {}
_encoded: dict[str, bytes] = {}


_shared: list[Path] = []


def share_in(folder: Path) -> None:
    """Solutions go to `folder`, shared by the workers of this run (tests/strategy/conftest)."""
    _shared[:] = [folder]


def _solve_once_per_run(ruleset: Ruleset) -> Solved:
    if not _shared:
        return solve(ruleset)
    folder = _shared[0]
    values = folder / f"{ruleset.id}.npy"
    with open(folder / f"{ruleset.id}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if values.exists():
            return Solved(ruleset, np.load(values), seconds=0.0)
        solved = solve(ruleset)
        np.save(folder / f"{ruleset.id}.partial.npy", solved.values)
        os.replace(folder / f"{ruleset.id}.partial.npy", values)
        return solved


def solved(ruleset: Ruleset) -> Solved:
    if ruleset.id not in _solved:
        _solved[ruleset.id] = _solve_once_per_run(ruleset)
    return _solved[ruleset.id]


def encoded(ruleset: Ruleset) -> bytes:
    """The table file of `ruleset`, as tools.solve writes it."""
    if ruleset.id not in _encoded:
        _encoded[ruleset.id] = table_bytes(solved(ruleset))
    return _encoded[ruleset.id]
