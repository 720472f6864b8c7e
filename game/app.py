"""The whole app as one immutable state and one pure function: `dispatch(state, intent, ...)`.

Everything the screens show follows from an `AppState`: which screen (setup, game, end), the
setup being edited, the settings, the game (`GameState`), the auto-score countdown, the
computer's pacing, the hint, the open dialog, and the last thing to announce. The shell turns
DOM events into *intents* (small dataclasses below), calls

    dispatch(state, intent, now=seconds, coach=coach, rng=random_source) -> AppState

and renders `game.presentation.present(new_state)`. Time, randomness and the coach are passed
in, never reached for, so every flow is a plain CPython test. An intent that the state does not
allow (a stale click, a key press at the wrong moment, the second tap of a double tap on Roll:
within `ROLL_GUARD_SECONDS` of the same player's last roll) returns the state unchanged.

Timers: `next_deadline(state)` is when the shell must dispatch `Tick(now)` next (the end of the
auto-score countdown, or a computer player's next step), or None.

Seeded dice: `AppState.seed` (from the page's `?seed=N`) makes every game started from it use
`SeededDice(seed)`, so the same seed gives everyone the same dice (and tests replay games).

Keeping games (game.persistence): `resume(state, game, before_last_turn, now=...)` continues
a game restored from the device's storage (a game in progress says so with `RESTORED_NOTICE`
until that turn ends); `AppState.before_last_turn` is kept after a human's
confirm while the undo setting allows it, and `Undo` returns to it until the next roll (also
from the end screen; a computer player waits `UNDO_WINDOW_SECONDS` before its first roll, so
that the human before it has the time to); `AddNotice` / `DismissNotice` carry the storage and
import messages, `ReplaceNotices` the latest outcome of an import or export in place of the
earlier ones; `OpenHistory` and `SetStats` show the statistics the shell computed from the
history.

One tab plays: `open_elsewhere(state)` when another tab of the app has the game (nothing but
notices happens then), `take_over(state, game, before_last_turn, preferences, now=...)` when
the player takes it back, from the newest save.

Preferences: `preferences_to_data(state)` and `preferences_from_data(state, data)` turn the
settings and the last setup into version-tagged JSON data and back; data not as written is
refused (SaveFileError naming the field), never trusted.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, TypeVar

from game import countdown
from game.coach import DEFAULT_LEVEL, LEVELS, Advice, Coach, KeepAdvice, ScoreAdvice
from game.dice import DICE_COUNT, Dice
from game.engine import new_game, roll, score, select_box, toggle_keep
from game.errors import GameError, SaveFileError, UnsupportedVersionError
from game.i18n import DEFAULT_LANGUAGE, LANGUAGES, Translator
from game.persistence.readers import check_keys, read_list, read_object
from game.persistence.turn_record import TurnRecord
from game.persistence.undo import UndoSetting, can_undo, confirmed_box, undo, undo_point
from game.random_source import DiceSource, EntropyDice, SeededDice, check_seed
from game.rulesets import RULESETS
from game.state import MAX_NAME_LENGTH, ROLLS_PER_TURN, GameState, Player, PlayerKind

if TYPE_CHECKING:  # at run time only the shell needs the module, for the history screen
    from game.persistence.stats import PlayerStats

AUTO_SCORE_CHOICES: tuple[int, ...] = (0, 3, 5, 10)
"""Seconds of the countdown after the last roll; 0 turns automatic scoring off."""
DEFAULT_AUTO_SCORE = 3
MAX_PLAYERS = 100
ROLL_GUARD_SECONDS = 0.4
"""A human's Roll this soon after their last one is ignored: a double tap must not cost a roll."""
PREFERENCES_VERSION = 1
T = TypeVar("T")


class Screen(StrEnum):
    SETUP = "setup"
    GAME = "game"
    END = "end"
    HISTORY = "history"
    """History and statistics of the finished games (from the setup screen)."""
    ELSEWHERE = "elsewhere"
    """The app is open in another tab, which plays and saves the game: this one only offers to
    take over (see `open_elsewhere` and `take_over`)."""


class Speed(StrEnum):
    NORMAL = "normal"
    FAST = "fast"


STEP_SECONDS: dict[Speed, float] = {Speed.NORMAL: 0.9, Speed.FAST: 0.3}
"""The pause between two visible steps of a computer player."""
UNDO_WINDOW_SECONDS = 3.0
"""How long a computer player waits before its first roll while the human before it may still
take back the box just confirmed (a roll ends undo): like a snackbar's "Undo", long enough to
see it and press it. "Faster" or "Skip" end the wait."""


class Dialog(StrEnum):
    NONE = "none"
    RULES = "rules"
    SETTINGS = "settings"
    LEAVE = "leave"
    """Asks before leaving a game in progress."""


class CoachStatus(StrEnum):
    """Whether the optimal advice (the strategy table) for the ruleset being played is ready."""

    LOADING = "loading"
    READY = "ready"
    UNAVAILABLE = "unavailable"


@dataclass(frozen=True)
class Settings:
    language: str = DEFAULT_LANGUAGE
    auto_score_seconds: int = DEFAULT_AUTO_SCORE
    computer_speed: Speed = Speed.NORMAL
    undo: UndoSetting = UndoSetting.AUTO


@dataclass(frozen=True)
class Notice:
    """A message shown at the top of the page until dismissed: a catalog key and its values."""

    key: str
    values: tuple[tuple[str, int], ...] = ()


RESTORED_NOTICE = Notice("restore.restored")
"""Shown when a game in progress comes back from the device's storage at start, until the player
dismisses it or the turn it came back in ends (a box scored, the game left)."""
SAVE_FAILED_NOTICE = Notice("storage.save_failed")
"""The device refused to save: while it shows, the game in memory is offered for export."""


@dataclass(frozen=True)
class Seat:
    """A player being set up. A blank name becomes "Player 2" (translated) at the start."""

    name: str = ""
    kind: PlayerKind = PlayerKind.HUMAN
    level: str = DEFAULT_LEVEL
    """Used when `kind` is computer; kept while a seat is switched to human and back."""


@dataclass(frozen=True)
class Setup:
    ruleset_id: str = "penta"
    seats: tuple[Seat, ...] = (Seat(),)


# --- what to announce -------------------------------------------------------------------------


@dataclass(frozen=True)
class Rolled:
    player: int
    dice: Dice


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


@dataclass(frozen=True)
class GameOver:
    pass


@dataclass(frozen=True)
class Undone:
    box: str


Announcement = Rolled | Kept | Scored | GameOver | Undone


@dataclass(frozen=True)
class AppState:
    screen: Screen = Screen.SETUP
    setup: Setup = Setup()
    settings: Settings = Settings()
    game: GameState | None = None
    seed: int | None = None
    """Games start with SeededDice(seed) when set (the page's ?seed=N)."""
    countdown_deadline: float | None = None
    """When the auto-score countdown ends (after a human's last roll, nothing selected)."""
    countdown_seconds: int = 0
    """The countdown's length when it started (for the view's progress bar)."""
    countdown_paused: float | None = None
    """The seconds the countdown will run when it goes on, while something holds it (a dialog,
    the sheet held, the hint: see game.countdown)."""
    countdown_box: str | None = None
    """The box the countdown will score, chosen when it started so that the tray can name it
    (None after a restore from an older save: the coach then chooses when it ends)."""
    sheet_held: bool = False
    """The player is touching or scrolling the score sheet (HoldSheet until ReleaseSheet)."""
    computer_due: float | None = None
    """When the computer player whose turn it is makes its next visible step."""
    computer_plan: Advice | None = None
    """The move the computer player is carrying out (keep, then roll; select, then score)."""
    hint: Advice | None = None
    """The advice shown after "Hint", until the dice or the turn change."""
    hint_requested: bool = False
    dialog: Dialog = Dialog.NONE
    rules_ruleset: str = "penta"
    coach_status: CoachStatus = CoachStatus.LOADING
    announcement: Announcement | None = None
    announcement_count: int = 0
    """Grows with every announcement, so the same words said twice are said again."""
    last_roll_at: float | None = None
    """When the human whose turn it is last rolled, for the double-tap guard (not saved: after
    a reload the next roll is allowed at once; cleared when the turn changes)."""
    last_auto_scored: str | None = None
    """The box just filled by the countdown (shown until the next turn's roll; it may be taken
    back until then whatever the undo setting)."""
    setup_restored: bool = False
    before_last_turn: GameState | None = None
    """The game before its last confirmed box, while that box may be taken back (undo)."""
    notices: tuple[Notice, ...] = ()
    unreadable: tuple[str, ...] = ()
    """Storage keys of data set aside as unreadable (offered for export)."""
    stats: tuple[PlayerStats, ...] = ()
    """The statistics shown on the history screen (the shell reads the history)."""


# --- intents ----------------------------------------------------------------------------------


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


_ELSEWHERE_INTENTS = (AddNotice, DismissNotice, ReplaceNotices, SetUnreadable, SetCoachStatus)
"""What still happens in a tab while another one has the game: its notices."""

# --- dispatch ---------------------------------------------------------------------------------


@dataclass
class _Context:
    now: float
    coach: Coach
    rng: random.Random


def initial_state(
    languages: object = None, seed: int | None = None, preferences: object = None
) -> AppState:
    """The state at start: the browser's language (`navigator.languages`), then any stored
    preferences (which win), and the `?seed=` of the page."""
    from game.i18n import choose_language

    state = AppState(settings=Settings(language=choose_language(_as_list(languages))), seed=seed)
    if preferences is not None:
        state = preferences_from_data(state, preferences)
    return state


def dispatch(
    state: AppState, intent: Intent, *, now: float, coach: Coach, rng: random.Random
) -> AppState:
    """The state after `intent` at time `now` (seconds); unchanged when it is not allowed."""
    context = _Context(now, coach, rng)
    if state.screen is Screen.ELSEWHERE and not isinstance(intent, _ELSEWHERE_INTENTS):
        return state  # nothing is played or saved here while another tab has the game
    try:
        new = _apply(state, intent, context)
    except GameError:
        return state
    if RESTORED_NOTICE in new.notices and _moved_on(state.game, new.game):
        new = replace(new, notices=tuple(n for n in new.notices if n != RESTORED_NOTICE))
    return _schedule(new, now)


def _moved_on(before: GameState | None, after: GameState | None) -> bool:
    """The game went on from `before` (a box scored or taken back, the game over or left): the
    notice that it was restored has served its purpose. Rolling, keeping dice or selecting a box
    is not enough: the notice stays for the rest of the turn it came back in."""
    if before is None:
        return False
    return after is None or after.is_over or after.sheets != before.sheets


def next_deadline(state: AppState) -> float | None:
    """When the shell should dispatch the next Tick (None: nothing is waiting)."""
    times = [t for t in (state.countdown_deadline, state.computer_due) if t is not None]
    return min(times) if times else None


def is_computer_turn(state: AppState) -> bool:
    game = state.game
    return (
        state.screen is Screen.GAME
        and game is not None
        and not game.is_over
        and game.player.kind is PlayerKind.COMPUTER
    )


def _apply(state: AppState, intent: Intent, c: _Context) -> AppState:
    match intent:
        # --- settings and dialogs, on every screen
        case SetLanguage(language):
            if language not in LANGUAGES:
                return state
            old = state.settings.language
            return replace(
                state,
                settings=replace(state.settings, language=language),
                game=_renamed_defaults(state.game, old, language),
                before_last_turn=_renamed_defaults(state.before_last_turn, old, language),
            )
        case SetAutoScore(seconds):
            if seconds not in AUTO_SCORE_CHOICES:
                return state
            new = replace(state, settings=replace(state.settings, auto_score_seconds=seconds))
            return countdown.stop(new) if seconds == 0 else new
        case SetComputerSpeed(speed):
            if speed not in tuple(Speed):
                return state
            return replace(state, settings=replace(state.settings, computer_speed=Speed(speed)))
        case OpenRules(ruleset_id):
            if ruleset_id not in RULESETS:
                return state
            return replace(state, dialog=Dialog.RULES, rules_ruleset=ruleset_id)
        case OpenSettings():
            return replace(state, dialog=Dialog.SETTINGS)
        case AskLeave():
            if state.screen is not Screen.GAME:
                return state
            return replace(state, dialog=Dialog.LEAVE)
        case CloseDialog():
            return replace(state, dialog=Dialog.NONE)
        case HoldSheet() | ReleaseSheet():
            # On every screen and turn: a finger lifted after the turn passed must not leave
            # the next player's countdown held.
            held = isinstance(intent, HoldSheet)
            return state if state.sheet_held is held else replace(state, sheet_held=held)
        case SetCoachStatus(status):
            if status not in tuple(CoachStatus):
                return state
            return replace(state, coach_status=CoachStatus(status))
        case NewGame():
            return _reset_turn(
                replace(
                    state,
                    screen=Screen.SETUP,
                    game=None,
                    before_last_turn=None,
                    dialog=Dialog.NONE,
                    announcement=None,
                )
            )
        case SetUndo(setting):
            if setting not in tuple(UndoSetting):
                return state
            return replace(state, settings=replace(state.settings, undo=UndoSetting(setting)))
        case AddNotice(notice):
            if notice in state.notices:
                return state
            return replace(state, notices=(*state.notices, notice))
        case DismissNotice(index):
            if not isinstance(index, int) or not 0 <= index < len(state.notices):
                return state
            return replace(state, notices=state.notices[:index] + state.notices[index + 1 :])
        case ReplaceNotices(prefix, notices):
            kept = tuple(n for n in state.notices if not n.key.startswith(prefix))
            return replace(state, notices=(*kept, *dict.fromkeys(notices)))
        case SetUnreadable(keys):
            return replace(state, unreadable=tuple(keys))
        case Undo():
            return _undo(state)
        case SetStats(stats):
            return replace(state, stats=tuple(stats))
        case OpenHistory():
            if state.screen is not Screen.SETUP:
                return state
            return replace(state, screen=Screen.HISTORY, dialog=Dialog.NONE)
    if state.screen is Screen.HISTORY:
        return state
    if state.screen is Screen.SETUP:
        return _apply_setup(state, intent, c)
    if state.screen is Screen.END:
        if isinstance(intent, PlayAgain):
            return _start(state, c)
        return state
    return _apply_game(state, intent, c)


def _apply_setup(state: AppState, intent: Intent, c: _Context) -> AppState:
    setup = state.setup
    seats = list(setup.seats)
    match intent:
        case ChooseRuleset(ruleset_id):
            if ruleset_id not in RULESETS:
                return state
            return replace(state, setup=replace(setup, ruleset_id=ruleset_id))
        case AddPlayer(kind):
            if len(seats) >= MAX_PLAYERS:
                return state
            seats.append(Seat(kind=PlayerKind(kind)))
        case RemovePlayer(index):
            if not _valid_seat(index, seats) or len(seats) <= 1:
                return state
            del seats[index]
        case MovePlayer(index, delta):
            other = index + delta
            if not _valid_seat(index, seats) or not _valid_seat(other, seats) or delta == 0:
                return state
            seats[index], seats[other] = seats[other], seats[index]
        case RenamePlayer(index, name):
            if not _valid_seat(index, seats) or not isinstance(name, str):
                return state
            clean = "".join(ch for ch in name if ch.isprintable())[:MAX_NAME_LENGTH]
            seats[index] = replace(seats[index], name=clean)
        case SetPlayerKind(index, kind):
            if not _valid_seat(index, seats) or kind not in tuple(PlayerKind):
                return state
            seats[index] = replace(seats[index], kind=PlayerKind(kind))
        case SetPlayerLevel(index, level):
            if not _valid_seat(index, seats) or level not in LEVELS:
                return state
            seats[index] = replace(seats[index], level=level)
        case StartGame():
            return _start(state, c)
        case _:
            return state
    return replace(state, setup=replace(setup, seats=tuple(seats)), setup_restored=False)


def _valid_seat(index: object, seats: list[Seat]) -> bool:
    return isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(seats)


def default_names(kinds: Sequence[PlayerKind], language: str) -> tuple[str, ...]:
    """The names of unnamed players: "Player N" by the seat's place in the turn order,
    "Computer N" counting the computer players only (one human, one computer: "Computer 1")."""
    t = Translator(language, isolate=False)  # a name is data: the messages isolate it
    names = []
    computers = 0
    for number, kind in enumerate(kinds, start=1):
        if kind is PlayerKind.COMPUTER:
            computers += 1
            names.append(t("setup.default_computer_name", number=computers))
        else:
            names.append(t("setup.default_name", number=number))
    return tuple(names)


def players_for(setup: Setup, language: str) -> tuple[Player, ...]:
    """The game's players from the setup; blank names get their default name."""
    defaults = default_names([seat.kind for seat in setup.seats], language)
    players = []
    for seat, default in zip(setup.seats, defaults, strict=True):
        name = seat.name.strip() or default
        if seat.kind is PlayerKind.COMPUTER:
            players.append(Player(name, PlayerKind.COMPUTER, seat.level))
        else:
            players.append(Player(name))
    return tuple(players)


def _renamed_defaults(game: GameState | None, old: str, new: str) -> GameState | None:
    """`game` with the players still called by their default name in language `old` called
    by their default name in language `new` (a name a player typed stays as it is)."""
    if game is None or old == new:
        return game
    kinds = [player.kind for player in game.players]
    before, after = default_names(kinds, old), default_names(kinds, new)
    players = tuple(
        replace(player, name=after[index]) if player.name == before[index] else player
        for index, player in enumerate(game.players)
    )
    return game if players == game.players else replace(game, players=players)


def parse_seed(text: object) -> int | None:
    """The page's `?seed=` value as a seed (digits, 0 to 2**53-1), or None when absent or bad."""
    if not isinstance(text, str) or not text.isascii() or not text.isdigit() or len(text) > 16:
        return None
    try:
        return check_seed(int(text))
    except GameError:
        return None


def dice_source_for(state: AppState) -> DiceSource:
    return EntropyDice() if state.seed is None else SeededDice(state.seed)


def _start(state: AppState, c: _Context) -> AppState:
    if state.screen is Screen.END and state.game is not None:
        players = state.game.players
        ruleset = state.game.ruleset
    else:
        players = players_for(state.setup, state.settings.language)
        ruleset = RULESETS[state.setup.ruleset_id]
    game = new_game(ruleset, players, dice_source_for(state))
    coach_status = (
        state.coach_status
        if state.game is not None and state.game.ruleset is ruleset
        else CoachStatus.LOADING
    )
    return _reset_turn(
        replace(
            state,
            screen=Screen.GAME,
            game=game,
            before_last_turn=None,
            dialog=Dialog.NONE,
            coach_status=coach_status,
            announcement=None,
        )
    )


def resume(
    state: AppState,
    game: GameState | None,
    before_last_turn: GameState | None,
    *,
    now: float,
    turn: TurnRecord | None = None,
) -> AppState:
    """`state` continuing a restored game (from the device's storage): its screen, the
    computer's next step or the auto-score countdown scheduled again (with the box and the time
    left that `turn` kept, when they fit). None: nothing to resume."""
    if game is None:
        return state
    new = _reset_turn(
        replace(
            state,
            screen=Screen.END if game.is_over else Screen.GAME,
            game=game,
            before_last_turn=before_last_turn,
            dialog=Dialog.NONE,
            coach_status=CoachStatus.LOADING,
            announcement=None,
        )
    )
    if not game.is_over and RESTORED_NOTICE not in new.notices:
        new = replace(new, notices=(*new.notices, RESTORED_NOTICE))
    seconds = state.settings.auto_score_seconds
    if (
        not game.is_over
        and not is_computer_turn(new)
        and game.dice is not None
        and game.rolls_left == 0
        and game.selected_box is None
        and seconds
    ):
        new = countdown.start(new, now, seconds, None)
    return _schedule(countdown.restore(new, turn, now), now)


def open_elsewhere(state: AppState) -> AppState:
    """`state` giving way to another tab, which has the game now: no timer runs, no dialog
    stays open, and only the offer to take over shows."""
    notices = tuple(notice for notice in state.notices if notice != RESTORED_NOTICE)
    return _reset_turn(
        replace(
            state, screen=Screen.ELSEWHERE, dialog=Dialog.NONE, announcement=None, notices=notices
        )
    )


def take_over(
    state: AppState,
    game: GameState | None,
    before_last_turn: GameState | None,
    preferences: object,
    *,
    now: float,
    turn: TurnRecord | None = None,
) -> AppState:
    """`state` playing here again, from the newest save (the other tab may have played on, or
    changed the settings): its game resumed (with its countdown), or the New game screen when
    there is none."""
    fresh = replace(
        state, screen=Screen.SETUP, game=None, before_last_turn=None, setup_restored=False
    )
    if preferences is not None:
        fresh = preferences_from_data(fresh, preferences)
    return resume(fresh, game, before_last_turn, now=now, turn=turn)


def undo_available(state: AppState) -> bool:
    game = state.game
    automatic = state.last_auto_scored is not None
    setting = state.settings.undo
    return game is not None and can_undo(game, state.before_last_turn, setting, automatic=automatic)


def _undo(state: AppState) -> AppState:
    game, before = state.game, state.before_last_turn
    if game is None or before is None or not undo_available(state):
        return state
    box = confirmed_box(before, game)
    assert box is not None  # can_undo checked it
    automatic = state.last_auto_scored is not None
    restored = undo(game, before, state.settings.undo, automatic=automatic)
    new = _reset_turn(
        replace(
            state,
            screen=Screen.GAME,
            game=restored,
            before_last_turn=None,
            dialog=Dialog.NONE,
            last_auto_scored=None,
        )
    )
    return _announce(new, Undone(box))


def _reset_turn(state: AppState) -> AppState:
    return replace(
        state,
        countdown_deadline=None,
        countdown_paused=None,
        countdown_box=None,
        computer_due=None,
        computer_plan=None,
        hint=None,
        hint_requested=False,
        last_roll_at=None,
    )


def _apply_game(state: AppState, intent: Intent, c: _Context) -> AppState:
    game = state.game
    assert game is not None
    if isinstance(intent, Tick):
        return _tick(state, c)
    if isinstance(intent, SpeedUp):
        speed = Speed.NORMAL if state.settings.computer_speed is Speed.FAST else Speed.FAST
        new = replace(state, settings=replace(state.settings, computer_speed=speed))
        # The next step at the new pace, from now: this also ends the wait for a take-back.
        due = c.now + STEP_SECONDS[speed] if is_computer_turn(new) else None
        return replace(new, computer_due=due)
    if isinstance(intent, SkipComputers):
        return _skip_computers(state, c)
    if is_computer_turn(state):
        return state  # the human players wait
    player = game.current_player
    match intent:
        case ToggleKeep(die):
            new_game_state = toggle_keep(game, player, die)
            return replace(state, game=new_game_state, hint=None, hint_requested=False)
        case Roll():
            last = state.last_roll_at
            if last is not None and 0 <= c.now - last < ROLL_GUARD_SECONDS:
                return state  # the second tap of a double tap
            return replace(_roll(state, c), last_roll_at=c.now)
        case SelectBox(box):
            # The hint stays: it is about the dice, which choosing a box does not change.
            return countdown.stop(replace(state, game=select_box(game, player, box)))
        case ConfirmTurn():
            if game.selected_box is None:
                return state
            return _score(state, game.selected_box, automatic=False)
        case ShowHint():
            if game.dice is None:
                return state
            hint = c.coach.best_action(game)
            new = replace(state, hint=hint, hint_requested=True)
            if isinstance(hint, ScoreAdvice) and countdown.is_pending(new):
                # The countdown (held while the hint shows) scores the box the hint shows.
                new = replace(new, countdown_box=hint.box)
            return new
        case HideHint():
            return replace(state, hint=None, hint_requested=False)
    return state


def _announce(state: AppState, announcement: Announcement) -> AppState:
    return replace(
        state, announcement=announcement, announcement_count=state.announcement_count + 1
    )


def _roll(state: AppState, c: _Context) -> AppState:
    game = state.game
    assert game is not None
    rolled = roll(game, game.current_player)
    assert rolled.dice is not None
    new = replace(
        state,
        game=rolled,
        before_last_turn=None,
        hint=None,
        hint_requested=False,
        last_auto_scored=None,
    )
    seconds = state.settings.auto_score_seconds
    if rolled.rolls_left == 0 and not is_computer_turn(new) and seconds:
        new = countdown.start(new, c.now, seconds, c.coach.best_box(rolled))
    return _announce(new, Rolled(rolled.current_player, rolled.dice))


def _score(state: AppState, box: str, *, automatic: bool) -> AppState:
    game = state.game
    assert game is not None and game.options is not None
    player = game.current_player
    points = game.options.points[box]
    bonus = game.options.five_of_a_kind_bonus
    after = score(game, player, box)
    new = _reset_turn(
        replace(
            state,
            game=after,
            before_last_turn=undo_point(game, after, state.settings.undo, automatic=automatic),
            last_auto_scored=box if automatic else None,
        )
    )
    new = _announce(new, Scored(player, box, points, bonus, automatic))
    if after.is_over:
        new = _announce(replace(new, screen=Screen.END), GameOver())
    return new


def _tick(state: AppState, c: _Context) -> AppState:
    game = state.game
    assert game is not None
    if state.countdown_deadline is not None and c.now >= state.countdown_deadline:
        if game.selected_box is not None or game.options is None:
            return replace(state, countdown_deadline=None)
        return _score(state, state.countdown_box or c.coach.best_box(game), automatic=True)
    if state.computer_due is not None and c.now >= state.computer_due and is_computer_turn(state):
        if state.coach_status is CoachStatus.LOADING:
            # The strategy table is on its way: the computer waits for it (a moment) rather
            # than playing its level's moves without it.
            delay = STEP_SECONDS[state.settings.computer_speed]
            return replace(state, computer_due=c.now + delay)
        return replace(_computer_step(state, c), computer_due=None)
    return state


def _computer_step(state: AppState, c: _Context) -> AppState:
    """One visible step of a computer player: roll, set dice aside, select a box, or score."""
    game = state.game
    assert game is not None
    player = game.current_player
    if game.dice is None:
        return _roll(state, c)
    plan = state.computer_plan
    if plan is None:
        level = game.player.level or DEFAULT_LEVEL
        plan = c.coach.computer_action(game, level, c.rng)
        if isinstance(plan, KeepAdvice) and (game.rolls_left == 0 or len(plan.kept) == DICE_COUNT):
            plan = ScoreAdvice(c.coach.best_box(game))
    if isinstance(plan, ScoreAdvice):
        if game.selected_box != plan.box:
            return replace(state, game=select_box(game, player, plan.box), computer_plan=plan)
        return _score(state, plan.box, automatic=False)
    if tuple(game.kept) != tuple(sorted(plan.kept)):
        kept_game = game
        for die in set(game.kept) ^ set(plan.kept):
            kept_game = toggle_keep(kept_game, player, die)
        kept_dice = tuple(game.dice[position] for position in kept_game.kept)
        new = replace(state, game=kept_game, computer_plan=plan)
        return _announce(new, Kept(player, kept_dice))
    return replace(_roll(state, c), computer_plan=None)


def _skip_computers(state: AppState, c: _Context) -> AppState:
    """Every computer turn up to the next human's, or to the end of a game of computers only."""
    game = state.game
    assert game is not None
    # A turn takes at most a roll and a keep per roll, then a select and a score. The bound
    # (every open box of every player) only guards against a bug: it never cuts a game short.
    per_turn = 2 * ROLLS_PER_TURN + 2
    steps = per_turn * sum(len(sheet.open_boxes) for sheet in game.sheets)
    while is_computer_turn(state) and steps > 0:
        state = _computer_step(state, c)
        steps -= 1
    return replace(state, computer_due=None)


def _schedule(state: AppState, now: float) -> AppState:
    state = countdown.settle(state, now, dialog_open=state.dialog is not Dialog.NONE)
    if state.dialog is not Dialog.NONE:
        # Nothing happens behind a dialog: the computer player waits (rescheduled after it).
        return state if state.computer_due is None else replace(state, computer_due=None)
    if is_computer_turn(state):
        if state.computer_due is None:
            delay = STEP_SECONDS[state.settings.computer_speed]
            if undo_available(state):  # the human before it may take their box back
                delay = max(delay, UNDO_WINDOW_SECONDS)
            return replace(state, computer_due=now + delay, countdown_deadline=None)
        return state
    if state.computer_due is not None:
        return replace(state, computer_due=None)
    return state


# --- preferences (settings and the last setup), for the browser's storage ---------------------


def preferences_to_data(state: AppState) -> dict[str, Any]:
    return {
        "format": "penta-preferences",
        "version": PREFERENCES_VERSION,
        "language": state.settings.language,
        "auto_score_seconds": state.settings.auto_score_seconds,
        "computer_speed": state.settings.computer_speed.value,
        "undo": state.settings.undo.value,
        "ruleset": state.setup.ruleset_id,
        "players": [
            {"name": seat.name, "kind": seat.kind.value, "level": seat.level}
            for seat in state.setup.seats
        ],
    }


def preferences_from_data(state: AppState, data: object) -> AppState:
    """`state` with the settings and the last setup in `data`. Anything not as
    preferences_to_data writes it raises SaveFileError naming the field and the value (the
    stored record is then set aside and reported, see game.persistence.session); a field an
    older build did not write yet keeps its value in `state`."""
    prefs = read_object(data, "preferences")
    written = prefs.keys() & _PREFERENCE_FIELDS  # builds before the undo setting wrote no "undo"
    check_keys(prefs, "preferences", {"format", "version", *written})
    if prefs["format"] != "penta-preferences":
        raise SaveFileError(
            f"preferences.format: expected 'penta-preferences', got {prefs['format']!r:.80}"
        )
    if prefs["version"] != PREFERENCES_VERSION or type(prefs["version"]) is not int:
        raise UnsupportedVersionError(
            f"preferences: this build reads version {PREFERENCES_VERSION}, "
            f"not {prefs['version']!r:.80}"
        )

    def field(key: str, choices: Sequence[T], current: T) -> T:
        return _choice(prefs[key], choices, f"preferences.{key}") if key in prefs else current

    settings, setup = state.settings, state.setup
    settings = replace(
        settings,
        language=field("language", tuple(LANGUAGES), settings.language),
        auto_score_seconds=field(
            "auto_score_seconds", AUTO_SCORE_CHOICES, settings.auto_score_seconds
        ),
        computer_speed=field("computer_speed", tuple(Speed), settings.computer_speed),
        undo=field("undo", tuple(UndoSetting), settings.undo),
    )
    setup = replace(setup, ruleset_id=field("ruleset", tuple(RULESETS), setup.ruleset_id))
    if "players" in prefs:
        players = read_list(prefs["players"], "preferences.players", 1, MAX_PLAYERS)
        seats = (
            _seat_from_data(seat, f"preferences.players[{n}]") for n, seat in enumerate(players)
        )
        setup = replace(setup, seats=tuple(seats))
    return replace(state, settings=settings, setup=setup, setup_restored="players" in prefs)


_PREFERENCE_FIELDS = frozenset(preferences_to_data(AppState())) - {"format", "version"}


def _choice(value: object, choices: Sequence[T], path: str) -> T:
    """The choice `value` is, of the same type (True is not 1, nor 3.0 is 3; text names a
    StrEnum's member)."""
    for choice in choices:
        text_for_enum = isinstance(choice, StrEnum) and type(value) is str
        if (type(value) is type(choice) or text_for_enum) and value == choice:
            return choice
    raise SaveFileError(
        f"{path}: expected one of {', '.join(map(str, choices))}, got {value!r:.80}"
    )


def _seat_from_data(data: object, path: str) -> Seat:
    seat = read_object(data, path)
    check_keys(seat, path, {"name", "kind", "level"})
    name = seat["name"]
    if not isinstance(name, str) or len(name) > MAX_NAME_LENGTH or not name.isprintable():
        raise SaveFileError(
            f"{path}.name: expected printable text of at most {MAX_NAME_LENGTH} characters, "
            f"got {name!r:.80}"
        )
    kind = _choice(seat["kind"], tuple(PlayerKind), f"{path}.kind")
    return Seat(name, kind, _choice(seat["level"], LEVELS, f"{path}.level"))


def _as_list(languages: object) -> list[object] | None:
    if languages is None:
        return None
    if isinstance(languages, str):
        return [languages]
    if isinstance(languages, list | tuple):
        return list(languages)
    return None
