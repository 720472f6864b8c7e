"""Time of the coach's check of a move (the coach while playing, game.app.coaching), in CPython
and inside Pyodide in Chromium (prints JSON).

    python -m bench.coach [--games N] [--no-browser]

N one-player games per ruleset (10 by default) are played by the greedy rule, and each keep and
box is judged as the app judges it (bench/coach_workload.py); the first check of each turn
starts from an empty turn cache. The browser part serves Pyodide, the game package and the
tables from a scratch directory (bench.advisor.page_result). The goal in Pyodide: under 20 ms
a check; the median and the worst are printed.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path
from typing import Any

from bench.advisor import page_result, pyodide_figures, report, write_bench_site
from bench.coach_workload import measure
from cli.tables import TABLES_DIR, table_file_name
from game.rules.rulesets import RULESETS, get_ruleset

PAGE = """<!doctype html>
<meta charset="utf-8">
<title>coach benchmark</title>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
window.benchResult = null;
try {
  const pyodide = await loadPyodide({ indexURL: "./pyodide/" });
  pyodide.unpackArchive(await (await fetch("code.zip")).arrayBuffer(), "zip");
  const results = { pyodide_version: pyodide.version, rulesets: [] };
  for (const id of RULESETS) {
    const table = new Uint8Array(await (await fetch(`tables/${id}.table`)).arrayBuffer());
    pyodide.globals.set("table_data", table);
    const json = await pyodide.runPythonAsync(`
import json
from coach_workload import measure
json.dumps(measure(${JSON.stringify(id)}, bytes(table_data.to_py()), GAMES))
`);
    results.rulesets.push(JSON.parse(json));
  }
  window.benchResult = JSON.stringify(results);
} catch (error) {
  window.benchResult = JSON.stringify({ error: String(error) });
}
</script>
"""


def in_chromium(games: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as scratch:
        directory = Path(scratch)
        page = PAGE.replace("RULESETS", json.dumps(sorted(RULESETS))).replace("GAMES", str(games))
        write_bench_site(directory, page, "coach_workload")
        return page_result(scratch)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.coach", description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--no-browser", action="store_true", help="CPython figures only")
    args = parser.parse_args()
    cpython = [
        measure(ruleset_id, (TABLES_DIR / table_file_name(get_ruleset(ruleset_id))).read_bytes(),
                args.games)
        for ruleset_id in sorted(RULESETS)
    ]  # fmt: skip
    figures = report(cpython)
    if not args.no_browser:
        figures["pyodide_in_chromium"] = pyodide_figures(lambda: in_chromium(args.games))
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
