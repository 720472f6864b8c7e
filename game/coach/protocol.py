"""The coach protocol the app talks to, and the advice it returns.

The app asks a coach three things, always about the current turn of a `GameState`:

    coach.best_action(game) -> Advice | None   the move to hint (None before the first roll)
    coach.best_box(game) -> str                the box auto-scoring takes after the last roll
    coach.computer_action(game, level, rng)    a computer player's next move at its level
    coach.judge(game, move) -> Judgement | None what the current player's keep or box (a
                                               game.play.move_log Kept or Scored) is worth
                                               against the best move (None: the coach cannot
                                               tell, as without the solved tables)
    coach.next_best(game) -> Kept | Scored | None   the second best move, judged against the
                                               best for the hint's reason (None: no tables,
                                               or a single legal move)
    coach.optimal                              True when advice comes from the solved tables
                                               (hints are shown only then)

`Advice` is `KeepAdvice(kept=positions)` (keep these dice and roll the rest) or
`ScoreAdvice(box)` (score now), each with the expected final score when the coach knows it.
The coaches are game.coach.greedy.GreedyCoach (no table) and game.coach.optimal.AdvisorCoach.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from game.play.move_log import Kept, Scored
from game.play.state import GameState

if TYPE_CHECKING:  # the strategy loads only once a table is there
    from game.coach.keep_aims import AimDifference


OPTIMAL_TOLERANCE = 1e-9
"""A move this close to the best is optimal (equal moves can differ by float rounding)."""


class CoachMode(StrEnum):
    """A human player's coach while playing (game.app.coaching)."""

    OFF = "off"
    WARN = "warn"
    """A keep or a box that costs at least the threshold waits for the player to choose."""
    ALWAYS = "always"
    """One line after every move: best, or what it cost and the best move."""


@dataclass(frozen=True)
class KeepAdvice:
    """Keep the dice at `kept` (positions 0..4, sorted) and roll the others."""

    kept: tuple[int, ...]


@dataclass(frozen=True)
class ScoreAdvice:
    """Score the current dice in `box` now."""

    box: str


Advice = KeepAdvice | ScoreAdvice


@dataclass(frozen=True)
class Judgement:
    """A move against the best one, as expected final scores of the player deciding."""

    chosen: float
    best: float
    best_move: Advice
    """The best move, to show as the hint shows it."""
    aim: AimDifference | None = None
    """A move that is not the best, a keep or against a keep: the box where the best move scores
    most more points (the reason the coach gives, game.coach.keep_aims.move_aim); None
    otherwise."""

    @property
    def loss(self) -> float:
        """What the move gives away in expected final points (0 for a best move)."""
        return max(0.0, self.best - self.chosen)

    @property
    def optimal(self) -> bool:
        """As the review counts a decision optimal (game.coach.review.Decision.optimal)."""
        return self.loss <= OPTIMAL_TOLERANCE


class Coach(Protocol):
    @property
    def optimal(self) -> bool: ...

    def best_action(self, game: GameState) -> Advice | None: ...

    def best_box(self, game: GameState) -> str: ...

    def computer_action(self, game: GameState, level: str, rng: random.Random) -> Advice: ...

    def judge(self, game: GameState, move: Kept | Scored) -> Judgement | None: ...

    def next_best(self, game: GameState) -> Kept | Scored | None: ...
