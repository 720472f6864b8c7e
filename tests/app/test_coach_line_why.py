"""The coach on "a word after every move" says why the best move was better, in the open tray,
as its warning says it before the move: a walk's learner read "the best was keeping 4, 4, 4"
and could not tell why. Folded, the tray keeps the line alone and offers "More"."""

from __future__ import annotations

import pytest

from game.app.coach_intents import SetPlayerCoach
from game.app.intents import OpenTray, Roll, StartGame, ToggleKeep
from game.coach.optimal import AdvisorCoach
from game.coach.protocol import CoachMode
from game.i18n.bidi import without_isolates
from tests.app.driver import AppDriver
from tests.solved_tables import solved_advisor

SEED = 5
"""Its first roll is 6, 6, 6, 6, 5: rerolling all five gives away a great deal."""


@pytest.fixture(scope="module")
def coach() -> AdvisorCoach:
    return AdvisorCoach(solved_advisor("penta"))


def first_roll(coach: AdvisorCoach, mode: CoachMode, language: str = "en-US") -> AppDriver:
    d = AppDriver.seeded(SEED, language, coach)
    d(SetPlayerCoach(0, mode), StartGame())
    d.tables_ready()
    d(Roll())
    assert d.game.dice == (6, 6, 6, 6, 5)
    return d


@pytest.mark.parametrize("language", ["en", "et", "he"])
def test_a_costly_move_s_line_says_why_as_the_warning_would(
    coach: AdvisorCoach, language: str
) -> None:
    warned = first_roll(coach, CoachMode.WARN, language)
    warned(Roll())  # all five again: held back by the warning
    warning = warned.view().coach_warning
    assert warning is not None and warning.reason

    said = first_roll(coach, CoachMode.ALWAYS, language)
    said(Roll())  # the same move, made
    view = said.view()
    assert view.coach_line_loss and view.coach_line_why == warning.reason
    assert view.coach_line_why not in view.tray_summary  # folded: the line alone, and "More"
    assert view.tray_toggle_label and not view.tray_open
    said(OpenTray(open=True))
    assert said.view().tray_open


def test_the_best_move_s_line_gives_no_reason(coach: AdvisorCoach) -> None:
    d = first_roll(coach, CoachMode.ALWAYS)
    d(*[ToggleKeep(die) for die in (0, 1, 2, 3)], Roll())
    view = d.view()
    assert without_isolates(view.coach_line) == "Coach: best move"
    assert view.coach_line_why == "" and not view.coach_line_loss
