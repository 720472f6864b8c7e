"""Whether the last box can be taken back now (Undo, "Take back the Chance box"): as the undo
setting allows (game.play.undo), and whatever it says where taking it back is fair at any table:
- a box the countdown scored (not the player's choice);
- with the "auto" setting, a box confirmed while the hand-over still waits for the next person
  ("Pass the phone to Avi"): nobody else has seen or done anything since. With two people at
  the table "auto" is otherwise off, and a family's wrong tap could not be taken back (a walk);
- with the "auto" setting, a box confirmed just before a computer's turn, until its first roll
  (the computer waits a moment for it: game.app.turns): as with the hand-over, nobody has played
  since. The player before a computer was the only one of a family who could never take a wrong
  tap back (a walk);
- with the "auto" setting, the game's last box, from the end screen: no one plays after it, so
  it is the hand-over's case, and the last player's wrong tap was the only one a family could
  not take back (a walk). The same dice stay: nothing but the box can change. But not once
  the game's review was opened (game.app.review_flow), which shows that turn's best move.
- with the "auto" setting and real dice, a box confirmed until the next player enters a face:
  the device stays with the scorekeeper, so there is no hand-over to wait at, and a family's
  wrong tap could only be corrected through the sheet, which a walk did not find.
With real dice, only until the next player enters a face: taking it back then threw away the
faces typed, without a word (a walk).

A computer player's turn after a box the countdown scored waits for a person to let it play
(`waits_for_a_person`): its first roll came 3 s later, and a walk's grandmother, slow to read,
lost both her dice and the take-back before she had seen what was scored.
"""

from __future__ import annotations

import game.app.handover as handover
from game.app.model import AppState, Screen, is_computer_turn
from game.play.undo import UndoSetting, can_undo


def undo_available(state: AppState) -> bool:
    game = state.game
    return (
        game is not None
        and not state.ui.entry
        and can_undo(
            game,
            state.play.before_last_turn,
            state.settings.undo,
            despite_setting=despite_setting(state),
        )
    )


def despite_setting(state: AppState) -> bool:
    """A box the countdown scored; or, unless the players turned undo off, a box confirmed while
    the hand-over waits, or before a computer's turn, or before the next real dice are entered,
    or the game's last box."""
    if state.play.last_auto_scored is not None:
        return True
    game = state.game
    just_ended = state.screen is Screen.END and game is not None and game.is_over
    next_dice_awaited = game is not None and game.real_dice and game.dice is None
    return state.settings.undo is UndoSetting.AUTO and (
        handover.is_pending(state) or is_computer_turn(state) or just_ended or next_dice_awaited
    )


def waits_for_a_person(state: AppState) -> bool:
    """Whether the computer player whose turn it is waits to be let play (LetComputerPlay,
    Faster or Skip): its turn follows a box the countdown scored, which may still be taken
    back, and no one has let it play yet."""
    return (
        state.play.last_auto_scored is not None
        and state.pacing.computer_due is None
        and is_computer_turn(state)
        and undo_available(state)
    )
