"""Stored preferences (settings and the last setup) at start: read when valid, else set aside
and reported like every other record, never dropped in silence."""

from __future__ import annotations

from typing import Any

import pytest

from game.app.intents import SetLanguage
from game.app.preferences import preferences_to_data
from game.app.setup_intents import ChooseRuleset, RenamePlayer, SetPlayerKind, SetPlayerLevel
from game.app.start import initial_state
from game.persistence.session import (
    PREFERENCES_KEY,
    Restored,
    restore_session,
    save_preferences,
)
from game.persistence.storage import MemoryStorage, ProblemKind, quarantined
from game.play.state import MAX_PLAYERS, PlayerKind
from tests.app.driver import AppDriver


def chosen() -> dict[str, Any]:
    """The preferences of a player who changed a few things."""
    state = AppDriver(initial_state(["en-US"]))(
        SetLanguage("et"),
        ChooseRuleset("yatzy"),
        RenamePlayer(0, "Mari"),
        SetPlayerKind(0, PlayerKind.COMPUTER),
        SetPlayerLevel(0, "beginner"),
    )
    return preferences_to_data(state)


def seat(**changes: object) -> dict[str, Any]:
    data = chosen()
    data["players"] = [{**data["players"][0], **changes}]
    return data


BAD_FIELDS = [
    # name, the stored payload, what the reason names, the field not taken
    ("a seat name of 17", seat(name=17), "players[0].name", "players"),
    ("2 MB beside", {**chosen(), "notes": "x" * 2_000_000}, "'notes'", "notes"),
    ("an unknown language", {**chosen(), "language": "klingon"}, "klingon", "language"),
    ("seconds True", {**chosen(), "auto_score_seconds": True}, "True", "auto_score_seconds"),
    ("seconds 3.0", {**chosen(), "auto_score_seconds": 3.0}, "3.0", "auto_score_seconds"),
    ("speed 5", {**chosen(), "computer_speed": 5}, "computer_speed", "computer_speed"),
    ("undo x", {**chosen(), "undo": "x"}, "'x'", "undo"),
    ("a ruleset list", {**chosen(), "ruleset": ["penta"]}, "['penta']", "ruleset"),
    ("no players", {**chosen(), "players": []}, "players", "players"),
    ("a seat of text", {**chosen(), "players": ["Mari"]}, "'Mari'", "players"),
    ("a long name", seat(name="M" * 51), "players[0].name", "players"),
    ("a control character", seat(name="Ma\nri"), "players[0].name", "players"),
    ("a seat kind", seat(kind="robot"), "'robot'", "players"),
    ("a seat level", seat(level="grandmaster"), "'grandmaster'", "players"),
    ("a seat key", seat(colour="red"), "'colour'", "players"),
]
BAD_RECORDS = [
    # name, the stored payload, what the reason names, the kind of problem
    ("another format", {**chosen(), "format": "x"}, "'x'", ProblemKind.INVALID),
    ("a newer version", {**chosen(), "version": 6}, "not 6", ProblemKind.UNKNOWN_VERSION),
    ("not an object", ["penta-preferences"], "preferences", ProblemKind.INVALID),
]


def stored_and_restored(
    payload: Any, names: str, kind: ProblemKind
) -> tuple[MemoryStorage, str, Restored]:
    """A device holding `payload` as its preferences, restored: its one problem is of `kind`
    and names `names`."""
    storage = MemoryStorage()
    assert save_preferences(storage, payload) is None
    text = storage.items[PREFERENCES_KEY]
    restored = restore_session(storage)
    (problem,) = restored.problems
    assert (problem.key, problem.kind) == (PREFERENCES_KEY, kind)
    assert names in problem.reason
    return storage, text, restored


@pytest.mark.parametrize(
    ("payload", "names", "bad"), [case[1:] for case in BAD_FIELDS], ids=[c[0] for c in BAD_FIELDS]
)
def test_a_bad_setting_is_set_aside_and_reported_and_the_others_are_kept(
    payload: dict[str, Any], names: str, bad: str
) -> None:
    storage, text, restored = stored_and_restored(payload, names, ProblemKind.SET_ASIDE_IN_PART)
    good = {key: value for key, value in chosen().items() if key != bad}
    assert restored.preferences == good
    # The whole text kept byte for byte, to export; the settings read in its place.
    (aside,) = quarantined(storage)
    assert aside.original_key == PREFERENCES_KEY and storage.items[aside.key] == text
    assert restore_session(storage).preferences == good
    state = preferences_to_data(initial_state(["he"], preferences=restored.preferences))
    defaults = preferences_to_data(initial_state(["he"]))
    for key, value in state.items():
        assert value == (defaults[key] if key == bad else chosen()[key]), key


@pytest.mark.parametrize(
    ("payload", "names", "kind"), [c[1:] for c in BAD_RECORDS], ids=[c[0] for c in BAD_RECORDS]
)
def test_bad_preferences_are_set_aside_and_reported(
    payload: Any, names: str, kind: ProblemKind
) -> None:
    storage, text, restored = stored_and_restored(payload, names, kind)
    assert restored.preferences is None
    # Kept byte for byte, to export; nothing left under the key, so the defaults start.
    (aside,) = quarantined(storage)
    assert aside.original_key == PREFERENCES_KEY and storage.items == {aside.key: text}
    assert initial_state(["he"], preferences=restored.preferences) == initial_state(["he"])


def test_valid_preferences_are_read_back_whole() -> None:
    storage = MemoryStorage()
    save_preferences(storage, chosen())
    restored = restore_session(storage)
    assert restored.problems == () and restored.preferences == chosen()
    state = initial_state(["he"], preferences=restored.preferences)
    assert preferences_to_data(state) == chosen()
    assert state.setup.restored


def test_preferences_of_an_older_build_without_later_settings_are_read() -> None:
    # Builds before the undo setting wrote no "undo": it keeps its default.
    older = {key: value for key, value in chosen().items() if key != "undo"}
    storage = MemoryStorage()
    save_preferences(storage, older)
    restored = restore_session(storage)
    assert restored.problems == () and restored.preferences == older
    state = initial_state(["en"], preferences=restored.preferences)
    assert state.settings.language == "et" and state.setup.ruleset_id == "yatzy"


def test_the_seats_that_read_are_kept_beside_a_bad_one() -> None:
    good = chosen()["players"][0]
    others = [{**good, "name": "Tiit"}, {**good, "name": "Ly", "kind": "human"}]
    payload = {**chosen(), "players": [others[0], {**good, "name": 17}, others[1]]}
    _, _, restored = stored_and_restored(payload, "players[1].name", ProblemKind.SET_ASIDE_IN_PART)
    assert restored.preferences == {**chosen(), "players": others}
    setup = initial_state(["he"], preferences=restored.preferences).setup
    assert [(s.name, s.kind) for s in setup.seats] == [
        ("Tiit", PlayerKind.COMPUTER),
        ("Ly", PlayerKind.HUMAN),
    ]


def test_seats_past_the_most_a_game_has_are_not_read() -> None:
    seats = [{**chosen()["players"][0], "name": f"P{n}"} for n in range(MAX_PLAYERS + 5)]
    _, _, restored = stored_and_restored(
        {**chosen(), "players": seats}, "preferences.players", ProblemKind.SET_ASIDE_IN_PART
    )
    assert restored.preferences is not None
    assert restored.preferences["players"] == seats[:MAX_PLAYERS]
