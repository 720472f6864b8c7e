"""Unfinished games kept on the device: a game the player left, to resume later.

    KEPT                          the stored record kind: key "penta.kept"
    load_kept(storage) -> ReadResult[tuple[KeptGame, ...]]      newest first
    add_kept(storage, entry) -> KeptChange      the entry first in the list (refused at the cap)
    remove_kept(storage, game_id) -> KeptChange
    merge_kept(storage, incoming, finished_ids) -> KeptMerge    an import's games kept added

At most MAX_KEPT games are kept. The app does not ask to keep one more (its Leave dialog says
that the game will not be kept, and the player decides); should it happen all the same (another
tab kept one meanwhile), `add_kept` refuses (`done` False) and changes nothing, so that the
caller leaves the game where it is (game.persistence.session.keep_left_game keeps the session
then): a game is never dropped to make room.

Record (format "penta-kept-games", version 2; version 1 kept no guided turn in the turn
records, read as none under way):

    {"format": "penta-kept-games", "version": 2,
     "payload": {"games": [
        {"id": "9f2c4e1a0b3d5c7e",           16 hex digits, distinct
         "last_played": "2026-12-01",        the local date the game was left
         "game": {...a saved game, game.persistence.savefile...},   not over
         "turn": null | {...game.persistence.turn_record...}}]}}

Each game is read as strictly as the session's: a record with one bad entry is set aside
whole (quarantined, reported, offered for export, like every record of game.persistence), so
the app starts anyway.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from operator import attrgetter

from game.errors import SaveFileError
from game.persistence.history import GAME_ID
from game.persistence.migrations import JsonObject, MigrationChain
from game.persistence.readers import (
    check_keys,
    date_from_data,
    good_entries,
    read_list,
    read_object,
)
from game.persistence.savefile import game_to_data, saved_game_from_data
from game.persistence.storage import (
    Decoded,
    ReadResult,
    RecordKind,
    Storage,
    StorageProblem,
    decode_record,
    encode_record,
    read_record,
    write_record,
)
from game.persistence.turn_record import (
    TurnRecord,
    turn_record_from_data,
    turn_record_to_data,
    with_no_guide,
)
from game.play.state import GameState

KEPT_KEY = "penta.kept"
MAX_KEPT = 20
"""The most unfinished games kept: enough for a family's games, few enough for a short list
and a quick start (each is checked when the app opens)."""
ENTRY_KEYS = ("id", "last_played", "game", "turn")


@dataclass(frozen=True)
class KeptGame:
    id: str
    game: GameState
    before_last_turn: GameState | None
    """The state before the last confirmed box (it may still be taken back when resumed)."""
    turn: TurnRecord | None
    """The countdown and the automatic box of the turn the game was left in."""
    last_played: date


def kept_entry_from_data(data: object, path: str) -> KeptGame:
    """One game kept, checked (see kept_from_data).

    Raises:
        SaveFileError: naming the first bad value by its path.
    """
    entry = read_object(data, path)
    check_keys(entry, path, set(ENTRY_KEYS))
    game_id = entry["id"]
    if not isinstance(game_id, str) or GAME_ID.fullmatch(game_id) is None:
        raise SaveFileError(f"{path}.id: 16 hex digits, not {game_id!r:.80}")
    last_played = date_from_data(entry["last_played"], f"{path}.last_played")
    try:
        saved = saved_game_from_data(entry["game"])
    except SaveFileError as error:
        raise type(error)(f"{path}.game: {error}") from None
    if saved.game.is_over:
        raise SaveFileError(f"{path}.game: a finished game belongs to the history")
    turn = entry["turn"]
    record = None if turn is None else turn_record_from_data(turn, f"{path}.turn")
    return KeptGame(game_id, saved.game, saved.before_last_turn, record, last_played)


def _entry_to_data(entry: KeptGame) -> JsonObject:
    return {
        "id": entry.id,
        "last_played": entry.last_played.isoformat(),
        "game": game_to_data(entry.game, entry.before_last_turn),
        "turn": None
        if entry.turn is None or entry.turn == TurnRecord()
        else turn_record_to_data(entry.turn),
    }


def kept_from_data(data: object, path: str, maximum: int | None = MAX_KEPT) -> tuple[KeptGame, ...]:
    """A list of games kept (at most `maximum`, each id once), as stored or exported.

    Raises:
        SaveFileError: naming the first bad value by its path.
    """
    entries = read_list(data, path, maximum=maximum)
    games = tuple(
        kept_entry_from_data(item, f"{path}[{index}]") for index, item in enumerate(entries)
    )
    seen: set[str] = set()
    for index, entry in enumerate(games):
        if entry.id in seen:
            raise SaveFileError(f"{path}[{index}].id: {entry.id!r} is already an earlier game's")
        seen.add(entry.id)
    return games


def kept_to_data(games: tuple[KeptGame, ...]) -> list[JsonObject]:
    return [_entry_to_data(game) for game in games]


def _kept_from_payload(payload: JsonObject) -> tuple[KeptGame, ...]:
    check_keys(payload, "kept", {"games"})
    return kept_from_data(payload["games"], "kept.games")


def _good_kept(payload: JsonObject) -> tuple[tuple[KeptGame, ...], JsonObject]:
    """The games of a list with bad ones that read alone (RecordKind.salvage)."""
    games, data = good_entries(
        payload.get("games"), "kept.games", kept_entry_from_data, attrgetter("id"), maximum=MAX_KEPT
    )
    return games, {"games": data}


def kept_with_no_guide(games: object) -> None:
    """Games kept by a build before the guided turn was kept (version 1 of the record, and
    exports before version 6) get no guide under way. Anything else is left as it is, for the
    reader to refuse."""
    for entry in games if isinstance(games, list) else ():
        if isinstance(entry, dict):
            with_no_guide(entry.get("turn"))


def _add_guide(payload: JsonObject) -> JsonObject:
    kept_with_no_guide(payload.get("games"))
    return payload


KEPT: RecordKind[tuple[KeptGame, ...]] = RecordKind(
    KEPT_KEY,
    MigrationChain("penta-kept-games", current=2, steps={1: _add_guide}),
    _kept_from_payload,
    salvage=_good_kept,
)


def load_kept(storage: Storage) -> ReadResult[tuple[KeptGame, ...]]:
    """The games kept, checked through and through. That takes tens of milliseconds per game
    played far in the browser, so the text last read or written is remembered with its games:
    keeping or removing one reads the list again for nothing."""
    return read_record(storage, KEPT, _decode_kept)


_last_kept: dict[str, Decoded[tuple[KeptGame, ...]]] = {}
"""At most one entry: the text last read or written, with its (immutable) games."""


def _decode_kept(text: str) -> Decoded[tuple[KeptGame, ...]]:
    decoded = _last_kept.get(text)
    if decoded is None:
        decoded = decode_record(KEPT, text)
        _remember(text, decoded.value)
    return decoded


def _remember(text: str, games: tuple[KeptGame, ...]) -> None:
    _last_kept.clear()
    _last_kept[text] = Decoded(games, migrated=False)


@dataclass(frozen=True)
class KeptChange:
    games: tuple[KeptGame, ...]
    """The games kept now, newest first (what could be read, when the record was set aside)."""
    problems: tuple[StorageProblem, ...] = ()
    done: bool = True
    """False: nothing was changed (the list was full, or the device refused to write)."""


def add_kept(storage: Storage, entry: KeptGame) -> KeptChange:
    """`entry` first in the list of kept games (in place of an entry of the same id)."""
    stored = load_kept(storage)
    problems = () if stored.problem is None else (stored.problem,)
    games = tuple(game for game in stored.value or () if game.id != entry.id)
    if len(games) >= MAX_KEPT:
        return KeptChange(games, problems, done=False)
    return _written(storage, (entry, *games), games, problems)


def remove_kept(storage: Storage, game_id: str) -> KeptChange:
    stored = load_kept(storage)
    problems = () if stored.problem is None else (stored.problem,)
    games = stored.value or ()
    if all(game.id != game_id for game in games):
        return KeptChange(games, problems, done=False)
    return _written(storage, tuple(game for game in games if game.id != game_id), games, problems)


def _written(
    storage: Storage,
    new: tuple[KeptGame, ...],
    old: tuple[KeptGame, ...],
    problems: tuple[StorageProblem, ...],
) -> KeptChange:
    payload = {"games": kept_to_data(new)}
    problem = write_record(storage, KEPT, payload)
    if problem is not None:
        return KeptChange(old, (*problems, problem), done=False)
    _remember(encode_record(KEPT, payload), new)
    return KeptChange(new, problems)


@dataclass(frozen=True)
class KeptMerge:
    added: int
    already_known: int
    """Kept here already, or finished since (in the history)."""
    left_out: int
    """Not added: the list was full (no game is dropped to make room)."""
    problems: tuple[StorageProblem, ...] = ()


def merge_kept(
    storage: Storage, incoming: tuple[KeptGame, ...], finished_ids: set[str]
) -> KeptMerge:
    """The games of `incoming` not kept yet nor finished (`finished_ids`: the history's) added,
    as many as there is room for, newest first; the list stays in order of the day last played.
    """
    stored = load_kept(storage)
    problems = () if stored.problem is None else (stored.problem,)
    games = stored.value or ()
    known = finished_ids | {game.id for game in games}
    new = [entry for entry in incoming if entry.id not in known]
    new.sort(key=lambda entry: entry.last_played, reverse=True)
    room = max(0, MAX_KEPT - len(games))
    added, left_out = new[:room], len(new) - min(room, len(new))
    already_known = len(incoming) - len(new)
    if not added:
        return KeptMerge(0, already_known, left_out, problems)
    merged = sorted((*games, *added), key=lambda entry: entry.last_played, reverse=True)
    change = _written(storage, tuple(merged), games, problems)
    if not change.done:
        return KeptMerge(0, already_known, len(new), change.problems)
    return KeptMerge(len(added), already_known, left_out, change.problems)
