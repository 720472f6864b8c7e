"""The optimal advisor (game.strategy) behind the app's coach protocol (game.coach.protocol).

    coach = AdvisorCoach(Advisor(decode_table(data, ruleset)))
    coach.best_action(game)          the hint: keep these dice or score that box, with the
                                     expected final score
    coach.best_box(game)             what the auto-score countdown fills
    coach.computer_action(game, level, rng)   a computer player's move at its level

`position_of(game)` turns the current player's turn of a GameState into the advisor's Position
(`sheet_position(sheet, dice, rolls_left)` any sheet's). `move_values(advisor, sheet, dice,
rolls_left, move)` is the one valuation of a move made (a keep or a box) against the best one
and the greedy rule's: the review of a finished game (game.coach.review) and the coach while
playing (`judge`) use it.
This module loads game.strategy, so the app imports it only once a table is there.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from game.coach.greedy import greedy_move
from game.coach.keep_aims import move_aim
from game.coach.protocol import OPTIMAL_TOLERANCE, Advice, Judgement, KeepAdvice, ScoreAdvice
from game.play.move_log import Kept, Scored
from game.play.sheet import Sheet
from game.play.state import GameState
from game.rules.dice import Dice
from game.strategy.advisor import Action, Advisor, Keep, Position, RankedAction, Score
from game.strategy.players import make_player


def position_of(game: GameState) -> Position:
    """The current player's sheet and turn, as the advisor sees them.

    Raises:
        PositionError: the game is over (the sheet is full: there is no decision to make).
    """
    return sheet_position(game.sheet, game.dice, game.rolls_left)


def sheet_position(sheet: Sheet, dice: Dice | None, rolls_left: int) -> Position:
    """The advisor's Position of one player's sheet with these dice and rolls left.

    Raises:
        PositionError: the sheet is full (there is no decision to make).
    """
    return Position(
        ruleset=sheet.ruleset,
        open_boxes=frozenset(sheet.open_boxes),
        upper_subtotal=sheet.upper_subtotal,
        five_of_a_kind_points=sheet.five_of_a_kind_box_points,
        dice=dice,
        rolls_left=rolls_left,
        sheet_total=sheet.total,
    )


class MoveValues(NamedTuple):
    best: RankedAction
    chosen: RankedAction
    """The move made."""
    tempting: RankedAction
    """The greedy rule's move (game.coach.greedy): what a beginner plays, the most frequent
    dice kept or the box that pays most now."""


def move_values(
    advisor: Advisor, sheet: Sheet, dice: Dice, rolls_left: int, move: Kept | Scored
) -> MoveValues:
    """The best action of the position, the move made (keeping `move.positions` of `dice`, or
    scoring `move.box`) and the greedy rule's move, each with its expected final score for
    the player deciding.

    Raises:
        PositionError: the sheet is full, or of another ruleset than the advisor's table.
        StopIteration: `move` is not a legal action of the position (a filled box).
    """
    position = sheet_position(sheet, dice, rolls_left)
    ranked = advisor.rank(position)
    box_ids = advisor.ruleset.box_ids
    match greedy_move(box_ids, position.options(), dice, rolls_left):
        case KeepAdvice(kept):
            tempting: Kept | Scored = Kept(kept)
        case ScoreAdvice(box):
            tempting = Scored(box)
    return MoveValues(ranked[0], _ranked(ranked, dice, move), _ranked(ranked, dice, tempting))


def _ranked(ranked: list[RankedAction], dice: Dice, move: Kept | Scored) -> RankedAction:
    if isinstance(move, Kept):
        faces = tuple(sorted(dice[die] for die in move.positions))
        return next(r for r in ranked if isinstance(r.action, Keep) and r.action.faces == faces)
    return next(r for r in ranked if isinstance(r.action, Score) and r.action.box == move.box)


def advice_for(action: Action, game: GameState) -> Advice | None:
    if isinstance(action, Score):
        return ScoreAdvice(action.box)
    if isinstance(action, Keep):
        assert game.dice is not None
        return KeepAdvice(action.positions(game.dice))
    return None  # Roll: before the first roll there is nothing to advise


class AdvisorCoach:
    """Hints, auto-score and computer players from the solved strategy table."""

    optimal = True

    def __init__(self, advisor: Advisor) -> None:
        self.advisor = advisor

    def best_action(self, game: GameState) -> Advice | None:
        """The best move with its expected final score; None before the first roll.

        Raises:
            PositionError: `game` is of another ruleset than the advisor's table.
        """
        if game.dice is None or game.is_over:
            return None
        best = self.advisor.best(position_of(game))
        return advice_for(best.action, game)

    def best_box(self, game: GameState) -> str:
        """The box with the highest expected final score for the current dice.

        Raises:
            PositionError: no dice rolled yet, the game is over, or `game` is of another
                ruleset than the advisor's table.
        """
        return self.advisor.best_box(position_of(game))

    def computer_action(self, game: GameState, level: str, rng: random.Random) -> Advice:
        """The move of a computer player of `level` (`rng` decides a casual player's slips).

        Raises:
            UnknownLevelError: `level` is not one of the computer levels.
            PositionError: the game is over, or of another ruleset than the advisor's table.
            ValueError: the turn's first roll has not been made.
        """
        action = make_player(level, self.advisor).choose(position_of(game), rng)
        advice = advice_for(action, game)
        if advice is None:
            raise ValueError("a computer player acts only after its first roll")
        return advice

    def next_best(self, game: GameState) -> Kept | Scored | None:
        """The second best move (a keep as positions of the dice); None before the first roll,
        or where one move is all the position allows (the joker's single box). Not a keep as
        good as the box the best move scores now: rolling again then gains nothing, and a
        walk's learner, told "Best: score Small straight for 30 points. As good: keeping 2, 3,
        4, 5", wondered what for.

        Raises:
            PositionError: `game` is of another ruleset than the advisor's table.
        """
        if game.dice is None or game.is_over:
            return None
        best, *others = self.advisor.rank(position_of(game))
        scores_now = isinstance(best.action, Score)
        alternatives = [
            ranked
            for ranked in others
            if not (
                scores_now
                and isinstance(ranked.action, Keep)
                and best.expected - ranked.expected <= OPTIMAL_TOLERANCE
            )
        ]
        if not alternatives:
            return None
        action = alternatives[0].action
        if isinstance(action, Score):
            return Scored(action.box)
        assert isinstance(action, Keep)  # after a roll
        return Kept(action.positions(game.dice))

    def judge(self, game: GameState, move: Kept | Scored) -> Judgement | None:
        """The current player's `move` against the best one; None before the first roll or
        when the move is not one the position allows (nothing to judge).

        Raises:
            PositionError: `game` is of another ruleset than the advisor's table.
        """
        if game.dice is None or game.is_over:
            return None
        try:
            best, chosen, _ = move_values(
                self.advisor, game.sheet, game.dice, game.rolls_left, move
            )
        except StopIteration:
            return None
        advice = advice_for(best.action, game)
        assert advice is not None  # after a roll the best action is a keep or a box
        aim = None
        made, better = chosen.action, best.action
        if isinstance(better, Keep | Score) and isinstance(made, Keep | Score) and made != better:
            position = sheet_position(game.sheet, game.dice, game.rolls_left)
            aim = move_aim(self.advisor, position, better, made)
        return Judgement(chosen.expected, best.expected, advice, aim)
