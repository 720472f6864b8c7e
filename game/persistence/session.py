"""The session: the game in progress, saved after every action and restored at start.

The shell calls, with its Storage (see game.persistence.storage):

    restore_session(storage, entropy=None) -> Restored          once, at start, before saving
        the game (or None), the state before its last confirmed box (for undo), the stored
        preferences data, every problem met (unreadable records are quarantined), and whether
        anything stored by an older version was migrated. Builds before the session envelope
        stored the preferences as the bare object of preferences_to_data: such a record is
        first wrapped in the current envelope (migrate_legacy_preferences), so that it is read
        (not quarantined), and counts as migrated once read (set aside, it was not: one
        notice, not "updated" and "unreadable" both)
    load_history(storage) (game.persistence.history)            once the first screen shows:
        reports a damaged history, and has it checked before a game ends
    save_session(storage, game, today=..., before_last_turn=None, turn=None, ids=None,
                 time_of_day=None) -> SaveReport      after every dispatch; game None (the
        player left the game) removes the session; `turn` (game.persistence.turn_record)
        keeps the turn beyond the game; a game that ends is recorded with the day and time
    save_preferences(storage, data) -> StorageProblem | None    the app's preferences data
    session_text(storage, game, before_last_turn=None) -> str   the record `game` is saved as,
        for an export of the game in memory when it cannot be saved
    read_session_text(text) -> StoredSession                    such a record read back
    keep_left_game(storage, game, today=..., ...) -> KeptChange  the player left the game: it
        joins the unfinished games kept (game.persistence.kept), with the session's id, and
        only then is the session removed (if it cannot be kept, the session stays)


The game is stored exactly (game.savefile, schema 3): dice, kept dice, rolls left, selected box,
the seeded dice's position, the turn just confirmed and the move log. A reload therefore shows
the same dice with the same rolls left: it never grants a roll or fresh dice.

Each game gets a stable id (64 random bits from `ids`, default the system's randomness) the
first time it is saved; later saves keep it while the game continues the stored one (same
ruleset and players, no filled box changed, seeded dice not rewound) or is the stored game's
state before its last box (an undo). When a game is over, its record (with `today`, the local
date, and that id) is added to the history, on the save where it ends; saving it again changes
nothing. If its last box is taken back, the record is withdrawn until the game ends again.

Stored record (key "penta.session", format "penta-session", version 5):

    {"format": "penta-session", "version": 5,
     "payload": {"game_id": "9f2c4e1a0b3d5c7e", "game": {...a saved game, game.savefile...},
                 "turn": null | {...game.persistence.turn_record...}}}

Version 1 had no "turn" (a reload started the countdown again in full, naming no box); version
2's turn had no "coach" (the coach while playing came later: every coach off); version 3's had
no "entry" (a partly entered roll of real dice was lost on a reload: an empty pad); version 4's
had no "guide" (a reload ended the guided first turn).

Preferences (key "penta.preferences", format "penta-preferences-record", version 1): the
payload is the object from game.app.preferences_to_data, read as strictly as the game: a record
that game.app.preferences_from_data refuses is set aside and reported, its readable settings kept.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, time

from game.app.model import AppState
from game.app.preferences import preferences_from_data, readable_preferences
from game.errors import SaveFileError
from game.persistence.continuity import recorded_as, same_game
from game.persistence.history import (
    GameRecord,
    load_history,
    new_game_id,
    record_game,
    save_history,
)
from game.persistence.kept import KeptChange, KeptGame, add_kept, load_kept
from game.persistence.migrations import JsonObject, MigrationChain
from game.persistence.readers import NotJsonError, check_keys, parse_json
from game.persistence.savefile import SCHEMA_VERSION, SavedGame, game_to_data, saved_game_from_data
from game.persistence.storage import (
    ReadResult,
    RecordKind,
    Storage,
    StorageError,
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
from game.play.undo import confirmed_box
from game.rules.dice import RandomSource

SESSION_KEY = "penta.session"


def _add_turn(payload: JsonObject) -> JsonObject:
    """Version 1 to 2: nothing was kept of the turn beyond the game."""
    payload["turn"] = None
    return payload


def _add_coach(payload: JsonObject) -> JsonObject:
    """Version 2 to 3: the coach while playing did not exist (every coach off)."""
    if isinstance(payload.get("turn"), dict):
        payload["turn"]["coach"] = []
    return payload


def _add_entry(payload: JsonObject) -> JsonObject:
    """Version 3 to 4: the faces on a real-dice game's pad were not kept (the pad was empty)."""
    if isinstance(payload.get("turn"), dict):
        payload["turn"]["entry"] = []
    return payload


def _add_guide(payload: JsonObject) -> JsonObject:
    """Version 4 to 5: the guided first turn was not kept (a reload ended it)."""
    with_no_guide(payload.get("turn"))
    return payload


SESSION_VERSIONS = MigrationChain(
    "penta-session",
    current=5,
    steps={1: _add_turn, 2: _add_coach, 3: _add_entry, 4: _add_guide},
)
PREFERENCES_KEY = "penta.preferences"


@dataclass(frozen=True)
class StoredSession:
    game_id: str
    saved: SavedGame
    game_migrated: bool
    """The game was saved in an older schema of game.savefile."""
    turn: TurnRecord | None = None


def _session_kind(entropy: RandomSource | None) -> RecordKind[StoredSession]:
    def read(payload: JsonObject) -> StoredSession:
        check_keys(payload, "session", {"game_id", "game", "turn"})
        game_id = payload["game_id"]
        if not isinstance(game_id, str) or len(game_id) != 16 or game_id.strip("0123456789abcdef"):
            raise SaveFileError(f"session.game_id: 16 hex digits, not {game_id!r:.80}")
        try:
            saved = saved_game_from_data(payload["game"], entropy)
        except SaveFileError as error:
            raise type(error)(f"session.game: {error}") from None
        turn = payload["turn"]
        record = None if turn is None else turn_record_from_data(turn, "session.turn")
        # Loading succeeded, so the game's schema_version was one this build reads.
        migrated = payload["game"]["schema_version"] != SCHEMA_VERSION
        return StoredSession(game_id, saved, migrated, record)

    return RecordKind(SESSION_KEY, SESSION_VERSIONS, read)


def _preferences_from_payload(payload: JsonObject) -> JsonObject:
    preferences_from_data(AppState(), payload)  # raises SaveFileError: the record is set aside
    return payload


def _salvage_preferences(payload: JsonObject) -> tuple[JsonObject, JsonObject]:
    readable = readable_preferences(payload)
    return readable, readable


PREFERENCES: RecordKind[JsonObject] = RecordKind(
    PREFERENCES_KEY,
    MigrationChain("penta-preferences-record", current=1, steps={}),
    _preferences_from_payload,
    _salvage_preferences,
)


@dataclass(frozen=True)
class Restored:
    game: GameState | None
    before_last_turn: GameState | None
    """The state before the game's last confirmed box, if it was kept for undo."""
    preferences: JsonObject | None
    """For game.app.initial_state(preferences=...)."""
    problems: tuple[StorageProblem, ...]
    """Records that could not be read (now quarantined): the app says so and offers export."""
    migrated: bool = False
    """Something was stored by an older version and was upgraded (the app may say so)."""
    turn: TurnRecord | None = None
    """The countdown and the automatic box of the turn in progress (for game.app.resume)."""
    game_id: str | None = None
    """The stored game's id (None when no game was restored)."""


def restore_session(storage: Storage, entropy: RandomSource | None = None) -> Restored:
    """The session and the preferences, read and checked at start. The history is not read
    here, to keep the start fast: call load_history once the first screen shows, to report a
    damaged history (and to have it ready for the end of the game)."""
    legacy = migrate_legacy_preferences(storage)
    session = read_record(storage, _session_kind(entropy))
    preferences = read_record(storage, PREFERENCES)
    problems = tuple(
        result.problem for result in (session, preferences) if result.problem is not None
    )
    legacy_read = legacy and preferences.problem is None
    migrated = session.migrated or preferences.migrated or legacy_read
    if session.value is None:
        return Restored(None, None, preferences.value, problems, migrated)
    saved = session.value.saved
    migrated = migrated or session.value.game_migrated
    return Restored(
        saved.game,
        saved.before_last_turn,
        preferences.value,
        problems,
        migrated,
        session.value.turn,
        session.value.game_id,
    )


@dataclass(frozen=True)
class SaveReport:
    problems: tuple[StorageProblem, ...] = ()
    recorded: GameRecord | None = None
    """The finished game this save added to the history (None if none was added)."""


def save_session(
    storage: Storage,
    game: GameState | None,
    *,
    today: date,
    before_last_turn: GameState | None = None,
    turn: TurnRecord | None = None,
    ids: random.Random | None = None,
    game_id: str | None = None,
    time_of_day: time | None = None,
) -> SaveReport:
    """`game` stored as the game in progress (None: the session removed). Its id is the stored
    session's when that is the same game, else `game_id` (a kept game resumed), else new.
    A game that ends is recorded in the history with `today` and `time_of_day` (local)."""
    # Read what is stored first: its id may carry on, and an unreadable record must be moved
    # aside before it is overwritten.
    stored = _stored_session(storage)
    problems = [] if stored.problem is None else [stored.problem]
    if game is None:
        if stored.value is not None:
            storage.remove(SESSION_KEY)
        return SaveReport(tuple(problems))
    earlier = _earlier(stored.value, game)
    payload = _payload(earlier, game, before_last_turn, turn, ids, game_id)
    stored_game = None if earlier is None else earlier.saved.game
    ending = game.is_over and stored_game != game
    history = load_history(storage) if ending else None
    if history is not None and _recorded_as_another_game(history, payload["game_id"], game):
        payload = {**payload, "game_id": _fresh_id(ids)}
    game_id = payload["game_id"]
    kind = _session_kind(None)
    text = encode_record(kind, payload)
    if storage.get(SESSION_KEY) != text:
        problem = write_record(storage, kind, payload)
        if problem is not None:
            problems.append(problem)
    if storage.get(SESSION_KEY) == text:
        _LAST_WRITTEN.clear()
        _LAST_WRITTEN[text] = _session_of(payload, game, before_last_turn, turn)
    recorded = None
    if history is not None:
        # Recorded once, on the save where the game ends: the end screen's later saves do not
        # read the whole history again.
        recorded = _record(storage, history, game_id, game, (today, time_of_day), problems)
    elif not game.is_over and stored_game is not None and stored_game.is_over:
        _withdraw(storage, game_id, game, problems)
    return SaveReport(tuple(problems), recorded)


def session_text(
    storage: Storage,
    game: GameState,
    before_last_turn: GameState | None = None,
    turn: TurnRecord | None = None,
) -> str:
    """The session record of `game` (with the stored game's id when it is that game played
    on): the game in memory, for the player to keep when the device cannot save it. Changes
    nothing in `storage`."""
    text = storage.get(SESSION_KEY)
    try:
        stored = None if text is None else read_session_text(text)
    except SaveFileError:
        stored = None
    payload = _payload(_earlier(stored, game), game, before_last_turn, turn, None)
    return encode_record(_session_kind(None), payload)


_LAST_WRITTEN: dict[str, StoredSession] = {}
"""The session text last saved here, and the session it holds. A save reads the stored session
first, and reading a game replays its whole log: 5 to 7 ms of each tap late in a three-player
game in CPython, several times that in the browser. The text a save finds is nearly always the
one the save before wrote."""


def _stored_session(storage: Storage) -> ReadResult[StoredSession]:
    """What read_record gives for the session, without reading the text last saved here again.
    restore_session always reads: it is what a start sees."""
    text = storage.get(SESSION_KEY)
    written = None if text is None else _LAST_WRITTEN.get(text)
    return ReadResult(written) if written is not None else read_record(storage, _session_kind(None))


def _session_of(
    payload: JsonObject,
    game: GameState,
    before_last_turn: GameState | None,
    turn: TurnRecord | None,
) -> StoredSession:
    """The session `payload` (made by _payload of these) holds, as reading its text gives it."""
    kept_before = None if payload["game"]["last_turn"] is None else before_last_turn
    kept_turn = None if payload["turn"] is None else turn
    return StoredSession(payload["game_id"], SavedGame(game, kept_before), False, kept_turn)


def _earlier(stored: StoredSession | None, game: GameState) -> StoredSession | None:
    """The stored session, when `game` is the same game played on (or taken back)."""
    return stored if stored is not None and same_game(stored.saved, game) else None


def _payload(
    earlier: StoredSession | None,
    game: GameState,
    before_last_turn: GameState | None,
    turn: TurnRecord | None,
    ids: random.Random | None,
    game_id: str | None = None,
) -> JsonObject:
    if before_last_turn is not None and confirmed_box(before_last_turn, game) is None:
        # Not the state before this game's last box (a roll has happened since): there is
        # nothing to take back, so there is nothing to keep for it.
        before_last_turn = None
    if earlier is not None:
        game_id = earlier.game_id
    elif game_id is None:
        game_id = _fresh_id(ids)
    return {
        "game_id": game_id,
        "game": game_to_data(game, before_last_turn),
        "turn": None if turn is None or turn == TurnRecord() else turn_record_to_data(turn),
    }


def keep_left_game(
    storage: Storage,
    game: GameState,
    *,
    today: date,
    before_last_turn: GameState | None = None,
    turn: TurnRecord | None = None,
    ids: random.Random | None = None,
) -> KeptChange:
    """`game`, which the player left unfinished, first among the games kept (with the id the
    session gave it), and then the session removed; when it cannot be kept (the list is full,
    the device refuses to write), the session stays as it is, and the problem is told."""
    stored = _stored_session(storage)
    payload = _payload(_earlier(stored.value, game), game, before_last_turn, turn, ids)
    if _kept_as_another_game(storage, payload["game_id"], game):
        payload = {**payload, "game_id": _fresh_id(ids)}
    kept_before = None if payload["game"]["last_turn"] is None else before_last_turn
    entry = KeptGame(payload["game_id"], game, kept_before, turn, today)
    change = add_kept(storage, entry)
    if change.done and stored.value is not None:
        storage.remove(SESSION_KEY)
    elif not change.done:
        # Not kept: the game stays in the session, where the next start restores it.
        save_session(storage, game, today=today, before_last_turn=before_last_turn, turn=turn)
    if stored.problem is not None:
        return KeptChange(change.games, (stored.problem, *change.problems), change.done)
    return change


def _kept_as_another_game(storage: Storage, game_id: str, game: GameState) -> bool:
    """Whether a game kept under `game_id` is not `game` (ids are 64 random bits: only damaged
    or edited data shares one): kept in its place, `game` would delete it."""
    kept = load_kept(storage).value or ()
    return any(
        other.id == game_id and not same_game(SavedGame(other.game, other.before_last_turn), game)
        for other in kept
    )


def save_preferences(storage: Storage, data: JsonObject) -> StorageProblem | None:
    return write_record(storage, PREFERENCES, data)


def _record(
    storage: Storage,
    history: ReadResult[tuple[GameRecord, ...]],
    game_id: str,
    game: GameState,
    ended: tuple[date, time | None],
    problems: list[StorageProblem],
) -> GameRecord | None:
    """`game`, over, recorded under `game_id` in `history` (as read), in place of its earlier
    record (another game under that id got the session a new id first: save_session)."""
    if history.problem is not None:
        problems.append(history.problem)
    records = history.value or ()
    record = record_game(game_id, game, *ended)
    for existing in records:
        if existing.id == game_id and existing.results == record.results:
            return None  # recorded when the game ended; this save changed nothing in it
    others = tuple(existing for existing in records if existing.id != game_id)
    problem = save_history(storage, (*others, record))
    if problem is not None:
        problems.append(problem)
        return None
    return record


def record_finished_session(storage: Storage, today: date) -> tuple[StorageProblem, ...]:
    """The stored session's game recorded in the history when it is over and not there yet. A
    game is recorded on the save where it ends, and that write may fail (the storage full): a
    hostile-data walk saw such a game missing from the history for good after New game. Checked
    after the first screen shows, at a start whose restored game is over."""
    stored = _stored_session(storage)
    if stored.value is None or not stored.value.saved.game.is_over:
        return ()  # a damaged session was reported when the start read it
    problems: list[StorageProblem] = []
    saved, history = stored.value.saved, load_history(storage)
    game_id = stored.value.game_id
    if _recorded_as_another_game(history, game_id, saved.game):
        # Another game holds its id: the session takes one of its own first.
        game_id = _fresh_id(None)
        payload = _payload(
            None, saved.game, saved.before_last_turn, stored.value.turn, None, game_id
        )
        if (problem := write_record(storage, _session_kind(None), payload)) is not None:
            return (problem,)
    _record(storage, history, game_id, saved.game, (today, None), problems)
    return tuple(problems)


def _fresh_id(ids: random.Random | None) -> str:
    return new_game_id((ids or random.SystemRandom()).getrandbits(64))


def _recorded_as_another_game(
    history: ReadResult[tuple[GameRecord, ...]], game_id: str, game: GameState
) -> bool:
    """Whether the history holds another game than `game` under `game_id` (recorded in its
    place, that game was lost: continuity.recorded_as)."""
    return any(r.id == game_id and not recorded_as(r, game) for r in history.value or ())


def _withdraw(
    storage: Storage, game_id: str, game: GameState, problems: list[StorageProblem]
) -> None:
    """The record of `game` (its last box taken back) out of the history; never another
    game's under the same id."""
    history = load_history(storage)
    if history.problem is not None:
        problems.append(history.problem)
    records = history.value or ()
    withdrawn = tuple(r for r in records if r.id == game_id and recorded_as(r, game))
    if withdrawn:
        problem = save_history(storage, tuple(r for r in records if r not in withdrawn))
        if problem is not None:
            problems.append(problem)


def read_session_text(text: str) -> StoredSession:
    """A session record's text (as saved, or as exported), read back.

    Raises:
        SaveFileError: not a session record this build reads (NotJsonError and
            UnsupportedVersionError are kinds of it).
    """
    return decode_record(_session_kind(None), text).value


def migrate_legacy_preferences(storage: Storage) -> bool:
    """A bare preferences object of an older build wrapped in its envelope (True), else
    nothing done."""
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
