"""The strategy commands of `python -m game` (registered in cli/main.py).

    python -m game advise --game FILE.json
        Every action of the current player's turn, best first, with its expected final
        score, as JSON. `--ruleset R` instead of `--game`: a new one-player game before its
        first roll (its one action, rolling, is worth the table's start value).
    python -m game simulate --ruleset R --level L --games N [--seed S] [--workers W]
        N one-player games by the computer at level L; prints the mean, standard deviation,
        standard error and percentiles of the final score.

Both read the ruleset's strategy table from assets/tables (`python -m tools.solve` makes it);
the beginner level needs none.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cli.arguments import UsageError, load_game_file, ruleset_argument, seed_argument
from cli.simulate import Summary, play_games
from cli.tables import load_table
from game.coach.optimal import position_of
from game.play.state import LEVELS
from game.rules.rulesets import Ruleset
from game.strategy.advisor import Advisor, Keep, Position, RankedAction, Roll, Score
from game.strategy.players import make_player

MAX_GAMES = 10_000_000


def advise_arguments(parser: argparse.ArgumentParser) -> None:
    ruleset_argument(parser, required=False)
    parser.add_argument("--game", type=Path, metavar="FILE.json", help="a saved game")


def advise(args: argparse.Namespace) -> dict[str, Any]:
    player = None
    if args.game is not None:
        if args.ruleset is not None:
            raise UsageError("give either --game or --ruleset, not both")
        game = load_game_file(args.game)
        if game.is_over:
            raise UsageError(f"the game in {str(args.game)!r} is over: nobody has a turn")
        position = position_of(game)
        player = {"index": game.current_player, "name": game.player.name}
    elif args.ruleset is not None:
        position = Position.new_game(args.ruleset)
    else:
        raise UsageError("the following arguments are required: --game or --ruleset")
    advisor = Advisor(load_table(position.ruleset))
    return {
        "ruleset": position.ruleset.id,
        "player": player,
        "dice": None if position.dice is None else list(position.dice),
        "rolls_left": position.rolls_left,
        "sheet_total": position.sheet_total,
        "actions": [_action_data(choice, position) for choice in advisor.rank(position)],
    }


def _action_data(choice: RankedAction, position: Position) -> dict[str, Any]:
    action = choice.action
    data: dict[str, Any]
    if isinstance(action, Roll):
        data = {"action": "roll"}
    elif isinstance(action, Keep):
        assert position.dice is not None
        data = {
            "action": "keep",
            "keep": list(action.faces),
            "positions": list(action.positions(position.dice)),
        }
    else:
        assert isinstance(action, Score)
        data = {"action": "score", "box": action.box, "points": action.points}
        if action.bonus:
            data["bonus"] = action.bonus
    data["expected"] = round(choice.expected, 6)
    return data


def simulate_arguments(parser: argparse.ArgumentParser) -> None:
    ruleset_argument(parser)
    parser.add_argument("--level", choices=LEVELS, required=True, help="the computer's level")
    parser.add_argument("--games", type=int, required=True, metavar="N", help="how many games")
    seed_argument(parser)
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, metavar="W",
        help="processes to spread the games over (default: one per core)",
    )  # fmt: skip


def simulate(args: argparse.Namespace) -> dict[str, Any]:
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games is 1 to {MAX_GAMES}, not {args.games}")
    if args.workers < 1:
        raise UsageError(f"--workers is at least 1, not {args.workers}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    started = time.perf_counter()
    totals, start_value = simulate_games(args.ruleset, args.level, args.games, seed, args.workers)
    summary = Summary.of(totals)
    result: dict[str, Any] = {
        "ruleset": args.ruleset.id,
        "level": args.level,
        "games": summary.games,
        "seed": seed,
        "mean": round(summary.mean, 4),
        "standard_deviation": round(summary.standard_deviation, 4),
        "standard_error": round(summary.standard_error, 4),
        "minimum": summary.minimum,
        "maximum": summary.maximum,
        "percentiles": {f"p{p}": value for p, value in summary.percentiles.items()},
        "seconds": round(time.perf_counter() - started, 2),
    }
    if start_value is not None:
        result["optimal_expected"] = round(start_value, 6)
        result["mean_minus_optimal_in_standard_errors"] = round(
            (summary.mean - start_value) / summary.standard_error, 2
        )
    return result


_WORKER_ADVISOR: Advisor | None = None
"""The advisor a forked worker inherits (the table is loaded once, before forking)."""


def simulate_games(
    ruleset: Ruleset, level: str, games: int, seed: int, workers: int
) -> tuple[list[int], float | None]:
    """Final totals of games 0..games-1, and the table's start value when it was loaded."""
    global _WORKER_ADVISOR
    advisor = None if level == "beginner" else Advisor(load_table(ruleset))
    _WORKER_ADVISOR = advisor
    batches = [range(start, games, workers) for start in range(workers)]
    jobs = [(ruleset, level, seed, batch) for batch in batches if batch]
    if len(jobs) == 1:
        totals = _play_batch(*jobs[0])
    else:
        with multiprocessing.get_context("fork").Pool(len(jobs)) as pool:
            totals = [total for part in pool.starmap(_play_batch, jobs) for total in part]
    return totals, None if advisor is None else advisor.table.start_value


def _play_batch(ruleset: Ruleset, level: str, seed: int, games: Sequence[int]) -> list[int]:
    return play_games(ruleset, make_player(level, _WORKER_ADVISOR), seed, games)
