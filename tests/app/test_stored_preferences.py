"""Stored preferences (settings and the last setup) at start: read when valid, else set aside
and reported like every other record, never dropped in silence."""

from __future__ import annotations

from typing import Any

import pytest

from game.app.intents import SetLanguage
from game.app.preferences import preferences_to_data
from game.app.setup_intents import ChooseRuleset, RenamePlayer, SetPlayerKind, SetPlayerLevel
from game.app.start import initial_state
from game.persistence.session import PREFERENCES_KEY, restore_session, save_preferences
from game.persistence.storage import MemoryStorage, ProblemKind, quarantined
from game.play.state import PlayerKind
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


BAD = [
    # name, the stored payload, what the reason names, the kind of problem
    ("a seat name of 17", seat(name=17), "players[0].name", ProblemKind.INVALID),
    ("2 MB beside", {**chosen(), "notes": "x" * 2_000_000}, "'notes'", ProblemKind.INVALID),
    ("an unknown language", {**chosen(), "language": "klingon"}, "klingon", ProblemKind.INVALID),
    ("seconds True", {**chosen(), "auto_score_seconds": True}, "True", ProblemKind.INVALID),
    ("seconds 3.0", {**chosen(), "auto_score_seconds": 3.0}, "3.0", ProblemKind.INVALID),
    ("speed 5", {**chosen(), "computer_speed": 5}, "computer_speed", ProblemKind.INVALID),
    ("undo x", {**chosen(), "undo": "x"}, "'x'", ProblemKind.INVALID),
    ("a ruleset list", {**chosen(), "ruleset": ["penta"]}, "['penta']", ProblemKind.INVALID),
    ("no players", {**chosen(), "players": []}, "players", ProblemKind.INVALID),
    ("a seat of text", {**chosen(), "players": ["Mari"]}, "'Mari'", ProblemKind.INVALID),
    ("a long name", seat(name="M" * 51), "players[0].name", ProblemKind.INVALID),
    ("a control character", seat(name="Ma\nri"), "players[0].name", ProblemKind.INVALID),
    ("a seat kind", seat(kind="robot"), "'robot'", ProblemKind.INVALID),
    ("a seat level", seat(level="grandmaster"), "'grandmaster'", ProblemKind.INVALID),
    ("a seat key", seat(colour="red"), "'colour'", ProblemKind.INVALID),
    ("another format", {**chosen(), "format": "x"}, "'x'", ProblemKind.INVALID),
    ("a newer version", {**chosen(), "version": 6}, "not 6", ProblemKind.UNKNOWN_VERSION),
]


@pytest.mark.parametrize(
    ("payload", "names", "kind"), [case[1:] for case in BAD], ids=[case[0] for case in BAD]
)
def test_bad_preferences_are_set_aside_and_reported(
    payload: dict[str, Any], names: str, kind: ProblemKind
) -> None:
    storage = MemoryStorage()
    assert save_preferences(storage, payload) is None
    text = storage.items[PREFERENCES_KEY]
    restored = restore_session(storage)
    (problem,) = restored.problems
    assert (problem.key, problem.kind) == (PREFERENCES_KEY, kind)
    assert names in problem.reason
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
