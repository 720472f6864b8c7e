"""The app's state: `AppState` and the records it is made of (screens, dialogs, settings, the
setup being edited, the notices), the pacing constants, and the questions the shell and the
screens ask of a state (`next_deadline`, `is_computer_turn`). Of game.app it imports only what
imports nothing of it (game.app.announcements, game.app.key_answers), so that every other module
of it can import this one."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from enum import StrEnum
from typing import TYPE_CHECKING

from game.app.announcements import Announcement, Scored
from game.coach.protocol import Advice, CoachMode, Judgement
from game.i18n.locale import DEFAULT_LANGUAGE
from game.play.move_log import Kept as KeptMove
from game.play.move_log import MoveLog
from game.play.move_log import Scored as ScoredMove
from game.play.recheck import Refusal
from game.play.state import DEFAULT_LEVEL, GameState, Player, PlayerKind
from game.play.undo import UndoSetting

if TYPE_CHECKING:  # at run time only the shell needs the module, for the history screen
    from game.app.sheet_help_intents import SheetHelpIntent
    from game.coach.review import GameReview
    from game.persistence.history import GameRecord
    from game.persistence.kept import KeptGame
    from game.persistence.stats import DailyResult, PlayerStats


AUTO_SCORE_CHOICES: tuple[int | None, ...] = (None, 0, 3, 5, 10)
"""Seconds of the countdown after the last roll; 0 turns automatic scoring off; None (the
default) follows the game's rules: Penta's sheet scores after 3 seconds, Yatzy's has no
countdown (Ruleset.auto_score_seconds)."""
AUTO_SCORE_BY_THE_RULES = "rules"
"""The settings' choice of None, as the page names it."""
ROLL_GUARD_SECONDS = 0.6
"""A human's Roll this soon after their last one is ignored: a double tap must not cost a roll
(nor two taps while the dice still tumble, 0.45 s: a walk's taps 350 ms apart used two)."""


class Screen(StrEnum):
    SETUP = "setup"
    GAME = "game"
    END = "end"
    HISTORY = "history"
    """History and statistics of the finished games (from the setup screen)."""
    ELSEWHERE = "elsewhere"
    """The app is open in another tab, which plays and saves the game: this one only offers to
    take over (see `open_elsewhere` and `take_over`)."""
    FINISHED = "finished"
    """A finished game's whole score sheet, read only (from the history screen)."""
    REVIEW = "review"
    """A finished game's decisions against optimal play, for one player (game.app.review_flow),
    from the end screen or the history."""


class Speed(StrEnum):
    NORMAL = "normal"
    FAST = "fast"


STEP_SECONDS: dict[Speed, float] = {Speed.NORMAL: 0.7, Speed.FAST: 0.3}
"""The pause between two visible steps of a computer player (two walks found turns of 0.9 s
steps slow: some 8 s a computer's turn, with the wait for the take back before it)."""


UNDO_WINDOW_SECONDS = 3.0
"""How long a computer player waits before its first roll while the human before it may still
take back the box just confirmed (a roll ends undo): like a snackbar's "Undo", long enough to
see it and press it. "Faster" or "Skip" end the wait. After a box the countdown scored, it
waits until a person lets it play (game.app.take_back.waits_for_a_person)."""


class DisplaySize(StrEnum):
    """How large the dice and the sheet are drawn (the text follows the browser's own size)."""

    NORMAL = "normal"
    LARGE = "large"
    """For players who hold the phone at arm's length."""


class Dialog(StrEnum):
    NONE = "none"
    RULES = "rules"
    SETTINGS = "settings"
    LEAVE = "leave"
    """Asks before leaving a game in progress."""
    BOX = "box"
    """Explains one box of the sheet, with an example, or says whose a column is
    (`Ui.explained`): game.app.sheet_help."""
    DELETE_KEPT = "delete-kept"
    """Asks before deleting an unfinished game kept (`Ui.deleting`)."""
    DELETE_FINISHED = "delete-finished"
    """Asks before deleting the finished game on screen from the history (`Ui.finished_id`)."""
    REMOVE_PLAYER = "remove-player"
    """Asks before removing a player whose name was typed (`Ui.removing`)."""
    CORRECT = "correct"
    """Changes the dice entered for a filled box of a real-dice game (`Ui.correction`)."""
    DISCARD_UNREADABLE = "discard-unreadable"
    """Asks before deleting the data set aside as unreadable (`Ui.unreadable`)."""


class CoachStatus(StrEnum):
    """Whether the optimal advice (the strategy table) for the ruleset being played is ready."""

    LOADING = "loading"
    READY = "ready"
    UNAVAILABLE = "unavailable"


COACH_THRESHOLDS: tuple[float, ...] = (0.5, 1.0, 2.0, 5.0)
"""The expected final points a move must cost for the coach on "warn" to stop it."""
# Playing greedily (the most points at once), 20 games of each ruleset: 11-12 moves a game cost
# at least 1 point, 3.5 at least 5. At 1 the coach stopped five keeps of a first game's walk.
DEFAULT_COACH_THRESHOLD = 5.0

HISTORY_PAGE = 30
"""Finished games the history lists at a time: all 1,000 of a long history took 0.8 s to
show, the page frozen."""


@dataclass(frozen=True)
class Settings:
    language: str = DEFAULT_LANGUAGE
    auto_score_seconds: int | None = None
    computer_speed: Speed = Speed.NORMAL
    undo: UndoSetting = UndoSetting.AUTO
    pass_phone: bool = True
    """Between two humans' turns, a hand-over screen names who plays next (game.app.handover)."""
    guide_done: bool = False
    """The guided first turn was played through or skipped (game.app.guide)."""
    sound: bool = True
    """A short sound when the dice roll."""
    vibration: bool = True
    """A short tap of the phone (where it can vibrate) when the player rolls."""
    display_size: DisplaySize = DisplaySize.NORMAL
    coach_threshold: float = DEFAULT_COACH_THRESHOLD


@dataclass(frozen=True)
class Notice:
    """A message shown at the top of the page until dismissed: a catalog key and its values."""

    key: str
    values: tuple[tuple[str, int | str], ...] = ()


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
    coach: CoachMode = CoachMode.OFF
    """The human player's coach while playing (a computer has none: off in the game)."""


@dataclass(frozen=True)
class Setup:
    ruleset_id: str = "penta"
    seats: tuple[Seat, ...] = (Seat(),)
    restored: bool = False
    """The seats came from the stored preferences (and were not edited since)."""
    seed: int | None = None
    """Games start with SeededDice(seed) when set (the page's ?seed=N); it survives a new game."""
    today: date | None = None
    """The local date, from the shell (at start, and with StartDaily): the daily challenge's."""
    real_dice: bool = False
    """Games are played with real dice, whose faces are entered (game.app.entry): humans only."""
    moved: tuple[int, int, int, float] | None = None
    """The last move of a seat: the seat and arrow tapped (-1 up, 1 down), where its player
    went, and when (seconds)."""

    @property
    def seats_at_play(self) -> tuple[Seat, ...]:
        """The seats as a game starts them: with real dice every seat is a person's (people throw
        them); a computer's seat stays one in `seats`, to play again when the dice are on
        screen (a tap on Real dice and back lost the computer player)."""
        if not self.real_dice:
            return self.seats
        return tuple(replace(seat, kind=PlayerKind.HUMAN) for seat in self.seats)


@dataclass(frozen=True)
class Play:
    """The game being played, and what undo needs of it."""

    game: GameState | None = None
    before_last_turn: GameState | None = None
    """The game before its last confirmed box, while that box may be taken back (undo)."""
    last_auto_scored: str | None = None
    """The box just filled by the countdown (shown until the next turn's roll; it may be taken
    back until then whatever the undo setting)."""


@dataclass(frozen=True)
class Pacing:
    """The timers and the advice of the turn being played: all of it ends with the turn."""

    countdown_deadline: float | None = None
    """When the auto-score countdown ends (after a human's last roll, nothing selected)."""
    countdown_seconds: int = 0
    """The countdown's length when it started (for the view's progress bar; read only while a
    deadline or a pause is set)."""
    countdown_paused: float | None = None
    """The seconds the countdown will run when it goes on, while something holds it (a dialog,
    the sheet held, the hint: see game.app.countdown)."""
    countdown_box: str | None = None
    """The box the countdown will score, chosen when it started so that the tray can name it
    (None after a restore from an older save: the coach then chooses when it ends)."""
    computer_due: float | None = None
    """When the computer player whose turn it is makes its next visible step."""
    computer_plan: Advice | None = None
    """The move the computer player is carrying out (keep, then roll; select, then score)."""
    hint: Advice | None = None
    """The advice shown after "Hint", until the dice or the turn change."""
    hint_reason: CoachVerdict | None = None
    """Why the hint's move is best: the next best judged against it (coaching.hint_reason)."""
    hint_tempting: CoachVerdict | None = None
    """The box that pays 25 or more now, judged, where the hint is another move
    (coaching.hint_tempting)."""
    hint_requested: bool = False
    hint_seen: Advice | None = None
    """The advice shown for these dice, kept when the hint is hidden: its move made then is the
    hint's, not the player's own (a walk read each hint, hid it, and was praised for its moves)."""
    refused_box: str | None = None
    """The filled or forbidden box the player tapped last, for the tray to say why it is not
    chosen (a walk tapped a filled box and nothing happened); gone at the player's next move."""
    refused_seat: int | None = None
    """The other player's column `refused_box` was tapped in; None for the current player's."""
    rolls_left_named: int | None = None
    """The rolls left after the real dice entered, as the player named their roll for the hint
    ("What should I keep?"), where the game could not record it (not after the rolls entered
    before it): the coach judges the turn's move as the hint advised it. A warning said "Better:
    Pair for 10 points" under a hint to keep 5, 5 and throw again (a walk)."""
    last_roll_at: float | None = None
    """When the human whose turn it is last rolled, for the double-tap guard (not saved: after
    a reload the next roll is allowed at once; cleared when the turn changes)."""
    choice_shown_at: float | None = None
    """When buttons that a tap brought up last appeared (the coach's warning, the computer's
    turn, the take-back, the hand-over), for the double-tap guard (game.app.fresh_choices; not
    saved)."""


@dataclass(frozen=True)
class Correction:
    """A filled box being corrected in a game played with real dice (game.app.correcting)."""

    player: int
    box: str
    faces: tuple[int, ...]
    """The dice as they are being corrected (at first, those entered for the box)."""
    asked: str = ""
    """The confirmation asked before anything changes: "change" or "clear" ("" none yet)."""
    refusal: Refusal | None = None
    """Why the correction cannot be made (a later joker or bonus, or "rules": the dice or
    the box themselves), once tried."""


@dataclass(frozen=True)
class Ui:
    """What is on screen besides the game: the screen, the dialog, what to announce, the
    notices, and what the history screen and the export offer show."""

    screen: Screen = Screen.SETUP
    dialog: Dialog = Dialog.NONE
    rules_ruleset: str = "penta"
    announcement: Announcement | None = None
    announcement_count: int = 0
    """Grows with every announcement, so the same words said twice are said again."""
    recent_scores: tuple[Scored, ...] = ()
    """The last round's turns scored, in the order played: those since the next player's own
    are what the hand-over tells whoever takes the phone. Not saved, as announcements are not."""
    notices: tuple[Notice, ...] = ()
    nothing_kept: bool = False
    """The device keeps nothing (the browser blocks the site's data): what is played is gone
    once the page closes, which the screens then do not promise otherwise."""
    unreadable: tuple[str, ...] = ()
    """Storage keys of data set aside as unreadable (offered for export)."""
    stats: tuple[PlayerStats, ...] = ()
    """The statistics shown on the history screen (the shell reads the history)."""
    sheet_held: bool = False
    """The player is touching or scrolling the score sheet (HoldSheet until ReleaseSheet): not
    reset with the turn, as the finger is still down."""
    explained: SheetHelpIntent | None = None
    """What the box dialog explains: a box (ExplainBox) or a player's column (ExplainPlayer)."""
    guide_on: bool = False
    """The player said yes to the guided turn (StartGuide), until it is done or skipped."""
    handed_over: tuple[int, int] | None = None
    """The (round, player) whose hand-over was tapped through (StartTurn). Not saved: a reload
    before that player's first roll shows the hand-over again."""
    resumed_turn: tuple[int, int] | None = None
    """The (round, player) a game was resumed at (a kept game, a reload): its hand-over shows
    even after the roll, as whoever picked the phone up may not be that player."""
    tray_open: bool = False
    """The tray shows all of its messages (the hint, the countdown's help...), not only the
    one-line summary that keeps it small."""
    kept_games: tuple[KeptGame, ...] = ()
    """The unfinished games the player left, newest first, as storage last said
    (game.app.kept)."""
    deleting: str = ""
    """The id of the kept game whose deletion the dialog asks to confirm."""
    removing: int = -1
    """The seat whose removal the dialog asks to confirm."""
    history_games: tuple[GameRecord, ...] = ()
    """The finished games of the history screen (read with the statistics)."""
    history_read: bool = False
    """The history has been read once (StatsLoaded): before, the history screen cannot tell an
    empty history from one still being read (a long one took seconds on a slow phone)."""
    history_shown: int = HISTORY_PAGE
    """How many of them the list shows, newest first (ShowOlderGames adds a page)."""
    finished_id: str = ""
    """The finished game whose sheet the FINISHED screen shows."""
    daily: tuple[DailyResult, ...] = ()
    """The daily challenges played, newest first (with the statistics: StatsLoaded)."""
    entry: tuple[int, ...] = ()
    """With real dice: the faces entered so far on the pad, in the order entered, while they
    are fewer than five (five are the game's dice: game.app.entry). Not saved."""
    entry_kept: int | None = None
    """With real dice, while the roll named is changed on the pad into the next: how many of
    `entry`'s first faces stayed on the table from it, the dice taken off were thrown again
    (None: not known, as after a reload; the faces then tell, as far as they can). Not saved."""
    correction: Correction | None = None
    """The box the correction dialog changes (Dialog.CORRECT). Not saved."""


@dataclass(frozen=True)
class Tables:
    """What the app knows of the rulesets' strategy tables (the shell keeps the coaches made of
    them): a ruleset neither ready nor failed is still loading, or not asked for yet."""

    ready: frozenset[str] = frozenset()
    failed: frozenset[str] = frozenset()
    loading: frozenset[str] = frozenset()
    """Asked for (FetchTable), with no answer yet."""

    def known(self, ruleset_id: str) -> bool:
        return ruleset_id in self.ready | self.failed | self.loading

    def status(self, ruleset_id: str) -> CoachStatus:
        if ruleset_id in self.ready:
            return CoachStatus.READY
        if ruleset_id in self.failed:
            return CoachStatus.UNAVAILABLE
        return CoachStatus.LOADING


class ShareOutcome(StrEnum):
    """What came of the review's Share button."""

    NONE = "none"
    SHARED = "shared"
    COPIED = "copied"
    FAILED = "failed"
    """Neither the share sheet nor the clipboard: the text is shown to be selected by hand."""


@dataclass(frozen=True)
class ReviewedGame:
    """The finished game a review is of (from the end screen or from the history)."""

    ruleset_id: str
    players: tuple[Player, ...]
    log: MoveLog
    challenge_date: date | None = None
    """The day of the daily challenge the game was, else None (for the text to share)."""


@dataclass(frozen=True)
class Review:
    """The review screen: which game and player, and the review once computed (ComputeReview,
    then ReviewComputed)."""

    game: ReviewedGame | None = None
    seat: int = 0
    back_to: Screen = Screen.END
    """The screen Back returns to: the end screen or the history."""
    result: GameReview | None = None
    """None while it is computed (or while the strategy table loads)."""
    failed: bool = False
    """It could not be computed (its reason went to the console)."""
    computers: bool = False
    """The computers' reviews are offered too ("Show computers too")."""
    share: ShareOutcome = ShareOutcome.NONE
    every_decision: bool = False
    """Every decision that was not optimal is listed, not only the costliest ("Show all 13")."""


@dataclass(frozen=True)
class CoachVerdict:
    """The coach's judgement of one move of the current turn, as it was before the move."""

    player: int
    move: KeptMove | ScoredMove
    judgement: Judgement
    game: GameState
    """The game just before the move (its dice, sheet and open boxes, for the reason)."""


@dataclass(frozen=True)
class Coaching:
    """The coach while playing (game.app.coaching): each seat's mode, and what it says."""

    modes: tuple[CoachMode, ...] = ()
    """Each seat's coach in the game being played (computers: off)."""
    waiting: CoachVerdict | None = None
    """A costly move held back until the player shows the best move or plays theirs anyway."""
    seen: KeptMove | ScoredMove | None = None
    """The move warned about whose best move the player looked at: made again, it goes ahead."""
    lines: tuple[CoachVerdict, ...] = ()
    """The verdict on each "always" player's last move (one per player at most), until their
    next move: kept while others play, so that it reaches its player."""


@dataclass(frozen=True)
class AppState:
    setup: Setup = Setup()
    settings: Settings = Settings()
    play: Play = Play()
    pacing: Pacing = Pacing()
    ui: Ui = Ui()
    tables: Tables = Tables()
    coaching: Coaching = Coaching()
    review: Review = Review()

    @property
    def game(self) -> GameState | None:
        return self.play.game

    @property
    def screen(self) -> Screen:
        return self.ui.screen

    @property
    def coach_status(self) -> CoachStatus:
        """Whether the optimal advice for the game being played (else for the ruleset being set
        up) is ready."""
        game = self.play.game
        return self.tables.status(self.setup.ruleset_id if game is None else game.ruleset.id)


def next_deadline(state: AppState) -> float | None:
    """When the shell should dispatch the next Tick (None: nothing is waiting)."""
    times = [
        t for t in (state.pacing.countdown_deadline, state.pacing.computer_due) if t is not None
    ]
    return min(times) if times else None


def is_computer_turn(state: AppState) -> bool:
    game = state.game
    return (
        state.screen is Screen.GAME
        and game is not None
        and not game.is_over
        and game.player.kind is PlayerKind.COMPUTER
    )


def auto_score_seconds(state: AppState) -> int:
    """The countdown after the last roll in the game on screen: the setting, or its rules'."""
    chosen = state.settings.auto_score_seconds
    if chosen is not None:
        return chosen
    game = state.game
    return 0 if game is None else game.ruleset.auto_score_seconds
