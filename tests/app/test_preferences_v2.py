"""Preferences version 2 (issue 14): the hand-over and the guided turn are kept; preferences of
version 1 are upgraded (their player has played before: no guided turn is offered)."""

from __future__ import annotations

import pytest

from game.app.intents import SetPassPhone, SkipGuide
from game.app.model import AppState
from game.app.preferences import PREFERENCES_VERSION, preferences_from_data, preferences_to_data
from game.app.start import initial_state
from game.errors import SaveFileError
from tests.app.driver import AppDriver

VERSION_1 = {
    "format": "penta-preferences",
    "version": 1,
    "language": "he",
    "auto_score_seconds": 5,
    "computer_speed": "fast",
    "undo": "on",
    "ruleset": "yatzy",
    "players": [{"name": "Dana", "kind": "human", "level": "casual"}],
}


def test_version_1_is_upgraded_with_the_hand_over_on_and_no_guide() -> None:
    state = preferences_from_data(AppState(), VERSION_1)
    assert state.settings.pass_phone is True and state.settings.guide_done is True
    assert state.settings.language == "he" and state.setup.ruleset_id == "yatzy"
    assert state.setup.seats[0].name == "Dana"
    assert VERSION_1["version"] == 1 and "guide_done" not in VERSION_1  # the input is left as is


def test_version_2_round_trips_both_settings() -> None:
    state = AppDriver(initial_state(["en"]))(SetPassPhone(False), SkipGuide())
    data = preferences_to_data(state)
    assert data["version"] == PREFERENCES_VERSION
    assert data["pass_phone"] is False and data["guide_done"] is True
    back = preferences_from_data(AppState(), data)
    assert back.settings == state.settings


def test_a_new_player_is_offered_the_guide_and_the_hand_over() -> None:
    settings = initial_state(["en"]).settings
    assert settings.pass_phone is True and settings.guide_done is False


@pytest.mark.parametrize(
    ("field", "value"), [("pass_phone", 1), ("guide_done", "yes"), ("pass_phone", None)]
)
def test_a_setting_not_a_boolean_is_refused_naming_it(field: str, value: object) -> None:
    data = {**preferences_to_data(AppState()), field: value}
    with pytest.raises(SaveFileError, match=f"preferences.{field}"):
        preferences_from_data(AppState(), data)
