"""A new user's walk-through of real dice: the dice choice kept with the last setup, the
announcement after a correction, the previews after a hint, the correction's question, the
history list, a partly entered roll across a reload, and the wording of the refusals."""

from __future__ import annotations

import pytest

from game.app.intents import AddPlayer, SetPlayerKind
from game.app.model import AppState
from game.app.preferences import PREFERENCES_VERSION, preferences_from_data, preferences_to_data
from game.errors import SaveFileError
from tests.app.driver import AppDriver
from tests.app.test_real_dice import real_dice_driver

# --- 1. the dice choice is kept with the last setup ----------------------------------------------


def test_the_dice_choice_is_kept_with_the_last_setup() -> None:
    played = real_dice_driver().state
    back = preferences_from_data(AppState(), preferences_to_data(played))
    assert back.setup.real_dice and back.setup.restored
    setup = AppDriver(back).snapshot().setup
    assert setup is not None
    assert [choice.value for choice in setup.dice_choices if choice.selected] == ["real"]


def test_preferences_of_version_3_are_upgraded_with_dice_on_screen() -> None:
    data = preferences_to_data(real_dice_driver().state)
    del data["real_dice"]
    back = preferences_from_data(AppState(), {**data, "version": 3})
    assert PREFERENCES_VERSION == 4 and not back.setup.real_dice
    with pytest.raises(SaveFileError, match="version 3 never wrote real_dice"):
        preferences_from_data(AppState(), {**data, "version": 3, "real_dice": True})


@pytest.mark.parametrize("value", [1, "yes", None])
def test_a_dice_choice_not_true_or_false_is_refused(value: object) -> None:
    data = {**preferences_to_data(AppState()), "real_dice": value}
    with pytest.raises(SaveFileError, match=r"preferences\.real_dice"):
        preferences_from_data(AppState(), data)


def test_real_dice_with_a_computer_seat_are_refused() -> None:
    state = AppDriver.seeded(1)(AddPlayer(), SetPlayerKind(1, "computer"))
    data = {**preferences_to_data(state), "real_dice": True}
    with pytest.raises(SaveFileError, match=r"preferences\.real_dice.*computer"):
        preferences_from_data(AppState(), data)
