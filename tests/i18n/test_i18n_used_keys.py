"""Every message key written literally in the game package exists in the catalogs.

A static scan of ``t("key", ...)`` and ``.translate("key", ...)`` calls: a typo in a key would
otherwise only show up when that screen is reached (as an English fallback or an error).
"""

from __future__ import annotations

import re
from pathlib import Path

from game.i18n import DEFAULT_LANGUAGE, load_catalog

GAME = Path(__file__).resolve().parents[2] / "game"
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
