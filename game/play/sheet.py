"""One player's score sheet: filled boxes, subtotals, bonuses and the total.

A `Sheet` is immutable; scoring returns a new sheet. Everything a screen shows in one
player's column is a property here:

    Sheet.empty(ruleset) -> Sheet
    Sheet.from_scores(ruleset, {box_id: points}, five_of_a_kind_bonus_count=0) -> Sheet
    sheet.points_in(box_id) -> int | None        what a box holds (None while open)
    sheet.open_boxes / filled_boxes / is_complete
    sheet.upper_subtotal, points_to_upper_bonus, upper_bonus
    sheet.upper_bonus_reachable() -> bool         can the open upper boxes still earn it?
    sheet.lower_subtotal
    sheet.five_of_a_kind_box_points               what the Penta/Yatzy box holds (None: open)
    sheet.five_of_a_kind_bonus_count / five_of_a_kind_bonus_points   (Penta bonuses)
    sheet.total                                   upper + upper bonus + lower + Penta bonuses
    sheet.options(dice) -> ScoreOptions           every open box's points, joker applied
    sheet.scored(box_id, dice) -> Sheet           raises BoxFilledError, JokerForbiddenBoxError,
                                                  UnknownBoxError, InvalidDiceError
    sheet.filled_with(box_id, options) -> Sheet   the same with options already computed

`seat_to_move(sheets)` is whose turn it is: the earliest seat among the players with the fewest
boxes filled. Turns rotate from seat 0, so in a game played through that is simply the next
seat; after a box of a real-dice game was cleared (game.play.corrections) it is the player who
owes that turn, and the rotation resumes once they have played it. When every sheet is complete
it is seat 0.

`achievable_points(ruleset, box_id)` lists every score a box can ever hold; loading a saved
game uses it to refuse impossible scores.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property

from game.errors import BoxFilledError, JokerForbiddenBoxError
from game.rules.dice import ALL_ROLLS, DICE_COUNT, FACES, validate_dice
from game.rules.rulesets import FaceSum, Ruleset, ScoreOptions, Section, joker_points, score_options


@dataclass(frozen=True)
class Sheet:
    ruleset: Ruleset
    scores: tuple[int | None, ...]
    """Points per box in sheet order (`ruleset.box_ids`); None while the box is open."""
    five_of_a_kind_bonus_count: int = 0
    """How many further fives of a kind earned the ruleset's bonus (Penta: 100 each)."""

    @classmethod
    def empty(cls, ruleset: Ruleset) -> Sheet:
        return cls(ruleset, (None,) * len(ruleset.boxes))

    @classmethod
    def from_scores(
        cls, ruleset: Ruleset, scores: Mapping[str, int], five_of_a_kind_bonus_count: int = 0
    ) -> Sheet:
        """A sheet with `scores` filled in (box id -> points).

        Raises:
            UnknownBoxError: a key of `scores` is not a box of `ruleset`.
        """
        for box_id in scores:
            ruleset.box(box_id)
        return cls(
            ruleset,
            tuple(scores.get(box_id) for box_id in ruleset.box_ids),
            five_of_a_kind_bonus_count,
        )

    def points_in(self, box_id: str) -> int | None:
        """What `box_id` holds, or None while it is open.

        Raises:
            UnknownBoxError: the ruleset has no box `box_id`.
        """
        self.ruleset.box(box_id)  # an unknown id raises UnknownBoxError
        return self.scores[self.ruleset.box_ids.index(box_id)]

    @cached_property
    def open_boxes(self) -> tuple[str, ...]:
        return tuple(
            box_id
            for box_id, points in zip(self.ruleset.box_ids, self.scores, strict=True)
            if points is None
        )

    @property
    def filled_boxes(self) -> dict[str, int]:
        """Filled boxes with their points, in sheet order."""
        return {
            box_id: points
            for box_id, points in zip(self.ruleset.box_ids, self.scores, strict=True)
            if points is not None
        }

    @property
    def is_complete(self) -> bool:
        return None not in self.scores

    def _section_total(self, section: Section) -> int:
        return sum(
            points or 0
            for box, points in zip(self.ruleset.boxes, self.scores, strict=True)
            if box.section is section
        )

    @cached_property
    def upper_subtotal(self) -> int:
        return self._section_total(Section.UPPER)

    @property
    def points_to_upper_bonus(self) -> int:
        """Points the upper section still needs for its bonus; 0 once it is reached."""
        return max(0, self.ruleset.upper_bonus_threshold - self.upper_subtotal)

    @property
    def upper_bonus(self) -> int:
        return self.ruleset.upper_bonus_for(self.upper_subtotal)

    def upper_most_possible(self) -> int:
        """The most the upper subtotal can still reach: five dice of its face in every open
        upper box."""
        best_rest = sum(
            DICE_COUNT * box.scorer.face
            for box, points in zip(self.ruleset.boxes, self.scores, strict=True)
            if points is None and box.section is Section.UPPER and isinstance(box.scorer, FaceSum)
        )
        return self.upper_subtotal + best_rest

    def upper_bonus_reachable(self) -> bool:
        """Whether the upper bonus can still be earned (or already is)."""
        return self.upper_most_possible() >= self.ruleset.upper_bonus_threshold

    @cached_property
    def lower_subtotal(self) -> int:
        return self._section_total(Section.LOWER)

    @property
    def five_of_a_kind_box_points(self) -> int | None:
        return self.points_in(self.ruleset.five_of_a_kind_box)

    @property
    def five_of_a_kind_bonus_points(self) -> int:
        return self.five_of_a_kind_bonus_count * self.ruleset.extra_five_of_a_kind_bonus

    @property
    def total(self) -> int:
        return (
            self.upper_subtotal
            + self.upper_bonus
            + self.lower_subtotal
            + self.five_of_a_kind_bonus_points
        )

    def options(self, dice: Sequence[int]) -> ScoreOptions:
        """Every open box with what `dice` would score there, and where they may go.

        Raises:
            InvalidDiceError: `dice` are not five faces from 1 to 6.
        """
        return score_options(
            self.ruleset, self.open_boxes, self.five_of_a_kind_box_points, validate_dice(dice)
        )

    def check_legal(self, box_id: str, options: ScoreOptions) -> None:
        """Raise the specific error when `box_id` may not take the dice behind `options`.

        Raises:
            UnknownBoxError: the ruleset has no box `box_id`.
            BoxFilledError: `box_id` already holds points.
            JokerForbiddenBoxError: `box_id` is open, but the joker rule sends the dice elsewhere.
        """
        if self.points_in(box_id) is not None:
            raise BoxFilledError(f"box {box_id!r} is already filled with {self.points_in(box_id)}")
        if box_id not in options.legal:
            raise JokerForbiddenBoxError(
                f"the joker rule ({options.joker}) forbids box {box_id!r}; "
                f"legal boxes: {', '.join(sorted(options.legal))}"
            )

    def scored(self, box_id: str, dice: Sequence[int]) -> Sheet:
        """The sheet after putting `dice` in `box_id`, with any five-of-a-kind bonus.

        >>> from game.rules.rulesets import PENTA
        >>> sheet = Sheet.empty(PENTA).scored("chance", (1, 2, 3, 4, 6))
        >>> sheet.points_in("chance"), sheet.total
        (16, 16)
        >>> sheet.scored("chance", (6, 6, 6, 6, 5))
        Traceback (most recent call last):
        game.errors.BoxFilledError: box 'chance' is already filled with 16

        Raises:
            InvalidDiceError: `dice` are not five faces from 1 to 6.
            UnknownBoxError: the ruleset has no box `box_id`.
            BoxFilledError: `box_id` already holds points.
            JokerForbiddenBoxError: `box_id` is open, but the joker rule sends the dice elsewhere.
        """
        return self.filled_with(box_id, self.options(dice))

    def filled_with(self, box_id: str, options: ScoreOptions) -> Sheet:
        """`scored` for dice whose options (from this sheet) are already known.

        Raises:
            UnknownBoxError: the ruleset has no box `box_id`.
            BoxFilledError: `box_id` already holds points.
            JokerForbiddenBoxError: `box_id` is open, but the joker rule sends the dice elsewhere.
        """
        self.check_legal(box_id, options)
        index = self.ruleset.box_ids.index(box_id)
        scores = (*self.scores[:index], options.points[box_id], *self.scores[index + 1 :])
        earned_bonus = 1 if options.five_of_a_kind_bonus else 0
        return Sheet(self.ruleset, scores, self.five_of_a_kind_bonus_count + earned_bonus)


def seat_of_turn(game_turn: int, seats: int) -> int:
    """The seat that plays game turn `game_turn` (boxes filled on all sheets before it): turns
    rotate from seat 0."""
    return game_turn % seats


def seat_to_move(sheets: Sequence[Sheet]) -> int:
    filled = [len(sheet.scores) - sheet.scores.count(None) for sheet in sheets]
    return filled.index(min(filled))


@cache
def achievable_points(ruleset: Ruleset, box_id: str) -> frozenset[int]:
    """Every score `box_id` can hold: any roll's points there, or its joker points.

    A sacrificed 0 is among a roll's points for every box but Chance, which no roll leaves at 0.

    Raises:
        UnknownBoxError: `ruleset` has no box `box_id`.
    """
    scorer = ruleset.box(box_id).scorer
    possible = {scorer.points(dice) for dice in ALL_ROLLS}
    if ruleset.joker is not None and ruleset.box(box_id).section is Section.LOWER:
        possible |= {joker_points(scorer, (face,) * 5) for face in FACES}
    return frozenset(possible)
