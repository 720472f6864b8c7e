"""How long the nesting guard of game.persistence.readers takes on the largest import
(prints JSON; figures, not timed tests).

    python -m bench.json_guard

Two texts of the largest size an import reads (MAX_IMPORT_BYTES): a realistic export (random
finished games of one to four players, names with brackets and quotes among them) and 2 MB of
opening brackets. For each: the guard alone (nesting_depth) and the whole parse_json, the best
of five runs.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Callable
from datetime import date
from functools import partial

from cli.random_play import random_game
from game.persistence.exchange import MAX_IMPORT_BYTES, export_history
from game.persistence.history import GameRecord, new_game_id, record_game
from game.persistence.readers import NotJsonError, nesting_depth, parse_json
from game.play.engine import new_game
from game.play.random_source import SeededDice
from game.play.state import Player

NAMES = ("Ann", 'Bo "the [king]"', "Ülle", "אורי", "{Cy}", "Dee\\")


def realistic_export(size: int, rng: random.Random) -> str:
    """An export of random finished games, as close to `size` bytes as whole games allow."""
    records: list[GameRecord] = []
    per_game = 0
    while True:
        count = rng.randint(1, 4)
        players = [Player(name) for name in rng.sample(NAMES, count)]
        seed = rng.getrandbits(32)
        game = random_game(new_game(rng.choice(("penta", "yatzy")), players, SeededDice(seed)), rng)
        records.append(record_game(new_game_id(rng.getrandbits(64)), game, date(2026, 1, 1)))
        if per_game == 0 and len(records) == 50:
            per_game = len(export_history(tuple(records), date(2026, 1, 2)).encode()) // 50
        if per_game and len(records) * per_game >= size:
            break
    text = export_history(tuple(records), date(2026, 1, 2))
    while len(text.encode()) > size:
        records.pop()
        text = export_history(tuple(records), date(2026, 1, 2))
    return text


def best_of(runs: int, work: Callable[[], object]) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def parse(text: str) -> None:
    with contextlib.suppress(NotJsonError):
        parse_json(text, "the file")


def main() -> None:
    texts = {
        "realistic export": realistic_export(MAX_IMPORT_BYTES, random.Random(2026)),
        "2 MB of [": "[" * 2_000_000,
    }
    figures = {
        name: {
            "bytes": len(text.encode()),
            "guard_seconds": round(best_of(5, partial(nesting_depth, text)), 4),
            "parse_json_seconds": round(best_of(5, partial(parse, text)), 4),
        }
        for name, text in texts.items()
    }
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
