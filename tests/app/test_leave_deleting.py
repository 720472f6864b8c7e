"""The Leave dialog's other answer: leave the game and delete it rather than keep it (games left
piled up on the New game screen, each to be deleted there after another question). Offered
only where leaving would keep the game, and never for a daily challenge, which is played once.
The device runs the storage jobs as the shell does (tests.app.kept_device)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.app.effects import KeepGame
from game.app.intents import (
    AskLeave,
    CloseDialog,
    Roll,
    SetAutoScore,
    SetLanguage,
    StartDaily,
    StartGame,
)
from game.app.kept_intents import LeaveAndDelete, ResumeGame
from game.app.model import Dialog, Screen
from game.app.start import initial_state
from game.i18n.translator import Translator
from game.persistence.kept import MAX_KEPT
from game.persistence.session import SESSION_KEY
from tests.app.kept_device import TODAY, Device, kept_list, left, playing


def leave_dialog(device: Device) -> tuple[str, str]:
    """The dialog's Leave game and delete labels, as it opens."""
    device(AskLeave())
    assert device.state.ui.dialog is Dialog.LEAVE
    leave = device.snapshot().leave
    return leave.confirm_label, leave.delete_label


@pytest.mark.parametrize("language", ["en", "et", "he"])
def test_a_game_left_deleting_is_gone_and_the_games_kept_before_stay(language: str) -> None:
    device = playing()
    device.play_turns(2)
    left(device)  # an earlier game, kept
    (earlier,) = device.state.ui.kept_games
    device(StartGame())
    device.tables_failed()
    device.play_turns(1)
    device(Roll(), SetLanguage(language))
    t = Translator(language)

    assert leave_dialog(device) == (t("game.leave"), t("game.leave_deleting"))
    device(LeaveAndDelete())

    assert device.state.screen is Screen.SETUP and device.state.game is None
    assert not [effect for effect in device.effects if isinstance(effect, KeepGame)]
    assert device.storage.get(SESSION_KEY) is None
    assert device.state.ui.kept_games == (earlier,)
    reopened = device.reopened()  # nor does a reload bring it back
    assert reopened.state.game is None
    assert [kept.id for kept in reopened.state.ui.kept_games] == [earlier.id]


def test_a_kept_game_resumed_and_left_deleting_leaves_the_list() -> None:
    device = playing()
    device.play_turns(2)
    left(device)
    (kept,) = device.state.ui.kept_games
    device(ResumeGame(kept.id))
    assert device.state.screen is Screen.GAME
    leave_dialog(device)
    device(LeaveAndDelete())
    assert device.state.ui.kept_games == ()
    assert kept_list(device.reopened()) == ()


def test_nothing_is_deleted_without_the_dialog_open() -> None:
    device = playing()
    device.play_turns(1)
    before = device.state
    device(LeaveAndDelete())
    assert device.state is before
    leave_dialog(device)
    device(CloseDialog())
    device(LeaveAndDelete())
    assert device.state.screen is Screen.GAME and device.state.game == before.game


def test_not_offered_where_leaving_keeps_nothing() -> None:
    # Nothing played yet: nothing to keep, nothing to delete.
    unplayed = playing()
    assert leave_dialog(unplayed)[1] == ""
    unplayed(LeaveAndDelete())
    assert unplayed.state.screen is Screen.GAME  # refused: the dialog's Leave game leaves
    # The list full: leaving already leaves it unkept, as the dialog says.
    full = playing()
    full.play_turns(1)
    left(full)
    full(StartGame())
    full.tables_failed()
    full.play_turns(1)
    ui = full.state.ui
    full.state = replace(full.state, ui=replace(ui, kept_games=ui.kept_games * MAX_KEPT))
    assert leave_dialog(full) == ("Leave without keeping", "")
    # A browser that keeps nothing: leaving loses the game anyway.
    unkept = playing()
    unkept.play_turns(1)
    unkept.state = replace(unkept.state, ui=replace(unkept.state.ui, nothing_kept=True))
    assert leave_dialog(unkept)[1] == ""


def test_never_offered_for_a_daily_challenge() -> None:
    device = Device(initial_state(["en-US"], seed=4))
    device.set_players([("Dana", "human", None)])
    device(SetAutoScore(0), StartDaily(TODAY))
    device.tables_failed()
    assert device.state.screen is Screen.GAME
    device.play_turns(1)
    assert leave_dialog(device)[1] == ""
    device(LeaveAndDelete())
    assert device.state.screen is Screen.GAME
