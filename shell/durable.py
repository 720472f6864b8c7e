"""The Storage port over the durable store of assets/store.js (IndexedDB), kept in memory.

The port is synchronous and IndexedDB is not: the records are read once, before the app starts
(`open_durable_storage`), into a dict that the app reads and changes at once; every change is
also written through to IndexedDB, each in a transaction of strict durability, in the order the
app made them. The outcome of each write comes later, to `listener(key, text, error)` (see
shell.storage.WriteListener): a write the browser refused (its storage is full) is reported
there, since `set` cannot raise for it.

When IndexedDB cannot be used, the localStorage adapter of shell.storage is returned instead;
when neither can (the browser blocks the site's data), one in memory, with a problem of kind
NOT_KEPT, so that the player is told that nothing outlives the page.

Records that builds before this one kept in localStorage are moved into IndexedDB at start
(each removed from localStorage once IndexedDB has committed it), so that no stored game is
left behind. A record in both with two texts is reconciled (game.persistence.reconcile: a
history keeps both copies' games; any other record takes localStorage's, the later copy, as the
app writes there only while IndexedDB cannot be used, unless only IndexedDB's can be read; the
copy not taken is set aside first and told of, as an unreadable record would be).

`reload()` reads IndexedDB again: a tab taking the game over from another one that played on.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from game.persistence.reconcile import conflict, reconciled
from game.persistence.storage import (
    QUARANTINE_PREFIX,
    MemoryStorage,
    ProblemKind,
    Storage,
    StorageProblem,
    free_quarantine_key,
    quarantine_number,
    quarantined,
)
from shell.storage import WriteListener, open_storage

OWN_KEYS = "penta."
"""Every record of the app has a key starting so (a page of the same origin may have others)."""
EVERY_RECORD = OWN_KEYS + "*"
"""The key a problem of the whole store is told under (the console said "Storage: penta.:")."""
NEWER_DATABASE = "NewerDatabase"
"""The name of assets/store.js's error for a database a newer build made without this build's
store of records."""


class DurableStorage:
    def __init__(self, store: Any, items: dict[str, str], listener: WriteListener) -> None:
        self._store = store
        self.items = items
        self._listener = listener
        self._writes: set[asyncio.Future[None]] = set()
        """Writes under way (asyncio keeps only weak references to tasks)."""

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        self.items[key] = value
        self._write(key, value)

    def remove(self, key: str) -> None:
        if self.items.pop(key, None) is not None:
            self._write(key, None)

    def keys(self) -> list[str]:
        return list(self.items)

    async def reload(self) -> None:
        self.items = _records(await self._store.load())

    async def adopt(self, key: str, text: str) -> str:
        """Stores a record from elsewhere, once committed, and returns its key (a record set
        aside may get another number); raises what IndexedDB raised."""
        target = _free_key(self, key, text)
        await self._store.write(target, text)
        self.items[target] = text
        return target

    def _write(self, key: str, text: str | None) -> None:
        # Started now, in the app's order: IndexedDB runs transactions on the same records in
        # the order they were created.
        task = asyncio.ensure_future(self._commit(self._store.write(key, text), key, text))
        self._writes.add(task)
        task.add_done_callback(self._writes.discard)

    async def _commit(self, written: Any, key: str, text: str | None) -> None:
        try:
            await written
        except Exception as error:  # QuotaExceededError, or the database was closed
            self._listener(key, text, f"IndexedDB refused {key!r}: {error}")
        else:
            self._listener(key, text, None)


async def open_durable_storage(
    window: Any, listener: WriteListener, move_old_records: bool = True
) -> tuple[Storage, tuple[StorageProblem, ...]]:
    """The storage, and what moving localStorage's records over set aside (to be told).
    `move_old_records`: false in a tab that does not have the game (it writes nothing)."""
    try:
        records = _records(await window.pentaStore.loaded)
    except Exception as error:
        fallback = open_storage(window, listener)
        if isinstance(fallback, MemoryStorage):
            reason = f"neither IndexedDB ({error}) nor localStorage can be used"
            return fallback, (StorageProblem(EVERY_RECORD, ProblemKind.NOT_KEPT, reason),)
        window.console.warn(f"IndexedDB cannot be used, localStorage keeps the game: {error}")
        if getattr(error, "name", None) == NEWER_DATABASE:
            # The records are there, out of this build's reach: the app must not look empty
            # unsaid.
            return fallback, (
                StorageProblem(EVERY_RECORD, ProblemKind.UNKNOWN_VERSION, str(error)),
            )
        return fallback, ()
    storage = DurableStorage(window.pentaStore, records, listener)
    if not move_old_records:
        return storage, ()
    return storage, await _move_from_local_storage(window, storage)


async def _move_from_local_storage(
    window: Any, storage: DurableStorage
) -> tuple[StorageProblem, ...]:
    legacy = open_storage(window)
    stored_keys = legacy.keys()  # a Storage, not a dict: keys() is the port's only listing
    problems = []
    for key in stored_keys:
        text = legacy.get(key)
        if not key.startswith(OWN_KEYS) or text is None:
            continue
        stored = storage.get(key)
        try:
            if stored is not None and stored != text and not key.startswith(QUARANTINE_PREFIX):
                kept = reconciled(key, stored, text)
                if kept.set_aside is not None:
                    moved_to = await storage.adopt(f"{QUARANTINE_PREFIX}1:{key}", kept.set_aside)
                    problems.append(conflict(key, moved_to))
                text = kept.text
            await storage.adopt(key, text)
        except Exception as error:
            window.console.warn(f"{key} stays in localStorage: {error}")
            continue
        legacy.remove(key)
    return tuple(problems)


def _free_key(storage: DurableStorage, key: str, text: str) -> str:
    """Where a record from localStorage goes: its own key, but a text set aside under a number
    that IndexedDB already uses for another text gets the next free number."""
    if not key.startswith(QUARANTINE_PREFIX) or storage.get(key) == text:
        return key
    original = key[len(QUARANTINE_PREFIX) :].partition(":")[2]
    number = quarantine_number(key)
    if number is not None and number not in {item.number for item in quarantined(storage)}:
        return key
    return free_quarantine_key(storage, original)


def _records(entries: Any) -> dict[str, str]:
    """The [key, text] pairs read from IndexedDB. A record under the app's keys that is not text
    (only other code of this origin writes one) is read as its JSON, or its printed form: its
    reader then takes it, or sets it aside and says so, as for any damaged record, rather than
    it vanishing unsaid. Anything else there is not the app's, and is never converted: the whole
    list converted at once failed on one value nested 3,000 deep under another app's key, and
    the app started as if it had no records at all (a hostile-data walk)."""
    records = {}
    for pair in entries:
        if len(pair) != 2 or not isinstance(pair[0], str):
            continue
        key, value = pair[0], pair[1]
        if isinstance(value, str):
            records[key] = value
        elif key.startswith(OWN_KEYS):
            records[key] = _as_text(value)
    return records


def _as_text(value: object) -> str:
    """A value that is not text, as text: its JSON, else its printed form, else a placeholder
    that no reader takes (the record is then set aside and told)."""
    try:
        to_py = getattr(value, "to_py", None)  # a JavaScript object, as Pyodide hands it over
        return json.dumps(value if to_py is None else to_py())
    except Exception:  # too deep, cyclic, or not data: printed instead
        pass
    try:
        return repr(value)
    except Exception:  # printing it fails as deep as converting it
        return "<a value that is not text>"
