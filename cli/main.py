"""The headless command line: `python -m game <command> ...`, printing JSON.

    python -m game score --ruleset penta|yatzy --dice 44444 [--game FILE.json]
        Each open box with its points for those dice (joker applied), which boxes are legal,
        any five-of-a-kind bonus, and whether a box must be sacrificed. With --game, for that
        saved game's current player (--ruleset may then be left out); else on an empty sheet.
    python -m game play --ruleset R --players N [--seed S] [--level L] [--save FILE.json]
        A whole game of N computer players at level L (casual by default; "random": random
        legal choices, no table needed); prints the final sheets and the standings, and with
        --save writes the finished game with its moves. With a seed, the dice and the choices
        replay exactly.
    python -m game review --game FILE.json
        What each decision of a finished game cost against optimal play, and each player's
        final score split into the expected score, luck and points lost: see
        cli/review_commands.py.
    python -m game advise --game FILE.json | --ruleset R
    python -m game simulate --ruleset R --level L --games N [--seed S] [--workers W]
        Optimal play and measuring the computer's levels: see cli/strategy_commands.py.

Bad arguments, unreadable files and illegal values print one line, "python -m game: error:
...", and exit with status 2. When the reader of the output goes away (`| head`), the command
stops without a word, with status 1.

Adding a command: write its `add_arguments(parser)` and `run(args) -> JSON-ready value`
(cli/game_commands.py and cli/strategy_commands.py hold them) and list a `Command` in
COMMANDS. cli/arguments.py has the options and helpers they share.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from cli import game_commands, review_commands, strategy_commands
from cli.arguments import UsageError
from game.errors import GameError

PROG = "python -m game"


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


COMMANDS: tuple[Command, ...] = (
    Command(
        "score",
        "points for some dice in every open box",
        game_commands.score_arguments,
        game_commands.score,
    ),
    Command(
        "play",
        "play a whole game of computer players",
        game_commands.play_arguments,
        game_commands.play,
    ),
    Command(
        "advise",
        "rank every action by expected final score",
        strategy_commands.advise_arguments,
        strategy_commands.advise,
    ),
    Command(
        "review",
        "what each decision of a finished game cost, and luck against skill",
        review_commands.review_arguments,
        review_commands.review,
    ),
    Command(
        "simulate",
        "play many games with a computer player and summarise the scores",
        strategy_commands.simulate_arguments,
        strategy_commands.simulate,
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
    try:
        json.dump(result, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (`... | head`): stop quietly, as command-line tools do. Python
        # flushes stdout again at exit, which would fail the same way, so it now goes nowhere.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0
