"""Solve the rulesets and write their strategy tables (build time, CPython + numpy).

    python -m tools.solve                 solve every ruleset, write assets/tables/<id>.table
    python -m tools.solve --if-needed     only tables that are missing or do not load (another
                                          format version, other scoring rules, corrupt)
    python -m tools.solve --check         solve afresh and verify the existing tables against
                                          it (exit status 1 on any difference or missing table)

Prints, per ruleset, the exact expected final score from the start, the solve time and the
table size. Exit status 0 when everything asked for was done and checked.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from array import array
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from cli.tables import TABLES_DIR, table_file_name
from game.rules.rulesets import RULESETS, Ruleset, get_ruleset
from game.strategy.table import DEFAULT_SCALE_BITS, TableError, decode_table, encode_table
from tools.solver_core import FloatArray, solve_values

DEFAULT_WORKERS = min(2, os.cpu_count() or 1)


@dataclass(frozen=True)
class Solved:
    ruleset: Ruleset
    values: FloatArray
    seconds: float

    @property
    def start_value(self) -> float:
        return float(self.values[0])


def solve(ruleset: Ruleset, workers: int = DEFAULT_WORKERS) -> Solved:
    started = time.perf_counter()
    values = solve_values(ruleset, workers)
    return Solved(ruleset, values, time.perf_counter() - started)


def quantized(values: FloatArray, scale_bits: int) -> array[int]:
    stored = np.rint(values * 2.0**scale_bits).astype(np.int64)
    return array("q", stored.tobytes())


def table_bytes(solved: Solved, scale_bits: int = DEFAULT_SCALE_BITS) -> bytes:
    stored = quantized(solved.values, scale_bits)
    return encode_table(solved.ruleset, stored, scale_bits, solved.start_value)


def write_table(path: Path, data: bytes) -> None:
    """Write through a temporary file, so a reader never sees half a table."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    partial.write_bytes(data)
    partial.replace(path)


def check_table(path: Path, solved: Solved) -> str | None:
    """None when the table at `path` holds every state's value within half a step of the
    fresh solve; otherwise what is wrong."""
    try:
        table = decode_table(path.read_bytes(), solved.ruleset)
    except (OSError, TableError) as error:
        return str(error)
    stored = np.array(table.all_values())
    stored[0] = table.block(0)[0] * table.step  # the rounded entry, next to the exact start
    worst = float(np.max(np.abs(stored - solved.values)))
    if worst > table.step / 2 + 1e-9:
        return f"a stored value is {worst:.6f} from the fresh solve (allowed {table.step / 2})"
    if abs(table.start_value - solved.start_value) > 1e-9:
        return f"start value {table.start_value} differs from the fresh {solved.start_value}"
    return None


def table_loads(path: Path, ruleset: Ruleset) -> bool:
    try:
        decode_table(path.read_bytes(), ruleset)
    except (OSError, TableError):
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.solve", description=__doc__)
    parser.add_argument("--ruleset", action="append", choices=sorted(RULESETS))
    parser.add_argument("--out", type=Path, default=TABLES_DIR, help="table directory")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="verify instead of writing")
    mode.add_argument("--if-needed", action="store_true", help="only missing or stale tables")
    parser.add_argument("--workers", type=int, default=DEFAULT_WORKERS)
    args = parser.parse_args(argv)

    failures = 0
    for ruleset in (get_ruleset(ruleset_id) for ruleset_id in args.ruleset or RULESETS):
        path = args.out / table_file_name(ruleset)
        if args.if_needed and table_loads(path, ruleset):
            print(f"{ruleset.id}: {path} is up to date")
            continue
        solved = solve(ruleset, args.workers)
        summary = (
            f"{ruleset.id}: start value {solved.start_value:.6f}, solved in {solved.seconds:.2f} s"
        )
        if args.check:
            problem = check_table(path, solved)
            failures += problem is not None
            print(f"{summary}; {path}: {problem or 'matches the fresh solve'}")
        else:
            data = table_bytes(solved)
            write_table(path, data)
            print(f"{summary}; wrote {path} ({len(data)} bytes)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
