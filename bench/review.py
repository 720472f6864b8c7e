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
import random
import tempfile
from pathlib import Path
from typing import Any

from bench.advisor import page_result, pyodide_figures, report, write_bench_site
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
        write_bench_site(directory, PAGE, "review_workload")
        (directory / "games.json").write_text(json.dumps(games), encoding="utf-8")
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
    sizes = {
        ruleset_id: (TABLES_DIR / distribution_file_name(get_ruleset(ruleset_id))).stat().st_size
        for ruleset_id in sorted(RULESETS)
    }
    figures = report(cpython, score_distribution_bytes=sizes)
    if not args.no_browser:
        figures["pyodide_in_chromium"] = pyodide_figures(lambda: in_chromium(games))
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
