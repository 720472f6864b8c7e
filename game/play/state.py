"""The game as one immutable snapshot: players, sheets, and the turn in progress.

A `GameState` is what a screen renders and what a save file stores. It never changes;
the actions in `game.play.engine` return a new state (so undo is keeping the previous one).
Build states with `game.play.engine.new_game`, the actions, or
`game.persistence.savefile.load_game`.

Fields:
    ruleset          the Ruleset being played
    players          tuple[Player, ...]: name, kind (human/computer), level (computers only)
    sheets           tuple[Sheet, ...], one per player, same order (see game.play.sheet)
    current_player   index of the player whose turn it is (0 once the game is over)
    dice             the five faces on the table, die 0..4, or None before the turn's first roll
    kept             sorted positions (0..4) of the dice set aside for the next roll
    rolls_left       3 before the first roll, then 2, 1, 0
    selected_box     the box the player has picked but not yet confirmed, or None
    dice_source      where the next roll comes from (see game.play.random_source)
    log              every roll, keep and scored box so far (see game.play.move_log)

Derived, for the screens and the advisor:
    is_over, player, sheet, turn_number, has_rolled, can_roll, real_dice
    challenge_date   the day of the daily challenge the game is (DailyDice), or None
    game_turn        boxes filled on all sheets together (the turn of the whole game, from 0)
    options          ScoreOptions for the current dice on the current sheet, or None before the
                     first roll: `points` (every open box, joker applied), `legal`, `forbidden`,
                     `joker` (which JokerBranch, or None), `five_of_a_kind_bonus` (earned by
                     scoring now), `must_sacrifice` (no legal box scores anything)
    For each sheet: upper_subtotal, points_to_upper_bonus, upper_bonus, lower_subtotal,
    five_of_a_kind_box_points, five_of_a_kind_bonus_points, total, open_boxes.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum
from functools import cached_property

from game.errors import InvalidSetupError
from game.play.daily_dice import DailyDice
from game.play.move_log import MoveLog
from game.play.random_source import DiceSource, RealDice
from game.play.sheet import Sheet
from game.rules.dice import DICE_COUNT, Dice
from game.rules.rulesets import Ruleset, ScoreOptions

LEVELS: tuple[str, ...] = ("optimal", "casual", "beginner")
"""Computer levels, strongest first (their names and descriptions are in the catalogs)."""
DEFAULT_LEVEL = "casual"
MAX_NAME_LENGTH = 50

MAX_PLAYERS = 100
"""The most players a game, and so any saved record of one, may hold."""


class PlayerKind(StrEnum):
    HUMAN = "human"
    COMPUTER = "computer"


@dataclass(frozen=True)
class Player:
    """A seat at the table. `level` names a computer player's strength; humans have None.

    >>> Player("Bot", "computer", "casual").kind
    <PlayerKind.COMPUTER: 'computer'>
    >>> Player("Dana", level="casual")
    Traceback (most recent call last):
    game.errors.InvalidSetupError: a human player has no level, but 'Dana' has level 'casual'

    Raises:
        InvalidSetupError: a blank or too long name, one with a character a typed name may not
            hold (a control or format character but the joiners) or with more than
            MAX_MARKS_ON_A_LETTER combining marks on a letter, a kind that is not a PlayerKind,
            a human with a level, or a computer whose level is not one of LEVELS.
    """

    name: str
    kind: PlayerKind = PlayerKind.HUMAN
    level: str | None = None

    def __post_init__(self) -> None:
        check_text("player name", self.name, MAX_NAME_LENGTH)
        # Stored or imported, a name follows the rule of a name typed: a direction override
        # in a stored name showed "ecilA" as "Alice" (a hostile-data walk).
        if not all(map(is_name_character, self.name)):
            odd = sorted({f"U+{ord(ch):04X}" for ch in self.name if not is_name_character(ch)})
            raise InvalidSetupError(
                f"player name {self.name!r} holds characters a name may not: {', '.join(odd)}"
            )
        if as_name(self.name) != self.name:
            raise InvalidSetupError(
                f"player name {self.name!r} stacks more than {MAX_MARKS_ON_A_LETTER} marks on a"
                " letter"
            )
        try:
            object.__setattr__(self, "kind", PlayerKind(self.kind))
        except ValueError:
            kinds = ", ".join(kind.value for kind in PlayerKind)
            raise InvalidSetupError(
                f"player kind is one of {kinds}, not {self.kind!r} (player {self.name!r})"
            ) from None
        if self.kind is PlayerKind.HUMAN and self.level is not None:
            raise InvalidSetupError(
                f"a human player has no level, but {self.name!r} has level {self.level!r}"
            )
        if self.kind is PlayerKind.COMPUTER and self.level not in LEVELS:
            # Stored or imported, an unknown level stopped the game at the computer's turn.
            raise InvalidSetupError(
                f"a computer player's level is one of {', '.join(LEVELS)}, not {self.level!r} "
                f"(player {self.name!r})"
            )


NAME_JOINERS = "\u200c\u200d"
"""The zero-width non-joiner and joiner: invisible format characters, yet part of how a name is
written (an emoji of a family or a flag of several, Persian and Indic words)."""


MAX_MARKS_ON_A_LETTER = 3
"""The combining marks a name may stack on one letter: Hebrew's pointing takes up to three (a
point in the letter, a vowel, a cantillation mark); an imported name with 24 drew over the
page's header (a hostile-data walk)."""


def is_name_character(ch: str) -> bool:
    """Whether `ch` may be in a player's name as typed or stored: printable, or a joiner (every
    other format or control character, such as a direction override, is left out)."""
    return ch.isprintable() or ch in NAME_JOINERS


def as_name(text: str) -> str:
    """What a player's name may hold of `text`, typed: its name characters, each stack of
    combining marks cut to MAX_MARKS_ON_A_LETTER, at most MAX_NAME_LENGTH of them.

    >>> as_name("Dana\u202e"), len(as_name("e" + "\u0301" * 24 + "x"))
    ('Dana', 5)
    """
    kept: list[str] = []
    stacked = 0
    for ch in filter(is_name_character, text):
        stacked = stacked + 1 if unicodedata.category(ch).startswith("M") else 0
        if stacked <= MAX_MARKS_ON_A_LETTER:
            kept.append(ch)
    return "".join(kept)[:MAX_NAME_LENGTH]


def check_text(what: str, text: object, max_length: int) -> None:
    """Names are shown to people: printable, not blank, not absurdly long.

    Raises:
        InvalidSetupError: `text` is not a string, is blank, is longer than `max_length`, or
            holds a control character; the message starts with `what`.
    """
    if not isinstance(text, str) or not text.strip():
        raise InvalidSetupError(f"{what} must be a non-blank string, not {text!r}")
    if len(text) > max_length:
        raise InvalidSetupError(f"{what} has at most {max_length} characters, not {text!r}")
    if any(unicodedata.category(ch) == "Cc" for ch in text):
        raise InvalidSetupError(f"{what} must not contain control characters: {text!r}")


@dataclass(frozen=True)
class GameState:
    ruleset: Ruleset
    players: tuple[Player, ...]
    sheets: tuple[Sheet, ...]
    current_player: int
    dice: Dice | None
    kept: tuple[int, ...]
    rolls_left: int
    selected_box: str | None
    dice_source: DiceSource = field(repr=False)
    log: MoveLog = field(repr=False)

    @property
    def is_over(self) -> bool:
        # The player to move has the fewest boxes filled (game.play.sheet.seat_to_move): when
        # that sheet is complete, every sheet is.
        return self.sheet.is_complete

    @property
    def challenge_date(self) -> date | None:
        """The day of the daily challenge this game is (game.play.daily_dice), else None."""
        source = self.dice_source
        return source.day if isinstance(source, DailyDice) else None

    @property
    def player(self) -> Player:
        return self.players[self.current_player]

    @property
    def sheet(self) -> Sheet:
        """The sheet of the player whose turn it is."""
        return self.sheets[self.current_player]

    @property
    def turn_number(self) -> int:
        """The current player's turn, from 1 to the number of boxes."""
        return len(self.sheet.filled_boxes) + 1

    @property
    def game_turn(self) -> int:
        return sum(len(sheet.scores) - sheet.scores.count(None) for sheet in self.sheets)

    @property
    def real_dice(self) -> bool:
        """Played with real dice at the table: the faces are entered, never rolled."""
        return isinstance(self.dice_source, RealDice)

    @property
    def has_rolled(self) -> bool:
        return self.dice is not None

    @property
    def can_roll(self) -> bool:
        return not self.is_over and self.rolls_left > 0 and len(self.kept) < DICE_COUNT

    @cached_property
    def options(self) -> ScoreOptions | None:
        return None if self.dice is None else self.sheet.options(self.dice)
