"""Rank every action of a position by expected final score, from a strategy table.

Pure Python (it runs in Pyodide). A position is a player's sheet plus the current turn. The
table gives the expected future score of each turn-start state; within the turn everything is
exact: the best box for each of the 252 rolls (S0), the expected value of each of the 462 keeps
with one roll left (E1), the best keep for each roll (S1), and each keep with two rolls left
(E2). All of it depends only on the turn-start state, so it is computed once per turn and
cached; the decisions after the first and second roll of that turn reuse it.

The loops run as `map` over tuples and `itemgetter` gathers, which CPython and Pyodide run in
C, with the index structure from `game.strategy.turn` built once.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from itertools import repeat
from operator import add, itemgetter, mul

from game.errors import GameError, InvalidDiceError
from game.rules.dice import DICE_COUNT, FACES, ROLLS_PER_TURN, Dice, face_counts
from game.rules.rulesets import Ruleset, ScoreOptions, score_options
from game.strategy import turn
from game.strategy.states import StateSpace, TurnStart
from game.strategy.table import ValueTable

DEFAULT_TURN_CACHE = 256
OPTIONS_CACHE_SIZE = 65536


class PositionError(GameError, ValueError):
    """A position that cannot occur in a game (bad dice, rolls left, or sheet)."""


@dataclass(frozen=True)
class Position:
    """One player's sheet and the current turn: everything a decision depends on.

    >>> from game.rules.rulesets import PENTA
    >>> Position.new_game(PENTA).rolls_left
    3
    >>> Position(PENTA, frozenset(PENTA.box_ids), 0, None, dice=(1, 2, 3, 4, 5))
    Traceback (most recent call last):
    game.strategy.advisor.PositionError: dice (1, 2, 3, 4, 5) with 3 rolls left: dice show ...

    Raises:
        PositionError: unknown boxes, a five-of-a-kind box open with points (or filled
            without), rolls left outside 0 to 3, dice before the first roll (or none after
            it), or a full sheet.
        InvalidDiceError: dice that are not five faces from 1 to 6.
    """

    ruleset: Ruleset
    open_boxes: frozenset[str]
    upper_subtotal: int
    """Points in the upper boxes so far (not capped)."""
    five_of_a_kind_points: int | None
    """What the five-of-a-kind box holds; None while it is open."""
    dice: Dice | None = None
    """The dice showing, in table order; None before the turn's first roll."""
    rolls_left: int = ROLLS_PER_TURN
    sheet_total: int = 0
    """Points on the sheet so far, bonuses included."""

    def __post_init__(self) -> None:
        unknown = self.open_boxes - set(self.ruleset.box_ids)
        if unknown:
            raise PositionError(f"unknown boxes {sorted(unknown)} in {self.ruleset.id!r}")
        five_open = self.ruleset.five_of_a_kind_box in self.open_boxes
        if five_open != (self.five_of_a_kind_points is None):
            raise PositionError(
                f"the {self.ruleset.five_of_a_kind_box!r} box holds "
                f"{self.five_of_a_kind_points!r} but is {'open' if five_open else 'filled'}"
            )
        if not 0 <= self.rolls_left <= ROLLS_PER_TURN:
            raise PositionError(f"rolls left is 0 to {ROLLS_PER_TURN}, not {self.rolls_left}")
        if (self.dice is None) != (self.rolls_left == ROLLS_PER_TURN):
            raise PositionError(
                f"dice {self.dice!r} with {self.rolls_left} rolls left: dice show after the "
                "first roll and only then"
            )
        if self.dice is not None and (
            len(self.dice) != DICE_COUNT or any(face not in FACES for face in self.dice)
        ):
            raise InvalidDiceError(f"expected five faces 1 to 6, got {self.dice!r}")
        if not self.open_boxes:
            raise PositionError("the sheet is full: the game is over, there is nothing to do")

    @classmethod
    def new_game(cls, ruleset: Ruleset) -> Position:
        return cls(ruleset, frozenset(ruleset.box_ids), 0, None)

    def turn_start(self, space: StateSpace) -> TurnStart:
        filled = 0
        for bit, box_id in enumerate(self.ruleset.box_ids):
            if box_id not in self.open_boxes:
                filled |= 1 << bit
        return TurnStart(
            filled,
            min(self.upper_subtotal, space.cap),
            space.tracks_full and self.five_of_a_kind_points == self.ruleset.five_of_a_kind_points,
        )

    def options(self) -> ScoreOptions:
        """Where the dice may be scored, and for how much (see score_options).

        Raises:
            PositionError: no dice rolled yet.
        """
        if self.dice is None:
            raise PositionError("no dice rolled yet: there is no box to score")
        return score_options(self.ruleset, self.open_boxes, self.five_of_a_kind_points, self.dice)


@dataclass(frozen=True)
class Roll:
    """Before the turn's first roll: the only thing to do is roll all five dice."""


@dataclass(frozen=True)
class Keep:
    """Keep these faces (a sorted multiset, fewer than five) and roll the other dice."""

    faces: Dice

    def positions(self, dice: Dice) -> tuple[int, ...]:
        """Which of the dice (indices 0 to 4) to keep: the first ones showing each face."""
        positions: list[int] = []
        for face in self.faces:
            positions.append(
                next(i for i, shown in enumerate(dice) if shown == face and i not in positions)
            )
        return tuple(sorted(positions))


@dataclass(frozen=True)
class Score:
    """Score the dice in `box` now: `points` in the box plus a five-of-a-kind `bonus`."""

    box: str
    points: int
    bonus: int = 0


Action = Roll | Keep | Score


@dataclass(frozen=True)
class RankedAction:
    action: Action
    expected: float
    """Expected final score of the game after this action, under optimal play from then on."""


@dataclass
class TurnValues:
    """Everything within a turn that depends only on the turn-start state."""

    after_last_roll: list[float]
    """S0: value of the best box for each roll (index within the 252 rolls)."""
    one_roll_left: list[float] = field(default_factory=list)
    """E1: expected value of each of the 462 keeps when one roll is left."""
    two_rolls_left: list[float] = field(default_factory=list)
    """E2: the same with two rolls left."""


class Advisor:
    """Ranks actions for one ruleset from its strategy table."""

    def __init__(self, table: ValueTable, turn_cache_size: int = DEFAULT_TURN_CACHE) -> None:
        self.table = table
        self.ruleset = table.ruleset
        self.space = table.space
        self.turn_cache_size = turn_cache_size
        self._turns: OrderedDict[TurnStart, TurnValues] = OrderedDict()
        self._points = _plain_points(self.ruleset)
        self._upper_faces = dict(self.space.face_of_bit)
        self._bit_of = {box_id: bit for bit, box_id in enumerate(self.ruleset.box_ids)}
        self._options_cache: dict[tuple[frozenset[str], int | None, Dice], ScoreOptions] = {}
        # Build the shared gather structures now, so that no decision pays for them.
        for size in range(DICE_COUNT):
            _add_face_getters(size)
            _sub_keep_getters(size + 1)

    # -- the public questions -------------------------------------------------------------

    def rank(self, position: Position) -> list[RankedAction]:
        """Every legal action, best first, with its expected final score.

        Raises:
            PositionError: `position` is of another ruleset than this advisor's.
            UnreachableStateError: no game can reach the position's sheet.
        """
        self._check_ruleset(position)
        state = position.turn_start(self.space)
        self.space.index(state)  # an unreachable sheet fails here, with its reason
        if position.dice is None:
            expected = position.sheet_total + self.table.value(state)
            return [RankedAction(Roll(), expected)]
        ranked = [
            RankedAction(Score(box, points, bonus), position.sheet_total + value)
            for box, points, bonus, value in self._score_choices(state, position.options())
        ]
        if position.rolls_left > 0:
            keep_values = self._keep_values(state, position.rolls_left)
            ranked.extend(
                RankedAction(Keep(keep), position.sheet_total + keep_values[turn.KEEP_INDEX[keep]])
                for keep in turn.sub_keeps(position.dice)
                if len(keep) < DICE_COUNT
            )
        ranked.sort(key=_rank_order)
        return ranked

    def best(self, position: Position) -> RankedAction:
        """The first action of `rank`.

        Raises:
            PositionError: `position` is of another ruleset than this advisor's.
            UnreachableStateError: no game can reach the position's sheet.
        """
        return self.rank(position)[0]

    def best_box(self, position: Position) -> str:
        """The box to score the current dice in (what auto-scoring picks after the last roll).

        Raises:
            PositionError: no dice rolled yet, or `position` is of another ruleset.
        """
        self._check_ruleset(position)
        return self.best_box_for(position.turn_start(self.space), position.options())

    def best_box_for(self, state: TurnStart, options: ScoreOptions) -> str:
        """The box to score in at the turn start `state`, where the dice have `options`."""
        box, _, _, _ = max(self._score_choices(state, options), key=lambda choice: choice[3])
        return box

    def forget_turns(self) -> None:
        """Drop the cached within-turn values (benchmarks time the uncached decision)."""
        self._turns.clear()

    def turn_values(self, state: TurnStart, rolls_left: int = 2) -> TurnValues:
        """The cached within-turn values, computed as far as `rolls_left` needs."""
        values = self._turns.get(state)
        if values is None:
            values = TurnValues(self._score_now_values(state))
            self._turns[state] = values
            if len(self._turns) > self.turn_cache_size:
                self._turns.popitem(last=False)
        else:
            self._turns.move_to_end(state)
        if rolls_left >= 1 and not values.one_roll_left:
            values.one_roll_left = keep_expectations(values.after_last_roll)
        if rolls_left >= 2 and not values.two_rolls_left:
            values.two_rolls_left = keep_expectations(best_keeps(values.one_roll_left))
        return values

    # -- the turn ---------------------------------------------------------------------------

    def _check_ruleset(self, position: Position) -> None:
        if position.ruleset != self.ruleset:
            raise PositionError(
                f"a {position.ruleset.id!r} position for the {self.ruleset.id!r} advisor"
            )

    def recomputed_value(self, state: TurnStart) -> float:
        """The expected future from this turn start, recomputed from the states after it
        (equal to the table's own value up to its rounding: a check of both)."""
        after_first_roll = best_keeps(self.turn_values(state).two_rolls_left)
        return float(sum(map(mul, turn.ROLL_PROBABILITIES, after_first_roll)))

    def _keep_values(self, state: TurnStart, rolls_left: int) -> list[float]:
        values = self.turn_values(state, rolls_left)
        return values.two_rolls_left if rolls_left == 2 else values.one_roll_left

    def after_scoring(self, state: TurnStart, bit: int, points: int) -> float:
        """Points now, the upper bonus if this reaches it, and the expected future after."""
        space = self.space
        upper = state.upper
        gained = float(points)
        face = self._upper_faces.get(bit)
        if face is not None:
            upper = min(space.cap, state.upper + points)
            if state.upper < space.cap <= upper:
                gained += self.ruleset.upper_bonus
        holds_full = state.holds_full
        if bit == space.five_of_a_kind_bit and space.tracks_full:
            holds_full = points == self.ruleset.five_of_a_kind_points
        filled = state.filled | (1 << bit)
        following = self.table.block(filled)[space.position_in_block(filled, upper, holds_full)]
        return gained + following * self.table.step

    def _score_choices(
        self, state: TurnStart, options: ScoreOptions
    ) -> list[tuple[str, int, int, float]]:
        """(box, points, bonus, value) for each legal box, in sheet order."""
        bit_of = self._bit_of
        return [
            (
                box,
                options.points[box],
                options.five_of_a_kind_bonus,
                options.five_of_a_kind_bonus
                + self.after_scoring(state, bit_of[box], options.points[box]),
            )
            for box in self.ruleset.box_ids
            if box in options.legal
        ]

    def _score_now_values(self, state: TurnStart) -> list[float]:
        """S0 for all 252 rolls: the best legal box for each, with what follows."""
        known: dict[tuple[int, int], float] = {}

        def after(bit: int, points: int) -> float:
            value = known.get((bit, points))
            if value is None:
                value = known[bit, points] = self.after_scoring(state, bit, points)
            return value

        columns: list[Iterable[float]] = []
        for bit, points in enumerate(self._points):
            if (state.filled >> bit) & 1:
                continue
            face = self._upper_faces.get(bit)
            if face is not None:
                by_count = [after(bit, face * count) for count in range(DICE_COUNT + 1)]
                columns.append(map(by_count.__getitem__, _FACE_COUNTS[face]))
            elif bit == self.space.five_of_a_kind_bit and self.space.tracks_full:
                by_points = {p: after(bit, p) for p in set(points)}
                columns.append(map(by_points.__getitem__, points))
            else:
                columns.append(map(add, points, repeat(after(bit, 0))))
        best = list(map(max, *columns)) if len(columns) > 1 else list(columns[0])
        # Five of a kind: the rules (bonus, joker) come from score_options itself.
        open_boxes = frozenset(
            box_id
            for bit, box_id in enumerate(self.ruleset.box_ids)
            if not (state.filled >> bit) & 1
        )
        five_points = self._five_of_a_kind_points(state)
        bit_of = self._bit_of
        for face, row in _FIVE_OF_A_KIND_ROWS.items():
            options = self._five_of_a_kind_options(open_boxes, five_points, face)
            best[row] = options.five_of_a_kind_bonus + max(
                after(bit_of[box], options.points[box]) for box in options.legal
            )
        return best

    def _five_of_a_kind_options(
        self, open_boxes: frozenset[str], five_points: int | None, face: int
    ) -> ScoreOptions:
        """`score_options` for a five of a kind, remembered: every turn asks about all six."""
        dice = (face,) * DICE_COUNT
        key = (open_boxes, five_points, dice)
        options = self._options_cache.get(key)
        if options is None:
            if len(self._options_cache) >= OPTIONS_CACHE_SIZE:
                self._options_cache.clear()
            options = score_options(self.ruleset, open_boxes, five_points, dice)
            self._options_cache[key] = options
        return options

    def _five_of_a_kind_points(self, state: TurnStart) -> int | None:
        """What the five-of-a-kind box holds, as far as the rules can tell (0 stands for any
        score other than the full points, which behave alike)."""
        if not (state.filled >> self.space.five_of_a_kind_bit) & 1:
            return None
        return self.ruleset.five_of_a_kind_points if state.holds_full else 0


# -- the keep recursions, shared by every advisor ------------------------------------------

_ROLLS: tuple[Dice, ...] = tuple(turn.KEEPS[index] for index in turn.level(DICE_COUNT))
_FIVE_OF_A_KIND_ROWS = {face: _ROLLS.index((face,) * DICE_COUNT) for face in FACES}
_FACE_COUNTS = {face: tuple(face_counts(roll)[face] for roll in _ROLLS) for face in FACES}


@cache
def _add_face_getters(size: int) -> tuple[itemgetter[tuple[float, ...]], ...]:
    return tuple(_getter(indices) for indices in turn.add_face_indices(size))


@cache
def _sub_keep_getters(
    size: int,
) -> tuple[tuple[int, int, tuple[itemgetter[tuple[float, ...]], ...]], ...]:
    return tuple(
        (group.start, group.stop, tuple(_getter(indices) for indices in group.smaller))
        for group in turn.sub_keep_groups(size)
    )


def _getter(indices: tuple[int, ...]) -> itemgetter[tuple[float, ...]]:
    """An itemgetter that always returns a tuple: with a single index it would return the
    bare item, so that index is asked twice and the caller stops at the real length."""
    return itemgetter(*indices) if len(indices) > 1 else itemgetter(indices[0], indices[0])


def keep_expectations(after_roll: list[float]) -> list[float]:
    """E[K] for all 462 keeps: the mean over faces of E[K + face], from five dice down."""
    expectations = [0.0] * turn.ROLLS_START + after_roll
    sixth = 1 / len(FACES)
    for size in range(DICE_COUNT - 1, -1, -1):
        start, stop = turn.LEVEL_START[size], turn.LEVEL_START[size + 1]
        first, *others = (getter(expectations) for getter in _add_face_getters(size))
        totals: Iterable[float] = first
        for extended in others:
            totals = map(add, totals, extended)
        # repeat(..., stop - start) also trims the doubled single-index gather of size 0.
        expectations[start:stop] = map(mul, totals, repeat(sixth, stop - start))
    return expectations


def best_keeps(expectations: list[float]) -> list[float]:
    """For each roll, the best expectation over its sub-multisets (keeping all five too)."""
    best = [expectations[0]] + [0.0] * (len(expectations) - 1)
    for size in range(1, DICE_COUNT + 1):
        for start, stop, getters in _sub_keep_getters(size):
            smaller = [getter(best) for getter in getters]
            best[start:stop] = map(max, expectations[start:stop], *smaller)
    return best[turn.ROLLS_START :]


@cache
def _plain_points(ruleset: Ruleset) -> tuple[tuple[int, ...], ...]:
    """Each box's points for each roll on a sheet where no joker applies."""
    return tuple(
        tuple(ruleset.points(box_id, roll) for roll in _ROLLS) for box_id in ruleset.box_ids
    )


def _rank_order(ranked: RankedAction) -> tuple[float, int, int]:
    """Best first; on equal value, scoring before keeping, and keeping more dice first."""
    action = ranked.action
    if isinstance(action, Keep):
        return (-ranked.expected, 1, -len(action.faces))
    return (-ranked.expected, 0, 0)
