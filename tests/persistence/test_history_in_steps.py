"""The stored history checked a step at a time (CPython): what the app's start runs while the
page goes on answering, leaving load_history nothing to check again."""

from __future__ import annotations

import json
import random
from datetime import date
from typing import Any

import pytest

from game.errors import SaveFileError
from game.persistence import history
from game.persistence.history import (
    HISTORY,
    GameRecord,
    check_history_in_steps,
    load_history,
    record_game,
    records_to_data,
)
from game.persistence.storage import MemoryStorage, ProblemKind, encode_record
from game.steps import Stepped, run_through
from tests.persistence.persistence_helpers import play_to_end, seeded_game

GAMES = 7


def finished_games(count: int) -> tuple[GameRecord, ...]:
    games = []
    for number in range(count):
        game = play_to_end(seeded_game("penta", 2, seed=number), random.Random(number))
        games.append(record_game(f"{number:016x}", game, date(2026, 11, number + 1)))
    return tuple(games)


def stored(games: list[Any]) -> MemoryStorage:
    """A device holding `games` (records' data) as its history, written as the app writes it
    but not read since."""
    return MemoryStorage({HISTORY.key: encode_record(HISTORY, {"games": games})})


def refuse_every_check(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(data: object, path: str) -> GameRecord:
        raise AssertionError(f"{path} was checked again")

    monkeypatch.setattr(history, "record_from_data", refused)


def test_the_steps_check_every_game_and_leave_load_history_nothing_to_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    games = finished_games(GAMES)
    storage = stored(records_to_data(games))
    steps = sum(1 for _ in check_history_in_steps(storage, games_per_step=3))
    assert steps == GAMES // 3
    refuse_every_check(monkeypatch)
    read = load_history(storage)
    assert read.problem is None
    assert read.value == games


def test_a_damaged_history_is_read_in_part_in_steps_and_the_problem_returned(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Read in part at once, one bad game of 1,500 froze the page for 6 s (a hostile walk)."""
    games = records_to_data(finished_games(5))
    games[1]["players"][0]["total"] += 1
    storage = stored(games)
    text = storage.items[HISTORY.key]
    steps = Stepped(check_history_in_steps(storage, games_per_step=1))
    assert sum(1 for _ in steps) >= len(games)
    problem = steps.result
    assert problem is not None and problem.kind is ProblemKind.SET_ASIDE_IN_PART
    assert "history.games[1]" in problem.reason
    assert storage.items[problem.moved_to or ""] == text  # the whole text set aside
    refuse_every_check(monkeypatch)
    read = load_history(storage)
    assert read.problem is None
    good = [game["id"] for index, game in enumerate(games) if index != 1]
    assert [record.id for record in read.value or ()] == good


def test_a_history_of_which_no_game_reads_is_left_to_load_history() -> None:
    games = records_to_data(finished_games(2))
    for game in games:
        game["players"][0]["total"] += 1
    storage = stored(games)
    steps = Stepped(check_history_in_steps(storage, games_per_step=1))
    assert list(steps) and steps.result is None
    read = load_history(storage)
    assert read.problem is not None and read.problem.kind is ProblemKind.INVALID


@pytest.mark.parametrize("text", ["{not json", json.dumps({"format": "penta-history"})])
def test_text_that_is_no_history_ends_the_steps_at_once(text: str) -> None:
    storage = MemoryStorage({HISTORY.key: text})
    assert list(check_history_in_steps(storage, games_per_step=1)) == []
    assert load_history(storage).problem is not None


def test_an_older_version_is_checked_in_steps_and_written_back_upgraded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """It was upgraded in one long task at every start, and never written back (1,500 games
    froze each start for 3.3 s: a hostile-data walk)."""
    games = records_to_data(finished_games(2))
    for game in games:
        del game["finished_time"]  # version 4 kept no time of day
    envelope = {"format": HISTORY.format, "version": 4, "payload": {"games": games}}
    storage = MemoryStorage({HISTORY.key: json.dumps(envelope)})
    assert len(list(check_history_in_steps(storage, games_per_step=1))) == 2
    assert json.loads(storage.items[HISTORY.key])["version"] == HISTORY.versions.current
    refuse_every_check(monkeypatch)
    read = load_history(storage)
    assert read.problem is None
    assert [record.finished_time for record in read.value or ()] == [None, None]
    assert [record.id for record in read.value or ()] == [game["id"] for game in games]


def test_a_history_saved_during_the_steps_is_kept_as_saved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game ends while the start's steps run: the history it saves is the one remembered,
    not the older text the steps were checking."""
    games = finished_games(3)
    storage = stored(records_to_data(games))
    steps = check_history_in_steps(storage, games_per_step=1)
    next(steps)
    assert history.save_history(storage, games[:1]) is None
    for _ in steps:
        pass
    refuse_every_check(monkeypatch)
    assert load_history(storage).value == games[:1]


def test_records_read_at_once_refuse_an_id_twice_naming_the_second() -> None:
    data = records_to_data(finished_games(2))
    data[1]["id"] = data[0]["id"]
    with pytest.raises(SaveFileError, match=r"games\[1\]\.id: .* is already an earlier game's"):
        run_through(history.records_from_data_in_steps(data, "games", games_per_step=None))
