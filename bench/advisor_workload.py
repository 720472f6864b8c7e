"""The advisor benchmark's workload, pure Python: it runs in CPython and inside Pyodide.

The hardest decision is the first keep of a turn (two rolls left): it needs the whole
within-turn structure of a turn-start state nobody has asked about yet. Each timed decision
therefore starts with an empty turn cache. A game's later decisions in the same turn reuse the
cache; those are timed too ("second keep, same turn").
"""

from __future__ import annotations

import dataclasses
import random
import statistics
import time
from typing import Any

from game.rules.dice import DICE_COUNT, roll
from game.rules.rulesets import Ruleset, get_ruleset
from game.strategy.advisor import Advisor, Position
from game.strategy.table import decode_table

REPEATS = 3
"""Each uncached decision is timed this often: the least time is the work itself, without
the pauses of a busy machine (other processes, the browser); the first time is reported too."""


def random_sheet_position(ruleset: Ruleset, rng: random.Random, filled: int) -> Position:
    """A reachable sheet with `filled` boxes filled by random dice, at a turn's first keep."""
    open_boxes = set(ruleset.box_ids)
    upper = 0
    five: int | None = None
    total = 0
    for box in rng.sample(ruleset.box_ids, filled):
        points = ruleset.points(box, roll(rng, DICE_COUNT))
        if box == ruleset.five_of_a_kind_box:
            five = points = rng.choice([0, ruleset.five_of_a_kind_points])
        if box in ruleset.upper_box_ids:
            upper += points
        total += points
        open_boxes.remove(box)
    return Position(ruleset, frozenset(open_boxes), upper, five, roll(rng, DICE_COUNT), 2, total)


def summary_ms(seconds: list[float]) -> dict[str, float]:
    ms = sorted(1000 * s for s in seconds)
    return {
        "count": len(ms),
        "median_ms": round(statistics.median(ms), 3),
        "p95_ms": round(ms[int(0.95 * (len(ms) - 1))], 3),
        "max_ms": round(ms[-1], 3),
    }


def measure(
    ruleset_id: str, table: bytes, decisions: int, seed: int = 1, warm_up: int = 50
) -> dict[str, Any]:
    ruleset = get_ruleset(ruleset_id)
    started = time.perf_counter()
    advisor = Advisor(decode_table(table, ruleset))
    load_seconds = time.perf_counter() - started
    rng = random.Random(seed)
    boxes = len(ruleset.box_ids)
    # The first decision also builds the per-ruleset structures (points of every roll in
    # every box, the gather index tuples): a one-time cost, reported apart.
    started = time.perf_counter()
    advisor.rank(random_sheet_position(ruleset, rng, 0))
    first_decision_seconds = time.perf_counter() - started
    # Untimed decisions first: WebAssembly engines compile hot code again, optimised, after
    # it has run a while; an app that has been playing is past that point.
    for _ in range(warm_up):
        advisor.forget_turns()
        advisor.rank(random_sheet_position(ruleset, rng, rng.randrange(boxes)))
    cold: list[float] = []
    cold_least: list[float] = []
    empty_sheet: list[float] = []
    warm: list[float] = []
    for number in range(decisions):
        # Every other position is a game's first turn: all boxes open, the most work.
        filled = 0 if number % 2 else rng.randrange(boxes)
        position = random_sheet_position(ruleset, rng, filled)
        attempts = []
        for _ in range(REPEATS):
            advisor.forget_turns()
            started = time.perf_counter()
            advisor.rank(position)
            attempts.append(time.perf_counter() - started)
        cold.append(attempts[0])
        cold_least.append(min(attempts))
        if filled == 0:
            empty_sheet.append(attempts[0])
        second = dataclasses.replace(position, dice=roll(rng, DICE_COUNT), rolls_left=1)
        started = time.perf_counter()
        advisor.rank(second)
        warm.append(time.perf_counter() - started)
    return {
        "ruleset": ruleset_id,
        "table_load_ms": round(1000 * load_seconds, 1),
        "first_decision_after_load_ms": round(1000 * first_decision_seconds, 1),
        "untimed_warm_up_decisions": warm_up,
        "first_keep_uncached": summary_ms(cold),
        "first_keep_uncached_least_of_repeats": summary_ms(cold_least),
        "first_keep_empty_sheet": summary_ms(empty_sheet),
        "second_keep_same_turn": summary_ms(warm),
    }
