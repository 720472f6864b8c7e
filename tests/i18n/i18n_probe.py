"""What the i18n layer shows, as JSON: run in CPython and inside Pyodide, the two must agree."""

from __future__ import annotations

import json


def probe() -> str:
    from game.i18n.catalog import data_files
    from game.i18n.locale import LANGUAGE_CODES, choose_language
    from game.i18n.translator import Translator
    from game.rules.rulesets import RULESETS

    out: dict[str, object] = {
        "chosen": choose_language(["he-IL", "en"]),
        "files": data_files(),
    }
    for language in LANGUAGE_CODES:
        t = Translator(language, strict=True)
        out[language] = {
            "dir": t.direction,
            "rolls": [t("turn.rolls_left", count=n) for n in (0, 1, 2, 3)],
            "boxes": [
                t.box_name(ruleset_id, box_id)
                for ruleset_id, ruleset in sorted(RULESETS.items())
                for box_id in ruleset.box_ids
            ],
            "rules": [t.rules_text(ruleset_id).plain_text() for ruleset_id in sorted(RULESETS)],
            "keys": len(t.catalog.messages),
        }
    return json.dumps(out, ensure_ascii=False, sort_keys=True)
