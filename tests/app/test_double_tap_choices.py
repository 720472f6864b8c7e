"""A double tap on Confirm turn (or Roll) answers nothing it brings up (game.app.fresh_choices):
the coach's warning stays to be read, the computer's turn is not skipped, the box not taken
back, the hand-over not passed; a moment later each answer works as before (a walk's second
tap had hit "Play mine anyway" and "Skip" where Confirm had been)."""

from __future__ import annotations

from game.app import handover
from game.app.coach_intents import PlayMineAnyway, SetPlayerCoach, ShowBestMove
from game.app.intents import (
    ConfirmTurn,
    Roll,
    SelectBox,
    SkipComputers,
    StartGame,
    StartTurn,
    Undo,
)
from game.app.model import AppState, is_computer_turn
from game.app.setup_intents import AddPlayer
from game.app.table_intents import TableFailed
from game.coach.optimal import AdvisorCoach
from game.coach.protocol import CoachMode
from game.play.state import PlayerKind
from tests.app.driver import CHOICE_PACE, AppDriver
from tests.solved_tables import solved_advisor


def tapped_at_once(driver: AppDriver) -> AppDriver:
    driver.pace_choices = False
    return driver


def test_a_second_tap_does_not_answer_the_coach_s_warning() -> None:
    d = tapped_at_once(AppDriver.seeded(5, coach=AdvisorCoach(solved_advisor("penta"))))
    d(SetPlayerCoach(0, CoachMode.WARN), StartGame())
    d.tables_ready()
    d(Roll(), SelectBox("ones"), ConfirmTurn())  # 0 in Ones with four sixes: costly
    waiting = d.state.coaching.waiting
    assert waiting is not None
    for answer in (PlayMineAnyway(), ShowBestMove()):
        before = d.state
        assert d(answer) is before  # the second tap: nothing answered, nothing changed
    d.now += CHOICE_PACE
    d(PlayMineAnyway())
    assert d.state.coaching.waiting is None and d.game.sheets[0].points_in("ones") == 0


def playing_a_computer(d: AppDriver) -> AppState:
    d(AddPlayer(PlayerKind.COMPUTER), StartGame(), TableFailed("penta", "not in this test"))
    return d(Roll(), SelectBox("chance"), ConfirmTurn())


def test_a_second_tap_neither_skips_the_computer_nor_takes_the_box_back() -> None:
    d = tapped_at_once(AppDriver.seeded(8))
    playing_a_computer(d)
    assert is_computer_turn(d.state) and d.game.sheets[0].points_in("chance") is not None
    for answer in (SkipComputers(), Undo()):
        before = d.state
        assert d(answer) is before
    d.now += CHOICE_PACE
    d(Undo())  # read, then taken back
    assert not is_computer_turn(d.state) and d.game.sheets[0].points_in("chance") is None
    d(ConfirmTurn())
    d.now += CHOICE_PACE
    d(SkipComputers())
    assert not is_computer_turn(d.state) and d.game.sheets[1].filled_boxes


def test_a_second_tap_does_not_pass_the_hand_over() -> None:
    d = tapped_at_once(AppDriver.seeded(3))
    d(AddPlayer(), StartGame(), TableFailed("penta", "not in this test"))
    d(Roll(), SelectBox("chance"), ConfirmTurn())
    assert handover.is_pending(d.state) and d.game.current_player == 1
    assert d(StartTurn()) is d.state  # the next player's turn still hidden
    d.now += CHOICE_PACE
    d(StartTurn())
    assert not handover.is_pending(d.state)


def test_a_hand_over_the_computer_s_move_brings_up_answers_the_first_tap() -> None:
    """No finger brought it up: a walk's grandmother tapped "Start Itai's turn" as it appeared
    after the computer's turn, and nothing happened."""
    d = tapped_at_once(AppDriver.seeded(8))
    d(AddPlayer(PlayerKind.COMPUTER), AddPlayer(), StartGame())
    d(TableFailed("penta", "not in this test"))
    d(Roll(), SelectBox("chance"), ConfirmTurn())
    d.play_computer_turn()
    assert handover.is_pending(d.state) and d.game.current_player == 2
    d.now += 0.1  # at once
    d(StartTurn())
    assert not handover.is_pending(d.state)
