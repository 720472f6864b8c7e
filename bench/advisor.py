"""Advisor time per decision, in CPython and inside Pyodide in Chromium (prints JSON).

    python -m bench.advisor [--decisions N] [--no-browser]

The workload (bench/advisor_workload.py) is the same in both: uncached first-keep decisions
(the hardest), half of them on an empty sheet, and a cached second keep of the same turn.
For the browser, a scratch directory is served from localhost with the Pyodide of
node_modules/pyodide, the game package as a zip, and the tables from assets/tables; headless
Chromium (Debian's, through Playwright) runs the workload and hands back the figures.
The goal in Pyodide: median under 5 ms and worst under 50 ms for the first keep.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import platform
import tempfile
import threading
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.advisor_workload import measure
from cli.tables import TABLES_DIR, table_file_name
from game.rules.rulesets import RULESETS, get_ruleset

ROOT = Path(__file__).resolve().parents[1]
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"

PAGE = """<!doctype html>
<meta charset="utf-8">
<title>advisor benchmark</title>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
window.benchResult = null;
try {
  const started = performance.now();
  const pyodide = await loadPyodide({ indexURL: "./pyodide/" });
  const startup = performance.now() - started;
  pyodide.unpackArchive(await (await fetch("code.zip")).arrayBuffer(), "zip");
  const results = { pyodide_version: pyodide.version, pyodide_startup_ms: startup, rulesets: [] };
  for (const id of RULESETS) {
    const table = new Uint8Array(await (await fetch(`tables/${id}.table`)).arrayBuffer());
    pyodide.globals.set("table_data", table);
    const json = await pyodide.runPythonAsync(`
import json
from advisor_workload import measure
json.dumps(measure(${JSON.stringify(id)}, bytes(table_data.to_py()), DECISIONS))
`);
    results.rulesets.push(JSON.parse(json));
  }
  window.benchResult = JSON.stringify(results);
} catch (error) {
  window.benchResult = JSON.stringify({ error: String(error) });
}
</script>
"""


def write_bench_site(directory: Path, page: str, workload: str) -> None:
    """A bench page in `directory`: `page` as index.html, with Pyodide, the strategy tables, and
    game/ with bench/`workload`.py zipped as code.zip (every bench page loads these)."""
    (directory / "index.html").write_text(page, encoding="utf-8")
    os.symlink(PYODIDE_DIR, directory / "pyodide")
    os.symlink(TABLES_DIR, directory / "tables")
    with zipfile.ZipFile(directory / "code.zip", "w") as archive:
        for path in sorted((ROOT / "game").rglob("*.py")):
            archive.write(path, path.relative_to(ROOT).as_posix())
        archive.write(ROOT / "bench" / f"{workload}.py", f"{workload}.py")


def build_site(directory: Path, decisions: int) -> None:
    page = PAGE.replace("RULESETS", json.dumps(sorted(RULESETS))).replace(
        "DECISIONS", str(decisions)
    )
    write_bench_site(directory, page, "advisor_workload")


def report(cpython: list[dict[str, Any]], **more: Any) -> dict[str, Any]:
    """The figures a benchmark prints: the machine, CPython's `cpython`, and `more`."""
    return {
        "cpu": platform.processor() or platform.machine(),
        "load_average": os.getloadavg(),
        "cpython": {"version": platform.python_version(), "rulesets": cpython},
        **more,
    }


def pyodide_figures(run: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """`run`'s figures in Pyodide in Chromium; exits when the runtime is not installed."""
    if not PYODIDE_DIR.exists():
        raise SystemExit(f"{PYODIDE_DIR} is missing: run the setup first")
    return run()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Set before the base class handles the request (it does so in its __init__).
        self.extensions_map = {
            **self.extensions_map,
            ".mjs": "text/javascript",
            ".wasm": "application/wasm",
        }
        super().__init__(*args, **kwargs)

    def log_message(self, format: str, *args: Any) -> None:
        """Keep the benchmark's output to its figures."""


def page_result(directory: str) -> dict[str, Any]:
    """Serves `directory` on localhost and opens its index.html in Chromium: the JSON the page
    leaves in window.benchResult, with the browser's version."""
    from playwright.sync_api import sync_playwright

    from tools.chromium import CHROMIUM, CHROMIUM_ARGS

    handler = functools.partial(_QuietHandler, directory=directory)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), args=["--headless", *CHROMIUM_ARGS]
            )
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{server.server_port}/index.html")
            page.wait_for_function("window.benchResult !== null", timeout=600_000)
            result: dict[str, Any] = json.loads(page.evaluate("window.benchResult"))
            result["browser"] = f"Chromium {browser.version}"
            browser.close()
    finally:
        server.shutdown()
    return result


def in_chromium(decisions: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as scratch:
        build_site(Path(scratch), decisions)
        return page_result(scratch)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.advisor", description=__doc__)
    parser.add_argument("--decisions", type=int, default=400)
    parser.add_argument("--no-browser", action="store_true", help="CPython figures only")
    args = parser.parse_args()
    cpython = [
        measure(ruleset_id, (TABLES_DIR / table_file_name(get_ruleset(ruleset_id))).read_bytes(),
                args.decisions)
        for ruleset_id in sorted(RULESETS)
    ]  # fmt: skip
    figures = report(cpython)
    if not args.no_browser:
        figures["pyodide_in_chromium"] = pyodide_figures(lambda: in_chromium(args.decisions))
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
