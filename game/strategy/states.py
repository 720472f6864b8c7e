"""Turn-start states of one player's sheet, and their order in a strategy table.

Between turns, all that matters for the rest of the game is:
- which boxes are filled (a bit mask over the ruleset's boxes in sheet order);
- the upper subtotal, capped at the bonus threshold (beyond it, more points change nothing);
- whether the five-of-a-kind box holds its full points, when the ruleset's bonus or joker
  depends on that (only meaningful once that box is filled).

Only reachable states are stored: an upper subtotal is reachable for a set of filled upper
boxes only if it is a sum of face x count (count 0 to 5) over those boxes. The order is fixed
here, so the solver that writes a table and the loader that reads it agree without storing
any index.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import accumulate, repeat
from operator import add, mul

from game.errors import GameError
from game.rules.dice import DICE_COUNT
from game.rules.rulesets import FaceSum, Ruleset


class UnreachableStateError(GameError, ValueError):
    """A sheet that no game can reach, such as an upper subtotal its filled boxes cannot make."""


@dataclass(frozen=True)
class TurnStart:
    filled: int
    """Bit i set when box i (sheet order) is filled."""
    upper: int
    """The upper subtotal, capped at the bonus threshold."""
    holds_full: bool
    """The five-of-a-kind box holds its full points (False when the ruleset ignores it)."""


def tracks_full_five_of_a_kind(ruleset: Ruleset) -> bool:
    """Whether the future depends on the five-of-a-kind box holding full points or a 0."""
    joker_needs_full = ruleset.joker is not None and ruleset.joker.needs_full_points
    return ruleset.extra_five_of_a_kind_bonus != 0 or joker_needs_full


class StateSpace:
    """Every reachable turn-start state of `ruleset`, numbered in table order."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.box_count = len(ruleset.boxes)
        self.cap = ruleset.upper_bonus_threshold
        self.five_of_a_kind_bit = ruleset.box_ids.index(ruleset.five_of_a_kind_box)
        self.tracks_full = tracks_full_five_of_a_kind(ruleset)
        self.upper_bits: tuple[int, ...] = tuple(
            bit for bit, box in enumerate(ruleset.boxes) if isinstance(box.scorer, FaceSum)
        )
        self.face_of_bit: dict[int, int] = {
            bit: box.scorer.face
            for bit, box in enumerate(ruleset.boxes)
            if isinstance(box.scorer, FaceSum)
        }
        upper_sets = 1 << len(self.upper_bits)
        self.subtotals: tuple[tuple[int, ...], ...] = tuple(
            self._reachable_subtotals(key) for key in range(upper_sets)
        )
        """Reachable capped subtotals for each set of filled upper boxes (by upper key)."""
        self.subtotal_rank: tuple[tuple[int, ...], ...] = tuple(
            tuple(subtotals.index(u) if u in subtotals else -1 for u in range(self.cap + 1))
            for subtotals in self.subtotals
        )
        """Position of each capped subtotal among the reachable ones, -1 if unreachable."""
        # Per filled-box mask, built one box at a time (the masks with box b filled follow
        # those without it, shifted by 1 << b) so that only C-level maps touch all 2**boxes.
        upper_keys = [0]
        flags = [1]
        for bit in range(self.box_count):
            key_bit = 1 << self.upper_bits.index(bit) if bit in self.upper_bits else 0
            upper_keys += list(map(add, upper_keys, repeat(key_bit)))
            tracked = self.tracks_full and bit == self.five_of_a_kind_bit
            flags += list(map(mul, flags, repeat(2 if tracked else 1)))
        self.upper_keys: tuple[int, ...] = tuple(upper_keys)
        """The filled upper boxes of every filled-box mask, as a key (bit k: k-th upper box)."""
        per_key = [len(subtotals) for subtotals in self.subtotals]
        counts = map(mul, map(per_key.__getitem__, upper_keys), flags)
        self.offsets: tuple[int, ...] = (0, *accumulate(counts))
        self.size = self.offsets[-1]

    def flag_count(self, filled: int) -> int:
        return 2 if self.tracks_full and (filled >> self.five_of_a_kind_bit) & 1 else 1

    def _reachable_subtotals(self, key: int) -> tuple[int, ...]:
        sums = {0}
        for position, bit in enumerate(self.upper_bits):
            if (key >> position) & 1:
                face = self.face_of_bit[bit]
                sums = {
                    min(self.cap, total + face * count)
                    for total in sums
                    for count in range(DICE_COUNT + 1)
                }
        return tuple(sorted(sums))

    def index(self, state: TurnStart) -> int:
        """The state's position in the table, or UnreachableStateError.

        Raises:
            UnreachableStateError: a filled-box mask out of range, an upper subtotal the filled
                upper boxes cannot make, or full points in an open five-of-a-kind box.
        """
        if not 0 <= state.filled < 1 << self.box_count:
            raise UnreachableStateError(f"filled-box mask {state.filled} out of range")
        key = self.upper_keys[state.filled]
        rank = self.subtotal_rank[key][state.upper] if 0 <= state.upper <= self.cap else -1
        if rank < 0:
            raise UnreachableStateError(
                f"an upper subtotal of {state.upper} cannot be made with the filled upper boxes"
            )
        flag = 0
        if state.holds_full:
            if self.flag_count(state.filled) != 2:
                raise UnreachableStateError(
                    "the five-of-a-kind box cannot hold its points while it is open"
                )
            flag = 1
        return self.offsets[state.filled] + flag * len(self.subtotals[key]) + rank

    def position_in_block(self, filled: int, upper: int, holds_full: bool) -> int:
        """Where a state sits among those of its filled-box mask, without the checks of
        `index` (for a state reached by scoring from a valid one)."""
        key = self.upper_keys[filled]
        return holds_full * len(self.subtotals[key]) + self.subtotal_rank[key][upper]

    def states(self) -> list[TurnStart]:
        """Every reachable state, in table order."""
        return [
            TurnStart(filled, upper, bool(flag))
            for filled in range(1 << self.box_count)
            for flag in range(self.flag_count(filled))
            for upper in self.subtotals[self.upper_keys[filled]]
        ]


@cache
def state_space(ruleset: Ruleset) -> StateSpace:
    return StateSpace(ruleset)
