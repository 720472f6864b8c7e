"""The guided first turn: a first game (the `guide_done` setting not set yet) played with the
dice on screen offers it before the first roll of its first human turn; said yes to
(StartGuide), it names the next step of that turn (roll, keep and roll again, pick a box,
confirm) until the player confirms a box, and the auto-score countdown waits meanwhile
(game.app.countdown), as the player reads. Once played through or skipped (SkipGuide),
`guide_done` is kept in the preferences and nothing is offered again; so too once a human has
scored a box on screen without it (a roll alone leaves it for the next game). Played through in
a game where the same player goes on (alone, or with no one else's turn between) or computers
play next, a last word says the turn is done (Step.DONE), until the player's next move or SkipGuide
(its "Got it"): a walk saw the guide vanish at the confirmation, with nothing to say it had
ended as it should (and another, in a first game against the computer). Where
the hand-over follows, the hand-over says it (`done_on_handover`), to the player who still holds
the phone, until it is passed: a family's walk never saw the last word."""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum

import game.app.handover as handover
from game.app.model import AppState, Screen
from game.play.state import GameState, PlayerKind
from game.rules.dice import ROLLS_PER_TURN


class Step(StrEnum):
    ROLL = "roll"
    KEEP = "keep"
    BOX = "box"
    CONFIRM = "confirm"
    DONE = "done"


STEPS = (Step.ROLL, Step.KEEP, Step.BOX, Step.CONFIRM)
"""The steps of the turn, numbered on screen ("Step 2 of 4"); DONE follows them, unnumbered."""


def _human_turn(state: AppState) -> GameState | None:
    game = state.game
    if (
        state.screen is not Screen.GAME
        or game is None
        or game.is_over
        or game.player.kind is not PlayerKind.HUMAN
        or game.real_dice  # it teaches the dice on screen (Roll, tap to keep): not the pad
        or handover.is_pending(state)
    ):
        return None
    return game


def _in_play(state: AppState) -> bool:
    """A game under way on screen, no hand-over pending: its last word shows there, on the
    player's turn and on the computers' turns that follow it."""
    game = state.game
    return (
        state.screen is Screen.GAME
        and game is not None
        and not game.is_over
        and not handover.is_pending(state)
    )


def _computers_move(before: GameState, after: GameState) -> bool:
    """Whether a computer played from `before` to `after` (not a box taken back meanwhile)."""
    return before.player.kind is PlayerKind.COMPUTER and _filled(after) >= _filled(before)


def _played_without_it(before: AppState, after: AppState) -> bool:
    """Whether a human scored a box of a game on screen, the guide not taken: they have played
    a turn on their own (a walk was offered it again at each new game, after whole games)."""
    if before.settings.guide_done or before.ui.guide_on:
        return False
    old, new = before.game, after.game
    if old is None or new is None or new.real_dice or old.player.kind is not PlayerKind.HUMAN:
        return False
    return _filled(new) > _filled(old)


def _filled(game: GameState) -> int:
    return sum(len(sheet.filled_boxes) for sheet in game.sheets)


def is_offered(state: AppState) -> bool:
    """Before the first roll of a first game's first human turn."""
    game = _human_turn(state)
    if game is None or state.settings.guide_done or state.ui.guide_on or game.dice is not None:
        return False
    return not any(
        sheet.filled_boxes
        for player, sheet in zip(game.players, game.sheets, strict=True)
        if player.kind is PlayerKind.HUMAN
    )


def step(state: AppState) -> Step | None:
    """The step the guide shows now (None: no guide)."""
    if not state.ui.guide_on:
        return None
    if state.settings.guide_done:
        return Step.DONE if _in_play(state) else None
    game = _human_turn(state)
    if game is None:
        return None
    if game.dice is None:
        return Step.ROLL
    if game.selected_box is not None:
        return Step.CONFIRM
    if game.rolls_left == ROLLS_PER_TURN - 1:
        # Until the next roll, not the first die kept: dice are kept one tap at a time, and
        # "Tap a box" after the first tap read as having to score now.
        return Step.KEEP
    return Step.BOX


def started(state: AppState) -> AppState:
    if not is_offered(state):
        return state
    return replace(state, ui=replace(state.ui, guide_on=True))


def finished(state: AppState) -> AppState:
    """No guide any more, now or in a later game."""
    return replace(
        state,
        settings=replace(state.settings, guide_done=True),
        ui=replace(state.ui, guide_on=False),
    )


def followed(before: AppState, after: AppState) -> AppState:
    """`after` with the guide finished if the box it led to was just confirmed (its last word
    shown if the same player goes on, or on the hand-over that follows), and that word gone at
    the game's next change or once the phone is passed."""
    if before.ui.guide_on and before.settings.guide_done:
        played = after.game is not before.game and not (
            before.game is not None
            and after.game is not None
            and _computers_move(before.game, after.game)
        )
        moved = (
            played
            or after.screen is not Screen.GAME
            or handover.is_pending(after) != handover.is_pending(before)  # the phone passed
        )
        return replace(after, ui=replace(after.ui, guide_on=False)) if moved else after
    if _played_without_it(before, after):
        return finished(after)
    if step(before) is None or after.game is None or before.game is None:
        return after
    if after.game.sheets == before.game.sheets:
        return after
    done = finished(after)
    goes_on = after.game.current_player == before.game.current_player and step(after) is not None
    # A computer plays next: its last word stays through the computers' turns, until the
    # player's next move (in a first game against the computer, it never showed).
    computers_next = after.game.player.kind is PlayerKind.COMPUTER and _in_play(done)
    if goes_on or computers_next or handover.is_pending(done):  # on the turn, or the hand-over
        return replace(done, ui=replace(done.ui, guide_on=True))
    return done


def under_way(state: AppState) -> bool:
    """Whether the guide is leading a turn (kept in the session: a reload goes on guiding);
    its last word once done is not."""
    return state.ui.guide_on and not state.settings.guide_done


def restored(state: AppState, under_way_before: bool) -> AppState:
    """`state` restored from the session, guiding again if the guide was under way (and is
    not done since, on this device)."""
    if not under_way_before or state.settings.guide_done:
        return state
    return replace(state, ui=replace(state.ui, guide_on=True))


def done_on_handover(state: AppState) -> bool:
    """Whether the hand-over on screen follows the guided turn, and says that it is done."""
    return state.ui.guide_on and state.settings.guide_done and handover.is_pending(state)
