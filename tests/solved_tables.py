"""The solved strategy tables for tests that need the optimal advisor: loaded from
assets/tables/, or the test is skipped where they have not been generated yet."""

from __future__ import annotations

import pytest

from cli.tables import TABLES_DIR, load_table, table_file_name
from game.rules.rulesets import RULESETS
from game.strategy.advisor import Advisor


def solved_advisor(ruleset_id: str) -> Advisor:
    ruleset = RULESETS[ruleset_id]
    if not (TABLES_DIR / table_file_name(ruleset)).exists():
        pytest.skip("strategy tables not generated yet: run python -m tools.solve")
    return Advisor(load_table(ruleset))
