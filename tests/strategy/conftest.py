"""Shared fixtures: the exact and the compact table of each ruleset, and an advisor.

Every test here runs on the same test worker (xdist_group "strategy"), so that each ruleset is
solved once per run, not once per worker."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rulesets import PENTA, YATZY, Ruleset
from game.strategy.advisor import Advisor
from game.strategy.table import ExactTable, ValueTable, decode_table
from tests.strategy.solutions import encoded, solved


@pytest.fixture(scope="session", params=[PENTA, YATZY], ids=lambda ruleset: ruleset.id)
def ruleset(request: pytest.FixtureRequest) -> Ruleset:
    return request.param  # type: ignore[no-any-return]


@pytest.fixture(scope="session")
def exact_table(ruleset: Ruleset) -> ValueTable:
    return ExactTable(ruleset, solved(ruleset).values.tolist())


@pytest.fixture(scope="session")
def compact_table(ruleset: Ruleset) -> ValueTable:
    return decode_table(encoded(ruleset), ruleset)


@pytest.fixture(scope="session")
def advisor(compact_table: ValueTable) -> Advisor:
    return Advisor(compact_table)


HERE = Path(__file__).parent


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.xdist_group("strategy"))
