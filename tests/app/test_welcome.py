"""The New game screen of a device never played on says what the game is, in a line beside its
title, and says no more of it once anything was played (game.present.screens)."""

from __future__ import annotations

import random
from datetime import date

import pytest

from cli.random_play import random_game
from game.app.entry_intents import ChooseDice
from game.app.intents import (
    AskLeave,
    NewGame,
    Roll,
    SetLanguage,
    SkipGuide,
    StartGame,
    StatsLoaded,
)
from game.app.preferences import preferences_to_data
from game.app.setup_intents import RenamePlayer
from game.app.start import initial_state
from game.i18n.translator import Translator
from game.persistence.history import record_game
from game.persistence.stats import player_stats
from game.play.engine import new_game
from game.play.random_source import SeededDice
from game.play.state import Player
from tests.app.driver import AppDriver
from tests.app.kept_device import Device, kept_list

LANGUAGES = ("en", "et", "he")


def welcome(driver: AppDriver) -> str:
    setup = driver.snapshot().setup
    assert setup is not None
    return setup.welcome


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_first_start_says_what_the_game_is(language: str) -> None:
    first = AppDriver(initial_state([language]))
    assert welcome(first) == Translator(language)("setup.welcome")
    first(ChooseDice(real=True))  # the same game, with the dice in hand
    assert welcome(first) == Translator(language)("setup.welcome")


def test_the_line_goes_once_the_guide_is_skipped_or_a_game_kept_or_started() -> None:
    driver = AppDriver(initial_state(["en"]))
    assert welcome(driver)
    driver.tables_failed()
    driver(StartGame(), SkipGuide(), AskLeave(), NewGame())
    assert driver.state.settings.guide_done and not driver.state.ui.kept_games
    assert welcome(driver) == ""
    # A game left and kept, its guide neither followed nor skipped.
    device = Device(initial_state(["en"]))
    device(RenamePlayer(0, "Dana"), StartGame())
    device.tables_failed()
    device(Roll(), AskLeave(), NewGame())
    assert kept_list(device) and not device.state.settings.guide_done
    assert welcome(device) == ""
    # Nor at the next start, where the preferences kept the setup of the game started.
    again = AppDriver(initial_state(["en"], preferences=preferences_to_data(device.state)))
    assert again.state.setup.restored and welcome(again) == ""
    # A game finished on this device (the history read at the start).
    finished = random_game(new_game("yatzy", [Player("Dana")], SeededDice(3)), random.Random(3))
    record = record_game("00000000000000a1", finished, date(2026, 12, 1))
    fresh = AppDriver(initial_state(["en"]))
    fresh(StatsLoaded(player_stats((record,)), records=(record,)))
    assert welcome(fresh) == ""


def test_a_seeded_page_keeps_its_dice_code_note_beside_it() -> None:
    setup = AppDriver(initial_state(["en"], seed=4)).snapshot().setup
    assert setup is not None and setup.welcome
    assert setup.note == Translator("en")("setup.seeded", seed="4")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_language_chosen_on_a_first_start_is_no_setup_to_restore(language: str) -> None:
    """The preferences are kept at any change of a setting, the default seats with them: the
    next start said "Your last setup is ready" to a player who had only chosen a language, and
    no longer said what the game is (a walk)."""
    first = AppDriver(initial_state(["en"]))
    first(SetLanguage(language))
    again = AppDriver(initial_state(["en"], preferences=preferences_to_data(first.state)))
    setup = again.snapshot().setup
    assert setup is not None and again.state.settings.language == language
    assert not again.state.setup.restored
    assert setup.note == ""
    assert setup.welcome == Translator(language)("setup.welcome")
