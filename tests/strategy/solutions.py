"""Each ruleset solved once per test session (a few seconds each), shared by the tests."""

from __future__ import annotations

from game.rules.rulesets import Ruleset
from tools.solve import Solved, solve

_solved: dict[str, Solved] = {}


def solved(ruleset: Ruleset) -> Solved:
    if ruleset.id not in _solved:
        _solved[ruleset.id] = solve(ruleset)
    return _solved[ruleset.id]
