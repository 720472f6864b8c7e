"""The Storage port (game.persistence.storage) over the browser's `window.localStorage`.

A write the browser refuses (quota full, storage disabled by policy or private mode) raises
StorageError, as the port requires; reads that fail return nothing. `open_storage(window)`
falls back to a MemoryStorage when localStorage cannot be used at all (the app then plays on
without remembering).

`migrate_legacy_preferences(storage)`: builds before the session envelope stored the
preferences as the bare object of game.app.preferences_to_data; such a record is wrapped in
the current envelope, so that it is read (not quarantined), and reported as migrated.
"""

from __future__ import annotations

from typing import Any

from game.persistence.readers import NotJsonError, parse_json
from game.persistence.session import PREFERENCES, PREFERENCES_KEY
from game.persistence.storage import MemoryStorage, Storage, StorageError, encode_record


class LocalStorage:
    def __init__(self, local_storage: Any) -> None:
        self._ls = local_storage

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
            raise StorageError(f"localStorage refused {key!r}: {error}") from None

    def remove(self, key: str) -> None:
        try:
            self._ls.removeItem(key)
        except Exception:
            return

    def keys(self) -> list[str]:
        try:
            count = int(self._ls.length)
            return [str(self._ls.key(index)) for index in range(count)]
        except Exception:
            return []


def open_storage(window: Any) -> Storage:
    try:
        local_storage = window.localStorage
        probe = "penta.probe"
        local_storage.setItem(probe, "1")
        local_storage.removeItem(probe)
    except Exception:
        return MemoryStorage()
    return LocalStorage(local_storage)


def migrate_legacy_preferences(storage: Storage) -> bool:
    text = storage.get(PREFERENCES_KEY)
    if text is None:
        return False
    try:
        # Guarded like every stored text: anything may be there (another app on the origin).
        data = parse_json(text, f"the record {PREFERENCES_KEY!r}")
    except NotJsonError:
        return False  # left for restore_session to set aside and report
    if not isinstance(data, dict) or data.get("format") != "penta-preferences":
        return False
    try:
        storage.set(PREFERENCES_KEY, encode_record(PREFERENCES, data))
    except StorageError:
        return False
    return True
