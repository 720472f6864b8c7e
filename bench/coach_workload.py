"""The coach benchmark's workload, pure Python: it runs in CPython and inside Pyodide.

One-player games are played by the greedy rule (game.coach.greedy: a plausible human's moves,
and no table needed to choose them), and every keep and box is judged by the coach while
playing exactly as the app judges it (AdvisorCoach.judge) before the move is made. Each turn
starts with the advisor's turn cache emptied, as when the player asked no hint: the first check
of a turn is the expensive one ("first of a turn"), the later ones reuse the cache. The very
first check also builds the advisor's per-ruleset structures (points of every roll in every
box...), once per page: it is reported apart ("first_check_ms"). Each check is timed
`REPEATS` times (the cache as it was before the check each time): the least is the work itself,
without the pauses of a busy machine; the worst of the first times is reported too.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from game.coach.greedy import GreedyCoach, best_immediate_box
from game.coach.optimal import AdvisorCoach
from game.coach.protocol import KeepAdvice, ScoreAdvice
from game.play.engine import new_game, roll, score, select_box, toggle_keep
from game.play.move_log import Kept, Scored
from game.play.random_source import SeededDice
from game.play.state import GameState, Player
from game.rules.dice import DICE_COUNT
from game.rules.rulesets import get_ruleset
from game.strategy.advisor import Advisor
from game.strategy.table import decode_table

REPEATS = 3


def summary_ms(seconds: list[float]) -> dict[str, float]:
    ms = sorted(1000 * s for s in seconds)
    return {
        "count": len(ms),
        "median_ms": round(statistics.median(ms), 3),
        "worst_ms": round(ms[-1], 3),
    }


def measure(ruleset_id: str, table: bytes, games: int) -> dict[str, Any]:
    ruleset = get_ruleset(ruleset_id)
    advisor = Advisor(decode_table(table, ruleset))
    coach, greedy = AdvisorCoach(advisor), GreedyCoach()
    first: list[float] = []
    later: list[float] = []
    once: list[float] = []
    first_times: list[float] = []
    for number in range(games):
        game = new_game(ruleset, [Player("Dana")], SeededDice(number))
        while not game.is_over:
            advisor.forget_turns()
            game = roll(game, 0)
            timings = first if once else once
            while True:
                advice = greedy.best_action(game)
                keep = (
                    isinstance(advice, KeepAdvice)
                    and game.rolls_left > 0
                    and len(advice.kept) < DICE_COUNT
                )
                if keep:
                    assert isinstance(advice, KeepAdvice)
                    game = _kept(game, advice.kept)
                    move: Kept | Scored = Kept(tuple(game.kept))
                elif isinstance(advice, ScoreAdvice):
                    move = Scored(advice.box)
                else:
                    move = Scored(best_immediate_box(game))
                times = []
                for _ in range(REPEATS):
                    if timings is not later:
                        advisor.forget_turns()  # the turn's first check: nothing cached
                    started = time.perf_counter()
                    judgement = coach.judge(game, move)
                    times.append(time.perf_counter() - started)
                    assert judgement is not None
                    if timings is once:
                        break  # the one-time structures are built by then
                timings.append(min(times))
                first_times.append(times[0])
                timings = later
                if isinstance(move, Scored):
                    game = score(select_box(game, 0, move.box), 0, move.box)
                    break
                game = roll(game, 0)
    return {
        "ruleset": ruleset_id,
        "games": games,
        "first_check_ms": round(1000 * once[0], 3),
        "first_of_a_turn": summary_ms(first),
        "later_in_the_turn": summary_ms(later),
        "all": summary_ms(first + later),
        "worst_first_time_ms": round(1000 * max(first_times[1:]), 3),
    }


def _kept(game: GameState, positions: tuple[int, ...]) -> GameState:
    for die in set(game.kept) ^ set(positions):
        game = toggle_keep(game, 0, die)
    return game
