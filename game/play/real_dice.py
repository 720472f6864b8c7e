"""Games played with real dice at the table: their faces are entered, never drawn, and then
take the very path of rolled dice (scoring, the joker, the sacrifice, the bonuses: game.play.
engine.score).

    enter_dice(state, player, faces) -> GameState
        A game played with real dice (RealDice): the turn's final five faces, entered by hand,
        in place of rolling (no roll is left after them; entering again replaces them). After
        dice said to be an earlier roll (mark_roll), the dice still showing are logged as kept
        for the roll that gave the new faces.
    withdraw_dice(state, player) -> GameState         the entered faces taken away again
    mark_roll(state, player, roll) -> GameState       the entered dice were roll 1, 2 or 3 of the
        turn (for the advice and the review): rolls remain after roll 1 or 2

Each raises a specific IllegalActionError (see game.errors) and leaves the state untouched.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from game.errors import InvalidDiceError, NotRolledYetError, RealDiceError, RollNumberError
from game.play.engine import check_turn
from game.play.move_log import Entered, Kept, Move, Rolled, Scored
from game.play.random_source import RealDice
from game.play.state import GameState
from game.rules.dice import DICE_COUNT, FACES, ROLLS_PER_TURN, Dice, validate_dice


def enter_dice(
    state: GameState,
    player: int,
    faces: Iterable[object],
    kept_faces: Iterable[object] | None = None,
) -> GameState:
    """The turn's final dice, thrown at the table, entered in a game played with RealDice:
    scoring them is then exactly as after a last roll (joker, sacrifice, bonuses). After a roll
    of the turn, `kept_faces` are those of its dice that stayed on the table (the others were
    thrown again); None: those the new faces still show, as far as they tell (a die thrown again
    that shows its face again then counts as kept: the review charged a keep not made).

    >>> from game.play.engine import new_game
    >>> from game.play.state import Player
    >>> game = new_game("yatzy", [Player("Dana")], RealDice())
    >>> entered = enter_dice(game, 0, [6, 6, 6, 5, 5])
    >>> entered.dice, entered.rolls_left, entered.options.points["full_house"]
    ((6, 6, 6, 5, 5), 0, 28)
    >>> enter_dice(game, 0, [6, 6, 6, 5, 7])
    Traceback (most recent call last):
    game.errors.InvalidDiceError: a die shows 1 to 6, not 7 (in (6, 6, 6, 5, 7))

    Raises:
        WrongPlayerError: `player` is not an int, or not the player whose turn it is.
        GameOverError: the game is over.
        RealDiceError: the game's dice roll on screen.
        InvalidDiceError: not five faces, or a face that is not a whole number from 1 to 6,
            or `kept_faces` that are not among both the roll's and the new faces.
    """
    check_turn(state, player)
    if not isinstance(state.dice_source, RealDice):
        raise RealDiceError(
            f"this game's dice roll on screen: the faces {list(faces)} cannot be entered"
        )
    dice = validate_dice(faces)
    log = state.log
    moves = _turn_moves(state)
    if moves and isinstance(moves[-1], Entered):
        log = log.without_last()  # entered again: the new faces replace the old ones
    elif state.dice is not None:  # after a roll: the dice that stayed were kept
        stayed = dice if kept_faces is None else _kept_faces(kept_faces, state.dice, dice)
        kept = _still_showing(state.dice, stayed)
        if len(kept) < DICE_COUNT:
            log = log.added(state.game_turn, Kept(kept))
    return replace(
        state,
        dice=dice,
        kept=(),
        rolls_left=0,
        selected_box=None,
        log=log.added(state.game_turn, Entered(dice)),
    )


def withdraw_dice(state: GameState, player: int) -> GameState:
    """The turn as it was before its dice were entered (a face on the pad taken back).

    Raises:
        WrongPlayerError: `player` is not an int, or not the player whose turn it is.
        GameOverError: the game is over.
        NotRolledYetError: no dice were entered in this turn.
    """
    check_turn(state, player)
    moves = _turn_moves(state)
    if not moves or not isinstance(moves[-1], Entered):
        raise NotRolledYetError(f"no dice were entered in turn {state.turn_number} to withdraw")
    log = state.log.without_last()
    if len(moves) > 1 and isinstance(moves[-2], Kept):
        log = log.without_last()  # the keep logged with the entered dice goes with them
    dice: Dice | None = None
    rolls_left = ROLLS_PER_TURN
    kept: tuple[int, ...] = ()
    pending: tuple[int, ...] = ()
    for move in moves[:-1]:
        if isinstance(move, Kept):
            pending = move.positions
        elif isinstance(move, Rolled):
            dice, kept, rolls_left = move.dice, pending, rolls_left - 1
    return replace(
        state,
        dice=dice,
        kept=kept,
        rolls_left=rolls_left,
        selected_box=None,
        log=log,
    )


def mark_roll(state: GameState, player: int, roll_number: int) -> GameState:
    """The dice entered are the turn's roll `roll_number` (1 to 3): after the 1st or the 2nd,
    rolls remain (as the advice and the review of the turn need to know).

    >>> from game.play.engine import new_game
    >>> from game.play.state import Player
    >>> game = enter_dice(new_game("yatzy", [Player("Dana")], RealDice()), 0, [6, 6, 2, 3, 1])
    >>> first = mark_roll(game, 0, 1)
    >>> first.rolls_left, first.log.moves
    (2, (Rolled(dice=(6, 6, 2, 3, 1)),))
    >>> second = mark_roll(enter_dice(first, 0, [6, 6, 6, 4, 1]), 0, 2)
    >>> second.dice, second.kept, second.rolls_left
    ((6, 6, 6, 4, 1), (0, 1, 4), 1)
    >>> mark_roll(game, 0, 2)
    Traceback (most recent call last):
    game.errors.RollNumberError: the dice entered cannot be roll 2 of turn 1: 0 rolls came before

    Raises:
        WrongPlayerError: `player` is not an int, or not the player whose turn it is.
        GameOverError: the game is over.
        NotRolledYetError: no dice were entered in this turn.
        RollNumberError: `roll_number` is not 1, 2 or 3, the turn's earlier rolls entered are
            not `roll_number` - 1, or the dice are those of the roll before (none rolled again).
    """
    check_turn(state, player)
    moves = _turn_moves(state)
    if not moves or not isinstance(moves[-1], Entered):
        raise NotRolledYetError(f"no dice were entered in turn {state.turn_number}")
    if isinstance(roll_number, bool) or roll_number not in range(1, ROLLS_PER_TURN + 1):
        raise RollNumberError(f"a roll is 1 to {ROLLS_PER_TURN}, not {roll_number!r}")
    if roll_number == ROLLS_PER_TURN:
        return state  # entered dice are the last roll's already
    earlier = [move for move in moves if isinstance(move, Rolled)]
    where = f"roll {roll_number} of turn {state.turn_number}"
    if len(earlier) != roll_number - 1:
        raise RollNumberError(
            f"the dice entered cannot be {where}: {len(earlier)} rolls came before"
        )
    kept = moves[-2].positions if len(moves) > 1 and isinstance(moves[-2], Kept) else ()
    if earlier and not kept and sorted(earlier[-1].dice) == sorted(state.dice or ()):
        raise RollNumberError(f"the dice entered cannot be {where}: no die was rolled again")
    dice = _placed(earlier[-1].dice if earlier else (), kept, state.dice or ())
    return replace(
        state,
        dice=dice,
        kept=kept,
        rolls_left=ROLLS_PER_TURN - roll_number,
        selected_box=None,
        log=state.log.without_last().added(state.game_turn, Rolled(dice)),
    )


def roll_entered(state: GameState) -> int | None:
    """Which roll of the turn the dice entered are, as far as the turn tells: the roll marked
    for them, or the one after the rolls marked before them; None when no roll was marked.

    >>> from game.play.engine import new_game
    >>> from game.play.state import Player
    >>> game = enter_dice(new_game("yatzy", [Player("Dana")], RealDice()), 0, [6, 6, 2, 3, 1])
    >>> roll_entered(game) is None, roll_entered(mark_roll(game, 0, 1))
    (True, 1)
    >>> roll_entered(enter_dice(mark_roll(game, 0, 1), 0, [6, 6, 6, 4, 1]))
    2
    """
    moves = _turn_moves(state)
    marked = sum(isinstance(move, Rolled) for move in moves)
    if moves and isinstance(moves[-1], Rolled):
        return marked
    return marked + 1 if marked else None


def _kept_faces(faces: Iterable[object], before: Dice, after: Dice) -> tuple[int, ...]:
    """`faces` checked to be dice of both the roll `before` and the faces entered `after`.

    Raises:
        InvalidDiceError: a face that is no die's, or one that either roll lacks.
    """
    kept: list[int] = []
    for face in faces:
        if isinstance(face, bool) or not isinstance(face, int) or face not in FACES:
            raise InvalidDiceError(f"a die kept shows 1 to 6, not {face!r}")
        kept.append(face)
    for roll in (before, after):
        if len(_still_showing(roll, tuple(kept))) != len(kept):
            raise InvalidDiceError(f"dice kept {tuple(kept)!r} are not all among {roll!r}")
    return tuple(kept)


def _still_showing(before: Dice, after: Dice) -> tuple[int, ...]:
    """The positions of `before` whose faces `after` still shows (each face of `after` counted
    once): the dice kept, as far as the faces tell."""
    left = list(after)
    kept = []
    for position, face in enumerate(before):
        if face in left:
            left.remove(face)
            kept.append(position)
    return tuple(kept)


def _placed(before: Dice, kept: tuple[int, ...], after: Dice) -> Dice:
    """`after` with the kept dice of `before` in their places, the others in the rest."""
    rest = list(after)
    for position in kept:
        rest.remove(before[position])
    fresh = iter(rest)
    return tuple(before[p] if p in kept else next(fresh) for p in range(DICE_COUNT))


def _turn_moves(state: GameState) -> tuple[Move, ...]:
    """The moves of the turn in progress (none before its first roll or entry)."""
    if state.dice is None or not state.log.covers(state.game_turn):
        return ()
    moves = state.log.moves
    start = len(moves)
    while start > 0 and not isinstance(moves[start - 1], Scored):
        start -= 1
    return moves[start:]
