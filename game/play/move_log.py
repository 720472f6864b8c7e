"""The moves of a game, in order: every roll (its dice), every keep and every scored box.

    MoveLog(since_turn=0, moves=())     what GameState.log holds
        since_turn    the game turn (boxes filled on all sheets together) the log starts at:
                      0 for a log complete from the game's start; a game saved before the log
                      existed (schema 2) has none of the turns before its migration
        complete      since_turn == 0: the whole game can be replayed (and reviewed)
    Rolled(dice)        the five faces after a roll, die 0..4
    Kept(positions)     the dice (sorted positions) held when rolling again: logged just
                        before that roll, so a keep that was changed before rolling is not a move
    Scored(box)         the box the turn's dice were scored in
                        Either with `advised`: the move the app chose, not the player: the
                        hint's, followed while it showed, or the countdown's box (the review
                        tells the player's own decisions apart from these)
    Entered(dice)       the final five faces of a turn played with real dice, entered by hand
                        (game.play.real_dice): no roll is left after it
    Corrected(player, box, was, dice)    a real-dice game's box of seat `player` corrected
                        (game.play.corrections): the dice `was` entered for it become `dice`
    Cleared(player, box, was)            that box emptied: the player owes the turn again
    walk(ruleset, sheets, since_turn, moves) -> Walk     the game replayed move by move
        raises MoveLogError naming the first move that cannot follow the ones before it
    turns_scored(log, players) -> tuple[TurnScored, ...] | None
        each turn's seat, box and final dice, read without a replay; None where a correction
        changed the order

A turn in the log is `Rolled`, then up to two (`Kept`, `Rolled`) pairs, then `Scored` (with
real dice: `Entered`, after any rolls asked about, then `Scored`); the player of each turn is
game.play.sheet.seat_to_move of the sheets before it (turns rotate from seat 0).
A correction stays in the log where it was made, after the turns it changes, so the log tells
the game as it was played and the replay reaches the sheets as they now stand. It needs a log
of the whole game; a `Corrected` may come in the middle of a turn (its dice stay), a `Cleared`
only between turns. Each is checked as when it was made (game.play.recheck): the box was
filled by that seat with exactly the dice `was`, and no later turn of that player breaks.
`Walk.turns` holds each player's turns as they now stand, in the order they were played: a
corrected turn becomes its `Entered` dice and its box (the rolls before it were entered with
the wrong dice), a cleared one is gone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from game.errors import GameError
from game.play.recheck import rechecked_sheet
from game.play.sheet import Sheet, seat_to_move
from game.rules.dice import DICE_COUNT, ROLLS_PER_TURN, Dice
from game.rules.rulesets import Ruleset

MOVES_PER_TURN = 2 * ROLLS_PER_TURN + 1
"""At most three rolls, two keeps and a box, and with real dice the final faces entered."""
CORRECTION_ROOM = 3
"""A log holds at most that many whole games' moves (longest_log): room for the corrections of
a real-dice game, each one move, each box cleared played again; a correction that would leave
no room for the rest of the game is refused, so a hostile log cannot make a replay endless
while every game played can be saved."""


def longest_log(boxes: int, players: int) -> int:
    """The most moves the log of a game of `players` and `boxes` boxes per sheet may hold."""
    return boxes * players * MOVES_PER_TURN * CORRECTION_ROOM


class MoveLogError(GameError, ValueError):
    """A move log that no game could have written: the message names the move and why."""


@dataclass(frozen=True)
class Rolled:
    dice: Dice


@dataclass(frozen=True)
class Kept:
    positions: tuple[int, ...]
    advised: bool = False


@dataclass(frozen=True)
class Scored:
    box: str
    advised: bool = False


@dataclass(frozen=True)
class Entered:
    dice: Dice


@dataclass(frozen=True)
class Corrected:
    player: int
    box: str
    was: Dice
    dice: Dice


@dataclass(frozen=True)
class Cleared:
    player: int
    box: str
    was: Dice


Move = Rolled | Kept | Scored | Entered | Corrected | Cleared


@dataclass(frozen=True, eq=False)
class _Link:
    previous: _Link | None
    move: Move


class MoveLog:
    """Immutable. Each state's log shares the links of the one before it, so a move is added
    in constant time (a game of a thousand players logs some 50,000 moves), and comparing two
    logs of one game stops where they share their history."""

    __slots__ = ("_last", "_length", "_moves", "since_turn")

    def __init__(self, since_turn: int = 0, moves: Sequence[Move] = ()) -> None:
        last = None
        for move in moves:
            last = _Link(last, move)
        self._init(since_turn, last, len(moves))

    def _init(self, since_turn: int, last: _Link | None, length: int) -> None:
        self.since_turn = since_turn
        self._last = last
        self._length = length
        self._moves: tuple[Move, ...] | None = None

    @property
    def moves(self) -> tuple[Move, ...]:
        if self._moves is None:
            backwards = []
            link = self._last
            while link is not None:
                backwards.append(link.move)
                link = link.previous
            self._moves = tuple(reversed(backwards))
        return self._moves

    @property
    def last_move(self) -> Move | None:
        return None if self._last is None else self._last.move

    @property
    def complete(self) -> bool:
        return self.since_turn == 0

    @property
    def entered(self) -> bool:
        """The dice were entered (real dice at the table), not rolled by the app."""
        return any(isinstance(move, Entered) for move in self.moves)

    def covers(self, game_turn: int) -> bool:
        return game_turn >= self.since_turn

    def added(self, game_turn: int, *moves: Move) -> MoveLog:
        """The log with `moves` made in `game_turn` (unchanged for a turn it does not cover)."""
        if not self.covers(game_turn):
            return self
        last = self._last
        for move in moves:
            last = _Link(last, move)
        log = MoveLog.__new__(MoveLog)
        log._init(self.since_turn, last, self._length + len(moves))
        return log

    def without_last(self) -> MoveLog:
        """The log before its last move (the log itself when it holds none)."""
        if self._last is None:
            return self
        log = MoveLog.__new__(MoveLog)
        log._init(self.since_turn, self._last.previous, self._length - 1)
        return log

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MoveLog):
            return NotImplemented
        if (self.since_turn, self._length) != (other.since_turn, other._length):
            return False
        mine, theirs = self._last, other._last
        while mine is not theirs:
            if mine is None or theirs is None or mine.move != theirs.move:
                return False
            mine, theirs = mine.previous, theirs.previous
        return True

    def __hash__(self) -> int:
        return hash(
            (self.since_turn, self._length, None if self._last is None else self._last.move)
        )

    def __repr__(self) -> str:
        return f"MoveLog(since_turn={self.since_turn}, moves={list(self.moves)!r})"


@dataclass(frozen=True)
class Step:
    """One move of a walked log, with the position it was made in."""

    game_turn: int
    player: int
    move: Move
    sheet: Sheet
    """The mover's sheet before the move."""
    dice: Dice | None
    """The dice before the move (None before the turn's first roll)."""
    rolls_left: int
    """Rolls left before the move."""


@dataclass(frozen=True)
class Walk:
    steps: tuple[Step, ...]
    sheets: tuple[Sheet, ...]
    """Every sheet after the last move."""
    game_turn: int
    """The turn in progress after the last move (boxes filled on all sheets)."""
    dice: Dice | None
    rolls_left: int
    kept: tuple[int, ...]
    """The positions kept for the last roll of the turn in progress."""
    turns: tuple[tuple[tuple[Move, ...], ...], ...]
    """Per player, their finished turns as they now stand, each its moves (`Scored` last)."""


def walk(ruleset: Ruleset, sheets: Sequence[Sheet], since_turn: int, moves: Sequence[Move]) -> Walk:
    """Replay `moves` from `sheets` as they stood at the start of game turn `since_turn`.

    Raises:
        MoveLogError: a move the game could not have made there (after the game's end, a roll
            without its keep, a keep or box out of turn, dice that are not five faces...),
            naming the move and its position in the log.
    """
    current = list(sheets)
    game_turn = since_turn
    dice: Dice | None = None
    rolls_left = ROLLS_PER_TURN
    kept: tuple[int, ...] = ()
    pending_keep: tuple[int, ...] | None = None
    steps: list[Step] = []
    turns: list[list[tuple[Move, ...]]] = [[] for _ in current]
    turn_moves: list[Move] = []
    for index, move in enumerate(moves):
        player = seat_to_move(current)
        sheet = current[player]

        if sheet.is_complete and not isinstance(move, Corrected | Cleared):
            # A correction may follow the last box (a mistyped last throw): nothing else does.
            raise _refused(index, move, "the game is over")
        steps.append(Step(game_turn, player, move, sheet, dice, rolls_left))
        if isinstance(move, Corrected | Cleared):
            if since_turn or (isinstance(move, Cleared) and dice is not None):
                reason = "a box is corrected in a whole game's log, and cleared between turns"
                raise _refused(index, move, reason)
            game_turn += _corrected(ruleset, current, turns, move, index)
            continue
        turn_moves.append(move)
        if isinstance(move, Entered):
            # After a keep too: the dice entered are those the roll after it left.
            if len(move.dice) != DICE_COUNT or any(face not in range(1, 7) for face in move.dice):
                raise _refused(index, move, "entered dice are five faces from 1 to 6")
            dice, kept, rolls_left, pending_keep = move.dice, (), 0, None
        elif isinstance(move, Rolled):
            if dice is not None and pending_keep is None:
                raise _refused(index, move, "a second roll needs the keep before it")
            if len(move.dice) != DICE_COUNT or any(face not in range(1, 7) for face in move.dice):
                raise _refused(index, move, "a roll shows five faces from 1 to 6")
            held = pending_keep or ()
            if dice is not None and any(move.dice[die] != dice[die] for die in held):
                raise _refused(index, move, f"the kept dice {list(held)} changed from {list(dice)}")
            dice, kept, pending_keep = move.dice, held, None
            rolls_left -= 1
        elif isinstance(move, Kept):
            if dice is None or pending_keep is not None:
                raise _refused(index, move, "a keep comes after a roll and before the next one")
            if rolls_left == 0:
                raise _refused(index, move, f"no roll is left after {ROLLS_PER_TURN}")
            if list(move.positions) != sorted(set(move.positions)) or not all(
                0 <= die < DICE_COUNT for die in move.positions
            ):
                raise _refused(
                    index, move, "kept dice are distinct positions 0 to 4 in rising order"
                )
            if len(move.positions) == DICE_COUNT:
                raise _refused(index, move, "keeping all five dice leaves nothing to roll")
            pending_keep = move.positions
        else:
            if dice is None or pending_keep is not None:
                raise _refused(index, move, "a box is scored after a roll, not after a keep")
            try:
                current[player] = sheet.filled_with(move.box, sheet.options(dice))
            except GameError as error:
                raise _refused(index, move, str(error)) from None
            game_turn += 1
            dice, rolls_left, kept = None, ROLLS_PER_TURN, ()
            turns[player].append(tuple(turn_moves))
            turn_moves = []
    if pending_keep is not None:
        raise MoveLogError("the log ends with a keep: the roll after it is missing")
    settled = tuple(tuple(own) for own in turns)
    return Walk(tuple(steps), tuple(current), game_turn, dice, rolls_left, kept, settled)


class TurnScored(NamedTuple):
    seat: int
    box: str
    dice: Dice
    """The dice the box was scored with."""


def turns_scored(log: MoveLog, players: int) -> tuple[TurnScored, ...] | None:
    """The turns of `log`, in order, read without replaying the game (walk took 7 times as
    long, for a whole history's statistics): turns rotate from seat 0 (seat_to_move) while no
    box is corrected or cleared. None for a log with a correction, whose order a replay tells."""
    turns: list[TurnScored] = []
    dice: Dice = ()
    for move in log.moves:
        if isinstance(move, Corrected | Cleared):
            return None
        if isinstance(move, Rolled | Entered):
            dice = move.dice
        elif isinstance(move, Scored):
            turns.append(TurnScored((log.since_turn + len(turns)) % players, move.box, dice))
    return tuple(turns)


def final_dice(turn: Sequence[Move]) -> Dice:
    """The dice a finished turn's box was scored with."""
    return [move.dice for move in turn if isinstance(move, Rolled | Entered)][-1]


def filled_box(turn: Sequence[Move]) -> str:
    last = turn[-1]
    assert isinstance(last, Scored)
    return last.box


def _corrected(
    ruleset: Ruleset,
    sheets: list[Sheet],
    turns: list[list[tuple[Move, ...]]],
    move: Corrected | Cleared,
    index: int,
) -> int:
    """Applies `move` to `sheets` and `turns`: the change in the boxes filled (0 or -1)."""
    player = move.player
    if isinstance(player, bool) or player not in range(len(sheets)):
        raise _refused(index, move, f"no player {player!r}")
    own = turns[player]
    found = [number for number, turn in enumerate(own) if filled_box(turn) == move.box]
    if not found or final_dice(own[found[0]]) != move.was:
        raise _refused(index, move, "that player has not filled that box with those dice")
    (number,) = found
    dice = move.dice if isinstance(move, Corrected) else None
    if dice is not None and (
        len(dice) != DICE_COUNT or any(face not in range(1, 7) for face in dice)
    ):
        raise _refused(index, move, "corrected dice are five faces from 1 to 6")
    filled = [(final_dice(turn), filled_box(turn)) for turn in own]
    try:
        sheets[player] = rechecked_sheet(ruleset, player, filled, number, dice)
    except GameError as error:
        raise _refused(index, move, str(error)) from None
    if dice is None:
        del own[number]
        return -1
    own[number] = (Entered(dice), Scored(move.box))
    return 0


def _refused(index: int, move: Move, reason: str) -> MoveLogError:
    return MoveLogError(f"move {index} ({_describe(move)}): {reason}")


def _describe(move: Move) -> str:
    if isinstance(move, Rolled):
        return f"roll {list(move.dice)}"
    if isinstance(move, Kept):
        return f"keep {list(move.positions)}"
    if isinstance(move, Entered):
        return f"enter {list(move.dice)}"
    if isinstance(move, Corrected):
        was, dice = list(move.was), list(move.dice)
        return f"correct {move.box!r} of player {move.player} from {was} to {dice}"
    if isinstance(move, Cleared):
        return f"clear {move.box!r} of player {move.player} ({list(move.was)})"
    return f"score {move.box!r}"
