"""Expected points as the screens show them: to a tenth (as the hint shows them). A difference
shown beside the two figures it is the difference of is taken between those figures as shown,
so that it adds up on the screen: 242.3 and 228.2 differ by 14.1, even where the unrounded
difference is 14.04.
"""

from __future__ import annotations

DECIMALS = 1
LEAST_SHOWN = 10**-DECIMALS
"""The least loss a figure shows: a move that loses less, yet is not the best, is said to lose
"less than" it (the coach's line and the review alike)."""


def shown(value: float) -> float:
    return round(value, DECIMALS)


def shown_difference(high: float, low: float) -> float:
    """`high` - `low`, as their figures on the screen give it."""
    return round(shown(high) - shown(low), DECIMALS)
