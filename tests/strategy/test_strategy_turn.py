from math import isclose

from game.rules.dice import multisets
from game.strategy import turn


def test_keeps_are_every_multiset_of_zero_to_five_dice_once() -> None:
    assert len(turn.KEEPS) == 462
    assert sorted(turn.KEEPS) == sorted(k for size in range(6) for k in multisets(size))
    assert turn.ROLL_COUNT == 252
    for size in range(6):
        assert all(len(turn.KEEPS[index]) == size for index in turn.level(size))


def test_roll_probabilities_sum_to_one_and_count_orderings() -> None:
    assert isclose(sum(turn.ROLL_PROBABILITIES), 1.0)
    assert isclose(turn.roll_probability((1, 2, 3, 4, 5)), 120 / 7776)
    assert isclose(turn.roll_probability((6, 6, 6, 6, 6)), 1 / 7776)


def test_adding_a_face_extends_the_keep_by_that_face() -> None:
    for size in range(5):
        for face, indices in enumerate(turn.add_face_indices(size), start=1):
            for keep_index, extended in zip(turn.level(size), indices, strict=True):
                expected = tuple(sorted((*turn.KEEPS[keep_index], face)))
                assert turn.KEEPS[extended] == expected


def test_sub_keep_groups_list_each_distinct_face_removed_once() -> None:
    for size in range(1, 6):
        covered = []
        for group in turn.sub_keep_groups(size):
            for offset, keep_index in enumerate(range(group.start, group.stop)):
                keep = turn.KEEPS[keep_index]
                smaller = {turn.KEEPS[column[offset]] for column in group.smaller}
                expected = {keep[:i] + keep[i + 1 :] for i in range(size)}
                assert smaller == expected
                assert len(group.smaller) == len(set(keep))
                covered.append(keep_index)
        assert covered == list(turn.level(size))


def test_sub_keeps_are_the_distinct_sub_multisets() -> None:
    keeps = turn.sub_keeps((1, 1, 3, 4, 6))
    assert len(keeps) == 3 * 2 * 2 * 2
    assert keeps[0] == () and keeps[-1] == (1, 1, 3, 4, 6)
    assert len(set(keeps)) == len(keeps)
