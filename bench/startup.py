"""Start-up benchmark of the built app (dist/) in headless Chromium: `python -m bench.startup`.

Prints:
- the bytes sent on a cold first visit, until the service worker has installed (the app then
  works offline): the files' own sizes, and what the server sent, gzipped as GitHub Pages does
  (tools/serve.py: text and WebAssembly; zips and images are compressed already);
- the bytes of the background download that follows, the same two ways: the files the service
  worker fetches once the app is up and offline-ready (the strategy tables), until the page
  marks every file of the version kept (html[data-offline=complete]);
- first paint, and navigation to interactive (Python has started the app: "penta:ready"), as
  medians over N runs of
  - cold: a new profile each run (no HTTP cache, no service worker), served compressed, and
    again served uncompressed (what tools/serve.py sent before it compressed); Python starts
    in a worker and the page restores its memory snapshot (assets/runtime-start.mjs), or on
    the main thread if the worker failed (the runs say which: made / failed);
  - warm: the app restarted with a profile that has it installed (service worker, caches) and
    has kept the interpreter's memory snapshot (made and kept by the second visit); each warm
    start must restore it. N starts in each of `--profiles` such profiles (3 by default), each
    profile's median printed too. A profile is prepared as a user's device is: the first visit,
    then the browser closed, and the app started again for the second visit, which makes and
    keeps the snapshot and stays open a few seconds more. V8 keeps the runtime's compiled code
    with the service worker's copy of the WebAssembly (its code cache) only after a start that
    compiled the module from that copy and then ran some 2 s without compiling more of it;
    warm starts then read it instead of compiling each function as it is first called (1,789
    functions, 190-290 ms of a start's main thread here; 248 remain with the code cache).
    Prepared with both visits in one browser session, as this benchmark did before, 4 profiles
    in 6 had no code cache (1 in 3 with the second visit closed once the snapshot was kept, 3
    in 3 with it left open 6 s more; the browser may have reused the first visit's module),
    and their starts were the slowest. There, a warm start left idle for 8 s added none; one
    in which 4 turns were played did (the next start then compiled 30 functions lazily).
Also printed: the longest main-thread task until interactive (what freezes the page), and the
page's main-thread CPU time until interactive. Wall times swing with whatever
else the machine runs; this one hardly does, and it bounds the idle machine's time from below.
Last, the machine's own pace: how long the bare Pyodide runtime takes to start in a blank page
(no PyScript, no app, no service worker), the floor under every start. Start-up figures of two
machines, or of two runs on a shared one, compare only beside it: hence the ratios printed
last, of the app's warm and cold interactive times to it.
Goals: warm interactive <= 0.8x the bare runtime's start, cold <= 1.2x; longest main-thread
task < 200 ms; first paint < 200 ms; first visit <= 6 MB gzip.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import BrowserContext, Playwright, sync_playwright

from tools.build_site import service_worker_build
from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serve import SiteServer

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
TIMEOUT_MS = 60_000
RUNTIME = "runtime/pyodide/"
# How long the second visit stays open once the snapshot is kept (see warm, above).
SECOND_VISIT_STAYS_MS = 5_000


@dataclass
class Timing:
    first_paint_ms: float
    interactive_ms: float
    main_thread_cpu_ms: float  # the page's main-thread CPU time until interactive
    longest_task_ms: float  # the longest main-thread task until interactive
    snapshot: str  # <html data-snapshot>: how the interpreter started


# Every main-thread task over 50 ms, from the page's start (as [start, duration]).
LONG_TASKS = """
window.benchLongTasks = [];
new PerformanceObserver((list) => {
    for (const task of list.getEntries()) benchLongTasks.push([task.startTime, task.duration]);
}).observe({ type: "longtask", buffered: true });
"""


def open_profile(playwright: Playwright, profile: Path) -> BrowserContext:
    context = playwright.chromium.launch_persistent_context(
        profile,
        executable_path=str(CHROMIUM),
        args=CHROMIUM_ARGS,
        headless=True,
        viewport={"width": 360, "height": 640},
    )
    context.add_init_script(LONG_TASKS)
    return context


def visit(
    context: BrowserContext,
    url: str,
    wait_for_offline: bool = False,
    wait_for_background: bool = False,
) -> Timing:
    page = context.pages[0] if context.pages else context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable", {"timeDomain": "threadTicks"})
    page.goto(url)
    page.wait_for_selector("html[data-state=ready]", timeout=TIMEOUT_MS)
    if wait_for_offline:
        page.wait_for_function(
            "() => navigator.serviceWorker.controller?.state === 'activated'", timeout=TIMEOUT_MS
        )
    if wait_for_background:
        page.wait_for_selector("html[data-offline]", state="attached", timeout=TIMEOUT_MS)
        if page.get_attribute("html", "data-offline") != "complete":
            raise SystemExit("the background download after the install failed")
    first_paint, interactive, longest = page.evaluate(
        """() => {
            const ready = performance.getEntriesByName("penta:ready")[0].startTime;
            const tasks = benchLongTasks.filter(([start]) => start < ready);
            return [
                performance.getEntriesByName("first-contentful-paint")[0].startTime,
                ready,
                Math.max(0, ...tasks.map(([, duration]) => duration)),
            ];
        }"""
    )
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    snapshot = page.get_attribute("html", "data-snapshot") or "?"
    return Timing(first_paint, interactive, metrics["ThreadTime"] * 1000, longest, snapshot)


def make_snapshot(context: BrowserContext, url: str) -> tuple[float, int]:
    """A second visit, which keeps the interpreter's snapshot it starts from: the seconds from
    navigation until it is kept, and its size in bytes."""
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(url)
    page.wait_for_selector(
        "html[data-snapshot=kept], html[data-snapshot=failed]", timeout=TIMEOUT_MS
    )
    if page.get_attribute("html", "data-snapshot") != "kept":
        raise SystemExit("the interpreter's snapshot was not made and kept")
    seconds, size = page.evaluate(
        """async () => {
            const store = await import(new URL("assets/snapshot-store.mjs", document.baseURI));
            return [performance.now() / 1000, (await store.readKept()).byteLength];
        }"""
    )
    return seconds, size


def bare_runtime_start_ms(context: BrowserContext, url: str) -> float:
    """Milliseconds from importing Pyodide to its interpreter being up, in a blank page."""
    page = context.new_page()
    page.goto(url + "blank-page-for-the-benchmark")  # same origin, no app and no CSP (a 404)
    elapsed: float = page.evaluate(
        """async (runtimeUrl) => {
            const start = performance.now();
            const { loadPyodide } = await import(runtimeUrl + "pyodide.mjs");
            await loadPyodide({ indexURL: runtimeUrl });
            return performance.now() - start;
        }""",
        url + RUNTIME,
    )
    page.close()
    return elapsed


def name_of(url_path: str) -> str:
    """The file's name in dist/ ("index.html" for the start page)."""
    return url_path.split("?")[0].lstrip("/") or "index.html"


def file_of(url_path: str) -> Path:
    return DIST / name_of(url_path)


def sizes(files: list[tuple[str, int]]) -> str:
    raw = sum(file_of(path).stat().st_size for path, _ in files)
    sent = sum(size for _, size in files)
    return f"{len(files)} files, {raw / 1e6:.2f} MB raw, {sent / 1e6:.2f} MB sent (gzip)"


def cold_visits(
    playwright: Playwright, server: SiteServer, runs: int, background: set[str]
) -> tuple[list[Timing], list[tuple[str, int]], list[tuple[str, int]]]:
    """`runs` first visits, each on a new profile; with the files the first one downloaded
    until offline-ready and those of the background download after it."""
    timings: list[Timing] = []
    first_visit: list[tuple[str, int]] = []
    after: list[tuple[str, int]] = []
    for run in range(runs):
        with tempfile.TemporaryDirectory() as profile:
            context = open_profile(playwright, Path(profile))
            server.bodies_sent.clear()
            first = run == 0
            timings.append(
                visit(context, server.url, wait_for_offline=True, wait_for_background=first)
            )
            if first:
                # Told apart by name: the background download starts at offline-ready.
                sent = list(server.bodies_sent)
                first_visit = [item for item in sent if name_of(item[0]) not in background]
                after = [item for item in sent if name_of(item[0]) in background]
            context.close()
    return timings, first_visit, after


def warm_visits(
    playwright: Playwright, server: SiteServer, profiles: int, runs: int
) -> tuple[list[list[Timing]], float, int, int]:
    """`runs` warm starts in each of `profiles` installed profiles; with the seconds the
    snapshot took to be kept and its bytes (the first profile's), and what the starts fetched."""
    by_profile: list[list[Timing]] = []
    kept = (0.0, 0)
    fetched = 0
    for number in range(profiles):
        with tempfile.TemporaryDirectory() as profile:
            context = open_profile(playwright, Path(profile))
            # Installed, the tables too: otherwise the warm starts would fetch them.
            visit(context, server.url, wait_for_offline=True, wait_for_background=True)
            context.close()
            context = open_profile(playwright, Path(profile))
            made = make_snapshot(context, server.url)
            context.pages[0].wait_for_timeout(SECOND_VISIT_STAYS_MS)
            kept = made if number == 0 else kept
            context.close()
            server.bodies_sent.clear()
            timings = []
            for _ in range(runs):
                context = open_profile(playwright, Path(profile))  # the app is started again
                timings.append(visit(context, server.url))
                context.close()
            fetched += sum(size for _, size in server.bodies_sent)
        if any(t.snapshot != "restored" for t in timings):
            raise SystemExit(f"a warm start did not restore the snapshot: {timings}")
        by_profile.append(timings)
    return by_profile, kept[0], kept[1], fetched


def median_timing(timings: list[Timing]) -> str:
    paint = statistics.median(t.first_paint_ms for t in timings)
    ready = statistics.median(t.interactive_ms for t in timings)
    cpu = statistics.median(t.main_thread_cpu_ms for t in timings)
    longest = statistics.median(t.longest_task_ms for t in timings)
    runs = ", ".join(f"{t.interactive_ms:.0f} {t.snapshot}" for t in timings)
    return (
        f"first paint {paint:.0f} ms, interactive {ready:.0f} ms (runs: {runs}), "
        f"longest main-thread task {longest:.0f} ms, main-thread CPU {cpu:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description="Start-up benchmark of dist/.")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--profiles", type=int, default=3, help="installed profiles, warm")
    args = parser.parse_args()
    if not (DIST / "index.html").exists():
        raise SystemExit("dist/ is not built: run ./scripts/setup first")
    background = set(service_worker_build(DIST)["background"])

    with SiteServer(DIST) as server, sync_playwright() as playwright:
        # Unmeasured: the server compresses each file the first time it sends it.
        cold_visits(playwright, server, 1, background)
        cold, first_visit, after = cold_visits(playwright, server, args.runs, background)
        with SiteServer(DIST, compress=False) as uncompressed_server:
            uncompressed, _, _ = cold_visits(playwright, uncompressed_server, args.runs, background)

        by_profile, snapshot_seconds, snapshot_bytes, warm_bytes = warm_visits(
            playwright, server, args.profiles, args.runs
        )
        warm = [timing for timings in by_profile for timing in timings]

        baseline = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        bare = [bare_runtime_start_ms(baseline.new_context(), server.url) for _ in range(args.runs)]
        baseline.close()

    print(f"first visit, until offline-ready: {sizes(first_visit)}")
    print(f"then in the background (strategy tables): {sizes(after)}")
    print(f"cold ({args.runs} runs, medians): {median_timing(cold)}")
    print(f"cold, served uncompressed ({args.runs} runs, medians): {median_timing(uncompressed)}")
    print(
        f"warm ({args.runs} runs in each of {args.profiles} profiles, medians): "
        f"{median_timing(warm)}"
    )
    profile_medians = ", ".join(
        f"{statistics.median(t.interactive_ms for t in timings):.0f}" for timings in by_profile
    )
    print(f"warm interactive, each profile's median: {profile_medians} ms")
    print(f"warm starts downloaded {warm_bytes} bytes in all (service worker update checks)")
    print(
        f"the interpreter's snapshot: {snapshot_bytes / 1e6:.1f} MB, kept "
        f"{snapshot_seconds:.1f} s after the second visit's start"
    )
    largest = sorted(first_visit, key=lambda item: -item[1])[:5]
    print("largest files: " + ", ".join(f"{p} {s / 1e6:.2f} MB" for p, s in largest))
    bare_ms = statistics.median(bare)
    print(
        f"this machine's pace: the bare Pyodide runtime starts in "
        f"{bare_ms:.0f} ms in a blank page (median of {args.runs}, no app)"
    )
    for name, timings, goal in (("warm", warm, 0.8), ("cold", cold, 1.2)):
        ratio = statistics.median(t.interactive_ms for t in timings) / bare_ms
        print(f"{name} interactive / bare runtime start: {ratio:.2f}x (goal <= {goal}x)")


if __name__ == "__main__":
    main()
