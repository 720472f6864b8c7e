"""A stored list with some bad entries (game.persistence.storage, RecordKind.salvage): the whole
text is set aside, nothing deleted, and the entries that read alone are kept and written back in
its place; with none good, the record is set aside whole. One damaged game hid a whole history
and a whole list of unfinished games (a walk through hostile data)."""

from __future__ import annotations

import json

from game.persistence.history import HISTORY, load_history, save_history
from game.persistence.kept import KEPT, add_kept, load_kept
from game.persistence.savefile import SCHEMA_VERSION
from game.persistence.storage import MemoryStorage, ProblemKind, ReadResult
from tests.persistence.test_exchange_kept import kept
from tests.persistence.test_history_and_exchange import hand_checked


def test_a_stored_history_with_an_id_twice_is_set_aside_and_read_once() -> None:
    storage = MemoryStorage()
    assert save_history(storage, hand_checked()) is None
    envelope = json.loads(storage.items[HISTORY.key])
    envelope["payload"]["games"].append(envelope["payload"]["games"][0])
    text = json.dumps(envelope)
    storage.items[HISTORY.key] = text
    history = load_history(storage)
    assert history.value == hand_checked() and history.problem is not None
    assert (
        history.problem.kind is ProblemKind.SET_ASIDE_IN_PART
        and "already an earlier game's" in history.problem.reason
    )
    assert storage.items[history.problem.moved_to or ""] == text  # the whole text set aside
    assert load_history(storage) == ReadResult(hand_checked())  # the games read once, kept


def test_one_bad_game_of_a_history_is_set_aside_and_the_others_stay() -> None:
    """One damaged game hid a whole history (a walk through hostile data)."""
    storage = MemoryStorage()
    good = hand_checked()
    assert len(good) > 1 and save_history(storage, good) is None
    envelope = json.loads(storage.items[HISTORY.key])
    envelope["payload"]["games"][0]["players"][0]["sheet"]["ones"] = 7
    text = json.dumps(envelope)
    storage.items[HISTORY.key] = text
    history = load_history(storage)
    assert history.value == good[1:] and history.problem is not None
    assert history.problem.kind is ProblemKind.SET_ASIDE_IN_PART
    assert "history.games[0]" in history.problem.reason
    assert storage.items[history.problem.moved_to or ""] == text
    assert load_history(storage) == ReadResult(good[1:])
    # Every game bad: nothing to take, the record set aside whole, as before.
    for game in envelope["payload"]["games"]:
        game["players"][0]["sheet"]["ones"] = 7
    storage = MemoryStorage({HISTORY.key: json.dumps(envelope)})
    history = load_history(storage)
    assert history.value is None and history.problem is not None
    assert history.problem.kind is ProblemKind.INVALID and HISTORY.key not in storage.items


def test_one_unfinished_game_of_a_newer_build_hides_none_of_the_others() -> None:
    """Its version is one this build does not read: the others stay listed (a hostile-data walk
    found the whole list set aside, and it could not be imported back)."""
    storage = MemoryStorage()
    for number in (1, 2, 3):
        assert add_kept(storage, kept(number, day=number)).done
    listed = load_kept(storage).value
    assert listed is not None
    envelope = json.loads(storage.items[KEPT.key])
    envelope["payload"]["games"][1]["game"]["schema_version"] = SCHEMA_VERSION + 1
    text = json.dumps(envelope)
    storage.items[KEPT.key] = text
    read = load_kept(storage)
    assert read.value == (listed[0], listed[2]) and read.problem is not None
    assert read.problem.kind is ProblemKind.SET_ASIDE_IN_PART
    assert storage.items[read.problem.moved_to or ""] == text
