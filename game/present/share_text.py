"""The review's result as a short text to share: no dice, no moves, nothing that would spoil a
game someone else is still to play with the same dice (a seeded game, the day's challenge).

    share_text(language, ruleset_id, final, points_lost, percentile, daily_challenge=None)
        -> "Penta · Yatzy rules · 243 points · points lost: 6.1 · better than 64% of perfect
            games" ("Penta rules · 243 points · ..." for a game of Penta)
"""

from __future__ import annotations

from datetime import date

from game.i18n.translator import Translator
from game.present.percentile_words import percentile_words

SEPARATOR = " · "


def share_text(
    language: str,
    ruleset_id: str,
    final: int,
    points_lost: float,
    percentile: float | None,
    daily_challenge: date | None = None,
) -> str:
    """The text in `language`; `percentile` (0 to 100) is left out when unknown or below every
    optimal game, and
    `daily_challenge` is the day of the challenge the game was (None: not a challenge).

    Raises:
        UnknownLanguageError: `language` is not a supported language code.
    """
    # Not isolated: the text leaves the app, and marks no one sees would travel with it.
    t = Translator(language, isolate=False)
    ruleset = t.ruleset_name(ruleset_id)
    # "Penta · Penta rules" named the app twice (a walk): its own ruleset's rules name it.
    parts = [] if ruleset == t("app.title") else [t("app.title")]
    if daily_challenge is not None:
        parts.append(t("share.daily_challenge", date=t.format_date(daily_challenge)))
    parts += [
        t("share.ruleset", ruleset=ruleset),
        t("share.points", points=final),
        t("share.points_lost", lost=t.format_number(points_lost, 1)),
    ]
    if percentile is not None:
        parts.append(percentile_words(t, percentile, "share"))
    return SEPARATOR.join(part for part in parts if part)
