"""The device's date as the shell reads it (shell.js.local_date): a clock set far outside the
years a date can hold gives the nearest date it can, so that saving a game never fails on it."""

from __future__ import annotations

from datetime import date
from types import SimpleNamespace

import pytest

from shell.js import local_date


class FakeDate:
    def __init__(self, year: float, month: float, day: float) -> None:
        self._parts = year, month, day

    def getFullYear(self) -> float:
        return self._parts[0]

    def getMonth(self) -> float:
        return self._parts[1]

    def getDate(self) -> float:
        return self._parts[2]


def window_at(year: float, month: float = 11, day: float = 1) -> object:
    return SimpleNamespace(Date=SimpleNamespace(new=lambda: FakeDate(year, month, day)))


def test_the_device_date_is_read_in_its_time_zone() -> None:
    assert local_date(window_at(2026, 11, 1)) == date(2026, 12, 1)  # JavaScript months from 0


@pytest.mark.parametrize(
    ("year", "expected"), [(58887, date.max), (-3, date.min), (float("nan"), date.min)]
)
def test_a_clock_far_off_gives_the_nearest_date(year: float, expected: date) -> None:
    assert local_date(window_at(year)) == expected
