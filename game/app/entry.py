"""Real dice at the table: the setup's choice of dice, and the pad on which the scorekeeper
enters the faces thrown (a tap per die, in any order, or the digit keys).

The faces entered so far wait in `Ui.entry` until there are five; the fifth makes them the
game's dice through the engine (game.play.engine.enter_dice), so the sheet then shows what they
score, the joker and the sacrifice exactly as after a last roll on screen. Taking a die back
from five withdraws them from the game again (withdraw_dice), and the other four wait on the
pad. Tapping the box and Confirm are as in any game (game.app.turns).
"""

from __future__ import annotations

from dataclasses import replace

from game.app.intents import ChooseDice, EnterFace, Intent, RemoveFace, RemoveLastFace
from game.app.model import AppState, Screen
from game.play.engine import enter_dice, withdraw_dice
from game.play.state import PlayerKind
from game.rules.dice import DICE_COUNT, FACES

ENTRY_INTENTS = (ChooseDice, EnterFace, RemoveFace, RemoveLastFace)


def entered_faces(state: AppState) -> tuple[int, ...]:
    """The faces on the pad: the game's dice once five are entered, else those entered so far."""
    game = state.game
    if game is not None and game.dice is not None:
        return game.dice
    return state.ui.entry


def apply_entry(state: AppState, intent: Intent) -> AppState:
    """`state` after an intent of ENTRY_INTENTS (unchanged when it is not allowed now)."""
    if isinstance(intent, ChooseDice):
        return _choose_dice(state, intent.real)
    game = state.game
    if state.screen is not Screen.GAME or game is None or not game.real_dice or game.is_over:
        return state
    faces = list(entered_faces(state))
    match intent:
        case EnterFace(face):
            if face not in FACES or isinstance(face, bool) or len(faces) >= DICE_COUNT:
                return state
            faces.append(face)
        case RemoveFace(face):
            if face not in faces:
                return state
            # The last one of that face: the others keep the order they were entered in.
            del faces[len(faces) - 1 - faces[::-1].index(face)]
        case RemoveLastFace():
            if not faces:
                return state
            faces.pop()
        case _:
            return state
    return _with_faces(state, tuple(faces))


def _with_faces(state: AppState, faces: tuple[int, ...]) -> AppState:
    game = state.game
    assert game is not None
    player = game.current_player
    play = state.play
    if len(faces) == DICE_COUNT:
        # Like a roll: the box confirmed before can no longer be taken back.
        entered = enter_dice(game, player, faces)
        play = replace(play, game=entered, before_last_turn=None, last_auto_scored=None)
        faces = ()
    elif game.dice is not None:
        play = replace(play, game=withdraw_dice(game, player))
    return replace(
        state,
        play=play,
        pacing=replace(state.pacing, hint=None, hint_requested=False),
        ui=replace(state.ui, entry=faces),
    )


def _choose_dice(state: AppState, real: object) -> AppState:
    if state.screen is not Screen.SETUP or not isinstance(real, bool):
        return state
    setup = state.setup
    if setup.real_dice is real:
        return state
    seats = setup.seats
    if real:
        # Real dice are thrown by people: a computer's seat becomes a human's (its level is
        # kept, for when it plays on screen again).
        seats = tuple(replace(seat, kind=PlayerKind.HUMAN) for seat in seats)
    return replace(state, setup=replace(setup, real_dice=real, seats=seats, restored=False))
