"""The review benchmark's workload, pure Python: it runs in CPython and inside Pyodide.

Each finished game (saved JSON with its move log) is loaded and reviewed with the turn cache
emptied first, as when the review screen opens after a game: every turn of the game is then a
turn-start state the advisor has not seen.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from game.coach.review import review_game
from game.persistence.savefile import load_game
from game.rules.rulesets import get_ruleset
from game.strategy.advisor import Advisor
from game.strategy.table import decode_table


def measure(ruleset_id: str, table: bytes, games: list[str]) -> dict[str, Any]:
    ruleset = get_ruleset(ruleset_id)
    advisor = Advisor(decode_table(table, ruleset))
    seconds = []
    decisions = 0
    for text in games:
        game = load_game(text)
        advisor.forget_turns()
        started = time.perf_counter()
        review = review_game(ruleset, len(game.players), game.log, advisor)
        seconds.append(time.perf_counter() - started)
        decisions += len(review.decisions)
    ms = sorted(1000 * s for s in seconds)
    return {
        "ruleset": ruleset_id,
        "games": len(ms),
        "decisions_per_game": decisions / len(ms),
        "median_ms": round(statistics.median(ms), 2),
        "worst_ms": round(ms[-1], 2),
    }
