"""Five six-sided dice: faces, multisets of faces, and rolling with an injected source."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations_with_replacement
from typing import Protocol

from game.errors import InvalidDiceError

DICE_COUNT = 5
FACES = (1, 2, 3, 4, 5, 6)
ROLLS_PER_TURN = 3
"""Rolls a player has in each turn (the first one included)."""

Dice = tuple[int, ...]
"""Faces in table order (positions matter to the player: die 1 .. die 5)."""

FaceCounts = tuple[int, int, int, int, int, int, int]
"""How many dice show each face; index 0 is unused so that counts[face] reads naturally."""


class RandomSource(Protocol):
    """What rolling needs from a random generator (random.Random and SystemRandom fit)."""

    def randint(self, a: int, b: int) -> int: ...


def validate_dice(dice: Iterable[object], count: int = DICE_COUNT) -> Dice:
    """Return the dice as a tuple, or raise InvalidDiceError naming what is wrong.

    >>> validate_dice([6, 6, 1, 2, 3])
    (6, 6, 1, 2, 3)
    >>> validate_dice([6, 6, 1, 2, 7])
    Traceback (most recent call last):
    game.errors.InvalidDiceError: a die shows 1 to 6, not 7 (in (6, 6, 1, 2, 7))

    Raises:
        InvalidDiceError: not `count` dice, or a die that is not a whole number from 1 to 6.
    """
    values = tuple(dice)
    if len(values) != count:
        raise InvalidDiceError(f"expected {count} dice, got {len(values)}: {values!r}")
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int) or value not in FACES:
            raise InvalidDiceError(f"a die shows 1 to 6, not {value!r} (in {values!r})")
    return values  # type: ignore[return-value]  # every element checked to be an int above


def parse_dice(text: str) -> Dice:
    """Read dice written as digits, with or without separators: '44444', '1-1-3-4-6'.

    >>> parse_dice("1-1-3-4-6")
    (1, 1, 3, 4, 6)
    >>> parse_dice("4444")
    Traceback (most recent call last):
    game.errors.InvalidDiceError: expected 5 dice, got 4: (4, 4, 4, 4)

    Raises:
        InvalidDiceError: a character that is not a digit, a space, a comma or a dash, or
            digits that are not five faces from 1 to 6.
    """
    digits = [ch for ch in text if not ch.isspace() and ch not in ",-"]
    if not all(ch.isdigit() for ch in digits):
        raise InvalidDiceError(f"dice are written as digits 1 to 6, not {text!r}")
    return validate_dice(int(ch) for ch in digits)


def face_counts(dice: Sequence[int]) -> FaceCounts:
    counts = [0] * 7
    for face in dice:
        counts[face] += 1
    return tuple(counts)  # type: ignore[return-value]  # always seven entries


def is_five_of_a_kind(dice: Sequence[int]) -> bool:
    return len(dice) == DICE_COUNT and len(set(dice)) == 1


def roll(source: RandomSource, count: int) -> Dice:
    return tuple(source.randint(1, 6) for _ in range(count))


@cache
def multisets(size: int) -> tuple[Dice, ...]:
    """Every sorted multiset of `size` faces: 252 for five dice, 462 across sizes 0 to 5."""
    return tuple(combinations_with_replacement(FACES, size))


ALL_ROLLS: tuple[Dice, ...] = multisets(DICE_COUNT)
