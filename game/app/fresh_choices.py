"""The second tap of a double tap. A tap on Roll or Confirm turn can bring up new buttons where
the finger is: the coach's warning (Show it, Play mine anyway), the computer's turn (Skip, and
Take back while its first roll waits), the hand-over to the next player (Start Dana's turn).
A walk's quick second tap on Confirm landed on them: the warning went unread, the computer's
turn was skipped, the take-back chance lost. Their answers are ignored for
CHOICE_GUARD_SECONDS after they appear, as a second Roll is (ROLL_GUARD_SECONDS). Not those a
timer brought up, under no finger (a computer player's move, the countdown's box): a walk's
grandmother tapped "Start Itai's turn" as it appeared after the computer's turn, and another
"Take back" as the countdown scored her box, and the app ignored both.

    too_soon(state, intent, now) -> bool      an answer to choices that have just appeared
    noted(before, after, now, by_timer) -> AppState
        `after`, with when new choices appeared in it (unless a timer made them)
"""

from __future__ import annotations

from dataclasses import replace

import game.app.handover as handover
from game.app.coach_intents import PlayMineAnyway, ShowBestMove
from game.app.intents import Intent, SkipComputers, StartTurn, Undo
from game.app.model import ROLL_GUARD_SECONDS, AppState, is_computer_turn
from game.app.take_back import undo_available

CHOICE_GUARD_SECONDS = ROLL_GUARD_SECONDS
"""No one reads a warning or a hand-over and answers it sooner."""

ANSWERS = (ShowBestMove, PlayMineAnyway, SkipComputers, Undo, StartTurn)
"""The intents of those buttons."""


def too_soon(state: AppState, intent: Intent, now: float) -> bool:
    shown = state.pacing.choice_shown_at
    return (
        isinstance(intent, ANSWERS)
        and shown is not None
        and 0 <= now - shown < CHOICE_GUARD_SECONDS
    )


def noted(before: AppState, after: AppState, now: float, *, by_timer: bool) -> AppState:
    if after is before or not (_choices(after) - _choices(before)):
        return after
    if by_timer:  # no tap brought them: none to be doubled
        return replace(after, pacing=replace(after.pacing, choice_shown_at=None))
    return replace(after, pacing=replace(after.pacing, choice_shown_at=now))


def _choices(state: AppState) -> frozenset[str]:
    shown = {
        "warning": state.coaching.waiting is not None,
        "computer": is_computer_turn(state),
        "take_back": undo_available(state),
        "handover": handover.is_pending(state),
    }
    return frozenset(name for name, showing in shown.items() if showing)
