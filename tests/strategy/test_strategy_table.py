from __future__ import annotations

import dataclasses
import struct
import zlib
from pathlib import Path

import pytest

from cli.tables import TABLES_DIR, load_table, table_file_name
from game.errors import GameError
from game.rules.rulesets import PENTA, YATZY, Ruleset
from game.strategy.states import TurnStart
from game.strategy.table import (
    FORMAT_VERSION,
    MAGIC,
    TableError,
    TableFormatError,
    TableMismatchError,
    TableVersionError,
    ValueTable,
    decode_table,
)
from tests.strategy.solutions import encoded, solved
from tools.solve import check_table


@pytest.fixture(scope="module")
def penta_bytes() -> bytes:
    return encoded(PENTA)


def test_every_stored_value_is_within_half_a_step(
    exact_table: ValueTable, compact_table: ValueTable
) -> None:
    pairs = zip(compact_table.all_values(), exact_table.all_values(), strict=True)
    worst = max(abs(compact - exact) for compact, exact in pairs)
    assert worst <= compact_table.step / 2
    assert compact_table.step <= 2**-10


def test_the_start_value_is_kept_exactly(compact_table: ValueTable) -> None:
    assert compact_table.start_value == solved(compact_table.ruleset).start_value
    assert compact_table.value(TurnStart(0, 0, False)) == compact_table.start_value


def test_published_start_values_from_the_tables() -> None:
    penta = decode_table(encoded(PENTA), PENTA)
    yatzy = decode_table(encoded(YATZY), YATZY)
    assert round(penta.start_value, 4) == 254.4848
    assert round(yatzy.start_value, 4) == 248.4400


def test_a_start_value_that_disagrees_with_entry_zero_is_refused(penta_bytes: bytes) -> None:
    data = bytearray(penta_bytes)
    struct.pack_into("<d", data, _header_offset(PENTA) + 32 + 4, 300.0)
    with pytest.raises(TableFormatError, match="disagrees"):
        decode_table(bytes(data), PENTA)


def test_both_tables_fit_in_two_megabytes() -> None:
    sizes = [len(encoded(ruleset)) for ruleset in (PENTA, YATZY)]
    assert sum(sizes) < 2_000_000


def test_a_table_for_another_ruleset_is_refused(penta_bytes: bytes) -> None:
    with pytest.raises(TableMismatchError, match="for 'penta', not 'yatzy'"):
        decode_table(penta_bytes, YATZY)


def test_a_table_for_other_scoring_rules_is_refused(penta_bytes: bytes) -> None:
    changed = dataclasses.replace(PENTA, upper_bonus=36)
    with pytest.raises(TableMismatchError, match="other scoring rules"):
        decode_table(penta_bytes, changed)


def _header_offset(ruleset: Ruleset) -> int:
    return len(MAGIC) + 2 + 1 + len(ruleset.id)


def test_a_wrong_entry_count_is_refused(penta_bytes: bytes) -> None:
    data = bytearray(penta_bytes)
    count_at = _header_offset(PENTA) + 32
    struct.pack_into("<I", data, count_at, 12345)
    with pytest.raises(TableMismatchError, match="12345 entries"):
        decode_table(bytes(data), PENTA)


def test_another_format_version_is_refused(penta_bytes: bytes) -> None:
    data = bytearray(penta_bytes)
    struct.pack_into("<H", data, len(MAGIC), FORMAT_VERSION + 1)
    with pytest.raises(TableVersionError, match=f"version {FORMAT_VERSION + 1}"):
        decode_table(bytes(data), PENTA)


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda data: b"GIF89a" + data[6:], "magic"),
        (lambda data: data[:20], "truncated inside its header"),
        (lambda data: data[:-10], "payload is"),
        (lambda data: data[:-1] + bytes([data[-1] ^ 0xFF]), "CRC-32"),
        (lambda data: b"", "magic"),
    ],
    ids=["magic", "header", "payload", "corrupt", "empty"],
)
def test_damaged_files_are_refused(penta_bytes: bytes, damage, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(TableFormatError, match=message):
        decode_table(damage(penta_bytes), PENTA)


def test_a_payload_of_the_wrong_size_is_refused(penta_bytes: bytes) -> None:
    header_end = _header_offset(PENTA) + struct.calcsize("<32sIdBII")
    payload = zlib.compress(b"\0" * 100)
    header = bytearray(penta_bytes[:header_end])
    struct.pack_into("<II", header, header_end - 8, len(payload), zlib.crc32(payload))
    with pytest.raises(TableFormatError, match="holds 100 bytes"):
        decode_table(bytes(header) + payload, PENTA)


def test_table_errors_are_game_errors() -> None:
    assert issubclass(TableError, GameError)
    with pytest.raises(TableError, match="cannot read"):
        load_table(PENTA, Path("/nonexistent/penta.table"))


@pytest.mark.parametrize("ruleset", [PENTA, YATZY], ids=lambda r: r.id)
def test_generated_tables_match_a_fresh_solve(ruleset: Ruleset) -> None:
    path = TABLES_DIR / table_file_name(ruleset)
    if not path.exists():
        pytest.skip(f"{path} not generated yet: run python -m tools.solve")
    assert check_table(path, solved(ruleset)) is None
