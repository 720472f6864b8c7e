"""A game's move log (game.play.move_log) as JSON, checked against the game it belongs to.

    move_log_to_data(log) -> {"since_turn": 0, "moves": ["roll 44256", "keep 013", ...]}
    move_log_from_data(data, path, sheets, dice, rolls_left) -> MoveLog    raises SaveFileError
    log_since_now(data) -> dict      the log of a game stored before logs existed

One short string per move, as a save of 13 turns holds about 80 of them per player:

    "roll 44256"     the five faces after a roll, die 0..4
    "keep 013"       the positions held when rolling again; "keep" alone holds none
    "score ones"     the box scored
    "keep 013 advised", "score ones advised"    the hint's keep or box followed while it
                     showed, or the countdown's box: the app's choice, not the player's
    "enter 66655"    the final faces of a turn played with real dice, entered by hand
    "correct 1 full_house 66655 66555"    seat 1's Full house corrected: the dice entered
                     for it, then the dice that replace them (game.play.corrections)
    "clear 1 full_house 66655"            seat 1's Full house, entered with those dice, cleared

`since_turn` is the game turn (boxes filled on all sheets together) the log starts at: 0 when
it is complete; a game saved before the log existed has only the turns from its migration on
(the turn then in progress is not logged either, its first rolls being unknown).

Reading replays the moves from the sheets as they stood when the log starts (the saved sheets
without the boxes the log scored) and refuses a log that does not end in exactly the saved
sheets, turn, dice and rolls left. Sheets whose log starts later must follow the rotation from
seat 0 (only the replay of a whole game can show a box cleared since).
A log holds at most MOVES_PER_TURN moves per turn since it starts; a log of the whole game at
most game.play.move_log.longest_log, with room for its corrections.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from game.errors import GameError, SaveFileError
from game.persistence.migrations import JsonObject
from game.persistence.readers import check_keys, read_int, read_list, read_object
from game.play.move_log import (
    MOVES_PER_TURN,
    Cleared,
    Corrected,
    Entered,
    Kept,
    Move,
    MoveLog,
    Rolled,
    Scored,
    longest_log,
    walk,
)
from game.play.sheet import Sheet, seat_of_turn
from game.rules.dice import DICE_COUNT, Dice

ADVISED = " advised"


def move_log_to_data(log: MoveLog) -> JsonObject:
    return {"since_turn": log.since_turn, "moves": [_move_text(move) for move in log.moves]}


def log_since_now(game: JsonObject) -> JsonObject:
    """For a migration: an empty log from the next turn that starts (the saved data is not yet
    checked, so anything odd counts as turn 0, and the reader then refuses the data itself)."""
    turns = 0
    sheets = game.get("sheets")
    if isinstance(sheets, list):
        for sheet in sheets:
            scores = sheet.get("scores") if isinstance(sheet, dict) else None
            turns += len(scores) if isinstance(scores, dict) else 0
    turn = game.get("turn")
    if isinstance(turn, dict) and turn.get("dice") is not None:
        turns += 1
    return {"since_turn": turns, "moves": []}


def move_log_from_data(
    data: object,
    path: str,
    sheets: Sequence[Sheet],
    dice: Dice | None,
    rolls_left: int,
) -> MoveLog:
    """The log, checked to lead to `sheets` with `dice` and `rolls_left` in the current turn.

    Raises:
        SaveFileError: the log is malformed, holds a move the game could not have made, or
            does not lead exactly to the saved sheets, dice and rolls left (naming the move).
    """
    entry = read_object(data, path)
    check_keys(entry, path, {"since_turn", "moves"})
    turns_done = sum(len(sheet.filled_boxes) for sheet in sheets)
    since = read_int(entry["since_turn"], f"{path}.since_turn", maximum=turns_done + 1)
    most = (turns_done - since + 1) * MOVES_PER_TURN
    if since == 0:
        most = longest_log(len(sheets[0].ruleset.boxes), len(sheets))
    texts = read_list(entry["moves"], f"{path}.moves", maximum=max(0, most))
    moves = tuple(_move(text, f"{path}.moves[{index}]") for index, text in enumerate(texts))
    log = MoveLog(since, moves)
    if since:
        _check_rotation(sheets, path)
    if since > turns_done:
        # Migrated in the middle of a turn: the log starts at the next turn.
        if dice is None or moves:
            raise SaveFileError(
                f"{path}.since_turn: a log starts at turn {turns_done} or before, or at the "
                f"next one with no moves while a turn is under way, not at {since}"
            )
        return log
    try:
        _check_replay(log, sheets, dice, rolls_left, turns_done)
    except GameError as error:
        raise SaveFileError(f"{path}: {error}") from None
    return log


def _check_replay(
    log: MoveLog, sheets: Sequence[Sheet], dice: Dice | None, rolls_left: int, turns_done: int
) -> None:
    start = _sheets_at_start(log, sheets)
    walked = walk(sheets[0].ruleset, start, log.since_turn, log.moves)
    if log.since_turn:
        # The bonuses of the turns before the log: whatever the log did not earn.
        earned = [sheet.five_of_a_kind_bonus_count for sheet in walked.sheets]
        before_log = [
            max(0, final.five_of_a_kind_bonus_count - got)
            for final, got in zip(sheets, earned, strict=True)
        ]
        start = [
            replace(sheet, five_of_a_kind_bonus_count=count)
            for sheet, count in zip(start, before_log, strict=True)
        ]
        walked = walk(sheets[0].ruleset, start, log.since_turn, log.moves)
    if walked.game_turn != turns_done or walked.sheets != tuple(sheets):
        raise SaveFileError(
            f"the moves lead to turn {walked.game_turn} with totals "
            f"{[sheet.total for sheet in walked.sheets]}, not to the saved turn {turns_done} "
            f"with totals {[sheet.total for sheet in sheets]}"
        )
    if (walked.dice, walked.rolls_left) != (dice, rolls_left):
        shown = None if walked.dice is None else list(walked.dice)
        raise SaveFileError(
            f"the moves leave dice {shown} with {walked.rolls_left} rolls left, not the saved "
            f"{None if dice is None else list(dice)} with {rolls_left}"
        )


def _check_rotation(sheets: Sequence[Sheet], path: str) -> None:
    filled = [len(sheet.filled_boxes) for sheet in sheets]
    current = filled.index(min(filled))
    expected = [filled[current] + (1 if seat < current else 0) for seat in range(len(sheets))]
    if filled != expected:
        raise SaveFileError(
            f"{path}: a game whose log starts after its first turn has its turns in rotation: "
            f"with player {current} to play, its sheets hold {expected} boxes, not {filled}"
        )


def _sheets_at_start(log: MoveLog, sheets: Sequence[Sheet]) -> list[Sheet]:
    """The sheets without the boxes the log scored, the boxes of game turn t being player
    t mod n's (with no five-of-a-kind bonus: the replay tells what the log earned); empty for
    a log of the whole game (its replay checks every box)."""
    ruleset = sheets[0].ruleset
    if log.since_turn == 0:
        return [Sheet.empty(ruleset) for _ in sheets]
    scores = [dict(sheet.filled_boxes) for sheet in sheets]
    game_turn = log.since_turn
    for move in log.moves:
        if isinstance(move, Scored):
            player = seat_of_turn(game_turn, len(sheets))
            if scores[player].pop(move.box, None) is None:
                raise SaveFileError(
                    f"score {move.box!r} in game turn {game_turn}: player {player}'s saved "
                    f"sheet does not hold that box (or the log scores it twice)"
                )
            game_turn += 1
    return [Sheet.from_scores(ruleset, filled) for filled in scores]


def _move_text(move: Move) -> str:
    if isinstance(move, Kept | Scored) and move.advised:
        return _move_text(replace(move, advised=False)) + ADVISED
    if isinstance(move, Rolled):
        return "roll " + "".join(map(str, move.dice))
    if isinstance(move, Kept):
        return " ".join(("keep", "".join(map(str, move.positions)))).strip()
    if isinstance(move, Entered):
        return "enter " + "".join(map(str, move.dice))
    if isinstance(move, Corrected):
        return f"correct {move.player} {move.box} {_faces(move.was)} {_faces(move.dice)}"
    if isinstance(move, Cleared):
        return f"clear {move.player} {move.box} {_faces(move.was)}"
    return f"score {move.box}"


def _faces(dice: Dice) -> str:
    return "".join(map(str, dice))


def _dice(text: str) -> Dice | None:
    if len(text) == DICE_COUNT and set(text) <= set("123456"):
        return tuple(int(face) for face in text)
    return None


def _correction(kind: str, argument: str) -> Move | None:
    """A "correct" or "clear" move (None: not one, or malformed)."""
    parts = argument.split(" ")
    if kind not in ("correct", "clear") or len(parts) != (4 if kind == "correct" else 3):
        return None
    seat, box, *faces = parts
    dice = [_dice(text) for text in faces]
    if not (seat.isdecimal() and seat.isascii() and len(seat) <= 2 and box) or None in dice:
        return None
    was, *now = (entry for entry in dice if entry is not None)
    return Corrected(int(seat), box, was, now[0]) if now else Cleared(int(seat), box, was)


def _move(text: object, path: str) -> Move:
    if not isinstance(text, str) or len(text) > 60:
        raise SaveFileError(f"{path}: a move such as 'roll 44256', not {text!r:.80}")
    advised = text.endswith(ADVISED)
    kind, _, argument = text.removesuffix(ADVISED).partition(" ")
    if advised and kind not in ("keep", "score"):
        raise SaveFileError(f"{path}: only a keep or a box is advised, not {text!r:.80}")
    dice = _dice(argument)
    if kind == "roll" and dice is not None:
        return Rolled(dice)
    if kind == "enter" and dice is not None:
        return Entered(dice)
    if kind == "keep" and set(argument) <= set("01234") and len(argument) < DICE_COUNT:
        return Kept(tuple(int(die) for die in argument), advised)
    if kind == "score" and argument:
        return Scored(argument, advised)
    correction = _correction(kind, argument)
    if correction is not None:
        return correction
    raise SaveFileError(
        f"{path}: 'roll' or 'enter' and five faces, 'keep' and die positions, 'score' and a "
        f"box, or 'correct' or 'clear' a seat's box and its dice, not {text!r:.80}"
    )
