"""The tray names whose turn it is and shows the previous player's move (CPython).

On a phone passed around the table, the title above the sheet is often scrolled out of sight:
the tray at the bottom of the screen says whose turn it is, and what the player before did.
"""

from __future__ import annotations

import pytest

from game.app.intents import (
    ConfirmTurn,
    Roll,
    SelectBox,
    SetLanguage,
    SetUndo,
    SkipComputers,
    StartGame,
    Undo,
)
from game.app.setup_intents import AddPlayer, RenamePlayer
from game.app.start import initial_state
from game.i18n.bidi import without_isolates
from game.i18n.locale import LANGUAGE_CODES
from game.i18n.translator import Translator
from game.play.state import PlayerKind
from game.play.undo import UndoSetting
from tests.app.driver import AppDriver
from tests.app.test_real_dice import enter, real_dice_driver
from tests.i18n.isolation import iso


def table(language: str, *others: PlayerKind) -> AppDriver:
    """Mäe, and players of the kinds `others`, at a table whose intents come a second apart (a
    Roll right after a Roll is ignored)."""
    setup = AppDriver(initial_state([language], seed=5))
    setup.now, setup.step, setup.pace_rolls = 0.0, 1.0, False
    setup(RenamePlayer(0, "Mäe"))
    for kind in others:
        setup(AddPlayer(kind))
    return setup


def score_first_open_box(game: AppDriver) -> str:
    game(Roll())
    view = game.view()
    box = next(cell.box for row in view.sheet.rows for cell in row.cells if cell.box)
    assert box is not None
    game(SelectBox(box), ConfirmTurn())
    return box


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_after_the_computers_turn_the_tray_names_the_human_and_shows_the_computers_move(
    language: str,
) -> None:
    t = Translator(language, strict=True)
    game = table(language, PlayerKind.COMPUTER)
    game(StartGame())
    view = game.view()
    assert view.status == t("turn.roll_first_named", name="Mäe")
    assert "Mäe" in view.status
    assert view.last_move == ""  # nobody has played yet
    assert view.player == 0

    score_first_open_box(game)
    assert game.view().is_computer and game.view().player == 1
    game(SkipComputers())
    view = game.view()
    assert not view.is_computer and view.player == 0
    assert view.status == t("turn.roll_first_named", name="Mäe")
    computer = game.state.game.players[1].name  # type: ignore[union-attr]
    scored = [
        (row.label, cell.text)
        for row in view.sheet.rows
        if row.kind == "box"
        for cell in row.cells[1:]
        if cell.state == "filled"
    ]
    assert len(scored) == 1
    box_name, points = scored[0]
    (event,) = [score for score in game.state.ui.recent_scores if score.player == 1]
    scored_line = t("turn.scored", name=computer, points=int(points), box=box_name)
    # With its dice, to check it by: its turn went by (skipped here).
    expected = t("turn.scored_with_dice", move=scored_line, dice=t.format_dice(event.dice))
    assert view.last_move == expected
    assert computer in view.last_move

    # The line stays until the next roll.
    game(Roll())
    view = game.view()
    assert view.last_move == ""
    assert view.status != t("turn.roll_first_named", name="Mäe")


def test_the_last_move_line_follows_the_language() -> None:
    game = table("en", PlayerKind.COMPUTER)
    game(StartGame())
    score_first_open_box(game)
    game(SkipComputers())
    english = game.view().last_move
    assert without_isolates(english).startswith("Computer 1 scored ")
    game(SetLanguage("et"))
    estonian = game.view().last_move
    assert without_isolates(estonian).startswith("Arvuti 1: ") or without_isolates(
        estonian
    ).startswith(game.state.game.players[1].name + ": ")  # type: ignore[union-attr]
    assert game.view().status == f"{iso('Mäe')}, käigu alustamiseks heida täringuid."


def test_between_two_humans_the_next_one_is_named_and_sees_the_others_move() -> None:
    game = table("en", PlayerKind.HUMAN)
    game(RenamePlayer(1, "Avi"), StartGame())
    box = score_first_open_box(game)
    view = game.view()
    assert view.player == 1
    assert view.status == f"{iso('Avi')}, roll the dice to start your turn."
    assert view.last_move.startswith(f"{iso('Mäe')} scored ")
    assert view.last_move.endswith(" in " + iso(Translator("en").box_name("penta", box)))


def test_a_solo_player_is_not_named_and_sees_no_last_move() -> None:
    game = table("en")
    game(StartGame())
    assert game.view().status == "Roll the dice to start your turn."
    score_first_open_box(game)
    view = game.view()
    assert view.status == "Roll the dice to start your turn."
    assert view.last_move == ""  # the player's own move: nothing new to tell
    assert view.can_undo  # and Undo shows, without moving Roll (tests/e2e/test_tray.py)


def test_taking_a_turn_back_shows_no_last_move() -> None:
    game = table("en", PlayerKind.HUMAN)
    game(SetUndo(UndoSetting.ON), StartGame())
    score_first_open_box(game)
    assert game.view().can_undo and game.view().player == 1
    game(Undo())
    view = game.view()
    assert view.player == 0
    assert view.last_move == ""


def test_a_further_penta_says_its_bonus_beside_the_joker_and_cheers_once_scored() -> None:
    # A walk rolled a second Penta: the folded line said only the joker's rule, the +100 was
    # behind "More", and once scored nothing cheered it.
    driver = real_dice_driver("penta", ("Dana",))
    enter(driver, (5, 5, 5, 5, 5))
    driver(SelectBox("penta"), ConfirmTurn())
    enter(driver, (5, 5, 5, 5, 5))  # Fives open: the joker sends it there
    view = driver.view()
    assert view.bonus_message and view.message
    assert view.tray_summary == f"{view.bonus_message} · {view.message}"
    driver(SelectBox("fives"), ConfirmTurn())
    assert (
        without_isolates(driver.view().celebration) == "Another Penta! 100 bonus points for Dana!"
    )
    enter(driver, (1, 2, 3, 4, 6))
    assert driver.view().celebration == ""  # until the next roll
