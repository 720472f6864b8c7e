"""Play whole one-player games with a computer player, fast: no game engine, just a sheet.

The rules come from `game.rules.rulesets.score_options` (points, legal boxes, joker, bonus), so a
simulated game scores exactly as a real one. Each game has its own random generator seeded
from (seed, game number), so results do not depend on how games are split between processes.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from game.rules.dice import DICE_COUNT, roll
from game.rules.rulesets import Ruleset, Section, score_options
from game.strategy.advisor import Keep, Position, PositionError, Score
from game.strategy.players import ComputerPlayer

PERCENTILES = (1, 5, 10, 25, 50, 75, 90, 95, 99)


def game_random(seed: int, game: int) -> random.Random:
    return random.Random(f"penta-simulation:{seed}:{game}")


def play_game(ruleset: Ruleset, player: ComputerPlayer, rng: random.Random) -> int:
    """One whole game; returns the final total."""
    open_boxes = set(ruleset.box_ids)
    upper_subtotal = 0
    five_points: int | None = None
    total = 0
    while open_boxes:
        dice = roll(rng, DICE_COUNT)
        rolls_left = 2
        while True:
            position = Position(
                ruleset, frozenset(open_boxes), upper_subtotal, five_points, dice, rolls_left, total
            )
            action = player.choose(position, rng)
            if isinstance(action, Keep) and rolls_left > 0:
                dice = tuple(action.faces) + roll(rng, DICE_COUNT - len(action.faces))
                rolls_left -= 1
                continue
            if not isinstance(action, Score):
                raise PositionError(f"{player.level} chose {action!r} with {rolls_left} rolls left")
            options = score_options(ruleset, open_boxes, five_points, dice)
            if action.box not in options.legal:
                raise PositionError(f"{player.level} chose the illegal box {action.box!r}")
            points = options.points[action.box]
            total += points + options.five_of_a_kind_bonus
            if ruleset.box(action.box).section is Section.UPPER:
                total -= ruleset.upper_bonus_for(upper_subtotal)
                upper_subtotal += points
                total += ruleset.upper_bonus_for(upper_subtotal)
            if action.box == ruleset.five_of_a_kind_box:
                five_points = points
            open_boxes.remove(action.box)
            break
    return total


def play_games(
    ruleset: Ruleset, player: ComputerPlayer, seed: int, games: Sequence[int]
) -> list[int]:
    """The final totals of the numbered games (game n always plays the same dice)."""
    return [play_game(ruleset, player, game_random(seed, game)) for game in games]


@dataclass(frozen=True)
class Summary:
    games: int
    mean: float
    standard_deviation: float
    standard_error: float
    minimum: int
    maximum: int
    percentiles: dict[int, float]

    @classmethod
    def of(cls, totals: Sequence[int]) -> Summary:
        deviation = statistics.stdev(totals) if len(totals) > 1 else 0.0
        cuts = statistics.quantiles(totals, n=100, method="inclusive") if len(totals) > 1 else []
        return cls(
            games=len(totals),
            mean=statistics.fmean(totals),
            standard_deviation=deviation,
            standard_error=deviation / math.sqrt(len(totals)),
            minimum=min(totals),
            maximum=max(totals),
            percentiles={p: cuts[p - 1] if cuts else float(totals[0]) for p in PERCENTILES},
        )
