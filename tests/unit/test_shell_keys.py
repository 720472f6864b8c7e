"""The game screen's keys as intents (shell.key_intents), through the app core: U takes back
the box just confirmed and S skips the computers' turns, as their buttons do; neither does
anything where its button is not shown."""

from __future__ import annotations

from game.app.intents import ConfirmTurn, Roll, SelectBox, StartGame, Undo
from game.app.model import is_computer_turn
from game.app.setup_intents import AddPlayer
from game.app.start import initial_state
from game.play.state import PlayerKind
from shell.key_intents import key_intent
from tests.app.driver import AppDriver


def press(driver: AppDriver, letter: str) -> None:
    intent = key_intent(driver.state, letter.lower(), f"Key{letter}")
    assert intent is not None
    driver(intent)


def test_u_takes_back_the_box_just_confirmed_and_only_then() -> None:
    driver = AppDriver(initial_state(["en"], seed=3))
    driver(StartGame(), Roll(), SelectBox("chance"))
    before = driver.state
    press(driver, "U")  # nothing confirmed yet: nothing to take back
    assert driver.state == before
    driver(ConfirmTurn())
    assert driver.game.sheets[0].points_in("chance") is not None
    driver.pass_time(1.0)  # not the second tap of a double tap
    press(driver, "U")
    assert driver.game.sheets[0].points_in("chance") is None
    assert isinstance(key_intent(driver.state, "u", "KeyU"), Undo)


def test_s_skips_the_computers_turns_and_does_nothing_on_a_humans() -> None:
    driver = AppDriver(initial_state(["en"], seed=3))
    driver(AddPlayer(PlayerKind.COMPUTER), StartGame())
    before = driver.state
    press(driver, "S")  # the human's turn: nothing to skip
    assert driver.state == before
    driver(Roll(), SelectBox("chance"), ConfirmTurn())
    assert is_computer_turn(driver.state)
    driver.pass_time(1.0)
    press(driver, "S")
    assert not is_computer_turn(driver.state)
    assert driver.game.current_player == 0
