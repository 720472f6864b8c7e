"""No module of the app or the command line reaches 500 lines (the project's rule: a module
that long does more than one job; split it into small modules with one job each)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECKED_PACKAGES = ("game", "shell", "cli")
MOST_LINES = 499

KNOWN_EXCEPTIONS: frozenset[str] = frozenset(
    {
        # 749 lines when this test came: the effect runner's split (events.py, effects.py and a
        # controller of about 200 lines) had not landed yet. Remove it from here once it has.
        "shell/controller.py",
    }
)
"""Modules still over the limit, each to be split; one that shrinks below it must leave the
list (the second test says so)."""


def line_counts() -> dict[str, int]:
    return {
        path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for package in CHECKED_PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
    }


def test_no_module_reaches_500_lines() -> None:
    too_long = {
        path: lines
        for path, lines in line_counts().items()
        if lines > MOST_LINES and path not in KNOWN_EXCEPTIONS
    }
    assert too_long == {}


def test_every_known_exception_is_still_too_long() -> None:
    counts = line_counts()
    assert {path for path in KNOWN_EXCEPTIONS if counts.get(path, 0) <= MOST_LINES} == set()
