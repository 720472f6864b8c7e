"""What the commands of `python -m game` share: their usage error, argument types and options,
and reading a saved game."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from game.errors import GameError
from game.persistence.savefile import load_game
from game.play.random_source import check_seed
from game.play.state import GameState
from game.rules.dice import parse_dice
from game.rules.rulesets import RULESETS, get_ruleset

T = TypeVar("T")


class UsageError(Exception):
    """A command line the program cannot run: reported in one line, exit status 2."""


def argument_type(parse: Callable[[str], T]) -> Callable[[str], T]:
    """Let argparse report our parsers' GameErrors as bad arguments."""

    def checked(text: str) -> T:
        try:
            return parse(text)
        except GameError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    checked.__name__ = parse.__name__
    return checked


def whole_number(text: str) -> int:
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
        "--seed", type=argument_type(lambda text: check_seed(whole_number(text))),
        help="reproducible dice (a whole number); without it, system randomness",
    )  # fmt: skip


def load_game_file(path: Path) -> GameState:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"cannot read saved game {str(path)!r}: {error}") from None
    return load_game(text)
