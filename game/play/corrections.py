"""Corrections in a game played with real dice, as on paper where a wrong number is crossed out:
the dice entered for any filled box of any player are changed, or the box is cleared, putting
the turn back. The rules are checked again on that player's sheet (game.play.recheck), so that
totals and bonuses follow and a later joker or bonus that would break refuses the change.

    dice_scored(state, player, box) -> Dice           the dice that filled the box (as corrected)
    correct_box(state, player, box, faces) -> GameState
    clear_box(state, player, box) -> GameState
    corrected_boxes(state) -> frozenset[(player, box)]    filled boxes a correction changed, and
        the box each cleared turn was played again in: the numbers a correction wrote, which
        the sheet marks (a box cleared and filled by a later, ordinary turn is not: a walk read
        its mark as that later number fixed, and found none where the fix went)

Putting the turn back: the turn to play is always game.play.sheet.seat_to_move, the earliest
seat among the players with the fewest boxes filled. The player whose box was cleared owes a
turn, so (unless an earlier seat owes one too) they play next, fill a box again (any open box,
with the dice they throw), and the normal order resumes. A box is cleared between turns only:
with the dice of a turn entered, they are taken back first (the turn under way could be
someone else's once the box is cleared). A finished game is corrected too (a mistyped last
throw decided the winner): it stays over with its new totals, or goes on where a box was
cleared; its record in the history follows (game.persistence.session).

The log keeps every change as its own move (Corrected, Cleared in game.play.move_log), after
the turns it changes: the turns stay as they were played, and replaying the log (the saved
game, the history) reaches exactly the corrected game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace

from game.errors import IllegalActionError, RealDiceError, UnknownBoxError
from game.play.move_log import (
    MOVES_PER_TURN,
    Cleared,
    Corrected,
    Move,
    Scored,
    Walk,
    filled_box,
    final_dice,
    longest_log,
    walk,
)
from game.play.recheck import CorrectionRefusedError, Refusal, rechecked_sheet
from game.play.sheet import Sheet, seat_to_move
from game.play.state import GameState
from game.rules.dice import Dice, validate_dice


def dice_scored(state: GameState, player: int, box: str) -> Dice:
    """The five faces entered for `box` of seat `player` (as corrected since).

    Raises:
        RealDiceError: the game's dice rolled on screen, or its log does not hold the whole
            game.
        UnknownBoxError: `player` (a seat) has not filled `box`.
    """
    own = _walked(state).turns[_seat(state, player, box)]
    return final_dice(own[_find(state, own, player, box)])


def correct_box(state: GameState, player: int, box: str, faces: Iterable[object]) -> GameState:
    """`state` with the box `box` of seat `player` filled with `faces` instead.

    Raises:
        RealDiceError: the game's dice rolled on screen, or its log does not hold the whole game.
        UnknownBoxError: `player` has not filled `box`.
        InvalidDiceError: not five faces from 1 to 6.
        IllegalActionError: the box holds these very dice already.
        CorrectionRefusedError: a later turn would no longer be allowed, or lose its bonus.
        JokerForbiddenBoxError: the joker rule sends the new dice to another box.
    """
    dice = validate_dice(faces)
    if sorted(dice) == sorted(dice_scored(state, player, box)):
        raise IllegalActionError(f"{box!r} of player {player} holds the dice {list(dice)} already")
    return _changed(state, player, box, dice)


def clear_box(state: GameState, player: int, box: str) -> GameState:
    """`state` with the box `box` of seat `player` empty again: that player owes the turn.

    Raises:
        RealDiceError: the game's dice rolled on screen, or its log does not hold the whole game.
        UnknownBoxError: `player` has not filled `box`.
        CorrectionRefusedError: dice of the turn under way are entered (reason "dice"), or a
            later turn of that player would no longer be allowed, or lose its bonus.
    """
    return _changed(state, player, box, None)


def corrected_boxes(state: GameState) -> frozenset[tuple[int, str]]:
    moves = state.log.moves
    touched = {(move.player, move.box) for move in moves if isinstance(move, Corrected)}
    if state.real_dice and state.log.complete and any(isinstance(m, Cleared) for m in moves):
        touched |= _played_again(state)
    return frozenset(
        (player, box) for player, box in touched if state.sheets[player].points_in(box) is not None
    )


def _played_again(state: GameState) -> set[tuple[int, str]]:
    """The box each cleared turn was played again in: its player's next box filled (they owe
    that turn, and no other turn of theirs comes before it)."""
    owed = Counter[int]()
    found = set()
    for step in walk(state.ruleset, _empty(state), 0, state.log.moves).steps:
        move = step.move
        if isinstance(move, Cleared):
            owed[move.player] += 1
        elif isinstance(move, Scored) and owed[step.player] > 0:
            owed[step.player] -= 1
            found.add((step.player, move.box))
    return found


def _changed(state: GameState, player: int, box: str, dice: Dice | None) -> GameState:
    walked = _walked(state)
    seat = _seat(state, player, box)
    own = walked.turns[seat]
    number = _find(state, own, seat, box)
    was = final_dice(own[number])
    filled = sum(len(sheet.filled_boxes) for sheet in state.sheets) - (1 if dice is None else 0)
    to_come = len(state.ruleset.boxes) * len(state.players) - filled
    room = longest_log(len(state.ruleset.boxes), len(state.players)) - len(state.log.moves)
    if room < 1 + to_come * MOVES_PER_TURN:
        raise CorrectionRefusedError(Refusal(seat, number + 1, box, "many"))
    move: Move
    if dice is None:
        if state.dice is not None:
            raise CorrectionRefusedError(Refusal(seat, number + 1, box, "dice"))
        move = Cleared(seat, box, was)
    else:
        move = Corrected(seat, box, was, dice)
    played = [(final_dice(turn), filled_box(turn)) for turn in own]
    sheet = rechecked_sheet(state.ruleset, seat, played, number, dice)
    sheets = (*state.sheets[:seat], sheet, *state.sheets[seat + 1 :])
    log = state.log.added(state.game_turn, move)
    return replace(
        state, sheets=sheets, current_player=seat_to_move(sheets), selected_box=None, log=log
    )


def _walked(state: GameState) -> Walk:
    if not state.real_dice or not state.log.complete:
        raise RealDiceError("only a whole game played with real dice can be corrected")
    return walk(state.ruleset, _empty(state), 0, state.log.moves)


def _empty(state: GameState) -> list[Sheet]:
    return [Sheet.empty(state.ruleset) for _ in state.players]


def _seat(state: GameState, player: object, box: str) -> int:
    if (
        isinstance(player, bool)
        or not isinstance(player, int)
        or player not in range(len(state.players))
    ):
        raise UnknownBoxError(f"{box} (not filled by player {player!r})", state.ruleset.id)
    return player


def _find(state: GameState, own: Sequence[Sequence[Move]], player: int, box: str) -> int:
    for number, turn in enumerate(own):
        if filled_box(turn) == box:
            return number
    raise UnknownBoxError(f"{box} (not filled by player {player!r})", state.ruleset.id)
