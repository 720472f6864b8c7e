"""The rules commands of `python -m game`: `score` (the points of some dice in every open box)
and `play` (a whole game of computer players, saved with its moves if asked)."""

from __future__ import annotations

import argparse
import random
from pathlib import Path
from typing import Any

from cli.arguments import (
    UsageError,
    dice_argument,
    load_game_file,
    ruleset_argument,
    seed_argument,
    whole_number,
)
from cli.computer_play import RANDOM_LEVEL, computer_game
from cli.tables import load_table
from game.persistence.savefile import dump_game
from game.play.engine import new_game, standings
from game.play.random_source import EntropyDice, SeededDice
from game.play.sheet import Sheet
from game.play.state import DEFAULT_LEVEL, LEVELS, Player, PlayerKind
from game.rules.dice import Dice
from game.rules.rulesets import Ruleset
from game.strategy.advisor import Advisor

MAX_CLI_PLAYERS = 1000


def score_arguments(parser: argparse.ArgumentParser) -> None:
    ruleset_argument(parser, required=False)
    dice_argument(parser)
    parser.add_argument("--game", type=Path, metavar="FILE.json", help="a saved game")


def score(args: argparse.Namespace) -> dict[str, Any]:
    ruleset: Ruleset | None = args.ruleset
    dice: Dice = args.dice
    player = None
    if args.game is None:
        if ruleset is None:
            raise UsageError("the following arguments are required: --ruleset (or --game)")
        sheet = Sheet.empty(ruleset)
    else:
        game = load_game_file(args.game)
        if ruleset is not None and ruleset != game.ruleset:
            raise UsageError(
                f"--ruleset {ruleset.id} does not match the saved game's {game.ruleset.id!r}"
            )
        if game.is_over:
            raise UsageError(f"the game in {str(args.game)!r} is over: nobody has a turn")
        sheet = game.sheet
        player = {"index": game.current_player, "name": game.player.name}
    options = sheet.options(dice)
    return {
        "ruleset": sheet.ruleset.id,
        "dice": list(dice),
        "player": player,
        "boxes": [
            {"box": box_id, "points": points, "legal": box_id in options.legal}
            for box_id, points in options.points.items()
        ],
        "legal": [box_id for box_id in options.points if box_id in options.legal],
        "forbidden": [box_id for box_id in options.points if box_id in options.forbidden],
        "joker": options.joker,
        "five_of_a_kind_bonus": options.five_of_a_kind_bonus,
        "must_sacrifice": options.must_sacrifice,
    }


def play_arguments(parser: argparse.ArgumentParser) -> None:
    ruleset_argument(parser)
    parser.add_argument(
        "--players", type=whole_number, required=True, metavar="N",
        help=f"how many players, 1 to {MAX_CLI_PLAYERS}",
    )  # fmt: skip
    seed_argument(parser)
    parser.add_argument(
        "--level", choices=(*LEVELS, RANDOM_LEVEL), default=DEFAULT_LEVEL,
        help=f"the computers' level (default {DEFAULT_LEVEL}; {RANDOM_LEVEL}: random legal moves)",
    )  # fmt: skip
    parser.add_argument(
        "--save", type=Path, metavar="FILE.json",
        help="write the finished game there, with its moves (for `review`)",
    )  # fmt: skip


def play(args: argparse.Namespace) -> dict[str, Any]:
    saved_level = LEVELS[-1] if args.level == RANDOM_LEVEL else args.level
    if not 1 <= args.players <= MAX_CLI_PLAYERS:
        raise UsageError(f"--players is 1 to {MAX_CLI_PLAYERS}, not {args.players}")
    players = [
        # The game saved holds only the app's levels (it may be opened there): random moves
        # are saved as the weakest of them.
        Player(f"Player {number}", PlayerKind.COMPUTER, saved_level)
        for number in range(1, args.players + 1)
    ]
    needs_table = args.level not in (RANDOM_LEVEL, "beginner")
    advisor = Advisor(load_table(args.ruleset)) if needs_table else None
    if args.seed is None:
        state = new_game(args.ruleset, players, EntropyDice())
        chooser: random.Random = random.SystemRandom()
    else:
        state = new_game(args.ruleset, players, SeededDice(args.seed))
        chooser = random.Random(args.seed)
    final = computer_game(state, args.level, advisor, chooser)
    if args.save is not None:
        try:
            args.save.write_text(dump_game(final), encoding="utf-8")
        except OSError as error:
            raise UsageError(f"cannot write {str(args.save)!r}: {error}") from None
    return {
        "ruleset": final.ruleset.id,
        "seed": args.seed,
        "level": args.level,
        "saved": None if args.save is None else str(args.save),
        "players": [
            {"name": player.name, "sheet": sheet_to_data(sheet)}
            for player, sheet in zip(final.players, final.sheets, strict=True)
        ],
        "standings": [
            {"place": row.place, "player": row.player, "name": row.name, "total": row.total}
            for row in standings(final)
        ],
    }


def sheet_to_data(sheet: Sheet) -> dict[str, Any]:
    return {
        "boxes": sheet.filled_boxes,
        "upper_subtotal": sheet.upper_subtotal,
        "upper_bonus": sheet.upper_bonus,
        "lower_subtotal": sheet.lower_subtotal,
        "five_of_a_kind_bonuses": sheet.five_of_a_kind_bonus_count,
        "five_of_a_kind_bonus_points": sheet.five_of_a_kind_bonus_points,
        "total": sheet.total,
    }
