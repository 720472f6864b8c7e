"""Lighthouse's mobile audit of the built app (dist/): `python -m bench.lighthouse`.

Serves dist/ compressed as GitHub Pages does (tools/serve.py), runs npm's Lighthouse (a
devDependency: node_modules/.bin/lighthouse, or --lighthouse PATH) with Debian's Chromium,
headless, in its default mobile profile (a mid-range phone on slow 4G, simulated), N times,
and prints the medians: the four category scores, first contentful paint, largest contentful
paint, total blocking time, cumulative layout shift and speed index, each beside its goal.
Every run is a first visit (Lighthouse starts from an empty profile).
The simulation scales what this machine's Chromium did, so a busy machine gives worse
figures: compare runs made at the same time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import tempfile
from pathlib import Path

from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serve import SiteServer

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")

# (audit, label, unit, goal: the highest value that passes)
METRICS = (
    ("first-contentful-paint", "first contentful paint", "ms", 1800),
    ("largest-contentful-paint", "largest contentful paint", "ms", None),
    ("total-blocking-time", "total blocking time", "ms", 300),
    ("cumulative-layout-shift", "cumulative layout shift", "", 0.1),
    ("speed-index", "speed index", "ms", None),
)
SCORE_GOALS = {"performance": 80, "accessibility": 100, "best-practices": 100, "seo": 100}


def audit(lighthouse: Path, url: str) -> dict[str, float]:
    """One Lighthouse run: each category's score (0-100) and each metric's value."""
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        flags = " ".join(["--headless=new", *CHROMIUM_ARGS])
        subprocess.run(
            [
                str(lighthouse),
                url,
                "--output=json",
                f"--output-path={report}",
                f"--chrome-flags={flags}",
                f"--only-categories={','.join(CATEGORIES)}",
                "--quiet",
            ],
            env={**os.environ, "CHROME_PATH": str(CHROMIUM)},
            check=True,
        )
        result = json.loads(report.read_text())
    figures = {name: result["categories"][name]["score"] * 100 for name in CATEGORIES}
    figures |= {name: result["audits"][name]["numericValue"] for name, *_ in METRICS}
    return figures


def verdict(value: float, goal: float | None, higher_is_better: bool = False) -> str:
    if goal is None:
        return ""
    passed = value >= goal if higher_is_better else value <= goal
    return f"  (goal {'>=' if higher_is_better else '<'} {goal}: {'met' if passed else 'NOT met'})"


def main() -> None:
    parser = argparse.ArgumentParser(description="Lighthouse's mobile audit of dist/.")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lighthouse", type=Path, default=LIGHTHOUSE)
    args = parser.parse_args()
    if not (DIST / "index.html").exists():
        raise SystemExit("dist/ is not built: run ./scripts/setup first")
    if not args.lighthouse.exists():
        raise SystemExit(f"no Lighthouse at {args.lighthouse}: run npm ci")
    with SiteServer(DIST) as server:
        runs = [audit(args.lighthouse, server.url) for _ in range(args.runs)]
    print(f"Lighthouse, mobile, first visit, served gzipped (medians of {args.runs} runs)")
    for name in CATEGORIES:
        values = [run[name] for run in runs]
        median = statistics.median(values)
        runs_text = ", ".join(f"{value:.0f}" for value in values)
        goal = verdict(median, SCORE_GOALS[name], higher_is_better=True)
        print(f"  {name}: {median:.0f} (runs: {runs_text}){goal}")
    for name, label, unit, goal_value in METRICS:
        values = [run[name] for run in runs]
        median = statistics.median(values)
        shown = f"{median:.0f} {unit}" if unit else f"{median:.3f}"
        runs_text = ", ".join(f"{value:.0f}" if unit else f"{value:.3f}" for value in values)
        print(f"  {label}: {shown} (runs: {runs_text}){verdict(median, goal_value)}")


if __name__ == "__main__":
    main()
