"""What a keep aims at: for each box, the chance that the turn, played on at best after the
keep, ends with points in it, and the points it scores there on average. Between two keeps the
expected scores alone say which is better, not why; the box where the better keep scores most
more points says it, with its chances ("With the best move, the turn ends with points in the
Full house box 33% of the time; with yours, 9%."). A turn that ends with a 0 there counts for
none. Said as where the turn's points go, a walk read 7% in the only box left as false (every
turn's box went there); as the turn scoring points there, another read 54% for Fours, with two
4s kept, as false (they always score there). Between a keep and a box scored at once, the
same: scoring now is points in that box for certain.

    keep_aims(advisor, position, faces) -> dict[str, BoxAim]   each box's chance and points,
        keeping `faces` of the position's dice
    aim_difference(advisor, position, best, made) -> AimDifference | None
        the box where the best keep scores most more points than the keep made (None when its
        chance there differs by less than AIM_MARGIN)
    move_aim(advisor, position, best, made) -> AimDifference | None
        the same for two moves, keeps or boxes: the box scored now against a keep is the box
        of that move (its chance 1, or 0 for no points); None for two boxes, or when no box
        says more than the expected scores do

By points, not by chance alone: two pairs kept for a Full house (25 points) also fill Ones more
often than one pair kept, and a keep after a straight falls back on Ones more often too; the
box with most more chances said "Ones" there (a walk), which is true but not why.

Played on at best: after each later roll the advisor's best move (its keep, or its box after
the last roll or when scoring at once is best), as the review and the coach rank moves.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.dice import DICE_COUNT, FACES, Dice
from game.strategy import turn
from game.strategy.advisor import Advisor, Keep, Position, PositionError, Score
from game.strategy.states import TurnStart

AIM_MARGIN = 0.05
"""A box whose chance differs by less than this (five points in a hundred) says nothing."""

Shares = list[float]
"""A chance per box of the ruleset, in sheet order, then the points per box (a mean over every
way the turn ends, those with no points in the box counting 0)."""


@dataclass(frozen=True)
class BoxAim:
    share: float
    """The chance that the turn ends with points in the box."""
    points: float
    """The points the box gets from the turn, on average."""


@dataclass(frozen=True)
class AimDifference:
    box: str
    best: float
    """The chance that the best keep ends the turn with points in `box`."""
    made: float
    """The same for the keep made."""


def aim_difference(
    advisor: Advisor, position: Position, best: Dice, made: Dice
) -> AimDifference | None:
    """The box where keeping `best` scores most more points than keeping `made`, with the
    chances of each of scoring there.

    Raises:
        PositionError: `position` has no dice, no roll left, or is of another ruleset.
    """
    best_aims, made_aims = _aims(advisor, position, (best, made))
    box = max(best_aims, key=lambda box_id: best_aims[box_id].points - made_aims[box_id].points)
    if best_aims[box].share - made_aims[box].share < AIM_MARGIN:
        return None
    return AimDifference(box, best_aims[box].share, made_aims[box].share)


def move_aim(
    advisor: Advisor, position: Position, best: Keep | Score, made: Keep | Score
) -> AimDifference | None:
    """Why `best` beat `made`, where one of them is a keep: the box where the best move scores
    most more points, with each move's chance of scoring there. Where a box scored now beat a
    keep, that box (the keep's chance of points there beside it). Where a keep beat a box
    scored now, never that box: "the best keep scores points in Chance" would say nothing
    against 20 in Chance now; nor a box by what the dice score there already.

    Raises:
        PositionError: `position` has no dice, no roll left, or is of another ruleset.
    """
    if isinstance(best, Keep) and isinstance(made, Keep):
        return aim_difference(advisor, position, best.faces, made.faces)
    if isinstance(best, Score) and isinstance(made, Keep):
        if best.points <= 0:
            return None
        share = keep_aims(advisor, position, made.faces)[best.box].share
        return None if 1.0 - share < AIM_MARGIN else AimDifference(best.box, 1.0, share)
    if isinstance(best, Keep) and isinstance(made, Score):
        aims = keep_aims(advisor, position, best.faces)
        # Against what the dice score now in each box, not in the box scored alone: 1, 2, 3, 4, 2
        # scored in Chance was told that keeping 1, 2, 3, 4 "ends with points in Small straight
        # 69% of the time", a straight the dice already make; the Large straight is the aim.
        now = position.options().points
        box = max(aims, key=lambda box_id: aims[box_id].points - now.get(box_id, 0))
        if box == made.box or aims[box].share < AIM_MARGIN:
            return None
        return AimDifference(box, aims[box].share, 0.0)
    return None


def keep_aims(advisor: Advisor, position: Position, faces: Dice) -> dict[str, BoxAim]:
    """Each box's chance that the turn ends with points in it when `faces` are kept, and the
    points it gets on average.

    Raises:
        PositionError: `position` has no dice, no roll left, or is of another ruleset.
    """
    (aims,) = _aims(advisor, position, (faces,))
    return aims


def _aims(advisor: Advisor, position: Position, keeps: tuple[Dice, ...]) -> list[dict[str, BoxAim]]:
    if position.ruleset != advisor.ruleset:
        raise PositionError(f"a {position.ruleset.id!r} position for another ruleset's advisor")
    if position.dice is None or position.rolls_left == 0:
        raise PositionError(
            f"a keep needs dice and a roll left, not {position.dice!r} with "
            f"{position.rolls_left} rolls left"
        )
    state = position.turn_start(advisor.space)
    values = advisor.turn_values(state, position.rolls_left)
    boxes = advisor.ruleset.box_ids
    width = 2 * len(boxes)
    shares = _kept_shares(_scored_shares(advisor, position, state), width)
    if position.rolls_left == 2:
        after_roll = _rolls_played_on(values.one_roll_left, shares)
        shares = _kept_shares(after_roll, width)
    aims = []
    for faces in keeps:
        row = shares[turn.KEEP_INDEX[tuple(sorted(faces))]]
        aims.append({box: BoxAim(row[i], row[len(boxes) + i]) for i, box in enumerate(boxes)})
    return aims


def _scored_shares(advisor: Advisor, position: Position, state: TurnStart) -> list[Shares]:
    """For each of the 252 rolls after the last roll: a one for the best box, if it scores,
    and its points."""
    boxes = advisor.ruleset.box_ids
    rows = []
    for index in turn.level(DICE_COUNT):
        dice = turn.KEEPS[index]
        options = Position(
            position.ruleset,
            position.open_boxes,
            position.upper_subtotal,
            position.five_of_a_kind_points,
            dice,
            0,
            position.sheet_total,
        ).options()
        box = advisor.best_box_for(state, options)
        row = [0.0] * (2 * len(boxes))
        if (points := options.points[box]) > 0:
            row[boxes.index(box)] = 1.0
            row[len(boxes) + boxes.index(box)] = float(points)
        rows.append(row)
    return rows


def _kept_shares(after_roll: list[Shares], width: int) -> list[Shares]:
    """For each of the 462 keeps: the mean over the faces of one more die, from five dice down
    (as game.strategy.advisor.keep_expectations averages values)."""
    shares: list[Shares] = [[0.0] * width for _ in range(turn.ROLLS_START)] + after_roll
    sixth = 1 / len(FACES)
    for size in range(DICE_COUNT - 1, -1, -1):
        extended = turn.add_face_indices(size)
        for offset, index in enumerate(turn.level(size)):
            children = [shares[by_face[offset]] for by_face in extended]
            shares[index] = [sum(column) * sixth for column in zip(*children, strict=True)]
    return shares


def _rolls_played_on(one_roll_left: list[float], kept: list[Shares]) -> list[Shares]:
    """For each roll with one roll left: the shares of its best keep (keeping all five is
    scoring at once)."""
    rows = []
    for index in turn.level(DICE_COUNT):
        options = turn.sub_keeps(turn.KEEPS[index])
        # On equal values, the advisor keeps more dice (all five: it scores at once).
        best = max(options, key=lambda keep: (one_roll_left[turn.KEEP_INDEX[keep]], len(keep)))
        rows.append(kept[turn.KEEP_INDEX[best]])
    return rows
