"""The migration of the preferences that builds before the session envelope stored bare
(game.persistence.session.migrate_legacy_preferences), and what it leaves to restore_session."""

from __future__ import annotations

import json

import pytest

from game.app.intents import SessionRead
from game.app.preferences import preferences_to_data
from game.app.start import Boot, initial_state, start
from game.persistence.session import migrate_legacy_preferences, restore_session
from game.persistence.storage import MemoryStorage, ProblemKind


def test_bare_preferences_of_an_older_build_are_migrated_not_quarantined() -> None:
    data = preferences_to_data(initial_state(["he"]))
    storage = MemoryStorage({"penta.preferences": json.dumps(data)})
    assert migrate_legacy_preferences(storage)
    restored = restore_session(storage)
    assert restored.problems == () and restored.preferences == data
    assert not migrate_legacy_preferences(storage)  # already in the envelope
    assert not migrate_legacy_preferences(MemoryStorage({"penta.preferences": "{oops"}))
    # Restoring migrates them itself, and says so.
    storage = MemoryStorage({"penta.preferences": json.dumps(data)})
    restored = restore_session(storage)
    assert restored.migrated and restored.preferences == data and restored.problems == ()


def test_bare_preferences_set_aside_are_told_once_not_as_migrated_too() -> None:
    data = preferences_to_data(initial_state(["he"])) | {"language": "xx"}
    storage = MemoryStorage({"penta.preferences": json.dumps(data)})
    restored = restore_session(storage)
    (problem,) = restored.problems
    assert problem.kind is ProblemKind.SET_ASIDE_IN_PART and "'xx'" in problem.reason
    assert not restored.migrated
    assert restored.preferences == {key: data[key] for key in data if key != "language"}
    session = SessionRead(problems=restored.problems, migrated=restored.migrated)
    state, _ = start(Boot(["en"], None, True, session), 0.0)
    assert [notice.key for notice in state.ui.notices] == ["storage.preferences_in_part"]


@pytest.mark.parametrize(
    "hostile",
    [
        "[" * 20_000,
        "[" * 20_000 + "]" * 20_000,
        '{"a": "' + "]" * 5000 + '", "b": ' + "[" * 5000 + "]" * 5000 + "}",
    ],
    ids=["unclosed", "closed", "closers in a string first"],
)
def test_deeply_nested_preferences_are_set_aside_and_reported(hostile: str) -> None:
    # Another app on the same origin can write anything under our keys.
    storage = MemoryStorage({"penta.preferences": hostile})
    assert not migrate_legacy_preferences(storage)
    restored = restore_session(storage)
    (problem,) = restored.problems
    assert problem.key == "penta.preferences" and problem.kind is ProblemKind.NOT_JSON
    assert "nested more than" in problem.reason
    assert restored.preferences is None
    assert problem.moved_to is not None and storage.items == {problem.moved_to: hostile}
