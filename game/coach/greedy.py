"""The greedy rule, which needs no strategy table, and the coach that plays by it.

`greedy_move` is the one copy of the rule: score a box worth `SCORE_AT_ONCE` or more at once;
otherwise, while rolls are left, keep the most frequent face (the highest on a tie) and roll
the rest; after the last roll (or with all five dice alike) take the box that pays most now,
the earliest in sheet order on a tie. `GreedyCoach` is the app's fallback while the ruleset's
strategy table is not loaded (or cannot be); game.strategy.players.BeginnerPlayer delegates
here, so the `beginner` level plays exactly as this coach. It never raises on a legal state,
and it is deterministic, so a game replays the same way.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from game.coach.protocol import Advice, Judgement, KeepAdvice, ScoreAdvice
from game.play.move_log import Kept, Scored
from game.play.state import GameState
from game.rules.dice import DICE_COUNT, Dice
from game.rules.rulesets import ScoreOptions

SCORE_AT_ONCE = 25
"""The greedy rule scores at once when a box would take at least this many points."""


def best_box_of(box_ids: Sequence[str], options: ScoreOptions) -> str:
    """The legal box of `options` that scores most (the earliest of `box_ids` on a tie, so a
    forced 0 goes to the cheapest upper box first)."""
    legal = [box for box in box_ids if box in options.legal]
    return max(legal, key=lambda box: (options.points[box], -legal.index(box)))


def best_immediate_box(game: GameState) -> str:
    """The legal box that scores most with the current dice (see `best_box_of`).

    >>> from game.play.engine import new_game
    >>> from game.play.state import Player
    >>> best_immediate_box(new_game("penta", [Player("Dana")]))
    Traceback (most recent call last):
    ValueError: no dice rolled yet: there is no box to score

    Raises:
        ValueError: the turn's first roll has not been made.
    """
    options = game.options
    if options is None:
        raise ValueError("no dice rolled yet: there is no box to score")
    return best_box_of(game.ruleset.box_ids, options)


def greedy_move(
    box_ids: Sequence[str], options: ScoreOptions, dice: Dice, rolls_left: int
) -> Advice:
    """The greedy rule's move for rolled `dice` with `rolls_left`: score a box or keep dice."""
    box = best_box_of(box_ids, options)
    if rolls_left == 0 or options.points[box] >= SCORE_AT_ONCE:
        return ScoreAdvice(box)
    counts = Counter(dice)
    face = max(counts, key=lambda f: (counts[f], f))
    if counts[face] == DICE_COUNT:
        return ScoreAdvice(box)
    return KeepAdvice(tuple(position for position, value in enumerate(dice) if value == face))


class GreedyCoach:
    """The greedy rule at every level. No table needed."""

    optimal = False

    def best_box(self, game: GameState) -> str:
        """The box that pays most now (what auto-scoring fills).

        Raises:
            ValueError: the turn's first roll has not been made.
        """
        return best_immediate_box(game)

    def best_action(self, game: GameState) -> Advice | None:
        if game.dice is None or game.is_over:
            return None
        assert game.options is not None
        return greedy_move(game.ruleset.box_ids, game.options, game.dice, game.rolls_left)

    def computer_action(self, game: GameState, level: str, rng: random.Random) -> Advice:
        """The greedy move, whatever the level.

        Raises:
            ValueError: the turn's first roll has not been made, or the game is over.
        """
        advice = self.best_action(game)
        if advice is None:
            raise ValueError("a computer player acts only after its first roll")
        return advice

    def next_best(self, game: GameState) -> Kept | Scored | None:
        """Nothing: without the solved tables no move is known to be second best."""
        return None

    def judge(self, game: GameState, move: Kept | Scored) -> Judgement | None:
        """Nothing: without the solved tables a move's worth is not known, and a guess could
        warn against a good move."""
        return None
