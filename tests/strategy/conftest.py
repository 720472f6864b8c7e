"""Shared fixtures: the exact and the compact table of each ruleset, and an advisor."""

from __future__ import annotations

import pytest

from game.rules.rulesets import PENTA, YATZY, Ruleset
from game.strategy.advisor import Advisor
from game.strategy.table import ExactTable, ValueTable, decode_table
from tests.strategy.solutions import encoded, share_in, solved


@pytest.fixture(scope="session", autouse=True)
def _solutions_shared_by_the_workers_and_the_runs(request: pytest.FixtureRequest) -> None:
    cache = getattr(request.config, "cache", None)
    if cache is not None:  # absent without pytest's cache plugin (-p no:cacheprovider)
        share_in(cache.mkdir("strategy-solutions"))


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
