"""The review's percentile against optimal play in words that are true at both ends.

"Better than 0% of perfect games" reads as a verdict, and "better than 100%" is false for a
game that some optimal games beat (99.7 rounds to 100). Below every game of the sample, above
every one, and between (rounded into 1 to 99, "about"), each has its own message; the shared
text says nothing of a game below every one ("every perfectly played game scored more" is no
news to send anyone: a walk). Below half of them, the review says it of the perfect player,
how often one scores more, and where to look next: "beats about 1% of perfectly played games"
alone discouraged a learner after a first game (a walk), and "a high bar" read oddly under a
weak game (another). A game that lost nothing to mistakes is told the dice were unkind instead; said
of the dice, not of "you", as a computer's review says it too (a walk).
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from game.i18n.translator import Translator

__all__ = ["percentile_words"]

Place = Literal["review", "review_luck", "review_mostly_luck", "share"]


class _Words(NamedTuple):
    below_all: str | None
    below_half: str
    between: str
    above_all: str
    below_half_of_perfect: bool = False
    """Below half, said of the perfect player: how often one scores more."""


_WORDS: dict[Place, _Words] = {
    "review": _Words(
        "review.percentile_none",
        "review.percentile_low",
        "review.percentile",
        "review.percentile_all",
        below_half_of_perfect=True,
    ),
    # Nothing lost to mistakes: "see below where the points went" pointed a computer's
    # perfect game, below most of the sample, at mistakes it had not made.
    "review_luck": _Words(
        "review.percentile_none_luck",
        "review.percentile_low_luck",
        "review.percentile",
        "review.percentile_all",
    ),
    # The dice cost more than the mistakes: said so, rather than pointing at the mistakes alone.
    "review_mostly_luck": _Words(
        "review.percentile_none_mostly_luck",
        "review.percentile_low_mostly_luck",
        "review.percentile",
        "review.percentile_all",
        below_half_of_perfect=True,
    ),
    "share": _Words(None, "share.percentile", "share.percentile", "share.percentile_all"),
}
"""Below every optimal game, below half of them, between, above every one."""
HALF = 50


def percentile_words(t: Translator, percentile: float, place: Place) -> str:
    """`percentile` (0 to 100: the share of the optimal games that scored less) as the review
    (`place` "review", or "review_luck" for a game that lost nothing to mistakes) or the shared
    text ("share") says it; "" where it says nothing."""
    words = _WORDS[place]
    if percentile <= 0:
        return "" if words.below_all is None else t(words.below_all)
    if percentile >= 100:
        return t(words.above_all)
    shown = min(max(round(percentile), 1), 99)
    if shown >= HALF:
        return t(words.between, percent=t.format_percent(shown / 100))
    if words.below_half_of_perfect:
        # "beats about 5% of perfectly played games" left a walk unsure whether 5% was good or
        # bad; "a perfect player scores more in about 95%" is not.
        return t(words.below_half, percent=t.format_percent((100 - shown) / 100))
    return t(words.below_half, percent=t.format_percent(shown / 100))
