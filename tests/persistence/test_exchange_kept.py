"""The games kept (unfinished, game.persistence.kept) travel in the history's export: exported
with the finished games, checked on import as strictly as the stored list, added without
duplicates and never past the list's cap; an export of before (version 3) still imports."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

import pytest

from game.coach.protocol import CoachMode
from game.persistence.exchange import (
    EXPORT_VERSIONS,
    ImportRefusal,
    ImportRefusedError,
    export_history,
    import_history,
    import_history_in_steps,
)
from game.persistence.history import load_history, record_game, save_history
from game.persistence.kept import MAX_KEPT, KeptGame, add_kept, load_kept
from game.persistence.session import save_session, session_text
from game.persistence.storage import MemoryStorage
from game.persistence.turn_record import TurnRecord
from game.play.engine import roll, score
from game.play.state import GameState
from game.steps import Stepped
from tests.persistence.persistence_helpers import play_to_end, seeded_game

EXPORTED = date(2026, 12, 1)


def unfinished(seed: int) -> GameState:
    """A game with a box filled and the next turn's dice rolled."""
    game = roll(seeded_game("penta", 2, seed), 0)
    game = score(game, 0, "chance")
    return roll(game, 1)


def kept(number: int, day: int = 1) -> KeptGame:
    return KeptGame(f"{number:016x}", unfinished(number), None, None, date(2026, 11, day))


def stored_kept(storage: MemoryStorage) -> tuple[KeptGame, ...]:
    result = load_kept(storage)
    assert result.problem is None
    return result.value or ()


def test_the_games_kept_are_exported_and_imported_with_the_history() -> None:
    finished = (
        record_game(
            "00000000000000aa", play_to_end(seeded_game("penta", 1, 3), random.Random(3)), EXPORTED
        ),
    )
    mine = MemoryStorage()
    for number in (1, 2):
        assert add_kept(mine, kept(number, day=number)).done
    text = export_history(finished, EXPORTED, stored_kept(mine))
    theirs = MemoryStorage()
    assert add_kept(theirs, kept(2, day=2)).done  # already there: not twice
    outcome = import_history(theirs, text)
    assert (outcome.added, outcome.kept_added, outcome.kept_already_known) == (1, 1, 1)
    assert outcome.kept_left_out == 0 and outcome.problems == ()
    assert stored_kept(theirs) == stored_kept(mine)  # newest first, each game exactly
    again = import_history(theirs, text)
    assert (again.kept_added, again.kept_already_known) == (0, 2)


def test_a_game_kept_that_was_finished_since_is_not_kept_again() -> None:
    entry = kept(5)
    storage = MemoryStorage()
    save_history(
        storage, (record_game(entry.id, play_to_end(entry.game, random.Random(5)), EXPORTED),)
    )
    outcome = import_history(storage, export_history((), EXPORTED, (entry,)))
    assert (outcome.kept_added, outcome.kept_already_known) == (0, 1)
    assert stored_kept(storage) == ()


def test_no_game_is_dropped_to_make_room_the_ones_left_out_are_counted() -> None:
    storage = MemoryStorage()
    for number in range(1, MAX_KEPT):
        assert add_kept(storage, kept(number)).done
    incoming = tuple(kept(number, day=20) for number in range(100, 103))
    outcome = import_history(storage, export_history((), EXPORTED, incoming))
    assert (outcome.kept_added, outcome.kept_left_out) == (1, 2)
    ids = [entry.id for entry in stored_kept(storage)]
    assert len(ids) == MAX_KEPT and ids[0] == incoming[0].id
    assert set(ids) >= {f"{number:016x}" for number in range(1, MAX_KEPT)}


def test_a_file_with_more_games_kept_than_room_says_they_were_left_for_room() -> None:
    # Not "could not be read": they read, there was no room (a hostile-data walk's file).
    incoming = tuple(kept(number, day=1 + number % 28) for number in range(1, MAX_KEPT + 6))
    storage = MemoryStorage()
    outcome = import_history(storage, export_history((), EXPORTED, incoming))
    assert (outcome.kept_added, outcome.kept_left_out, outcome.unreadable) == (MAX_KEPT, 5, 0)
    newest = sorted(incoming, key=lambda entry: entry.last_played, reverse=True)[:MAX_KEPT]
    assert {entry.id for entry in stored_kept(storage)} == {entry.id for entry in newest}


def test_an_export_of_before_the_games_kept_still_imports() -> None:
    record = record_game(
        "00000000000000bb", play_to_end(seeded_game("yatzy", 1, 4), random.Random(4)), EXPORTED
    )
    document = json.loads(export_history((record,), EXPORTED))
    assert document["version"] == EXPORT_VERSIONS.current and document["payload"]["kept"] == []
    del document["payload"]["kept"]
    document["version"] = 4  # the last version without games kept
    storage = MemoryStorage()
    outcome = import_history(storage, json.dumps(document))
    assert (outcome.added, outcome.kept_added) == (1, 0)
    assert load_history(storage).value == (record,)


@pytest.mark.parametrize(
    ("damage", "named"),
    [
        (lambda entry: entry.update(id="not hex"), "payload.kept[0].id"),
        (lambda entry: entry.update(last_played="yesterday"), "payload.kept[0].last_played"),
        (lambda entry: entry["game"].update(version=99), "payload.kept[0].game"),
        (lambda entry: entry.update(extra=1), "payload.kept[0]"),
    ],
)
def test_a_damaged_game_kept_is_left_out_and_alone_refuses_the_import(
    damage: Callable[[dict[str, Any]], None], named: str
) -> None:
    document = json.loads(export_history((), EXPORTED, (kept(1), kept(2))))
    damage(document["payload"]["kept"][0])
    storage = MemoryStorage()
    outcome = import_history(storage, json.dumps(document))
    assert (outcome.kept_added, outcome.unreadable) == (1, 1)
    assert [game.id for game in load_kept(storage).value or ()] == [kept(2).id]

    del document["payload"]["kept"][1]  # the damaged game alone: nothing to import
    storage = MemoryStorage()
    with pytest.raises(ImportRefusedError, match=named.replace("[", r"\[")) as refused:
        import_history(storage, json.dumps(document))
    assert refused.value.kind is ImportRefusal.INVALID
    assert storage.keys() == []  # nothing written


def test_the_same_game_twice_in_an_export_is_added_once_and_the_copy_told_as_already_here() -> None:
    document = json.loads(export_history((), EXPORTED, (kept(1), kept(1))))
    outcome = import_history(MemoryStorage(), json.dumps(document))
    assert (outcome.kept_added, outcome.already_known, outcome.unreadable) == (1, 1, 0)


def test_a_damaged_finished_game_is_left_out_and_the_others_imported() -> None:
    """One damaged game kept a whole backup from being restored."""
    records = tuple(
        record_game(
            f"{number:016x}",
            play_to_end(seeded_game("penta", 1, number), random.Random(number)),
            EXPORTED,
        )
        for number in range(3)
    )
    document = json.loads(export_history(records, EXPORTED))
    document["payload"]["games"][1]["players"][0]["total"] += 1
    storage = MemoryStorage()
    outcome = import_history(storage, json.dumps(document))
    assert (outcome.added, outcome.unreadable) == (2, 1)
    assert load_history(storage).value == (records[0], records[2])


def test_copies_of_a_game_in_an_export_are_told_as_already_here_not_as_unreadable() -> None:
    """A walk's file listed a game of the history 5 times and a new one 3 times: 6 games "could
    not be read", which said the file was damaged."""
    here, new = (
        record_game(
            f"{number:016x}",
            play_to_end(seeded_game("penta", 1, number), random.Random(number)),
            EXPORTED,
        )
        for number in range(2)
    )
    storage = MemoryStorage()
    import_history(storage, export_history((here,), EXPORTED))
    document = json.loads(export_history((here, new), EXPORTED))
    first, second = document["payload"]["games"]
    damaged_copy = json.loads(json.dumps(second))
    damaged_copy["players"][0]["total"] += 1
    document["payload"]["games"] = [first] * 5 + [second] * 3 + [damaged_copy]
    outcome = import_history(storage, json.dumps(document))
    assert (outcome.added, outcome.already_known, outcome.unreadable) == (1, 1 + 4 + 2 + 1, 0)
    assert load_history(storage).value == (here, new)


def test_a_game_kept_with_its_turn_keeps_it() -> None:
    entry = KeptGame(
        "0000000000000007",
        unfinished(7),
        None,
        TurnRecord(auto_scored="chance", coach=(CoachMode.WARN, CoachMode.OFF)),
        EXPORTED,
    )
    storage = MemoryStorage()
    import_history(storage, export_history((), EXPORTED, (entry,)))
    assert stored_kept(storage) == (entry,)


def test_a_game_played_after_the_file_was_made_is_left_out() -> None:
    """No device played it: a finished game or a game kept dated after the export (a day's
    grace for time zones) is left out, counted apart from those that do not read (they read:
    "could not be read" was untrue of them)."""
    played = play_to_end(seeded_game("penta", 1, 5), random.Random(5))
    records = tuple(
        record_game(f"{number:016x}", played, EXPORTED + timedelta(days=number))
        for number in range(3)
    )
    document = json.loads(export_history(records, EXPORTED, (kept(11), kept(12))))
    document["payload"]["kept"][1]["last_played"] = "2099-12-31"
    storage = MemoryStorage()
    outcome = import_history(storage, json.dumps(document))
    assert (outcome.added, outcome.kept_added, outcome.unreadable, outcome.misdated) == (2, 1, 0, 2)
    assert load_history(storage).value == records[:2]


def test_a_file_dated_on_the_last_day_of_the_calendar_imports() -> None:
    """The day after 9999-12-31 is no date: its grace day stopped the import with an
    OverflowError, and the page waited on "Reading the file…" (a hostile-data walk)."""
    played = play_to_end(seeded_game("penta", 1, 5), random.Random(5))
    document = json.loads(export_history((record_game("0" * 16, played, EXPORTED),), EXPORTED))
    document["payload"]["exported"] = "9999-12-31"
    outcome = import_history(MemoryStorage(), json.dumps(document))
    assert (outcome.added, outcome.unreadable) == (1, 0)


def test_a_game_dated_after_the_day_of_the_import_is_left_out_whatever_the_file_says() -> None:
    """The file's own date is the file's word: one dated 9999-12-31 let games of that day in
    (a hostile-data walk). A game of the day of the import, or before, is in."""
    played = play_to_end(seeded_game("penta", 1, 5), random.Random(5))
    records = (
        record_game("0" * 16, played, EXPORTED),
        record_game("1" * 16, played, date(9999, 12, 31)),
    )
    document = json.loads(export_history(records, EXPORTED))
    document["payload"]["exported"] = "9999-12-31"
    outcome = import_history(MemoryStorage(), json.dumps(document), EXPORTED)
    assert (outcome.added, outcome.unreadable, outcome.misdated) == (1, 0, 1)


def test_an_import_in_steps_yields_between_games_and_ends_as_at_once() -> None:
    """In the page, the games are checked a few at a time, the page answering between (a 10 MB
    file held it for 7 s in one task: a hostile-data walk)."""
    played = play_to_end(seeded_game("penta", 1, 5), random.Random(5))
    records = tuple(record_game(f"{n:016x}", played, EXPORTED) for n in range(7))
    text = export_history(records, EXPORTED, (kept(11),))
    at_once = import_history(MemoryStorage(), text, EXPORTED)
    stepped = Stepped(import_history_in_steps(MemoryStorage(), text, EXPORTED, games_per_step=2))
    steps = sum(1 for _ in stepped)
    assert steps == 3 and stepped.result == at_once
    assert at_once.added == 7 and at_once.kept_added == 1


def test_the_file_of_the_game_in_progress_imports_as_a_game_to_resume() -> None:
    """ "Export the game in progress" (offered when the device could not save it) made a file
    that the import refused as no export of Penta (a hostile-data walk)."""
    entry = kept(7)
    text = session_text(MemoryStorage(), entry.game)
    storage = MemoryStorage()
    outcome = import_history(storage, text, EXPORTED)
    assert (outcome.added, outcome.kept_added, outcome.unreadable) == (0, 1, 0)
    (resumable,) = stored_kept(storage)
    assert resumable.game == entry.game and resumable.last_played == EXPORTED
    again = import_history(storage, text, EXPORTED)
    assert (again.kept_added, again.kept_already_known) == (0, 1)
    # Without the day of the import, it is no export.
    with pytest.raises(ImportRefusedError) as refused:
        import_history(MemoryStorage(), text)
    assert refused.value.kind is ImportRefusal.NOT_AN_EXPORT


def test_the_file_of_the_game_in_progress_is_known_where_it_is_played_on() -> None:
    entry = kept(7)
    storage = MemoryStorage()
    save_session(storage, entry.game, today=EXPORTED)
    text = session_text(storage, entry.game)
    outcome = import_history(storage, text, EXPORTED)
    assert (outcome.kept_added, outcome.kept_already_known) == (0, 1)
    assert stored_kept(storage) == ()
    # Once it is no longer in progress (here: another game is), it imports as any other.
    save_session(storage, kept(8).game, today=EXPORTED)
    assert import_history(storage, text, EXPORTED).kept_added == 1


def test_the_file_of_a_game_that_ended_imports_into_the_history() -> None:
    game = play_to_end(seeded_game("yatzy", 1, 4), random.Random(4))
    text = session_text(MemoryStorage(), game)
    storage = MemoryStorage()
    outcome = import_history(storage, text, EXPORTED)
    assert (outcome.added, outcome.kept_added) == (1, 0)
    (record,) = load_history(storage).value or ()
    assert record.finished == EXPORTED and record.results[0].total == game.sheets[0].total
