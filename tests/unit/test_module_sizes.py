"""No module of the app or the command line reaches 500 lines (the project's rule: a module
that long does more than one job; split it into small modules with one job each)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECKED_PACKAGES = ("game", "shell", "cli")
MOST_LINES = 499


def line_counts() -> dict[str, int]:
    return {
        path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for package in CHECKED_PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
    }


def test_no_module_reaches_500_lines() -> None:
    too_long = {path: lines for path, lines in line_counts().items() if lines > MOST_LINES}
    assert too_long == {}
