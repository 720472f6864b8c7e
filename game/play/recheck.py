"""The rules checked again when a box of a real-dice game is corrected or cleared (game.play.
corrections, and the replay of a log holding such a change, game.play.move_log.walk).

    rechecked_sheet(ruleset, player, filled, index, dice) -> Sheet
        `filled`: the player's turns in the order they were played, each (dice, box); turn
        `index` gets `dice` instead (None: the box is cleared, the turn taken out), and every
        later turn of that player is played again on the sheet it makes
    Refusal(player, turn, box, reason)
    CorrectionRefusedError(refusal)   a later turn would break: nothing changes

A player's sheet depends on their own turns only, so no other sheet is touched. A later turn is
refused when the joker it was scored with would no longer apply, or would give its box other
points, or when the five-of-a-kind bonus it earned would be lost ("joker", "bonus"): its dice
were scored under rules the change would take away. A later turn that gains (a bonus now
earned) simply gains: totals and bonuses follow.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.errors import GameError, IllegalActionError
from game.play.sheet import Sheet
from game.rules.dice import Dice
from game.rules.rulesets import Ruleset


@dataclass(frozen=True)
class Refusal:
    player: int
    turn: int
    """That player's turn, from 1 (in the order they played them)."""
    box: str
    reason: str
    """"joker": the joker that scored the box then would no longer apply (or would send the
    dice elsewhere); "bonus": the five-of-a-kind bonus earned then would be lost; "rules":
    the corrected dice cannot go in their own box; "dice": a box is cleared only between
    turns (the dice of the turn under way come first); "many": the log has no room left for
    another correction and the rest of the game (game.play.move_log.longest_log)."""


class CorrectionRefusedError(IllegalActionError):
    def __init__(self, refusal: Refusal) -> None:
        super().__init__(
            f"the correction would break turn {refusal.turn} of player {refusal.player} "
            f"({refusal.box!r}): {refusal.reason}"
        )
        self.refusal = refusal


def rechecked_sheet(
    ruleset: Ruleset,
    player: int,
    filled: Sequence[tuple[Dice, str]],
    index: int,
    dice: Dice | None,
) -> Sheet:
    """The sheet of seat `player` with turn `index` of `filled` scored with `dice` (None:
    cleared).

    Raises:
        CorrectionRefusedError: a later turn would break (reason "joker" or "bonus").
        GameError: the joker rule sends `dice` to another box (JokerForbiddenBoxError).
    """
    old = new = Sheet.empty(ruleset)
    for number, (was_dice, box) in enumerate(filled):
        options_before = old.options(was_dice)
        old = old.filled_with(box, options_before)
        if number < index:
            new = old
            continue
        if number == index:
            if dice is not None:
                new = new.filled_with(box, new.options(dice))
            continue
        options = new.options(was_dice)
        refusal = Refusal(player, number + 1, box, "joker")
        try:
            new = new.filled_with(box, options)
        except GameError:
            raise CorrectionRefusedError(refusal) from None
        if options_before.joker is not None and options.points[box] != options_before.points[box]:
            raise CorrectionRefusedError(refusal)
        if options_before.five_of_a_kind_bonus and not options.five_of_a_kind_bonus:
            raise CorrectionRefusedError(Refusal(player, number + 1, box, "bonus"))
    return new
