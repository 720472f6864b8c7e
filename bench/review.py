"""Time to review a finished game, in CPython and inside Pyodide in Chromium (prints JSON).

    python -m bench.review [--games N] [--no-browser]

N one-player games per ruleset (20 by default) are played by the casual computer (seeded,
so every run reviews the same games) and saved with their moves; the workload
(bench/review_workload.py) then loads and reviews each from a cold turn cache and reports the
median and the worst. The browser part serves Pyodide, the game package, the tables and the
games from a scratch directory, as bench/advisor.py does. Also printed: the size of each
score distribution file (the review's percentile). The goal in Pyodide: under 300 ms a game.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from bench.advisor import PYODIDE_DIR, ROOT, page_result
from bench.review_workload import measure
from cli.computer_play import computer_game
from cli.tables import TABLES_DIR, distribution_file_name, load_table, table_file_name
from game.persistence.savefile import dump_game
from game.play.engine import new_game
from game.play.random_source import SeededDice
from game.play.state import Player, PlayerKind
from game.rules.rulesets import RULESETS, get_ruleset
from game.strategy.advisor import Advisor

PAGE = """<!doctype html>
<meta charset="utf-8">
<title>review benchmark</title>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
window.benchResult = null;
try {
  const pyodide = await loadPyodide({ indexURL: "./pyodide/" });
  pyodide.unpackArchive(await (await fetch("code.zip")).arrayBuffer(), "zip");
  const games = await (await fetch("games.json")).json();
  const results = { pyodide_version: pyodide.version, rulesets: [] };
  for (const id of Object.keys(games)) {
    const table = new Uint8Array(await (await fetch(`tables/${id}.table`)).arrayBuffer());
    pyodide.globals.set("table_data", table);
    pyodide.globals.set("games_json", JSON.stringify(games[id]));
    const json = await pyodide.runPythonAsync(`
import json
from review_workload import measure
json.dumps(measure(${JSON.stringify(id)}, bytes(table_data.to_py()), json.loads(games_json)))
`);
    results.rulesets.push(JSON.parse(json));
  }
  window.benchResult = JSON.stringify(results);
} catch (error) {
  window.benchResult = JSON.stringify({ error: String(error) });
}
</script>
"""


def finished_games(ruleset_id: str, count: int) -> list[str]:
    ruleset = get_ruleset(ruleset_id)
    advisor = Advisor(load_table(ruleset))
    seat = [Player("Casual", PlayerKind.COMPUTER, "casual")]
    return [
        dump_game(
            computer_game(
                new_game(ruleset, seat, SeededDice(n)), "casual", advisor, random.Random(n)
            )
        )
        for n in range(count)
    ]


def in_chromium(games: dict[str, list[str]]) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as scratch:
        directory = Path(scratch)
        (directory / "index.html").write_text(PAGE, encoding="utf-8")
        (directory / "games.json").write_text(json.dumps(games), encoding="utf-8")
        os.symlink(PYODIDE_DIR, directory / "pyodide")
        os.symlink(TABLES_DIR, directory / "tables")
        with zipfile.ZipFile(directory / "code.zip", "w") as archive:
            for path in sorted((ROOT / "game").rglob("*.py")):
                archive.write(path, path.relative_to(ROOT).as_posix())
            archive.write(ROOT / "bench" / "review_workload.py", "review_workload.py")
        return page_result(scratch)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.review", description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--no-browser", action="store_true", help="CPython figures only")
    args = parser.parse_args()
    games = {ruleset_id: finished_games(ruleset_id, args.games) for ruleset_id in sorted(RULESETS)}
    cpython = [
        measure(ruleset_id, (TABLES_DIR / table_file_name(get_ruleset(ruleset_id))).read_bytes(),
                saved)
        for ruleset_id, saved in games.items()
    ]  # fmt: skip
    report: dict[str, Any] = {
        "cpu": platform.processor() or platform.machine(),
        "load_average": os.getloadavg(),
        "cpython": {"version": platform.python_version(), "rulesets": cpython},
        "score_distribution_bytes": {
            ruleset_id: (TABLES_DIR / distribution_file_name(get_ruleset(ruleset_id)))
            .stat()
            .st_size
            for ruleset_id in sorted(RULESETS)
        },
    }
    if not args.no_browser:
        if not PYODIDE_DIR.exists():
            raise SystemExit(f"{PYODIDE_DIR} is missing: run the setup first")
        report["pyodide_in_chromium"] = in_chromium(games)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
