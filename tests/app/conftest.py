"""Fixtures shared by the app-core tests."""

from __future__ import annotations

import pytest

from cli.tables import TABLES_DIR, load_table, table_file_name
from game.rules.rulesets import RULESETS
from game.strategy.advisor import Advisor


@pytest.fixture(scope="session")
def advisor() -> Advisor:
    """The optimal advisor of the Yatzy rules, from the generated strategy table."""
    ruleset = RULESETS["yatzy"]
    if not (TABLES_DIR / table_file_name(ruleset)).exists():
        pytest.skip("strategy tables not generated yet: run python -m tools.solve")
    return Advisor(load_table(ruleset))
