"""Two copies of one record that differ: the device's store (IndexedDB) holds one, and
localStorage another, written while the store could not be used (shell.durable moves it over at
the next start). The history keeps the games of both (a game is never hidden because it was
played on the other copy); any other record takes the later copy, localStorage's, unless only
the store's can be read; the copy not taken is set aside and told of, as an unreadable record
is.

    reconciled(key, stored, later) -> Reconciled   the text to keep, and the one to set aside
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.errors import SaveFileError
from game.persistence.history import HISTORY, load_history, save_history
from game.persistence.kept import KEPT
from game.persistence.session import PREFERENCES, SESSION_KEY, read_session_text
from game.persistence.storage import MemoryStorage, ProblemKind, StorageProblem, decode_record

READERS: dict[str, Callable[[str], object]] = {
    HISTORY.key: lambda text: decode_record(HISTORY, text),
    KEPT.key: lambda text: decode_record(KEPT, text),
    PREFERENCES.key: lambda text: decode_record(PREFERENCES, text),
    SESSION_KEY: read_session_text,
}
"""How each record is read: each raises SaveFileError for a text it cannot read."""


@dataclass(frozen=True)
class Reconciled:
    text: str
    set_aside: str | None
    """The copy whose contents are not all in `text`, to be set aside (None: nothing is)."""


def reconciled(key: str, stored: str, later: str) -> Reconciled:
    if key == HISTORY.key:
        merged = _merged_history(stored, later)
        if merged is not None:
            return Reconciled(merged, None)
    if _readable(key, stored) and not _readable(key, later):
        return Reconciled(stored, later)
    return Reconciled(later, stored)


def conflict(key: str, moved_to: str) -> StorageProblem:
    """The problem that tells of a copy of `key` set aside under `moved_to`."""
    return StorageProblem(key, ProblemKind.CONFLICT, "two copies differed", moved_to)


def _readable(key: str, text: str) -> bool:
    """False only for a text that the reader of `key`'s record refuses."""
    read = READERS.get(key)
    if read is None:
        return True
    try:
        read(text)
    except SaveFileError:
        return False
    return True


def _merged_history(stored: str, later: str) -> str | None:
    """Both histories' games, one record an id (the later copy's), in the order they finished;
    None when either copy cannot be read."""
    copies = [load_history(MemoryStorage({HISTORY.key: text})) for text in (stored, later)]
    if any(copy.value is None or copy.problem is not None for copy in copies):
        return None
    by_id = {record.id: record for copy in copies for record in copy.value or ()}
    merged = MemoryStorage()
    records = tuple(sorted(by_id.values(), key=lambda record: record.finished_at))
    if save_history(merged, records) is not None:
        return None
    return merged.get(HISTORY.key)
