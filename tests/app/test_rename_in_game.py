"""Renaming a player of the game under way, from the settings (a walk misspelt a name at the
table, renamed the player on the New game screen, whose names are the next game's, resumed, and
found the game unchanged)."""

from __future__ import annotations

import pytest

from game.app.effects import SaveSession
from game.app.intents import (
    ConfirmTurn,
    OpenSettings,
    Roll,
    SelectBox,
    SetLanguage,
    StartGame,
    Undo,
)
from game.app.model import Screen
from game.app.setup_intents import RenameInGame
from game.i18n.bidi import without_isolates as plain
from game.play.state import MAX_NAME_LENGTH
from tests.app.driver import AppDriver


def playing(*seats: tuple[str, str]) -> AppDriver:
    driver = AppDriver.seeded(3)
    driver.set_players(
        [(name, kind, "optimal" if kind == "computer" else None) for name, kind in seats]
    )
    driver(StartGame())
    return driver


def test_a_name_changed_is_the_game_s_and_saved() -> None:
    driver = playing(("Isa", "human"), ("Ema", "human"))
    driver(OpenSettings(), RenameInGame(0, "  Jaan "))
    assert [p.name for p in driver.game.players] == ["Jaan", "Ema"]
    saved = [e for e in driver.effects if isinstance(e, SaveSession)]
    assert saved and saved[-1].game is not None and saved[-1].game.players[0].name == "Jaan"
    settings = driver.snapshot().settings
    assert [(f.player, f.name) for f in settings.names] == [(0, "Jaan"), (1, "Ema")]
    assert [plain(f.label) for f in settings.names] == ["Player 1's name", "Player 2's name"]


def test_each_name_is_labelled_by_its_seat_s_default_name() -> None:
    driver = playing(("Isa", "human"), ("Bot", "computer"), ("Ema", "human"))
    driver(OpenSettings())
    labels = [plain(f.label) for f in driver.snapshot().settings.names]
    assert labels == ["Player 1's name", "Computer 1's name", "Player 2's name"]


def test_an_undo_keeps_the_new_name() -> None:
    driver = playing(("Isa", "human"), ("Ema", "human"))
    driver(Roll())
    box = next(iter(driver.game.options.points))  # type: ignore[union-attr]
    driver(SelectBox(box), ConfirmTurn())
    driver(RenameInGame(0, "Jaan"))
    driver(Undo())
    assert driver.game.current_player == 0 and driver.game.sheets[0].points_in(box) is None
    assert driver.game.players[0].name == "Jaan"


def test_a_blank_name_is_the_seat_s_default_name_and_odd_characters_go() -> None:
    driver = playing(("Isa", "human"), ("Robo", "computer"))
    driver(RenameInGame(0, "   "), RenameInGame(1, ""))
    assert [p.name for p in driver.game.players] == ["Player 1", "Computer 1"]
    driver(RenameInGame(0, "Ja\u0000an\n" + "x" * 80))
    name = driver.game.players[0].name
    assert name.startswith("Jaan") and "\u0000" not in name and len(name) == MAX_NAME_LENGTH


@pytest.mark.parametrize(
    "intent",
    [RenameInGame(2, "Jaan"), RenameInGame(-1, "Jaan"), RenameInGame(True, "Jaan")],
    ids=["no such seat", "negative", "a bool"],
)
def test_no_such_player_changes_nothing(intent: RenameInGame) -> None:
    driver = playing(("Isa", "human"), ("Ema", "human"))
    before = driver.state
    driver(intent)
    assert driver.state is before


def test_nothing_is_renamed_off_the_game() -> None:
    driver = AppDriver.seeded(3)
    assert driver.state.screen is Screen.SETUP
    before = driver.state
    driver(RenameInGame(0, "Jaan"))
    assert driver.state is before
    assert driver.snapshot().settings.names == ()


@pytest.mark.parametrize(("language", "label"), [("et", "Mängija 1 nimi"), ("he", "השם של שחקן 1")])
def test_the_fields_are_labelled_in_the_language(language: str, label: str) -> None:
    driver = playing(("Isa", "human"))
    driver(SetLanguage(language))
    settings = driver.snapshot().settings
    assert [plain(f.label) for f in settings.names] == [label]
    assert settings.names_help and settings.names_label
