"""shell.storage in CPython: the localStorage adapter over a fake."""

from __future__ import annotations

import pytest

from game.persistence.storage import MemoryStorage, StorageError
from shell.storage import LocalStorage, open_storage


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
