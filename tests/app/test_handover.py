"""Passing the phone (issue 14, point 3): between two humans' turns a hand-over screen names
who plays next, hides their turn until they tap, comes back on a reload, and can be turned
off; never in a game of one human."""

from __future__ import annotations

from datetime import date

import pytest

from game.app.effects import SavePreferences, SaveSession
from game.app.intents import (
    AskLeave,
    CloseDialog,
    ConfirmTurn,
    NewGame,
    OpenSettings,
    Roll,
    SelectBox,
    SetAutoScore,
    SetPassPhone,
    SetUndo,
    ShowHint,
    StartGame,
    StartTurn,
    ToggleKeep,
    Undo,
)
from game.app.model import Screen
from game.app.setup_intents import AddPlayer, RenamePlayer, SetPlayerKind
from game.app.start import initial_state, resume
from game.i18n.bidi import without_isolates
from game.i18n.translator import Translator
from game.persistence.session import restore_session, save_session
from game.persistence.storage import MemoryStorage
from game.play.engine import new_game
from game.play.move_log import Rolled
from game.play.random_source import SeededDice
from game.play.state import Player, PlayerKind
from game.play.undo import UndoSetting
from game.present.kept_screens import SCORES_APART, scores_line
from tests.app.driver import AppDriver
from tests.i18n.isolation import iso

SEED = 5
TODAY = date(2026, 12, 1)


def table(*kinds: PlayerKind, language: str = "en-US") -> AppDriver:
    """A game of players named Ann, Dana, Eli... of these kinds, started, the phone not taken
    by the driver (the tests tap the hand-over themselves)."""
    t = AppDriver(initial_state([language], seed=SEED))
    t.take_phone = False
    names = ("Ann", "Dana", "Eli", "Ole")
    for index, kind in enumerate(kinds):
        if index:
            t(AddPlayer())
        t(RenamePlayer(index, names[index]), SetPlayerKind(index, kind))
    t(SetAutoScore(0), StartGame())
    t.tables_failed()
    return t


def score_a_turn(t: AppDriver) -> None:
    t(Roll(), SelectBox("chance"), ConfirmTurn())


HUMAN, COMPUTER = PlayerKind.HUMAN, PlayerKind.COMPUTER


def test_the_next_human_gets_a_hand_over_and_nothing_of_her_turn_before_the_tap() -> None:
    t = table(HUMAN, HUMAN)
    assert t.snapshot().handover is None  # the first turn: the phone is in Ann's hands
    score_a_turn(t)
    snap = t.snapshot()
    assert t.game.current_player == 1
    assert snap.screen == "handover" and snap.game is None  # nothing of Dana's turn shows
    assert snap.handover is not None
    assert snap.handover.title == f"Hand over to {iso('Dana')}"
    assert snap.handover.start_label == f"Start {iso('Dana')}'s turn"
    (line,) = snap.handover.moves_since
    assert "Ann" in line and "Chance" in line
    before = t.state
    for intent in (Roll(), ToggleKeep(0), SelectBox("ones"), ConfirmTurn(), ShowHint()):
        assert t(intent) is before, f"{intent} was played before the tap"
    t(StartTurn())
    snap = t.snapshot()
    assert snap.screen == "game" and snap.handover is None
    assert snap.game is not None and snap.game.can_roll
    assert snap.game.title == f"{iso('Dana')}'s turn"
    t(Roll())
    assert t.game.dice is not None and t.game.current_player == 1


def test_the_hand_over_is_in_every_language_with_the_name_isolated() -> None:
    for language, title in (
        ("he", f"העבירו את המכשיר אל {iso('Dana')}"),
        ("et", f"Anna edasi: {iso('Dana')}"),
    ):
        t = table(HUMAN, HUMAN, language=language)
        score_a_turn(t)
        handover = t.snapshot().handover
        assert handover is not None and handover.title == title
        assert iso("Dana") in handover.start_label


def test_no_hand_over_with_one_human_among_computers() -> None:
    t = table(HUMAN, COMPUTER)
    score_a_turn(t)
    t.play_computer_turn()
    assert t.game.current_player == 0
    assert t.snapshot().handover is None and t.snapshot().screen == "game"
    t(Roll())
    assert t.game.dice is not None


def test_the_hand_over_comes_after_a_computer_between_two_humans() -> None:
    t = table(HUMAN, COMPUTER, HUMAN)
    score_a_turn(t)
    assert t.snapshot().handover is None  # the computer plays: no phone to pass
    t.play_computer_turn()
    handover = t.snapshot().handover
    assert handover is not None and iso("Eli") in handover.title


def scored_line(t: AppDriver, player: int, box: str) -> str:
    """What the game screen's line says of `player` having scored `box` (as the sheet holds it)."""
    game, words = t.game, Translator("en")
    points = game.sheets[player].points_in(box)
    assert points is not None
    box_name = words.box_name(game.ruleset.id, box)
    return words("turn.scored", name=game.players[player].name, points=points, box=box_name)


def test_the_hand_over_tells_every_turn_since_the_players_own_in_order() -> None:
    # Ann, Dana and the computer Eli: when the phone comes back to Ann, she has missed Dana's
    # turn and the computer's, not only the computer's.
    t = table(HUMAN, HUMAN, COMPUTER)
    score_a_turn(t)
    handover = t.snapshot().handover
    assert handover is not None
    assert handover.moves_since == (scored_line(t, 0, "chance"),)  # Dana has missed Ann's turn
    t(StartTurn())
    t(Roll(), SelectBox("chance"), ConfirmTurn())
    t.play_computer_turn()
    handover = t.snapshot().handover
    assert handover is not None and iso("Ann") in handover.title
    (eli_box,) = t.game.sheets[2].filled_boxes
    # The computer's with its dice, which went by behind the hand-over (a family's walk could
    # not check "Computer 1: Chance, 18 points"); a person's own dice are no news.
    eli_dice = [move.dice for move in t.game.log.moves if isinstance(move, Rolled)][-1]
    words = Translator("en")
    dice = words.format_dice(eli_dice)
    eli_line = words("turn.scored_with_dice", move=scored_line(t, 2, eli_box), dice=dice)
    assert list(handover.moves_since) == [scored_line(t, 1, "chance"), eli_line]
    assert not any(iso("Ann") in line for line in handover.moves_since)  # not news to her
    # Read back from the moves after a restart, the same.
    restored = resume(initial_state(["en"], seed=3), t.game, None, now=0.0)
    assert restored.ui.recent_scores[-1].dice == eli_dice


def test_a_turn_taken_back_is_not_told_and_the_turns_before_it_still_are() -> None:
    t = table(HUMAN, HUMAN, HUMAN)
    t(SetUndo(UndoSetting.ON))
    for _ in range(3):
        score_a_turn(t)
        t(StartTurn())
    t(Roll(), SelectBox("ones"), ConfirmTurn(), Undo())  # Ann's second turn, taken back
    t(Roll(), SelectBox("twos"), ConfirmTurn())  # and played again
    handover = t.snapshot().handover
    assert handover is not None and iso("Dana") in handover.title
    assert list(handover.moves_since) == [
        scored_line(t, 2, "chance"),
        scored_line(t, 0, "twos"),
    ]


def test_the_setting_turns_it_off_and_is_kept_in_the_preferences() -> None:
    t = table(HUMAN, HUMAN)
    t(OpenSettings())
    settings = t.snapshot().settings
    assert settings.pass_phone_label == "Hand over between turns"
    assert [(c.label, c.selected) for c in settings.pass_phone_choices] == [
        ("On", True),
        ("Off", False),
    ]
    t(SetPassPhone(False))
    off = t.snapshot().settings
    assert off is not None and [c.selected for c in off.pass_phone_choices] == [False, True]
    assert any(isinstance(e, SavePreferences) and e.data["pass_phone"] is False for e in t.effects)
    t(CloseDialog())
    score_a_turn(t)
    assert t.snapshot().handover is None and t.snapshot().screen == "game"
    t(Roll())
    assert t.game.current_player == 1 and t.game.dice is not None
    assert t(SetPassPhone("no")) is t.state  # type: ignore[arg-type]


def test_a_reload_during_the_hand_over_shows_it_again() -> None:
    t = table(HUMAN, HUMAN)
    score_a_turn(t)
    saves = [e for e in t.effects if isinstance(e, SaveSession)]
    assert saves, "the scored turn is saved"
    t(StartTurn())  # even tapped, a reload before the roll shows it again
    storage = MemoryStorage()
    save = saves[-1]
    save_session(
        storage, save.game, today=TODAY, before_last_turn=save.before_last_turn, turn=save.turn
    )
    restored = restore_session(storage)
    state = resume(
        initial_state(["en-US"], seed=SEED),
        restored.game,
        restored.before_last_turn,
        now=t.now,
        turn=restored.turn,
    )
    again = AppDriver(state)
    again.take_phone = False
    handover = again.snapshot().handover
    assert handover is not None and iso("Dana") in handover.title
    assert again(Roll()) is again.state
    again(StartTurn(), Roll())
    assert again.game.dice is not None


@pytest.mark.parametrize("language", ["en-US", "he", "et"])
def test_every_hand_over_text_is_translated(language: str) -> None:
    t = table(HUMAN, HUMAN, language=language)
    score_a_turn(t)
    handover = t.snapshot().handover
    assert handover is not None
    assert all((handover.title, handover.text, handover.start_label, handover.moves_since))
    assert handover.leave_label == Translator(language[:2])("game.leave")


def test_the_game_can_be_left_from_the_hand_over_after_the_question() -> None:
    # A walk found no way out of the game while the phone was being passed.
    t = table(HUMAN, HUMAN)
    score_a_turn(t)
    game = t.game
    t(AskLeave())
    snap = t.snapshot()
    assert snap.leave is not None and snap.leave.confirm_label == "Leave game"
    t(CloseDialog())
    assert t.snapshot().screen == "handover" and t.game == game
    t(AskLeave(), NewGame())
    assert t.state.screen is Screen.SETUP and t.state.game is None


def test_the_next_game_hands_over_again_from_its_first_turn() -> None:
    # The key of the turn handed over (round, player) used to outlive its game: the same turn
    # of the next game went straight to Dana's dice.
    t = table(HUMAN, HUMAN)
    score_a_turn(t)
    t(StartTurn())  # Dana took the phone in round 1
    t(AskLeave(), NewGame(), StartGame())
    score_a_turn(t)
    assert t.game.current_player == 1 and t.snapshot().screen == "handover"


def test_the_hand_over_says_the_round_and_everyones_total() -> None:
    """A family's walk found the hand-over bare, with no word of where the game stood."""
    t = table(HUMAN, COMPUTER, HUMAN)
    score_a_turn(t)
    t.play_computer_turn()
    handover = t.snapshot().handover
    assert handover is not None
    ann, dana, eli = (sheet.total for sheet in t.game.sheets)
    assert ann > 0 and dana > 0  # both have scored: the totals are the sheets'
    assert without_isolates(handover.standings) == (
        f"Round\u00a01 of\u00a013\u00a0· Ann:\u00a0{ann}\u00a0· "
        f"Dana:\u00a0{dana}\u00a0· Eli:\u00a0{eli}"
    )


def test_a_short_name_stays_on_one_line_with_its_score_hyphen_and_all() -> None:
    """ "Mari-" at a line's end and "Liis Tamm: 53" on the next (a family's walk)."""
    names = ["Mari-Liis Tamm", "Anna-Maria Mägi-Sepp Jr"]  # 14 and 23 letters
    game = new_game("penta", [Player(name) for name in names], SeededDice(1))
    line = without_isolates(scores_line(game, Translator("en")))
    kept_together = "Mari\u2011Liis\u00a0Tamm:\u00a00"
    assert line == f"{kept_together}{SCORES_APART}Anna-Maria Mägi-Sepp Jr:\u00a00"
