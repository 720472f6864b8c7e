"""The intents of a game played with real dice (game.app.entry, game.app.correcting): the dice
chosen at setup, the faces entered on the pad, "What should I keep?" and a box corrected."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ChooseDice:
    """The setup's dice: on screen, or real dice at the table (their faces entered)."""

    real: bool


@dataclass(frozen=True)
class EnterFace:
    """A face tapped on the pad (or typed), for one more die of the roll being entered."""

    face: int
    said: bool = False
    """Typed: the dice entered are announced (game.app.key_answers)."""


@dataclass(frozen=True)
class RemoveFace:
    """One entered die showing `face` taken back (a tap on it)."""

    face: int


@dataclass(frozen=True)
class EnterAgain:
    """The dice of the box just cleared (game.app.entry.offered_again), entered again at once."""


@dataclass(frozen=True)
class RemoveLastFace:
    """The die entered last taken back (Backspace)."""

    said: bool = False
    """Typed: the dice entered are announced (game.app.key_answers)."""


@dataclass(frozen=True)
class OpenCorrection:
    """A filled box tapped in a real-dice game: the dialog to change its dice opens."""

    player: int
    box: str


@dataclass(frozen=True)
class CorrectionFace:
    """A face added to (`add`) or taken from the dice being corrected."""

    face: int
    add: bool


@dataclass(frozen=True)
class ApplyCorrection:
    """Change the box's dice (`clear`: empty the box): the first asks, the second does it."""

    clear: bool = False


@dataclass(frozen=True)
class AskAboutRoll:
    """'What should I keep?': the dice entered were the turn's roll `roll` (1 to 3)."""

    roll: int
