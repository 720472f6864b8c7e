"""Preferences version 3 (issue 12): each player's coach while playing and the warning
threshold are kept; preferences of version 2 are upgraded with every coach off and the default
threshold."""

from __future__ import annotations

import pytest

from game.app.coach_intents import SetCoachThreshold, SetPlayerCoach
from game.app.model import DEFAULT_COACH_THRESHOLD, AppState
from game.app.preferences import PREFERENCES_VERSION, preferences_from_data, preferences_to_data
from game.app.setup_intents import AddPlayer
from game.app.start import initial_state
from game.coach.protocol import CoachMode
from game.errors import SaveFileError
from tests.app.driver import AppDriver

VERSION_2 = {
    "format": "penta-preferences",
    "version": 2,
    "language": "et",
    "auto_score_seconds": 5,
    "computer_speed": "fast",
    "undo": "on",
    "pass_phone": False,
    "guide_done": True,
    "sound": False,
    "vibration": True,
    "display_size": "large",
    "ruleset": "yatzy",
    "players": [
        {"name": "Dana", "kind": "human", "level": "casual"},
        {"name": "", "kind": "computer", "level": "optimal"},
    ],
}


def test_version_2_is_upgraded_with_every_coach_off() -> None:
    state = preferences_from_data(AppState(), VERSION_2)
    assert [seat.coach for seat in state.setup.seats] == [CoachMode.OFF, CoachMode.OFF]
    assert state.settings.coach_threshold == DEFAULT_COACH_THRESHOLD
    assert state.settings.display_size == "large" and state.setup.seats[0].name == "Dana"
    assert "coach" not in VERSION_2["players"][0]  # type: ignore[index]


def test_version_3_round_trips_the_coach_and_the_threshold() -> None:
    d = AppDriver(initial_state(["en"]))
    state = d(AddPlayer(), SetPlayerCoach(1, CoachMode.ALWAYS), SetCoachThreshold(2.0))
    data = preferences_to_data(state)
    assert data["version"] == PREFERENCES_VERSION >= 3
    back = preferences_from_data(AppState(), data)
    assert back.settings == state.settings and back.setup.seats == state.setup.seats
    assert back.setup.seats[1].coach is CoachMode.ALWAYS and back.settings.coach_threshold == 2.0


@pytest.mark.parametrize("value", [1, "1.0", 3.0, None, True])
def test_a_threshold_not_offered_is_refused_naming_it(value: object) -> None:
    data = {**preferences_to_data(AppState()), "coach_threshold": value}
    with pytest.raises(SaveFileError, match=r"preferences\.coach_threshold"):
        preferences_from_data(AppState(), data)


def test_a_player_s_coach_not_a_mode_is_refused_naming_it() -> None:
    data = preferences_to_data(AppState())
    data["players"][0]["coach"] = "sometimes"
    with pytest.raises(SaveFileError, match=r"preferences.players\[0\].coach"):
        preferences_from_data(AppState(), data)


def test_a_version_2_record_with_a_coach_is_refused() -> None:
    with pytest.raises(SaveFileError, match=r"version 2 never wrote coach_threshold"):
        preferences_from_data(AppState(), {**VERSION_2, "coach_threshold": 1.0})
