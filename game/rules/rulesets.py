"""The two rulesets as data: boxes with their scoring rules, bonuses and the joker rule.

Rulesets differ only through the named parameters below; nothing elsewhere asks which
ruleset it is playing.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import Literal

from game.errors import UnknownBoxError, UnknownRulesetError
from game.rules.dice import ALL_ROLLS, FACES, Dice, face_counts, is_five_of_a_kind, validate_dice


class Section(StrEnum):
    UPPER = "upper"
    LOWER = "lower"


class JokerBranch(StrEnum):
    """Which branch of the joker rule places a further five of a kind."""

    SAME_FACE = "same_face"
    """(a) The upper box of the rolled face is open: it is the only legal box."""
    LOWER = "lower"
    """(b) That box is filled: any open lower box, straights and full house counting as made."""
    ANY_UPPER = "any_upper"
    """(c) The lower section is full too: any open upper box, for 0."""


@dataclass(frozen=True)
class FaceSum:
    """Upper-section box: the sum of the dice showing `face`."""

    face: int
    kind: Literal["face_sum"] = "face_sum"

    def points(self, dice: Sequence[int]) -> int:
        return self.face * face_counts(dice)[self.face]


@dataclass(frozen=True)
class OfAKind:
    """At least `count` dice of one face.

    `scores` says what such a roll earns: "all_dice" is the sum of all five (American),
    "matching" is the sum of just `count` dice of that face (Scandinavian, highest face first).
    """

    count: int
    scores: Literal["all_dice", "matching"]
    kind: Literal["of_a_kind"] = "of_a_kind"

    def points(self, dice: Sequence[int]) -> int:
        counts = face_counts(dice)
        for face in reversed(FACES):
            if counts[face] >= self.count:
                return sum(dice) if self.scores == "all_dice" else self.count * face
        return 0


@dataclass(frozen=True)
class Pairs:
    """`pairs` pairs of different faces (a four of a kind is one pair, not two)."""

    pairs: int
    kind: Literal["pairs"] = "pairs"

    def points(self, dice: Sequence[int]) -> int:
        counts = face_counts(dice)
        paired = [face for face in reversed(FACES) if counts[face] >= 2]
        if len(paired) < self.pairs:
            return 0
        return sum(2 * face for face in paired[: self.pairs])


@dataclass(frozen=True)
class FullHouse:
    """Three of one face and two of another; `fixed_points` None means the sum of the dice."""

    fixed_points: int | None
    kind: Literal["full_house"] = "full_house"

    def points(self, dice: Sequence[int]) -> int:
        if sorted(c for c in face_counts(dice) if c) != [2, 3]:
            return 0
        return sum(dice) if self.fixed_points is None else self.fixed_points


@dataclass(frozen=True)
class Straight:
    """`fixed_points` when the faces shown include one of the `runs` (each a run of faces)."""

    runs: tuple[tuple[int, ...], ...]
    fixed_points: int
    kind: Literal["straight"] = "straight"

    def points(self, dice: Sequence[int]) -> int:
        shown = set(dice)
        return self.fixed_points if any(shown.issuperset(run) for run in self.runs) else 0


@dataclass(frozen=True)
class Chance:
    kind: Literal["chance"] = "chance"

    def points(self, dice: Sequence[int]) -> int:
        return sum(dice)


@dataclass(frozen=True)
class FiveOfAKind:
    fixed_points: int
    kind: Literal["five_of_a_kind"] = "five_of_a_kind"

    def points(self, dice: Sequence[int]) -> int:
        return self.fixed_points if is_five_of_a_kind(dice) else 0


Scorer = FaceSum | OfAKind | Pairs | FullHouse | Straight | Chance | FiveOfAKind


def joker_points(scorer: Scorer, dice: Sequence[int]) -> int:
    """What a five of a kind scores in a lower box when it is played as a joker.

    Boxes with fixed points count as made; the rest count the dice as they always do.
    """
    if isinstance(scorer, FullHouse | Straight) and scorer.fixed_points is not None:
        return scorer.fixed_points
    if isinstance(scorer, FullHouse):
        return sum(dice)
    return scorer.points(dice)


@dataclass(frozen=True)
class Box:
    id: str
    section: Section
    scorer: Scorer


@dataclass(frozen=True)
class JokerRule:
    """The forced joker: where a further five of a kind may be scored.

    `needs_full_points`: True when the joker applies only if the five-of-a-kind box holds its
    full points; False when any filled five-of-a-kind box (even a 0) triggers it.
    """

    needs_full_points: bool


@dataclass(frozen=True)
class Ruleset:
    id: str
    boxes: tuple[Box, ...]
    upper_bonus_threshold: int
    upper_bonus: int
    five_of_a_kind_box: str
    """The box that holds five of a kind; its score decides bonuses and the joker."""
    extra_five_of_a_kind_bonus: int
    """Earned by each further five of a kind while that box holds its full points."""
    joker: JokerRule | None
    auto_score_seconds: int
    """After the last roll with no box chosen, the box the computer would choose is scored after
    this many seconds, as the rule sheet says (Penta's: 3); 0 where it says nothing of it."""
    box_ids: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _boxes_by_id: dict[str, Box] = field(init=False, repr=False, compare=False)
    _points_by_roll: dict[Dice, dict[str, int]] = field(init=False, repr=False, compare=False)
    """Every box's points, by sorted dice, as asked for: replaying a long history asks for the
    same few of the 252 rolls thousands of times."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "box_ids", tuple(box.id for box in self.boxes))
        object.__setattr__(self, "_boxes_by_id", {box.id: box for box in self.boxes})
        object.__setattr__(self, "_points_by_roll", {})

    def box(self, box_id: str) -> Box:
        """The box `box_id` of this ruleset.

        Raises:
            UnknownBoxError: this ruleset has no box `box_id`.
        """
        try:
            return self._boxes_by_id[box_id]
        except (KeyError, TypeError):  # TypeError: an unhashable id read from bad data
            raise UnknownBoxError(box_id, self.id) from None

    @property
    def upper_box_ids(self) -> tuple[str, ...]:
        return tuple(box.id for box in self.boxes if box.section is Section.UPPER)

    @property
    def ruled_totals(self) -> tuple[str, ...]:
        """The sheet's totals that count by a rule of their own, explained like boxes: the
        upper section's subtotal and bonus, and the bonus for each further five of a kind where
        the ruleset pays one."""
        upper = ("upper_subtotal", "upper_bonus")
        return upper + (("five_of_a_kind_bonus",) if self.extra_five_of_a_kind_bonus else ())

    @property
    def five_of_a_kind_points(self) -> int:
        scorer = self.box(self.five_of_a_kind_box).scorer
        assert isinstance(scorer, FiveOfAKind)
        return scorer.fixed_points

    def upper_box_for_face(self, face: int) -> str:
        """The id of the upper box that counts the dice showing `face`.

        Raises:
            UnknownBoxError: no upper box counts `face` (it is not a face from 1 to 6).
        """
        for box in self.boxes:
            if isinstance(box.scorer, FaceSum) and box.scorer.face == face:
                return box.id
        raise UnknownBoxError(f"upper box for face {face}", self.id)

    def points(self, box_id: str, dice: Sequence[int]) -> int:
        """Points for `dice` in `box_id` on a sheet where no joker applies.

        The same dice score differently in each ruleset:

        >>> PENTA.points("full_house", (2, 2, 3, 3, 3)), YATZY.points("full_house", (2, 2, 3, 3, 3))
        (25, 13)
        >>> PENTA.points("small_straight", (1, 2, 3, 4, 6))
        30

        Raises:
            UnknownBoxError: this ruleset has no box `box_id`.
            InvalidDiceError: not five dice, or a die that is not a whole number from 1 to 6.
        """
        return self.box(box_id).scorer.points(validate_dice(dice))

    def points_of_roll(self, dice: Sequence[int]) -> Mapping[str, int]:
        """Every box's points for `dice` on a sheet where no joker applies (read only).

        Raises:
            InvalidDiceError: not five dice, or a die that is not a whole number from 1 to 6.
        """
        roll = tuple(sorted(validate_dice(dice)))
        points = self._points_by_roll.get(roll)
        if points is None:
            points = {box.id: box.scorer.points(roll) for box in self.boxes}
            self._points_by_roll[roll] = points
        return points

    @cached_property
    def highest_total(self) -> int:
        """The most a sheet can total: every box at its most, the upper bonus, and a bonus for
        each further five of a kind (one in every box but the first).

        >>> PENTA.highest_total, YATZY.highest_total
        (1575, 374)
        """
        boxes = sum(max(box.scorer.points(dice) for dice in ALL_ROLLS) for box in self.boxes)
        further = self.extra_five_of_a_kind_bonus * (len(self.boxes) - 1)
        return boxes + self.upper_bonus + further

    def upper_bonus_for(self, upper_subtotal: int) -> int:
        return self.upper_bonus if upper_subtotal >= self.upper_bonus_threshold else 0

    def definition(self) -> dict[str, object]:
        """Everything that decides scores, as plain data (for hashing and documentation)."""
        data = asdict(self)
        data.pop("box_ids", None)
        data.pop("_boxes_by_id", None)
        data.pop("_points_by_roll", None)
        data.pop("auto_score_seconds", None)  # the app's pace: no score depends on it
        return data

    def fingerprint(self) -> str:
        """A hash of the scoring definition: tables solved for other rules are refused."""
        canonical = json.dumps(self.definition(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode()).hexdigest()


@dataclass(frozen=True)
class ScoreOptions:
    """Where the current dice may be scored, and for how much, on one player's sheet."""

    points: dict[str, int]
    """Every open box with the points these dice would score there (joker applied)."""
    legal: frozenset[str]
    """Open boxes the dice may be scored in; the joker may forbid some."""
    five_of_a_kind_bonus: int
    """Added to the sheet wherever the dice are scored (a further five of a kind)."""
    joker: JokerBranch | None
    """The joker branch that decided `legal`, or None when the joker does not apply."""

    @property
    def forbidden(self) -> frozenset[str]:
        return frozenset(self.points) - self.legal

    @property
    def must_sacrifice(self) -> bool:
        """No legal box scores anything: the player has to put a 0 somewhere."""
        return all(self.points[box_id] == 0 for box_id in self.legal)


def score_options(
    ruleset: Ruleset,
    open_boxes: Collection[str],
    five_of_a_kind_box_points: int | None,
    dice: Sequence[int],
) -> ScoreOptions:
    """Apply the bonus and joker rules to find every open box's points and which are legal.

    `five_of_a_kind_box_points` is what the five-of-a-kind box holds (None while it is open).
    A further five of a kind in Penta earns the bonus and, its upper box being open, may only
    go there (the joker rule):

    >>> options = score_options(PENTA, {"fours", "chance"}, 50, (4, 4, 4, 4, 4))
    >>> sorted(options.legal), options.five_of_a_kind_bonus, options.joker
    (['fours'], 100, <JokerBranch.SAME_FACE: 'same_face'>)

    Raises:
        UnknownBoxError: an open box that is not a box of `ruleset`.
        ValueError: the five-of-a-kind box is open but holds points, or filled but holds None.
        InvalidDiceError: not five dice, or a die that is not a whole number from 1 to 6.
    """
    dice = validate_dice(dice)
    for box_id in open_boxes:
        ruleset.box(box_id)
    if (ruleset.five_of_a_kind_box in open_boxes) != (five_of_a_kind_box_points is None):
        raise ValueError(
            f"the {ruleset.five_of_a_kind_box!r} box is open only when it holds no points, "
            f"but it holds {five_of_a_kind_box_points!r}"
        )
    in_sheet_order = [box_id for box_id in ruleset.box_ids if box_id in open_boxes]
    every_box = ruleset.points_of_roll(dice)
    plain = {box_id: every_box[box_id] for box_id in in_sheet_order}
    if not is_five_of_a_kind(dice) or five_of_a_kind_box_points is None:
        return ScoreOptions(plain, frozenset(in_sheet_order), 0, joker=None)

    full_points = five_of_a_kind_box_points == ruleset.five_of_a_kind_points
    bonus = ruleset.extra_five_of_a_kind_bonus if full_points else 0
    rule = ruleset.joker
    if rule is None or (rule.needs_full_points and not full_points):
        return ScoreOptions(plain, frozenset(in_sheet_order), bonus, joker=None)

    same_face_box = ruleset.upper_box_for_face(dice[0])
    if same_face_box in open_boxes:
        return ScoreOptions(plain, frozenset({same_face_box}), bonus, JokerBranch.SAME_FACE)
    open_lower = [
        box_id for box_id in in_sheet_order if ruleset.box(box_id).section is Section.LOWER
    ]
    if open_lower:
        points = dict(plain)
        for box_id in open_lower:
            points[box_id] = joker_points(ruleset.box(box_id).scorer, dice)
        return ScoreOptions(points, frozenset(open_lower), bonus, JokerBranch.LOWER)
    return ScoreOptions(plain, frozenset(in_sheet_order), bonus, JokerBranch.ANY_UPPER)


def _upper_boxes() -> tuple[Box, ...]:
    names = ("ones", "twos", "threes", "fours", "fives", "sixes")
    return tuple(
        Box(name, Section.UPPER, FaceSum(face)) for name, face in zip(names, FACES, strict=True)
    )


PENTA = Ruleset(
    id="penta",
    boxes=(
        *_upper_boxes(),
        Box("three_of_a_kind", Section.LOWER, OfAKind(3, "all_dice")),
        Box("four_of_a_kind", Section.LOWER, OfAKind(4, "all_dice")),
        Box("full_house", Section.LOWER, FullHouse(25)),
        Box(
            "small_straight",
            Section.LOWER,
            Straight(((1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6)), 30),
        ),
        Box("large_straight", Section.LOWER, Straight(((1, 2, 3, 4, 5), (2, 3, 4, 5, 6)), 40)),
        Box("chance", Section.LOWER, Chance()),
        Box("penta", Section.LOWER, FiveOfAKind(50)),
    ),
    upper_bonus_threshold=63,
    upper_bonus=35,
    five_of_a_kind_box="penta",
    extra_five_of_a_kind_bonus=100,
    joker=JokerRule(needs_full_points=True),
    auto_score_seconds=3,
)

YATZY = Ruleset(
    id="yatzy",
    boxes=(
        *_upper_boxes(),
        Box("one_pair", Section.LOWER, Pairs(1)),
        Box("two_pairs", Section.LOWER, Pairs(2)),
        Box("three_of_a_kind", Section.LOWER, OfAKind(3, "matching")),
        Box("four_of_a_kind", Section.LOWER, OfAKind(4, "matching")),
        Box("small_straight", Section.LOWER, Straight(((1, 2, 3, 4, 5),), 15)),
        Box("large_straight", Section.LOWER, Straight(((2, 3, 4, 5, 6),), 20)),
        Box("full_house", Section.LOWER, FullHouse(None)),
        Box("chance", Section.LOWER, Chance()),
        Box("yatzy", Section.LOWER, FiveOfAKind(50)),
    ),
    upper_bonus_threshold=63,
    upper_bonus=50,
    five_of_a_kind_box="yatzy",
    extra_five_of_a_kind_bonus=0,
    joker=None,
    auto_score_seconds=0,
)

RULESETS: dict[str, Ruleset] = {ruleset.id: ruleset for ruleset in (PENTA, YATZY)}


def get_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset named `ruleset_id`.

    >>> get_ruleset("yatzy").upper_bonus
    50
    >>> get_ruleset("poker")
    Traceback (most recent call last):
    game.errors.UnknownRulesetError: unknown ruleset 'poker'; known rulesets: penta, yatzy

    Raises:
        UnknownRulesetError: no ruleset has the id `ruleset_id`.
    """
    try:
        return RULESETS[ruleset_id]
    except (KeyError, TypeError):
        raise UnknownRulesetError(ruleset_id, tuple(RULESETS)) from None
