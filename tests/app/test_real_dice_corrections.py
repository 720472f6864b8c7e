"""Corrections in a game played with real dice (game.play.corrections): the dice of any filled
box changed, or any filled box cleared (that player owes the turn and plays next), the rules
checked again (a later joker or bonus refuses the change), totals and bonuses following, every
change kept in the move log as its own move; through the app, with its confirmation and the
sheet's mark."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from datetime import date

import pytest

from game.app.effects import SaveSession
from game.app.entry_intents import (
    ApplyCorrection,
    CorrectionFace,
    EnterAgain,
    EnterFace,
    OpenCorrection,
)
from game.app.intents import CloseDialog, ConfirmTurn, SelectBox
from game.app.model import Dialog, Screen
from game.coach.optimal import AdvisorCoach
from game.coach.protocol import CoachMode
from game.errors import GameError, GameOverError, InvalidDiceError, RealDiceError, UnknownBoxError
from game.i18n.bidi import without_isolates as plain
from game.i18n.translator import Translator
from game.persistence.history import load_history
from game.persistence.savefile import dump_game, load_game
from game.persistence.session import save_session
from game.persistence.storage import MemoryStorage
from game.play.corrections import clear_box, correct_box, corrected_boxes, dice_scored
from game.play.engine import new_game, roll, score
from game.play.move_log import Cleared, Corrected, walk
from game.play.random_source import RealDice, SeededDice
from game.play.real_dice import enter_dice
from game.play.recheck import CorrectionRefusedError
from game.play.sheet import Sheet
from game.play.state import GameState, Player
from game.present.correction_view import correction_view
from game.rules.dice import Dice
from tests.app.driver import AppDriver
from tests.app.kept_device import TODAY, opened
from tests.app.test_real_dice import ScriptedDice, enter, real_dice_driver
from tests.solved_tables import solved_advisor


def played(ruleset: str, turns: Sequence[tuple[Dice, str]], players: int = 1) -> GameState:
    game = new_game(ruleset, [Player(f"P{seat}") for seat in range(players)], RealDice())
    return play(game, turns)


def play(game: GameState, turns: Sequence[tuple[Dice, str]]) -> GameState:
    for dice, box in turns:
        game = score(enter_dice(game, game.current_player, dice), game.current_player, box)
    return game


def alone(ruleset: str, turns: Sequence[tuple[Dice, str]]) -> Sheet:
    """The sheet one player gets from `turns` rolled on screen by the engine (the reference:
    a player's sheet follows from their own turns only)."""
    faces = tuple(face for dice, _ in turns for face in dice)
    game = new_game(ruleset, [Player("Ref")], ScriptedDice(faces))
    for _, box in turns:
        game = score(roll(game, 0), 0, box)
    return game.sheets[0]


PENTA_TURNS = [
    ((5, 5, 5, 5, 5), "penta"),
    ((6, 6, 6, 1, 2), "sixes"),
    ((6, 6, 6, 6, 6), "full_house"),  # a joker: Sixes is filled, and the Penta box holds 50
    ((1, 1, 2, 3, 4), "ones"),
]


# --- changing the dice ---------------------------------------------------------------------------


def test_a_correction_replays_the_game_and_totals_follow() -> None:
    game = played("penta", PENTA_TURNS)
    corrected = correct_box(game, 0, "ones", (1, 1, 1, 3, 4))
    expected = played("penta", [*PENTA_TURNS[:3], ((1, 1, 1, 3, 4), "ones")])
    assert corrected.sheets == expected.sheets
    assert corrected.sheets[0].total == game.sheets[0].total + 1
    assert dice_scored(corrected, 0, "ones") == (1, 1, 1, 3, 4)
    # The turns stay as they were played; the correction is a move of its own after them.
    assert corrected.log.moves[:-1] == game.log.moves
    assert corrected.log.moves[-1] == Corrected(0, "ones", (1, 1, 2, 3, 4), (1, 1, 1, 3, 4))
    walked = walk(game.ruleset, [Sheet.empty(game.ruleset)], 0, corrected.log.moves)
    assert walked.sheets == corrected.sheets
    assert corrected_boxes(corrected) == {(0, "ones")}


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
    with pytest.raises(UnknownBoxError, match="player 3"):
        correct_box(game, 3, "ones", (1, 1, 1, 3, 4))
    with pytest.raises(GameError, match="already"):
        correct_box(game, 0, "ones", (4, 3, 2, 1, 1))
    rolled = new_game("penta", [Player("Dana")], SeededDice(3))
    rolled = score(roll(rolled, 0), 0, "chance")
    with pytest.raises(RealDiceError):
        correct_box(rolled, 0, "chance", (6, 6, 6, 6, 6))


def test_another_players_box_is_corrected_in_the_middle_of_a_turn() -> None:
    turns = [((2, 2, 2, 3, 3), "twos"), ((3, 3, 3, 1, 1), "threes"), ((4, 4, 1, 2, 3), "fours")]
    game = enter_dice(played("yatzy", turns, players=2), 1, (6, 6, 6, 6, 6))
    corrected = correct_box(game, 1, "threes", (3, 3, 3, 3, 1))
    assert corrected.sheets[1].points_in("threes") == 12
    assert corrected.sheets[0] == game.sheets[0]
    assert corrected.dice == (6, 6, 6, 6, 6) and corrected.current_player == 1
    finished_turn = score(corrected, 1, "yatzy")
    assert finished_turn.sheets[1].points_in("yatzy") == 50
    walked = walk(game.ruleset, [Sheet.empty(game.ruleset)] * 2, 0, finished_turn.log.moves)
    assert walked.sheets == finished_turn.sheets


def test_a_finished_game_is_corrected_and_a_box_cleared_puts_it_back_in_play() -> None:
    game = new_game("yatzy", [Player("Dana")], RealDice())
    boxes = game.ruleset.box_ids
    game = play(game, [((6, 6, 6, 6, 6), box) for box in boxes])
    assert game.is_over
    corrected = correct_box(game, 0, "chance", (1, 2, 3, 4, 6))
    assert corrected.is_over and corrected.sheets[0].total == game.sheets[0].total - 14
    assert load_game(dump_game(corrected)) == corrected  # its log replays, saved or recorded
    cleared = clear_box(corrected, 0, "chance")
    assert not cleared.is_over and cleared.sheets[0].points_in("chance") is None
    assert load_game(dump_game(cleared)) == cleared
    # Nothing but a correction follows the last box.
    with pytest.raises(GameOverError):
        enter_dice(corrected, 0, (1, 1, 1, 1, 1))


# --- clearing: the turn put back -----------------------------------------------------------------


def test_any_earlier_box_is_cleared_and_that_player_plays_next() -> None:
    turns = [
        ((2, 2, 2, 3, 3), "twos"),  # P0
        ((3, 3, 3, 1, 1), "threes"),  # P1
        ((4, 4, 1, 2, 3), "fours"),  # P2
        ((5, 5, 5, 1, 2), "fives"),  # P0
    ]
    game = played("yatzy", turns, players=3)
    assert game.current_player == 1
    cleared = clear_box(game, 0, "twos")  # P0's first box, three turns ago
    assert cleared.sheets[0].points_in("twos") is None
    assert cleared.sheets[0].points_in("fives") == 15
    assert cleared.sheets[1:] == game.sheets[1:]
    assert cleared.log.moves[-1] == Cleared(0, "twos", (2, 2, 2, 3, 3))
    # P0 owes a turn again: with P1 and P2 at one box each, the earliest of them plays first.
    assert cleared.current_player == 0 and cleared.turn_number == 2
    again = play(cleared, [((6, 6, 6, 2, 2), "sixes")])
    assert [again.current_player, again.turn_number] == [1, 2]  # the order resumes
    again = play(again, [((1, 1, 1, 1, 5), "ones"), ((6, 6, 1, 2, 3), "sixes")])
    assert again.current_player == 0
    assert again.sheets[0] == alone("yatzy", [turns[3], ((6, 6, 6, 2, 2), "sixes")])
    walked = walk(game.ruleset, [Sheet.empty(game.ruleset)] * 3, 0, again.log.moves)
    assert walked.sheets == again.sheets and walked.game_turn == again.game_turn == 6


def test_a_box_of_a_player_after_the_one_to_play_is_cleared() -> None:
    turns = [((2, 2, 2, 3, 3), "twos"), ((3, 3, 3, 1, 1), "threes"), ((4, 4, 1, 2, 3), "fours")]
    game = played("yatzy", turns, players=3)  # P0 to play, round 2
    cleared = clear_box(game, 2, "fours")
    assert cleared.current_player == 2  # P2 has the fewest boxes
    again = play(cleared, [((4, 4, 4, 2, 3), "fours")])
    assert again.current_player == 0 and again.sheets[2].points_in("fours") == 12
    assert corrected_boxes(again) == {(2, "fours")}  # cleared and played again there: marked
    # Played again in another box, that box is marked, where the fix went; the box cleared,
    # filled by a later, ordinary turn, is not (a walk read its mark as that number fixed).
    later = play(clear_box(game, 2, "fours"), [((5, 5, 5, 2, 3), "fives")])
    assert corrected_boxes(later) == {(2, "fives")}
    later = play(later, [((1, 1, 2, 3, 4), "ones"), ((1, 2, 2, 3, 4), "twos")])
    later = play(later, [((1, 1, 1, 1, 4), "fours")])
    assert later.sheets[2].points_in("fours") == 4
    assert corrected_boxes(later) == {(2, "fives")}
    # Two boxes cleared: the player owes two turns, each marked where it went.
    twice = play(game, [((1, 1, 1, 2, 3), "ones"), ((2, 2, 1, 4, 5), "twos")])
    twice = play(twice, [((6, 6, 6, 1, 2), "sixes")])  # P0 to play, round 3
    twice = clear_box(clear_box(twice, 2, "fours"), 2, "sixes")
    twice = play(twice, [((3, 3, 3, 1, 2), "threes"), ((5, 5, 1, 2, 3), "fives")])
    assert corrected_boxes(twice) == {(2, "threes"), (2, "fives")}


def test_a_clear_that_would_break_a_later_joker_is_refused() -> None:
    game = played("penta", PENTA_TURNS)
    with pytest.raises(CorrectionRefusedError) as refused:
        clear_box(game, 0, "sixes")  # the later 66666 would have to go in Sixes
    refusal = refused.value.refusal
    assert (refusal.player, refusal.turn, refusal.box, refusal.reason) == (
        0,
        3,
        "full_house",
        "joker",
    )
    assert clear_box(game, 0, "ones").sheets[0].points_in("full_house") == 25


def test_a_clear_that_would_lose_a_later_bonus_is_refused() -> None:
    game = played("penta", [PENTA_TURNS[0], ((6, 6, 6, 6, 6), "sixes")])
    with pytest.raises(CorrectionRefusedError) as refused:
        clear_box(game, 0, "penta")
    refusal = refused.value.refusal
    assert (refusal.turn, refusal.box, refusal.reason) == (2, "sixes", "bonus")


def test_a_box_is_cleared_between_turns_only() -> None:
    game = enter_dice(played("yatzy", [((2, 2, 2, 3, 3), "twos")], players=2), 1, (1, 1, 1, 2, 3))
    with pytest.raises(CorrectionRefusedError) as refused:
        clear_box(game, 0, "twos")
    assert refused.value.refusal.reason == "dice"


# --- from the app: the dialog, its confirmation, a refusal, the sheet's mark ---------------------


def app_with(game: GameState, language: str = "en") -> AppDriver:
    return AppDriver.with_game(game, language)


def test_a_correction_asks_before_it_changes_the_score() -> None:
    game = played("yatzy", [((6, 6, 6, 5, 5), "full_house"), ((1, 1, 2, 3, 4), "ones")], 2)
    driver = app_with(game)
    (cell,) = [c for c in driver.row("full_house") if c.correct]
    assert plain(cell.correct) == "Correct P0's Full house: 28" and not cell.corrected
    driver(OpenCorrection(0, "full_house"))
    assert driver.state.ui.dialog is Dialog.CORRECT
    view = driver.snapshot().correction
    assert view is not None and [die.face for die in view.entered] == [5, 5, 6, 6, 6]
    assert view.can_clear and view.clear_refusal == ""  # any box, not only the last one
    assert view.refusal == view.preview == "" and not view.can_change  # nothing changed yet
    driver(CorrectionFace(6, add=False), CorrectionFace(5, add=True))
    view = driver.snapshot().correction
    assert view is not None and plain(view.preview) == "With these dice: 27 points"
    driver(ApplyCorrection())
    view = driver.snapshot().correction
    assert view is not None
    assert plain(view.question) == (
        "Change P0's Full house from 28 to 27? P0's total goes from 28 to 27."
    )
    assert driver.game == game  # asked, not changed
    driver(ApplyCorrection())
    assert driver.state.ui.dialog is Dialog.NONE
    assert driver.game.sheets[0].points_in("full_house") == 27
    assert driver.game.sheets[1] == game.sheets[1]
    (cell,) = [c for c in driver.row("full_house") if c.correct]
    assert cell.corrected and plain(cell.label) == "P0, Full house: 27 (corrected)"
    assert plain(cell.correct) == "Correct P0's Full house: 27 (corrected)"


@pytest.mark.parametrize(
    ("language", "marked"),
    [("he", "P0, פול האוס: 27 (תוקן)"), ("et", "P0, Maja: 27 (parandatud)")],
)
def test_the_corrected_mark_is_named_in_every_language(language: str, marked: str) -> None:
    game = played("yatzy", [((6, 6, 6, 5, 5), "full_house"), ((1, 1, 2, 3, 4), "ones")], 2)
    driver = app_with(correct_box(game, 0, "full_house", (6, 6, 5, 5, 5)), language)
    cell = driver.row("full_house")[0]
    assert cell.corrected and plain(cell.label) == marked
    assert not driver.row("ones")[1].corrected


def test_a_refused_correction_says_why_and_changes_nothing() -> None:
    driver = app_with(played("penta", PENTA_TURNS))
    driver(OpenCorrection(0, "penta"), CorrectionFace(5, add=False), CorrectionFace(6, add=True))
    view = driver.snapshot().correction
    assert view is not None and not view.can_change
    assert plain(view.refusal) == (
        "Not possible: the joker P0 used for Full house in round 3 would no longer be allowed."
    )
    # Clearing the Penta box would take the joker away too: not offered, and the dialog says why.
    assert not view.can_clear
    assert plain(view.clear_refusal) == (
        "This box cannot be cleared: the joker P0 used for Full house in round 3 would no "
        "longer be allowed."
    )
    before = driver.game
    driver(ApplyCorrection(), ApplyCorrection(), ApplyCorrection(clear=True))
    driver(ApplyCorrection(clear=True))
    assert driver.game == before and driver.state.ui.dialog is Dialog.CORRECT
    driver(CloseDialog())
    assert driver.state.ui.dialog is Dialog.NONE and driver.game == before


def test_an_earlier_box_is_cleared_after_a_confirmation_and_its_player_plays() -> None:
    turns = [((2, 2, 2, 3, 3), "twos"), ((3, 3, 3, 1, 1), "threes"), ((4, 4, 4, 1, 2), "fours")]
    game = played("yatzy", turns, 2)  # P1 to play
    driver = app_with(game)
    driver(OpenCorrection(0, "twos"))
    view = driver.snapshot().correction
    assert view is not None and view.can_clear
    driver(ApplyCorrection(clear=True))
    view = driver.snapshot().correction
    assert view is not None and plain(view.question).startswith(
        "Clear P0's Twos and give the turn back? "
    )
    assert driver.game == game
    driver(ApplyCorrection(clear=True))
    # Whose turn it then is, and the round, as the question said (a walk saw the round go back
    # from 5 to 4, unwarned).
    cleared = driver.game
    said = f"Then it is {cleared.player.name}'s turn, in round {cleared.turn_number}."
    assert plain(view.question).endswith(said)
    assert cleared.turn_number <= game.turn_number
    assert driver.game.current_player == 0 and driver.game.sheets[0].points_in("twos") is None
    assert driver.game.sheets[0].points_in("fours") == 12
    driver(*[EnterFace(face) for face in (2, 2, 2, 2, 6)], SelectBox("twos"), ConfirmTurn())
    assert driver.game.current_player == 1 and driver.game.sheets[0].points_in("twos") == 8
    assert driver.row("twos")[0].corrected


def test_while_dice_are_entered_the_dialog_says_to_take_them_back_first() -> None:
    game = played("yatzy", [((2, 2, 2, 3, 3), "twos")], players=2)
    driver = app_with(game)
    driver(*[EnterFace(face) for face in (1, 1, 1, 2, 3)], OpenCorrection(0, "twos"))
    view = driver.snapshot().correction
    assert view is not None and not view.can_clear and view.clear_help == ""
    assert plain(view.clear_refusal) == (
        "To clear a box, first take back the dice entered for this turn."
    )


@pytest.mark.parametrize("language", ["en", "he", "et"])
def test_every_refusal_is_worded_with_what_it_names(language: str) -> None:
    """Each reason's text gets the very placeholders it has (a strict translator refuses any
    other), in every language."""
    t = Translator(language, strict=True)
    game = played("penta", PENTA_TURNS)
    everything_to_sixes = [(face, False) for face in (1, 1, 2, 3, 4)] + [(6, True)] * 5
    cases = [
        (game, "ones", everything_to_sixes, "refusal"),  # the joker forbids Ones: "rules"
        (game, "penta", [(5, False), (6, True)], "refusal"),  # a later joker breaks
        (game, "sixes", [], "clear_refusal"),  # clearing Sixes breaks the later joker
        (enter_dice(game, 0, (1, 2, 3, 4, 6)), "ones", [], "clear_refusal"),  # dice entered
    ]
    for position, box, faces, field in cases:
        driver = app_with(position, language)
        driver(OpenCorrection(0, box))
        driver(*[CorrectionFace(face, add=add) for face, add in faces])
        view = correction_view(driver.state, t)
        assert view is not None and getattr(view, field), (box, field)


def test_the_end_screen_corrects_a_last_box_mistyped_and_clears_one_back_into_the_game() -> None:
    # A walk: the last throw entered wrong went straight to "Dad wins!", with nothing to correct.
    driver = real_dice_driver("yatzy", ("Dana", "Avi"))
    boxes = driver.game.ruleset.box_ids
    for box in boxes:
        for _ in range(2):
            enter(driver, (6, 6, 6, 5, 5) if box == "chance" else (1, 2, 3, 4, 6))
            driver(SelectBox(box), ConfirmTurn())
    assert driver.state.screen is Screen.END and driver.game.is_over
    ended = driver.game
    end = driver.snapshot().end
    assert end is not None and end.breakdown_help == (
        "A box entered wrong? Select it to correct it (a box corrected is marked in its corner)."
    )
    (avi_chance,) = driver.row("chance", "end")[1:]
    assert plain(avi_chance.correct) == "Correct Avi's Chance: 28"
    before = driver.game.sheets[1].total
    driver(OpenCorrection(1, "chance"))
    driver(CorrectionFace(5, add=False), CorrectionFace(1, add=True))
    driver(ApplyCorrection(), ApplyCorrection())
    assert driver.state.screen is Screen.END and driver.game.is_over
    assert driver.game.sheets[1].total == before - 4
    assert plain(driver.row("chance", "end")[1].label) == "Avi, Chance: 24 (corrected)"
    assert any(isinstance(e, SaveSession) and e.game == driver.game for e in driver.effects)
    # The history's record follows the saves: the corrected totals, then none while it goes on.
    storage, today = MemoryStorage(), date(2026, 12, 4)
    save_session(storage, ended, today=today, ids=random.Random(1))
    save_session(storage, driver.game, today=today)
    (record,) = load_history(storage).value or ()
    assert [result.total for result in record.results] == [s.total for s in driver.game.sheets]
    # A box cleared on the end screen is a turn owed again: the game goes on with it.
    driver(OpenCorrection(0, "ones"), ApplyCorrection(clear=True), ApplyCorrection(clear=True))
    assert driver.state.screen is Screen.GAME and not driver.game.is_over
    assert driver.game.current_player == 0
    save_session(storage, driver.game, today=today)
    assert load_history(storage).value == ()
    enter(driver, (1, 1, 1, 2, 3))
    driver(SelectBox("ones"), ConfirmTurn())
    assert driver.state.screen is Screen.END and driver.game.sheets[0].points_in("ones") == 3


def test_a_box_cleared_offers_its_dice_again_to_its_player() -> None:
    # Most clears move dice from a wrong box: a walk typed all five again.
    turns = [((2, 2, 2, 3, 3), "twos"), ((3, 3, 3, 1, 1), "threes"), ((4, 4, 4, 1, 2), "fours")]
    driver = app_with(played("yatzy", turns, 2))  # P1 to play
    driver(OpenCorrection(0, "twos"))
    view = driver.snapshot().correction  # the dialog says how (a walk looked for a "move")
    # Whose turn comes back, P0's while P1 was to play (a walk could not tell).
    assert view is not None and plain(view.clear_help) == (
        "In the wrong box? Clear it: the turn goes back to P0, and the same dice can then be"
        " scored in another box."
    )
    driver(ApplyCorrection(clear=True))
    view = driver.snapshot().correction
    assert view is not None and view.question and view.clear_help == ""  # the question says it
    driver(ApplyCorrection(clear=True))
    pad = driver.view().pad
    assert pad is not None and plain(pad.enter_again) == "Enter 2, 2, 2, 3, 3 again"
    assert plain(driver.view().last_move).startswith("Cleared: P0's Twos")
    # It outlives a reload: read from the game's log (kept beside it, a reload lost it: a walk).
    storage = MemoryStorage()
    save_session(storage, driver.game, today=TODAY)
    pad = opened(storage).view().pad
    assert pad is not None and plain(pad.enter_again) == "Enter 2, 2, 2, 3, 3 again"
    driver(EnterAgain())
    assert driver.game.dice is not None and sorted(driver.game.dice) == [2, 2, 2, 3, 3]
    pad = driver.view().pad
    assert pad is not None and pad.enter_again == ""
    driver(SelectBox("chance"), ConfirmTurn())  # the box they were meant for
    assert driver.game.sheets[0].points_in("chance") == 2 + 2 + 2 + 3 + 3
    # A face entered instead: the offer goes, and asking for it changes nothing.
    driver = app_with(played("yatzy", turns, 2))
    driver(OpenCorrection(0, "twos"), ApplyCorrection(clear=True), ApplyCorrection(clear=True))
    driver(EnterFace(5))
    pad = driver.view().pad
    assert pad is not None and pad.enter_again == ""
    before = driver.state
    assert driver(EnterAgain()) == before


def test_a_correction_takes_back_the_coach_s_word_on_the_moves_as_they_were() -> None:
    """After a correction, the coach's line still judged dice the box no longer held (a walk)."""
    driver = AppDriver.with_game(
        played("yatzy", [], 2), coach=AdvisorCoach(solved_advisor("yatzy"))
    )
    modes = (CoachMode.ALWAYS, CoachMode.OFF)  # as the game's start sets them
    driver.state = replace(driver.state, coaching=replace(driver.state.coaching, modes=modes))
    driver.tables_ready()
    driver(*[EnterFace(face) for face in (6, 6, 6, 2, 2)], SelectBox("sixes"), ConfirmTurn())
    assert driver.state.coaching.lines  # its word on the box (Full house was worth more)
    driver(OpenCorrection(0, "sixes"), CorrectionFace(2, add=False), CorrectionFace(6, add=True))
    driver(ApplyCorrection(), ApplyCorrection())
    assert driver.game.sheets[0].points_in("sixes") == 24
    assert driver.state.coaching.lines == () and driver.view().coach_line == ""
