"""The strategy table file: every reachable turn-start state's expected future score.

One file per ruleset, written by `python -m tools.solve` and decoded here in pure Python (it
runs in Pyodide; the files of a checkout are found and read by cli.tables). Layout, all
integers little-endian:

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
    payload         zlib of four byte planes of 32-bit differences (plane k holds byte k
                    of every difference): within the block of states of one filled-box
                    mask, each value minus the one before it; at a block's start, its
                    first value minus the previous block's first value

Why this encoding: neighbouring states usually differ by a little, so the differences are
small; splitting them into byte planes puts the near-constant high bytes together, which zlib
shrinks to almost nothing. Loading needs zlib, slice assignment, `array` and one
`itertools.accumulate` over the block starts, all at C speed in Pyodide; a block's other
values are summed up when the advisor first needs them.

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

from game.errors import GameError
from game.rules.rulesets import Ruleset
from game.strategy.states import StateSpace, TurnStart, state_space

MAGIC = b"PENTATBL"
FORMAT_VERSION = 2
DEFAULT_SCALE_BITS = 10
"""A step of 2**-10 = 0.000977 points: a decision can lose at most one step, under the 0.001
allowed, and both tables together stay under 2 MB (every extra bit costs about 0.12 MB)."""
BYTES_PER_DIFFERENCE = 4

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

    Values come in blocks, one per filled-box mask (all subtotals and flags of that mask, in
    table order). The value of the empty sheet is kept exactly as `start_value`.
    """

    def __init__(self, ruleset: Ruleset, step: float, start_value: float) -> None:
        self.ruleset = ruleset
        self.space: StateSpace = state_space(ruleset)
        self.step = step
        self.start_value = start_value
        """Expected final score of a whole game from an empty sheet."""

    def block(self, filled: int) -> Sequence[float]:
        """The stored values of every state of one filled-box mask (times `step`).

        Raises:
            NotImplementedError: always; each kind of table keeps its blocks its own way.
        """
        raise NotImplementedError

    def value(self, state: TurnStart) -> float:
        """Expected points still to come from this turn start, under optimal play.

        Raises:
            UnreachableStateError: no game can reach `state`.
        """
        index = self.space.index(state)
        if index == 0:
            return self.start_value
        return self.block(state.filled)[index - self.space.offsets[state.filled]] * self.step

    def all_values(self) -> list[float]:
        """Every state's value in table order (for checks; the advisor reads blocks)."""
        values = [
            stored * self.step
            for filled in range(1 << self.space.box_count)
            for stored in self.block(filled)
        ]
        values[0] = self.start_value
        return values


class ExactTable(ValueTable):
    """The solver's own floats, which the accuracy checks compare the compact table with.

    Raises:
        TableMismatchError: `values` has not one value per reachable state of `ruleset`.
    """

    def __init__(self, ruleset: Ruleset, values: Sequence[float]) -> None:
        super().__init__(ruleset, 1.0, values[0])
        if len(values) != self.space.size:
            raise TableMismatchError(
                f"{len(values)} values for {self.space.size} states of {ruleset.id!r}"
            )
        offsets = self.space.offsets
        self._blocks = [values[offsets[m] : offsets[m + 1]] for m in range(len(offsets) - 1)]

    def block(self, filled: int) -> Sequence[float]:
        return self._blocks[filled]


class CompactTable(ValueTable):
    """A decoded table file: each block's first value is kept, the rest stay as differences
    until the block is first asked for, so loading costs one pass over the blocks only."""

    def __init__(
        self,
        ruleset: Ruleset,
        step: float,
        start_value: float,
        differences: array[int],
    ) -> None:
        super().__init__(ruleset, step, start_value)
        self._differences = differences
        starts = self.space.offsets[:-1]
        self._firsts = list(accumulate(map(differences.__getitem__, starts)))
        self._blocks: list[list[int] | None] = [None] * len(starts)

    def block(self, filled: int) -> list[int]:
        block = self._blocks[filled]
        if block is None:
            start, stop = self.space.offsets[filled], self.space.offsets[filled + 1]
            following = self._differences[start + 1 : stop]
            block = self._blocks[filled] = list(accumulate(following, initial=self._firsts[filled]))
        return block


def encode_table(
    ruleset: Ruleset, stored: Sequence[int], scale_bits: int, start_value: float
) -> bytes:
    """The file bytes for already quantized values (round(value * 2**scale_bits)) and the
    exact start value.

    Raises:
        ValueError: `stored` has not one value per reachable state of `ruleset`.
    """
    space = state_space(ruleset)
    if len(stored) != space.size:
        raise ValueError(f"{len(stored)} values for {space.size} states of {ruleset.id!r}")
    differences = array("i", (b - a for a, b in zip((0, *stored), stored, strict=False)))
    starts = space.offsets[:-1]
    for previous, start in zip((None, *starts), starts, strict=False):
        differences[start] = stored[start] - (0 if previous is None else stored[previous])
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
    """Check every header field against `ruleset` and decode the values.

    >>> from game.rules.rulesets import PENTA
    >>> decode_table(b"GIF89a...", PENTA)
    Traceback (most recent call last):
    game.strategy.table.TableFormatError: not a strategy table (the file does not start ...)

    Raises:
        TableFormatError: not a strategy table, or one truncated or corrupted (a payload of
            the wrong length or CRC-32, that does not decompress, or disagrees with its start).
        TableVersionError: a table of another format version.
        TableMismatchError: a table for another ruleset, other scoring rules (fingerprint) or
            another number of states.
    """
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
    step = 2.0**-scale_bits
    if not abs(differences[0] * step - start_value) <= step / 2:
        raise TableFormatError(
            f"strategy table start value {start_value} disagrees with its first entry"
        )
    return CompactTable(ruleset, step, start_value, differences)
