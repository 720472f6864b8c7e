"""Computer players at three levels, from the optimum down to a beatable beginner.

- `optimal`: always the action with the highest expected final score.
- `casual`: a human-like near-optimal player: it weighs the actions within 10 points of the
  best by exp(-shortfall / 1 point) and picks one at random, so it usually plays well and
  sometimes takes a slightly worse line, as people do. Its many small slips cost about 20
  points a game (Penta about 235 against 254, Yatzy about 222 against 248).
- `beginner`: the greedy rule with no table, game.coach.greedy.greedy_move (the app's coach
  without a table plays the same): score a box worth 25 or more at once, otherwise keep the
  most frequent face (the highest on a tie) while rolls are left, and finally take the box
  that pays most now (Penta about 195, Yatzy about 169).

Randomness is passed in, so seeded games replay exactly.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Protocol

from game.coach.greedy import greedy_move
from game.coach.protocol import ScoreAdvice
from game.errors import GameError
from game.play.state import LEVELS
from game.strategy.advisor import Action, Advisor, Keep, Position, Roll, Score

CASUAL_TEMPERATURE = 1.0
"""Expected points: an action this much worse than the best is e (2.7) times less likely."""
CASUAL_WINDOW = 10.0
"""Casual considers actions at most this many expected points below the best."""


class UnknownLevelError(GameError, KeyError):
    def __init__(self, level: object) -> None:
        super().__init__(f"unknown computer level {level!r}; known levels: {', '.join(LEVELS)}")

    def __str__(self) -> str:
        return str(self.args[0])


class ComputerPlayer(Protocol):
    level: str

    def choose(self, position: Position, rng: random.Random) -> Action: ...


@dataclass
class OptimalPlayer:
    advisor: Advisor
    level: str = "optimal"

    def choose(self, position: Position, rng: random.Random) -> Action:
        """The action with the highest expected final score.

        Raises:
            PositionError: `position` is of another ruleset than the advisor's.
            UnreachableStateError: no game can reach the position's sheet.
        """
        return self.advisor.best(position).action


@dataclass
class CasualPlayer:
    advisor: Advisor
    temperature: float = CASUAL_TEMPERATURE
    window: float = CASUAL_WINDOW
    level: str = "casual"

    def choose(self, position: Position, rng: random.Random) -> Action:
        """One of the actions near the best, drawn with `rng` (better ones are likelier).

        Raises:
            PositionError: `position` is of another ruleset than the advisor's.
            UnreachableStateError: no game can reach the position's sheet.
        """
        ranked = self.advisor.rank(position)
        best = ranked[0].expected
        near = [choice for choice in ranked if best - choice.expected <= self.window]
        weights = [math.exp((choice.expected - best) / self.temperature) for choice in near]
        return rng.choices(near, weights)[0].action


@dataclass
class BeginnerPlayer:
    level: str = "beginner"

    def choose(self, position: Position, rng: random.Random) -> Action:
        if position.dice is None:
            return Roll()
        dice = position.dice
        options = position.options()
        move = greedy_move(position.ruleset.box_ids, options, dice, position.rolls_left)
        if isinstance(move, ScoreAdvice):
            return Score(move.box, options.points[move.box], options.five_of_a_kind_bonus)
        return Keep(tuple(dice[kept] for kept in move.kept))


def make_player(level: str, advisor: Advisor | None) -> ComputerPlayer:
    """A player of `level`; `optimal` and `casual` need the advisor (the ruleset's table).

    >>> make_player("beginner", None).level
    'beginner'
    >>> make_player("expert", None)
    Traceback (most recent call last):
    game.strategy.players.UnknownLevelError: unknown computer level 'expert'; known levels: ...

    Raises:
        UnknownLevelError: `level` is not one of LEVELS.
        GameError: `level` needs the strategy table and `advisor` is None.
    """
    if level == "beginner":
        return BeginnerPlayer()
    if level not in LEVELS:
        raise UnknownLevelError(level)
    if advisor is None:
        raise GameError(f"the {level!r} level needs the strategy table, which is not loaded")
    return OptimalPlayer(advisor) if level == "optimal" else CasualPlayer(advisor)
