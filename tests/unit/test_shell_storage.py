"""shell.storage in CPython: the localStorage adapter over a fake, and the migration of the
preferences that builds before the session envelope stored bare."""

from __future__ import annotations

import json

import pytest

from game.app.preferences import preferences_to_data
from game.app.start import initial_state
from game.persistence.session import restore_session
from game.persistence.storage import MemoryStorage, ProblemKind, StorageError
from shell.storage import LocalStorage, migrate_legacy_preferences, open_storage


class FakeLocalStorage:
    def __init__(self, quota: int = 1000) -> None:
        self.items: dict[str, str] = {}
        self.quota = quota

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> str:
        return list(self.items)[index]

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        if len(value) > self.quota:
            raise RuntimeError("QuotaExceededError")
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


def test_the_adapter_reads_writes_lists_and_turns_quota_errors_into_storage_errors() -> None:
    storage = LocalStorage(FakeLocalStorage(quota=10))
    storage.set("a", "1")
    assert storage.get("a") == "1" and storage.get("b") is None
    assert storage.keys() == ["a"]
    with pytest.raises(StorageError):
        storage.set("a", "x" * 11)
    assert storage.get("a") == "1"
    storage.remove("a")
    assert storage.keys() == []


def test_without_local_storage_the_app_uses_memory() -> None:
    class NoStorage:
        @property
        def localStorage(self) -> object:
            raise RuntimeError("SecurityError")

    assert isinstance(open_storage(NoStorage()), MemoryStorage)


def test_bare_preferences_of_an_older_build_are_migrated_not_quarantined() -> None:
    data = preferences_to_data(initial_state(["he"]))
    storage = MemoryStorage({"penta.preferences": json.dumps(data)})
    assert migrate_legacy_preferences(storage)
    restored = restore_session(storage)
    assert restored.problems == () and restored.preferences == data
    assert not migrate_legacy_preferences(storage)  # already in the envelope
    assert not migrate_legacy_preferences(MemoryStorage({"penta.preferences": "{oops"}))


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
