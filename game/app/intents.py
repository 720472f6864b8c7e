"""The intents: what the user (through the shell) asks of the app, and the results of the
effects that come back (TableLoaded, StatsLoaded, StorageProblems...), as small frozen
dataclasses, and their union `Intent`. game.app.update.dispatch applies them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

from game.app.coach_intents import (
    DismissWarning,
    PlayMineAnyway,
    SetCoachThreshold,
    SetGameCoach,
    SetPlayerCoach,
    ShowBestMove,
)
from game.app.entry_intents import (
    ApplyCorrection,
    AskAboutRoll,
    ChooseDice,
    CorrectionFace,
    EnterAgain,
    EnterFace,
    OpenCorrection,
    RemoveFace,
    RemoveLastFace,
)
from game.app.kept_intents import (
    AskDeleteFinished,
    AskDeleteKept,
    CloseFinished,
    DeleteFinished,
    DeleteKept,
    KeptListed,
    LeaveAndDelete,
    OpenFinished,
    ResumeGame,
)
from game.app.model import DisplaySize, Notice, Speed
from game.app.review_intents import ReviewIntent
from game.app.setup_intents import (
    AddPlayer,
    ChooseRuleset,
    ConfirmRemovePlayer,
    MovePlayer,
    RemovePlayer,
    RenameInGame,
    RenamePlayer,
    SetPlayerKind,
    SetPlayerLevel,
)
from game.app.sheet_help_intents import SheetHelpIntent
from game.app.table_intents import TableFailed, TableLoaded, TablesReachable
from game.persistence.storage import StorageProblem
from game.persistence.turn_record import TurnRecord
from game.play.state import GameState
from game.play.undo import UndoSetting

if TYPE_CHECKING:  # at run time only the shell needs these modules (history screen, import)
    from game.persistence.exchange import ImportRefusal
    from game.persistence.history import GameRecord
    from game.persistence.stats import DailyResult, PlayerStats


@dataclass(frozen=True)
class StartGame:
    pass


@dataclass(frozen=True)
class ToggleKeep:
    die: int
    """Position 0..4."""
    said: bool = False
    """Asked by a key, away from the focus: the change is announced (game.app.key_answers)."""


@dataclass(frozen=True)
class Roll:
    pass


@dataclass(frozen=True)
class SelectBox:
    box: str
    seat: int | None = None
    """The column tapped, where not the current player's: refused, the tray saying whose turn
    it is (a walk tapped another player's box at the table and nothing happened)."""


@dataclass(frozen=True)
class ConfirmTurn:
    pass


@dataclass(frozen=True)
class Tick:
    """Time passed: ends a countdown or takes a computer step that is due."""


@dataclass(frozen=True)
class ShowHint:
    said: bool = False
    """Asked by the H key or the Hint button: the hint is announced (game.app.key_answers). Its
    words appear beside the button, where a screen reader does not go by itself: a walk heard
    nothing after the button, only after H."""


@dataclass(frozen=True)
class HideHint:
    pass


@dataclass(frozen=True)
class HoldSheet:
    """The player is using the score sheet: a finger or a button is down on it, or they scroll
    it themselves (wheel, keys, scrollbar; not the view bringing a column into view). The
    auto-score countdown waits: they are looking for a box."""


@dataclass(frozen=True)
class ReleaseSheet:
    """The player let go of the sheet (the finger lifted, the scrolling stopped): the countdown
    runs again from its full length."""


@dataclass(frozen=True)
class SpeedUp:
    """Toggle the computer players' speed between normal and fast."""


@dataclass(frozen=True)
class SkipComputers:
    """Play the computer players' turns at once, up to the next human (or the end)."""


@dataclass(frozen=True)
class LetComputerPlay:
    """The computer player that waits for a person (game.app.take_back) plays its turn."""


@dataclass(frozen=True)
class StartDaily:
    """Start today's daily challenge (game.app.daily), or nothing if it was played today."""

    today: date
    """The local date when the button was pressed (the shell reads the clock)."""


@dataclass(frozen=True)
class PlayAgain:
    """Same players, same order, same ruleset: a fresh game."""


@dataclass(frozen=True)
class NewGame:
    """Back to the setup screen (the game in progress, if any, is left)."""


@dataclass(frozen=True)
class SetLanguage:
    language: str


@dataclass(frozen=True)
class SetAutoScore:
    seconds: int | None
    """None: as the game's rules say (game.app.model.AUTO_SCORE_CHOICES)."""


@dataclass(frozen=True)
class SetComputerSpeed:
    speed: Speed


@dataclass(frozen=True)
class OpenRules:
    ruleset_id: str


@dataclass(frozen=True)
class OpenSettings:
    pass


@dataclass(frozen=True)
class AskLeave:
    """Ask before leaving the game in progress (NewGame then leaves)."""


@dataclass(frozen=True)
class CloseDialog:
    pass


@dataclass(frozen=True)
class StartTurn:
    """The player the phone was passed to takes it: their turn shows (game.app.handover)."""


@dataclass(frozen=True)
class SetPassPhone:
    on: bool


@dataclass(frozen=True)
class StartGuide:
    """Yes to the guided turn offered in a first game (game.app.guide)."""


@dataclass(frozen=True)
class SkipGuide:
    """No guided turn, now or later (game.app.guide)."""


@dataclass(frozen=True)
class Undo:
    """Take back the last confirmed box (until the next roll)."""


@dataclass(frozen=True)
class SetUndo:
    setting: UndoSetting


@dataclass(frozen=True)
class SetSound:
    on: bool


@dataclass(frozen=True)
class SetVibration:
    on: bool


@dataclass(frozen=True)
class SetDisplaySize:
    size: DisplaySize


@dataclass(frozen=True)
class OpenTray:
    """Show all of the tray's messages (`open`), or only their one-line summary."""

    open: bool


@dataclass(frozen=True)
class DismissNotice:
    index: int


@dataclass(frozen=True)
class OpenHistory:
    pass


@dataclass(frozen=True)
class ShowOlderGames:
    """The next page of the history's finished games (the list shows the newest first)."""


@dataclass(frozen=True)
class ExportData:
    """Download the history as a file."""


@dataclass(frozen=True)
class ExportUnreadableData:
    """Download the records set aside as unreadable."""


@dataclass(frozen=True)
class AskDiscardUnreadable:
    """Ask before deleting the records set aside as unreadable (DiscardUnreadable then does)."""


@dataclass(frozen=True)
class DiscardUnreadable:
    pass


@dataclass(frozen=True)
class ExportGame:
    """Download the game in memory (when the device could not save it)."""


@dataclass(frozen=True)
class ImportData:
    """The player chose a file of games to import; `size` in bytes (a file too large is
    refused before it is read)."""

    size: int
    file: Any
    """The page's File, handed back to the shell in ImportFile."""


@dataclass(frozen=True)
class PageHidden:
    """The page is hidden, reloaded or closed: the countdown's time left is saved as it is."""


@dataclass(frozen=True)
class PageShown:
    """The page is visible again (the browser let the screen sleep while it was hidden)."""


@dataclass(frozen=True)
class TakeOver:
    """Play here: take the game from the tab that has it."""


# --- the results of effects (game.app.effects), sent back by the shell --------------------


@dataclass(frozen=True)
class SessionRead:
    """What the shell read from the device's storage at start or on taking over (from
    game.persistence.session.Restored, which this package cannot import)."""

    game: GameState | None = None
    before_last_turn: GameState | None = None
    turn: TurnRecord | None = None
    preferences: object = None
    problems: tuple[StorageProblem, ...] = ()
    """Records that could not be read (now set aside)."""
    migrated: bool = False
    """Something stored by an older version was upgraded."""
    stale: Notice | None = None
    """The notice that the game restored is older than the one played (game.persistence.
    unsaved), if a save had failed."""


@dataclass(frozen=True)
class StorageProblems:
    """Storage could not read or write these records."""

    problems: tuple[StorageProblem, ...]


@dataclass(frozen=True)
class StatsLoaded:
    stats: tuple[PlayerStats, ...]
    problem: StorageProblem | None = None
    """The history could not be read (it is set aside)."""
    records: tuple[GameRecord, ...] = ()
    """The finished games themselves, for the history screen's lists (and their reviews)."""
    daily: tuple[DailyResult, ...] = ()
    """The daily challenges played, newest first (game.persistence.stats.daily_results)."""


@dataclass(frozen=True)
class UnreadableListed:
    keys: tuple[str, ...]
    """The keys of the records set aside as unreadable."""


@dataclass(frozen=True)
class HistoryExported:
    file: str
    """The name of the file offered (a walk was told "exported" and not where)."""
    problem: StorageProblem | None = None
    """The history could not be read: what was exported is what could be."""


@dataclass(frozen=True)
class ImportFinished:
    """The outcome of ImportFile: `refusal` (with its `reason`) when the file was refused as a
    whole, else the games added and those already known, finished and kept."""

    added: int = 0
    already_known: int = 0
    refusal: ImportRefusal | None = None
    reason: str = ""
    problems: tuple[StorageProblem, ...] = ()
    kept_added: int = 0
    """Unfinished games added to the games kept (the New game screen's list)."""
    kept_left_out: int = 0
    """Unfinished games that found no room among the games kept."""
    unreadable: int = 0
    """Games of the file left out: they did not read."""
    misdated: int = 0
    """Games of the file left out: dated after the file was made."""
    challenges_repeated: int = 0
    """Daily challenges of the file left out: the history holds that day's already."""


@dataclass(frozen=True)
class TabClaimed:
    """This tab has the game again (TakeOver), read anew from storage."""

    session: SessionRead


@dataclass(frozen=True)
class TabLost:
    """Another tab took the game: this one gives way."""


Intent = (
    ChooseRuleset
    | AddPlayer
    | RemovePlayer
    | ConfirmRemovePlayer
    | MovePlayer
    | RenamePlayer
    | RenameInGame
    | SetPlayerKind
    | SetPlayerLevel
    | StartGame
    | ToggleKeep
    | Roll
    | SelectBox
    | ConfirmTurn
    | Tick
    | ShowHint
    | HideHint
    | HoldSheet
    | ReleaseSheet
    | SpeedUp
    | SkipComputers
    | LetComputerPlay
    | PlayAgain
    | NewGame
    | SetLanguage
    | SetAutoScore
    | SetComputerSpeed
    | OpenRules
    | OpenSettings
    | AskLeave
    | CloseDialog
    | SheetHelpIntent
    | StartTurn
    | SetPassPhone
    | StartGuide
    | SkipGuide
    | TableLoaded
    | TablesReachable
    | TableFailed
    | Undo
    | SetUndo
    | SetSound
    | SetVibration
    | SetDisplaySize
    | OpenTray
    | DismissNotice
    | OpenHistory
    | ShowOlderGames
    | ExportData
    | ExportUnreadableData
    | AskDiscardUnreadable
    | DiscardUnreadable
    | ExportGame
    | ImportData
    | PageHidden
    | PageShown
    | TakeOver
    | StorageProblems
    | StatsLoaded
    | UnreadableListed
    | HistoryExported
    | ImportFinished
    | TabClaimed
    | TabLost
    | ResumeGame
    | AskDeleteKept
    | DeleteKept
    | LeaveAndDelete
    | OpenFinished
    | CloseFinished
    | AskDeleteFinished
    | DeleteFinished
    | KeptListed
    | SetPlayerCoach
    | SetGameCoach
    | SetCoachThreshold
    | ShowBestMove
    | PlayMineAnyway
    | DismissWarning
    | StartDaily
    | ReviewIntent
    | ChooseDice
    | EnterFace
    | EnterAgain
    | RemoveFace
    | RemoveLastFace
    | AskAboutRoll
    | OpenCorrection
    | CorrectionFace
    | ApplyCorrection
)
