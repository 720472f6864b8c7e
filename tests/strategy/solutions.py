"""Each ruleset solved once per test session (a few seconds each), and its table encoded once
(a second or two), shared by the tests."""

from __future__ import annotations

from game.rulesets import Ruleset
from tools.solve import Solved, solve, table_bytes

_solved: dict[str, Solved] = {}
_encoded: dict[str, bytes] = {}


def solved(ruleset: Ruleset) -> Solved:
    if ruleset.id not in _solved:
        _solved[ruleset.id] = solve(ruleset)
    return _solved[ruleset.id]


def encoded(ruleset: Ruleset) -> bytes:
    """The table file of `ruleset`, as tools.solve writes it."""
    if ruleset.id not in _encoded:
        _encoded[ruleset.id] = table_bytes(solved(ruleset))
    return _encoded[ruleset.id]
