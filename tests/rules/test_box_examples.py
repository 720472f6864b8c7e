"""The example roll of every box (game.rules.examples), which the box explanation shows: one
for every box of every ruleset, scoring in its box on an empty sheet, its points those of the
golden tables (an independent second opinion on the rules) and of the rule sheet's sheet."""

from __future__ import annotations

import pytest

from game.i18n.locale import LANGUAGE_CODES
from game.i18n.translator import Translator
from game.play.sheet import Sheet
from game.rules.examples import BOX_EXAMPLES, example_points, example_roll
from game.rules.rulesets import RULESETS, get_ruleset
from tests.rules.test_golden_scores import golden_table


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_every_box_has_an_example_that_scores_as_the_golden_table_says(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    assert set(BOX_EXAMPLES[ruleset_id]) == set(ruleset.box_ids)
    golden = {row["dice"]: row for row in golden_table(ruleset_id)}
    for box in ruleset.box_ids:
        dice = example_roll(ruleset_id, box)
        assert dice is not None
        expected = int(golden["".join(map(str, sorted(dice)))][box])
        assert expected > 0, f"{ruleset_id} {box}: the example {dice} scores nothing"
        assert example_points(ruleset_id, box, dice) == expected
        assert Sheet.empty(ruleset).options(dice).points[box] == expected


def test_no_example_for_an_unknown_box() -> None:
    assert example_roll("penta", "one_pair") is None
    assert example_roll("nope", "chance") is None


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_no_example_repeats_the_boxs_one_line_help(language: str) -> None:
    """The help of a box that takes one roll only names it ("1-2-3-4-5: 15 points"): its
    example shows that roll in another order, not the help again."""
    t = Translator(language, isolate=False)
    for ruleset_id in sorted(RULESETS):
        for box in get_ruleset(ruleset_id).box_ids:
            dice = example_roll(ruleset_id, box)
            assert dice is not None
            assert "-".join(map(str, dice)) not in t.box_help(ruleset_id, box), (ruleset_id, box)
