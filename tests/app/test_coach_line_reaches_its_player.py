"""The coach's word after every move ("always") reaches its player whoever plays in between: a
walk's player on "always", followed by two computers and another person, never heard of the
box she had scored (each move of the others had replaced her line)."""

from __future__ import annotations

import re

import pytest

from game.app.coach_intents import SetPlayerCoach
from game.app.intents import (
    ConfirmTurn,
    Roll,
    SelectBox,
    SetAutoScore,
    StartGame,
    StartTurn,
    ToggleKeep,
)
from game.app.setup_intents import AddPlayer
from game.coach.greedy import best_immediate_box
from game.coach.optimal import AdvisorCoach
from game.coach.protocol import CoachMode
from game.i18n.bidi import without_isolates
from game.play.state import PlayerKind
from tests.app.driver import AppDriver, Seat
from tests.solved_tables import solved_advisor

HUMAN, COMPUTER = PlayerKind.HUMAN, PlayerKind.COMPUTER


@pytest.fixture(scope="module")
def coach() -> AdvisorCoach:
    return AdvisorCoach(solved_advisor("penta"))


def table(coach: AdvisorCoach, seats: list[Seat], modes: dict[int, CoachMode]) -> AppDriver:
    d = AppDriver.seeded(5, coach=coach)
    d.take_phone = False  # the hand-overs are looked at
    d.set_players(seats)
    d(SetAutoScore(0), *[SetPlayerCoach(seat, mode) for seat, mode in modes.items()])
    d(StartGame())
    d.tables_ready()
    return d


def score_chance_at_once(d: AppDriver) -> None:
    """The player's turn, hasty: one roll, then Chance, which the coach has a word on."""
    d(StartTurn(), Roll(), SelectBox("chance"), ConfirmTurn())


def addressee(line: str) -> str:
    """Whom the coach's line speaks to, and of which move: what comes before what it cost, or
    before ": best move"."""
    return re.split(r" \(|: ", line, maxsplit=1)[0]


def said(text: str) -> str:
    return without_isolates(text)


def test_after_the_computers_and_another_person_the_word_on_her_box_reaches_her(
    coach: AdvisorCoach,
) -> None:
    seats: list[Seat] = [("Dad", HUMAN, None), ("Mum", HUMAN, None)]
    seats += [("", COMPUTER, None), ("", COMPUTER, None)]
    d = table(coach, seats, {1: CoachMode.ALWAYS})
    d(StartTurn())
    d.play_human_turn()  # Dad's
    score_chance_at_once(d)  # Mum's
    assert d.game.current_player == 2
    d.play_computer_turn()
    d.play_computer_turn()
    assert d.game.current_player == 0
    d(StartTurn())
    d.play_human_turn()  # Dad's turn: his moves are no word on Mum's
    assert d.game.current_player == 1
    handover = d.snapshot().handover
    assert handover is not None  # Mum is given the phone: the coach's word on her box
    # Named: under Dad's move, "Coach, last move" read as a word on his (a walk).
    named = "Coach to Mum, on your last move"
    assert said(handover.coach_line).startswith(named), handover.coach_line
    d(StartTurn())
    word = said(handover.coach_line).removeprefix(named)
    assert said(d.view().coach_line) == named + word  # until she rolls
    d(Roll())
    assert d.view().coach_line == ""


def test_two_players_on_always_each_keep_their_own_word(coach: AdvisorCoach) -> None:
    seats: list[Seat] = [("Ann", HUMAN, None), ("Ben", HUMAN, None)]
    d = table(coach, seats, {0: CoachMode.ALWAYS, 1: CoachMode.ALWAYS})
    score_chance_at_once(d)  # Ann's
    handover = d.snapshot().handover
    assert handover is not None
    assert addressee(said(handover.coach_line)) == "Coach to Ann"  # she still holds the phone
    score_chance_at_once(d)  # Ben's, with words of his own
    assert len(d.state.coaching.lines) == 2 and d.game.current_player == 0
    handover = d.snapshot().handover
    assert handover is not None  # Ben passes the phone: the word on his box, to him
    assert addressee(said(handover.coach_line)) == "Coach to Ben"
    d(StartTurn())  # Ann has the phone: the word on her last box
    assert addressee(said(d.view().coach_line)) == "Coach to Ann, on your last move"
    d(Roll())
    assert d.view().coach_line == ""


def test_what_the_last_keep_cost_is_on_the_folded_line_with_the_countdown(
    coach: AdvisorCoach,
) -> None:
    """Behind the countdown's "Scoring Fives in 3 seconds", a walk's learner never saw what a
    last keep had cost; in its place, another's saw a box scored without the countdown's words:
    both are on the line, the countdown paused while the line shows (a third walk's learner saw
    the box scored before reading it). A best keep leaves the countdown running, beside "best
    move" (the third never saw it on screen)."""
    d = AppDriver.seeded(5, coach=coach)
    d(SetPlayerCoach(0, CoachMode.ALWAYS), SetAutoScore(3), StartGame())
    d.tables_ready()
    d(Roll(), *[ToggleKeep(die) for die in (0, 1, 2, 3)], Roll())  # 6, 6, 6, 6 kept: the best
    d(Roll())
    assert d.state.pacing.countdown_deadline is not None
    assert said(d.view().coach_line) == "Coach: best move"
    assert d.view().tray_summary == f"{d.view().countdown_text} · {d.view().coach_line}"

    d = AppDriver.seeded(5, coach=coach)
    d(SetPlayerCoach(0, CoachMode.ALWAYS), SetAutoScore(3), StartGame())
    d.tables_ready()
    d(Roll(), Roll())
    d(*[ToggleKeep(die) for die in d.game.kept], Roll())  # all five again: a loss
    assert d.state.pacing.countdown_deadline is None and d.state.pacing.countdown_paused == 3
    assert "points lost" in d.view().coach_line
    assert d.view().tray_summary == f"{d.view().countdown_paused} · {d.view().coach_line}"


def test_after_the_computers_turn_the_line_is_on_the_players_last_move(
    coach: AdvisorCoach,
) -> None:
    d = AppDriver.seeded(5, coach=coach)
    d(AddPlayer(PlayerKind.COMPUTER), SetPlayerCoach(0, CoachMode.ALWAYS), StartGame())
    d.tables_ready()
    d(Roll(), Roll(), Roll())
    d(SelectBox(best_immediate_box(d.game)), ConfirmTurn())
    assert d.state.coaching.lines and d.game.current_player == 1
    said = without_isolates(d.view().coach_line)
    assert addressee(said) == "Coach to Player 1", said
    # Through the computer's turn, named: it went at the computer's first roll (a walk).
    rolled = 0
    while d.game.current_player == 1:
        assert without_isolates(d.view().coach_line) == said
        rolled += d.game.dice is not None
        d.wait_until_due()
    assert rolled  # seen after the computer's rolls too
    assert d.game.current_player == 0 and d.game.dice is None
    # A word on the box, said as such: not as a word on the computer's move just seen.
    said = without_isolates(d.view().coach_line)
    assert addressee(said).endswith(", on your last move"), said
    d(Roll())
    assert d.view().coach_line == ""  # until the player rolls
    d(Roll())  # the player's own decision (all five rolled again): it speaks again
    assert addressee(without_isolates(d.view().coach_line)) == "Coach"


def test_its_word_on_a_box_reaches_the_player_at_the_hand_over(coach: AdvisorCoach) -> None:
    # Two humans passing the phone: the next turn is the other's, so the line was never seen.
    d = AppDriver.seeded(5, coach=coach)
    d(AddPlayer(), SetPlayerCoach(0, CoachMode.ALWAYS), SetAutoScore(0), StartGame())
    d.tables_ready()
    d(Roll(), Roll(), Roll())
    d(SelectBox(best_immediate_box(d.game)), ConfirmTurn())
    handover = d.snapshot().handover
    assert handover is not None and d.game.current_player == 1
    said = without_isolates(handover.coach_line)
    assert said == "Coach to Player 1: best move" or said.startswith(
        "Coach to Player 1 (points lost: "
    )
    d(StartTurn())
    assert without_isolates(d.view().coach_line) == said  # until the next player rolls
    d(Roll())
    assert d.view().coach_line == ""
