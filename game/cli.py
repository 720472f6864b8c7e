"""The headless command line: `python -m game <command> ...`, printing JSON.

    python -m game score --ruleset penta|yatzy --dice 44444 [--game FILE.json]
        Each open box with its points for those dice (joker applied), which boxes are legal,
        any five-of-a-kind bonus, and whether a box must be sacrificed. With --game, for that
        saved game's current player (--ruleset may then be left out); else on an empty sheet.
    python -m game play --ruleset R --players N [--seed S]
        A whole game of N players making random legal choices; prints the final sheets and
        the standings. With a seed, the dice and the choices replay exactly.

Bad arguments, unreadable files and illegal values print one line, "python -m game: error:
...", and exit with status 2.

Adding a command: write its `add_arguments(parser)` and `run(args) -> JSON-ready value`
and list a `Command` in COMMANDS. `ruleset_argument`, `dice_argument`, `seed_argument` and
`load_game_file` are there to be shared.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn, TypeVar

from game.dice import Dice, parse_dice
from game.engine import new_game, standings
from game.errors import GameError
from game.random_play import random_game
from game.random_source import EntropyDice, SeededDice, check_seed
from game.rulesets import RULESETS, Ruleset, get_ruleset
from game.savefile import load_game
from game.sheet import Sheet
from game.state import GameState, Player, PlayerKind
from game.strategy import cli as strategy_cli

PROG = "python -m game"
MAX_CLI_PLAYERS = 1000
T = TypeVar("T")


class UsageError(Exception):
    """A command line the program cannot run: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse would print the usage too
        raise UsageError(message)


@dataclass(frozen=True)
class Command:
    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], Any]
    """Returns what to print, as JSON-ready data; raises UsageError or GameError."""


def argument_type(parse: Callable[[str], T]) -> Callable[[str], T]:
    """Let argparse report our parsers' GameErrors as bad arguments."""

    def checked(text: str) -> T:
        try:
            return parse(text)
        except GameError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    checked.__name__ = parse.__name__
    return checked


def _whole_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None


def ruleset_argument(parser: argparse.ArgumentParser, required: bool = True) -> None:
    parser.add_argument(
        "--ruleset", type=argument_type(get_ruleset), required=required,
        metavar="|".join(RULESETS), help="the rules to score by",
    )  # fmt: skip


def dice_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--dice", type=argument_type(parse_dice), required=True, metavar="DICE",
        help="five faces as digits, such as 44444 or 1-1-3-4-6",
    )  # fmt: skip


def seed_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--seed", type=argument_type(lambda text: check_seed(_whole_number(text))),
        help="reproducible dice (a whole number); without it, system randomness",
    )  # fmt: skip


def load_game_file(path: Path) -> GameState:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"cannot read saved game {str(path)!r}: {error}") from None
    return load_game(text)


# score ----------------------------------------------------------------------------------


def _score_arguments(parser: argparse.ArgumentParser) -> None:
    ruleset_argument(parser, required=False)
    dice_argument(parser)
    parser.add_argument("--game", type=Path, metavar="FILE.json", help="a saved game")


def _score(args: argparse.Namespace) -> dict[str, Any]:
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


# play -----------------------------------------------------------------------------------


def _play_arguments(parser: argparse.ArgumentParser) -> None:
    ruleset_argument(parser)
    parser.add_argument(
        "--players", type=_whole_number, required=True, metavar="N",
        help=f"how many players, 1 to {MAX_CLI_PLAYERS}",
    )  # fmt: skip
    seed_argument(parser)


def _play(args: argparse.Namespace) -> dict[str, Any]:
    if not 1 <= args.players <= MAX_CLI_PLAYERS:
        raise UsageError(f"--players is 1 to {MAX_CLI_PLAYERS}, not {args.players}")
    players = [
        Player(f"Player {number}", PlayerKind.COMPUTER, "random")
        for number in range(1, args.players + 1)
    ]
    if args.seed is None:
        state = new_game(args.ruleset, players, EntropyDice())
        chooser: random.Random = random.SystemRandom()
    else:
        state = new_game(args.ruleset, players, SeededDice(args.seed))
        chooser = random.Random(args.seed)
    final = random_game(state, chooser)
    return {
        "ruleset": final.ruleset.id,
        "seed": args.seed,
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


COMMANDS: tuple[Command, ...] = (
    Command("score", "points for some dice in every open box", _score_arguments, _score),
    Command("play", "play a whole game with random legal moves", _play_arguments, _play),
    Command(
        "advise",
        "rank every action by expected final score",
        strategy_cli.advise_arguments,
        strategy_cli.advise,
    ),
    Command(
        "simulate",
        "play many games with a computer player and summarise the scores",
        strategy_cli.simulate_arguments,
        strategy_cli.simulate,
    ),
)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Penta and Yatzy rules, headless.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        sub = commands.add_parser(command.name, help=command.help, description=command.help)
        command.add_arguments(sub)
        sub.set_defaults(run=command.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        result = args.run(args)
    except (UsageError, GameError) as error:
        message = " ".join(str(error).split())
        print(f"{PROG}: error: {message}", file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0
