"""Games kept, not thrown away: leaving a game keeps it among the unfinished games of the New
game screen (KeepGame), from where it is resumed (ResumeGame) or deleted after a confirmation
(AskDeleteKept, DeleteKept: ForgetKept); storage says what it keeps (KeptListed). And a
finished game of the history opens as its whole score sheet (OpenFinished, CloseFinished), from
where it can be deleted after a confirmation (AskDeleteFinished, DeleteFinished:
ForgetFinished, then the statistics read again without it).

The list in the state is what storage last said (`Ui.kept_games`): the id and the date of a
game left are given by the shell as it stores it, which answers at once with KeptListed."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.app.daily import challenge_day, deletable, record_deletable
from game.app.derived import session_save
from game.app.effects import Effect, Focus, ForgetFinished, ForgetKept, KeepGame, LoadStats
from game.app.intents import Intent
from game.app.kept_intents import (
    AskDeleteFinished,
    AskDeleteKept,
    CloseFinished,
    DeleteFinished,
    DeleteKept,
    KeptListed,
    OpenFinished,
    ResumeGame,
)
from game.app.model import RESTORED_NOTICE, AppState, Dialog, Screen
from game.app.notices import Outcome, notice, reported, with_data_outcome, with_notices
from game.app.start import resume
from game.persistence.kept import MAX_KEPT, KeptGame

if TYPE_CHECKING:
    from game.persistence.history import GameRecord

KEPT_INTENTS = (
    ResumeGame,
    AskDeleteKept,
    DeleteKept,
    OpenFinished,
    CloseFinished,
    AskDeleteFinished,
    DeleteFinished,
    KeptListed,
)


def is_full(state: AppState) -> bool:
    """No more games can be kept: the one in progress, if left, is not kept (the Leave dialog
    says so before)."""
    return len(state.ui.kept_games) >= MAX_KEPT


def is_unplayed(state: AppState) -> bool:
    """Nothing played in the game yet: no dice rolled or entered, no box scored. There is
    nothing to keep: a game started and left at once took a place among the unfinished games,
    "round 1, 0 points" (a walk)."""
    game = state.game
    if game is None:
        return False
    return game.game_turn == 0 and game.dice is None and not state.ui.entry


def kept_on_leaving(before: AppState) -> bool:
    """Whether leaving the game of `before` keeps it: when it is unfinished, played, and there
    is room (else it is left, as the Leave dialog said)."""
    game = before.game
    if before.screen is not Screen.GAME or game is None or game.is_over:
        return False
    return not is_full(before) and not is_unplayed(before)


def keeping(before: AppState, now: float) -> tuple[Effect, ...]:
    """What leaving the game of `before` asks for: KeepGame, if it is kept."""
    if not kept_on_leaving(before) or before.game is None:
        return ()
    saved = session_save(before, now)
    return (KeepGame(before.game, saved.before_last_turn, saved.turn),)


def deletable_on_leaving(state: AppState) -> bool:
    """Whether the Leave dialog offers to delete the game rather than keep it: only where it
    would be kept (else leaving loses it anyway), and not a daily challenge, which is played
    once (it is deleted from the New game screen from the next day on)."""
    game = state.game
    return (
        kept_on_leaving(state)
        and not state.ui.nothing_kept
        and game is not None
        and challenge_day(game) is None
    )


def answer(state: AppState, intent: Intent, now: float) -> Outcome:
    """The state after one of KEPT_INTENTS, and the effects it asks for."""
    match intent:
        case KeptListed(games, problems, refused):
            new, told = reported(state, tuple(problems))
            if refused:
                new = with_notices(new, notice("kept.not_kept"))
            if tuple(games) != new.ui.kept_games:
                new = replace(new, ui=replace(new.ui, kept_games=tuple(games)))
            return new, told
        case ResumeGame(game_id):
            return _resumed(state, game_id, now)
        case AskDeleteKept(game_id):
            kept = _find(state, game_id)
            if (
                state.screen is not Screen.SETUP
                or kept is None
                or not deletable(kept.game, state.setup.today)
            ):
                return state, ()
            ui = replace(state.ui, dialog=Dialog.DELETE_KEPT, deleting=game_id)
            return replace(state, ui=ui), ()
        case DeleteKept():
            game_id = state.ui.deleting
            if state.ui.dialog is not Dialog.DELETE_KEPT or _find(state, game_id) is None:
                return state, ()
            ui = replace(
                state.ui,
                dialog=Dialog.NONE,
                deleting="",
                kept_games=tuple(kept for kept in state.ui.kept_games if kept.id != game_id),
            )
            # The focus was on the Delete button of a game no longer listed.
            focus = Focus((("resume-kept", None), ("start", None)))
            return replace(state, ui=ui), (ForgetKept(game_id), focus)
        case OpenFinished(game_id):
            found = any(record.id == game_id for record in state.ui.history_games)
            if state.screen is not Screen.HISTORY or not found:
                return state, ()
            ui = replace(state.ui, screen=Screen.FINISHED, finished_id=game_id)
            return replace(state, ui=ui), ()
        case CloseFinished():
            if state.screen is not Screen.FINISHED:
                return state, ()
            return replace(state, ui=replace(state.ui, screen=Screen.HISTORY)), ()
        case AskDeleteFinished():
            record = finished_on_screen(state)
            if record is None or not record_deletable(record, state.setup.today):
                return state, ()
            return replace(state, ui=replace(state.ui, dialog=Dialog.DELETE_FINISHED)), ()
        case DeleteFinished():
            record = finished_on_screen(state)
            if state.ui.dialog is not Dialog.DELETE_FINISHED or record is None:
                return state, ()
            ui = replace(
                state.ui,
                dialog=Dialog.NONE,
                screen=Screen.HISTORY,
                finished_id="",
                history_games=tuple(r for r in state.ui.history_games if r.id != record.id),
            )
            # Said at the screen's top, where the view puts the focus (its title: the game's
            # button is gone): a walk met the list with nothing to confirm the deletion.
            deleted = with_data_outcome(replace(state, ui=ui), notice("data.game_deleted"))
            return deleted, (ForgetFinished(record.id), LoadStats(trend=True))
    return state, ()


def finished_on_screen(state: AppState) -> GameRecord | None:
    """The finished game whose sheet shows (Screen.FINISHED), if any."""
    if state.screen is not Screen.FINISHED:
        return None
    return next((r for r in state.ui.history_games if r.id == state.ui.finished_id), None)


def _resumed(state: AppState, game_id: str, now: float) -> Outcome:
    kept = _find(state, game_id)
    if state.screen is not Screen.SETUP or state.game is not None or kept is None:
        return state, ()
    others = tuple(entry for entry in state.ui.kept_games if entry.id != game_id)
    new = resume(
        replace(state, ui=replace(state.ui, kept_games=others)),
        kept.game,
        kept.before_last_turn,
        now=now,
        turn=kept.turn,
    )
    # The player chose the game: "restored where you left off" is for a reload.
    notices = tuple(item for item in new.ui.notices if item != RESTORED_NOTICE)
    new = replace(new, ui=replace(new.ui, notices=notices))
    # Saved as the game in progress before it leaves the list: it is never in neither.
    # Under the id it was kept with: the history and an import know the game by it.
    return new, (replace(session_save(new, now), game_id=game_id), ForgetKept(game_id))


def _find(state: AppState, game_id: str) -> KeptGame | None:
    return next((kept for kept in state.ui.kept_games if kept.id == game_id), None)
