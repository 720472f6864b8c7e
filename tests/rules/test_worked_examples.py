"""The worked examples of issue 3 and the rule sheets, each joker branch, and the bonuses."""

from __future__ import annotations

import pytest

from game.errors import BoxFilledError, JokerForbiddenBoxError
from game.play.sheet import Sheet
from game.rules.rulesets import PENTA, YATZY, JokerBranch, Ruleset

UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")
PENTA_LOWER = (
    "three_of_a_kind",
    "four_of_a_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "chance",
)
FIVE_FOURS = (4, 4, 4, 4, 4)


def penta_sheet(**scores: int) -> Sheet:
    return Sheet.from_scores(PENTA, scores)


# Yatzy, from the Estonian sheet --------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "box_id", "points"),
    [
        ((1, 1, 1, 1, 6), "ones", 4),
        ((2, 2, 2, 4, 5), "twos", 6),
        ((6, 6, 6, 5, 5), "full_house", 28),
        ((6, 6, 4, 4, 4), "full_house", 24),
        ((1, 2, 3, 4, 5), "small_straight", 15),
        ((2, 3, 4, 5, 6), "large_straight", 20),
        ((1, 2, 3, 4, 6), "small_straight", 0),
        ((2, 3, 4, 5, 6), "small_straight", 0),
        ((5, 5, 6, 6, 1), "one_pair", 12),
        ((5, 5, 6, 6, 1), "two_pairs", 22),
        ((4, 4, 4, 4, 2), "two_pairs", 0),
        ((3, 3, 3, 3, 3), "three_of_a_kind", 9),
        ((3, 3, 3, 3, 3), "four_of_a_kind", 12),
        ((3, 3, 3, 3, 3), "yatzy", 50),
        ((3, 3, 3, 3, 3), "full_house", 0),
    ],
)
def test_yatzy_examples(dice: tuple[int, ...], box_id: str, points: int) -> None:
    assert Sheet.empty(YATZY).options(dice).points[box_id] == points


def test_yatzy_has_no_bonus_and_no_joker_for_a_second_yatzy() -> None:
    sheet = Sheet.from_scores(YATZY, {"yatzy": 50, "fours": 16})
    options = sheet.options(FIVE_FOURS)
    assert options.joker is None
    assert options.five_of_a_kind_bonus == 0
    assert options.legal == set(sheet.open_boxes)
    assert options.points["full_house"] == 0
    assert sheet.scored("chance", FIVE_FOURS).five_of_a_kind_bonus_count == 0


# Penta ---------------------------------------------------------------------------------


def test_penta_1_1_3_4_6_scores_nothing_in_full_house_or_large_straight() -> None:
    options = Sheet.empty(PENTA).options((1, 1, 3, 4, 6))
    assert options.points["full_house"] == 0
    assert options.points["large_straight"] == 0
    assert not options.must_sacrifice  # Ones, Chance and others still score


def test_must_sacrifice_when_no_open_box_scores() -> None:
    open_boxes = {"fives", "full_house", "large_straight", "penta"}
    filled = {box_id: 0 for box_id in PENTA.box_ids if box_id not in open_boxes}
    options = Sheet.from_scores(PENTA, filled).options((1, 1, 3, 4, 6))
    assert set(options.points) == open_boxes
    assert options.must_sacrifice
    assert options.legal == open_boxes


def test_five_of_a_kind_is_not_a_full_house_without_the_joker() -> None:
    assert Sheet.empty(PENTA).options(FIVE_FOURS).points["full_house"] == 0


def test_joker_a_own_upper_box_open_is_the_only_legal_box() -> None:
    sheet = penta_sheet(penta=50)
    options = sheet.options(FIVE_FOURS)
    assert options.joker is JokerBranch.SAME_FACE
    assert options.legal == {"fours"}
    assert options.points["fours"] == 20
    assert options.five_of_a_kind_bonus == 100
    assert options.forbidden == set(sheet.open_boxes) - {"fours"}
    with pytest.raises(JokerForbiddenBoxError, match="full_house"):
        sheet.scored("full_house", FIVE_FOURS)
    after = sheet.scored("fours", FIVE_FOURS)
    assert after.points_in("fours") == 20
    assert after.five_of_a_kind_bonus_points == 100
    assert after.total == 50 + 20 + 100


def test_joker_b_any_open_lower_box_with_made_points() -> None:
    sheet = penta_sheet(penta=50, fours=12)
    options = sheet.options(FIVE_FOURS)
    assert options.joker is JokerBranch.LOWER
    assert options.legal == set(PENTA_LOWER)
    assert {box_id: options.points[box_id] for box_id in PENTA_LOWER} == {
        "three_of_a_kind": 20,
        "four_of_a_kind": 20,
        "full_house": 25,
        "small_straight": 30,
        "large_straight": 40,
        "chance": 20,
    }
    assert options.five_of_a_kind_bonus == 100
    after = sheet.scored("large_straight", FIVE_FOURS)
    assert after.total == 50 + 12 + 40 + 100
    with pytest.raises(JokerForbiddenBoxError, match="ones"):
        sheet.scored("ones", FIVE_FOURS)


def test_joker_b_with_only_some_lower_boxes_open() -> None:
    sheet = penta_sheet(penta=50, fours=12, full_house=25, chance=17)
    options = sheet.options(FIVE_FOURS)
    assert options.legal == set(PENTA_LOWER) - {"full_house", "chance"}


def test_joker_c_lower_full_any_open_upper_box_for_zero_plus_bonus() -> None:
    sheet = penta_sheet(penta=50, fours=16, **{box_id: 0 for box_id in PENTA_LOWER})
    options = sheet.options(FIVE_FOURS)
    assert options.joker is JokerBranch.ANY_UPPER
    assert options.legal == {"ones", "twos", "threes", "fives", "sixes"}
    assert set(options.points.values()) == {0}
    assert options.five_of_a_kind_bonus == 100
    after = sheet.scored("ones", FIVE_FOURS)
    assert after.points_in("ones") == 0
    assert after.total == 50 + 16 + 100


@pytest.mark.parametrize("penta_box", [{}, {"penta": 0}], ids=["open", "sacrificed"])
def test_no_bonus_and_no_joker_unless_penta_holds_50(penta_box: dict[str, int]) -> None:
    sheet = penta_sheet(fours=12, **penta_box)
    options = sheet.options(FIVE_FOURS)
    assert options.joker is None
    assert options.five_of_a_kind_bonus == 0
    assert options.legal == set(sheet.open_boxes)
    assert options.points["full_house"] == 0
    assert options.points["large_straight"] == 0
    assert options.points["small_straight"] == 0
    assert options.points["three_of_a_kind"] == 20
    assert sheet.scored("full_house", FIVE_FOURS).total == 12


def test_penta_bonuses_add_up_for_each_further_penta() -> None:
    sheet = penta_sheet(penta=50)
    sheet = sheet.scored("fours", FIVE_FOURS)
    sheet = sheet.scored("sixes", (6, 6, 6, 6, 6))
    sheet = sheet.scored("chance", FIVE_FOURS)
    assert sheet.five_of_a_kind_bonus_count == 3
    assert sheet.total == 50 + 20 + 30 + 20 + 300


def test_scoring_a_filled_box_is_refused() -> None:
    with pytest.raises(BoxFilledError, match="chance"):
        penta_sheet(chance=20).scored("chance", (1, 2, 3, 4, 5))


# Upper bonus ---------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [PENTA, YATZY], ids=["penta", "yatzy"])
def test_upper_bonus_at_exactly_62_and_63(rules: Ruleset) -> None:
    at_62 = Sheet.from_scores(rules, dict(zip(UPPER, (2, 6, 9, 12, 15, 18), strict=True)))
    assert at_62.upper_subtotal == 62
    assert at_62.upper_bonus == 0
    assert at_62.points_to_upper_bonus == 1
    assert at_62.total == 62
    at_63 = Sheet.from_scores(rules, dict(zip(UPPER, (3, 6, 9, 12, 15, 18), strict=True)))
    assert at_63.upper_subtotal == 63
    assert at_63.upper_bonus == rules.upper_bonus == (35 if rules is PENTA else 50)
    assert at_63.points_to_upper_bonus == 0
    assert at_63.total == 63 + rules.upper_bonus


def test_upper_bonus_reached_by_the_scoring_that_crosses_63() -> None:
    sheet = Sheet.from_scores(PENTA, dict(zip(UPPER[:5], (3, 6, 9, 12, 15), strict=True)))
    assert sheet.points_to_upper_bonus == 18
    assert sheet.scored("sixes", (6, 6, 5, 5, 1)).upper_bonus == 0
    assert sheet.scored("sixes", (6, 6, 6, 5, 1)).upper_bonus == 35
