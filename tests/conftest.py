"""Settings of the whole test suite: the Hypothesis profile (tests/profiles.py), and the order
of the tests: the heavy ones first.

A test that runs for tens of seconds is marked `@pytest.mark.heavy`. Such tests start first,
so that the test workers (pytest-xdist, `--dist worksteal` in scripts/test) share out the
short ones around them, rather than one worker running a heavy test alone at the end."""

from __future__ import annotations

import pytest

import tests.profiles  # noqa: F401  (loads the profile before any test module is imported)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "heavy: runs for tens of seconds; started first")


@pytest.hookimpl(trylast=True)  # after pytest's own ordering (by fixture), which it keeps
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("heavy") is None)
