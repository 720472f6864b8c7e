"""Real dice at the table: the setup's choice of dice, and the pad on which the scorekeeper
enters the faces thrown (a tap per die, in any order, or the digit keys).

The faces entered so far wait in `Ui.entry` until there are five; the fifth makes them the
game's dice through the engine (game.play.engine.enter_dice), so the sheet then shows what they
score, the joker and the sacrifice exactly as after a last roll on screen. Taking a die back
from five withdraws them from the game again (withdraw_dice), and the other four wait on the
pad. Tapping the box and Confirm are as in any game (game.app.turns).

"What should I keep?" (ShowHint in a real-dice game) asks which roll of the turn the dice
entered were (AskAboutRoll), once a turn: after a roll named, the dice entered are the next
roll's (game.play.real_dice.roll_entered). The advice is then the Hint's for that roll, with
the rolls left after it. The roll is kept in the game (game.play.real_dice.mark_roll) when it
follows the rolls entered before it, and the pad keeps its dice, to be changed into the next
roll's: the dice taken back were rolled again, the others kept (as the review then sees it).
"""

from __future__ import annotations

from dataclasses import replace

import game.app.coaching as coaching
from game.app.entry_intents import (
    AskAboutRoll,
    ChooseDice,
    EnterAgain,
    EnterFace,
    RemoveFace,
    RemoveLastFace,
)
from game.app.intents import Intent, ShowHint
from game.app.model import AppState, Screen
from game.coach.protocol import Coach
from game.errors import GameError
from game.persistence.turn_record import TurnRecord
from game.play.move_log import Cleared
from game.play.real_dice import enter_dice, mark_roll, roll_entered, withdraw_dice
from game.play.state import GameState
from game.rules.dice import DICE_COUNT, FACES, ROLLS_PER_TURN

_PAD_INTENTS = (EnterFace, EnterAgain, RemoveFace, RemoveLastFace, AskAboutRoll, ShowHint)


def entered_faces(state: AppState) -> tuple[int, ...]:
    """The faces on the pad: the game's dice once five are entered as the turn's last, else
    those entered so far (after a roll asked about, its dice to begin with)."""
    game = state.game
    if game is not None and game.dice is not None and game.rolls_left == 0:
        return game.dice
    return state.ui.entry


def offered_again(state: AppState) -> tuple[int, ...]:
    """The dice of a box just cleared for its player to play again, which the pad offers to
    enter again at once (EnterAgain), until a face is entered; () when none are offered. Most
    clears move dice from a wrong box (a walk typed all five again). Read from the game's log,
    the offer outlives a reload (it was lost then: a walk)."""
    game = state.game
    if game is None or game.dice is not None or entered_faces(state):
        return ()
    last = game.log.last_move
    if isinstance(last, Cleared) and last.player == game.current_player:
        return tuple(last.was)
    return ()


def entry_complete(state: AppState) -> bool:
    return len(entered_faces(state)) == DICE_COUNT


def game_as_entered(state: AppState) -> GameState | None:
    """The game as the dice entered now leave it: while the roll asked about is being changed
    on the pad into the next one (fewer than five faces there), it has no dice to score, as
    before any dice were entered, so the sheet and the tray follow the pad, not that roll."""
    game = state.game
    if game is None or not game.real_dice or game.dice is None or entry_complete(state):
        return game
    return replace(game, dice=None, kept=(), selected_box=None)


def restored_entry(state: AppState, record: TurnRecord | None) -> AppState:
    """`state` just resumed with the faces its pad had (a partly entered roll, or the roll
    asked about being changed), when they fit the game restored; else the pad stays empty."""
    game = state.game
    faces = () if record is None else record.entry
    if not faces or game is None or not game.real_dice or game.is_over:
        return state
    if game.dice is not None and game.rolls_left == 0:
        return state  # the turn's dice are in: the pad shows them
    if len(faces) == DICE_COUNT and (game.dice is None or sorted(faces) != sorted(game.dice)):
        return state  # five faces wait on the pad only as the roll asked about
    return replace(state, ui=replace(state.ui, entry=faces))


def asking_roll(state: AppState) -> bool:
    """'What should I keep?' was tapped: the pad asks which roll it was."""
    return state.pacing.hint_requested and state.pacing.hint is None and entry_complete(state)


def apply_entry(state: AppState, intent: Intent, coach: Coach) -> AppState | None:
    """`state` after the setup's choice of dice or an intent of the pad (unchanged when it is
    not allowed now); None for any other intent, and for a hint asked in a game rolled on
    screen."""
    if isinstance(intent, ChooseDice):
        return _choose_dice(state, intent.real)
    if not isinstance(intent, _PAD_INTENTS):
        return None
    game = state.game
    if state.screen is not Screen.GAME or game is None or game.is_over:
        return state
    if not game.real_dice:
        return None if isinstance(intent, ShowHint) else state
    faces = list(entered_faces(state))
    kept = state.ui.entry_kept
    match intent:
        case ShowHint():
            if not entry_complete(state):
                return state
            pacing = replace(coaching.hint_hidden(state.pacing), hint_requested=True)
            asked = replace(state, pacing=pacing)
            roll = roll_entered(game)
            return asked if roll is None else _advised(asked, roll, coach)
        case AskAboutRoll(roll):
            return _advised(state, roll, coach)
        case EnterFace(face):
            if face not in FACES or isinstance(face, bool) or len(faces) >= DICE_COUNT:
                return state
            faces.append(face)
        case RemoveFace(face):
            if face not in faces:
                return state
            # The last one of that face: the others keep the order they were entered in.
            index = len(faces) - 1 - faces[::-1].index(face)
            del faces[index]
            kept = _kept_after_removing(kept, index)
        case RemoveLastFace():
            if not faces:
                return state
            faces.pop()
            kept = _kept_after_removing(kept, len(faces))
        case EnterAgain():
            if not offered_again(state):
                return state
            faces, kept = list(offered_again(state)), None
        case _:
            return state
    return _with_faces(state, tuple(faces), kept)


def _kept_after_removing(kept: int | None, index: int) -> int | None:
    """How many first faces stay from the roll named once the face at `index` is taken off:
    one fewer if it was one of them (a face entered since is taken off first, being last)."""
    return kept - 1 if kept is not None and index < kept else kept


def _advised(state: AppState, roll: object, coach: Coach) -> AppState:
    game = state.game
    assert game is not None
    if not asking_roll(state) or not isinstance(roll, int) or roll not in range(1, 4):
        return state
    try:
        marked = mark_roll(game, game.current_player, roll)
    except GameError:
        marked = game  # not after the rolls entered before it: advised, but not kept
    rolls_left = ROLLS_PER_TURN - roll
    asked = marked if marked.rolls_left == rolls_left else replace(game, rolls_left=rolls_left)
    entry = marked.dice if marked.rolls_left and marked.dice else ()
    return replace(
        state,
        play=replace(state.play, game=marked),
        pacing=replace(
            state.pacing,
            hint=(advice := coach.best_action(asked)),
            hint_reason=(reason := coaching.hint_reason(asked, coach)),
            hint_tempting=coaching.hint_tempting(asked, coach, reason),
            hint_requested=True,
            hint_seen=advice,
            rolls_left_named=rolls_left,
        ),
        ui=replace(state.ui, entry=entry, entry_kept=len(entry) if entry else None),
    )


def _with_faces(state: AppState, faces: tuple[int, ...], kept: int | None) -> AppState:
    """The pad with `faces`, the first `kept` of them staying from the roll named (None: not
    known); five are the game's dice."""
    game = state.game
    assert game is not None
    player = game.current_player
    play = state.play
    if len(faces) == DICE_COUNT:
        # Like a roll: the box confirmed before can no longer be taken back.
        stayed = None if kept is None else faces[:kept]
        entered = enter_dice(game, player, faces, stayed)
        play = replace(play, game=entered, before_last_turn=None, last_auto_scored=None)
        faces, kept = (), None
    elif game.dice is not None and game.rolls_left == 0:
        play = replace(play, game=withdraw_dice(game, player))
    return replace(
        state,
        play=play,
        pacing=replace(coaching.hint_gone(state.pacing), rolls_left_named=None),
        ui=replace(state.ui, entry=faces, entry_kept=kept),
    )


def _choose_dice(state: AppState, real: object) -> AppState:
    if state.screen is not Screen.SETUP or not isinstance(real, bool):
        return state
    setup = state.setup
    if setup.real_dice is real:
        return state
    return replace(state, setup=replace(setup, real_dice=real, restored=False))
