"""The Storage port (game.persistence.storage) over the browser's `window.localStorage`.

A write the browser refuses (quota full, storage disabled by policy or private mode) raises
StorageError, as the port requires; reads that fail return nothing. `open_storage(window,
listener)` falls back to a MemoryStorage when localStorage cannot be used at all (the app then
plays on without remembering). The same adapter serves `window.sessionStorage`.

`WriteListener(key, text, error)` is told the outcome of every write and removal (text None)
that an adapter makes: error None once it is stored, else what went wrong. The session's
writes decide what the next start says about a game that could not be saved
(game.persistence.unsaved).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.persistence.storage import MemoryStorage, Storage, StorageError

WriteListener = Callable[[str, str | None, str | None], None]


def _ignore(_key: str, _text: str | None, _error: str | None) -> None:
    return None


class LocalStorage:
    def __init__(self, local_storage: Any, listener: WriteListener = _ignore) -> None:
        self._ls = local_storage
        self._listener = listener

    def get(self, key: str) -> str | None:
        try:
            value = self._ls.getItem(key)
        except Exception:
            return None
        if value is None or type(value).__name__ in ("JsNull", "JsUndefined"):
            return None
        return str(value)

    def set(self, key: str, value: str) -> None:
        try:
            self._ls.setItem(key, value)
        except Exception as error:  # QuotaExceededError, SecurityError
            reason = f"localStorage refused {key!r}: {error}"
            self._listener(key, value, reason)
            raise StorageError(reason) from None
        self._listener(key, value, None)

    def remove(self, key: str) -> None:
        try:
            self._ls.removeItem(key)
        except Exception:
            return
        self._listener(key, None, None)

    def keys(self) -> list[str]:
        try:
            count = int(self._ls.length)
            return [str(self._ls.key(index)) for index in range(count)]
        except Exception:
            return []


def open_storage(
    window: Any, listener: WriteListener = _ignore, area: str = "localStorage"
) -> Storage:
    """The adapter over `window[area]` ("localStorage" or "sessionStorage")."""
    try:
        web_storage = getattr(window, area)
        probe = "penta.probe"
        web_storage.setItem(probe, "1")
        web_storage.removeItem(probe)
    except Exception:
        return MemoryStorage()
    return LocalStorage(web_storage, listener)
