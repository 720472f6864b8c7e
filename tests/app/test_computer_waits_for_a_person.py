"""A computer player's turn after a box the countdown scored waits for a person to let it play
(game.app.take_back.waits_for_a_person): "a box the countdown scored can always be taken back
before the next roll", and a walk's grandmother, slow to read, lost the take-back with her dice
when the computer rolled 3 s later. A box the player confirmed waits only a moment, as before."""

from __future__ import annotations

from game.app.intents import (
    ConfirmTurn,
    LetComputerPlay,
    Roll,
    SelectBox,
    SetUndo,
    SkipComputers,
    SpeedUp,
    StartGame,
    StartTurn,
)
from game.app.intents import Undo as TakeBack
from game.app.model import STEP_SECONDS, UNDO_WINDOW_SECONDS, Speed, is_computer_turn
from game.app.setup_intents import AddPlayer
from game.app.start import initial_state
from game.app.take_back import undo_available, waits_for_a_person
from game.coach.greedy import GreedyCoach
from game.i18n.bidi import without_isolates
from game.i18n.translator import Translator
from game.play.state import PlayerKind
from game.play.undo import UndoSetting
from game.present.snapshot import present
from tests.app.driver import AppDriver

EN = Translator("en")
COMPUTER = "Computer 1"


def scored_by_the_countdown(undo: UndoSetting = UndoSetting.OFF) -> AppDriver:
    """A person and a computer; the person's last roll left alone until the countdown scores."""
    t = AppDriver(initial_state(["en-US"], seed=7), GreedyCoach())
    t(SetUndo(undo), AddPlayer(PlayerKind.COMPUTER), StartGame())
    t.tables_failed()  # the computer plays by the fallback at once: it waits for no table
    t(Roll(), Roll(), Roll())
    assert t.state.pacing.countdown_deadline == t.now + 3
    t.tick_after(3)
    assert t.state.play.last_auto_scored is not None and is_computer_turn(t.state)
    return t


def shown(t: AppDriver) -> tuple[str, str]:
    """The tray's status and the label of the button that lets the computer play."""
    view = present(t.state, t.now).game
    assert view is not None
    return without_isolates(view.status), without_isolates(view.play_on_label)


def test_the_computer_waits_as_long_as_it_takes_and_says_so() -> None:
    t = scored_by_the_countdown()
    t.pass_time(600)
    assert is_computer_turn(t.state) and t.game.dice is None  # it has not rolled
    assert undo_available(t.state) and waits_for_a_person(t.state)
    assert t.state.pacing.computer_due is None
    status, play_on = shown(t)
    assert status == without_isolates(EN("computer.waits_for_you", name=COMPUTER))
    assert play_on == f"Let {COMPUTER} play"
    # The dice of the box scored stay on the table, to check it by, until the computer rolls.
    before = t.state.play.before_last_turn
    assert before is not None and before.dice is not None
    dice = t.view().dice
    assert tuple(die.face for die in dice) == before.dice
    assert not any(die.enabled or die.kept for die in dice)
    assert dice[0].label == EN("die.final", index=1, face=before.dice[0])
    # Let play: it plays at its pace from there, and the box can no longer be taken back.
    t(LetComputerPlay())
    assert t.state.pacing.computer_due == t.now + STEP_SECONDS[Speed.NORMAL]
    assert shown(t)[1] == ""
    t.pass_time(STEP_SECONDS[Speed.NORMAL])
    assert t.game.dice is not None and not undo_available(t.state)
    assert tuple(die.face for die in t.view().dice) == t.game.dice  # the computer's own
    assert not waits_for_a_person(t.state)
    t(LetComputerPlay())  # too late: nothing changes
    t.pass_time(60)
    assert not is_computer_turn(t.state)  # its turn played out, the person's is next


def test_the_box_is_taken_back_at_once_faster_and_skip_let_it_play_too() -> None:
    t = scored_by_the_countdown()
    box = t.state.play.last_auto_scored
    before = t.state.play.before_last_turn
    assert box is not None and before is not None
    # At once: no finger brought the button up, so no tap on it is the second of a double tap
    # (a walk's tap 0.2 s after it appeared was ignored).
    t.pace_choices = False
    t.now += 0.1
    t(TakeBack())
    assert not is_computer_turn(t.state) and t.game.dice == before.dice
    assert t.game.sheets[0].points_in(box) is None
    t(SelectBox(box), ConfirmTurn())  # confirmed by the person: only a moment's wait
    assert not waits_for_a_person(t.state)
    assert t.state.pacing.computer_due is None or t.state.pacing.computer_due <= (
        t.now + UNDO_WINDOW_SECONDS
    )
    for let_play in (SpeedUp(), SkipComputers()):
        t = scored_by_the_countdown()
        t.pass_time(60)
        t(let_play)
        t.pass_time(60)
        assert not is_computer_turn(t.state) and len(t.game.sheets[1].filled_boxes) == 1


def test_the_person_s_box_named_when_two_people_play_before_the_computer() -> None:
    t = AppDriver(initial_state(["en-US"], seed=7), GreedyCoach())
    t(AddPlayer(), AddPlayer(PlayerKind.COMPUTER), StartGame())
    t.tables_failed()
    t(Roll(), SelectBox("chance"), ConfirmTurn())  # the first person's, by hand
    t.pass_time(60)  # the hand-over to the second waits for them anyway
    t(StartTurn(), Roll(), Roll(), Roll())
    t.tick_after(3)
    assert waits_for_a_person(t.state)
    status, _ = shown(t)
    assert status == without_isolates(
        EN("computer.waits_for_you_of", name=COMPUTER, player="Player 2")
    )


def test_it_still_waits_after_a_reload() -> None:
    t = scored_by_the_countdown()
    t.now += 3600
    again = t.reopened()
    again.pass_time(60)
    assert waits_for_a_person(again.state) and again.game.dice is None
