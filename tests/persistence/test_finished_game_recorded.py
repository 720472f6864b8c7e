"""A finished game is in the history even when the write that records it, on the save where
the game ends, did not happen (the storage full, the app closed): each start records the stored
session's finished game if the history lacks it (game.persistence.session)."""

from __future__ import annotations

import random
from datetime import date

from game.persistence.history import HISTORY, load_history
from game.persistence.session import record_finished_session, save_session
from game.persistence.storage import MemoryStorage, ProblemKind
from game.play.engine import new_game
from game.play.random_source import SeededDice
from tests.persistence.persistence_helpers import play_to_end, players

DAY = date(2026, 12, 1)


def finished_game_stored(storage: MemoryStorage) -> str:
    """A finished game saved as the session; its history record's write lost. Its id."""
    game = play_to_end(new_game("penta", players(2), SeededDice(3)), random.Random(3))
    report = save_session(storage, game, today=DAY)
    assert report.recorded is not None
    storage.remove(HISTORY.key)
    return report.recorded.id


def test_the_stored_finished_game_missing_from_the_history_is_recorded() -> None:
    storage = MemoryStorage()
    game_id = finished_game_stored(storage)
    assert load_history(storage).value is None
    assert record_finished_session(storage, DAY) == ()
    records = load_history(storage).value
    assert records is not None and [record.id for record in records] == [game_id]
    text = storage.get(HISTORY.key)
    assert record_finished_session(storage, DAY) == ()  # already there: nothing written
    assert storage.get(HISTORY.key) == text


def test_a_game_in_progress_or_no_session_records_nothing() -> None:
    storage = MemoryStorage()
    assert record_finished_session(storage, DAY) == ()
    game = new_game("penta", players(1), SeededDice(1))
    save_session(storage, game, today=DAY)
    assert record_finished_session(storage, DAY) == ()
    assert storage.get(HISTORY.key) is None


def test_a_history_that_cannot_be_written_is_reported() -> None:
    storage = MemoryStorage()
    finished_game_stored(storage)
    storage.quota = sum(len(key) + len(text) for key, text in storage.items.items())
    (problem,) = record_finished_session(storage, DAY)
    assert (problem.key, problem.kind) == (HISTORY.key, ProblemKind.WRITE_FAILED)
