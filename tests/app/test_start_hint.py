"""The start hint (game.app.start_hint): what the next start shows before Python runs."""

from __future__ import annotations

import json

from game.app.intents import AskLeave, NewGame, SetLanguage, SkipGuide, StartGame, TabLost
from game.app.start_hint import START_HINT_FORMAT, START_HINT_VERSION, start_hint
from tests.app.driver import AppDriver


def hint_of(driver: AppDriver) -> dict[str, object] | None:
    text = start_hint(driver.state)
    return None if text is None else json.loads(text)


def test_the_hint_follows_the_language_and_the_game() -> None:
    driver = AppDriver.seeded(2)
    head = {"format": START_HINT_FORMAT, "version": START_HINT_VERSION}
    assert hint_of(driver) == {**head, "language": "en", "game": False, "welcome": True}
    driver(SetLanguage("et"), StartGame(), SkipGuide())
    assert hint_of(driver) == {**head, "language": "et", "game": True, "welcome": False}
    driver(AskLeave(), NewGame())
    assert hint_of(driver) == {**head, "language": "et", "game": False, "welcome": False}


def test_a_tab_whose_game_another_tab_took_writes_no_hint() -> None:
    driver = AppDriver.seeded(2)
    driver(StartGame(), TabLost())
    assert start_hint(driver.state) is None
