"""Lighthouse's mobile audit of the built app (dist/): `python -m bench.lighthouse`.

Serves dist/ compressed as GitHub Pages does (tools/serve.py), runs npm's Lighthouse (a
devDependency: node_modules/.bin/lighthouse, or --lighthouse PATH) with Debian's Chromium,
headless, in its default mobile profile (a mid-range phone on slow 4G, simulated), N times,
and prints the medians: the four category scores, first contentful paint, largest contentful
paint, total blocking time, cumulative layout shift and speed index, each beside its goal.
Every run is a first visit (Lighthouse starts from an empty profile); with --repeat-visit,
each run is a start of an installed app instead: a browser whose profile has visited the app
twice (installed, and the interpreter's snapshot kept: assets/runtime-start.mjs), audited
with Lighthouse's storage reset turned off.
The simulation scales what this machine's Chromium did, so a busy machine gives worse
figures: compare runs made at the same time.

Lighthouse stops recording once the page's main thread and network have been quiet for a
second after its load event. Here they are quiet while a worker starts Python (seconds on a
first visit), so with its defaults the recording ended some 3 s before the app was up, and the
main-thread work of the start itself (the runtime's set-up, the snapshot's restore, the app's
first render) was never counted in total blocking time. The audit waits longer (WAIT_MS), and
each run reports whether its recording reached the app's "penta:ready" mark: a figure from a
run that did not is not one of the start.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serve import SiteServer

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
TIMEOUT_MS = 60_000
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
# How long the page must be quiet (after its load event) before the recording ends.
WAIT_MS = 5_000
READY_MARK = "penta:ready"  # assets/boot.js marks it once Python has started the app


def config(folder: Path) -> Path:
    """Lighthouse's defaults, but waiting WAIT_MS for quiet (see above)."""
    path = folder / "config.json"
    waits = ("pauseAfterLoadMs", "networkQuietThresholdMs", "cpuQuietThresholdMs")
    settings = dict.fromkeys(waits, WAIT_MS)
    path.write_text(json.dumps({"extends": "lighthouse:default", "settings": settings}))
    return path


def reached_ready(result: dict[str, Any]) -> bool:
    """Whether the run's recording holds the app's ready mark (Lighthouse's user timings)."""
    details = result["audits"]["user-timings"].get("details") or {}
    return any(item.get("name") == READY_MARK for item in details.get("items", []))


def audit(lighthouse: Path, url: str, port: int | None = None) -> dict[str, float]:
    """One Lighthouse run: each category's score (0-100) and each metric's value; in a browser
    of its own, or in the one listening on `port`, keeping that one's profile."""
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        flags = " ".join(["--headless=new", *CHROMIUM_ARGS])
        browser = [f"--chrome-flags={flags}"]
        if port is not None:
            browser = [f"--port={port}", "--disable-storage-reset"]
        subprocess.run(
            [
                str(lighthouse),
                url,
                "--output=json",
                f"--output-path={report}",
                *browser,
                f"--only-categories={','.join(CATEGORIES)}",
                f"--config-path={config(Path(folder))}",
                "--quiet",
            ],
            env={**os.environ, "CHROME_PATH": str(CHROMIUM)},
            check=True,
        )
        result = json.loads(report.read_text())
    figures = {name: result["categories"][name]["score"] * 100 for name in CATEGORIES}
    figures |= {name: result["audits"][name]["numericValue"] for name, *_ in METRICS}
    figures["reached ready"] = float(reached_ready(result))
    return figures


def installed_app_audits(lighthouse: Path, url: str, runs: int) -> list[dict[str, float]]:
    """`runs` audits of starts of the installed app: one profile visits twice (the install,
    then the visit that keeps the snapshot), then Lighthouse audits in that browser."""
    with tempfile.TemporaryDirectory() as profile, sync_playwright() as playwright:
        port = free_port()
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=str(CHROMIUM),
            args=[*CHROMIUM_ARGS, f"--remote-debugging-port={port}"],
            headless=True,
        )
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-offline]", state="attached", timeout=TIMEOUT_MS)
        page.reload()
        page.wait_for_selector("html[data-snapshot=kept]", timeout=TIMEOUT_MS)
        page.goto("about:blank")
        audits = [audit(lighthouse, url, port) for _ in range(runs)]
        context.close()
    return audits


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def verdict(value: float, goal: float | None, higher_is_better: bool = False) -> str:
    if goal is None:
        return ""
    passed = value >= goal if higher_is_better else value <= goal
    return f"  (goal {'>=' if higher_is_better else '<'} {goal}: {'met' if passed else 'NOT met'})"


def main() -> None:
    parser = argparse.ArgumentParser(description="Lighthouse's mobile audit of dist/.")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lighthouse", type=Path, default=LIGHTHOUSE)
    parser.add_argument("--repeat-visit", action="store_true", help="audit the installed app")
    args = parser.parse_args()
    if not (DIST / "index.html").exists():
        raise SystemExit("dist/ is not built: run ./scripts/setup first")
    if not args.lighthouse.exists():
        raise SystemExit(f"no Lighthouse at {args.lighthouse}: run npm ci")
    with SiteServer(DIST) as server:
        if args.repeat_visit:
            runs = installed_app_audits(args.lighthouse, server.url, args.runs)
        else:
            runs = [audit(args.lighthouse, server.url) for _ in range(args.runs)]
    visit = "start of the installed app" if args.repeat_visit else "first visit"
    print(f"Lighthouse, mobile, {visit}, served gzipped (medians of {args.runs} runs)")
    covered = sum(int(run["reached ready"]) for run in runs)
    print(f"  recordings that reached {READY_MARK}: {covered} of {len(runs)}")
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
