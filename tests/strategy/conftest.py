"""Shared fixtures: the exact and the compact table of each ruleset, and an advisor."""

from __future__ import annotations

import pytest

from game.rules.rulesets import PENTA, YATZY, Ruleset
from game.strategy.advisor import Advisor
from game.strategy.table import ExactTable, ValueTable, decode_table
from tests.strategy.solutions import solved
from tools.solve import table_bytes


@pytest.fixture(scope="session", params=[PENTA, YATZY], ids=lambda ruleset: ruleset.id)
def ruleset(request: pytest.FixtureRequest) -> Ruleset:
    return request.param  # type: ignore[no-any-return]


@pytest.fixture(scope="session")
def exact_table(ruleset: Ruleset) -> ValueTable:
    return ExactTable(ruleset, solved(ruleset).values.tolist())


@pytest.fixture(scope="session")
def compact_table(ruleset: Ruleset) -> ValueTable:
    return decode_table(table_bytes(solved(ruleset)), ruleset)


@pytest.fixture(scope="session")
def advisor(compact_table: ValueTable) -> Advisor:
    return Advisor(compact_table)
