"""The review's result as a short text to share (game.present.share_text): no dice, no moves,
in the player's language, and whose result it is where a name says so."""

from __future__ import annotations

from datetime import date

import pytest

from game.i18n.translator import Translator
from game.present.share_text import share_text


@pytest.mark.parametrize(
    ("language", "parts"),
    [
        (
            "en",
            [
                "Penta",
                "Yatzy rules",
                "243 points",
                "points lost: 6.1",
                "better than about 64% of perfectly played games",
            ],
        ),
        (
            "he",
            [
                "פנטה",
                "חוקי יאצי",
                "243 נקודות",
                "נקודות שאבדו: 6.1",
                "טוב יותר מכ־64% מהמשחקים ששוחקו בצורה מושלמת",
            ],
        ),
        (
            "et",
            [
                "Penta",
                "Yatzy reeglid",
                "243 punkti",
                "kaotatud punkte: 6,1",
                "parem kui umbes 64% täiuslikult mängitud mängudest",
            ],
        ),
    ],
)
def test_the_share_text_is_short_spoiler_free_and_in_the_players_language(
    language: str, parts: list[str]
) -> None:
    assert share_text(language, "yatzy", 243, 6.14, 64.2) == " · ".join(parts)
    named = share_text(language, "yatzy", 243, 6.14, 64.2, name="Mari")
    assert named == " · ".join(f"Mari: {part}" if "243" in part else part for part in parts)
    for default in ("Player 1", "Mängija 2", "שחקן 3"):  # says nothing to whoever reads it
        assert share_text(language, "yatzy", 243, 6.14, 64.2, name=default) == " · ".join(parts)
    # A computer's, by its name in the text's language: without it, a computer's review shared
    # read as the user's own result (a walk).
    computer = Translator(language, isolate=False)("setup.default_computer_name", number=1)
    for stored in ("Computer 1", "Arvuti 1", "מחשב 1"):
        shared = share_text(language, "yatzy", 243, 6.14, 64.2, name=stored)
        assert shared == named.replace("Mari", computer), shared
    # Every move from the hint: no "points lost: 0.0" (it read as perfect play: a walk).
    hinted = share_text(language, "yatzy", 243, None, 64.2).split(" · ")
    assert hinted == [
        *parts[:-2],
        Translator(language, isolate=False)("share.all_hinted"),
        parts[-1],
    ]
    daily = share_text(language, "yatzy", 243, 6.14, None, daily_challenge=date(2026, 12, 1))
    assert "2026" in daily and "64" not in daily  # the day's challenge named; no percentile
