"""Records in a key-value store of strings, in versioned envelopes, with bad data set aside.

The store is a port: the browser shell implements `Storage` over `window.localStorage`, tests
(and a browser that refuses storage) use `MemoryStorage`. Nothing here touches the browser.

Every record is one JSON envelope under one key:

    {"format": "penta-session", "version": 1, "payload": {...}}

    write_record(storage, kind, payload) -> StorageProblem | None
    read_record(storage, kind) -> ReadResult      the payload read by `kind.read`, or a problem,
                                                  and whether it was migrated from an older version

A `RecordKind` names the key, the format, the versions it reads (a MigrationChain: older
payloads are upgraded step by step) and the strict reader of the current version; a record
that is a list of entries (the history's games, the unfinished games) may name its `salvage`.

Reading never raises for bad data. A record that is not JSON, not an envelope of its kind, of a
version this build cannot read, or whose payload fails validation is *quarantined*: its text is
moved, byte for byte, to `penta.quarantine.<n>:<original key>` (nothing is deleted), and the
result names the key, what was wrong, and where the text went, so the app starts anyway, says
plainly what happened, and can offer the text for export. Where only some entries of a list
are bad, the whole text is set aside as well, and the entries that are good are read and written
back in its place (a problem of kind SET_ASIDE_IN_PART): one damaged game hid a whole history
(a walk through hostile data).

    quarantined(storage) -> tuple[Quarantined, ...]     everything set aside, oldest first
    quarantined_export(storage) -> str                   all of it in one file, to keep a copy
    discard_quarantined(storage, key)                    only when the player asks for it

Writing raises nothing either: a store that is full (the adapter raises StorageError) gives a
problem of kind WRITE_FAILED and leaves the previous record in place.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from itertools import count
from typing import Generic, Protocol, TypeVar

from game.errors import SaveFileError, UnsupportedVersionError
from game.persistence.migrations import JsonObject, MigrationChain
from game.persistence.readers import NotJsonError, parse_json

QUARANTINE_PREFIX = "penta.quarantine."
# At most 9 digits: no device sets a billion texts aside, and a longer number is no key of the
# app's (one of 5,000 digits, past what int() reads, stopped the app at every start).
_QUARANTINE_KEY = re.compile(re.escape(QUARANTINE_PREFIX) + r"([1-9][0-9]{0,8}):(.+)", re.DOTALL)
LARGEST_QUARANTINE_NUMBER = 999_999_999  # nine digits, as the keys read
ENVELOPE_KEYS = ("format", "version", "payload")

T = TypeVar("T")


class StorageError(Exception):
    """Raised by a Storage adapter that cannot write (the browser's quota is full, or storage
    is disabled); the value under the key is then unchanged."""


class Storage(Protocol):
    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None:
        """Store `value` under `key`, or raise StorageError leaving the old value in place.

        Raises:
            StorageError: the store cannot take the value (full, or disabled).
        """

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


class MemoryStorage:
    """A Storage in a dict. `quota` (characters of keys and values, as browsers count) makes
    writes beyond it fail like a full localStorage.

    >>> storage = MemoryStorage(quota=20)
    >>> storage.set("penta.x", "short")
    >>> storage.set("penta.x", "a text too long to fit")
    Traceback (most recent call last):
    game.persistence.storage.StorageError: storage quota of 20 characters exceeded by 'penta.x'
    >>> storage.get("penta.x")
    'short'
    """

    def __init__(self, items: dict[str, str] | None = None, quota: int | None = None) -> None:
        self.items: dict[str, str] = dict(items or {})
        self.quota = quota

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        """Store `value` under `key`.

        Raises:
            StorageError: the keys and values would exceed `quota` (the old value stays).
        """
        if self.quota is not None:
            others = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
            if others + len(key) + len(value) > self.quota:
                raise StorageError(f"storage quota of {self.quota} characters exceeded by {key!r}")
        self.items[key] = value

    def remove(self, key: str) -> None:
        self.items.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.items)


class ProblemKind(StrEnum):
    """What went wrong, for the screen to say in the player's language."""

    NOT_JSON = "not_json"
    """The text is not JSON at all (cut short, overwritten by something else)."""
    UNKNOWN_VERSION = "unknown_version"
    """A version this build cannot read (usually saved by a newer build)."""
    INVALID = "invalid"
    """JSON of the wrong shape, or values that cannot be true (tampered or damaged)."""
    WRITE_FAILED = "write_failed"
    """The store refused to write (full or disabled)."""
    CONFLICT = "conflict"
    """Two copies differed (game.persistence.reconcile): the later is used, the other set
    aside."""
    SET_ASIDE_IN_PART = "set_aside_in_part"
    """Some entries of a list were bad: the whole text is set aside, the good entries kept."""
    NOT_KEPT = "not_kept"
    """The device keeps nothing at all (the browser blocks the site's data): the app plays on
    in memory, and what is played is gone once the page closes."""


@dataclass(frozen=True)
class StorageProblem:
    key: str
    """The key whose record could not be read or written."""
    kind: ProblemKind
    reason: str
    """What was wrong, naming the bad value (English, for details and bug reports)."""
    moved_to: str | None = None
    """The quarantine key now holding the unreadable text; None if nothing was moved (a write
    failed, or the store was too full to move it: then it is still under `key`)."""


@dataclass(frozen=True)
class RecordKind(Generic[T]):
    key: str
    versions: MigrationChain
    """Its format name, current version and the migrations from older versions."""
    read: Callable[[JsonObject], T]
    """Builds the value from a current-version payload; raises SaveFileError on bad data."""
    salvage: Callable[[JsonObject], tuple[T, JsonObject]] | None = None
    """From a current-version payload that `read` refused: the value of the entries it takes
    one by one, and the payload of those alone (None: the record is read whole or not at all).
    Raises SaveFileError where nothing can be taken."""

    @property
    def format(self) -> str:
        return self.versions.format


@dataclass(frozen=True)
class ReadResult(Generic[T]):
    value: T | None
    """None when the key is empty or its record was unreadable."""
    problem: StorageProblem | None = None
    migrated: bool = False
    """The record was of an older version and was upgraded (it is written back in the current
    version on its next save)."""


def encode_record(kind: RecordKind[T], payload: JsonObject) -> str:
    envelope = {"format": kind.format, "version": kind.versions.current, "payload": payload}
    return json.dumps(envelope, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class Decoded(Generic[T]):
    value: T
    migrated: bool
    """The envelope was of an older version, upgraded on reading."""


def decode_record(kind: RecordKind[T], text: str) -> Decoded[T]:
    """The value in an envelope's text, its payload migrated and read by `kind.read`.

    Raises:
        NotJsonError: `text` is not JSON (a SaveFileError).
        UnsupportedVersionError: a version this build cannot read (a SaveFileError).
        SaveFileError: not an envelope of `kind`, or a payload `kind.read` refuses.
    """
    envelope = parse_json(text, f"the record {kind.key!r}")
    value = _from_envelope(kind, envelope)
    assert isinstance(envelope, dict)  # _from_envelope refuses anything else
    return Decoded(value, migrated=envelope["version"] != kind.versions.current)


def upgraded_payload(kind: RecordKind[T], text: str) -> tuple[JsonObject, bool] | None:
    """The payload of `text`, an envelope of `kind`, upgraded to the current version, and
    whether it was of an older one; None for text that decode_record refuses (and reports)."""
    try:
        envelope = parse_json(text, f"the record {kind.key!r}")
        payload = _payload(kind, envelope)
    except SaveFileError:
        return None
    assert isinstance(envelope, dict)  # _payload refuses anything else
    return payload, envelope["version"] != kind.versions.current


def _from_envelope(kind: RecordKind[T], envelope: object) -> T:
    return kind.read(_payload(kind, envelope))


def _payload(kind: RecordKind[T], envelope: object) -> JsonObject:
    """The envelope's payload, checked and upgraded to the current version."""
    if not isinstance(envelope, dict):
        raise SaveFileError(f"{kind.key}: expected an envelope object, got {envelope!r:.80}")
    if envelope.get("format") != kind.format:
        raise SaveFileError(
            f"{kind.key}: format: expected {kind.format!r}, got {envelope.get('format')!r:.80}"
        )
    unknown = sorted(envelope.keys() - set(ENVELOPE_KEYS))
    missing = sorted(set(ENVELOPE_KEYS) - envelope.keys())
    if unknown or missing:
        raise SaveFileError(f"{kind.key}: envelope keys missing {missing}, unknown {unknown[:5]}")
    payload = envelope["payload"]
    if not isinstance(payload, dict):
        raise SaveFileError(f"{kind.key}: payload: expected an object, got {payload!r:.80}")
    return kind.versions.upgrade(payload, envelope["version"])


def write_record(
    storage: Storage, kind: RecordKind[T], payload: JsonObject
) -> StorageProblem | None:
    try:
        storage.set(kind.key, encode_record(kind, payload))
    except StorageError as error:
        return StorageProblem(kind.key, ProblemKind.WRITE_FAILED, str(error))
    return None


def read_record(
    storage: Storage, kind: RecordKind[T], decode: Callable[[str], Decoded[T]] | None = None
) -> ReadResult[T]:
    """`decode` replaces decode_record(kind, text), e.g. by a cached version of it.

    Never raises for what is stored: an unreadable record is quarantined and reported.

    >>> storage = MemoryStorage({"penta.history": "{not json"})
    >>> from game.persistence.history import HISTORY
    >>> result = read_record(storage, HISTORY)
    >>> result.value, result.problem.kind, result.problem.moved_to
    (None, <ProblemKind.NOT_JSON: 'not_json'>, 'penta.quarantine.1:penta.history')
    >>> storage.get("penta.quarantine.1:penta.history")
    '{not json'
    """
    text = storage.get(kind.key)
    if text is None:
        return ReadResult(None)
    try:
        decoded = decode(text) if decode is not None else decode_record(kind, text)
        return ReadResult(decoded.value, migrated=decoded.migrated)
    except NotJsonError as error:
        problem_kind, reason = ProblemKind.NOT_JSON, str(error)
    except SaveFileError as error:
        newer = isinstance(error, UnsupportedVersionError)
        problem_kind, reason = (
            ProblemKind.UNKNOWN_VERSION if newer else ProblemKind.INVALID,
            str(error),
        )
        # Also past one entry of a version this build does not read (one unfinished game
        # saved by a newer build hid the others: a hostile-data walk).
        salvaged = _salvaged(kind, text)
        if salvaged is not None:
            return set_aside_in_part(storage, kind, text, reason, *salvaged)
    except Exception as error:
        # The readers turn every flaw they know of into SaveFileError; anything else is a flaw
        # they missed, and stored data must still never stop the app from starting.
        problem_kind, reason = ProblemKind.INVALID, f"unexpected {type(error).__name__}: {error}"
    return ReadResult(None, quarantine(storage, kind.key, text, problem_kind, reason))


def _salvaged(kind: RecordKind[T], text: str) -> tuple[T, JsonObject] | None:
    if kind.salvage is None:
        return None
    try:
        return kind.salvage(_payload(kind, parse_json(text, f"the record {kind.key!r}")))
    except Exception:  # nothing to take: the record is set aside whole
        return None


def set_aside_in_part(
    storage: Storage, kind: RecordKind[T], text: str, reason: str, value: T, payload: JsonObject
) -> ReadResult[T]:
    """The good entries in use, the whole text set aside; written back in its place only once
    it is set aside (else the bad entries would be lost)."""
    problem = quarantine(storage, kind.key, text, ProblemKind.SET_ASIDE_IN_PART, reason)
    if problem.moved_to is not None:
        write_record(storage, kind, payload)  # if refused, the next start salvages again
    return ReadResult(value, problem)


def quarantine(
    storage: Storage, key: str, text: str, kind: ProblemKind, reason: str
) -> StorageProblem:
    """Move `text` from `key` to a new quarantine key; if the store cannot take the copy, the
    text stays where it was (the problem then says moved_to=None)."""
    target = free_quarantine_key(storage, key)
    try:
        storage.set(target, text)
    except StorageError:
        return StorageProblem(key, kind, reason, moved_to=None)
    storage.remove(key)
    return StorageProblem(key, kind, reason, moved_to=target)


def free_quarantine_key(storage: Storage, key: str) -> str:
    """The key under which a text found at `key` is set aside: numbered after the last set
    aside; where that number would not fit a quarantine key's nine digits (a hostile key took
    the last: the text set aside went unlisted, then was overwritten), the lowest one free."""
    taken = {item.number for item in _quarantine_keys(storage)}
    number = max(taken, default=0) + 1
    if number > LARGEST_QUARANTINE_NUMBER:
        number = next(free for free in count(1) if free not in taken)
    return f"{QUARANTINE_PREFIX}{number}:{key}"


@dataclass(frozen=True)
class Quarantined:
    key: str
    """Where the text is now."""
    original_key: str
    """Where it was found."""
    number: int
    """Quarantine keys are numbered in the order the texts were set aside."""


def quarantined(storage: Storage) -> tuple[Quarantined, ...]:
    """Every text set aside, oldest first; read each with storage.get(item.key) to export it."""
    return tuple(sorted(_quarantine_keys(storage), key=lambda item: item.number))


UNREADABLE_EXPORT_FORMAT = "penta-unreadable"


def quarantined_export(storage: Storage) -> str:
    """Every text set aside, in one file: where it was found and the text, byte for byte.

    One file for all: a browser lets a page start one download unasked, and of one file per
    text only the first came (a walk through hostile data: the game in progress, set aside
    second, could not be exported, and the deletion took it with the rest).
    """
    records = []
    for item in quarantined(storage):
        text = storage.get(item.key)
        if text is not None:
            records.append({"found_under": item.original_key, "text": text})
    exported = {"format": UNREADABLE_EXPORT_FORMAT, "version": 1, "records": records}
    return json.dumps(exported, ensure_ascii=False, indent=1)


def discard_quarantined(storage: Storage, key: str) -> None:
    """Delete a quarantined text, which the player chose to do; refuses any other key.

    Raises:
        ValueError: `key` is not a quarantine key.
    """
    if _QUARANTINE_KEY.fullmatch(key) is None:
        raise ValueError(f"not a quarantine key: {key!r}")
    storage.remove(key)


def quarantine_number(key: str) -> int | None:
    """The number of the quarantine key `key`, or None where it is none."""
    match = _QUARANTINE_KEY.fullmatch(key)
    return None if match is None else int(match.group(1))


def _quarantine_keys(storage: Storage) -> list[Quarantined]:
    found = []
    stored_keys = storage.keys()  # a Storage, not a dict: keys() is the port's only listing
    for key in stored_keys:
        match = _QUARANTINE_KEY.fullmatch(key)
        if match is not None:
            found.append(Quarantined(key, match.group(2), int(match.group(1))))
    return found
