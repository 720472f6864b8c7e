import random

import pytest

from game.rules.rulesets import PENTA, YATZY, Ruleset
from game.strategy.states import StateSpace, TurnStart, UnreachableStateError, state_space


def test_yatzy_has_no_five_of_a_kind_flag_and_penta_has_one() -> None:
    assert not state_space(YATZY).tracks_full
    assert state_space(PENTA).tracks_full


def test_reachable_subtotals_are_sums_of_face_times_count() -> None:
    space = state_space(PENTA)
    ones_and_sixes = 0b100001  # upper key: the first and the sixth upper box
    reachable = set(space.subtotals[ones_and_sixes])
    expected = {min(63, ones + 6 * sixes) for ones in range(6) for sixes in range(6)}
    assert reachable == expected
    assert space.subtotals[0] == (0,)


@pytest.mark.parametrize("ruleset", [PENTA, YATZY], ids=lambda r: r.id)
def test_index_numbers_states_in_table_order(ruleset: Ruleset) -> None:
    space = StateSpace(ruleset)
    states = space.states()
    assert len(states) == space.size
    for index in random.Random(7).sample(range(space.size), 2000):
        assert space.index(states[index]) == index
    assert space.index(TurnStart(0, 0, False)) == 0


def test_unreachable_states_are_refused_with_the_reason() -> None:
    space = state_space(PENTA)
    only_ones_filled = 1
    with pytest.raises(UnreachableStateError, match="subtotal of 6"):
        space.index(TurnStart(only_ones_filled, 6, False))
    with pytest.raises(UnreachableStateError, match="while it is open"):
        space.index(TurnStart(0, 0, True))
    with pytest.raises(UnreachableStateError, match="out of range"):
        space.index(TurnStart(1 << 13, 0, False))
