"""The intents of the coach while playing (game.app.coaching): each seat's mode, each player's
in the game being played, the warning's threshold, and the answers to a warning."""

from __future__ import annotations

from dataclasses import dataclass

from game.coach.protocol import CoachMode


@dataclass(frozen=True)
class SetPlayerCoach:
    """The coach while playing of the human player at seat `index` (game.app.coaching)."""

    index: int
    mode: CoachMode


@dataclass(frozen=True)
class SetGameCoach:
    """The coach while playing of the human `player` of the game being played, from the
    settings: a walk could not turn it on once the game had started."""

    player: int
    mode: CoachMode


@dataclass(frozen=True)
class SetCoachThreshold:
    """The expected final points a move must cost for the coach on "warn" to stop it."""

    points: float


@dataclass(frozen=True)
class ShowBestMove:
    """[Show it] on the coach's warning: the best move shows, as the hint shows it."""


@dataclass(frozen=True)
class PlayMineAnyway:
    """[Play mine anyway] on the coach's warning: the move that waits is made."""


@dataclass(frozen=True)
class DismissWarning:
    """Escape on the coach's warning: neither answer; the move that waited is not made, and the
    player chooses again (as a change of keep or box does)."""
