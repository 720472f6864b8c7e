"""The intents of the unfinished games kept and of a finished game's sheet (game.app.kept): the
player's (resume, delete, leave deleting, open, close, delete a finished game) and the one
storage answers with (KeptListed)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.persistence.storage import StorageProblem

if TYPE_CHECKING:  # at run time only the shell needs it
    from game.persistence.kept import KeptGame


@dataclass(frozen=True)
class ResumeGame:
    """Play on the unfinished game kept as `game_id` (from the New game screen)."""

    game_id: str


@dataclass(frozen=True)
class AskDeleteKept:
    """Ask before deleting the unfinished game kept as `game_id` (DeleteKept then deletes)."""

    game_id: str


@dataclass(frozen=True)
class DeleteKept:
    """Yes, delete the kept game the dialog names."""


@dataclass(frozen=True)
class LeaveAndDelete:
    """Leave the game in progress and delete it, rather than keep it (the Leave dialog's
    other answer: the games left piled up on the New game screen)."""


@dataclass(frozen=True)
class AskDeleteFinished:
    """Ask before deleting the finished game on screen from the history (DeleteFinished then
    deletes)."""


@dataclass(frozen=True)
class DeleteFinished:
    """Yes, delete the finished game the dialog names."""


@dataclass(frozen=True)
class OpenFinished:
    """Show the whole score sheet of the finished game `game_id` (from the history screen)."""

    game_id: str


@dataclass(frozen=True)
class CloseFinished:
    """Back from a finished game's sheet to the history screen."""


@dataclass(frozen=True)
class KeptListed:
    """The unfinished games kept now (after LoadKept, KeepGame or ForgetKept), and what went
    wrong."""

    games: tuple[KeptGame, ...]
    problems: tuple[StorageProblem, ...] = ()
    refused: bool = False
    """The game left could not be kept (the list was full or the write failed): it stayed in
    the session, which the next start restores."""
