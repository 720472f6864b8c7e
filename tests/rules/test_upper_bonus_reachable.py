"""Sheet.upper_bonus_reachable: can the open upper boxes still lift the subtotal to the bonus
threshold (63 in both rulesets) with five dice of their face each?"""

from __future__ import annotations

import pytest

from game.play.sheet import Sheet
from game.rules.rulesets import RULESETS

RULESET_IDS = sorted(RULESETS)


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_an_empty_sheet_can_reach_the_bonus(ruleset_id: str) -> None:
    assert Sheet.empty(RULESETS[ruleset_id]).upper_bonus_reachable()


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
@pytest.mark.parametrize(
    ("filled", "reachable"),
    [
        # fives and sixes open: at most 25 + 30 = 55 more
        ({"ones": 0, "twos": 0, "threes": 0, "fours": 8}, True),  # 8 + 55 = 63, just enough
        ({"ones": 0, "twos": 0, "threes": 0, "fours": 4}, False),  # 4 + 55 = 59
        ({"ones": 3, "twos": 6, "threes": 9, "fours": 12}, True),  # three of each so far
        # only ones open: at most 5 more
        ({"twos": 10, "threes": 15, "fours": 16, "fives": 10, "sixes": 6}, False),  # 57 + 5
        ({"twos": 10, "threes": 15, "fours": 16, "fives": 10, "sixes": 12}, True),  # 63 + 5
    ],
)
def test_the_open_upper_boxes_decide_whether_the_bonus_is_still_reachable(
    ruleset_id: str, filled: dict[str, int], reachable: bool
) -> None:
    sheet = Sheet.from_scores(RULESETS[ruleset_id], filled)
    assert sheet.upper_bonus_reachable() is reachable


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_lower_boxes_do_not_count_and_a_reached_bonus_stays_reachable(ruleset_id: str) -> None:
    ruleset = RULESETS[ruleset_id]
    upper = {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18}  # 63
    full = Sheet.from_scores(ruleset, {box: 0 for box in ruleset.box_ids} | upper)
    assert full.upper_bonus > 0 and full.upper_bonus_reachable()
    short = Sheet.from_scores(ruleset, {box: 0 for box in ruleset.box_ids} | upper | {"ones": 2})
    assert short.upper_bonus == 0 and not short.upper_bonus_reachable()
    every_lower_open = Sheet.from_scores(ruleset, upper | {"ones": 2})
    assert not every_lower_open.upper_bonus_reachable()  # lower boxes add nothing upstairs
