"""The auto-score countdown after a human's last roll: what holds it, how it goes on, and what
of it survives a reload. Used by game.app.turns and game.app.update (the state's owner); pure
functions of an AppState.

The countdown scores the box it named when it started (`countdown_box`) unless the player
chooses one. While something holds it, it stands still (`countdown_deadline` None, the seconds
to run when it goes on in `countdown_paused`):
- a dialog over the game: it goes on with the time it had left;
- the player touching or scrolling the sheet (`sheet_held`: they are looking for a box), the
  guided turn on screen (game.app.guide: they are reading it), the tray's messages opened
  (`tray_open`: "More", they are reading them), the coach's line on a costly last keep
  (game.app.coaching.holds_countdown: until a box is chosen), or the hint on screen (the
  hint's box becomes the countdown's box, so that the two never disagree): it goes on from its
  full length once they let go, hide the hint or end the guide, so that there is time to tap
  the box they found.

    start(state, now, seconds, box) -> AppState
    stop(state) -> AppState                          a box was chosen, or scoring turned off
    settle(state, now, dialog_open=...) -> AppState  holds or lets go, after every intent
    turn_record(state, now) -> TurnRecord            for the session (game.persistence)
    restore(state, record, now) -> AppState          the record back, if it fits the game
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import game.app.coaching as coaching
import game.app.guide as guide
import game.app.handover as handover
from game.persistence.turn_record import PendingCountdown, TurnRecord
from game.play.undo import confirmed_box

if TYPE_CHECKING:  # the state's model imports nothing back: no cycle
    from game.app.model import AppState

SMALLEST_REMAINING = 0.001
"""A countdown saved as it ran out keeps this much: a stored countdown always has time left."""


def start(state: AppState, now: float, seconds: int, box: str | None) -> AppState:
    return replace(
        state,
        pacing=replace(
            state.pacing,
            countdown_deadline=now + seconds,
            countdown_paused=None,
            countdown_seconds=seconds,
            countdown_box=box,
        ),
    )


def stop(state: AppState) -> AppState:
    return replace(
        state, pacing=replace(state.pacing, countdown_deadline=None, countdown_paused=None)
    )


def is_pending(state: AppState) -> bool:
    return state.pacing.countdown_deadline is not None or state.pacing.countdown_paused is not None


def held_in_full(state: AppState) -> bool:
    """Whether the player is looking for a box (the sheet held, the hint or the guided turn
    shown): then the countdown waits, and runs from its full length once they stop."""
    return (
        state.ui.sheet_held
        or state.ui.tray_open
        or state.pacing.hint_requested
        or guide.step(state) is not None
        or coaching.holds_countdown(state)
        or handover.is_pending(state)  # a game resumed on a rolled turn: not before the tap
    )


def settle(state: AppState, now: float, *, dialog_open: bool) -> AppState:
    if not is_pending(state):
        return state
    if dialog_open:
        if state.pacing.countdown_deadline is None:
            return state
        remaining = max(0.0, state.pacing.countdown_deadline - now)
        return replace(
            state, pacing=replace(state.pacing, countdown_deadline=None, countdown_paused=remaining)
        )
    if held_in_full(state):
        if state.pacing.countdown_paused == state.pacing.countdown_seconds:
            return state
        return replace(
            state,
            pacing=replace(
                state.pacing,
                countdown_deadline=None,
                countdown_paused=state.pacing.countdown_seconds,
            ),
        )
    if state.pacing.countdown_paused is not None:
        return replace(
            state,
            pacing=replace(
                state.pacing,
                countdown_deadline=now + state.pacing.countdown_paused,
                countdown_paused=None,
            ),
        )
    return state


def turn_record(state: AppState, now: float) -> TurnRecord:
    countdown = None
    deadline = state.pacing.countdown_deadline
    left = state.pacing.countdown_paused if deadline is None else deadline - now
    if left is not None and state.pacing.countdown_seconds:
        # To the millisecond, as stored: a record read back equals the one saved.
        left = round(left, 3)
        remaining = min(float(state.pacing.countdown_seconds), max(SMALLEST_REMAINING, left))
        countdown = PendingCountdown(
            state.pacing.countdown_box, state.pacing.countdown_seconds, remaining
        )
    return TurnRecord(countdown, state.play.last_auto_scored)


def restore(state: AppState, record: TurnRecord | None, now: float) -> AppState:
    """`state` just resumed (its countdown, if any, started in full) with what `record` kept:
    the countdown's box and time left, and the box scored by itself. What does not fit the
    game restored (another turn, a box it cannot score, more time than its length) is left
    out, as if nothing had been kept."""
    if record is None:
        return state
    game, before = state.game, state.play.before_last_turn
    automatic = record.auto_scored
    if automatic and game and before and confirmed_box(before, game) == automatic:
        state = replace(state, play=replace(state.play, last_auto_scored=automatic))
    saved = record.countdown
    if saved is None or state.pacing.countdown_deadline is None or game is None:
        return state
    legal = () if game.options is None else game.options.legal
    if saved.box is not None and saved.box not in legal:
        return state
    if not 0 < saved.remaining <= saved.seconds:
        return state
    started = start(state, now, saved.seconds, saved.box)
    return replace(
        started, pacing=replace(started.pacing, countdown_deadline=now + saved.remaining)
    )
