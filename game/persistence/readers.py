"""Strict readers of untrusted JSON: each returns the value with its type checked or raises
SaveFileError naming the path and the bad value.

    parse_json(text, what) -> object          no key twice in one object, no NaN or Infinity,
                                              nesting at most MAX_DEPTH deep
    read_object / read_list / read_int / check_keys / translated / date_from_data
    good_entries(items, path, read_entry, id_of, maximum)   the entries of a list that read
                                              alone, for a stored list with some bad entries
                                              (good_entries_in_steps: the same, a step at a time)

Shared by saved games (game.persistence.savefile), stored records and imports (game.persistence).
"""

from __future__ import annotations

import json
import operator
import re
from collections import Counter
from collections.abc import Callable, Generator
from datetime import date
from itertools import accumulate
from typing import Any, TypeVar

from game.errors import GameError, SaveFileError
from game.steps import run_through

JsonObject = dict[str, Any]
T = TypeVar("T")


_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
MAX_DEPTH = 20
"""Deepest nesting of arrays and objects read; the formats need 8 (an export's scores)."""
_STRING = re.compile(r'"[^"\\]*(?:\\[\s\S][^"\\]*)*"?')
"""A JSON string, escapes and all. One left open runs to the end of the text, where the parser
stops too; as the closing quote is optional, every match succeeds at its first quote, so no
text makes the search retry from later quotes (which took minutes for 2 MB of them)."""
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = str.maketrans({"[": "\x02", "{": "\x02", "]": "\x00", "}": "\x00"})


class NotJsonError(SaveFileError):
    """Text that is not JSON at all, or JSON this reader refuses outright (see parse_json)."""


def parse_json(text: str | bytes, what: str) -> object:
    """JSON with no key twice in one object, no NaN or Infinity, and nesting at most
    MAX_DEPTH deep; NotJsonError otherwise.

    >>> parse_json('{"dice": [4, 4, 2]}', "a saved game")
    {'dice': [4, 4, 2]}
    >>> parse_json('{"a": 1, "a": 2}', "a saved game")
    Traceback (most recent call last):
    game.persistence.readers.NotJsonError: a saved game is not valid JSON: a key appears twice ...

    Raises:
        NotJsonError: `text` is not JSON (or not UTF-8), repeats a key in one object, holds
            NaN or Infinity, or nests deeper than MAX_DEPTH; the message starts with `what`.
    """
    try:
        decoded = text.decode("utf-8") if isinstance(text, bytes) else text
        # The parser recurses once per level: in Pyodide, deep nesting overflows the
        # WebAssembly stack and kills the interpreter instead of raising, so measure first.
        if nesting_depth(decoded) > MAX_DEPTH:
            raise ValueError(f"arrays and objects nested more than {MAX_DEPTH} deep")
        return json.loads(decoded, object_pairs_hook=_refuse_duplicate_keys, parse_constant=_refuse)
    # JSONDecodeError and too many digits are ValueErrors, bad UTF-8 a UnicodeDecodeError (also
    # a ValueError); a duplicate key or NaN raised SaveFileError from the hooks below.
    except (ValueError, SaveFileError) as error:
        raise NotJsonError(f"{what} is not valid JSON: {error}") from None


def nesting_depth(text: str) -> int:
    """How deep arrays and objects nest in `text`, counting unclosed ones, outside strings.

    Exact for JSON; for other text, at least as deep as the parser goes before it stops at
    the first flaw (up to there, the text is JSON)."""
    # Strings go first, whole: no bracket inside one may count, or a string of closers would
    # cancel the openers after it. About 0.1 s in CPython for 3 MB (python -m bench.json_guard).
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    # Openers count 2 and closers 0: after i brackets the running sum minus i is the depth
    # there (opened minus closed). Only C iterators run. Below 0, a closer had nothing open:
    # the parser stops there.
    steps = brackets.translate(_STEP).encode("latin-1")
    return max(0, max(map(operator.sub, accumulate(steps), range(1, len(steps) + 1)), default=0))


def read_object(value: object, path: str) -> JsonObject:
    """`value` checked to be a JSON object.

    Raises:
        SaveFileError: `value` is not a dict; the message starts with `path`.
    """
    if not isinstance(value, dict):
        raise SaveFileError(f"{path}: expected an object, got {value!r:.80}")
    return value


def check_keys(entry: JsonObject, path: str, expected: set[str]) -> None:
    """Check that `entry` has exactly the keys `expected`.

    >>> check_keys({"kind": "seeded", "seed": 1}, "dice_source", {"kind", "seed", "position"})
    Traceback (most recent call last):
    game.errors.SaveFileError: dice_source: missing key 'position'

    Raises:
        SaveFileError: a key is missing or unknown; the message names them after `path`.
    """
    missing = sorted(expected - entry.keys())
    unknown = sorted(entry.keys() - expected)
    problems = [f"missing key {key!r}" for key in missing]
    problems += [f"unknown key {key!r:.80}" for key in unknown[:5]]
    if problems:
        raise SaveFileError(f"{path}: {', '.join(problems)}")


def read_list(value: object, path: str, minimum: int = 0, maximum: int | None = None) -> list[Any]:
    """`value` checked to be a JSON array of `minimum` to `maximum` (None: any) entries.

    Raises:
        SaveFileError: `value` is not a list, or has too few or too many entries.
    """
    if not isinstance(value, list):
        raise SaveFileError(f"{path}: expected a list, got {value!r:.80}")
    if len(value) < minimum or (maximum is not None and len(value) > maximum):
        raise SaveFileError(
            f"{path}: expected {minimum} to {'any number of' if maximum is None else maximum} "
            f"entries, got {len(value)}"
        )
    return value


def good_entries(
    items: object,
    path: str,
    read_entry: Callable[[object, str], T],
    id_of: Callable[[T], str],
    maximum: int | None = None,
) -> tuple[tuple[T, ...], list[object]]:
    """The entries of the list `items` that `read_entry` takes one by one (each id once, the
    first `maximum`), with their data as they were: what a list with bad entries still holds.

    Raises:
        SaveFileError: `items` is not a list, or none of its entries reads.
    """
    return run_through(good_entries_in_steps(items, path, read_entry, id_of, maximum))


def good_entries_in_steps(
    items: object,
    path: str,
    read_entry: Callable[[object, str], T],
    id_of: Callable[[T], str],
    maximum: int | None = None,
    per_step: int | None = None,
) -> Generator[None, None, tuple[tuple[T, ...], list[object]]]:
    """good_entries, yielding after every `per_step` entries read (None: never).

    Raises:
        SaveFileError: `items` is not a list, or none of its entries reads.
    """
    entries: list[T] = []
    data: list[object] = []
    seen: set[str] = set()
    for index, item in enumerate(read_list(items, path)):
        if per_step and index and index % per_step == 0:
            yield
        if maximum is not None and len(entries) >= maximum:
            break
        try:
            entry = read_entry(item, f"{path}[{index}]")
        except SaveFileError:
            continue
        if id_of(entry) not in seen:
            seen.add(id_of(entry))
            entries.append(entry)
            data.append(item)
    if not entries:
        raise SaveFileError(f"{path}: no entry can be read")
    return tuple(entries), data


def read_int(value: object, path: str, maximum: int | None = None) -> int:
    """`value` checked to be a whole number from 0 to `maximum` (None: no upper end).

    Raises:
        SaveFileError: `value` is not an int (true and 1.0 are not), or out of range.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise SaveFileError(f"{path}: expected a whole number, got {value!r:.80}")
    if value < 0 or (maximum is not None and value > maximum):
        upper = "any larger number" if maximum is None else maximum
        raise SaveFileError(f"{path}: expected 0 to {upper}, got {value}")
    return value


def translated(path: str, build: Callable[[], T]) -> T:
    """Run a constructor that checks its input; its GameError becomes a SaveFileError.

    >>> from game.rules.rulesets import get_ruleset
    >>> translated("ruleset", lambda: get_ruleset("poker"))
    Traceback (most recent call last):
    game.errors.SaveFileError: ruleset: unknown ruleset 'poker'; known rulesets: penta, yatzy

    Raises:
        SaveFileError: `build` raised a GameError; the message is `path` and that error's.
    """
    try:
        return build()
    except GameError as error:
        raise SaveFileError(f"{path}: {error}") from None


def _refuse_duplicate_keys(pairs: list[tuple[str, Any]]) -> JsonObject:
    result = dict(pairs)
    if len(result) != len(pairs):  # counted only then: this runs for every object parsed
        counts = Counter(key for key, _ in pairs)
        duplicates = sorted(key for key, count in counts.items() if count > 1)
        raise SaveFileError(f"a key appears twice in one object: {', '.join(duplicates)}")
    return result


def _refuse(constant: str) -> object:
    raise SaveFileError(f"stored data holds no {constant}")


def date_from_data(value: object, path: str) -> date:
    """A date written YYYY-MM-DD.

    >>> date_from_data("2026-02-30", "finished")
    Traceback (most recent call last):
    game.errors.SaveFileError: finished: no such date: '2026-02-30'

    Raises:
        SaveFileError: `value` is not a string of that form, or no such date exists.
    """
    if not isinstance(value, str) or _ISO_DATE.fullmatch(value) is None:
        raise SaveFileError(f"{path}: a date written YYYY-MM-DD, not {value!r:.80}")
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise SaveFileError(f"{path}: no such date: {value!r}") from None
