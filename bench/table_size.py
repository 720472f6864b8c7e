"""Strategy table size and accuracy (prints JSON; figures, not timed tests).

    python -m bench.table_size [--positions N]

For each ruleset, from a fresh solve: the table file size (it is already zlib-compressed) and
gzip-compressed, next to the raw sizes it replaces; the load time of the pure-Python decoder;
and the decision loss of the compact table against the exact one over N random positions
(each decided with the compact table and valued with the exact one). The bound argued in
game/strategy/table.py is one step (2**-10 = 0.000977); the goal is at most 0.001.
"""

from __future__ import annotations

import argparse
import dataclasses
import gzip
import json
import random
import statistics
import time

from bench.advisor_workload import random_sheet_position
from game.rules.rulesets import RULESETS, get_ruleset
from game.strategy.advisor import Advisor, Position
from game.strategy.table import ExactTable, decode_table
from tools.solve import solve, table_bytes


def decision_losses(exact: Advisor, compact: Advisor, positions: list[Position]) -> list[float]:
    losses = []
    for position in positions:
        values = {choice.action: choice.expected for choice in exact.rank(position)}
        chosen = compact.best(position).action
        losses.append(max(values.values()) - values[chosen])
    return losses


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.table_size", description=__doc__)
    parser.add_argument("--positions", type=int, default=5000)
    args = parser.parse_args()
    rows = []
    for ruleset_id in sorted(RULESETS):
        ruleset = get_ruleset(ruleset_id)
        solved = solve(ruleset)
        data = table_bytes(solved)
        started = time.perf_counter()
        compact_table = decode_table(data, ruleset)
        load_seconds = time.perf_counter() - started
        exact_table = ExactTable(ruleset, solved.values.tolist())
        rng = random.Random(1)
        positions = []
        for _ in range(args.positions):
            position = random_sheet_position(ruleset, rng, rng.randrange(len(ruleset.box_ids)))
            positions.append(dataclasses.replace(position, rolls_left=rng.randrange(3)))
        losses = decision_losses(Advisor(exact_table), Advisor(compact_table), positions)
        rows.append(
            {
                "ruleset": ruleset_id,
                "entries": len(solved.values),
                "float64_bytes": 8 * len(solved.values),
                "table_bytes": len(data),
                "table_gzip_bytes": len(gzip.compress(data, 9)),
                "step": compact_table.step,
                "load_ms_cpython": round(1000 * load_seconds, 1),
                "positions": len(losses),
                "decisions_differing": sum(loss > 0 for loss in losses),
                "max_loss": max(losses),
                "mean_loss": statistics.fmean(losses),
            }
        )
    print(
        json.dumps(
            {
                "rulesets": rows,
                "total_table_bytes": sum(row["table_bytes"] for row in rows),
                "total_gzip_bytes": sum(row["table_gzip_bytes"] for row in rows),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
