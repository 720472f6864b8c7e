"""The strategy table file: every reachable turn-start state's expected future score.

One file per ruleset, written by `python -m tools.solve` and read here in pure Python (it runs
in Pyodide). Layout, all integers little-endian:

    magic           8 bytes  b"PENTATBL"
    format version  u16
    ruleset id      u8 length + that many bytes of UTF-8
    fingerprint     32 bytes: the SHA-256 of the ruleset's scoring definition
    entry count     u32      the number of reachable states (table order: `states.StateSpace`)
    start value     f64      the exact expected final score from an empty sheet (entry 0
                             rounded to a step could be 0.0005 off in the 4th decimal)
    scale bits      u8       values are stored as round(value * 2**scale_bits)
    payload length  u32
    payload CRC-32  u32
    payload         zlib of four byte planes of the 32-bit differences between
                    consecutive stored values (plane k holds byte k of every difference)

Why this encoding: consecutive states usually differ by a little, so the differences are
small; splitting them into byte planes puts the near-constant high bytes together, which zlib
shrinks to almost nothing. Decoding needs only zlib, slice assignment, `array` and
`itertools.accumulate`, all of which run at C speed in Pyodide.

Accuracy: each stored value is within half a step (2**-scale_bits / 2) of the exact one. Every
action's expected score is an average (with weights summing to 1) of points plus such values,
or a maximum of such averages, so it is off by at most half a step too; choosing the best
action by these estimates can therefore lose at most one step against the exact table.
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from collections.abc import Sequence
from itertools import accumulate
from pathlib import Path

from game.errors import GameError
from game.rulesets import Ruleset
from game.strategy.states import StateSpace, TurnStart, state_space

MAGIC = b"PENTATBL"
FORMAT_VERSION = 1
DEFAULT_SCALE_BITS = 10
"""A step of 2**-10 = 0.000977 points: a decision can lose at most one step, under the 0.001
allowed, and both tables together stay under 2 MB (every extra bit costs about 0.12 MB)."""
BYTES_PER_DIFFERENCE = 4
TABLES_DIR = Path(__file__).resolve().parents[2] / "assets" / "tables"
"""Where `python -m tools.solve` writes the tables in a checkout (the app fetches them)."""

_FIXED_HEAD = struct.Struct("<8sHB")
_AFTER_ID = struct.Struct("<32sIdBII")


class TableError(GameError):
    """A strategy table that cannot be used; the message says why."""


class TableFormatError(TableError, ValueError):
    """Not a strategy table, or a truncated or corrupted one."""


class TableVersionError(TableError, ValueError):
    """A table written in another format version."""


class TableMismatchError(TableError, ValueError):
    """A valid table, but for another ruleset or other scoring rules."""


class ValueTable:
    """The expected future score of each turn-start state of one ruleset.

    Values are `stored[index] * step`: fixed-point integers from a table file, or (with a step
    of 1) the solver's exact floats, which the accuracy checks compare against. The value of
    the empty sheet (entry 0) is kept exactly as `start_value`.
    """

    def __init__(
        self, ruleset: Ruleset, stored: Sequence[float], step: float, start_value: float
    ) -> None:
        self.ruleset = ruleset
        self.space: StateSpace = state_space(ruleset)
        if len(stored) != self.space.size:
            raise TableMismatchError(
                f"{len(stored)} values for {self.space.size} states of {ruleset.id!r}"
            )
        self.step = step
        self.stored = stored
        self.start_value = start_value
        """Expected final score of a whole game from an empty sheet."""

    def value(self, state: TurnStart) -> float:
        """Expected points still to come from this turn start, under optimal play."""
        return self.value_at(self.space.index(state))

    def value_at(self, index: int) -> float:
        return self.stored[index] * self.step if index else self.start_value


def encode_table(
    ruleset: Ruleset, stored: Sequence[int], scale_bits: int, start_value: float
) -> bytes:
    """The file bytes for already quantized values (round(value * 2**scale_bits)) and the
    exact start value."""
    space = state_space(ruleset)
    if len(stored) != space.size:
        raise ValueError(f"{len(stored)} values for {space.size} states of {ruleset.id!r}")
    differences = array("i", (b - a for a, b in zip((0, *stored), stored, strict=False)))
    if sys.byteorder == "big":
        differences.byteswap()
    raw = differences.tobytes()
    planes = b"".join(raw[plane::BYTES_PER_DIFFERENCE] for plane in range(BYTES_PER_DIFFERENCE))
    payload = zlib.compress(planes, 9)
    ruleset_id = ruleset.id.encode()
    return b"".join(
        (
            _FIXED_HEAD.pack(MAGIC, FORMAT_VERSION, len(ruleset_id)),
            ruleset_id,
            _AFTER_ID.pack(
                bytes.fromhex(ruleset.fingerprint()),
                len(stored),
                start_value,
                scale_bits,
                len(payload),
                zlib.crc32(payload),
            ),
            payload,
        )
    )


def decode_table(data: bytes, ruleset: Ruleset) -> ValueTable:
    """Check every header field against `ruleset` and decode the values."""
    if len(data) < _FIXED_HEAD.size or not data.startswith(MAGIC):
        raise TableFormatError("not a strategy table (the file does not start with the magic)")
    _, version, id_length = _FIXED_HEAD.unpack_from(data)
    if version != FORMAT_VERSION:
        raise TableVersionError(
            f"strategy table format version {version}; this program reads {FORMAT_VERSION}"
        )
    header_end = _FIXED_HEAD.size + id_length + _AFTER_ID.size
    if len(data) < header_end:
        raise TableFormatError("strategy table truncated inside its header")
    table_id = data[_FIXED_HEAD.size : _FIXED_HEAD.size + id_length].decode(errors="replace")
    if table_id != ruleset.id:
        raise TableMismatchError(f"the strategy table is for {table_id!r}, not {ruleset.id!r}")
    fingerprint, count, start_value, scale_bits, payload_length, crc = _AFTER_ID.unpack_from(
        data, _FIXED_HEAD.size + id_length
    )
    if fingerprint.hex() != ruleset.fingerprint():
        raise TableMismatchError(
            f"the {ruleset.id!r} strategy table was solved for other scoring rules "
            f"(fingerprint {fingerprint.hex()[:12]}..., expected {ruleset.fingerprint()[:12]}...)"
        )
    expected_count = state_space(ruleset).size
    if count != expected_count:
        raise TableMismatchError(
            f"the {ruleset.id!r} strategy table has {count} entries, expected {expected_count}"
        )
    payload = data[header_end:]
    if len(payload) != payload_length:
        raise TableFormatError(
            f"strategy table payload is {len(payload)} bytes, the header says {payload_length}"
        )
    if zlib.crc32(payload) != crc:
        raise TableFormatError("strategy table payload is corrupt (CRC-32 mismatch)")
    try:
        planes = zlib.decompress(payload)
    except zlib.error as error:
        raise TableFormatError(f"strategy table payload does not decompress: {error}") from None
    if len(planes) != count * BYTES_PER_DIFFERENCE:
        raise TableFormatError(
            f"strategy table payload holds {len(planes)} bytes, expected "
            f"{count * BYTES_PER_DIFFERENCE}"
        )
    interleaved = bytearray(len(planes))
    for plane in range(BYTES_PER_DIFFERENCE):
        interleaved[plane::BYTES_PER_DIFFERENCE] = planes[plane * count : (plane + 1) * count]
    differences = array("i")
    differences.frombytes(interleaved)
    if sys.byteorder == "big":
        differences.byteswap()
    stored = array("i", accumulate(differences))
    step = 2.0**-scale_bits
    if not abs(stored[0] * step - start_value) <= step / 2:
        raise TableFormatError(
            f"strategy table start value {start_value} disagrees with its first entry"
        )
    return ValueTable(ruleset, stored, step, start_value)


def load_table(ruleset: Ruleset, path: Path | None = None) -> ValueTable:
    """Read and check the table file (by default the checkout's table for `ruleset`)."""
    path = path or TABLES_DIR / table_file_name(ruleset)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise TableError(f"cannot read strategy table {str(path)!r}: {error}") from None
    return decode_table(data, ruleset)


def table_file_name(ruleset: Ruleset) -> str:
    return f"{ruleset.id}.table"
