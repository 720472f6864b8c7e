"""What the app's start loads: the app core, the presentation and the greedy coach, but not the
strategy tables, the optimal coach, the history's statistics and exchange, or the rules text.
Those are imported inside the functions that need them, after the first screen shows (in the
browser every module loaded at the start is time before the player can play)."""

from __future__ import annotations

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
