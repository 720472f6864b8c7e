"""Taking back the last confirmed box, until the next roll.

States are immutable, so undo is keeping the state from before the confirm and going back to
it: the sheet, the upper bonus, the Penta bonuses, the dice, the kept dice, the rolls left,
the selected box and the dice source's position are all exactly as they were, so undo never
grants a roll or fresh dice.

    UndoSetting                      auto (the default: on when exactly one human plays), on, off
    undo_enabled(setting, players) -> bool
    take_back_point(before, after) -> GameState | None
        what the app keeps after a confirm: `before`, for a human's box
    undo_point(before, after, setting, despite_setting=False) -> GameState | None
        `before` when the setting lets that box be taken back
    can_undo(game, before_last_turn, setting, despite_setting=False) -> bool
    undo(game, before_last_turn, setting, despite_setting=False) -> GameState
        raises UndoNotAllowedError
    confirmed_box(before, after) -> str | None
        the box whose confirm turned `before` into `after`, None when no single confirm did

Only a human's box can be taken back, and only while nobody has rolled since: a computer's
choice stands, and after a roll the dice for the next decision are known. `despite_setting`:
the app may allow a box to be taken back whatever the setting, where that is fair at any table
(game.app.take_back: a box the countdown scored, not the player's choice; a box confirmed while
the hand-over still waits for the next person).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from game.errors import GameError, IllegalActionError
from game.play.engine import score
from game.play.move_log import Scored
from game.play.state import GameState, Player, PlayerKind


class UndoSetting(StrEnum):
    AUTO = "auto"
    """On when exactly one human plays (against computers or alone), off otherwise: with two
    humans at the table, one taking back a box after the other has seen it is unfair."""
    ON = "on"
    OFF = "off"


class UndoNotAllowedError(IllegalActionError):
    """Undo asked for when there is nothing to take back, or the setting forbids it."""


def undo_enabled(setting: UndoSetting, players: Sequence[Player]) -> bool:
    if setting is UndoSetting.AUTO:
        return sum(1 for player in players if player.kind is PlayerKind.HUMAN) == 1
    return setting is UndoSetting.ON


def confirmed_box(before: GameState, after: GameState) -> str | None:
    """The box that, scored in `before` by the player to move, gives exactly `after`."""
    if before.dice is None or before.is_over or len(after.sheets) != len(before.sheets):
        return None
    mover = before.current_player
    newly_filled = set(after.sheets[mover].filled_boxes) - set(before.sheets[mover].filled_boxes)
    if len(newly_filled) != 1:
        return None
    (box,) = newly_filled
    # The box as logged: the hint's or the countdown's is marked so (Scored.advised).
    last = after.log.last_move if after.log.covers(before.game_turn) else None
    advised = isinstance(last, Scored) and last.advised
    try:
        scored = score(before, mover, box, advised=advised)
    except GameError:
        return None
    return box if scored == after else None


def take_back_point(before: GameState, after: GameState) -> GameState | None:
    """What the app keeps after the confirm that turned `before` into `after`: `before`, for a
    human's box, whatever the setting, which is read when Undo is offered (turned on just after
    a box, it offers that box: a walk turned it on and found nothing to take back)."""
    if before.player.kind is not PlayerKind.HUMAN:
        return None
    return before if confirmed_box(before, after) is not None else None


def undo_point(
    before: GameState, after: GameState, setting: UndoSetting, *, despite_setting: bool = False
) -> GameState | None:
    """`before`, when the setting lets the confirm that turned it into `after` be taken back
    (None: no undo). A daily challenge's last box is not: its result is the day's, recorded
    (taken back from the end screen, its turn was played again with other dice)."""
    if not despite_setting and not undo_enabled(setting, before.players):
        return None
    if _day_result_stands(after):
        return None
    return take_back_point(before, after)


def _day_result_stands(game: GameState) -> bool:
    """A daily challenge played to its end: its result is the day's, recorded."""
    return game.is_over and game.challenge_date is not None


def can_undo(
    game: GameState,
    before_last_turn: GameState | None,
    setting: UndoSetting,
    *,
    despite_setting: bool = False,
) -> bool:
    return (
        before_last_turn is not None
        and not game.has_rolled
        and undo_point(before_last_turn, game, setting, despite_setting=despite_setting) is not None
    )


def undo(
    game: GameState,
    before_last_turn: GameState | None,
    setting: UndoSetting,
    *,
    despite_setting: bool = False,
) -> GameState:
    """The state to go back to: `before_last_turn`, once checked that it may be taken back.

    >>> from game.play.engine import new_game
    >>> undo(new_game("penta", [Player("Dana")]), None, UndoSetting.ON)
    Traceback (most recent call last):
    game.play.undo.UndoNotAllowedError: there is no confirmed box to take back

    Raises:
        UndoNotAllowedError: nothing was kept to take back, the setting forbids undo for these
            players (unless `despite_setting`), or the box can no longer be taken back
            (a roll since, a computer's box, or not the state before the last confirm).
    """
    if before_last_turn is None:
        raise UndoNotAllowedError("there is no confirmed box to take back")
    if not despite_setting and not undo_enabled(setting, game.players):
        raise UndoNotAllowedError(f"undo is {setting.value!r} for these players")
    if _day_result_stands(game):
        raise UndoNotAllowedError(f"the daily challenge of {game.challenge_date} is over")
    if not can_undo(game, before_last_turn, setting, despite_setting=despite_setting):
        raise UndoNotAllowedError(
            f"the last confirmed box can no longer be taken back (turn {game.turn_number} of "
            f"{game.player.name!r}, dice {game.dice})"
        )
    return before_last_turn
