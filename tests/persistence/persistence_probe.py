"""Run by the Pyodide test (and by CPython, to compare): a seeded game saved and restored after
every action, the history exported and imported, hostile imports refused. Prints one JSON line."""

from __future__ import annotations

import json
import random
import sys
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.persistence.exchange import (
    MAX_IMPORT_BYTES,
    ImportRefusedError,
    export_history,
    import_history,
)
from game.persistence.history import load_history
from game.persistence.session import restore_session, save_session
from game.persistence.stats import player_stats
from game.persistence.storage import MemoryStorage
from tests.persistence.persistence_helpers import random_steps, seeded_game

TODAY = date(2026, 11, 30)


def probe() -> str:
    storage = MemoryStorage()
    restored_exactly = True
    for _, after in random_steps(seeded_game("penta", 2, seed=2026), random.Random(2026)):
        save_session(storage, after, today=TODAY, ids=random.Random(1))
        restored_exactly &= restore_session(storage).game == after
    records = load_history(storage).value or ()
    text = export_history(records, TODAY)
    other = MemoryStorage()
    imported = import_history(other, text)
    refusals = {}
    for name, hostile in {
        "nested": "[" * 100_000 + "]" * 100_000,
        "objects": '{"a":' * 50_000 + "1" + "}" * 50_000,
        "huge": " " * (MAX_IMPORT_BYTES + 1),
        "digits": "9" * 100_000,
        "closers": '{"a": "' + "]" * 20_000 + '", "b": ' + "[" * 20_000 + "]" * 20_000 + "}",
        "quotes": "[" * 21 + '"' + '\\"' * 1_000_000,
    }.items():
        try:
            import_history(other, hostile)
        except ImportRefusedError as error:
            refusals[name] = error.kind.value
    stats = [
        [s.name, s.ruleset_id, s.games, s.best, s.five_of_a_kind] for s in player_stats(records)
    ]
    return json.dumps(
        {
            "restored_exactly": restored_exactly,
            "session": storage.items["penta.session"],
            "export": text,
            "imported": [imported.added, imported.already_known],
            "refusals": refusals,
            "stats": stats,
        },
        sort_keys=True,
    )


if __name__ == "__main__":
    print(probe())
