"""The review's result as a short text to share: no dice, no moves, nothing that would spoil a
game someone else is still to play with the same dice (a seeded game, the day's challenge).

    share_text(language, ruleset_id, final, points_lost, percentile, daily_challenge=None,
               name="")
        -> "Penta · Yatzy rules · Dana: 243 points · points lost: 6.1 · better than 64% of
            perfect games" ("Penta · Dana: …" for a game of Penta; no default name)
    review_share_text(language, game, player) -> the text of a player's review
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from game.app.model import ReviewedGame
from game.i18n.player_names import is_default_person_name, shown_name
from game.i18n.translator import Translator
from game.present.percentile_words import percentile_words

if TYPE_CHECKING:  # the strategy is not loaded at the start (tests/unit/test_start_imports.py)
    from game.coach.review import PlayerReview

SEPARATOR = " · "


def share_text(
    language: str,
    ruleset_id: str,
    final: int,
    points_lost: float | None,
    percentile: float | None,
    daily_challenge: date | None = None,
    name: str = "",
) -> str:
    """The text in `language`; `percentile` (0 to 100) is left out when unknown or below every
    optimal game, `daily_challenge` is the day of the challenge the game was (None: not a
    challenge), and the points are `name`'s (a default name in `language`), unless it is a
    person's default name ("Player 1" says nothing to whoever reads it; a computer's review
    shared without "Computer 1" read as the user's own result: a walk) or none.
    `points_lost` None: every move came from the hint (its "points lost: 0.0" read as perfect
    play: a walk's learner).

    Raises:
        UnknownLanguageError: `language` is not a supported language code.
    """
    # Not isolated: the text leaves the app, and marks no one sees would travel with it.
    t = Translator(language, isolate=False)
    ruleset = t.ruleset_name(ruleset_id)
    # The app's own ruleset goes by its name alone: "Penta · Penta rules" named the app twice
    # (a walk), and "Penta rules · …" read as a link's label (another).
    own = ruleset == t("app.title")
    points = t("share.points", points=final)
    parts = [t("app.title")]
    if daily_challenge is not None:
        parts.append(t("share.daily_challenge", date=t.format_date(daily_challenge)))
    parts += [
        "" if own else t("share.ruleset", ruleset=ruleset),
        t("share.player_points", name=shown_name(name, language), points=points)
        if name and not is_default_person_name(name)
        else points,
        t("share.all_hinted")
        if points_lost is None
        else t("share.points_lost", lost=t.format_number(points_lost, 1)),
    ]
    if percentile is not None:
        parts.append(percentile_words(t, percentile, "share"))
    return SEPARATOR.join(part for part in parts if part)


def review_share_text(language: str, game: ReviewedGame, player: PlayerReview) -> str:
    """The text of `player`'s review of `game` (a walk's shared result named no one)."""
    return share_text(
        language,
        game.ruleset_id,
        player.final,
        player.own_points_lost,
        player.percentile,
        game.challenge_date,
        name=game.players[player.player].name,
    )
