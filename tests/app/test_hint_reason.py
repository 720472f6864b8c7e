"""The hint says why (game.app.coaching.hint_reason, game.present.coach_words): the next best
move with what it costs on average, as the optimal advisor ranks it, then why in the words the
coach's warning uses for a move made, said of the next best move; as good, where two moves tie.
None without the tables; gone with the hint."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.app.intents import HideHint, Roll, ShowHint, StartGame
from game.app.setup_intents import ChooseRuleset
from game.coach.greedy import GreedyCoach
from game.coach.optimal import AdvisorCoach, position_of
from game.coach.protocol import KeepAdvice, ScoreAdvice
from game.i18n.bidi import without_isolates
from game.i18n.translator import Translator
from game.play.engine import new_game
from game.play.move_log import Kept, Scored
from game.play.random_source import SeededDice
from game.play.sheet import Sheet
from game.play.state import Player
from game.present.coach_words import hint_decimals
from game.strategy.advisor import Keep, Score
from tests.app.driver import AppDriver
from tests.app.test_review_why import kept_open
from tests.solved_tables import solved_advisor


@pytest.fixture(scope="module")
def coach() -> AdvisorCoach:
    return AdvisorCoach(solved_advisor("penta"))


def hinted(coach: AdvisorCoach, seed: int, rolls: int = 1) -> AppDriver:
    driver = AppDriver.seeded(seed, coach=coach)
    driver(ChooseRuleset("penta"), StartGame())
    driver.tables_ready()
    for _ in range(rolls):
        driver(Roll())
    driver(ShowHint())
    return driver


def hint_text(driver: AppDriver) -> str:
    return without_isolates(driver.view().hint)


def test_the_hint_names_the_next_best_move_with_what_it_costs(coach: AdvisorCoach) -> None:
    t = Translator("en", isolate=False)
    for seed in range(1, 6):
        driver = hinted(coach, seed)
        ranked = coach.advisor.rank(position_of(driver.game))
        best, second = ranked[0], ranked[1]
        assert second.expected < best.expected  # these first rolls have no tie at the top
        reason = driver.state.pacing.hint_reason
        assert reason is not None and reason.judgement.chosen == second.expected
        move = reason.move
        if isinstance(second.action, Keep):
            dice = driver.game.dice
            assert dice is not None and isinstance(move, Kept)
            assert tuple(sorted(dice[die] for die in move.positions)) == second.action.faces
        else:
            assert isinstance(second.action, Score) and move == Scored(second.action.box)
        text = hint_text(driver)
        lost = best.expected - second.expected
        value = t.format_number(max(lost, 0.001), hint_decimals(lost))
        assert ". The next best is " in text
        assert f": on average, your final score would be {value} lower with it." in text
        assert round(lost, hint_decimals(lost)) > 0
        # Why, in words, after it: the box the best keep aims at, with the chances of each.
        assert isinstance(best.action, Keep) and isinstance(reason.judgement.best_move, KeepAdvice)
        aim = reason.judgement.aim
        if aim is not None:
            box, share = t.box_name("penta", aim.box), t.format_percent(aim.best)
            if isinstance(move, Kept):  # against the next best keep, and its own chance
                mine = t.format_percent(aim.made)
                assert (
                    "With the best move, the turn ends with points in the "
                    f"{box} box {share} of the time; " in text
                )
                assert text.endswith(f"with the next best, {mine}.")
            else:  # against scoring a box now
                assert (
                    "Rolling again with the best keep, the turn ends with points in the "
                    f"{box} box {share}" in text
                )


def test_the_hint_after_the_last_roll_says_what_the_best_box_keeps_open(
    coach: AdvisorCoach,
) -> None:
    driver = hinted(coach, 1, rolls=3)
    reason = driver.state.pacing.hint_reason
    assert reason is not None and isinstance(reason.move, Scored)
    best = reason.judgement.best_move
    options = driver.game.options
    assert isinstance(best, ScoreAdvice) and options is not None
    next_best = Translator("en").box_name("penta", reason.move.box)
    said = kept_open(next_best, options.points[reason.move.box], options.points[best.box])
    assert said in without_isolates(hint_text(driver))


def test_the_reason_goes_with_the_hint_and_without_tables_there_is_none(
    coach: AdvisorCoach,
) -> None:
    driver = hinted(coach, 2)
    assert driver.state.pacing.hint_reason is not None
    driver(HideHint())
    assert driver.state.pacing.hint_reason is None
    driver(ShowHint(), Roll())
    assert driver.state.pacing.hint_reason is None and driver.view().hint == ""
    driver(ShowHint())
    assert GreedyCoach().next_best(driver.game) is None


def test_a_next_best_move_as_good_as_the_best_is_said_so(coach: AdvisorCoach) -> None:
    driver = hinted(coach, 1)
    reason = driver.state.pacing.hint_reason
    assert reason is not None
    tie = replace(reason.judgement, chosen=reason.judgement.best)
    pacing = replace(driver.state.pacing, hint_reason=replace(reason, judgement=tie))
    driver.state = replace(driver.state, pacing=pacing)
    assert hint_text(driver) == "Best: keep 5, 5. As good: keeping 3, 5, 5."


def test_the_hint_says_what_the_next_best_costs_with_the_decimals_that_show_it(
    coach: AdvisorCoach,
) -> None:
    """Both moves' expected final scores read as a forecast two walks kept missing; "225.0"
    beside "225.0" read as a tie (a third walk's learner): the cost shows, never as 0."""
    driver = hinted(coach, 2)
    reason, hint = driver.state.pacing.hint_reason, driver.state.pacing.hint
    assert reason is not None and hint is not None and not reason.judgement.optimal
    et = Translator("et", isolate=False)
    for best, chosen, cost in (
        (225.03, 224.98, "0.1"),
        (225.02, 225.0, "0.02"),
        (225.0004, 224.9996, "0.001"),  # as near as three decimals go
        (232.54, 229.91, "2.6"),
    ):
        verdict = replace(reason, judgement=replace(reason.judgement, best=best, chosen=chosen))
        pacing = replace(driver.state.pacing, hint_reason=verdict)
        driver.state = replace(driver.state, pacing=pacing)
        best_words, next_words = hint_text(driver).split(". The next best ")
        assert best_words.startswith("Best: ") and "score" not in best_words.lower()[6:], best_words
        assert f"your final score would be {cost} lower with it." in next_words
        # In each language's numbers: "0,02" in Estonian.
        shown = et.format_number(max(best - chosen, 0.001), hint_decimals(best - chosen))
        assert shown == cost.replace(".", ",")


def test_a_box_worth_25_now_is_said_with_its_cost_where_the_hint_makes_another_move(
    coach: AdvisorCoach,
) -> None:
    """A walk's learner, told to keep 1, 1, 1 with a Full house rolled, asked why not take the
    25: the hint says what that box would cost, unless it is the best or the next best it
    names already."""
    t = Translator("en", isolate=False)
    said = []
    for dice in (
        (1, 1, 1, 4, 4),
        (2, 2, 2, 5, 5),
        (1, 2, 3, 4, 6),
        (6, 6, 6, 5, 5),
        (2, 3, 4, 5, 6),
    ):
        game = replace(new_game("penta", [Player("Kadri")], SeededDice(1)), dice=dice, rolls_left=2)
        driver = AppDriver.with_game(game, coach=coach)
        driver.tables_ready()
        driver(ShowHint())
        ranked = coach.advisor.rank(position_of(driver.game))
        scored = {r.action.box: r.expected for r in ranked if isinstance(r.action, Score)}
        options = driver.game.options
        assert options is not None
        # The box that pays most now, the first in the sheet where two pay alike.
        legal = [b for b in driver.game.ruleset.box_ids if b in options.legal]
        box = max(legal, key=lambda b: options.points[b])
        tempting = driver.state.pacing.hint_tempting
        named = [getattr(rank.action, "box", None) for rank in ranked[:2]]
        if options.points[box] < 25 or box in named:
            assert tempting is None, dice
            assert "now: on average" not in hint_text(driver)
            continue
        assert tempting is not None and tempting.move == Scored(box)
        loss = ranked[0].expected - scored[box]
        words = t.box_name("penta", box)
        cost = t.format_number(loss, hint_decimals(loss))
        sentence = (
            f"Scoring {words} for {options.points[box]} points now: on average, your final score"
            f" would be {cost} lower."
        )
        assert hint_text(driver).endswith(sentence), hint_text(driver)
        said.append(dice)
    assert said  # the test tests something


def test_a_keep_as_good_as_scoring_now_is_not_the_next_best(coach: AdvisorCoach) -> None:
    """Rolling again then gains nothing: a walk's learner, told "Best: score Small straight for
    30 points. As good: keeping 2, 3, 4, 5", wondered what for. The next move that costs
    something is named instead."""
    game = new_game("penta", [Player("Sam")], SeededDice(1))
    filled = {box: 0 for box in game.ruleset.box_ids if box != "small_straight"}
    sheet = Sheet.from_scores(game.ruleset, filled)
    dice = (2, 3, 4, 5, 5)
    game = replace(game, sheets=(sheet,), dice=dice, rolls_left=2)
    ranked = coach.advisor.rank(position_of(game))
    best, tied = ranked[0], ranked[1]
    assert best.action == Score("small_straight", 30, 0)
    assert isinstance(tied.action, Keep) and tied.expected == best.expected  # the tie it skips
    move = coach.next_best(game)
    assert move is not None and move != Kept(tied.action.positions(dice))
    judgement = coach.judge(game, move)
    assert judgement is not None and not judgement.optimal
    driver = AppDriver.with_game(game, coach=coach)
    driver.tables_ready()
    driver(ShowHint())
    text = hint_text(driver)
    assert text.startswith("Best: score Small straight for 30 points. The next best is ")
    assert "As good" not in text
