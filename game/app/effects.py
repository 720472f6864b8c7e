"""The effects: what game.app.update.dispatch asks the shell to do once the state is new (save,
fetch a table, download, set a timer...), as small frozen dataclasses, and their union `Effect`.

The core decides every effect; shell/controller.py only runs them (through shell/effects.py's
adapters), and what comes of them returns as a result intent (game.app.intents: TableLoaded,
StatsLoaded, StorageProblems...). The table of which intent asks for which effect is in the
module docstring of game.app.update.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.persistence.turn_record import TurnRecord
from game.play.move_log import MoveLog
from game.play.state import GameState


@dataclass(frozen=True)
class SaveSession:
    """Store the game in progress (None: the session is removed) with its countdown."""

    game: GameState | None
    before_last_turn: GameState | None
    turn: TurnRecord
    game_id: str | None = None
    """A kept game resumed: its id, which the session carries on (an import knows the game
    by it: a backup imported again brought back a game already resumed, as a second one)."""


@dataclass(frozen=True)
class SavePreferences:
    data: dict[str, Any]
    """game.app.preferences.preferences_to_data of the new state."""


@dataclass(frozen=True)
class FetchTable:
    """Load the strategy table of `ruleset_id` (TableLoaded or TableFailed comes back)."""

    ruleset_id: str


@dataclass(frozen=True)
class LoadStats:
    """Read the history and compute the statistics (StatsLoaded comes back)."""

    trend: bool = False
    """With the points-lost trend (game.coach.trend), for the history screen: it reviews the
    last games, which costs up to a few hundred milliseconds a game in the browser."""


@dataclass(frozen=True)
class CheckHistory:
    """Read the history once the first screen shows: a damaged one is set aside and reported
    (StorageProblems comes back)."""

    game_over: bool = False
    """The game restored is over: recorded in the history if it is not there yet (its record's
    write may have failed as it ended). Only then is the stored session read again."""


@dataclass(frozen=True)
class ListUnreadable:
    """List the records set aside as unreadable (UnreadableListed comes back)."""


@dataclass(frozen=True)
class DownloadHistory:
    """Offer the history as a file (HistoryExported comes back)."""


@dataclass(frozen=True)
class DownloadUnreadable:
    """Offer every record set aside as unreadable as a file."""


@dataclass(frozen=True)
class ForgetUnreadable:
    """Delete every record set aside as unreadable (UnreadableListed comes back)."""


@dataclass(frozen=True)
class DownloadGame:
    """Offer the game in memory as a file (when the device could not save it)."""

    game: GameState
    before_last_turn: GameState | None
    turn: TurnRecord


@dataclass(frozen=True)
class ImportFile:
    """Read `file` (the page's File) and add its games to the history (ImportFinished comes
    back)."""

    file: Any


@dataclass(frozen=True)
class KeepAwake:
    """Keep the screen on (a game is played), or let it sleep."""

    on: bool


FocusTarget = tuple[str, int | None]
"""A control by its data-action and data-index (None: the one control of that action)."""


@dataclass(frozen=True)
class Focus:
    """Move the keyboard focus to the first of `targets` that is there and enabled."""

    targets: tuple[FocusTarget, ...]


@dataclass(frozen=True)
class AnimateRoll:
    """Show the dice at `positions` rolling."""

    positions: tuple[int, ...]


@dataclass(frozen=True)
class RollFeel:
    """The dice just rolled: a short sound (`sound`) and a short tap of the phone (`vibrate`),
    where the device can."""

    sound: bool
    vibrate: bool


@dataclass(frozen=True)
class ScheduleTick:
    """Send Tick at the moment `at` (seconds; None: no timer is needed), in place of the timer
    set before."""

    at: float | None


@dataclass(frozen=True)
class Warn:
    """Log `message` on the console (English, for details and bug reports)."""

    message: str


@dataclass(frozen=True)
class ClaimTab:
    """Ask to be the tab that plays; `take_over`: from the tab that has the game now
    (TabClaimed comes back when this tab has it)."""

    take_over: bool


@dataclass(frozen=True)
class LoadKept:
    """Read the unfinished games kept, once the first screen shows (checking them takes a
    while): a damaged list is set aside; KeptListed comes back."""


@dataclass(frozen=True)
class KeepGame:
    """Keep the game the player left among the unfinished games, then remove the session (if
    it cannot be kept, the session stays); KeptListed comes back."""

    game: GameState
    before_last_turn: GameState | None
    turn: TurnRecord


@dataclass(frozen=True)
class ForgetKept:
    """Take the kept game `game_id` off the list (resumed or deleted); KeptListed comes back."""

    game_id: str


@dataclass(frozen=True)
class ForgetFinished:
    """Delete the finished game `game_id` from the history (StorageProblems comes back if that
    fails); the statistics are read again after it."""

    game_id: str


@dataclass(frozen=True)
class ComputeReview:
    """Review the finished game of `log` against the strategy table of `ruleset_id` (which has
    loaded), with optimal play's score distribution when it can be read (ReviewComputed or
    ReviewFailed comes back). About 0.1 s in the browser: asked for once, as the review opens."""

    ruleset_id: str
    players: int
    log: MoveLog


@dataclass(frozen=True)
class ShareText:
    """Offer `text` to the device's share sheet, else copy it (ShareFinished comes back)."""

    text: str


Effect = (
    SaveSession
    | SavePreferences
    | FetchTable
    | LoadStats
    | CheckHistory
    | ListUnreadable
    | DownloadHistory
    | DownloadUnreadable
    | ForgetUnreadable
    | DownloadGame
    | ImportFile
    | KeepAwake
    | Focus
    | AnimateRoll
    | RollFeel
    | ScheduleTick
    | Warn
    | ClaimTab
    | LoadKept
    | KeepGame
    | ForgetKept
    | ForgetFinished
    | ComputeReview
    | ShareText
)
