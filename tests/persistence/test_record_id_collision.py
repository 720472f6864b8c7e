"""A finished game never takes the place of another game recorded under the same id. Ids are
64 random bits: only damaged or edited data, or one kept game played on two devices, share
one; recorded in its place, the other game was lost from the history without a word (a
hostile-data walk). The game gets an id of its own; the same game, its last box taken back and
scored again, still replaces its own record."""

from __future__ import annotations

import json
import random
from datetime import date

from game.persistence.history import load_history
from game.persistence.session import (
    SESSION_KEY,
    record_finished_session,
    restore_session,
    save_session,
)
from game.persistence.storage import MemoryStorage
from game.play.engine import new_game
from game.play.random_source import SeededDice
from game.play.state import GameState
from tests.persistence.persistence_helpers import players, random_steps

DAY = date(2026, 12, 5)


def last_box(seed: int) -> tuple[GameState, GameState]:
    """A one-player game's state before its last box is confirmed, and the game over."""
    before, finished = list(
        random_steps(new_game("penta", players(1), SeededDice(seed)), random.Random(seed))
    )[-1]
    assert finished.is_over and not before.is_over
    return before, finished


def session_id(storage: MemoryStorage) -> str:
    return str(json.loads(storage.items[SESSION_KEY])["payload"]["game_id"])


def recorded(storage: MemoryStorage) -> dict[str, int]:
    """Each record's id and its total."""
    return {record.id: record.results[0].total for record in load_history(storage).value or ()}


def first_game_recorded(storage: MemoryStorage) -> tuple[str, int]:
    before, finished = last_box(1)
    save_session(storage, before, today=DAY)
    report = save_session(storage, finished, today=DAY, before_last_turn=before)
    assert report.recorded is not None
    return report.recorded.id, finished.sheets[0].total


def test_another_game_under_the_same_id_gets_an_id_of_its_own() -> None:
    storage = MemoryStorage()
    taken, first_total = first_game_recorded(storage)
    before, finished = last_box(2)
    save_session(storage, before, today=DAY, game_id=taken)  # resumed under that id
    assert session_id(storage) == taken
    report = save_session(storage, finished, today=DAY, before_last_turn=before)
    assert report.recorded is not None and report.recorded.id != taken
    assert session_id(storage) == report.recorded.id
    assert recorded(storage) == {taken: first_total, report.recorded.id: finished.sheets[0].total}
    # Its last box taken back: its own record goes, never the other game's.
    save_session(storage, before, today=DAY)
    assert recorded(storage) == {taken: first_total}


def test_a_box_taken_back_never_withdraws_another_games_record() -> None:
    storage = MemoryStorage()
    taken, first_total = first_game_recorded(storage)
    before, finished = last_box(2)
    save_session(storage, finished, today=DAY, before_last_turn=before)
    payload = json.loads(storage.items[SESSION_KEY])
    payload["payload"]["game_id"] = taken  # edited, after its own record was written
    storage.items[SESSION_KEY] = json.dumps(payload)
    save_session(storage, before, today=DAY)
    assert recorded(storage)[taken] == first_total


def test_a_start_records_the_finished_game_under_an_id_of_its_own() -> None:
    storage = MemoryStorage()
    taken, first_total = first_game_recorded(storage)
    # The other game finished under that id on another device, its record not written here.
    elsewhere = MemoryStorage()
    before, finished = last_box(2)
    save_session(elsewhere, before, today=DAY, game_id=taken)
    save_session(elsewhere, finished, today=DAY, before_last_turn=before)
    storage.items[SESSION_KEY] = elsewhere.items[SESSION_KEY]
    assert restore_session(storage).game == finished
    assert record_finished_session(storage, DAY) == ()
    fresh = session_id(storage)
    assert fresh != taken
    assert recorded(storage) == {taken: first_total, fresh: finished.sheets[0].total}


def test_the_same_game_scored_again_keeps_its_id() -> None:
    storage = MemoryStorage()
    taken, total = first_game_recorded(storage)
    before, finished = last_box(1)
    save_session(storage, before, today=DAY)  # the last box taken back: its record goes
    assert recorded(storage) == {}
    save_session(storage, finished, today=DAY, before_last_turn=before)
    assert recorded(storage) == {taken: total} and session_id(storage) == taken
