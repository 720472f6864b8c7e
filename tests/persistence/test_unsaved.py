"""A game the device could not save (CPython): exported from memory with its id, remembered
for the next start, which says once how the game restored is older."""

from __future__ import annotations

import random
from datetime import date

from game.persistence.session import (
    SESSION_KEY,
    read_session_text,
    restore_session,
    save_session,
    session_text,
)
from game.persistence.storage import MemoryStorage
from game.persistence.unsaved import (
    UNSAVED_KEY,
    StaleSave,
    forget_unsaved,
    note_unsaved,
    stale_save,
)
from game.play.engine import roll, score
from game.play.state import GameState
from tests.persistence.persistence_helpers import random_steps, seeded_game

TODAY = date(2026, 11, 30)


def scored_turns(game: GameState, turns: int) -> GameState:
    for _ in range(turns):
        game = roll(game, game.current_player)
        assert game.options is not None
        game = score(game, game.current_player, sorted(game.options.legal)[0])
    return game


def saved(game: GameState) -> MemoryStorage:
    storage = MemoryStorage()
    assert not save_session(storage, game, today=TODAY, ids=random.Random(1)).problems
    return storage


def test_the_exported_game_is_the_one_in_memory_with_the_stored_games_id() -> None:
    first = scored_turns(seeded_game("penta", 1, seed=5), 1)
    storage = saved(first)
    before = storage.get(SESSION_KEY)
    later = roll(scored_turns(first, 2), 0)
    exported = read_session_text(session_text(storage, later, None))
    stored = read_session_text(storage.get(SESSION_KEY) or "")
    assert exported.saved.game == later
    assert exported.game_id == stored.game_id  # the same game, played on
    assert storage.get(SESSION_KEY) == before  # exporting changed nothing


def test_a_restored_game_with_fewer_boxes_is_said_to_be_older_with_both_counts() -> None:
    first = scored_turns(seeded_game("penta", 2, seed=5), 1)
    storage = saved(first)
    played = scored_turns(first, 3)
    marks = MemoryStorage()
    note_unsaved(marks, session_text(storage, played))
    assert stale_save(marks, restore_session(storage)) == StaleSave(
        "storage.restored_older", (("played", 4), ("saved", 1))
    )
    assert marks.get(UNSAVED_KEY) is None  # said once
    assert stale_save(marks, restore_session(storage)) is None


def test_a_game_whose_id_changed_is_still_recognised_by_its_boxes() -> None:
    first = scored_turns(seeded_game("penta", 1, seed=5), 1)
    storage = saved(first)
    played = scored_turns(first, 1)
    other_id = session_text(MemoryStorage(), played)  # as if saved under a new id
    assert read_session_text(other_id).game_id != restore_session(storage).game_id
    marks = MemoryStorage()
    note_unsaved(marks, other_id)
    assert stale_save(marks, restore_session(storage)) == StaleSave(
        "storage.restored_older", (("played", 2), ("saved", 1))
    )


def test_the_same_boxes_but_later_dice_are_said_to_be_older_too() -> None:
    first = scored_turns(seeded_game("yatzy", 1, seed=8), 2)
    storage = saved(first)
    marks = MemoryStorage()
    note_unsaved(marks, session_text(storage, roll(first, 0)))
    stale = stale_save(marks, restore_session(storage))
    assert stale == StaleSave("storage.restored_not_latest")


def test_a_new_game_that_could_not_be_saved_is_said_to_be_missing() -> None:
    older = scored_turns(seeded_game("penta", 1, seed=5), 4)
    storage = saved(older)
    new = scored_turns(seeded_game("yatzy", 1, seed=9), 1)  # another game: another id
    marks = MemoryStorage()
    note_unsaved(marks, session_text(storage, new))
    assert stale_save(marks, restore_session(storage)) == StaleSave("storage.unsaved_game")
    note_unsaved(marks, session_text(storage, new))
    assert stale_save(marks, restore_session(MemoryStorage())) == StaleSave("storage.unsaved_game")


def test_nothing_is_said_once_a_later_save_succeeded_or_the_mark_is_damaged() -> None:
    first = scored_turns(seeded_game("penta", 1, seed=5), 1)
    storage = saved(first)
    marks = MemoryStorage()
    note_unsaved(marks, session_text(storage, first))  # what is stored is that very game
    assert stale_save(marks, restore_session(storage)) is None
    note_unsaved(marks, session_text(storage, scored_turns(first, 1)))
    forget_unsaved(marks)
    assert stale_save(marks, restore_session(storage)) is None
    marks.set(UNSAVED_KEY, '{"format": "penta-session", "version": 1, "payload": 7}')
    assert stale_save(marks, restore_session(storage)) is None
    assert marks.get(UNSAVED_KEY) is None


def test_a_mark_that_does_not_fit_is_given_up_quietly() -> None:
    game = seeded_game("penta", 1, seed=5)
    for _, after in random_steps(game, random.Random(3)):
        game = after
    marks = MemoryStorage(quota=10)
    note_unsaved(marks, session_text(MemoryStorage(), game))  # raises nothing
    assert marks.get(UNSAVED_KEY) is None
