"""The coach on "a word after every move" says why the best move was better, in the open tray,
as its warning says it before the move: a walk's learner read "the best was keeping 4, 4, 4"
and could not tell why. Folded, the tray keeps the line alone and offers "More". After a costly
last keep the countdown waits while the line shows: running, it scored the box before the line
was read, and the line went with the turn (a walk)."""

from __future__ import annotations

import pytest

import game.app.countdown as countdown
from game.app.coach_intents import PlayMineAnyway
from game.app.intents import (
    ConfirmTurn,
    OpenTray,
    Roll,
    SelectBox,
    SetAutoScore,
    ToggleKeep,
)
from game.coach.optimal import AdvisorCoach
from game.coach.protocol import CoachMode, KeepAdvice
from game.i18n.bidi import without_isolates
from game.play.move_log import Kept
from tests.app.driver import AppDriver
from tests.app.test_coach_while_playing import solo
from tests.solved_tables import solved_advisor


@pytest.fixture(scope="module")
def coach() -> AdvisorCoach:
    return AdvisorCoach(solved_advisor("penta"))


@pytest.mark.parametrize("language", ["en", "et", "he"])
def test_a_costly_move_s_line_says_why_as_the_warning_would(
    coach: AdvisorCoach, language: str
) -> None:
    warned = solo(coach, CoachMode.WARN, language)
    warned(Roll())  # all five again: held back by the warning
    warning = warned.view().coach_warning
    assert warning is not None and warning.reason

    said = solo(coach, CoachMode.ALWAYS, language)
    said(Roll())  # the same move, made
    view = said.view()
    assert view.coach_line_loss and view.coach_line_why == warning.reason
    assert view.coach_line_why not in view.tray_summary  # folded: the line alone, and "More"
    assert view.tray_toggle_label and not view.tray_open
    said(OpenTray(open=True))
    assert said.view().tray_open


def test_the_best_move_s_line_gives_no_reason(coach: AdvisorCoach) -> None:
    d = solo(coach, CoachMode.ALWAYS)
    d(*[ToggleKeep(die) for die in (0, 1, 2, 3)], Roll())
    view = d.view()
    assert without_isolates(view.coach_line) == "Coach: best move"
    assert view.coach_line_why == "" and not view.coach_line_loss


def last_roll(coach: AdvisorCoach, mode: CoachMode, costly: bool) -> AppDriver:
    """The first roll's four 6s kept; then, before the last roll, the best keep, or (`costly`)
    all five rolled again."""
    d = solo(coach, mode)
    d(SetAutoScore(3), *[ToggleKeep(die) for die in (0, 1, 2, 3)], Roll())
    if costly:
        judged = coach.judge(d.game, Kept(()))
        assert judged is not None and not judged.optimal
        d(*[ToggleKeep(die) for die in d.game.kept])
    else:
        best = coach.best_action(d.game)
        assert isinstance(best, KeepAdvice)
        d(*[ToggleKeep(die) for die in sorted(set(best.kept) ^ set(d.game.kept))])
    d(Roll())
    if d.state.coaching.waiting is not None:  # "warn" held the costly keep back
        d(PlayMineAnyway())
    assert d.game.rolls_left == 0 and countdown.is_pending(d.state)
    return d


def test_the_countdown_waits_while_the_line_on_a_costly_last_keep_shows(
    coach: AdvisorCoach,
) -> None:
    d = last_roll(coach, CoachMode.ALWAYS, costly=True)
    d.pass_time(10)
    assert not d.game.sheets[0].filled_boxes and d.state.pacing.countdown_deadline is None
    view = d.view()
    assert view.countdown_held
    assert view.countdown_help == "Paused so that you can read the coach: choose a box to score."
    assert view.countdown_text == ""  # no "Scoring Chance in 3 seconds" while it waits
    assert view.tray_summary == f"{view.countdown_paused} · {view.coach_line}"
    assert view.summary_joined  # a third line for it: two cut the best move (a walk)
    # Opened and folded again, the tray says what holds it still: "after Less it starts again"
    # promised a countdown that did not come (a walk).
    d(OpenTray(open=True))
    assert d.view().countdown_help == view.countdown_help
    d(OpenTray(open=False))
    d.pass_time(10)
    assert not d.game.sheets[0].filled_boxes and d.view().countdown_help == view.countdown_help
    d(SelectBox("chance"), ConfirmTurn())
    assert d.game.sheets[0].points_in("chance") is not None


@pytest.mark.parametrize(
    ("mode", "costly"), [(CoachMode.ALWAYS, False), (CoachMode.WARN, True), (CoachMode.OFF, True)]
)
def test_the_countdown_runs_after_the_best_keep_or_without_the_line(
    coach: AdvisorCoach, mode: CoachMode, costly: bool
) -> None:
    d = last_roll(coach, mode, costly)
    d.pass_time(3.5)
    assert len(d.game.sheets[0].filled_boxes) == 1
