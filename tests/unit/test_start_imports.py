"""What the app's start loads: the app core, the presentation and the greedy coach, but not the
strategy tables, the optimal coach, the history's statistics and exchange, or the rules text.
Those are imported inside the functions that need them, after the first screen shows (in the
browser every module loaded at the start is time before the player can play)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STARTED_WITH = ("game.app.update", "game.present.snapshot", "game.coach.greedy")
LOADED_LATER = (
    "game.strategy",
    "game.coach.optimal",
    "game.persistence.exchange",
    "game.persistence.stats",
    "game.i18n.rules_text",
)


def modules_loaded_by_importing(modules: tuple[str, ...]) -> set[str]:
    """The modules a fresh interpreter holds after importing `modules` (nothing else runs)."""
    script = (
        "import importlib, json, sys\n"
        f"for name in {list(modules)!r}: importlib.import_module(name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return set(json.loads(done.stdout))


def test_the_start_loads_neither_the_strategy_nor_the_modules_used_later() -> None:
    loaded = modules_loaded_by_importing(STARTED_WITH)
    assert set(STARTED_WITH) <= loaded
    too_early = {
        name
        for name in loaded
        for later in LOADED_LATER
        if name == later or name.startswith(later + ".")
    }
    assert too_early == set()


def test_the_entry_script_only_hands_the_page_to_modules_the_snapshot_holds() -> None:
    """PyScript compiles shell/main.py at every start; the modules it imports come compiled and
    already imported in the interpreter's snapshot. So it defines nothing of its own."""
    from tools.build_site import ENTRY_SCRIPT

    tree = ast.parse((ROOT / ENTRY_SCRIPT).read_text(encoding="utf-8"))
    definitions = [
        node.name
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
    ]
    assert definitions == []
    imported_own = {
        node.module
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("shell.")
    }
    assert imported_own == {"shell.composition"}
