"""Strict readers of untrusted JSON: each returns the value with its type checked or raises
SaveFileError naming the path and the bad value.

    parse_json(text, what) -> object          no key twice in one object, no NaN or Infinity
    read_object / read_list / read_int / check_keys / translated

Shared by saved games (game.savefile), stored records and imports (game.persistence).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

from game.errors import GameError, SaveFileError

JsonObject = dict[str, Any]
T = TypeVar("T")


def parse_json(text: str | bytes, what: str) -> object:
    """JSON with no key twice in one object and no NaN or Infinity; SaveFileError otherwise."""
    try:
        return json.loads(text, object_pairs_hook=_refuse_duplicate_keys, parse_constant=_refuse)
    except SaveFileError:
        raise
    # JSONDecodeError and too many digits are ValueErrors, bad UTF-8 a UnicodeDecodeError (also
    # a ValueError), and nesting deeper than the interpreter's stack a RecursionError.
    except (ValueError, RecursionError) as error:
        raise SaveFileError(f"{what} is JSON, and this is not: {error}") from None


def read_object(value: object, path: str) -> JsonObject:
    if not isinstance(value, dict):
        raise SaveFileError(f"{path}: expected an object, got {value!r:.80}")
    return value


def check_keys(entry: JsonObject, path: str, expected: set[str]) -> None:
    missing = sorted(expected - entry.keys())
    unknown = sorted(entry.keys() - expected)
    problems = [f"missing key {key!r}" for key in missing]
    problems += [f"unknown key {key!r:.80}" for key in unknown[:5]]
    if problems:
        raise SaveFileError(f"{path}: {', '.join(problems)}")


def read_list(value: object, path: str, minimum: int = 0, maximum: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise SaveFileError(f"{path}: expected a list, got {value!r:.80}")
    if len(value) < minimum or (maximum is not None and len(value) > maximum):
        raise SaveFileError(
            f"{path}: expected {minimum} to {'any number of' if maximum is None else maximum} "
            f"entries, got {len(value)}"
        )
    return value


def read_int(value: object, path: str, maximum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SaveFileError(f"{path}: expected a whole number, got {value!r:.80}")
    if value < 0 or (maximum is not None and value > maximum):
        upper = "any larger number" if maximum is None else maximum
        raise SaveFileError(f"{path}: expected 0 to {upper}, got {value}")
    return value


def translated(path: str, build: Callable[[], T]) -> T:
    """Run a constructor that checks its input; its GameError becomes a SaveFileError."""
    try:
        return build()
    except GameError as error:
        raise SaveFileError(f"{path}: {error}") from None


def _refuse_duplicate_keys(pairs: list[tuple[str, Any]]) -> JsonObject:
    counts = Counter(key for key, _ in pairs)
    duplicates = sorted(key for key, count in counts.items() if count > 1)
    if duplicates:
        raise SaveFileError(f"a key appears twice in one object: {', '.join(duplicates)}")
    return dict(pairs)


def _refuse(constant: str) -> object:
    raise SaveFileError(f"stored data holds no {constant}")
