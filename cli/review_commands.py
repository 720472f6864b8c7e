"""`python -m game review --game FILE.json`: the review of a finished game (game.coach.review)
as JSON, every expected value a full float:

    {"decisions": [{"player": 0, "turn": 1, "roll": 1, "dice": [4, 4, 2, 6, 1],
                    "rolls_left": 2, "choice": {"keep": [4, 4]}, "best": {"keep": [4, 4]},
                    "choice_expected": 251.2, "best_expected": 251.2, "loss": 0.0,
                    "advised": false}, ...],
     "players": [{"final": 243, "start_expected": 254.58, "luck": 3.1, "points_lost": 14.68,
                  "optimal_share": 0.84, "advised_decisions": 0, "percentile": 38.2}]}

A keep is its faces, sorted; a box its id (as in `score` and `advise`). An advised decision
was the app's (the hint's, or the countdown's box): "optimal_share" is of the player's own
decisions, null when every one was advised.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from cli.arguments import UsageError, load_game_file
from cli.tables import load_distribution, load_table
from game.coach.review import Choice, Decision, PlayerReview, review_game
from game.strategy.advisor import Advisor, Keep


def review_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game", type=Path, required=True, metavar="FILE.json",
        help="a finished game saved with its moves (python -m game play --save)",
    )  # fmt: skip


def review(args: argparse.Namespace) -> dict[str, Any]:
    game = load_game_file(args.game)
    if not game.is_over:
        raise UsageError(
            f"the game in {str(args.game)!r} is not over (turn {game.turn_number} of "
            f"{game.player.name!r}): only a finished game is reviewed"
        )
    advisor = Advisor(load_table(game.ruleset))
    reviewed = review_game(
        game.ruleset, len(game.players), game.log, advisor, load_distribution(game.ruleset)
    )
    return {
        "decisions": [decision_data(decision) for decision in reviewed.decisions],
        "players": [player_data(player) for player in reviewed.players],
    }


def decision_data(decision: Decision) -> dict[str, Any]:
    return {
        "player": decision.player,
        "turn": decision.turn,
        "roll": decision.roll,
        "entered": decision.entered,  # real dice: `roll` is assumed, not seen
        "dice": list(decision.dice),
        "rolls_left": decision.rolls_left,
        "choice": choice_data(decision.choice),
        "best": choice_data(decision.best),
        "choice_expected": decision.choice_expected,
        "best_expected": decision.best_expected,
        "loss": decision.loss,
        "advised": decision.advised,
    }


def choice_data(choice: Choice) -> dict[str, Any]:
    if isinstance(choice, Keep):
        return {"keep": list(choice.faces)}
    return {"box": choice.box}


def player_data(player: PlayerReview) -> dict[str, Any]:
    return {
        "final": player.final,
        "start_expected": player.start_expected,
        "luck": player.luck,
        "points_lost": player.points_lost,
        "optimal_share": player.optimal_share,
        "advised_decisions": player.advised_decisions,
        "percentile": player.percentile,
    }
