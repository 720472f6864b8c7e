"""Preferences (settings and the last setup) for the browser's storage:
`preferences_to_data(state)` and `preferences_from_data(state, data)` turn them into
version-tagged JSON data and back; data not as written is refused (SaveFileError naming the
field), never trusted.

Version 2 added the hand-over setting, the guided turn, the sound, the vibration and the display
size. Version 1 is upgraded: its player has played before, so the guided turn is not offered to
them, and the other new settings keep their defaults. Version 3 added the coach while playing:
each player's mode ("coach") and the warning threshold ("coach_threshold"); a version 2 record
gets every player's coach off and the default threshold. Version 4 added the dice of the last
setup ("real_dice": true when it was played with real dice at the table); a version 3 record
gets the dice on screen. Version 5 lets the automatic scoring follow the game's rules
("auto_score_seconds": null, the default: 3 seconds in Penta, none in Yatzy, as their sheets
say); a version 4 record's 3 seconds, the default it could not tell from a choice, becomes
that."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from enum import StrEnum
from typing import Any, TypeVar

from game.app.model import (
    AUTO_SCORE_CHOICES,
    COACH_THRESHOLDS,
    DEFAULT_COACH_THRESHOLD,
    AppState,
    DisplaySize,
    Seat,
    Setup,
    Speed,
)
from game.coach.protocol import CoachMode
from game.errors import SaveFileError
from game.i18n.locale import LANGUAGES
from game.persistence.migrations import JsonObject, MigrationChain
from game.persistence.readers import check_keys, read_list, read_object
from game.play.state import (
    LEVELS,
    MAX_MARKS_ON_A_LETTER,
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    PlayerKind,
    as_name,
)
from game.play.undo import UndoSetting
from game.rules.rulesets import RULESETS

PREFERENCES_VERSION = 5
T = TypeVar("T")


def _add_pass_phone_and_guide(data: JsonObject) -> JsonObject:
    written_later = sorted(data.keys() & _VERSION_2_FIELDS)
    if written_later:
        raise SaveFileError(f"preferences: version 1 never wrote {', '.join(written_later)}")
    return {**data, "version": 2, "pass_phone": True, "guide_done": True}


def _add_coach(data: JsonObject) -> JsonObject:
    if "coach_threshold" in data:
        raise SaveFileError("preferences: version 2 never wrote coach_threshold")
    players = data.get("players")
    if isinstance(players, list):  # anything else is refused when the record is read
        players = [
            {**p, "coach": CoachMode.OFF.value} if isinstance(p, dict) else p for p in players
        ]
        data = {**data, "players": players}
    return {**data, "version": 3, "coach_threshold": DEFAULT_COACH_THRESHOLD}


def _add_dice(data: JsonObject) -> JsonObject:
    if "real_dice" in data:
        raise SaveFileError("preferences: version 3 never wrote real_dice")
    return {**data, "version": 4, "real_dice": False}


OLD_DEFAULT_AUTO_SCORE = 3
"""The countdown's default before version 5, for every ruleset."""


def _auto_score_by_the_rules(data: JsonObject) -> JsonObject:
    if data.get("auto_score_seconds") == OLD_DEFAULT_AUTO_SCORE:
        return {**data, "version": 5, "auto_score_seconds": None}
    return {**data, "version": 5}


_MIGRATIONS = MigrationChain(
    "penta-preferences",
    current=PREFERENCES_VERSION,
    steps={1: _add_pass_phone_and_guide, 2: _add_coach, 3: _add_dice, 4: _auto_score_by_the_rules},
)


def preferences_to_data(state: AppState) -> dict[str, Any]:
    return {
        "format": "penta-preferences",
        "version": PREFERENCES_VERSION,
        "language": state.settings.language,
        "auto_score_seconds": state.settings.auto_score_seconds,
        "computer_speed": state.settings.computer_speed.value,
        "undo": state.settings.undo.value,
        "pass_phone": state.settings.pass_phone,
        "guide_done": state.settings.guide_done,
        "sound": state.settings.sound,
        "vibration": state.settings.vibration,
        "display_size": state.settings.display_size.value,
        "coach_threshold": state.settings.coach_threshold,
        "ruleset": state.setup.ruleset_id,
        "players": [
            {
                "name": seat.name,
                "kind": seat.kind.value,
                "level": seat.level,
                "coach": seat.coach.value,
            }
            for seat in state.setup.seats
        ],
        "real_dice": state.setup.real_dice,
    }


def preferences_from_data(state: AppState, data: object) -> AppState:
    """`state` with the settings and the last setup in `data`; a field an older build did not
    write yet keeps its value in `state`.

    Raises:
        SaveFileError: anything not as preferences_to_data writes it, naming the field and the
            value (the stored record is then set aside and reported, and the fields that read
            on their own are kept: readable_preferences, game.persistence.session).
        UnsupportedVersionError: preferences of a version this build does not read (newer
            than PREFERENCES_VERSION, or not a version at all).
    """
    prefs = read_object(data, "preferences")
    # Refused unless this build reads it: newer (UnsupportedVersionError), or no version at all.
    version = _MIGRATIONS.check_version(prefs.get("version"))
    if version < PREFERENCES_VERSION:
        prefs = _MIGRATIONS.upgrade(prefs, version=version)
    written = prefs.keys() & _PREFERENCE_FIELDS  # builds before the undo setting wrote no "undo"
    check_keys(prefs, "preferences", {"format", "version", *written})
    if prefs["format"] != "penta-preferences":
        raise SaveFileError(
            f"preferences.format: expected 'penta-preferences', got {prefs['format']!r:.80}"
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
        pass_phone=field("pass_phone", (True, False), settings.pass_phone),
        guide_done=field("guide_done", (True, False), settings.guide_done),
        sound=field("sound", (True, False), settings.sound),
        vibration=field("vibration", (True, False), settings.vibration),
        display_size=field("display_size", tuple(DisplaySize), settings.display_size),
        coach_threshold=field("coach_threshold", COACH_THRESHOLDS, settings.coach_threshold),
    )
    setup = replace(setup, ruleset_id=field("ruleset", tuple(RULESETS), setup.ruleset_id))
    if "players" in prefs:
        players = read_list(prefs["players"], "preferences.players", 1, MAX_PLAYERS)
        seats = (
            _seat_from_data(seat, f"preferences.players[{n}]") for n, seat in enumerate(players)
        )
        setup = replace(setup, seats=tuple(seats))
    setup = replace(setup, real_dice=field("real_dice", (True, False), setup.real_dice))
    # Preferences are kept at every change of a setting: a language chosen on a first start
    # kept the default seats too, and the next start said "Your last setup is ready" (a walk).
    restored = "players" in prefs and _set_up(setup)
    return replace(state, settings=settings, setup=replace(setup, restored=restored))


def _set_up(setup: Setup) -> bool:
    """Whether `setup` is one a player made: other seats, ruleset or dice than a new device's."""
    new = Setup()
    return (setup.seats, setup.ruleset_id, setup.real_dice) != (
        new.seats,
        new.ruleset_id,
        new.real_dice,
    )


def readable_preferences(data: object) -> dict[str, Any]:
    """Of preferences that preferences_from_data refuses, the fields it reads each on its own:
    one bad setting cost a walk every other setting and the last setup.

    Raises:
        SaveFileError: nothing to take (not an object, or not of a version this build reads).
    """
    prefs = read_object(data, "preferences")
    envelope = {key: prefs.get(key) for key in ("format", "version")}
    preferences_from_data(AppState(), envelope)
    fields = sorted(prefs.keys() & _PREFERENCE_FIELDS)
    readable = {key: prefs[key] for key in fields if _reads(envelope, key, prefs[key])}
    if "players" in prefs and "players" not in readable:
        # One bad seat cost a family every other seat's name and kind.
        seats = _readable_seats(envelope, prefs["players"])
        if seats:
            readable["players"] = seats
    return envelope | readable


def _readable_seats(envelope: dict[str, Any], players: object) -> list[object]:
    """Of the first MAX_PLAYERS seats of the stored `players` (the most this app writes), those
    that read each on its own, in their order; none unless `players` is a list."""
    if not isinstance(players, list):
        return []
    return [seat for seat in players[:MAX_PLAYERS] if _reads(envelope, "players", [seat])]


def _reads(envelope: dict[str, Any], key: str, value: object) -> bool:
    try:
        preferences_from_data(AppState(), {**envelope, key: value})
    except SaveFileError:
        return False
    return True


_PREFERENCE_FIELDS = frozenset(preferences_to_data(AppState())) - {"format", "version"}
_VERSION_2_FIELDS = frozenset({"pass_phone", "guide_done", "sound", "vibration", "display_size"})


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
    check_keys(seat, path, {"name", "kind", "level", "coach"})
    name = seat["name"]
    if not isinstance(name, str) or as_name(name) != name:
        raise SaveFileError(
            f"{path}.name: expected a name as one is typed (printable, at most"
            f" {MAX_NAME_LENGTH} characters, {MAX_MARKS_ON_A_LETTER} marks on a letter), got"
            f" {name!r:.80}"
        )
    kind = _choice(seat["kind"], tuple(PlayerKind), f"{path}.kind")
    level = _choice(seat["level"], LEVELS, f"{path}.level")
    return Seat(name, kind, level, _choice(seat["coach"], tuple(CoachMode), f"{path}.coach"))
