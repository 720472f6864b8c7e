"""The history's finished games a page at a time, newest first: all 1,000 of a long history
took 0.8 s to show, the page frozen."""

from __future__ import annotations

import random
from datetime import date, timedelta

from game.app.intents import CloseDialog, NewGame, OpenHistory, ShowOlderGames
from game.app.model import HISTORY_PAGE
from game.i18n.bidi import without_isolates as plain
from game.persistence.history import record_game, save_history
from game.persistence.storage import MemoryStorage
from tests.app.kept_device import opened
from tests.persistence.persistence_helpers import play_to_end, seeded_game

EXTRA = 5
"""Games beyond two whole pages."""


def device_with_games(count: int) -> tuple[MemoryStorage, list[str]]:
    """A device whose history holds `count` games, a day apart; their ids, newest first."""
    storage = MemoryStorage()
    played = play_to_end(seeded_game("penta", 1, seed=3), random.Random(3))
    first = date(2026, 1, 1)
    records = tuple(
        record_game(f"{number:016x}", played, first + timedelta(days=number))
        for number in range(count)
    )
    assert save_history(storage, records) is None
    return storage, [record.id for record in reversed(records)]


def test_the_list_shows_a_page_and_each_tap_the_next_until_every_game_shows() -> None:
    storage, newest_first = device_with_games(2 * HISTORY_PAGE + EXTRA)
    device = opened(storage)
    device(OpenHistory())
    history = device.snapshot().history
    assert history is not None
    assert [game.id for game in history.games] == newest_first[:HISTORY_PAGE]
    assert plain(history.older_label) == f"Show {HISTORY_PAGE} older games"

    device(ShowOlderGames())
    history = device.snapshot().history
    assert history is not None
    assert [game.id for game in history.games] == newest_first[: 2 * HISTORY_PAGE]
    assert plain(history.older_label) == f"Show {EXTRA} older games"

    device(ShowOlderGames())
    history = device.snapshot().history
    assert history is not None
    assert [game.id for game in history.games] == newest_first
    assert history.older_label == ""
    assert device.state.ui.history_shown >= len(newest_first)


def test_the_history_opened_again_shows_its_first_page() -> None:
    storage, newest_first = device_with_games(HISTORY_PAGE + 1)
    device = opened(storage)
    device(OpenHistory(), ShowOlderGames())
    device(CloseDialog(), NewGame(), OpenHistory())
    history = device.snapshot().history
    assert history is not None
    assert [game.id for game in history.games] == newest_first[:HISTORY_PAGE]
    assert plain(history.older_label) == "Show 1 older game"


def test_older_games_are_asked_for_on_the_history_alone() -> None:
    storage, _ = device_with_games(HISTORY_PAGE + 1)
    device = opened(storage)
    before = device.state
    device(ShowOlderGames())
    assert device.state is before
