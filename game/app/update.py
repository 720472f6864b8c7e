"""`dispatch(state, intent, *, now, coach, rng) -> (state, effects)`: the state after an
intent (unchanged when the intent is not allowed), the timers settled (game.app.turns.schedule),
and the effects (game.app.effects) the shell runs next, in order.

Asked for by an intent: ExportData → DownloadHistory, ExportUnreadableData →
DownloadUnreadable, DiscardUnreadable → ForgetUnreadable, ExportGame → DownloadGame,
ImportData → ImportFile (a file too large is refused at once), OpenHistory → LoadStats,
PageHidden → SaveSession (while the countdown is pending, with its time left now), PageShown →
KeepAwake, TakeOver → ClaimTab, NewGame (leaving an unfinished game) → KeepGame in place of the
session's removal, ResumeGame → SaveSession and ForgetKept, DeleteKept → ForgetKept
(game.app.kept); the result intents tell their problems (Warn, ListUnreadable:
game.app.notices), ImportFinished → LoadStats, TableFailed → Warn, TablesReachable → FetchTable.
Following from the change (game.app.derived): SavePreferences, SaveSession (never in a tab
without the game), AnimateRoll and RollFeel, KeepAwake (and LoadStats as a game starts), Focus,
FetchTable; and after every change and every Tick, ScheduleTick. An intent that changes nothing
asks for nothing else.
"""

from __future__ import annotations

import random
from dataclasses import replace

import game.app.coaching as coaching
import game.app.countdown as countdown
import game.app.fresh_choices as fresh_choices
import game.app.guide as guide
import game.app.handover as handover
import game.app.kept as kept
import game.app.review_flow as review_flow
import game.app.sheet_help as sheet_help
from game.app.announcements import Rolled
from game.app.coach_intents import SetCoachThreshold, SetGameCoach, ShowBestMove
from game.app.comfort import apply_comfort
from game.app.correcting import apply_correction
from game.app.daily import replayable, start_daily, todays_kept
from game.app.derived import (
    effects_of_change,
    next_tick,
    session_save,
    with_table_fetch,
    with_trend_tables,
)
from game.app.effects import (
    ClaimTab,
    DownloadGame,
    DownloadHistory,
    DownloadUnreadable,
    Effect,
    Focus,
    ForgetUnreadable,
    KeepAwake,
    KeepGame,
    LoadStats,
    SaveSession,
    Warn,
)
from game.app.entry import apply_entry
from game.app.entry_intents import AskAboutRoll, EnterFace, RemoveFace, RemoveLastFace
from game.app.intents import (
    AskDiscardUnreadable,
    AskLeave,
    CloseDialog,
    ConfirmTurn,
    DiscardUnreadable,
    DismissNotice,
    ExportData,
    ExportGame,
    ExportUnreadableData,
    HistoryExported,
    HoldSheet,
    ImportData,
    ImportFinished,
    Intent,
    NewGame,
    OpenHistory,
    OpenRules,
    OpenSettings,
    PageHidden,
    PageShown,
    PlayAgain,
    ReleaseSheet,
    Roll,
    SelectBox,
    SetAutoScore,
    SetComputerSpeed,
    SetLanguage,
    SetPassPhone,
    SetUndo,
    ShowHint,
    ShowOlderGames,
    SkipGuide,
    StartDaily,
    StartGame,
    StartGuide,
    StartTurn,
    StatsLoaded,
    StorageProblems,
    TabClaimed,
    TabLost,
    TakeOver,
    Tick,
    ToggleKeep,
    Undo,
    UnreadableListed,
)
from game.app.kept_intents import LeaveAndDelete, ResumeGame
from game.app.key_answers import KeyAnswer, KeyAnswered
from game.app.model import (
    AUTO_SCORE_CHOICES,
    COACH_THRESHOLDS,
    HISTORY_PAGE,
    RESTORED_NOTICE,
    AppState,
    Dialog,
    Screen,
    Speed,
    Tables,
    auto_score_seconds,
)
from game.app.notices import (
    Outcome,
    import_asked,
    import_finished,
    notice,
    offers_unreadable,
    reported,
    with_data_outcome,
    with_unreadable,
    without_data_outcomes,
)
from game.app.review_intents import ReviewIntent
from game.app.seats import apply_setup, named_in, renamed_in_game
from game.app.setup_intents import RenameInGame
from game.app.sheet_help_intents import ExplainBox, ExplainPlayer
from game.app.start import open_elsewhere, taken_over
from game.app.table_intents import TableFailed, TableLoaded, TablesReachable
from game.app.turns import Context, apply_game, reset_turn, schedule, start_game, undo_turn
from game.coach.protocol import Coach
from game.errors import GameError
from game.i18n.locale import LANGUAGES
from game.play.state import GameState
from game.play.undo import UndoSetting
from game.rules.rulesets import RULESETS

_ELSEWHERE_INTENTS = (
    DismissNotice,
    ExportData,
    ExportGame,
    ExportUnreadableData,
    TakeOver,
    TableLoaded,
    TableFailed,
    TablesReachable,
    StorageProblems,
    StatsLoaded,
    UnreadableListed,
    HistoryExported,
    ImportFinished,
    TabClaimed,
    TabLost,
)
"""What still happens in a tab while another one has the game: its notices (and the downloads
they offer), and taking the game over."""


def dispatch(
    state: AppState, intent: Intent, *, now: float, coach: Coach, rng: random.Random
) -> tuple[AppState, tuple[Effect, ...]]:
    """The state after `intent` at time `now` (seconds), unchanged when it is not allowed, and
    the effects the shell runs next."""
    if state.screen is Screen.ELSEWHERE and not isinstance(intent, _ELSEWHERE_INTENTS):
        return state, ()  # nothing is played or saved here while another tab has the game
    if fresh_choices.too_soon(state, intent, now):
        return state, ()  # the second tap of a double tap, on a button it brought up
    try:
        new, asked = _answer(state, intent, Context(now, coach, rng))
    except GameError:
        return state, ()
    by_player = isinstance(intent, _PLAYERS_MOVES)
    if RESTORED_NOTICE in new.ui.notices and _moved_on(state.game, new.game, by_player):
        new = replace(
            new,
            ui=replace(new.ui, notices=tuple(n for n in new.ui.notices if n != RESTORED_NOTICE)),
        )
    # Old news once the history is left; a finished game's sheet is part of it (the deletion of
    # the game on it is said back on the list).
    history = (Screen.HISTORY, Screen.FINISHED)
    if new.screen is not state.screen and not (new.screen in history and state.screen in history):
        new = without_data_outcomes(new)
    new = fresh_choices.noted(
        state, schedule(guide.followed(state, new), now), now, by_timer=isinstance(intent, Tick)
    )
    new = _key_answered(intent, state, new)
    if new is state and not isinstance(intent, Tick):
        return state, asked
    new, fetch = with_table_fetch(new)
    changed = effects_of_change(state, new, intent, now)
    if any(isinstance(effect, KeepGame) for effect in asked):
        # Keeping the game removes the session, once it is kept (never before).
        changed = tuple(effect for effect in changed if not isinstance(effect, SaveSession))
    reviewing = review_flow.computation(state, new)
    return new, (*asked, *changed, *fetch, *reviewing, next_tick(new, now))


def _key_answered(intent: Intent, before: AppState, after: AppState) -> AppState:
    """`after`, saying what a key changed away from the focus (game.app.key_answers)."""
    if after is before:
        return after
    match intent:
        case ToggleKeep(die, said=True):
            answer = KeyAnswered(KeyAnswer.KEEP, die)
        case ShowHint(said=True) | ShowBestMove():
            # [Show it] too: it kept dice or chose a box unheard (a keyboard walk).
            answer = KeyAnswered(KeyAnswer.HINT)
        case AskAboutRoll() if after.pacing.hint is not None:
            # With real dice, the advice comes once the roll is named: it went unheard (a walk).
            answer = KeyAnswered(KeyAnswer.HINT)
        case EnterFace(said=True) | RemoveLastFace(said=True):
            answer = KeyAnswered(KeyAnswer.ENTRY)
        case _:
            return after
    count = after.ui.announcement_count + 1
    return replace(after, ui=replace(after.ui, announcement=answer, announcement_count=count))


def _answer(state: AppState, intent: Intent, c: Context) -> Outcome:
    """The intents that ask for effects, and the results that come back from them."""
    if isinstance(intent, kept.KEPT_INTENTS):
        return kept.answer(state, intent, c.now)
    if isinstance(intent, ReviewIntent):
        return review_flow.answer(state, intent)
    match intent:
        case ExportData():
            return state, (DownloadHistory(),)
        case ExportUnreadableData():
            return state, (DownloadUnreadable(),)
        case AskDiscardUnreadable():
            if not offers_unreadable(state):
                return state, ()
            return replace(state, ui=replace(state.ui, dialog=Dialog.DISCARD_UNREADABLE)), ()
        case DiscardUnreadable():
            if state.ui.dialog is not Dialog.DISCARD_UNREADABLE:
                return state, ()
            # Its button goes with the data: the focus to what the screen is for.
            focus = Focus((("start", None), ("history-back", None)))
            return replace(state, ui=replace(state.ui, dialog=Dialog.NONE)), (
                ForgetUnreadable(),
                focus,
            )
        case ExportGame():
            game = state.game
            if game is None:
                return state, ()
            saved = session_save(state, c.now)
            return state, (DownloadGame(game, saved.before_last_turn, saved.turn),)
        case ImportData(size, file):
            return import_asked(state, size, file)
        case ImportFinished():
            return import_finished(state, intent)
        case OpenHistory():
            new = _apply(state, intent, c)
            return new, () if new is state else (LoadStats(trend=True),)
        case PageHidden():
            # Reloaded, closed or put away: the countdown's time left, as it is now.
            return state, (session_save(state, c.now),) if countdown.is_pending(state) else ()
        case PageShown():
            # The browser lets go of the wake lock while the page is hidden: it is taken again.
            return state, (KeepAwake(True),) if state.screen is Screen.GAME else ()
        case TakeOver():
            return state, (ClaimTab(take_over=True),) if state.screen is Screen.ELSEWHERE else ()
        case TabClaimed(session):
            if state.screen is not Screen.ELSEWHERE:
                return state, ()
            return taken_over(state, session, c.now)
        case TabLost():
            return open_elsewhere(state), ()
        case StorageProblems(problems):
            return reported(state, problems)
        case StatsLoaded(stats=stats, problem=problem, records=records, daily=daily):
            new, told = reported(state, () if problem is None else (problem,))
            if state.screen is Screen.END and state.game is not None:
                from game.persistence.stats import stats_before  # kept off the start

                stats = stats_before(stats, records, state.game)
            ui = replace(
                new.ui,
                stats=tuple(stats),
                history_games=tuple(records),
                history_read=True,
                daily=tuple(daily),
            )
            new, fetch = with_trend_tables(replace(new, ui=ui))
            return new, (*told, *fetch)
        case NewGame():
            return _apply(state, intent, c), kept.keeping(state, c.now)
        case LeaveAndDelete():
            if state.ui.dialog is not Dialog.LEAVE or not kept.deletable_on_leaving(state):
                return state, ()
            return _apply(state, NewGame(), c), ()
        case StartDaily(today) if state.screen is Screen.SETUP:
            if state.setup.today is not None and today != state.setup.today:
                # The day changed with the screen open: its button still named the day before's
                # challenge, and a tap started the new day's (a walk past midnight). The new
                # day's button shows first.
                return replace(state, setup=replace(state.setup, today=today)), ()
            left = todays_kept(state, today)
            if left is not None:  # one go a day: the challenge left goes on where it was left
                return kept.answer(state, ResumeGame(left.id), c.now)
            return _apply(state, intent, c), ()
        case TableLoaded() if state.screen is Screen.HISTORY:
            # The statistics again: their points-lost trend reviews games with this table.
            new = _apply(state, intent, c)
            return new, () if new is state else (LoadStats(trend=True),)
        case HistoryExported(file, problem):
            new, told = reported(state, () if problem is None else (problem,))
            return with_data_outcome(new, notice("data.export_done", file=file)), told
        case UnreadableListed(keys):
            if tuple(keys) == state.ui.unreadable:
                return state, ()
            return with_unreadable(state, tuple(keys)), ()
        case TableFailed(ruleset_id, reason):
            warning = Warn(f"The {ruleset_id} strategy table is unavailable: {reason}")
            return _apply(state, intent, c), (warning,)
        case TablesReachable():  # those that failed, asked for again where needed (derived)
            if not state.tables.failed:
                return state, ()
            tables = replace(state.tables, failed=frozenset())
            return with_trend_tables(replace(state, tables=tables))
    return _apply(state, intent, c), ()


# What a player does in the turn (a computer player's moves come with the clock's Tick).
_PLAYERS_MOVES = (Roll, ToggleKeep, SelectBox, ConfirmTurn, EnterFace, RemoveFace, RemoveLastFace)


def _moved_on(before: GameState | None, after: GameState | None, by_player: bool) -> bool:
    """The game went on from `before` (a box scored or taken back, the game over or left), or
    a player played on in it (`by_player`: a roll, dice kept, a box chosen): the notice that
    it was restored has served its purpose. It stayed for the rest of the turn, 150 px of a
    phone's sheet (two walks)."""
    if before is None:
        return False
    if after is None or after.is_over or after.sheets != before.sheets:
        return True
    return by_player and after != before


def _apply(state: AppState, intent: Intent, c: Context) -> AppState:
    comfortable = apply_comfort(state, intent)
    if comfortable is not None:
        return comfortable
    match intent:
        # --- settings and dialogs, on every screen
        case SetLanguage(language):
            if language not in LANGUAGES:
                return state
            return replace(
                state,
                settings=replace(state.settings, language=language),
                play=replace(
                    state.play,
                    game=named_in(state.game, language),
                    before_last_turn=named_in(state.play.before_last_turn, language),
                ),
            )
        case SetAutoScore(seconds):
            if seconds not in AUTO_SCORE_CHOICES:
                return state
            new = replace(state, settings=replace(state.settings, auto_score_seconds=seconds))
            return countdown.stop(new) if auto_score_seconds(new) == 0 else new
        case SetComputerSpeed(speed):
            if speed not in tuple(Speed):
                return state
            return replace(state, settings=replace(state.settings, computer_speed=Speed(speed)))
        case SetGameCoach(player, mode):
            return coaching.set_mode(state, player, mode)
        case RenameInGame(player, name):
            return renamed_in_game(state, player, name)
        case SetCoachThreshold(points):
            if points not in COACH_THRESHOLDS or isinstance(points, bool):
                return state
            return replace(state, settings=replace(state.settings, coach_threshold=float(points)))
        case OpenRules(ruleset_id):
            if ruleset_id not in RULESETS:
                return state
            return replace(
                state, ui=replace(state.ui, dialog=Dialog.RULES, rules_ruleset=ruleset_id)
            )
        case OpenSettings():
            return replace(state, ui=replace(state.ui, dialog=Dialog.SETTINGS))
        case AskLeave():
            if state.screen is not Screen.GAME:
                return state
            return replace(state, ui=replace(state.ui, dialog=Dialog.LEAVE))
        case CloseDialog():
            return replace(state, ui=replace(state.ui, dialog=Dialog.NONE))
        case ExplainBox() | ExplainPlayer():
            return sheet_help.explain(state, intent)
        case SetPassPhone(on):
            if not isinstance(on, bool):
                return state
            return replace(state, settings=replace(state.settings, pass_phone=on))
        case StartGuide():
            return guide.started(state)
        case SkipGuide():
            if state.settings.guide_done and not state.ui.guide_on:
                return state
            return guide.finished(state)
        case StartTurn():
            return handover.start_turn(state)
        case HoldSheet() | ReleaseSheet():
            # On every screen and turn: a finger lifted after the turn passed must not leave
            # the next player's countdown held.
            held = isinstance(intent, HoldSheet)
            if state.ui.sheet_held is held:
                return state
            ui = replace(state.ui, sheet_held=held)
            if isinstance(ui.announcement, Rolled) and countdown.is_pending(state):
                # The roll's words say whether the countdown runs: said again as it stops or
                # runs again (the focus put on the sheet after the last roll paused it at once,
                # and a screen reader heard only "in 3 seconds": a keyboard walk).
                ui = replace(ui, announcement_count=ui.announcement_count + 1)
            return replace(state, ui=ui)
        case TableLoaded(ruleset_id):
            tables = state.tables
            if ruleset_id not in RULESETS or ruleset_id in tables.ready:
                return state
            ready, failed = tables.ready | {ruleset_id}, tables.failed - {ruleset_id}
            return replace(state, tables=Tables(ready, failed, tables.loading - {ruleset_id}))
        case TableFailed(ruleset_id):  # a table loaded before stays
            tables = state.tables
            if ruleset_id not in RULESETS or ruleset_id in tables.ready | tables.failed:
                return state
            failed, loading = tables.failed | {ruleset_id}, tables.loading - {ruleset_id}
            return replace(state, tables=replace(tables, failed=failed, loading=loading))
        case NewGame():
            return reset_turn(
                replace(
                    state,
                    ui=replace(
                        state.ui,
                        screen=Screen.SETUP,
                        dialog=Dialog.NONE,
                        announcement=None,
                        recent_scores=(),
                    ),
                    play=replace(state.play, game=None, before_last_turn=None),
                )
            )
        case SetUndo(setting):
            if setting not in tuple(UndoSetting):
                return state
            return replace(state, settings=replace(state.settings, undo=UndoSetting(setting)))
        case DismissNotice(index):
            if not isinstance(index, int) or not 0 <= index < len(state.ui.notices):
                return state
            return replace(
                state,
                ui=replace(
                    state.ui, notices=state.ui.notices[:index] + state.ui.notices[index + 1 :]
                ),
            )
        case Undo():
            return undo_turn(state)
        case OpenHistory():
            if state.screen is not Screen.SETUP:
                return state
            ui = replace(state.ui, screen=Screen.HISTORY, dialog=Dialog.NONE)
            return replace(state, ui=replace(ui, history_shown=HISTORY_PAGE))
        case ShowOlderGames():
            if state.screen is not Screen.HISTORY:
                return state
            shown = state.ui.history_shown + HISTORY_PAGE
            return replace(state, ui=replace(state.ui, history_shown=shown))
    entered = apply_entry(state, intent, c.coach)
    if entered is not None:
        return entered
    corrected = apply_correction(state, intent)
    if corrected is not None:
        return corrected
    if state.screen in (Screen.HISTORY, Screen.FINISHED, Screen.REVIEW):
        return state
    if state.screen is Screen.SETUP:
        if isinstance(intent, StartGame):
            return start_game(state, c)
        if isinstance(intent, StartDaily):
            return start_daily(state, intent.today)
        return apply_setup(state, intent, c.now)
    if state.screen is Screen.END:
        if isinstance(intent, PlayAgain) and state.game is not None and replayable(state.game):
            return start_game(state, c)
        return state
    if handover.is_pending(state) and not isinstance(intent, Tick):
        return state  # nothing of the next player's turn before they take the phone
    return apply_game(state, intent, c)
