"""Corrections in a game played with real dice, from the app: a filled box of any player
tapped opens a dialog with the dice entered for it (OpenCorrection), changed on a pad like the
turn's (CorrectionFace); ApplyCorrection asks first ("Change Dana's Full house from 28 to
25?") and changes the game only when asked again (game.play.corrections), so an accidental
tap never destroys a score. A correction that a later turn refuses says why and changes
nothing. Clearing empties any filled box (between turns): that player owes the turn again and
plays next (game.play.corrections), after a confirmation likewise; a clear that a later turn
refuses is not offered (the dialog says why). The end screen's sheet corrects its boxes too:
the game stays over with the new totals, or goes on where a box was cleared."""

from __future__ import annotations

from dataclasses import replace

from game.app.announcements import Corrected
from game.app.entry_intents import ApplyCorrection, CorrectionFace, OpenCorrection
from game.app.intents import Intent
from game.app.model import AppState, Correction, Dialog, Screen
from game.errors import GameError
from game.play.corrections import clear_box, correct_box, dice_scored
from game.play.recheck import CorrectionRefusedError, Refusal
from game.play.state import GameState
from game.rules.dice import DICE_COUNT, FACES

CORRECTION_INTENTS = (OpenCorrection, CorrectionFace, ApplyCorrection)


def apply_correction(state: AppState, intent: Intent) -> AppState | None:
    """`state` after an intent of CORRECTION_INTENTS (unchanged when not allowed); None for
    any other intent."""
    if not isinstance(intent, CORRECTION_INTENTS):
        return None
    game = state.game
    if state.screen not in (Screen.GAME, Screen.END) or game is None or not game.real_dice:
        return state
    if isinstance(intent, OpenCorrection):
        return _opened(state, game, intent.player, intent.box)
    correction = state.ui.correction
    if state.ui.dialog is not Dialog.CORRECT or correction is None:
        return state
    if isinstance(intent, CorrectionFace):
        faces = list(correction.faces)
        if intent.add and intent.face in FACES and len(faces) < DICE_COUNT:
            faces.append(intent.face)
        elif not intent.add and intent.face in faces:
            faces.remove(intent.face)
        else:
            return state
        return _with(state, replace(correction, faces=tuple(faces), asked="", refusal=None))
    mode = "clear" if intent.clear else "change"
    try:
        corrected = corrected_game(game, correction, clear=intent.clear)
    except CorrectionRefusedError as refused:
        # The dialog says why a box cannot be cleared; a refused change is shown in its place.
        kept = correction.refusal if intent.clear else refused.refusal
        return _with(state, replace(correction, asked="", refusal=kept))
    except GameError:
        if intent.clear:
            return _with(state, replace(correction, asked=""))
        refusal = Refusal(correction.player, 0, correction.box, "rules")
        return _with(state, replace(correction, asked="", refusal=refusal))
    if correction.asked != mode:
        return _with(state, replace(correction, asked=mode))
    # On the end screen: a cleared box is a turn owed again, and the game goes on.
    screen = state.screen if corrected.is_over else Screen.GAME
    return replace(
        state,
        play=replace(state.play, game=corrected, before_last_turn=None, last_auto_scored=None),
        # The coach's lines were on moves as they stood: after a correction one still judged
        # dice that were no longer the box's (a walk).
        coaching=replace(state.coaching, lines=(), waiting=None, seen=None),
        ui=replace(
            state.ui,
            screen=screen,
            dialog=Dialog.NONE,
            correction=None,
            # What was said of the box before is no longer true: say what changed instead.
            announcement=Corrected(
                correction.player,
                correction.box,
                corrected.sheets[correction.player].points_in(correction.box),
            ),
            announcement_count=state.ui.announcement_count + 1,
        ),
    )


def corrected_game(game: GameState, correction: Correction, *, clear: bool) -> GameState:
    """The game as the correction would make it.

    Raises:
        CorrectionRefusedError: a later turn would break.
        GameError: the dice are not five, the joker sends them elsewhere, or the box cannot be
            cleared (game.play.corrections).
    """
    if clear:
        return clear_box(game, correction.player, correction.box)
    return correct_box(game, correction.player, correction.box, correction.faces)


def _opened(state: AppState, game: GameState, player: object, box: object) -> AppState:
    if (
        state.ui.dialog is not Dialog.NONE
        or not isinstance(player, int)
        or not isinstance(box, str)
    ):
        return state
    try:
        faces = dice_scored(game, player, box)
    except GameError:
        return state
    correction = Correction(player, box, tuple(sorted(faces)))
    return replace(state, ui=replace(state.ui, dialog=Dialog.CORRECT, correction=correction))


def _with(state: AppState, correction: Correction) -> AppState:
    return replace(state, ui=replace(state.ui, correction=correction))
