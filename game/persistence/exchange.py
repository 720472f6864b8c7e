"""Export the history to one JSON document, and import such a document back, merging.

    export_history(records, exported, kept) -> str            the document's text
    read_export(text) -> tuple[GameRecord, ...]               raises ImportRefusedError
    read_export_contents(text) -> ExportContents              the finished games and those kept
    import_history(storage, text, today) -> ImportResult      added, already known, problems
    import_history_in_steps(storage, text, today, games_per_step)   the same, a step at a time

import_history also takes the file of "Export the game in progress" (a session record, see
game.persistence.session): its game is kept, or recorded if it ended, on the day of the import.

Document (format "penta-export", version 7):

    {"format": "penta-export", "version": 7,
     "payload": {"exported": "2026-11-30", "games": [...records, see game.persistence.history],
                 "kept": [...unfinished games kept, entries as game.persistence.kept stores]}}

Version 1 held records of history version 1 (no move logs), version 2 of history version 2
(no daily challenges), version 3 of history version 3 (no corrections in the logs); they are
migrated alike. Versions 1 to 4 had no games kept (an empty list). Version 5 held records of
history version 4 (no time of day), and its games kept had no guided turn in their turn
records (none under way). Version 6 held records of history version 5 (no moves marked advised
in the logs): they read as they are.
The games kept are added as game.persistence.kept.merge_kept does: none twice, none that was
finished since, and never past the list's cap (those left out are counted, none dropped).

An import reads every game it can. Its size is checked before anything is parsed
(MAX_IMPORT_BYTES, so a huge file cannot freeze the page) and its nesting before the parser
sees it (see game.persistence.readers), then the whole document is checked as strictly as the
stored history. A file that is no export, of a newer version, with a bad envelope or date, or
with no game that reads, is refused with an ImportRefusedError whose `kind` says what sort of
problem (for the screen, in the player's language) and whose message names the bad value. A
game that does not read alone (damaged, its id twice, or played after the file was made) is
left out and counted: one damaged game no longer kept a whole backup from being restored. Only
then is the merged history written, in one write: games whose id is already known are
skipped, so importing the same file twice adds nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from enum import StrEnum
from functools import partial
from operator import attrgetter
from typing import NamedTuple, TypeVar

from game.errors import GameError, SaveFileError, UnsupportedVersionError
from game.persistence.history import (
    GameRecord,
    add_challenge_dates,
    add_finished_times,
    add_logs,
    as_it_is,
    load_history,
    record_from_data,
    record_game,
    records_from_data_in_steps,
    records_to_data,
    save_history,
)
from game.persistence.kept import (
    KeptGame,
    kept_entry_from_data,
    kept_from_data,
    kept_to_data,
    kept_with_no_guide,
    merge_kept,
)
from game.persistence.migrations import JsonObject, MigrationChain
from game.persistence.readers import (
    check_keys,
    date_from_data,
    good_entries_in_steps,
    parse_json,
    read_object,
)
from game.persistence.session import SESSION_KEY, SESSION_VERSIONS, read_session_text
from game.persistence.storage import ENVELOPE_KEYS, Storage, StorageProblem
from game.steps import run_through

T = TypeVar("T")


def _add_logs_to_export(payload: JsonObject) -> JsonObject:
    add_logs(payload.get("games"))
    return payload


def _add_challenge_dates_to_export(payload: JsonObject) -> JsonObject:
    add_challenge_dates(payload.get("games"))
    return payload


def _add_kept_to_export(payload: JsonObject) -> JsonObject:
    return {**payload, "kept": []}


def _add_times_and_guides(payload: JsonObject) -> JsonObject:
    add_finished_times(payload.get("games"))
    kept_with_no_guide(payload.get("kept"))
    return payload


EXPORT_VERSIONS = MigrationChain(
    "penta-export",
    current=7,
    steps={
        1: _add_logs_to_export,
        2: _add_challenge_dates_to_export,
        3: as_it_is,
        4: _add_kept_to_export,
        5: _add_times_and_guides,
        6: as_it_is,
    },
)
MAX_IMPORT_BYTES = 16_000_000
"""About 11,000 finished one-player games with their move logs (a record is about 1.4 kB, 1 kB
of it the log), or 4,000 of four players (compact JSON, as exported): more than ten years of a
family's game a day, so that the history the app exports can be imported back (at 3 MB, a walk's
export of 1,100 four-player games was refused on the new device). Measured in the browser: a
valid 2.9 MB file imported in 3.4 s, a refused 6 MB one in 3.3 s (a hostile-data walk); a file
at the limit takes some 20 s, with the notice that it is being read."""


class ImportRefusal(StrEnum):
    TOO_LARGE = "too_large"
    NOT_JSON = "not_json"
    NOT_AN_EXPORT = "not_an_export"
    UNKNOWN_VERSION = "unknown_version"
    INVALID = "invalid"


class ImportRefusedError(GameError):
    """An import refused before anything was written; `kind` classifies, the message names."""

    def __init__(self, kind: ImportRefusal, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def export_history(
    records: tuple[GameRecord, ...], exported: date, kept: tuple[KeptGame, ...] = ()
) -> str:
    """The finished games `records` and the unfinished games `kept`, as one document."""
    payload = {
        "exported": exported.isoformat(),
        "games": records_to_data(records),
        "kept": kept_to_data(kept),
    }
    document = {
        "format": EXPORT_VERSIONS.format,
        "version": EXPORT_VERSIONS.current,
        "payload": payload,
    }
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))


class ExportContents(NamedTuple):
    games: tuple[GameRecord, ...]
    kept: tuple[KeptGame, ...]
    unreadable: int = 0
    """Games of the file, finished or kept, left out: they do not read."""
    misdated: int = 0
    """Games of the file, finished or kept, left out: they read, but were played after the file
    was made, which no device does (told apart: "could not be read" was untrue of them)."""
    repeated: int = 0
    """Games of the file left out as copies of an earlier one in it (the same id): told as
    games already here, not as unreadable (a hostile-data walk's file of copies)."""


def read_export(text: str | bytes) -> tuple[GameRecord, ...]:
    """Every finished game of an export document (see read_export_contents)."""
    return read_export_contents(text).games


def read_export_contents(text: str | bytes, today: date | None = None) -> ExportContents:
    """Every game of an export document, finished or kept, checked as strictly as the stored
    history and the stored games kept; with `today`, also the game of a file of the game in
    progress, and no game dated after it is taken (the file's own date is the file's word).

    >>> read_export_contents('{"format": "penta-game"}')
    Traceback (most recent call last):
    game.persistence.exchange.ImportRefusedError: format: expected 'penta-export', got 'penta-game'
    >>> try:
    ...     read_export_contents("[1, 2")
    ... except ImportRefusedError as error:
    ...     print(error.kind)
    not_json

    Raises:
        ImportRefusedError: the document is refused; its `kind` says why: TOO_LARGE (over
            MAX_IMPORT_BYTES), NOT_JSON, NOT_AN_EXPORT, UNKNOWN_VERSION, or INVALID (a bad
            envelope, date or record).
    """
    return run_through(read_export_contents_in_steps(text, today, games_per_step=None))


def read_export_contents_in_steps(
    text: str | bytes, today: date | None, games_per_step: int | None
) -> Generator[None, None, ExportContents]:
    """read_export_contents, yielding after every `games_per_step` finished games checked (None:
    never): a 10 MB file froze the page for 7 s in one task (a hostile-data walk).

    Raises:
        ImportRefusedError: as read_export_contents.
    """
    _check_size(text)
    try:
        document = parse_json(text, "the file")
    except SaveFileError as error:
        raise ImportRefusedError(ImportRefusal.NOT_JSON, str(error)) from None
    if (
        today is not None
        and isinstance(document, dict)
        and document.get("format") == SESSION_VERSIONS.format
    ):
        return _game_file_contents(text, today)
    if not isinstance(document, dict) or document.get("format") != EXPORT_VERSIONS.format:
        found = document.get("format") if isinstance(document, dict) else document
        raise ImportRefusedError(
            ImportRefusal.NOT_AN_EXPORT,
            f"format: expected {EXPORT_VERSIONS.format!r}, got {found!r:.80}",
        )
    try:
        check_keys(document, "export", set(ENVELOPE_KEYS))
        payload = EXPORT_VERSIONS.upgrade(
            read_object(document["payload"], "payload"), document["version"]
        )
        check_keys(payload, "payload", {"exported", "games", "kept"})
        exported = date_from_data(payload["exported"], "payload.exported")
        games, bad_games, repeated_games = yield from _readable(
            payload["games"],
            "payload.games",
            records_from_data_in_steps,
            record_from_data,
            games_per_step,
        )
        # Any number: those beyond the room on the device are told as not added for want of it
        # (merge_kept), not as unreadable (a hostile-data walk's file of 25).
        kept, bad_kept, repeated_kept = yield from _readable(
            payload["kept"],
            "payload.kept",
            _in_one_step(partial(kept_from_data, maximum=None)),
            kept_entry_from_data,
            None,  # a few games at most
        )
        # Played after the file was made: no device did so (a day's grace for time zones). As
        # differences: the day after 9999-12-31, which an edited file gave, is no date (the
        # import hung on "Reading the file…": a hostile-data walk).
        grace = timedelta(days=1)
        made = exported if today is None else min(exported, today)
        sound = tuple(game for game in games if game.finished - made <= grace)
        sound_kept = tuple(game for game in kept if game.last_played - made <= grace)
        misdated = len(games) - len(sound) + len(kept) - len(sound_kept)
        repeated = repeated_games + repeated_kept
        return ExportContents(sound, sound_kept, bad_games + bad_kept, misdated, repeated)
    except UnsupportedVersionError as error:
        raise ImportRefusedError(ImportRefusal.UNKNOWN_VERSION, str(error)) from None
    except SaveFileError as error:
        raise ImportRefusedError(ImportRefusal.INVALID, str(error)) from None


def _game_file_contents(text: str | bytes, today: date) -> ExportContents:
    """The game of a file of "Export the game in progress" (a session record, offered when the
    device could not save the game): kept, to resume, or recorded if it ended, on `today`. The
    app refused its own file as no export (a hostile-data walk).

    Raises:
        ImportRefusedError: the session does not read.
    """
    try:
        session = read_session_text(text if isinstance(text, str) else text.decode("utf-8"))
    except UnsupportedVersionError as error:
        raise ImportRefusedError(ImportRefusal.UNKNOWN_VERSION, str(error)) from None
    except (SaveFileError, UnicodeDecodeError) as error:
        raise ImportRefusedError(ImportRefusal.INVALID, str(error)) from None
    game = session.saved.game
    if game.is_over:
        return ExportContents((record_game(session.game_id, game, today),), ())
    kept = KeptGame(session.game_id, game, session.saved.before_last_turn, session.turn, today)
    return ExportContents((), (kept,))


def _readable(
    items: object,
    path: str,
    read_all: Callable[[object, str, int | None], Generator[None, None, tuple[T, ...]]],
    read_one: Callable[[object, str], T],
    per_step: int | None,
) -> Generator[None, None, tuple[tuple[T, ...], int, int]]:
    """The entries of the list `items`, all of them (`read_all`) or, where some do not read or
    repeat an earlier one's id, those that read alone (`read_one`), the first of each id; with
    how many were left out as unreadable and as repeated; yielding after every `per_step`
    entries (None: never).

    Raises:
        SaveFileError: `read_all`'s, where `items` is not a list or none of its entries
            reads.
    """
    try:
        return (yield from read_all(items, path, per_step)), 0, 0
    except SaveFileError as refused:
        try:
            entries, _ = yield from good_entries_in_steps(
                items, path, read_one, attrgetter("id"), per_step=per_step
            )
        except SaveFileError:
            raise SaveFileError(str(refused)) from None  # it names the first bad value
        assert isinstance(items, list)  # good_entries refuses anything else
        ids = set(map(attrgetter("id"), entries))
        of_those_ids = sum(
            1 for item in items if isinstance(item, dict) and _id_in(item.get("id"), ids)
        )
        repeated = of_those_ids - len(entries)
        return entries, len(items) - len(entries) - repeated, repeated


def _id_in(value: object, ids: set[str]) -> bool:
    return isinstance(value, str) and value in ids


def _in_one_step(
    read_all: Callable[[object, str], tuple[T, ...]],
) -> Callable[[object, str, int | None], Generator[None, None, tuple[T, ...]]]:
    """`read_all` as a reader in steps that takes one step."""

    def steps(
        items: object, path: str, _per_step: int | None
    ) -> Generator[None, None, tuple[T, ...]]:
        yield from ()
        return read_all(items, path)

    return steps


def _check_size(text: str | bytes) -> None:
    if isinstance(text, bytes):
        size = len(text)
    else:
        # Each character is at least one byte: a longer text is refused without encoding it
        # (which would cost as much memory again).
        too_long = len(text) > MAX_IMPORT_BYTES
        size = len(text) if too_long else len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_IMPORT_BYTES:
        raise ImportRefusedError(
            ImportRefusal.TOO_LARGE,
            f"the file holds {size} bytes or more; at most {MAX_IMPORT_BYTES} are read",
        )


@dataclass(frozen=True)
class ImportResult:
    added: int
    already_known: int
    """Games in the file whose id the history holds already, or an earlier game of the file
    (skipped)."""
    problems: tuple[StorageProblem, ...] = ()
    """The stored history was unreadable (set aside), or the merged history could not be
    written (then nothing was added: `added` is 0)."""
    kept_added: int = 0
    """Unfinished games added to the games kept."""
    kept_already_known: int = 0
    kept_left_out: int = 0
    """Unfinished games not added: the list of games kept was full."""
    unreadable: int = 0
    """Games of the file left out: they do not read (ExportContents.unreadable)."""
    misdated: int = 0
    """Games of the file left out: dated after the file (ExportContents.misdated)."""
    challenges_repeated: int = 0
    """Daily challenges of the file left out: the history holds that day's challenge of that
    ruleset already (each is played once: a walk played it on a new phone, then imported the
    old phone's, and the day counted twice), or the file did earlier."""


def import_history(storage: Storage, text: str | bytes, today: date | None = None) -> ImportResult:
    """Merge the games of an export that read into the stored history, and those kept into
    the games kept; or the game of a file of the game in progress, on `today` (None: such a
    file is refused as no export).

    Raises:
        ImportRefusedError: the document is refused (see read_export); nothing is written.
    """
    return run_through(import_history_in_steps(storage, text, today, games_per_step=None))


def import_history_in_steps(
    storage: Storage, text: str | bytes, today: date | None, games_per_step: int | None
) -> Generator[None, None, ImportResult]:
    """import_history, yielding as read_export_contents_in_steps does.

    Raises:
        ImportRefusedError: as import_history.
    """
    (
        incoming,
        incoming_kept,
        unreadable,
        misdated,
        repeated,
    ) = yield from read_export_contents_in_steps(text, today, games_per_step)
    history = load_history(storage)
    problems = [] if history.problem is None else [history.problem]
    existing = history.value or ()
    known = {record.id for record in existing}
    fresh = [record for record in incoming if record.id not in known]
    new = _first_of_each_challenge(existing, fresh)
    added = len(new)
    if new:
        merged = tuple(sorted((*existing, *new), key=lambda record: record.finished_at))
        problem = save_history(storage, merged)
        if problem is not None:
            added = 0
            problems.append(problem)
    # The game in progress is known too: its own file, imported while it is played on, made
    # it a second game to resume.
    finished = known | {record.id for record in incoming} | _playing(storage)
    kept = merge_kept(storage, incoming_kept, finished)
    return ImportResult(
        added,
        len(incoming) - len(fresh) + repeated,
        (*problems, *kept.problems),
        kept.added,
        kept.already_known,
        kept.left_out,
        unreadable,
        misdated,
        len(fresh) - len(new),
    )


def _first_of_each_challenge(
    existing: Sequence[GameRecord], incoming: Sequence[GameRecord]
) -> tuple[GameRecord, ...]:
    """`incoming` without the daily challenges of a day and ruleset that `existing`, or an
    earlier game of `incoming`, holds."""
    played = {record.challenge_key for record in existing} - {None}
    kept = []
    for record in incoming:
        key = record.challenge_key
        if key is not None:
            if key in played:
                continue
            played.add(key)
        kept.append(record)
    return tuple(kept)


def _playing(storage: Storage) -> set[str]:
    """The id of the game in progress on the device, if its session reads."""
    text = storage.get(SESSION_KEY)
    try:
        return set() if text is None else {read_session_text(text).game_id}
    except SaveFileError:
        return set()  # the start that restores it tells the problem
