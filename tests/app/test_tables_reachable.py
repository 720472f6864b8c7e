"""A strategy table that could not be had (offline, before it was kept) is asked for again once
the device can fetch again (TablesReachable: back online, or every file kept): the hints come
back mid-game, and the review that waited for it is computed. A walk came back online and still
had neither until it restarted the app."""

from __future__ import annotations

from game.app.effects import ComputeReview, FetchTable
from game.app.intents import SetAutoScore, StartGame
from game.app.model import CoachStatus
from game.app.review_intents import OpenReview
from game.app.table_intents import TablesReachable
from tests.app.driver import AppDriver
from tests.app.test_review_screen import SOLO, review_view


def offline_game(seed: int) -> AppDriver:
    driver = AppDriver.seeded(seed)
    driver.set_players(SOLO)
    driver(SetAutoScore(0), StartGame())
    driver.tables_failed()
    return driver


def test_the_hints_come_back_once_the_table_can_be_fetched() -> None:
    driver = offline_game(3)
    assert driver.state.tables.status("penta") is CoachStatus.UNAVAILABLE
    driver.play_turns(1)
    driver(TablesReachable())
    assert [e for e in driver.effects if isinstance(e, FetchTable)] == [FetchTable("penta")]
    assert driver.state.tables.status("penta") is CoachStatus.LOADING
    driver.tables_ready()
    assert driver.state.tables.status("penta") is CoachStatus.READY
    # Nothing failed: nothing is asked for again, nothing changes.
    before = driver.state
    driver(TablesReachable())
    assert driver.state is before and driver.effects == ()


def test_the_review_waiting_for_the_table_is_computed_once_it_comes() -> None:
    driver = offline_game(3)
    driver.play_to_end()
    driver(OpenReview(0))
    assert "could not be loaded" in review_view(driver).status
    driver(TablesReachable())
    assert FetchTable("penta") in driver.effects
    driver.tables_ready()
    assert [effect for effect in driver.effects if isinstance(effect, ComputeReview)]
