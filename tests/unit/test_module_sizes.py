"""No module of the project reaches 500 lines (the project's rule: a module that long does more
than one job; split it into small modules with one job each): the app, the command line, the
tools, the benchmarks, the tests, and the page's own scripts and stylesheets."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECKED_SUFFIXES = (".py", ".js", ".mjs", ".css")
MOST_LINES = 499
FOLDERS = ("game", "shell", "cli", "tools", "bench", "tests", "assets", "scripts")


def sources() -> list[Path]:
    """The project's own code (nothing installed or built lives in these folders)."""
    found = [path for folder in FOLDERS for path in (ROOT / folder).rglob("*")]
    found.append(ROOT / "service-worker.js")
    return sorted(path for path in found if path.suffix in CHECKED_SUFFIXES)


def line_counts() -> dict[str, int]:
    return {
        path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in sources()
    }


def test_the_check_sees_the_app_the_tests_and_the_page_scripts() -> None:
    names = line_counts().keys()
    assert {"game/app/update.py", "tests/unit/test_module_sizes.py"} <= names
    assert {"assets/boot.js", "assets/styles/game.css", "service-worker.js"} <= names


def test_no_module_reaches_500_lines() -> None:
    too_long = {path: lines for path, lines in line_counts().items() if lines > MOST_LINES}
    assert too_long == {}
