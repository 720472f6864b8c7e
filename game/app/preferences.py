"""Preferences (settings and the last setup) for the browser's storage:
`preferences_to_data(state)` and `preferences_from_data(state, data)` turn them into
version-tagged JSON data and back; data not as written is refused (SaveFileError naming the
field), never trusted.

Version 2 added the sound, the vibration and the display size; preferences of version 1 are
read as they were, these three keeping their defaults."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from enum import StrEnum
from typing import Any, TypeVar

from game.app.model import (
    AUTO_SCORE_CHOICES,
    MAX_PLAYERS,
    AppState,
    DisplaySize,
    Seat,
    Speed,
)
from game.errors import SaveFileError, UnsupportedVersionError
from game.i18n.locale import LANGUAGES
from game.persistence.readers import check_keys, read_list, read_object
from game.play.state import LEVELS, MAX_NAME_LENGTH, PlayerKind
from game.play.undo import UndoSetting
from game.rules.rulesets import RULESETS

PREFERENCES_VERSION = 2
READABLE_VERSIONS = (1, PREFERENCES_VERSION)
T = TypeVar("T")


def preferences_to_data(state: AppState) -> dict[str, Any]:
    return {
        "format": "penta-preferences",
        "version": PREFERENCES_VERSION,
        "language": state.settings.language,
        "auto_score_seconds": state.settings.auto_score_seconds,
        "computer_speed": state.settings.computer_speed.value,
        "undo": state.settings.undo.value,
        "sound": state.settings.sound,
        "vibration": state.settings.vibration,
        "display_size": state.settings.display_size.value,
        "ruleset": state.setup.ruleset_id,
        "players": [
            {"name": seat.name, "kind": seat.kind.value, "level": seat.level}
            for seat in state.setup.seats
        ],
    }


def preferences_from_data(state: AppState, data: object) -> AppState:
    """`state` with the settings and the last setup in `data`; a field an older build did not
    write yet keeps its value in `state`.

    Raises:
        SaveFileError: anything not as preferences_to_data writes it, naming the field and the
            value (the stored record is then set aside and reported, see
            game.persistence.session).
        UnsupportedVersionError: preferences of a version not in READABLE_VERSIONS.
    """
    prefs = read_object(data, "preferences")
    version = prefs.get("version")
    fields = _VERSION_1_FIELDS if version == 1 else _PREFERENCE_FIELDS
    written = prefs.keys() & fields  # builds before the undo setting wrote no "undo"
    check_keys(prefs, "preferences", {"format", "version", *written})
    if prefs["format"] != "penta-preferences":
        raise SaveFileError(
            f"preferences.format: expected 'penta-preferences', got {prefs['format']!r:.80}"
        )
    if prefs["version"] not in READABLE_VERSIONS or type(prefs["version"]) is not int:
        raise UnsupportedVersionError(
            f"preferences: this build reads versions {', '.join(map(str, READABLE_VERSIONS))}, "
            f"not {prefs['version']!r:.80}"
        )

    def field(key: str, choices: Sequence[T], current: T) -> T:
        return _choice(prefs[key], choices, f"preferences.{key}") if key in prefs else current

    settings, setup = state.settings, state.setup
    settings = replace(
        settings,
        language=field("language", tuple(LANGUAGES), settings.language),
        auto_score_seconds=field(
            "auto_score_seconds", AUTO_SCORE_CHOICES, settings.auto_score_seconds
        ),
        computer_speed=field("computer_speed", tuple(Speed), settings.computer_speed),
        undo=field("undo", tuple(UndoSetting), settings.undo),
        sound=field("sound", (True, False), settings.sound),
        vibration=field("vibration", (True, False), settings.vibration),
        display_size=field("display_size", tuple(DisplaySize), settings.display_size),
    )
    setup = replace(setup, ruleset_id=field("ruleset", tuple(RULESETS), setup.ruleset_id))
    if "players" in prefs:
        players = read_list(prefs["players"], "preferences.players", 1, MAX_PLAYERS)
        seats = (
            _seat_from_data(seat, f"preferences.players[{n}]") for n, seat in enumerate(players)
        )
        setup = replace(setup, seats=tuple(seats))
    return replace(state, settings=settings, setup=replace(setup, restored="players" in prefs))


_PREFERENCE_FIELDS = frozenset(preferences_to_data(AppState())) - {"format", "version"}
_VERSION_1_FIELDS = _PREFERENCE_FIELDS - {"sound", "vibration", "display_size"}


def _choice(value: object, choices: Sequence[T], path: str) -> T:
    """The choice `value` is, of the same type (True is not 1, nor 3.0 is 3; text names a
    StrEnum's member)."""
    for choice in choices:
        text_for_enum = isinstance(choice, StrEnum) and type(value) is str
        if (type(value) is type(choice) or text_for_enum) and value == choice:
            return choice
    raise SaveFileError(
        f"{path}: expected one of {', '.join(map(str, choices))}, got {value!r:.80}"
    )


def _seat_from_data(data: object, path: str) -> Seat:
    seat = read_object(data, path)
    check_keys(seat, path, {"name", "kind", "level"})
    name = seat["name"]
    if not isinstance(name, str) or len(name) > MAX_NAME_LENGTH or not name.isprintable():
        raise SaveFileError(
            f"{path}.name: expected printable text of at most {MAX_NAME_LENGTH} characters, "
            f"got {name!r:.80}"
        )
    kind = _choice(seat["kind"], tuple(PlayerKind), f"{path}.kind")
    return Seat(name, kind, _choice(seat["level"], LEVELS, f"{path}.level"))
