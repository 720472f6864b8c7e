"""Corrections in a game played with real dice, as on paper where a wrong number is crossed out:
the dice entered for any filled box of any player are changed (or the last box is cleared,
putting that turn back), and the whole game is played again from its log with them, through
the rules as they were played (game.play.sheet), so that totals and bonuses follow.

    dice_scored(state, player, box) -> Dice           the dice that filled the box
    correct_box(state, player, box, faces) -> GameState
    clear_box(state, player, box) -> GameState        only the last box confirmed
    CorrectionRefusedError(refusal)                   the correction would break a later turn:
        `refusal` names that turn and why (the joker, or a bonus it earned); nothing changes

The log keeps the change: the corrected turn's moves become the dice entered and the box.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from game.errors import GameError, IllegalActionError, RealDiceError, UnknownBoxError
from game.play.move_log import Entered, Move, MoveLog, Rolled, Scored, walk
from game.play.sheet import Sheet
from game.play.state import GameState
from game.rules.dice import ROLLS_PER_TURN, Dice, validate_dice


@dataclass(frozen=True)
class Refusal:
    player: int
    turn: int
    """That player's round, from 1."""
    box: str
    reason: str
    """"joker": the joker that scored the box then would no longer apply (or would send
    the dice elsewhere); "bonus": the five-of-a-kind bonus earned then would be lost."""


class CorrectionRefusedError(IllegalActionError):
    def __init__(self, refusal: Refusal) -> None:
        super().__init__(
            f"the correction would break turn {refusal.turn} of player {refusal.player} "
            f"({refusal.box!r}): {refusal.reason}"
        )
        self.refusal = refusal


@dataclass(frozen=True)
class _Turn:
    player: int
    moves: tuple[Move, ...]
    """Its moves, the Scored one last."""

    @property
    def box(self) -> str:
        last = self.moves[-1]
        assert isinstance(last, Scored)
        return last.box

    @property
    def dice(self) -> Dice:
        faces = [move.dice for move in self.moves if isinstance(move, Rolled | Entered)]
        return faces[-1]


def dice_scored(state: GameState, player: int, box: str) -> Dice:
    """The five faces entered for `box` of seat `player`.

    Raises:
        RealDiceError: the game's dice rolled on screen, or its log does not hold the whole
            game.
        UnknownBoxError: `player` (a seat) has not filled `box`.
    """
    turns, _ = _turns(state)
    return turns[_find(state, turns, player, box)].dice


def correct_box(state: GameState, player: int, box: str, faces: Iterable[object]) -> GameState:
    """`state` with the box `box` of seat `player` filled with `faces` instead, every later
    turn played again on the sheets it makes.

    Raises:
        RealDiceError: the game's dice rolled on screen, or its log does not hold the whole game.
        UnknownBoxError: `player` has not filled `box`.
        InvalidDiceError: not five faces from 1 to 6.
        CorrectionRefusedError: a later turn would no longer be allowed, or lose its bonus.
        JokerForbiddenBoxError: the joker rule sends the new dice to another box.
    """
    dice = validate_dice(faces)
    turns, rest = _turns(state)
    index = _find(state, turns, player, box)
    corrected = list(turns)
    corrected[index] = _Turn(player, (Entered(dice), Scored(box)))
    sheets = _replay(state, turns, corrected, index)
    return _with_turns(state, corrected, rest, sheets)


def clear_box(state: GameState, player: int, box: str) -> GameState:
    """`state` without the last box confirmed: that player's turn comes back, before its dice.

    Raises:
        RealDiceError: the game's dice rolled on screen, or its log does not hold the whole game.
        UnknownBoxError: `player` has not filled `box`.
        IllegalActionError: it is not the last box confirmed, or the next turn's dice are in.
    """
    turns, rest = _turns(state)
    index = _find(state, turns, player, box)
    if index != len(turns) - 1 or rest:
        raise IllegalActionError(
            f"only the last box confirmed can be cleared, with no dice entered since, not "
            f"{box!r} of player {player}"
        )
    ruleset = state.ruleset
    empty = [Sheet.empty(ruleset) for _ in state.players]
    moves = [move for turn in turns[:-1] for move in turn.moves]
    walked = walk(ruleset, empty, 0, moves)
    return replace(
        state,
        sheets=walked.sheets,
        current_player=player,
        dice=None,
        kept=(),
        rolls_left=ROLLS_PER_TURN,
        selected_box=None,
        log=MoveLog(0, moves),
    )


def _turns(state: GameState) -> tuple[list[_Turn], tuple[Move, ...]]:
    """The log's finished turns, and the moves of the turn in progress."""
    if not state.real_dice or not state.log.complete:
        raise RealDiceError("only a whole game played with real dice can be corrected")
    turns: list[_Turn] = []
    current: list[Move] = []
    for move in state.log.moves:
        current.append(move)
        if isinstance(move, Scored):
            turns.append(_Turn(len(turns) % len(state.players), tuple(current)))
            current = []
    return turns, tuple(current)


def _find(state: GameState, turns: Sequence[_Turn], player: int, box: str) -> int:
    for index, turn in enumerate(turns):
        if turn.player == player and turn.box == box:
            return index
    raise UnknownBoxError(f"{box} (not filled by player {player!r})", state.ruleset.id)


def _replay(
    state: GameState, before: Sequence[_Turn], after: Sequence[_Turn], changed: int
) -> tuple[Sheet, ...]:
    """The sheets after `after`'s turns, checked against `before`'s from turn `changed` on."""
    ruleset = state.ruleset
    old = [Sheet.empty(ruleset) for _ in state.players]
    new = list(old)
    rounds = [0] * len(state.players)
    for index, (was, now) in enumerate(zip(before, after, strict=True)):
        seat = now.player
        rounds[seat] += 1
        options_before = old[seat].options(was.dice)
        old[seat] = old[seat].filled_with(was.box, options_before)
        options = new[seat].options(now.dice)
        try:
            new[seat] = new[seat].filled_with(now.box, options)
        except GameError:
            if index == changed:
                raise
            raise CorrectionRefusedError(Refusal(seat, rounds[seat], now.box, "joker")) from None
        if index <= changed:
            continue
        if (
            options_before.joker is not None
            and options.points[now.box] != (options_before.points[now.box])
        ):
            raise CorrectionRefusedError(Refusal(seat, rounds[seat], now.box, "joker"))
        if options_before.five_of_a_kind_bonus and not options.five_of_a_kind_bonus:
            raise CorrectionRefusedError(Refusal(seat, rounds[seat], now.box, "bonus"))
    return tuple(new)


def _with_turns(
    state: GameState, turns: Sequence[_Turn], rest: tuple[Move, ...], sheets: tuple[Sheet, ...]
) -> GameState:
    moves = [move for turn in turns for move in turn.moves] + list(rest)
    walked = walk(state.ruleset, [Sheet.empty(state.ruleset)] * len(sheets), 0, moves)
    assert walked.sheets == sheets  # the replay above and the log's agree
    return replace(state, sheets=sheets, selected_box=None, log=MoveLog(0, moves))
