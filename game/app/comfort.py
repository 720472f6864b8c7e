"""The settings of how the game feels and reads (the roll's sound and tap, larger dice and
sheet) and the tray's folded messages: `apply_comfort(state, intent)` is the state after one
of their intents (None: not one of them), and `roll_feel(before, after)` what a roll asks of
the speaker and the vibration motor."""

from __future__ import annotations

from dataclasses import replace

from game.app.announcements import Rolled
from game.app.effects import RollFeel
from game.app.intents import Intent, OpenTray, SetDisplaySize, SetSound, SetVibration
from game.app.model import AppState, DisplaySize, is_computer_turn


def apply_comfort(state: AppState, intent: Intent) -> AppState | None:
    settings = state.settings
    match intent:
        case SetSound(on) if isinstance(on, bool):
            return replace(state, settings=replace(settings, sound=on))
        case SetVibration(on) if isinstance(on, bool):
            return replace(state, settings=replace(settings, vibration=on))
        case SetDisplaySize(size) if size in tuple(DisplaySize):
            return replace(state, settings=replace(settings, display_size=DisplaySize(size)))
        case OpenTray(open_) if isinstance(open_, bool):
            return replace(state, ui=replace(state.ui, tray_open=open_))
        case SetSound() | SetVibration() | SetDisplaySize() | OpenTray():
            return state  # a value that is not one of the choices changes nothing
    return None


def roll_feel(before: AppState, after: AppState) -> tuple[RollFeel, ...]:
    """The sound of every roll, the tap only of a human's own roll (a computer's rolls come
    every second: a phone buzzing through them would be a nuisance), each if turned on."""
    if not isinstance(after.ui.announcement, Rolled):
        return ()
    sound = after.settings.sound
    vibrate = after.settings.vibration and not is_computer_turn(before)
    return (RollFeel(sound, vibrate),) if sound or vibrate else ()
