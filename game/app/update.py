"""`dispatch(state, intent, *, now, coach, rng)`: the state after an intent (unchanged when the
intent is not allowed), then the timers settled (game.app.turns.schedule)."""

from __future__ import annotations

import random
from dataclasses import replace

import game.app.countdown as countdown
from game.app.intents import (
    AddNotice,
    AskLeave,
    CloseDialog,
    DismissNotice,
    HoldSheet,
    Intent,
    NewGame,
    OpenHistory,
    OpenRules,
    OpenSettings,
    PlayAgain,
    ReleaseSheet,
    ReplaceNotices,
    SetAutoScore,
    SetComputerSpeed,
    SetLanguage,
    SetStats,
    SetUndo,
    SetUnreadable,
    StartGame,
    TableFailed,
    TableLoaded,
    Undo,
)
from game.app.model import (
    AUTO_SCORE_CHOICES,
    RESTORED_NOTICE,
    AppState,
    Dialog,
    Screen,
    Speed,
    Tables,
)
from game.app.seats import apply_setup, renamed_defaults
from game.app.turns import Context, apply_game, reset_turn, schedule, start_game, undo_turn
from game.coach.protocol import Coach
from game.errors import GameError
from game.i18n.locale import LANGUAGES
from game.play.state import GameState
from game.play.undo import UndoSetting
from game.rules.rulesets import RULESETS

_ELSEWHERE_INTENTS = (
    AddNotice,
    DismissNotice,
    ReplaceNotices,
    SetUnreadable,
    TableLoaded,
    TableFailed,
)
"""What still happens in a tab while another one has the game: its notices."""


def dispatch(
    state: AppState, intent: Intent, *, now: float, coach: Coach, rng: random.Random
) -> AppState:
    """The state after `intent` at time `now` (seconds); unchanged when it is not allowed."""
    context = Context(now, coach, rng)
    if state.screen is Screen.ELSEWHERE and not isinstance(intent, _ELSEWHERE_INTENTS):
        return state  # nothing is played or saved here while another tab has the game
    try:
        new = _apply(state, intent, context)
    except GameError:
        return state
    if RESTORED_NOTICE in new.ui.notices and _moved_on(state.game, new.game):
        new = replace(
            new,
            ui=replace(new.ui, notices=tuple(n for n in new.ui.notices if n != RESTORED_NOTICE)),
        )
    return schedule(new, now)


def _moved_on(before: GameState | None, after: GameState | None) -> bool:
    """The game went on from `before` (a box scored or taken back, the game over or left): the
    notice that it was restored has served its purpose. Rolling, keeping dice or selecting a box
    is not enough: the notice stays for the rest of the turn it came back in."""
    if before is None:
        return False
    return after is None or after.is_over or after.sheets != before.sheets


def _apply(state: AppState, intent: Intent, c: Context) -> AppState:
    match intent:
        # --- settings and dialogs, on every screen
        case SetLanguage(language):
            if language not in LANGUAGES:
                return state
            old = state.settings.language
            return replace(
                state,
                settings=replace(state.settings, language=language),
                play=replace(
                    state.play,
                    game=renamed_defaults(state.game, old, language),
                    before_last_turn=renamed_defaults(state.play.before_last_turn, old, language),
                ),
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
        case HoldSheet() | ReleaseSheet():
            # On every screen and turn: a finger lifted after the turn passed must not leave
            # the next player's countdown held.
            held = isinstance(intent, HoldSheet)
            return (
                state
                if state.ui.sheet_held is held
                else replace(state, ui=replace(state.ui, sheet_held=held))
            )
        case TableLoaded(ruleset_id):
            tables = state.tables
            if ruleset_id not in RULESETS or ruleset_id in tables.ready:
                return state
            ready, failed = tables.ready | {ruleset_id}, tables.failed - {ruleset_id}
            return replace(state, tables=Tables(ready, failed))
        case TableFailed(ruleset_id):  # a table loaded before stays
            tables = state.tables
            if ruleset_id not in RULESETS or ruleset_id in tables.ready | tables.failed:
                return state
            return replace(state, tables=replace(tables, failed=tables.failed | {ruleset_id}))
        case NewGame():
            return reset_turn(
                replace(
                    state,
                    ui=replace(
                        state.ui, screen=Screen.SETUP, dialog=Dialog.NONE, announcement=None
                    ),
                    play=replace(state.play, game=None, before_last_turn=None),
                )
            )
        case SetUndo(setting):
            if setting not in tuple(UndoSetting):
                return state
            return replace(state, settings=replace(state.settings, undo=UndoSetting(setting)))
        case AddNotice(notice):
            if notice in state.ui.notices:
                return state
            return replace(state, ui=replace(state.ui, notices=(*state.ui.notices, notice)))
        case DismissNotice(index):
            if not isinstance(index, int) or not 0 <= index < len(state.ui.notices):
                return state
            return replace(
                state,
                ui=replace(
                    state.ui, notices=state.ui.notices[:index] + state.ui.notices[index + 1 :]
                ),
            )
        case ReplaceNotices(prefix, notices):
            kept = tuple(n for n in state.ui.notices if not n.key.startswith(prefix))
            return replace(state, ui=replace(state.ui, notices=(*kept, *dict.fromkeys(notices))))
        case SetUnreadable(keys):
            return replace(state, ui=replace(state.ui, unreadable=tuple(keys)))
        case Undo():
            return undo_turn(state)
        case SetStats(stats):
            return replace(state, ui=replace(state.ui, stats=tuple(stats)))
        case OpenHistory():
            if state.screen is not Screen.SETUP:
                return state
            return replace(state, ui=replace(state.ui, screen=Screen.HISTORY, dialog=Dialog.NONE))
    if state.screen is Screen.HISTORY:
        return state
    if state.screen is Screen.SETUP:
        if isinstance(intent, StartGame):
            return start_game(state, c)
        return apply_setup(state, intent)
    if state.screen is Screen.END:
        if isinstance(intent, PlayAgain):
            return start_game(state, c)
        return state
    return apply_game(state, intent, c)
