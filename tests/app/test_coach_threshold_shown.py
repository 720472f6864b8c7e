"""The coach on "warn" holds a move that costs at least the threshold as the loss is shown, to a
tenth: the review listed "lost 2.0" for a move that had passed unwarned under a threshold of
2.0, its loss being 1.96 (a walk)."""

from __future__ import annotations

from dataclasses import replace

from game.app.coach_intents import SetCoachThreshold, SetPlayerCoach
from game.app.coaching import holds
from game.app.intents import Roll, StartGame
from game.app.model import CoachVerdict
from game.coach.protocol import CoachMode, Judgement, ScoreAdvice
from game.play.move_log import Scored
from game.present.tenths import shown_difference
from tests.app.driver import AppDriver


def test_a_loss_shown_as_the_threshold_is_held_and_one_shown_under_it_is_not() -> None:
    driver = AppDriver.seeded(5)
    driver(SetPlayerCoach(0, CoachMode.WARN), SetCoachThreshold(2.0), StartGame())
    driver.tables_failed()
    driver(Roll())
    game = driver.game
    best = ScoreAdvice("chance")
    # Losses of 1.96 and 1.97 shown as 283.4 - 281.4 = 2.0, and 2.04 as 2.1: held; 1.92 shown as
    # 283.4 - 281.5 = 1.9: not held.
    for chosen, held in ((281.42, True), (281.34, True), (281.41, True), (281.46, False)):
        judgement = Judgement(chosen=chosen, best=283.38, best_move=best)
        verdict = CoachVerdict(0, Scored("ones"), judgement, game)
        assert (shown_difference(283.38, chosen) >= 2.0) is held
        assert holds(driver.state, verdict) is held, chosen
    # Not where the player's coach is off.
    off = replace(driver.state.coaching, modes=(CoachMode.OFF,))
    judgement = Judgement(chosen=240.0, best=250.0, best_move=best)
    verdict = CoachVerdict(0, Scored("ones"), judgement, game)
    assert not holds(replace(driver.state, coaching=off), verdict)
