"""What the box just scored earns a word of its own for, until the next roll: a player's first
five of a kind (their Penta or Yatzy box filled with points; later ones earn only bonuses), a
further one's bonus, or the upper bonus reached with it. The game screen and the hand-over say
it (game.present.game_screen); a computer player whose turn follows waits CELEBRATION_SECONDS
before its first roll, so that it is read: a walk's child scored a Yatzy just before the
computer's turn, and the computer's roll took its word away within a second. The game's last
box is celebrated with the end (its announcement, GameOver, carries it).

    celebration(state) -> Celebration | None
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.app.announcements import GameOver, Scored
from game.app.model import AppState

CELEBRATION_SECONDS = 2.5
"""Long enough to read "Yatzy! Well done, Noa!" before the computer's first roll."""


class Feat(StrEnum):
    FIVE_OF_A_KIND = "five_of_a_kind"
    FIVE_OF_A_KIND_BONUS = "five_of_a_kind_bonus"
    UPPER_BONUS = "upper_bonus"


@dataclass(frozen=True)
class Celebration:
    feat: Feat
    scored: Scored


def celebration(state: AppState) -> Celebration | None:
    game, event = state.game, state.ui.announcement
    if isinstance(event, GameOver):
        event = event.last
    if game is None or not isinstance(event, Scored):
        return None
    if game.dice is not None and not game.is_over:
        return None  # the next roll: it has been seen
    ruleset = game.ruleset
    if event.box == ruleset.five_of_a_kind_box and event.points:
        return Celebration(Feat.FIVE_OF_A_KIND, event)
    if event.bonus:
        return Celebration(Feat.FIVE_OF_A_KIND_BONUS, event)
    sheet = game.sheets[event.player]
    reached_now = sheet.upper_subtotal - event.points < ruleset.upper_bonus_threshold
    if event.box in ruleset.upper_box_ids and sheet.upper_bonus and reached_now:
        return Celebration(Feat.UPPER_BONUS, event)
    return None
