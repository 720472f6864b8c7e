"""The screens as plain data: the NamedTuple views a Snapshot is made of (see
game.present.snapshot), every string in them already translated."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from game.present.choice import Choice
from game.present.help_views import BoxHelpView, CoachWarningView, GuideView, HandoverView
from game.present.history_views import HistoryView
from game.present.review_views import EndReviewView, ReviewView
from game.present.sheet_views import SheetView

if TYPE_CHECKING:  # loaded with the first rules shown (see Translator.rules_text)
    from game.i18n.rules_text import RulesText


# The views are NamedTuples, immutable records like frozen dataclasses, for the start-up time:
# in Pyodide a dataclass takes about 1 ms to create (it compiles the methods it generates), a
# NamedTuple a quarter of that, and the first screen waits for every one of them.


class RulesetCard(NamedTuple):
    id: str
    name: str
    description: str
    selected: bool
    rules_label: str


class SeatView(NamedTuple):
    heading: str
    """The seat's default name: "Player 2" (its place in the turn order), "Computer 1"."""
    name: str
    placeholder: str
    name_label: str
    is_computer: bool
    kind_label: str
    kinds: tuple[Choice, ...]
    """Human or computer; none with real dice (people only)."""
    level_label: str
    levels: tuple[Choice, ...]
    level_description: str
    move_up_label: str
    move_down_label: str
    remove_label: str
    can_move_up: bool
    can_move_down: bool
    can_remove: bool
    coach_label: str = ""
    coaches: tuple[Choice, ...] = ()
    """The human player's coach while playing: off, warn, always (a computer has none)."""
    note: str = ""
    """Why a computer's seat is a person's: real dice are thrown by people."""
    colour: int = 0
    """The seat's colour in the game (game.present.seat_colours)."""


class KeptGameView(NamedTuple):
    """An unfinished game kept, on the New game screen."""

    id: str
    title: str
    """"Penta · Round 5 of 13"."""
    scores: str
    """Each player's total so far: "Dana: 45 · Bot: 60"."""
    date: str
    """When it was last played, and whose turn it is in a game of several."""
    resume_label: str
    resume_name: str
    """The Resume button's accessible name, which names the game."""
    delete_label: str = ""
    """"" for today's challenge, which is not deleted (game.app.daily.deletable)."""
    delete_name: str = ""
    note: str = ""
    """In Delete's place, why there is none."""


class SetupView(NamedTuple):
    title: str
    ruleset_heading: str
    rulesets: tuple[RulesetCard, ...]
    players_heading: str
    player_count: str
    seats: tuple[SeatView, ...]
    add_human_label: str
    add_computer_label: str
    can_add: bool
    start_label: str
    note: str
    """"Your last setup is ready", or the seeded-dice note, or ""."""
    welcome: str = ""
    """What the game is, in a line beside the title, on a device never played on (or "")."""
    kept_heading: str = ""
    kept: tuple[KeptGameView, ...] = ()
    kept_shown: int = 0
    """How many of `kept` show at once; the rest are folded under `kept_more_label`."""
    kept_more_label: str = ""
    daily_label: str = ""
    """The daily challenge's button: today's challenge, or its result once played."""
    daily_help: str = ""
    daily_available: bool = True
    """False once today's challenge of the chosen ruleset was played."""
    daily_shown: bool = True
    """False where real dice are chosen: the challenge is everyone's same dice, the app's."""
    dice_heading: str = ""
    dice_choices: tuple[Choice, ...] = ()
    """On screen, or real dice (game.app.entry)."""
    dice_help: str = ""
    can_add_computer: bool = True
    """Not with real dice, nor beyond the most players."""
    remove_player: LeaveView | None = None
    """The dialog that asks before a player whose name was typed is removed."""


class DieView(NamedTuple):
    face: int
    """0 before the turn's first roll."""
    kept: bool
    label: str
    badge: str
    enabled: bool
    suggested: bool = False
    """The hint on screen says to keep this die."""
    advice: str = ""
    """What the hint on screen says to do with this die: "keep" it (it is not kept yet),
    "release" it (it is kept, and should be rolled); "" when the hint has nothing to change."""


class GameView(NamedTuple):
    title: str
    """"Dana's turn"."""
    colour: int
    """The colour of the seat whose turn it is (game.present.seat_colours)."""
    round: str
    round_widest: str
    """The round's line as wide as it gets ("Round 13 of 13"), whose room it keeps: from round
    10 on, a 320 px phone's "Penta rules" moved to a line of its own mid-game (a walk)."""
    is_computer: bool
    dice_label: str
    dice: tuple[DieView, ...]
    rolled: bool
    roll_label: str
    can_roll: bool
    keys_hint: str
    """How to keep dice with the keyboard; "" when no player at this screen can keep dice now
    (before the first roll, after the last, during a computer's turn)."""
    status: str
    """What to do now: roll, keep, choose a box, or what the computer is doing."""
    message: str
    """The joker's one-line reason, or that no open box scores (a sacrifice after the last
    roll, a reason to roll again before it); "" otherwise."""
    bonus_message: str
    confirm_label: str
    confirm_name: str  # heard: the box it scores ("Confirm turn: Pair, 12 points"), or ""
    can_confirm: bool
    countdown: int
    """Whole seconds left before auto-scoring; 0 when no countdown runs."""
    countdown_text: str
    countdown_help: str
    countdown_fraction: float
    hint_label: str
    hide_hint_label: str
    can_hint: bool
    hint: str
    coach_note: str
    speed_label: str
    speed_pressed: bool
    play_on_label: str
    """"Let Computer 1 play", where it waits for a person (game.app.take_back); else empty."""
    skip_label: str
    skip_help: str
    leave_label: str
    skip_to_sheet_label: str
    skip_to_dice_label: str
    """Past the sheet's boxes to the dice and the turn's buttons (a keyboard walk tabbed
    through 17 boxes' names to reach Roll)."""
    sheet: SheetView
    undo_label: str = ""
    """"Take back Full house"; "" when nothing can be taken back."""
    can_undo: bool = False
    last_move: str = ""
    """The previous player's move ("Computer 1 scored 20 points in Chance"), shown in the tray
    until the next roll when the turn has passed to another player; "" otherwise."""
    player: int = 0
    """The index of the player whose turn it is (the shell scrolls the tray into view when the
    turn passes to a human)."""
    celebration: str = ""
    tray_summary: str = ""
    """The tray's most important message on one line ("" when there is none): what the folded
    tray shows of its messages."""
    summary_has_status: bool = False
    """The folded line says the turn's status already ("Selected: Chance"): a layout that
    shows the status under it (sideways) leaves it out, not to say it twice."""
    confirm_hinted: bool = False
    """Confirm turn's label names the hint's box ("Confirm: Three of a kind"): set smaller, it
    keeps to the two lines of the buttons' row."""
    summary_joined: bool = False
    """The folded line joins two messages ("Selected: Chance, 12 points · Score Threes",
    "Countdown paused · Coach (points lost: 1.8): …"): it may take a third line (two cut the
    hint's move, the coach's best move, in Estonian its points lost: walks)."""
    tray_open: bool = False
    tray_toggle_label: str = ""
    """"More" or "Less": shows or folds the tray's messages."""
    """"Penta! Well done, Dana!" after a player's first Penta (Yatzy), until the next roll."""
    hint_short: str = ""
    """The hint's move alone ("Keep the 6", "Score Chance"), for the folded tray's one line;
    "" when the hint says something else (or nothing)."""
    rules_label: str = ""
    """The Rules button's tooltip: "Rules of Penta"."""
    ruleset: str = ""
    guide: GuideView | None = None
    coach_warning: CoachWarningView | None = None
    """The coach's warning while a costly move waits (game.app.coaching)."""
    coach_line: str = ""
    """The coach on "always": what the last move cost ("Best move", "−0.4: the best was...")."""
    coach_line_why: str = ""
    """Why the best move was better, where the line tells of points lost (the open tray's)."""
    coach_line_loss: bool = False
    """`coach_line` tells of points lost (not "best move")."""
    pad: PadView | None = None
    """The pad of a game played with real dice (None when the dice roll on screen)."""
    countdown_held: bool = False
    """The countdown waits (on the sheet, the hint or the guided turn): its help says why."""
    countdown_paused: str = ""
    """ "countdown paused" while it is held, for the folded tray's line, which the hint takes."""
    countdown_gives_up: bool = False
    """The countdown's box scores 0: its line says which box is given up."""


class StandingView(NamedTuple):
    place: int
    place_text: str
    name: str
    total: str
    winner: bool


class EndView(NamedTuple):
    title: str
    headline: str
    standings_heading: str
    standings: tuple[StandingView, ...]
    breakdown_heading: str
    sheet: SheetView
    play_again_label: str
    play_again_help: str
    new_game_label: str
    undo_label: str = ""
    can_undo: bool = False
    new_best: bool = False
    """The headline is a solo player's new best total (the end screen celebrates it)."""
    trophy: bool = True
    """A person won (alone, or sharing the win): not over a computer's win."""
    bests_line: str = ""
    """In a game of several, who beat their best total (celebrated under the headline)."""
    can_play_again: bool = True
    """False after a daily challenge: it is played once, and "Same players" means no one."""
    breakdown_help: str = ""
    """With real dice: the sheet's boxes are corrected with a tap, the last one too."""
    coach_line: str = ""
    """The coach's word on the last move a person made, if no turn's screen showed it."""


class GameCoachView(NamedTuple):
    """A human player's coach in the game being played, as the settings offer it."""

    player: int
    name: str
    choices: tuple[Choice, ...]


class NameField(NamedTuple):
    """A player of the game being played, whose name the settings offer to change."""

    player: int
    name: str
    label: str
    """"Player 2's name": by the seat, as the name is what changes."""


class SettingsView(NamedTuple):
    title: str
    language_label: str
    languages: tuple[Choice, ...]
    auto_score_label: str
    auto_score_help: str
    auto_score: tuple[Choice, ...]
    speed_label: str
    speeds: tuple[Choice, ...]
    close_label: str
    undo_label: str = ""
    undo_help: str = ""
    undo_choices: tuple[Choice, ...] = ()
    pass_phone_label: str = ""
    pass_phone_help: str = ""
    pass_phone_choices: tuple[Choice, ...] = ()
    sound_label: str = ""
    sound_choices: tuple[Choice, ...] = ()
    vibration_label: str = ""
    vibration_choices: tuple[Choice, ...] = ()
    size_label: str = ""
    size_help: str = ""
    size_choices: tuple[Choice, ...] = ()
    coach_threshold_label: str = ""
    coach_threshold_help: str = ""
    coach_thresholds: tuple[Choice, ...] = ()
    game_coach_label: str = ""
    game_coaches: tuple[GameCoachView, ...] = ()
    """During a game, each person's coach (none otherwise)."""
    names_label: str = ""
    names_help: str = ""
    names: tuple[NameField, ...] = ()
    """During a game, each player's name to change (none otherwise)."""


class LeaveView(NamedTuple):
    text: str
    confirm_label: str
    cancel_label: str
    destructive: bool = True
    """Confirming loses a game (deleted, or left unkept): its button is the warning's colour.
    Not when the game left is kept for later (a walk took the red Leave game for a loss)."""
    delete_label: str = ""
    """The Leave dialog's way to leave deleting the game ("": not offered)."""


class ElsewhereView(NamedTuple):
    """Shown instead of the game while another tab has it."""

    title: str
    text: str
    take_over_label: str


class FinishedView(NamedTuple):
    """A finished game's whole score sheet, read only."""

    game_id: str
    """For what is offered beside the sheet (the place of a review of the game)."""
    title: str
    subtitle: str
    sheet: SheetView
    back_label: str
    delete_label: str = ""
    """The button that deletes the game from the history; "" where it may not be (today's
    challenge: game.app.daily.record_deletable)."""
    review_label: str = ""
    """The button that opens the game's review; "" where it has none (its moves not recorded
    whole)."""


class Snapshot(NamedTuple):
    language: str
    direction: str
    app_title: str
    screen: str
    dialog: str
    settings_label: str
    language_label: str
    languages: tuple[Choice, ...]
    setup: SetupView | None
    game: GameView | None
    end: EndView | None
    settings: SettingsView
    rules: RulesText | None
    rules_close_label: str
    leave: LeaveView
    announcement: str
    announcement_count: int
    history: HistoryView | None = None
    history_label: str = ""
    notices: tuple[str, ...] = ()
    """Messages about the device's storage and imports, already translated."""
    dismiss_label: str = ""
    export_unreadable_label: str = ""
    """The button offering the data set aside as unreadable; "" when there is none."""
    discard_unreadable_label: str = ""
    """The button that deletes it (after asking); "" when there is none."""
    discard_unreadable: LeaveView | None = None
    """The dialog that confirms deleting it."""
    export_game_label: str = ""
    """The button offering the game in memory when the device could not save it ("": none)."""
    elsewhere: ElsewhereView | None = None
    sheet_label: str = ""
    """The accessible name of both score sheets (the game's and the end's), rendered on every
    screen so that a hidden one is never left in the previous language."""
    handover: HandoverView | None = None
    box_help: BoxHelpView | None = None
    dialog_note: str = ""
    """What a dialog over the game does to the countdown ("The countdown waits with 2 seconds
    left..."); "" when no countdown is held by the dialog."""
    display_size: str = "normal"
    """How large the dice and the sheet are drawn (game.app.model.DisplaySize)."""
    finished: FinishedView | None = None
    delete_kept: LeaveView | None = None
    """The dialog that confirms deleting a kept game."""
    delete_finished: LeaveView | None = None
    """The dialog that confirms deleting the finished game on screen from the history."""
    coach: str = ""
    """Whether the optimal advice is ready (CoachStatus: loading, ready, unavailable), written on
    the page for the browser tests to wait on."""
    review: ReviewView | None = None
    end_review: EndReviewView | None = None
    correction: CorrectionView | None = None
    """The dialog that corrects a box of a game with real dice: during the game and on its end
    screen (a mistyped last throw decided the winner, with nothing to correct it)."""


class PadFace(NamedTuple):
    face: int
    label: str
    """"Add a 6"."""
    enabled: bool


class EnteredDie(NamedTuple):
    face: int
    label: str
    """"Take back the 6"."""
    advice: str = ""
    """"keep": the hint on screen says to keep this die (as DieView.advice); else ""."""
    badge: str = ""
    """The word under the die that says so ("Keep"), or ""."""


class PadView(NamedTuple):
    """The pad on which the dice thrown at the table are entered (game.app.entry)."""

    heading: str
    faces: tuple[PadFace, ...]
    entered_label: str
    """The accessible name of the row of entered dice ("Dice entered: 2 of 5")."""
    entered: tuple[EnteredDie, ...]
    """The dice entered so far, sorted by face."""
    keys_hint: str
    next_up: str
    """"Next: Dana", large, after a box is confirmed, until the next die is entered."""
    question: str = ""
    """"Which roll was it?", after "What should I keep?" ("" otherwise), with its answers."""
    rolls: tuple[Choice, ...] = ()
    reroll_help: str = ""
    """While the hint says which dice to keep: how to enter the dice thrown again."""
    enter_again: str = ""
    """After a box cleared for its player: "Enter 1, 3, 3, 3, 3 again" (EnterAgain)."""


class CorrectionView(NamedTuple):
    """The dialog that changes the dice entered for a filled box (game.app.correcting)."""

    title: str
    current: str
    entered_label: str
    entered: tuple[EnteredDie, ...]
    faces: tuple[PadFace, ...]
    preview: str
    """What the box would hold with the dice now on the dialog's pad ("" until five)."""
    refusal: str
    question: str
    """"Change Dana's Full house from 28 to 25?" once Change is tapped ("" before)."""
    change_label: str
    can_change: bool
    clear_label: str
    can_clear: bool
    cancel_label: str
    clear_refusal: str = ""
    """Why the box cannot be cleared now (a later joker or bonus, the dice of the turn under
    way), "" when it can."""
    clear_help: str = ""
    """How dice scored in the wrong box go to another: clearing it (a walk looked for a way to
    move them); "" where it cannot be cleared or the question is asked."""
