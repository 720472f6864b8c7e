"""JavaScript values as Pyodide hands them over, read and made without importing Pyodide, so
that the modules using them also load in CPython."""

from __future__ import annotations

import json
from datetime import MAXYEAR, MINYEAR, date, time
from typing import Any


def is_null(value: object) -> bool:
    """JavaScript's null and undefined, as Pyodide passes them (None, or its `jsnull`)."""
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


def local_time(window: Any) -> time:
    """The time of day in the device's time zone, to the minute (midnight where the clock
    gives none)."""
    now = window.Date.new()
    hours, minutes = float(now.getHours()), float(now.getMinutes())
    if not (0 <= hours <= 23 and 0 <= minutes <= 59):  # NaN too
        return time.min
    return time(int(hours), int(minutes))


def local_date(window: Any) -> date:
    """Today in the device's time zone (the daily challenge's day, the dates of the files); the
    nearest date there is when the device's clock is set beyond the years a date holds (a save
    must not fail on a clock)."""
    now = window.Date.new()
    year = float(now.getFullYear())
    if not MINYEAR <= year <= MAXYEAR:  # NaN too
        return date.max if year > MAXYEAR else date.min
    return date(int(year), int(now.getMonth()) + 1, int(now.getDate()))


def js_object(window: Any, **fields: str | bool | float) -> Any:
    """A plain JavaScript object (the options of scrollIntoView...), made by the page's own
    JSON.parse: a Python dict would reach JavaScript as a Map, which such calls ignore."""
    return window.JSON.parse(json.dumps(fields))
