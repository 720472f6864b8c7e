"""A game left before anything was played in it is not kept: there is nothing to resume. The
Leave dialog says so. Once one die is rolled or entered, it is kept as any other."""

from __future__ import annotations

from game.app.entry_intents import ChooseDice, EnterFace
from game.app.intents import AskLeave, NewGame, Roll, StartDaily, StartGame
from game.app.model import Screen
from game.i18n.bidi import without_isolates as plain
from tests.app.kept_device import TODAY, Device, kept_list, left, playing


def leave_text(device: Device) -> str:
    device(AskLeave())
    leave = device.snapshot().leave
    assert leave is not None
    return plain(leave.text)


def test_a_game_left_before_its_first_roll_is_not_kept_and_the_dialog_says_so() -> None:
    device = playing()
    assert leave_text(device) == (
        "Leave this game? Nothing has been played in it yet, so it is not kept."
    )
    device(NewGame())
    assert device.state.screen is Screen.SETUP and kept_list(device) == ()
    # Played, however little: kept, and the dialog says where to resume it.
    device = playing()
    device(Roll())
    assert "where you can resume it" in leave_text(device)
    device(NewGame())
    assert len(kept_list(device)) == 1


def test_dice_entered_at_the_table_make_the_game_worth_keeping() -> None:
    device = playing()
    left(device)
    device(ChooseDice(True))
    device(StartGame())
    assert "Nothing has been played" in leave_text(device)
    device(EnterFace(4))  # one die of five: a start all the same
    assert "where you can resume it" in leave_text(device)
    device(NewGame())
    assert len(kept_list(device)) == 1


def test_a_daily_challenge_left_before_its_first_roll_can_be_started_again() -> None:
    device = playing()
    left(device)
    device(StartDaily(TODAY))
    assert device.game.challenge_date == TODAY
    left(device)
    assert kept_list(device) == ()
    device(StartDaily(TODAY), Roll())
    assert device.state.screen is Screen.GAME and device.game.challenge_date == TODAY
