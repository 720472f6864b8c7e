from __future__ import annotations

import dataclasses
import random

import pytest

from game.rules.dice import ALL_ROLLS, DICE_COUNT, roll
from game.rules.rulesets import PENTA, YATZY, Ruleset
from game.strategy import turn
from game.strategy.advisor import Advisor, Keep, Position, PositionError, RankedAction, Roll, Score
from game.strategy.states import TurnStart, UnreachableStateError
from game.strategy.table import ValueTable, decode_table
from tests.profiles import examples
from tests.strategy.solutions import encoded


def random_position(ruleset: Ruleset, rng: random.Random) -> Position:
    """A sheet some game could reach, mid-turn."""
    open_boxes = set(ruleset.box_ids)
    upper = 0
    five: int | None = None
    total = 0
    for box in rng.sample(ruleset.box_ids, rng.randrange(len(ruleset.box_ids))):
        dice = roll(rng, DICE_COUNT)
        points = ruleset.points(box, dice)
        if box in ruleset.upper_box_ids:
            upper += points
        if box == ruleset.five_of_a_kind_box:
            five = rng.choice([0, ruleset.five_of_a_kind_points])
            points = five
        total += points
        open_boxes.remove(box)
    return Position(
        ruleset, frozenset(open_boxes), upper, five, roll(rng, DICE_COUNT), rng.randrange(3), total
    )


def test_the_start_of_a_game_is_worth_the_table_start_value(
    advisor: Advisor, compact_table: ValueTable
) -> None:
    ranked = advisor.rank(Position.new_game(compact_table.ruleset))
    assert ranked == [RankedAction(Roll(), compact_table.start_value)]


def test_turn_values_recomputed_from_later_states_match_the_table(
    advisor: Advisor, compact_table: ValueTable
) -> None:
    """The advisor's within-turn logic (which asks score_options for every five of a kind)
    agrees with the solver's vectorised one on random states, up to the table's rounding."""
    space = compact_table.space
    full = (1 << space.box_count) - 1
    states = [s for s in random.Random(3).sample(space.states(), examples(150)) if s.filled != full]
    for state in states:
        assert advisor.recomputed_value(state) == pytest.approx(
            compact_table.value(state), abs=compact_table.step
        )


def test_every_keep_and_every_legal_box_is_ranked_best_first(advisor: Advisor) -> None:
    position = dataclasses.replace(
        Position.new_game(advisor.ruleset), dice=(1, 1, 3, 4, 6), rolls_left=2
    )
    ranked = advisor.rank(position)
    values = [choice.expected for choice in ranked]
    assert values == sorted(values, reverse=True)
    keeps = {choice.action.faces for choice in ranked if isinstance(choice.action, Keep)}
    assert keeps == {k for k in turn.sub_keeps((1, 1, 3, 4, 6)) if len(k) < DICE_COUNT}
    boxes = [choice.action.box for choice in ranked if isinstance(choice.action, Score)]
    assert sorted(boxes) == sorted(advisor.ruleset.box_ids)


def test_after_the_last_roll_only_boxes_are_ranked(advisor: Advisor) -> None:
    position = dataclasses.replace(
        Position.new_game(advisor.ruleset), dice=(2, 3, 4, 5, 6), rolls_left=0
    )
    ranked = advisor.rank(position)
    assert all(isinstance(choice.action, Score) for choice in ranked)
    assert advisor.best_box(position) == ranked[0].action.box  # type: ignore[union-attr]
    assert ranked[0].action.box == "large_straight"  # type: ignore[union-attr]


def test_the_joker_forces_the_upper_box_and_earns_the_bonus() -> None:
    advisor = Advisor(decode_table(encoded(PENTA), PENTA))
    sheet = frozenset(PENTA.box_ids) - {"penta"}
    position = Position(PENTA, sheet, 0, 50, (4, 4, 4, 4, 4), 1, 50)
    scores = [
        choice.action for choice in advisor.rank(position) if isinstance(choice.action, Score)
    ]
    assert scores == [Score("fours", 20, 100)]


def test_ranked_score_values_add_the_points_bonus_and_following_value(
    advisor: Advisor, compact_table: ValueTable
) -> None:
    ruleset = compact_table.ruleset
    rng = random.Random(11)
    for _ in range(40):
        position = random_position(ruleset, rng)
        for choice in advisor.rank(position):
            if isinstance(choice.action, Score):
                assert choice.action.box in position.options().legal
                assert choice.expected >= position.sheet_total + choice.action.points - 1e-9


def test_keep_positions_pick_dice_showing_the_kept_faces() -> None:
    assert Keep((4, 4)).positions((4, 1, 4, 4, 6)) == (0, 2)
    assert Keep(()).positions((1, 2, 3, 4, 5)) == ()
    assert Keep((1, 6)).positions((6, 2, 3, 1, 5)) == (0, 3)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"dice": None, "rolls_left": 2}, "first roll"),
        ({"dice": (1, 2, 3), "rolls_left": 1}, "five faces"),
        ({"dice": (1, 2, 3, 4, 7), "rolls_left": 1}, "five faces"),
        ({"rolls_left": 4}, "rolls left"),
        ({"open_boxes": frozenset({"nope"})}, "unknown boxes"),
        ({"five_of_a_kind_points": 50}, "but is open"),
        ({"open_boxes": frozenset(), "five_of_a_kind_points": 50}, "game is over"),
    ],
)
def test_impossible_positions_are_refused(change: dict[str, object], message: str) -> None:
    with pytest.raises((PositionError, ValueError), match=message):
        dataclasses.replace(Position.new_game(PENTA), **change)  # type: ignore[arg-type]


def test_an_unreachable_subtotal_is_refused(advisor: Advisor) -> None:
    position = dataclasses.replace(Position.new_game(advisor.ruleset), upper_subtotal=5)
    with pytest.raises(UnreachableStateError):
        advisor.rank(position)


def test_a_position_of_another_ruleset_is_refused(advisor: Advisor) -> None:
    other = YATZY if advisor.ruleset is PENTA else PENTA
    with pytest.raises(PositionError, match="advisor"):
        advisor.rank(Position.new_game(other))


def test_compact_table_decisions_lose_at_most_one_step(
    exact_table: ValueTable, compact_table: ValueTable
) -> None:
    """Decide with the compact table, value the decision with the exact one."""
    exact, compact = Advisor(exact_table), Advisor(compact_table)
    rng = random.Random(5)
    worst = 0.0
    for _ in range(300):
        position = random_position(compact_table.ruleset, rng)
        exact_values = {choice.action: choice.expected for choice in exact.rank(position)}
        chosen = compact.best(position).action
        worst = max(worst, max(exact_values.values()) - exact_values[chosen])
    assert worst <= compact_table.step <= 0.001


def test_every_roll_has_an_action(advisor: Advisor) -> None:
    start = Position.new_game(advisor.ruleset)
    for dice in ALL_ROLLS:
        assert advisor.rank(dataclasses.replace(start, dice=dice, rolls_left=1))


def test_turn_start_maps_the_sheet(compact_table: ValueTable) -> None:
    ruleset = compact_table.ruleset
    position = Position(
        ruleset,
        frozenset(ruleset.box_ids) - {"ones", ruleset.five_of_a_kind_box},
        3,
        ruleset.five_of_a_kind_points,
    )
    state = position.turn_start(compact_table.space)
    expected_bit = ruleset.box_ids.index(ruleset.five_of_a_kind_box)
    assert state == TurnStart(1 | 1 << expected_bit, 3, compact_table.space.tracks_full)
