"""Seeded dice are reproducible and resumable; entropy dice use the source they are given."""

from __future__ import annotations

import random
from collections import Counter

from game.play.random_source import EntropyDice, SeededDice


def test_same_seed_same_dice_other_seed_other_dice() -> None:
    assert SeededDice(7).draw(50)[0] == SeededDice(7).draw(50)[0]
    assert SeededDice(7).draw(50)[0] != SeededDice(8).draw(50)[0]


def test_a_saved_position_carries_on_with_the_same_dice() -> None:
    all_at_once, end = SeededDice(42).draw(12)
    first, middle = SeededDice(42).draw(5)
    rest, _ = SeededDice(middle.seed, middle.position).draw(7)
    assert first + rest == all_at_once
    assert middle == SeededDice(42, 5) and end == SeededDice(42, 12)


def test_draw_does_not_change_the_source() -> None:
    source = SeededDice(3, 10)
    source.draw(5)
    assert source == SeededDice(3, 10)


def test_seeded_faces_are_evenly_spread() -> None:
    counts = Counter(SeededDice(2026).draw(60_000)[0])
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(9_500 < count < 10_500 for count in counts.values())


def test_entropy_dice_use_the_source_given() -> None:
    dice, after = EntropyDice(random.Random(5)).draw(5)
    reference = random.Random(5)
    expected = tuple(reference.randint(1, 6) for _ in range(5))
    assert dice == expected
    assert isinstance(after, EntropyDice)
