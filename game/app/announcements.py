"""What the page announces to a screen reader after an intent (AppState.ui.announcement): a
roll, the dice a computer player kept, a box scored, the game's end, a box taken back or
corrected, a key's answer."""

from __future__ import annotations

from dataclasses import dataclass

from game.app.key_answers import KeyAnswered
from game.rules.dice import Dice


@dataclass(frozen=True)
class Rolled:
    player: int
    dice: Dice
    kept: tuple[int, ...] = ()
    """The positions kept through the roll: the others are the dice just rolled."""


@dataclass(frozen=True)
class Kept:
    """A computer player set dice aside (empty: it rerolls all five)."""

    player: int
    dice: Dice


@dataclass(frozen=True)
class Scored:
    player: int
    box: str
    points: int
    bonus: int
    automatic: bool
    dice: tuple[int, ...] = ()
    """The dice scored: the hand-over shows a computer's (a family could not check its moves)."""


@dataclass(frozen=True)
class GameOver:
    last: Scored
    """The box that ended the game: said with the result (a screen reader heard only "Game
    over", neither the last box nor who won)."""


@dataclass(frozen=True)
class Undone:
    box: str


@dataclass(frozen=True)
class Corrected:
    """A filled box corrected, or cleared (points None), in a game played with real dice."""

    player: int
    box: str
    points: int | None


Announcement = Rolled | Kept | Scored | GameOver | Undone | Corrected | KeyAnswered
