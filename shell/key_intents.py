"""The game screen's keys, as intents (shell.events listens for them; nothing here touches the
page, so it is tested in CPython). Keys 1 to 5 keep dice, R rolls, H shows or hides the hint,
U takes back the box just confirmed and S skips the computers' turns (the keys where those
letters are on an English keyboard, in every layout); with real dice, 1 to 6 enter a face and
Backspace takes the last back; Enter confirms the box to confirm (from the page or that box: a
keyboard walk selected a box with Enter and found Confirm 32 Tabs away); Escape sets the coach's
warning aside, the move not made. A key whose intent the state does not allow changes nothing.
And which keys move the focus themselves (`moves_the_focus`).
"""

from __future__ import annotations

from game.app.coach_intents import DismissWarning
from game.app.entry_intents import EnterFace, RemoveLastFace
from game.app.intents import (
    ConfirmTurn,
    HideHint,
    Intent,
    Roll,
    ShowHint,
    SkipComputers,
    ToggleKeep,
    Undo,
)
from game.app.model import AppState
from game.app.turns import box_to_confirm

# Take back and Skip show only a few seconds, far from the focus along the tab order: a
# keyboard walk could not reach Take back in time (24 Tabs), nor find a key for either.
LETTER_KEYS: dict[str, type[Roll | Undo | SkipComputers]] = {
    "KeyR": Roll,
    "KeyU": Undo,
    "KeyS": SkipComputers,
}


# The keys that move the keyboard's focus by themselves: Tab, and the arrows, Home and End
# between the sheet's boxes (shell.events). A focus they bring into the sheet is the player's.
FOCUS_KEYS = frozenset({"Tab", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End"})


def moves_the_focus(key: str) -> bool:
    """Whether `key` (a KeyboardEvent's key) moves the focus by itself. Enter or R on Roll does
    not: Roll used up, the view moves the focus to the box to score (a keyboard walk then found
    the countdown paused "while you use the sheet" for ever)."""
    return key in FOCUS_KEYS


def key_intent(state: AppState, key: str, code: str) -> Intent | None:
    """The intent of the key `key` (`code`: where it is on the keyboard) on the game screen."""
    game = state.game
    if key == "Enter":  # the box chosen, else the hint's (game.app.turns.box_to_confirm)
        return ConfirmTurn() if box_to_confirm(state) is not None else None
    # A key's change away from the focus is announced (said=True: game.app.key_answers).
    if game is not None and game.real_dice:
        if key in ("1", "2", "3", "4", "5", "6"):
            return EnterFace(int(key), said=True)
        return RemoveLastFace(said=True) if key == "Backspace" else None
    if code in LETTER_KEYS:
        return LETTER_KEYS[code]()
    if code == "KeyH":
        return HideHint() if state.pacing.hint is not None else ShowHint(said=True)
    if key == "Escape":
        return DismissWarning() if state.coaching.waiting is not None else None
    return ToggleKeep(int(key) - 1, said=True) if key in ("1", "2", "3", "4", "5") else None
