"""The fixed structure of one turn: every multiset of kept dice and how rolling extends it.

A turn only ever sees multisets of faces: the 462 sorted multisets of 0 to 5 dice ("keeps"),
of which the 252 of five dice are the possible rolls. Both the build-time solver and the
in-browser advisor index them the same way, so the index arrays live here, built once.

Keeps are ordered by size, then by how many distinct faces they show, then lexicographically.
`LEVEL_START[k]` is the index of the first keep of `k` dice, so the keeps of size k are
`range(LEVEL_START[k], LEVEL_START[k + 1])` and the 252 rolls are the last block. Grouping by
distinct faces makes each group's sub-multisets (one per distinct face removed) a rectangle,
which both the solver (numpy) and the advisor (map over tuples) process without branching.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import factorial

from game.rules.dice import DICE_COUNT, FACES, Dice, face_counts, multisets


def _distinct_faces(keep: Dice) -> int:
    return len(set(keep))


KEEPS: tuple[Dice, ...] = tuple(
    keep
    for size in range(DICE_COUNT + 1)
    for keep in sorted(multisets(size), key=lambda keep: (_distinct_faces(keep), keep))
)
KEEP_INDEX: dict[Dice, int] = {keep: index for index, keep in enumerate(KEEPS)}

LEVEL_START: tuple[int, ...] = tuple(
    sum(len(multisets(smaller)) for smaller in range(size)) for size in range(DICE_COUNT + 2)
)
ROLLS_START = LEVEL_START[DICE_COUNT]
ROLL_COUNT = len(KEEPS) - ROLLS_START


def level(size: int) -> range:
    """Indices of the keeps of `size` dice."""
    return range(LEVEL_START[size], LEVEL_START[size + 1])


def keep_index(dice: Dice) -> int:
    return KEEP_INDEX[tuple(sorted(dice))]


@cache
def add_face_indices(size: int) -> tuple[tuple[int, ...], ...]:
    """For each face, the index of each keep of `size` dice with one die of that face added.

    `add_face_indices(size)[face - 1][i]` extends keep `LEVEL_START[size] + i`.
    """
    return tuple(
        tuple(KEEP_INDEX[tuple(sorted((*KEEPS[index], face)))] for index in level(size))
        for face in FACES
    )


@dataclass(frozen=True)
class SubKeepGroup:
    """Keeps `start..stop-1`, all with `len(smaller)` distinct faces.

    `smaller[j][i]` is keep `start + i` with one die of its j-th distinct face removed.
    """

    start: int
    stop: int
    smaller: tuple[tuple[int, ...], ...]


@cache
def sub_keep_groups(size: int) -> tuple[SubKeepGroup, ...]:
    """The keeps of `size` dice grouped by distinct faces, with their one-smaller sub-keeps."""
    groups = []
    members = level(size)
    for distinct in sorted({_distinct_faces(KEEPS[index]) for index in members}):
        indices = [index for index in members if _distinct_faces(KEEPS[index]) == distinct]
        smaller = tuple(
            tuple(_without_one(KEEPS[index], sorted(set(KEEPS[index]))[j]) for index in indices)
            for j in range(distinct)
        )
        groups.append(SubKeepGroup(indices[0], indices[-1] + 1, smaller))
    return tuple(groups)


def _without_one(keep: Dice, face: int) -> int:
    position = keep.index(face)
    return KEEP_INDEX[keep[:position] + keep[position + 1 :]]


def roll_probability(dice: Dice) -> float:
    """The chance that rolling all five dice shows this multiset."""
    ways = factorial(len(dice))
    for count in face_counts(dice):
        ways //= factorial(count)
    return ways / 6.0 ** len(dice)


ROLL_PROBABILITIES: tuple[float, ...] = tuple(
    roll_probability(KEEPS[index]) for index in level(DICE_COUNT)
)


def sub_keeps(dice: Dice) -> tuple[Dice, ...]:
    """Every distinct sub-multiset of the dice, from the empty keep to all of them."""
    counts = face_counts(dice)
    keeps: list[Dice] = [()]
    for face in FACES:
        keeps = [keep + (face,) * taken for keep in keeps for taken in range(counts[face] + 1)]
    return tuple(sorted(keeps, key=lambda keep: (len(keep), keep)))
