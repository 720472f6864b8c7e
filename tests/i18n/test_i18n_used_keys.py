"""Every message key written literally in the game package exists in the catalogs, every
catalog message is used, and every call with a literal key gives exactly its placeholders.

A static scan of ``t("key", ...)`` and ``.translate("key", ...)`` calls: a typo in a key would
otherwise only show up when that screen is reached (as an English fallback or an error).

A message is used when the Python code names it (any string literal, or an f-string such as
``f"box.{ruleset_id}.{box_id}"``, matched as a pattern), or index.html or a script of the page
does (assets/boot.js, runtime-load.js, pwa.js: tools/boot_texts.py): a message nothing shows is
a translation kept up for nothing, in three languages.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from game.i18n.catalog import load_catalog
from game.i18n.locale import DEFAULT_LANGUAGE
from tools.boot_texts import TextRef, boot_refs, read_sources

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "game"
PYTHON_SOURCES = ("game", "shell", "cli")
BUILD_SOURCES = ("tools/manifests.py",)  # the build writes the manifests' texts
KEY_START = re.compile(r"[a-z0-9_]+\.")
CALL = re.compile(r"""(?:\bt|\.translate|\btranslate)\(\s*["']([a-z0-9_]+(?:\.[a-z0-9_]+)+)["']""")


def used_keys() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted(GAME.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for match in CALL.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.setdefault(match.group(1), []).append(f"{path.relative_to(GAME)}:{line}")
    return found


def test_every_literal_key_used_in_the_game_package_exists() -> None:
    catalog = load_catalog(DEFAULT_LANGUAGE)
    missing = {key: where for key, where in used_keys().items() if key not in catalog}
    assert missing == {}


def test_the_scan_finds_calls() -> None:
    assert CALL.search('t("turn.confirm")')
    assert CALL.search("self.translate('date.format', day=1)")
    assert not CALL.search('print("turn.confirm")')


def python_names() -> tuple[set[str], list[re.Pattern[str]]]:
    """Every string literal of the Python sources, and a pattern for each f-string that starts
    like a key (``f"level.{level}.name"`` becomes ``level\\.[a-z0-9_]+\\.name``)."""
    literals: set[str] = set()
    patterns: list[re.Pattern[str]] = []
    paths = [path for package in PYTHON_SOURCES for path in sorted((ROOT / package).rglob("*.py"))]
    for path in paths + [ROOT / source for source in BUILD_SOURCES]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                literals.add(node.value)
            elif isinstance(node, ast.JoinedStr):
                first = node.values[0] if node.values else None
                if isinstance(first, ast.Constant) and KEY_START.match(str(first.value)):
                    pattern = "".join(_pattern(value) for value in node.values)
                    patterns.append(re.compile(pattern))
    return literals, patterns


def _pattern(part: ast.expr) -> str:
    if isinstance(part, ast.Constant):
        return re.escape(str(part.value))
    return "[a-z0-9_]+"  # a value filled in: one segment of a key


def page_keys() -> set[str]:
    page, scripts = read_sources()
    return {key for ref in boot_refs(page, scripts) for key in TextRef.parse(ref).keys}


def test_every_catalog_message_is_used() -> None:
    literals, patterns = python_names()
    used = literals | page_keys()
    unused = [
        key
        for key in sorted(load_catalog(DEFAULT_LANGUAGE).keys())
        if key not in used and not any(pattern.fullmatch(key) for pattern in patterns)
    ]
    assert unused == [], "no code, page or script shows these messages: delete them"


def test_every_message_the_page_and_its_scripts_name_exists() -> None:
    catalog = load_catalog(DEFAULT_LANGUAGE)
    assert sorted(key for key in page_keys() if key not in catalog) == []


def test_the_usage_scan_matches_f_string_keys_and_boot_keys() -> None:
    literals, patterns = python_names()
    assert any(pattern.fullmatch("box.penta.full_house") for pattern in patterns)
    assert not any(pattern.fullmatch("box.penta") for pattern in patterns)
    assert "turn.confirm" in literals
    assert {"boot.loading", "boot.startup_failed_hint", "setup.show_rules"} <= page_keys()


def literal_calls() -> list[tuple[str, str, frozenset[str]]]:
    """(where, key, keyword names) of every call with a literal key and keywords alone (no
    ``**values``, whose names only the running code knows), in the Python sources."""
    calls = []
    for package in PYTHON_SOURCES:
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call) or not _is_translation(node.func):
                    continue
                if len(node.args) != 1 or not isinstance(node.args[0], ast.Constant):
                    continue
                key, names = node.args[0].value, [keyword.arg for keyword in node.keywords]
                if isinstance(key, str) and None not in names:
                    where = f"{path.relative_to(ROOT)}:{node.lineno}"
                    calls.append((where, key, frozenset(name for name in names if name)))
    return calls


def _is_translation(func: ast.expr) -> bool:
    return (isinstance(func, ast.Name) and func.id in {"t", "translate"}) or (
        isinstance(func, ast.Attribute) and func.attr == "translate"
    )


def test_every_literal_call_gives_the_message_exactly_its_placeholders() -> None:
    # A value a message has no place for is dropped with an error on the console, and the
    # message shown in English: found in a solo game's end at its player's average.
    catalog = load_catalog(DEFAULT_LANGUAGE)
    calls = literal_calls()
    assert len(calls) > 100  # the scan finds the calls
    wrong = {
        where: (key, sorted(names), sorted(catalog.message(key).placeholders))
        for where, key, names in calls
        if key in catalog and names != catalog.message(key).placeholders
    }
    assert wrong == {}
