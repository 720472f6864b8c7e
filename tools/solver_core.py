"""Backward induction over turn-start states: the exact expected future score of each state.

The value of a turn-start state is the expected score of the rest of the game under the
strategy that maximises it. A turn is solved exactly from the values of the states after it:

- S0[roll]: the best "score now": the most valuable legal box, counting its points, the upper
  bonus when the capped subtotal reaches the threshold, the further-five-of-a-kind bonus, and
  the value of the state that follows;
- E1[keep]: the expected S0 after rolling the dice not kept (E[K] is the mean over faces of
  E[K + face], from five dice down to none);
- S1[roll]: the best E1 over the roll's sub-multisets, by the recursion
  best[K] = max(E[K], best[K - d] for each distinct face d of K); keeping all five is scoring
  now;
- E2 and S2 likewise with one more roll; the state's value is the mean of S2 over a roll.

States with the same number of filled boxes depend only on states with more, so each such
layer is one batch whose columns are states. Scoring candidates are computed per state for a
wide slice of columns; the keep recursions run on narrow slices that stay in cache.

Points come from `Ruleset.points`. The five-of-a-kind bonus and the forced joker are the one
place where whole layers need what `score_options` decides for one sheet at a time; they are
applied here in vectorised form from the ruleset's data (`joker_points`, the joker rule, the
sections). The advisor calls `score_options` itself, and the tests recompute table values
with it (tests/strategy: turn values recomputed from later states match the table).
"""

from __future__ import annotations

import mmap
import multiprocessing
from contextlib import nullcontext
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from game.rules.dice import DICE_COUNT, FACES
from game.rules.rulesets import FaceSum, Ruleset, Section, joker_points
from game.strategy import turn
from game.strategy.states import StateSpace, state_space

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

ROLLS = [turn.KEEPS[index] for index in turn.level(DICE_COUNT)]
FIVE_OF_A_KIND_ROWS = {face: ROLLS.index((face,) * DICE_COUNT) for face in FACES}
ROLL_PROBABILITIES = np.array(turn.ROLL_PROBABILITIES)
ADD_FACE = [np.array(turn.add_face_indices(size)).ravel() for size in range(DICE_COUNT)]
"""Face-major: block f-1 extends each keep of that size by face f."""
SUB_KEEP_GROUPS = [
    [
        (group.start, group.stop, np.array(group.smaller).ravel())
        for group in turn.sub_keep_groups(size)
    ]
    for size in range(1, DICE_COUNT + 1)
]
"""Per size from 1: (start, stop, sub-keep indices, distinct-face-major) for each group."""

FIVE_OF_A_KIND_ROW_LIST = list(FIVE_OF_A_KIND_ROWS.values())

WIDE_COLUMNS = 8192
NARROW_COLUMNS = 256
SPARSE_ROWS = len(ROLLS) // 3
"""A box scoring on at most this many rolls is merged on those rows alone."""


@dataclass(frozen=True)
class StateArrays:
    """The state space as numpy arrays, for computing many next-state indices at once."""

    filled: IntArray
    upper: IntArray
    flag: IntArray
    offsets: IntArray
    upper_key: IntArray
    per_flag: IntArray
    rank: IntArray
    upper_still_possible: IntArray
    """Per filled mask: the most its open upper boxes can still add."""

    @classmethod
    def of(cls, space: StateSpace) -> StateArrays:
        masks = np.arange(1 << space.box_count)
        upper_key = np.array(space.upper_keys)
        upper_still_possible = np.zeros_like(masks)
        for bit in space.upper_bits:
            best_points = space.face_of_bit[bit] * DICE_COUNT
            upper_still_possible += np.where((masks >> bit) & 1, 0, best_points)
        offsets = np.array(space.offsets)
        per_flag = np.array([len(subtotals) for subtotals in space.subtotals])
        padded = np.zeros((len(space.subtotals), space.cap + 1), dtype=np.int64)
        for key, subtotals in enumerate(space.subtotals):
            padded[key, : len(subtotals)] = subtotals
        filled = np.repeat(masks, np.diff(offsets))
        position = np.arange(space.size) - offsets[filled]
        width = per_flag[upper_key[filled]]
        return cls(
            filled=filled,
            upper=padded[upper_key[filled], position % width],
            flag=position // width,
            offsets=offsets,
            upper_key=upper_key,
            per_flag=per_flag,
            rank=np.array(space.subtotal_rank),
            upper_still_possible=upper_still_possible,
        )

    def index(self, filled: IntArray, upper: IntArray, flag: IntArray) -> IntArray:
        """Table positions; unreachable combinations give meaningless (in-range) positions."""
        key = self.upper_key[filled]
        position = self.offsets[filled] + flag * self.per_flag[key] + self.rank[key, upper]
        return np.clip(position, 0, len(self.filled) - 1)


@dataclass(frozen=True)
class BoxScores:
    """One box's points on the 252 rolls, as distinct values and a row map into them."""

    bit: int
    points: IntArray
    points_column: FloatArray
    """The points as a (252, 1) column, to add to a row of following values."""
    distinct: IntArray
    row_to_distinct: IntArray
    scoring_rows: IntArray
    """Rolls scoring more than 0 here."""
    points_change_state: bool
    """The points decide the next state (not only the box being filled)."""


class TurnSolver:
    """Values of one ruleset's states, filled in layer by layer from the end of the game."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.space: StateSpace = state_space(ruleset)
        self.arrays = StateArrays.of(self.space)
        # Anonymous shared memory: forked workers write their share of a layer into it.
        self.values = np.frombuffer(mmap.mmap(-1, self.space.size * 8), dtype=np.float64)
        self.workspaces: dict[int, Workspace] = {}
        self.boxes = []
        for bit, box in enumerate(ruleset.boxes):
            points = np.array([ruleset.points(box.id, roll) for roll in ROLLS])
            distinct, row_to_distinct = np.unique(points, return_inverse=True)
            changes_state = bit in self.space.face_of_bit or (
                bit == self.space.five_of_a_kind_bit and self.space.tracks_full
            )
            self.boxes.append(
                BoxScores(
                    bit,
                    points,
                    points[:, None].astype(np.float64),
                    distinct,
                    row_to_distinct,
                    np.flatnonzero(points),
                    changes_state,
                )
            )
        self.upper_faces = [self.space.face_of_bit[bit] for bit in self.space.upper_bits]
        self.upper_plan = self._upper_merge_plan()

    def _upper_merge_plan(self) -> list[tuple[int, int, list[IntArray]]]:
        """How to merge the upper boxes into S0 roll by roll: the rolls are grouped by how
        many distinct faces they show (contiguous in roll order), and for each group and
        each of its faces, the row of the stacked upper candidates (box, count) to take.

        A roll only needs the upper boxes of the faces it shows: for an absent face the box
        would score 0, which the zero-points base already covers. That is 756 (roll, face)
        pairs instead of 6 x 252 rows.
        """
        row_of_face = {face: position for position, face in enumerate(self.upper_faces)}
        plan = []
        for group in turn.sub_keep_groups(DICE_COUNT):
            start, stop = group.start - turn.ROLLS_START, group.stop - turn.ROLLS_START
            rows = [
                np.array([self._upper_row(row_of_face, roll, j) for roll in ROLLS[start:stop]])
                for j in range(len(group.smaller))
            ]
            plan.append((start, stop, rows))
        return plan

    def _upper_row(self, row_of_face: dict[int, int], roll: tuple[int, ...], j: int) -> int:
        face = sorted(set(roll))[j]
        if face not in row_of_face:
            return len(row_of_face) * (DICE_COUNT + 1)  # the -inf row: no such upper box
        return row_of_face[face] * (DICE_COUNT + 1) + roll.count(face)

    def solve(self, workers: int = 1) -> FloatArray:
        """Every state's value; with several workers, each layer is split between processes
        that write into the shared value array."""
        global _ACTIVE_SOLVER
        layer_of_state = np.bitwise_count(self.arrays.filled.astype(np.uint64))
        _ACTIVE_SOLVER = self
        context = multiprocessing.get_context("fork")
        with context.Pool(workers) if workers > 1 else nullcontext() as pool:
            for filled_count in range(self.space.box_count - 1, -1, -1):
                layer = np.flatnonzero(layer_of_state == filled_count)
                representatives = self.representatives(layer)
                distinct = layer[representatives == layer]  # each represents itself
                if pool is None or len(distinct) < WIDE_COLUMNS:
                    self.solve_columns(distinct)
                else:
                    pool.map(_solve_columns_in_worker, np.array_split(distinct, workers))
                self.values[layer] = self.values[representatives]
        _ACTIVE_SOLVER = None
        return np.array(self.values)

    def solve_columns(self, columns: IntArray) -> None:
        for start in range(0, len(columns), WIDE_COLUMNS):
            wide = columns[start : start + WIDE_COLUMNS]
            self.values[wide] = self.turn_values(wide)

    def representatives(self, columns: IntArray) -> IntArray:
        """A state with the same value: every subtotal that can no longer reach the bonus
        behaves like a subtotal of 0, which the same filled boxes can always make."""
        arrays = self.arrays
        filled, upper, flag = arrays.filled[columns], arrays.upper[columns], arrays.flag[columns]
        hopeless = (upper < self.space.cap) & (
            upper + arrays.upper_still_possible[filled] < self.space.cap
        )
        return arrays.index(filled, np.where(hopeless, 0, upper), flag)

    def after_scoring(self, bit: int, points: IntArray, columns: IntArray) -> FloatArray:
        """For each points value (rows) and state (columns): the points, the upper bonus if
        reached, and the value of the next state; -inf where the box is already filled."""
        space, arrays = self.space, self.arrays
        filled = arrays.filled[columns]
        upper = arrays.upper[columns]
        flag = arrays.flag[columns]
        gain = np.broadcast_to(points[:, None], (len(points), len(columns))).astype(np.float64)
        if bit in space.face_of_bit:
            raised = np.minimum(space.cap, upper + points[:, None])
            gain += ((upper < space.cap) & (raised >= space.cap)) * self.ruleset.upper_bonus
            upper = raised
        if bit == space.five_of_a_kind_bit and space.tracks_full:
            flag = np.broadcast_to(
                (points == self.ruleset.five_of_a_kind_points)[:, None].astype(np.int64),
                gain.shape,
            )
        following = self.values[arrays.index(filled | (1 << bit), upper, flag)]
        return np.where((filled >> bit) & 1, -np.inf, gain + following)

    def turn_values(self, columns: IntArray) -> FloatArray:
        scored = [self.scored_values(box, columns) for box in self.boxes]
        zero_points = np.full(len(columns), -np.inf)
        for box, after in zip(self.boxes, scored, strict=True):
            if box.distinct[0] == 0:
                np.maximum(zero_points, after.value(0), out=zero_points)
        five_rows = self.five_of_a_kind_rows(scored, columns)
        upper_rows = [
            after.by_points
            for box, after in zip(self.boxes, scored, strict=True)
            if box.bit in self.space.face_of_bit and after.by_points is not None
        ]
        assert all(len(rows) == DICE_COUNT + 1 for rows in upper_rows)  # counts 0 to 5
        no_box = np.full((1, len(columns)), -np.inf)
        stacked_upper = np.concatenate([*upper_rows, no_box])  # row: box x 6 + count
        values = np.empty(len(columns))
        for start in range(0, len(columns), NARROW_COLUMNS):
            narrow = slice(start, start + NARROW_COLUMNS)
            workspace = self.workspace(len(columns[narrow]))
            after_last_roll = self.score_now(
                workspace, scored, zero_points, stacked_upper, five_rows, narrow
            )
            workspace.keep_expectations(after_last_roll)
            after_second_roll = workspace.best_keep()
            workspace.keep_expectations(after_second_roll)
            values[narrow] = ROLL_PROBABILITIES @ workspace.best_keep()
        return values

    def scored_values(self, box: BoxScores, columns: IntArray) -> ScoredValues:
        if box.points_change_state:
            return ScoredValues(box, self.after_scoring(box.bit, box.distinct, columns), None)
        return ScoredValues(
            box, None, self.after_scoring(box.bit, np.zeros(1, np.int64), columns)[0]
        )

    def workspace(self, columns: int) -> Workspace:
        if columns not in self.workspaces:
            self.workspaces[columns] = Workspace(columns)
        return self.workspaces[columns]

    def score_now(
        self,
        workspace: Workspace,
        scored: list[ScoredValues],
        zero_points: FloatArray,
        stacked_upper: FloatArray,
        five_rows: FloatArray,
        narrow: slice,
    ) -> FloatArray:
        """S0: for each roll (rows) and state (columns), the value of the best box.

        Every box that can score 0 is in `zero_points`; the upper boxes are then merged by
        the faces each roll shows, and a lower box that scores on few rolls on those rows
        only, the others on all rows (cheaper per row)."""
        best = workspace.after_last_roll
        candidate = workspace.candidate
        best[:] = zero_points[None, narrow]
        upper = stacked_upper[:, narrow]
        for start, stop, rows_by_face in self.upper_plan:
            group = best[start:stop]
            into = candidate[: stop - start]
            for rows in rows_by_face:
                upper.take(rows, axis=0, out=into, mode="clip")
                np.maximum(group, into, out=group)
        for box, after in zip(self.boxes, scored, strict=True):
            if box.bit in self.space.face_of_bit:
                continue
            rows = box.scoring_rows
            dense = len(rows) > SPARSE_ROWS
            if after.by_points is not None:
                by_points = after.by_points[:, narrow]
                if dense:
                    by_points.take(box.row_to_distinct, axis=0, out=candidate, mode="clip")
                else:
                    sparse = by_points[box.row_to_distinct[rows]]
            else:
                assert after.following is not None
                if dense:
                    np.add(box.points_column, after.following[narrow], out=candidate)
                else:
                    sparse = box.points_column[rows] + after.following[narrow]
            if dense:
                np.maximum(best, candidate, out=best)
            else:
                best[rows] = np.maximum(best[rows], sparse)
        best[FIVE_OF_A_KIND_ROW_LIST] = five_rows[:, narrow]
        return best

    def five_of_a_kind_rows(self, scored: list[ScoredValues], columns: IntArray) -> FloatArray:
        """S0 on the six five-of-a-kind rolls: the extra bonus and the forced joker."""
        ruleset, space = self.ruleset, self.space
        filled = self.arrays.filled[columns]
        five_filled = ((filled >> space.five_of_a_kind_bit) & 1).astype(bool)
        holds_full = self.arrays.flag[columns].astype(bool)
        bonus = np.where(holds_full, float(ruleset.extra_five_of_a_kind_bonus), 0.0)
        joker = ruleset.joker
        joker_active = five_filled & (holds_full if joker and joker.needs_full_points else True)
        rows = np.empty((len(FIVE_OF_A_KIND_ROWS), len(columns)))
        for position, (face, row) in enumerate(FIVE_OF_A_KIND_ROWS.items()):
            plain = [after.value(int(after.box.points[row])) for after in scored]
            rows[position] = np.max(plain, axis=0)
            if joker is not None:
                forced = self.forced_joker(face, plain, scored)
                rows[position] = np.where(joker_active, forced, rows[position])
            rows[position] += bonus
        return rows

    def forced_joker(
        self, face: int, plain: list[FloatArray], scored: list[ScoredValues]
    ) -> FloatArray:
        """The joker's choice: the same face's upper box if open, else an open lower box at
        joker points, else an open upper box (at its plain points, 0).

        `plain[bit]` is the value of scoring the five of a kind in box `bit` as a plain roll.
        """
        ruleset = self.ruleset
        dice = (face,) * DICE_COUNT
        same_face = plain[ruleset.box_ids.index(ruleset.upper_box_for_face(face))]
        as_joker = np.full(len(same_face), -np.inf)
        any_upper = np.full(len(same_face), -np.inf)
        for bit, box in enumerate(ruleset.boxes):
            if box.section is Section.LOWER:
                joker_value = scored[bit].value(joker_points(box.scorer, dice))
                np.maximum(as_joker, joker_value, out=as_joker)
            elif isinstance(box.scorer, FaceSum):
                np.maximum(any_upper, plain[bit], out=any_upper)
        return np.where(
            np.isfinite(same_face),
            same_face,
            np.where(np.isfinite(as_joker), as_joker, any_upper),
        )


@dataclass(frozen=True)
class ScoredValues:
    """For one slice of states: the value of scoring in one box, as a function of points.

    When the points decide the next state (upper boxes, a tracked five-of-a-kind box) there
    is one row per distinct points value; otherwise the next state is the same whatever the
    points, and one row of following values serves them all.
    """

    box: BoxScores
    by_points: FloatArray | None
    following: FloatArray | None

    def value(self, points: int) -> FloatArray:
        if self.following is not None:
            with_points: FloatArray = points + self.following
            return with_points
        assert self.by_points is not None
        row = int(np.searchsorted(self.box.distinct, points))
        assert self.box.distinct[row] == points, f"no candidate row for {points} points"
        row_values: FloatArray = self.by_points[row]
        return row_values


class Workspace:
    """Buffers for one narrow slice of `columns` states, with every view the inner loops use
    made once: nothing is allocated or reshaped per step, and the arrays stay in cache."""

    def __init__(self, columns: int) -> None:
        self.after_last_roll = np.empty((len(ROLLS), columns))
        self.candidate = np.empty((len(ROLLS), columns))
        self.expectations = np.empty((len(turn.KEEPS), columns))
        self.best = np.empty((len(turn.KEEPS), columns))
        widest = max(len(indices) for indices in ADD_FACE)
        gathered = np.empty(widest * columns)

        def gather_buffer(rows: int) -> FloatArray:
            return gathered[: rows * columns].reshape(rows, columns)

        self.expectation_steps = []
        for size in range(DICE_COUNT - 1, -1, -1):
            indices = ADD_FACE[size]
            into = gather_buffer(len(indices))
            total = self.expectations[turn.LEVEL_START[size] : turn.LEVEL_START[size + 1]]
            by_face = list(into.reshape(len(FACES), len(total), columns))
            self.expectation_steps.append((indices, into, by_face, total))
        self.best_steps = []
        for groups in SUB_KEEP_GROUPS:
            for start, stop, smaller in groups:
                into = gather_buffer(len(smaller))
                subs = list(into.reshape(-1, stop - start, columns))
                target, own = self.best[start:stop], self.expectations[start:stop]
                self.best_steps.append((smaller, into, subs, target, own))

    def keep_expectations(self, after_roll: FloatArray) -> FloatArray:
        """E[K] for all 462 keeps: the expected value of the rows after rerolling the rest."""
        expectations = self.expectations
        expectations[turn.ROLLS_START :] = after_roll
        for indices, into, by_face, total in self.expectation_steps:
            expectations.take(indices, axis=0, out=into, mode="clip")
            np.add(by_face[0], by_face[1], out=total)
            for face_block in by_face[2:]:
                np.add(total, face_block, out=total)
            total *= 1 / len(FACES)
        return expectations

    def best_keep(self) -> FloatArray:
        """For each roll, the best of `keep_expectations` over its sub-multisets (keeping all
        five included)."""
        best = self.best
        best[0] = self.expectations[0]
        for smaller, into, subs, target, own in self.best_steps:
            best.take(smaller, axis=0, out=into, mode="clip")
            np.maximum(own, subs[0], out=target)
            for sub in subs[1:]:
                np.maximum(target, sub, out=target)
        return best[turn.ROLLS_START :]


_ACTIVE_SOLVER: TurnSolver | None = None
"""The solver whose layer forked workers are computing (inherited at fork)."""


def _solve_columns_in_worker(columns: IntArray) -> None:
    assert _ACTIVE_SOLVER is not None
    _ACTIVE_SOLVER.solve_columns(columns)


def solve_values(ruleset: Ruleset, workers: int = 1) -> FloatArray:
    """The exact value of every reachable turn-start state, in table order."""
    return TurnSolver(ruleset).solve(workers)
