"""What the phone's Back button does in the app: it goes back a step before it leaves the app,
as a store app's does. A dialog closes first; the history, a finished game's sheet and a review
go back to where they were opened from; a game asks whether to leave it (for the New game
screen, the game kept), and its end goes to the New game screen. Only there is Back the
browser's own: it leaves the app. (Back in a game left the app at once: a walk's newcomer,
who had come from the New game screen, found the browser's blank page.)

    back_intent(state) -> Intent | None     the intent Back stands for, or None
"""

from __future__ import annotations

from game.app.intents import AskLeave, CloseDialog, Intent, NewGame
from game.app.kept_intents import CloseFinished
from game.app.model import AppState, Dialog, Screen
from game.app.review_intents import CloseReview

SCREEN_BACK: dict[Screen, Intent] = {
    Screen.GAME: AskLeave(),  # as its Leave game button
    Screen.END: NewGame(),
    Screen.HISTORY: NewGame(),  # as its own back button: to the New game screen
    Screen.FINISHED: CloseFinished(),
    Screen.REVIEW: CloseReview(),
}


def back_intent(state: AppState) -> Intent | None:
    """The intent that Back stands for in `state`, or None where Back leaves the app.

    >>> from dataclasses import replace
    >>> back_intent(AppState()) is None
    True
    >>> at_history = replace(AppState(), ui=replace(AppState().ui, screen=Screen.HISTORY))
    >>> back_intent(at_history)
    NewGame()
    >>> back_intent(replace(at_history, ui=replace(at_history.ui, dialog=Dialog.SETTINGS)))
    CloseDialog()
    """
    if state.ui.dialog is not Dialog.NONE:
        return CloseDialog()
    return SCREEN_BACK.get(state.screen)
