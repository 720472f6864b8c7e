"""The phone's Back button through a whole visit (game.app.back): each Back goes back a step,
through the app's own intents, and only the New game screen leaves the app."""

from __future__ import annotations

from game.app.back import back_intent
from game.app.intents import NewGame, Roll, StartGame
from game.app.model import Dialog, Screen
from game.app.setup_intents import AddPlayer
from game.play.state import PlayerKind
from tests.app.driver import AppDriver


def press_back(driver: AppDriver) -> bool:
    """Back, as the page sends it: False where Back leaves the app (nothing is sent)."""
    intent = back_intent(driver.state)
    if intent is None:
        return False
    driver(intent)
    return True


def test_back_in_a_game_asks_to_leave_it_and_the_game_is_kept() -> None:
    driver = AppDriver.seeded(5)
    assert not press_back(driver)  # the New game screen: Back leaves the app
    driver(StartGame(), Roll())
    dice = driver.game.dice
    assert press_back(driver)
    assert driver.state.ui.dialog is Dialog.LEAVE
    assert press_back(driver)  # Back again: the dialog closes, the game goes on as it was
    assert driver.state.ui.dialog is Dialog.NONE and driver.state.screen is Screen.GAME
    assert driver.game.dice == dice
    assert press_back(driver)
    leave = driver.snapshot().leave
    assert leave is not None and leave.confirm_label == "Leave game"
    driver(NewGame())  # its Leave button
    assert driver.state.screen is Screen.SETUP
    assert not press_back(driver)


def test_back_at_a_games_end_goes_to_the_new_game_screen() -> None:
    driver = AppDriver.seeded(6)
    driver(AddPlayer(PlayerKind.COMPUTER))
    driver(StartGame())
    driver.tables_failed()  # the computer plays as the GreedyCoach does
    driver.play_to_end()
    assert driver.state.screen is Screen.END
    assert press_back(driver)
    assert driver.state.screen is Screen.SETUP
    assert not press_back(driver)
