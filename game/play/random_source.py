"""Where dice come from. A game holds one dice source; rolling asks it for faces.

    EntropyDice(source=random.SystemRandom())   the default: fresh randomness every roll,
                                                 nothing stored predicts the next roll
    SeededDice(seed, position=0)                 reproducible: the same seed gives the same
                                                 faces in the same order (replays, tests,
                                                 "same dice for everyone" challenges)
    DailyDice(day, ruleset_id)                   the daily challenge (game.play.daily_dice):
                                                 each roll's dice follow from the day, the
                                                 ruleset and where the roll is (`RollAt`)

    RealDice()                                   the dice are on the table: their faces are
                                                 entered (game.play.real_dice), never drawn

All are immutable: `draw(count)` returns the faces and the source to use next. A
`SeededDice` is fully described by (seed, position), so a saved game stores those two numbers
and carries on with exactly the dice it would have had. Die number `position` is
SHA-256(seed, position) reduced to a face, so restoring a position costs nothing and the
sequence is the same in CPython and in Pyodide.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from typing import Protocol

from game.errors import InvalidSetupError, RealDiceError
from game.rules.dice import FACES, Dice, RandomSource, roll

MAX_SEED = 2**53 - 1
"""Seeds stay exact in JSON read by JavaScript (Number.MAX_SAFE_INTEGER)."""
MAX_POSITION = 2**53 - 1
"""Far beyond the dice of any game (a few hundred), and exact in JSON read by JavaScript."""


@dataclass(frozen=True)
class RollAt:
    """Where a roll is in its game: the sources that depend on it (game.play.daily_dice) read
    it, the others draw the next faces whatever it says."""

    game_turn: int
    """From 0 (game.play.state.GameState.game_turn)."""
    roll: int
    """1 to 3 within the turn."""
    slots: tuple[int, ...]
    """The die positions rolled (0 to 4), rising."""


class DiceSource(Protocol):
    def draw(self, count: int, at: RollAt | None = None) -> tuple[Dice, DiceSource]: ...


@dataclass(frozen=True)
class EntropyDice:
    """Dice from a live random source; the default is the operating system's (cryptographic)."""

    source: RandomSource = field(default_factory=random.SystemRandom, compare=False, repr=False)

    def draw(self, count: int, at: RollAt | None = None) -> tuple[Dice, EntropyDice]:
        return roll(self.source, count), self


@dataclass(frozen=True)
class SeededDice:
    """Reproducible dice: the same seed gives the same faces, and drawing moves `position` on.

    >>> faces, following = SeededDice(42).draw(5)
    >>> faces == SeededDice(42).draw(5)[0], following
    (True, SeededDice(seed=42, position=5))
    >>> following.draw(2)[0] == SeededDice(42).draw(7)[0][5:]
    True

    Raises:
        InvalidSetupError: a seed that is not a whole number from 0 to MAX_SEED, or a position
            that is not one from 0 to MAX_POSITION.
    """

    seed: int
    position: int = 0
    """How many dice have been drawn from this seed so far."""

    def __post_init__(self) -> None:
        check_seed(self.seed)
        if isinstance(self.position, bool) or not isinstance(self.position, int):
            raise InvalidSetupError(f"a dice position is a whole number, not {self.position!r}")
        # Bounded as the seed is: a stored position of 4,300 digits restored, then every roll
        # failed, as its text is past what Python writes (a hostile-data walk).
        if not 0 <= self.position <= MAX_POSITION:
            shown = self.position if abs(self.position) < 10**30 else "a number that long"
            raise InvalidSetupError(
                f"a dice position is a whole number from 0 to {MAX_POSITION}, not {shown}"
            )

    def draw(self, count: int, at: RollAt | None = None) -> tuple[Dice, SeededDice]:
        faces = tuple(self._face(self.position + offset) for offset in range(count))
        return faces, SeededDice(self.seed, self.position + count)

    def _face(self, position: int) -> int:
        digest = hashlib.sha256(f"penta-dice:{self.seed}:{position}".encode()).digest()
        # 64 bits modulo 6: the bias is below 1e-18, far beneath anything a game can show.
        return FACES[int.from_bytes(digest[:8], "big") % len(FACES)]


@dataclass(frozen=True)
class RealDice:
    """Real dice, thrown at the table: the scorekeeper enters their faces.

    >>> RealDice().draw(5)
    Traceback (most recent call last):
    game.errors.RealDiceError: real dice: enter their 5 faces, the app rolls none
    """

    def draw(self, count: int, at: RollAt | None = None) -> tuple[Dice, RealDice]:
        """Never any dice.

        Raises:
            RealDiceError: always: the faces of real dice are entered, not drawn.
        """
        raise RealDiceError(f"real dice: enter their {count} faces, the app rolls none")


def check_seed(seed: object) -> int:
    """Return `seed` if it is a whole number from 0 to MAX_SEED, else raise InvalidSetupError.

    >>> check_seed(-1)
    Traceback (most recent call last):
    game.errors.InvalidSetupError: a seed is a whole number from 0 to 9007199254740991, not -1

    Raises:
        InvalidSetupError: `seed` is not an int (True and 1.0 are not), or out of range.
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise InvalidSetupError(f"a seed is a whole number from 0 to {MAX_SEED}, not {seed!r}")
    return seed
