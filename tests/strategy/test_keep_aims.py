"""game.coach.keep_aims against a plain recursion over the advisor's own ranking: every outcome
of the dice rolled, each with its chance, played on with `Advisor.rank`'s first move."""

from __future__ import annotations

from collections import Counter, defaultdict
from itertools import product

import pytest

from game.coach.keep_aims import AIM_MARGIN, aim_difference, keep_aims, move_aim
from game.rules.dice import DICE_COUNT, FACES, Dice
from game.rules.rulesets import RULESETS
from game.strategy.advisor import Keep, Position, PositionError, Score
from tests.solved_tables import solved_advisor


def outcomes(kept: Dice) -> Counter[Dice]:
    """Each roll that keeping `kept` can lead to, with how many of the equally likely ways."""
    rolled = DICE_COUNT - len(kept)
    return Counter(tuple(sorted((*kept, *faces))) for faces in product(FACES, repeat=rolled))


def played_on(position: Position, kept: Dice, advisor_id: str) -> dict[str, tuple[float, float]]:
    """The chance of the turn ending with points in each box, and the mean points it gets, by
    the advisor's ranking."""
    advisor = solved_advisor(advisor_id)
    ways = outcomes(kept)
    total = sum(ways.values())
    aims: dict[str, tuple[float, float]] = defaultdict(lambda: (0.0, 0.0))
    for dice, count in ways.items():
        rolls_left = position.rolls_left - 1
        after = Position(
            position.ruleset,
            position.open_boxes,
            position.upper_subtotal,
            position.five_of_a_kind_points,
            dice,
            rolls_left,
            position.sheet_total,
        )
        best = advisor.rank(after)[0].action
        weight = count / total
        if isinstance(best, Score):
            if best.points > 0:
                share, points = aims[best.box]
                aims[best.box] = (share + weight, points + best.points * weight)
        else:
            assert isinstance(best, Keep) and rolls_left > 0
            for box, (later_share, later_points) in played_on(
                after, best.faces, advisor_id
            ).items():
                share, points = aims[box]
                aims[box] = (share + later_share * weight, points + later_points * weight)
    return aims


POSITIONS = [
    # ruleset, filled boxes with points, upper subtotal, dice, rolls left, kept
    ("penta", {}, 0, (3, 4, 5, 5, 1), 1, (3, 4, 5)),
    ("penta", {}, 0, (2, 2, 2, 6, 1), 2, (2, 2, 2, 6)),
    ("penta", {"penta": 50, "fours": 16}, 16, (4, 4, 4, 1, 2), 1, (4, 4, 4)),
    ("yatzy", {"one_pair": 12}, 0, (6, 6, 5, 1, 3), 1, (6, 6, 5)),
    ("yatzy", {"chance": 22, "sixes": 24}, 24, (1, 2, 3, 4, 6), 2, (1, 2, 3, 4)),
]


def position_of(
    ruleset_id: str, filled: dict[str, int], upper: int, dice: Dice, rolls_left: int
) -> Position:
    ruleset = RULESETS[ruleset_id]
    five = filled.get(ruleset.five_of_a_kind_box)
    return Position(
        ruleset,
        frozenset(ruleset.box_ids) - set(filled),
        upper,
        five,
        dice,
        rolls_left,
        sum(filled.values()),
    )


@pytest.mark.parametrize(("ruleset_id", "filled", "upper", "dice", "rolls_left", "kept"), POSITIONS)
def test_keep_aims_are_the_chances_of_playing_on_at_best(
    ruleset_id: str, filled: dict[str, int], upper: int, dice: Dice, rolls_left: int, kept: Dice
) -> None:
    position = position_of(ruleset_id, filled, upper, dice, rolls_left)
    aims = keep_aims(solved_advisor(ruleset_id), position, kept)
    expected = played_on(position, kept, ruleset_id)
    assert set(aims) == set(RULESETS[ruleset_id].box_ids)
    for box, aim in aims.items():
        assert (aim.share, aim.points) == pytest.approx(expected[box], abs=1e-9), box
    assert 0 < sum(aim.share for aim in aims.values()) <= 1 + 1e-9


def test_the_aim_difference_is_the_box_where_the_better_keep_scores_most_more() -> None:
    advisor = solved_advisor("penta")
    position = position_of(
        "penta",
        {},
        0,
        (1, 3, 4, 5, 5),
        1,
    )
    straight, fives = (
        keep_aims(advisor, position, (1, 3, 4, 5)),
        keep_aims(advisor, position, (5, 5)),
    )
    difference = aim_difference(advisor, position, (1, 3, 4, 5), (5, 5))
    assert difference is not None
    gaps = {box: straight[box].points - fives[box].points for box in straight}
    box = difference.box
    assert box == max(gaps, key=gaps.__getitem__)
    assert (difference.best, difference.made) == (straight[box].share, fives[box].share)
    assert difference.best - difference.made >= AIM_MARGIN
    assert aim_difference(advisor, position, (5, 5), (5, 5)) is None  # the same keep: no reason


def test_two_pairs_kept_aim_at_the_full_house_not_at_the_ones_they_also_fill_more() -> None:
    """A walk read "The best keep ends the turn in Ones 67% of the time; yours, 38%" for two
    pairs kept against one: true, but the 25 points of a Full house are why."""
    advisor = solved_advisor("penta")
    position = position_of("penta", {}, 0, (3, 3, 1, 1, 5), 1)
    two_pairs, one_pair = (
        keep_aims(advisor, position, (1, 1, 3, 3)),
        keep_aims(advisor, position, (3, 3)),
    )
    assert two_pairs["ones"].share - one_pair["ones"].share > (
        two_pairs["full_house"].share - one_pair["full_house"].share
    )
    difference = aim_difference(advisor, position, (1, 1, 3, 3), (3, 3))
    assert difference is not None and difference.box == "full_house"


@pytest.mark.parametrize("rolls_left", [1, 2])
def test_a_keep_beating_a_box_scored_aims_beyond_what_the_dice_already_score(
    rolls_left: int,
) -> None:
    """A walk scored 1, 2, 3, 4, 2 in Chance and was told that keeping 1, 2, 3, 4 "ends with
    points in Small straight 69% of the time": the dice make a Small straight already."""
    advisor = solved_advisor("penta")
    position = position_of("penta", {}, 0, (1, 2, 2, 3, 4), rolls_left)
    best = advisor.rank(position)[0].action
    assert isinstance(best, Keep)
    now = position.options().points
    aims = keep_aims(advisor, position, best.faces)
    aim = move_aim(advisor, position, best, Score("chance", now["chance"]))
    assert aim is not None
    gains = {box: aims[box].points - now[box] for box in aims}
    assert aim.box == max(gains, key=gains.__getitem__)
    assert (aim.best, aim.made) == (aims[aim.box].share, 0.0)
    assert now["small_straight"] > 0 and aim.box != "small_straight"


def test_a_keep_needs_dice_and_a_roll_left() -> None:
    advisor = solved_advisor("penta")
    with pytest.raises(PositionError, match="0 rolls left"):
        keep_aims(advisor, position_of("penta", {}, 0, (1, 2, 3, 4, 6), 0), (1, 2, 3, 4))
    with pytest.raises(PositionError, match="another ruleset"):
        keep_aims(advisor, position_of("yatzy", {}, 0, (1, 2, 3, 4, 6), 1), (1, 2, 3, 4))
