"""Finished games, as kept on the device for the statistics and for export.

    record_game(game_id, game, finished) -> GameRecord   a finished GameState, with its places
    record_to_data(record) -> dict / record_from_data(data, path) -> GameRecord
    HISTORY                     the stored record kind: key "penta.history"
    load_history(storage) -> ReadResult[tuple[GameRecord, ...]]
    check_history_in_steps(storage, games_per_step)   the same check, a step at a time
    save_history(storage, records) -> StorageProblem | None
    forget_finished(storage, game_id) -> StorageProblem | None   one game deleted from it

A record (format "penta-history", version 6, payload {"games": [record, ...]}):

    {
      "id": "9f2c4e1a0b3d5c7e",                 16 hex digits, the same on every device the
                                                game is exported to: imports skip known ids
      "ruleset": "penta",
      "finished": "2026-11-30",                 the date the last box was filled (local date)
      "finished_time": "14:05",                 and the time (local, hours and minutes), or
                                                null: a game recorded before version 5
      "players": [                              seat order
        {"player": {"name": "Dana", "kind": "human", "level": null},
         "sheet": {"scores": {...every box...}, "five_of_a_kind_bonuses": 1},
         "total": 312,                          stored for people reading the file; checked
         "place": 1}                            likewise (ties share a place)
      ],
      "log": {"since_turn": 0, "moves": [...]}, the game's moves (game.persistence.move_log_data)
      "challenge_date": "2026-11-30"            the day of the daily challenge the game was
    }                                           (game.play.daily_dice; one player), or null

Version 1 kept no moves: its games have a log that starts after their last turn (since_turn is
the number of turns of the game), which says that nothing of the game can be replayed.
Version 2 had no daily challenges: its games get "challenge_date": null. Version 3 kept no
corrections in the logs ("correct", "clear" moves): its games read as they are. Version 4 kept
no time of day (a family's games of one day looked alike in the list): "finished_time": null.
Version 5 marked no moves advised in the logs: its games read as they are.

Reading checks every record as strictly as a saved game (game.persistence.savefile): complete
sheets of achievable scores, bonuses the sheet could earn, totals and places that follow from
them, a log that replays to exactly the final sheets, and no id twice.
"""

from __future__ import annotations

import re
from collections.abc import Generator
from dataclasses import dataclass
from datetime import date, time
from operator import attrgetter

from game.errors import SaveFileError
from game.persistence.migrations import JsonObject, MigrationChain
from game.persistence.move_log_data import log_since_now, move_log_from_data, move_log_to_data
from game.persistence.readers import (
    check_keys,
    date_from_data,
    good_entries,
    good_entries_in_steps,
    read_int,
    read_list,
    read_object,
    translated,
)
from game.persistence.sheet_data import (
    player_from_data,
    player_to_data,
    sheet_from_data,
    sheet_to_data,
)
from game.persistence.storage import (
    Decoded,
    ReadResult,
    RecordKind,
    Storage,
    StorageProblem,
    decode_record,
    read_record,
    set_aside_in_part,
    upgraded_payload,
    write_record,
)
from game.play.daily_dice import check_daily_log
from game.play.engine import standings
from game.play.move_log import MoveLog
from game.play.sheet import Sheet
from game.play.state import MAX_PLAYERS, GameState, Player
from game.rules.dice import ROLLS_PER_TURN
from game.rules.rulesets import Ruleset, get_ruleset
from game.steps import run_through

GAME_ID = re.compile(r"[0-9a-f]{16}")
RECORD_KEYS = ("id", "ruleset", "finished", "finished_time", "players", "log", "challenge_date")
TIME_OF_DAY = re.compile(r"([01][0-9]|2[0-3]):([0-5][0-9])")
RESULT_KEYS = ("player", "sheet", "total", "place")


@dataclass(frozen=True)
class PlayerResult:
    player: Player
    sheet: Sheet
    place: int
    """1 for the best total; equal totals share a place."""

    @property
    def total(self) -> int:
        return self.sheet.total


@dataclass(frozen=True)
class GameRecord:
    id: str
    ruleset: Ruleset
    finished: date
    results: tuple[PlayerResult, ...]
    """One per player, in seat order."""
    log: MoveLog
    """Every move of the game (or of its last turns, for a game recorded before logs)."""
    challenge_date: date | None = None
    """The day of the daily challenge the game was (GameState.challenge_date), else None."""
    finished_time: time | None = None
    """The time of day the last box was filled (hours and minutes); None for a game recorded
    before the history kept it."""

    @property
    def finished_at(self) -> tuple[date, time]:
        """When the game ended, to order records by (one of unknown time first in its day)."""
        return self.finished, self.finished_time or time.min

    @property
    def challenge_key(self) -> tuple[date, str] | None:
        """The daily challenge the game was (its day and ruleset: one challenge each), if any."""
        day = self.challenge_date
        return None if day is None else (day, self.ruleset.id)

    @property
    def real_dice(self) -> bool:
        """Played with real dice at the table: its dice were entered (the log's "enter" moves),
        so nobody knows whether they were fair."""
        return self.log.entered


def new_game_id(bits: int) -> str:
    """A game id from 64 random bits (the caller's random source).

    >>> new_game_id(255)
    '00000000000000ff'

    Raises:
        ValueError: `bits` is not from 0 to 2**64 - 1.
    """
    if not 0 <= bits < 2**64:
        raise ValueError(f"a game id is made of 64 bits, not {bits!r}")
    return f"{bits:016x}"


def record_game(
    game_id: str, game: GameState, finished: date, finished_time: time | None = None
) -> GameRecord:
    """The history's record of a finished game, with each player's place; `finished_time` is
    cut to the minute.

    Raises:
        ValueError: `game` is not over, or `game_id` is not 16 hex digits.
    """
    if not game.is_over:
        raise ValueError(f"only a finished game is recorded; turn {game.turn_number} is open")
    if GAME_ID.fullmatch(game_id) is None:
        raise ValueError(f"a game id is 16 hex digits, not {game_id!r}")
    places = {standing.player: standing.place for standing in standings(game)}
    return GameRecord(
        game_id,
        game.ruleset,
        finished,
        tuple(
            PlayerResult(player, sheet, places[seat])
            for seat, (player, sheet) in enumerate(zip(game.players, game.sheets, strict=True))
        ),
        game.log,
        game.challenge_date,
        None if finished_time is None else finished_time.replace(second=0, microsecond=0),
    )


def record_to_data(record: GameRecord) -> JsonObject:
    return {
        "id": record.id,
        "ruleset": record.ruleset.id,
        "finished": record.finished.isoformat(),
        "finished_time": None
        if record.finished_time is None
        else record.finished_time.strftime("%H:%M"),
        "players": [
            {
                "player": player_to_data(result.player),
                "sheet": sheet_to_data(result.sheet),
                "total": result.total,
                "place": result.place,
            }
            for result in record.results
        ],
        "log": move_log_to_data(record.log),
        "challenge_date": None
        if record.challenge_date is None
        else record.challenge_date.isoformat(),
    }


def record_from_data(data: object, path: str) -> GameRecord:
    """One record, checked as strictly as a saved game (see the module docstring).

    Raises:
        SaveFileError: a bad id, ruleset, date, player or sheet, an open box, or a total or
            place that does not follow from the sheets; the message starts with `path`.
    """
    entry = read_object(data, path)
    check_keys(entry, path, set(RECORD_KEYS))
    game_id = entry["id"]
    if not isinstance(game_id, str) or GAME_ID.fullmatch(game_id) is None:
        raise SaveFileError(f"{path}.id: 16 hex digits, not {game_id!r:.80}")
    ruleset = translated(f"{path}.ruleset", lambda: get_ruleset(entry["ruleset"]))
    finished = date_from_data(entry["finished"], f"{path}.finished")
    finished_time = _time_from_data(entry["finished_time"], f"{path}.finished_time")
    results = []
    players = read_list(entry["players"], f"{path}.players", 1, MAX_PLAYERS)
    for index, item in enumerate(players):
        where = f"{path}.players[{index}]"
        fields = read_object(item, where)
        check_keys(fields, where, set(RESULT_KEYS))
        sheet = sheet_from_data(fields["sheet"], f"{where}.sheet", ruleset)
        if not sheet.is_complete:
            raise SaveFileError(
                f"{where}.sheet: a finished game fills every box, "
                f"but these are open: {', '.join(sheet.open_boxes)}"
            )
        total = read_int(fields["total"], f"{where}.total")
        if total != sheet.total:
            raise SaveFileError(f"{where}.total: the sheet adds up to {sheet.total}, not {total}")
        place = read_int(fields["place"], f"{where}.place")
        results.append(
            PlayerResult(player_from_data(fields["player"], f"{where}.player"), sheet, place)
        )
    totals = [result.total for result in results]
    for index, (result, total) in enumerate(zip(results, totals, strict=True)):
        place = 1 + sum(1 for other in totals if other > total)
        if result.place != place:
            raise SaveFileError(
                f"{path}.players[{index}].place: with {total} of totals {totals}, "
                f"{place}, not {result.place}"
            )
    sheets = [result.sheet for result in results]
    log = move_log_from_data(entry["log"], f"{path}.log", sheets, None, ROLLS_PER_TURN)
    challenge_date = None
    if entry["challenge_date"] is not None:
        challenge_date = date_from_data(entry["challenge_date"], f"{path}.challenge_date")
        if len(results) != 1:
            raise SaveFileError(
                f"{path}.challenge_date: a daily challenge is played alone, "
                f"not by {len(results)} players"
            )
        if finished < challenge_date:
            raise SaveFileError(
                f"{path}.finished: {finished.isoformat()}, before the day of its challenge, "
                f"{challenge_date.isoformat()}"
            )
        day = challenge_date
        translated(f"{path}.log", lambda: check_daily_log(day, ruleset.id, log))
    return GameRecord(
        game_id, ruleset, finished, tuple(results), log, challenge_date, finished_time
    )


def _time_from_data(value: object, path: str) -> time | None:
    if value is None:
        return None
    match = TIME_OF_DAY.fullmatch(value) if isinstance(value, str) else None
    if match is None:
        raise SaveFileError(f"{path}: a time of day as HH:MM, or null, not {value!r:.80}")
    return time(int(match[1]), int(match[2]))


def records_to_data(records: tuple[GameRecord, ...]) -> list[JsonObject]:
    return [record_to_data(record) for record in records]


def records_from_data_in_steps(
    data: object, path: str, games_per_step: int | None
) -> Generator[None, None, tuple[GameRecord, ...]]:
    """Every record, checked, with no id twice, yielding after every `games_per_step` records
    (None: never).

    Raises:
        SaveFileError: `data` is not a list, a record is refused (see record_from_data), or
            an id appears twice.
    """
    records: list[GameRecord] = []
    seen: set[str] = set()
    for index, item in enumerate(read_list(data, path)):
        record = record_from_data(item, f"{path}[{index}]")
        if record.id in seen:
            raise SaveFileError(f"{path}[{index}].id: {record.id!r} is already an earlier game's")
        seen.add(record.id)
        records.append(record)
        if games_per_step and len(records) % games_per_step == 0:
            yield
    return tuple(records)


def _history_from_payload(payload: JsonObject) -> tuple[GameRecord, ...]:
    return run_through(_history_in_steps(payload, games_per_step=None))


def _history_in_steps(
    payload: JsonObject, games_per_step: int | None
) -> Generator[None, None, tuple[GameRecord, ...]]:
    check_keys(payload, "history", {"games"})
    return (
        yield from records_from_data_in_steps(payload["games"], "history.games", games_per_step)
    )


def _good_history(payload: JsonObject) -> tuple[tuple[GameRecord, ...], JsonObject]:
    """The games of a history with bad ones that read alone (RecordKind.salvage)."""
    games, data = good_entries(
        payload.get("games"), "history.games", record_from_data, attrgetter("id")
    )
    return games, {"games": data}


def add_logs(games: object) -> None:
    """Version 1 to 2, for the history and for exports: each game recorded before logs gets an
    empty log after its last turn (data not yet checked: what is not a game is left alone)."""
    for game in games if isinstance(games, list) else ():
        if isinstance(game, dict):
            players = game.get("players")
            sheets = [
                entry.get("sheet") if isinstance(entry, dict) else None
                for entry in (players if isinstance(players, list) else ())
            ]
            game["log"] = log_since_now({"sheets": sheets})


def _add_logs_to_history(payload: JsonObject) -> JsonObject:
    add_logs(payload.get("games"))
    return payload


def _none_in_each_game(games: object, key: str) -> None:
    """`key` added to each game as null (data not yet checked: what is not a game is left
    alone)."""
    for game in games if isinstance(games, list) else ():
        if isinstance(game, dict):
            game[key] = None


def add_challenge_dates(games: object) -> None:
    """Version 2 to 3, for the history and for exports: no game was a daily challenge before."""
    _none_in_each_game(games, "challenge_date")


def _add_challenge_dates_to_history(payload: JsonObject) -> JsonObject:
    add_challenge_dates(payload.get("games"))
    return payload


def add_finished_times(games: object) -> None:
    """Version 4 to 5, for the history and for exports: no time of day was kept."""
    _none_in_each_game(games, "finished_time")


def _add_finished_times_to_history(payload: JsonObject) -> JsonObject:
    add_finished_times(payload.get("games"))
    return payload


def as_it_is(payload: JsonObject) -> JsonObject:
    """For the history and for exports, a version whose logs may hold a move that those of the
    one before never do, so that they read as they are: corrections (version 3 to 4 of the
    history and of exports), moves marked advised (5 to 6 of the history, 6 to 7 of exports)."""
    return payload


HISTORY: RecordKind[tuple[GameRecord, ...]] = RecordKind(
    key="penta.history",
    versions=MigrationChain(
        "penta-history",
        current=6,
        steps={
            1: _add_logs_to_history,
            2: _add_challenge_dates_to_history,
            3: as_it_is,
            4: _add_finished_times_to_history,
            5: as_it_is,
        },
    ),
    read=_history_from_payload,
    salvage=_good_history,
)


def load_history(storage: Storage) -> ReadResult[tuple[GameRecord, ...]]:
    """The stored history, checked record by record. Checking costs about a millisecond per
    player and game in the browser, so the text last read or written is remembered with its
    records: reading the history again (at a game's end, for the statistics, for an export)
    costs nothing unless it changed."""
    return read_record(storage, HISTORY, _decode_history)


def check_history_in_steps(
    storage: Storage, games_per_step: int
) -> Generator[None, None, StorageProblem | None]:
    """Checks the stored history as load_history does, yielding after every `games_per_step`
    games: a long history is checked while the page goes on answering between the steps (a
    thousand games froze a start for 1.5 s), and the load_history after it costs nothing. A
    history of an older version that reads whole is written back upgraded: it was upgraded in
    one long task at every start (1,500 games froze each for 3.3 s: a hostile-data walk). One
    with bad games is read in part in steps too, set aside and written back with the games that
    read (one bad game of 1,500 froze the page for 6 s), and the problem is returned, to be
    told. A history that does not read at all is left to load_history, which sets it aside and
    says so."""
    text = storage.get(HISTORY.key)
    read = None if text is None or text in _last_history else upgraded_payload(HISTORY, text)
    if text is None or read is None:
        return None
    payload, older = read
    try:
        records = yield from _history_in_steps(payload, games_per_step)
    except SaveFileError as refused:
        return (yield from _in_part_in_steps(storage, text, payload, str(refused), games_per_step))
    if storage.get(HISTORY.key) != text:  # written meanwhile
        return None
    if older and save_history(storage, records) is None:
        return None  # remembered as written
    _remember(text, Decoded(records, migrated=older))
    return None


def _in_part_in_steps(
    storage: Storage, text: str, payload: JsonObject, reason: str, games_per_step: int
) -> Generator[None, None, StorageProblem | None]:
    """The history `text` read in part a step at a time (see RecordKind.salvage)."""
    try:
        games, data = yield from good_entries_in_steps(
            payload.get("games"),
            "history.games",
            record_from_data,
            attrgetter("id"),
            per_step=games_per_step,
        )
    except SaveFileError:
        return None  # no game reads: left to load_history
    if storage.get(HISTORY.key) != text:  # written meanwhile
        return None
    problem = set_aside_in_part(storage, HISTORY, text, reason, games, {"games": data}).problem
    written = storage.get(HISTORY.key)
    if written is not None and written != text:
        _remember(written, Decoded(games, migrated=False))
    return problem


def save_history(storage: Storage, records: tuple[GameRecord, ...]) -> StorageProblem | None:
    problem = write_record(storage, HISTORY, {"games": records_to_data(records)})
    text = storage.get(HISTORY.key)
    if problem is None and text is not None:
        _remember(text, Decoded(records, migrated=False))
    return problem


def forget_finished(storage: Storage, game_id: str) -> StorageProblem | None:
    """The history without the game `game_id`. What cannot be read of it is set aside as it is
    read (game.persistence.storage.read_record), not lost with the game."""
    history = load_history(storage)
    records = history.value or ()
    others = tuple(record for record in records if record.id != game_id)
    if len(others) == len(records):
        return history.problem
    return save_history(storage, others) or history.problem


_last_history: dict[str, Decoded[tuple[GameRecord, ...]]] = {}
"""At most one entry: the history text last read or written, with its (immutable) records."""


def _decode_history(text: str) -> Decoded[tuple[GameRecord, ...]]:
    decoded = _last_history.get(text)
    if decoded is None:
        decoded = decode_record(HISTORY, text)
        _remember(text, decoded)
    return decoded


def _remember(text: str, decoded: Decoded[tuple[GameRecord, ...]]) -> None:
    _last_history.clear()
    _last_history[text] = decoded
