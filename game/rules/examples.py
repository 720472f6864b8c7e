"""A roll for each box of each ruleset, that the box explanation on the sheet shows as its
example ("For example 6, 6, 6, 5, 5: 28 points"). Only the dice are data: the points are
always those of the ruleset's own scorer (`example_points`), so an example can never say
other than the rules. The rolls are taken from the worked examples of the rule sheets where
there are some; each scores in its box (tests/rules/test_box_examples.py checks them against
the golden tables)."""

from __future__ import annotations

from game.rules.dice import Dice
from game.rules.rulesets import get_ruleset

_UPPER: dict[str, Dice] = {
    "ones": (1, 1, 1, 1, 6),
    "twos": (2, 2, 2, 4, 5),
    "threes": (3, 3, 3, 5, 6),
    "fours": (4, 4, 4, 1, 2),
    "fives": (5, 5, 5, 2, 3),
    "sixes": (6, 6, 6, 1, 4),
}

BOX_EXAMPLES: dict[str, dict[str, Dice]] = {
    "penta": {
        **_UPPER,
        "three_of_a_kind": (3, 3, 3, 5, 6),
        "four_of_a_kind": (2, 2, 2, 2, 6),
        "full_house": (6, 6, 6, 5, 5),
        "small_straight": (1, 2, 3, 4, 6),
        "large_straight": (2, 3, 4, 5, 6),
        "chance": (1, 3, 4, 5, 6),
        "penta": (4, 4, 4, 4, 4),
    },
    "yatzy": {
        **_UPPER,
        "one_pair": (5, 5, 6, 6, 1),
        "two_pairs": (5, 5, 6, 6, 1),
        "three_of_a_kind": (3, 3, 3, 5, 6),
        "four_of_a_kind": (2, 2, 2, 2, 6),
        # In another order than the one-line help's "1-2-3-4-5": any order scores (the example
        # only repeated the help to a walk).
        "small_straight": (3, 1, 5, 2, 4),
        "large_straight": (6, 2, 4, 3, 5),
        "full_house": (6, 6, 6, 5, 5),
        "chance": (1, 3, 4, 5, 6),
        "yatzy": (3, 3, 3, 3, 3),
    },
}


def example_roll(ruleset_id: str, box_id: str) -> Dice | None:
    """The example roll of a box (None: the ruleset has none for it)."""
    return BOX_EXAMPLES.get(ruleset_id, {}).get(box_id)


def example_points(ruleset_id: str, box_id: str, dice: Dice) -> int:
    """What `dice` score in `box_id` on an empty sheet, by the ruleset's scorer.

    >>> example_points("yatzy", "full_house", (6, 6, 6, 5, 5))
    28
    """
    return get_ruleset(ruleset_id).box(box_id).scorer.points(dice)
