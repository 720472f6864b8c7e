"""The intents: what the user (through the shell) asks of the app, as small frozen
dataclasses, and their union `Intent`. game.app.update.dispatch applies them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.app.model import CoachStatus, Notice, Speed
from game.play.state import PlayerKind
from game.play.undo import UndoSetting

if TYPE_CHECKING:  # at run time only the shell needs the module, for the history screen
    from game.persistence.stats import PlayerStats


@dataclass(frozen=True)
class ChooseRuleset:
    ruleset_id: str


@dataclass(frozen=True)
class AddPlayer:
    kind: PlayerKind = PlayerKind.HUMAN


@dataclass(frozen=True)
class RemovePlayer:
    index: int


@dataclass(frozen=True)
class MovePlayer:
    index: int
    delta: int
    """-1 moves the player up (earlier in the turn order), +1 down."""


@dataclass(frozen=True)
class RenamePlayer:
    index: int
    name: str


@dataclass(frozen=True)
class SetPlayerKind:
    index: int
    kind: PlayerKind


@dataclass(frozen=True)
class SetPlayerLevel:
    index: int
    level: str


@dataclass(frozen=True)
class StartGame:
    pass


@dataclass(frozen=True)
class ToggleKeep:
    die: int
    """Position 0..4."""


@dataclass(frozen=True)
class Roll:
    pass


@dataclass(frozen=True)
class SelectBox:
    box: str


@dataclass(frozen=True)
class ConfirmTurn:
    pass


@dataclass(frozen=True)
class Tick:
    """Time passed: ends a countdown or takes a computer step that is due."""


@dataclass(frozen=True)
class ShowHint:
    pass


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
    seconds: int


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
class SetCoachStatus:
    status: CoachStatus


@dataclass(frozen=True)
class Undo:
    """Take back the last confirmed box (until the next roll)."""


@dataclass(frozen=True)
class SetUndo:
    setting: UndoSetting


@dataclass(frozen=True)
class AddNotice:
    notice: Notice


@dataclass(frozen=True)
class DismissNotice:
    index: int


@dataclass(frozen=True)
class ReplaceNotices:
    """The notices whose key starts with `prefix` give way to `notices`: an import's or an
    export's latest outcome replaces the earlier ones, so a repeated attempt is seen to act."""

    prefix: str
    notices: tuple[Notice, ...]


@dataclass(frozen=True)
class SetUnreadable:
    keys: tuple[str, ...]


@dataclass(frozen=True)
class OpenHistory:
    pass


@dataclass(frozen=True)
class SetStats:
    stats: tuple[PlayerStats, ...]


Intent = (
    ChooseRuleset
    | AddPlayer
    | RemovePlayer
    | MovePlayer
    | RenamePlayer
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
    | PlayAgain
    | NewGame
    | SetLanguage
    | SetAutoScore
    | SetComputerSpeed
    | OpenRules
    | OpenSettings
    | AskLeave
    | CloseDialog
    | SetCoachStatus
    | Undo
    | SetUndo
    | AddNotice
    | DismissNotice
    | ReplaceNotices
    | SetUnreadable
    | OpenHistory
    | SetStats
)
