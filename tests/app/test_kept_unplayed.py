"""A game left before anything was played in it is not kept: there is nothing to resume. The
Leave dialog says so. Once one die is rolled or entered, it is kept as any other."""

from __future__ import annotations

from game.app.entry_intents import ChooseDice, EnterFace
from game.app.intents import AskLeave, CloseDialog, NewGame, Roll, StartDaily, StartGame
from game.app.model import Screen
from game.i18n.bidi import without_isolates as plain
from tests.app.kept_device import TODAY, Device, kept_list, left, playing


def leave_text(device: Device) -> str:
    device(AskLeave())
    leave = device.snapshot().leave
    assert leave is not None
    return plain(leave.text)


def kept_on_leaving(device: Device) -> bool:
    """Leaves the game through its dialog: whether it was kept, as the dialog said it would be."""
    said = leave_text(device)
    device(NewGame())
    assert device.state.screen is Screen.SETUP
    kept = len(kept_list(device)) == 1
    unplayed = "Leave this game? Nothing has been played in it yet, so it is not kept."
    assert said == unplayed if not kept else "where you can resume it" in said
    return kept


def test_a_game_left_before_its_first_roll_is_not_kept_and_the_dialog_says_so() -> None:
    assert not kept_on_leaving(playing())
    device = playing()
    device(Roll())  # played, however little: kept
    assert kept_on_leaving(device)


def test_dice_entered_at_the_table_make_the_game_worth_keeping() -> None:
    device = playing()
    left(device)
    device(ChooseDice(True), StartGame())
    assert "Nothing has been played" in leave_text(device)
    device(CloseDialog(), EnterFace(4))  # one die of five: a start all the same
    assert kept_on_leaving(device)


def test_a_daily_challenge_left_before_its_first_roll_can_be_started_again() -> None:
    device = playing()
    left(device)
    device(StartDaily(TODAY))
    assert device.game.challenge_date == TODAY
    left(device)
    assert kept_list(device) == ()
    device(StartDaily(TODAY), Roll())
    assert device.state.screen is Screen.GAME and device.game.challenge_date == TODAY
