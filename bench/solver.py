"""Solver wall time per ruleset on this machine (prints JSON; a figure, not a timed test).

    python -m bench.solver [--workers W] [--repeat R]

Reports the wall time of each solve, the CPU time it used (its own and its worker processes'),
and the load average before, since other work on the machine slows it down. When other work
holds the cores, the wall time says more about the machine than about the solver; then
`estimated_idle_wall_seconds` (own CPU time + the workers' CPU time / workers, assuming the
workers share the work evenly) estimates the wall time on an idle machine. The goal: both
rulesets together under 10 s on the 2-core machine.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import time

from game.rules.rulesets import RULESETS, get_ruleset
from tools.solve import DEFAULT_WORKERS, solve


def cpu_seconds() -> tuple[float, float]:
    """CPU time of this process and of its finished child processes."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.solver", description=__doc__)
    parser.add_argument("--workers", type=int, default=DEFAULT_WORKERS)
    parser.add_argument("--repeat", type=int, default=1, help="report the fastest of R runs")
    args = parser.parse_args()
    rows = []
    for ruleset_id in sorted(RULESETS):
        ruleset = get_ruleset(ruleset_id)
        runs = []
        for _ in range(args.repeat):
            load_before = os.getloadavg()[0]
            own_before, workers_before = cpu_seconds()
            solved = solve(ruleset, args.workers)
            own_after, workers_after = cpu_seconds()
            own, workers = own_after - own_before, workers_after - workers_before
            runs.append(
                {
                    "ruleset": ruleset_id,
                    "start_value": round(solved.start_value, 6),
                    "states": len(solved.values),
                    "wall_seconds": round(solved.seconds, 2),
                    "cpu_seconds": round(own + workers, 2),
                    "estimated_idle_wall_seconds": round(own + workers / args.workers, 2),
                    "load_average_before": load_before,
                }
            )
        rows.append(min(runs, key=lambda run: run["wall_seconds"]))
    total = sum(row["wall_seconds"] for row in rows)
    estimated = sum(row["estimated_idle_wall_seconds"] for row in rows)
    print(
        json.dumps(
            {
                "workers": args.workers,
                "cores": os.cpu_count(),
                "rulesets": rows,
                "total_wall_seconds": round(total, 2),
                "total_estimated_idle_wall_seconds": round(estimated, 2),
                "load_average_after": os.getloadavg()[0],
                "started": time.strftime("%Y-%m-%d %H:%M:%S"),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
