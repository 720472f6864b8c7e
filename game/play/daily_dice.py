"""The daily challenge's dice: the same for everyone who plays a ruleset on the same local date.

    daily_seed(day, ruleset_id) -> int      the first 53 bits of
                                            SHA-256("penta-daily:YYYY-MM-DD:<ruleset id>")
    DailyDice(day, ruleset_id)              a dice source (game.play.random_source.DiceSource)
    check_daily_log(day, ruleset_id, log)   raises InvalidSetupError at the first roll of
                                            the log whose dice are not the day's

Every roll has a stream of its own: die slot `slot` (0 to 4) of roll `roll` (1 to 3) of game
turn `turn` shows face number

    SHA-256("penta-daily-dice:<seed>:<turn>:<roll>:<slot>")[:8] as a big-endian integer mod 6

and a roll gives each die slot it rolls that slot's face. So the first roll of every turn is
the same for everyone whatever they did before, and a slot rolled again on the same roll of
the same turn shows the same face whichever dice were kept: players who keep differently see
different dice only in the slots they kept. Nothing but the day and the ruleset is stored:
the dice of any roll follow from where it is in the game.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date

from game.errors import InvalidSetupError
from game.play.move_log import Kept, MoveLog, Rolled, Scored
from game.play.random_source import MAX_SEED, RollAt
from game.rules.dice import DICE_COUNT, FACES, Dice


def daily_seed(day: date, ruleset_id: str) -> int:
    """The challenge's seed for `day` (the player's local date) and a ruleset: stable across
    Python versions, platforms and devices (SHA-256, never `hash()`).

    >>> daily_seed(date(2026, 12, 1), "yatzy") == daily_seed(date(2026, 12, 1), "yatzy")
    True
    """
    digest = hashlib.sha256(f"penta-daily:{day.isoformat()}:{ruleset_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - MAX_SEED.bit_length())


@dataclass(frozen=True)
class DailyDice:
    """The dice of the daily challenge of `day` for one ruleset (see the module docstring).

    Raises:
        InvalidSetupError: `day` is not a date, or `ruleset_id` is not a non-empty string.
    """

    day: date
    """The challenge's date: the local date when it was started."""
    ruleset_id: str

    def __post_init__(self) -> None:
        if not isinstance(self.day, date):
            raise InvalidSetupError(f"a daily challenge's day is a date, not {self.day!r}")
        if not isinstance(self.ruleset_id, str) or not self.ruleset_id:
            raise InvalidSetupError(
                f"a daily challenge needs a ruleset id, not {self.ruleset_id!r}"
            )

    @property
    def seed(self) -> int:
        return daily_seed(self.day, self.ruleset_id)

    def draw(self, count: int, at: RollAt | None = None) -> tuple[Dice, DailyDice]:
        """The faces of the slots `at` rolls (`count` of them).

        Raises:
            InvalidSetupError: no `at` (these dice depend on where the roll is), or `count`
                is not the number of slots it names.
        """
        if at is None or len(at.slots) != count:
            raise InvalidSetupError(f"the daily dice roll named slots, {count} of them, not {at!r}")
        seed = self.seed
        return tuple(_face(seed, at, slot) for slot in at.slots), self


def _face(seed: int, at: RollAt, slot: int) -> int:
    text = f"penta-daily-dice:{seed}:{at.game_turn}:{at.roll}:{slot}"
    digest = hashlib.sha256(text.encode()).digest()
    return FACES[int.from_bytes(digest[:8], "big") % len(FACES)]


def check_daily_log(day: date, ruleset_id: str, log: MoveLog) -> None:
    """Checks that `log` holds one player's whole game, every roll of it showing the dice of
    `day`'s challenge: a game imported as that day's challenge, with other dice (or none),
    would have stood for the day's game on the device.

    Raises:
        InvalidSetupError: the log starts after the game's first turn, a roll shows other dice
            than the day's, or the log holds a move a game with dice on screen does not make
            (dice entered by hand).
    """
    if not log.complete:
        raise InvalidSetupError(
            f"a challenge's log holds its whole game, not from turn {log.since_turn + 1}"
        )
    seed = daily_seed(day, ruleset_id)
    turn, roll = 0, 0
    kept: tuple[int, ...] = ()
    for index, move in enumerate(log.moves):
        if isinstance(move, Scored):
            turn, roll, kept = turn + 1, 0, ()
        elif isinstance(move, Kept):
            kept = move.positions
        elif isinstance(move, Rolled):
            roll += 1
            slots = tuple(slot for slot in range(DICE_COUNT) if roll == 1 or slot not in kept)
            at = RollAt(turn, roll, slots)
            day_faces = [_face(seed, at, slot) for slot in slots]
            if [move.dice[slot] for slot in slots] != day_faces:
                raise InvalidSetupError(
                    f"move {index}: turn {turn + 1}, roll {roll} shows {list(move.dice)}, "
                    f"not the dice of the {day.isoformat()} {ruleset_id} challenge"
                )
        else:
            raise InvalidSetupError(
                f"move {index}: the {day.isoformat()} challenge is played with dice on screen, "
                f"not {move!r}"
            )
