"""Corrections in a game played with real dice (game.play.corrections): the dice of a filled
box changed, the game replayed with them, totals and bonuses following; refused when a later
joker or bonus would no longer hold; the last box cleared."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from game.app.entry_intents import ApplyCorrection, CorrectionFace, OpenCorrection
from game.app.intents import CloseDialog
from game.app.model import Dialog
from game.errors import IllegalActionError, InvalidDiceError, RealDiceError, UnknownBoxError
from game.i18n.bidi import without_isolates as plain
from game.play.corrections import CorrectionRefusedError, clear_box, correct_box, dice_scored
from game.play.engine import new_game, roll, score
from game.play.move_log import Entered, Scored
from game.play.random_source import RealDice, SeededDice
from game.play.real_dice import enter_dice
from game.play.state import GameState, Player
from game.rules.dice import Dice
from tests.app.driver import AppDriver


def played(ruleset: str, turns: Sequence[tuple[Dice, str]], players: int = 1) -> GameState:
    game = new_game(ruleset, [Player(f"P{seat}") for seat in range(players)], RealDice())
    for dice, box in turns:
        game = score(enter_dice(game, game.current_player, dice), game.current_player, box)
    return game


PENTA_TURNS = [
    ((5, 5, 5, 5, 5), "penta"),
    ((6, 6, 6, 1, 2), "sixes"),
    ((6, 6, 6, 6, 6), "full_house"),  # a joker: Sixes is filled, and the Penta box holds 50
    ((1, 1, 2, 3, 4), "ones"),
]


def test_a_correction_replays_the_game_and_totals_follow() -> None:
    game = played("penta", PENTA_TURNS)
    corrected = correct_box(game, 0, "ones", (1, 1, 1, 3, 4))
    expected = played("penta", [*PENTA_TURNS[:3], ((1, 1, 1, 3, 4), "ones")])
    assert corrected.sheets == expected.sheets
    assert corrected.sheets[0].total == game.sheets[0].total + 1
    assert dice_scored(corrected, 0, "ones") == (1, 1, 1, 3, 4)
    moves = corrected.log.moves
    assert moves[-2:] == (Entered((1, 1, 1, 3, 4)), Scored("ones"))


def test_a_correction_that_would_undo_a_later_joker_is_refused() -> None:
    game = played("penta", PENTA_TURNS)
    with pytest.raises(CorrectionRefusedError) as refused:
        correct_box(game, 0, "penta", (1, 2, 3, 4, 6))  # the Penta box would hold 0
    refusal = refused.value.refusal
    assert (refusal.player, refusal.turn, refusal.box, refusal.reason) == (
        0,
        3,
        "full_house",
        "joker",
    )


def test_a_correction_that_would_lose_a_later_bonus_is_refused() -> None:
    turns = [PENTA_TURNS[0], ((6, 6, 6, 6, 6), "sixes")]  # the joker's box: a bonus
    game = played("penta", turns)
    assert game.sheets[0].five_of_a_kind_bonus_count == 1
    with pytest.raises(CorrectionRefusedError) as refused:
        correct_box(game, 0, "penta", (5, 5, 5, 5, 4))
    refusal = refused.value.refusal
    assert (refusal.turn, refusal.box, refusal.reason) == (2, "sixes", "bonus")


def test_the_corrected_dice_meet_the_rules_and_bad_ones_are_named() -> None:
    game = played("penta", PENTA_TURNS)
    with pytest.raises(InvalidDiceError, match="not 9"):
        correct_box(game, 0, "ones", (1, 1, 1, 3, 9))
    with pytest.raises(UnknownBoxError, match="twos"):
        correct_box(game, 0, "twos", (2, 2, 2, 3, 4))
    rolled = new_game("penta", [Player("Dana")], SeededDice(3))
    rolled = score(roll(rolled, 0), 0, "chance")
    with pytest.raises(RealDiceError):
        correct_box(rolled, 0, "chance", (6, 6, 6, 6, 6))


def test_another_players_box_is_corrected_in_the_middle_of_the_game() -> None:
    turns = [((2, 2, 2, 3, 3), "twos"), ((3, 3, 3, 1, 1), "threes"), ((4, 4, 1, 2, 3), "fours")]
    game = enter_dice(played("yatzy", turns, players=2), 1, (6, 6, 6, 6, 6))
    corrected = correct_box(game, 1, "threes", (3, 3, 3, 3, 1))
    assert corrected.sheets[1].points_in("threes") == 12
    assert corrected.sheets[0] == game.sheets[0]
    assert corrected.dice == (6, 6, 6, 6, 6) and corrected.current_player == 1


def test_only_the_last_box_can_be_cleared() -> None:
    turns = [((2, 2, 2, 3, 3), "twos"), ((3, 3, 3, 1, 1), "threes")]
    game = played("yatzy", turns, players=2)
    cleared = clear_box(game, 1, "threes")
    before = played("yatzy", turns[:1], players=2)
    assert cleared.sheets == before.sheets and cleared.log == before.log
    assert cleared.current_player == 1 and cleared.sheets[1].points_in("threes") is None
    assert cleared.dice is None
    with pytest.raises(IllegalActionError, match="only the last box"):
        clear_box(game, 0, "twos")


# --- from the app: the dialog, its confirmation, a refusal ---------------------------------------


def app_with(game: GameState) -> AppDriver:
    return AppDriver.with_game(game)


def test_a_correction_asks_before_it_changes_the_score() -> None:
    game = played("yatzy", [((6, 6, 6, 5, 5), "full_house"), ((1, 1, 2, 3, 4), "ones")], 2)
    driver = app_with(game)
    (cell,) = [c for c in driver.row("full_house") if c.correct]
    assert plain(cell.correct) == "Correct P0's Full house: 28"
    driver(OpenCorrection(0, "full_house"))
    assert driver.state.ui.dialog is Dialog.CORRECT
    view = driver.view().correction
    assert view is not None and [die.face for die in view.entered] == [5, 5, 6, 6, 6]
    assert not view.can_clear  # not the last box confirmed
    driver(CorrectionFace(6, add=False), CorrectionFace(5, add=True))
    view = driver.view().correction
    assert view is not None and plain(view.preview) == "With these dice: 27"
    driver(ApplyCorrection())
    view = driver.view().correction
    assert view is not None
    assert plain(view.question) == "Change P0's Full house from 28 to 27?"
    assert driver.game == game  # asked, not changed
    driver(ApplyCorrection())
    assert driver.state.ui.dialog is Dialog.NONE
    assert driver.game.sheets[0].points_in("full_house") == 27
    assert driver.game.sheets[1] == game.sheets[1]


def test_a_refused_correction_says_why_and_changes_nothing() -> None:
    driver = app_with(played("penta", PENTA_TURNS))
    driver(OpenCorrection(0, "penta"), CorrectionFace(5, add=False), CorrectionFace(6, add=True))
    view = driver.view().correction
    assert view is not None and not view.can_change
    assert plain(view.refusal) == (
        "Not possible: the joker P0 used for Full house on turn 3 would no longer be allowed."
    )
    before = driver.game
    driver(ApplyCorrection(), ApplyCorrection())
    assert driver.game == before and driver.state.ui.dialog is Dialog.CORRECT
    driver(CloseDialog())
    assert driver.state.ui.dialog is Dialog.NONE and driver.game == before


def test_the_last_box_is_cleared_after_a_confirmation() -> None:
    game = played("yatzy", [((2, 2, 2, 3, 3), "twos"), ((3, 3, 3, 1, 1), "threes")], 2)
    driver = app_with(game)
    driver(OpenCorrection(1, "threes"))
    view = driver.view().correction
    assert view is not None and view.can_clear
    driver(ApplyCorrection(clear=True))
    assert driver.game == game
    driver(ApplyCorrection(clear=True))
    assert driver.game.current_player == 1 and driver.game.sheets[1].points_in("threes") is None
