"""The nesting guard of the JSON readers (game.persistence.readers): it measures how deep
arrays and objects nest before the parser recurses into them, and brackets, quotes and
backslashes inside strings cannot fool it."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli.main import main
from game.persistence.exchange import ImportRefusal, ImportRefusedError, import_history
from game.persistence.readers import MAX_DEPTH, NotJsonError, nesting_depth, parse_json
from game.persistence.storage import MemoryStorage

TRICKY = '[]{}"\\,:'
"""What a JSON text is made of, to be found inside strings too."""


def true_depth(value: object) -> int:
    """How deep lists and dicts nest in a Python value (0 for anything else)."""
    if isinstance(value, list):
        return 1 + max(map(true_depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(true_depth, value.values()), default=0)
    return 0


texts = st.text(alphabet=st.sampled_from(TRICKY) | st.characters(), max_size=40)
numbers = st.integers() | st.floats(allow_nan=False, allow_infinity=False)
leaves = st.none() | st.booleans() | numbers | texts


def nested(value: object, layers: list[tuple[bool, str]]) -> object:
    """`value` inside one list or object per layer, each with a text of brackets beside it."""
    for as_object, beside in layers:
        value = {beside: "]}" * 3, "value": value} if as_object else [beside, value, "]]"]
    return value


values = st.builds(
    nested,
    st.recursive(
        leaves,
        lambda children: (
            st.lists(children, max_size=4) | st.dictionaries(texts, children, max_size=4)
        ),
        max_leaves=20,
    ),
    # As many values too deep as not: a list of up to 40 drawn freely is mostly short.
    st.integers(0, 2 * MAX_DEPTH).flatmap(
        lambda count: st.lists(st.tuples(st.booleans(), texts), min_size=count, max_size=count)
    ),
)
layouts: list[dict[str, Any]] = [
    {},
    {"ensure_ascii": False, "separators": (",", ":")},
    {"indent": 1},
]


@settings(max_examples=300, deadline=None)
@given(values, st.sampled_from(layouts))
def test_the_measured_depth_is_the_true_depth(value: object, layout: dict[str, Any]) -> None:
    text = json.dumps(value, **layout)
    assert nesting_depth(text) == true_depth(value)


@settings(max_examples=100, deadline=None)
@given(values)
def test_parse_json_reads_exactly_what_is_not_too_deep(value: object) -> None:
    text = json.dumps(value)
    if true_depth(value) <= MAX_DEPTH:
        assert parse_json(text, "the text") == value
    else:
        with pytest.raises(NotJsonError, match=f"more than {MAX_DEPTH} deep"):
            parse_json(text, "the text")


def closers_then_depth(closers: int, depth: int) -> str:
    """The issue's save: a string of closers, then arrays nested `depth` deep."""
    return '{"a": "' + "]" * closers + '", "b": ' + "[" * depth + "]" * depth + "}"


@pytest.mark.parametrize("closers", [0, 64, 5000])
def test_closers_inside_a_string_do_not_let_deep_nesting_through(closers: int) -> None:
    text = closers_then_depth(closers, 5000)
    with pytest.raises(NotJsonError, match=f"more than {MAX_DEPTH} deep"):
        parse_json(text, "the text")


def test_the_cli_refuses_such_a_saved_game_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "game.json"
    saved.write_text(closers_then_depth(5000, 5000), encoding="utf-8")
    assert main(["score", "--dice", "11111", "--game", str(saved)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("python -m game: error: a saved game is not valid JSON")
    assert f"more than {MAX_DEPTH} deep" in err


def test_an_import_of_such_a_file_is_refused_and_writes_nothing() -> None:
    storage = MemoryStorage()
    with pytest.raises(ImportRefusedError, match=f"more than {MAX_DEPTH} deep") as refused:
        import_history(storage, closers_then_depth(5000, 5000))
    assert refused.value.kind is ImportRefusal.NOT_JSON and storage.items == {}


@pytest.mark.parametrize(
    ("text", "depth"),
    [
        ('["abc' + "[" * 50, 1),  # a string left open runs to the end: the parser stops there
        ('["\\' + "[" * 50, 1),
        ('"\\"' + "[" * 50, 0),
        ("[" * 50 + '"', 50),
        ("]]][[", 0),  # the parser stops at the first closer, with nothing open
    ],
)
def test_text_that_is_not_json_is_measured_up_to_where_the_parser_stops(
    text: str, depth: int
) -> None:
    assert nesting_depth(text) == depth
    with pytest.raises(json.JSONDecodeError):
        json.loads(text)


def test_a_text_full_of_escaped_quotes_is_measured_in_linear_time() -> None:
    # Opening brackets first (past the limit), then a string that never ends: a pattern
    # that retried it from every quote took minutes here.
    text = "[" * (MAX_DEPTH + 1) + '"' + '\\"' * 50_000
    start = time.perf_counter()
    assert nesting_depth(text) == MAX_DEPTH + 1
    assert time.perf_counter() - start < 2.0
