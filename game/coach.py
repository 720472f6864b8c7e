"""Who decides a move: the coach protocol the app talks to, and a fallback that needs no table.

The app asks a coach three things, always about the current turn of a `GameState`:

    coach.best_action(game) -> Advice | None   the move to hint (None before the first roll)
    coach.best_box(game) -> str                the box auto-scoring takes after the last roll
    coach.computer_action(game, level, rng)    a computer player's next move at its level
    coach.optimal                              True when advice comes from the solved tables
                                               (hints are shown only then)

`Advice` is `KeepAdvice(kept=positions)` (keep these dice and roll the rest) or
`ScoreAdvice(box)` (score now), each with the expected final score when the coach knows it.

`GreedyCoach` is the fallback used while the strategy table for the ruleset is not loaded (or
cannot be): it scores the box that pays most now, and keeps the most frequent face. It never
raises on a legal state, and it is deterministic, so a game replays the same way.
`game.advisor_coach` adapts the optimal advisor of `game.strategy` to this protocol.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Protocol

from game.play.state import GameState
from game.rules.dice import DICE_COUNT

LEVELS: tuple[str, ...] = ("optimal", "casual", "beginner")
"""Computer levels, strongest first (their names and descriptions are in the catalogs)."""
DEFAULT_LEVEL = "casual"
SCORE_AT_ONCE = 25
"""The greedy coach scores at once when a box would take at least this many points."""


@dataclass(frozen=True)
class KeepAdvice:
    """Keep the dice at `kept` (positions 0..4, sorted) and roll the others."""

    kept: tuple[int, ...]
    value: float | None = None
    """Expected final score after this move, when the coach can tell."""


@dataclass(frozen=True)
class ScoreAdvice:
    """Score the current dice in `box` now."""

    box: str
    value: float | None = None


Advice = KeepAdvice | ScoreAdvice


class Coach(Protocol):
    @property
    def optimal(self) -> bool: ...

    def best_action(self, game: GameState) -> Advice | None: ...

    def best_box(self, game: GameState) -> str: ...

    def computer_action(self, game: GameState, level: str, rng: random.Random) -> Advice: ...


def best_immediate_box(game: GameState) -> str:
    """The legal box that scores most with the current dice (the earliest in sheet order on a
    tie, so a forced 0 goes to the cheapest upper box first)."""
    options = game.options
    if options is None:
        raise ValueError("no dice rolled yet: there is no box to score")
    legal = [box for box in game.ruleset.box_ids if box in options.legal]
    return max(legal, key=lambda box: (options.points[box], -legal.index(box)))


def _most_frequent_face_positions(dice: tuple[int, ...]) -> tuple[int, ...]:
    counts = Counter(dice)
    face = max(counts, key=lambda f: (counts[f], f))
    return tuple(position for position, value in enumerate(dice) if value == face)


class GreedyCoach:
    """Best points now; between rolls, keep the most frequent face. No table needed.

    It plays like the `beginner` level of game.strategy.players, at every level.
    """

    optimal = False

    def best_box(self, game: GameState) -> str:
        return best_immediate_box(game)

    def best_action(self, game: GameState) -> Advice | None:
        if game.dice is None or game.is_over:
            return None
        box = best_immediate_box(game)
        assert game.options is not None
        if game.rolls_left == 0 or game.options.points[box] >= SCORE_AT_ONCE:
            return ScoreAdvice(box)
        kept = _most_frequent_face_positions(game.dice)
        if len(kept) == DICE_COUNT:
            return ScoreAdvice(box)
        return KeepAdvice(kept)

    def computer_action(self, game: GameState, level: str, rng: random.Random) -> Advice:
        advice = self.best_action(game)
        if advice is None:
            raise ValueError("a computer player acts only after its first roll")
        return advice
