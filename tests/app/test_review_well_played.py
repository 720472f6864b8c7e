"""The review names what went well too: the player's own best moves where the tempting one (the
greedy rule's: a beginner's) would have cost most, each with that cost (a review that named only
mistakes gave a learner's first game no word of what went right: a walk). Below half of the
perfectly played games, its percentile is said of the perfect player ("scores more than this in
about 95% of games")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cli.tables import load_table
from game.app.effects import ComputeReview
from game.app.intents import SetAutoScore, SetLanguage, StartGame
from game.app.review_intents import OpenReview, ReviewComputed, ReviewSeat, ShowComputerReviews
from game.coach.greedy import SCORE_AT_ONCE, greedy_move
from game.coach.optimal import AdvisorCoach, sheet_position
from game.coach.protocol import OPTIMAL_TOLERANCE, KeepAdvice
from game.coach.review import Decision, review_game
from game.i18n.bidi import without_isolates
from game.i18n.translator import Translator
from game.present.percentile_words import percentile_words
from game.present.review_screen import GOOD_FROM, GOOD_SHOWN
from game.present.tenths import shown_difference
from game.rules.rulesets import RULESETS
from game.strategy.advisor import Advisor, Keep, Score
from tests.app.driver import AppDriver
from tests.app.test_review_screen import SOLO, expected_review, finished, review_view, run_review
from tests.solved_tables import solved_advisor


def tempting_cost(advisor: Advisor, decision: Decision) -> tuple[float, Keep | Score] | None:
    """What the greedy rule's move would have cost where the move made was the best and not
    that one, from the advisor's ranking of the position; and that move."""
    position = sheet_position(decision.sheet, decision.dice, decision.rolls_left)
    ranked = advisor.rank(position)
    made = next(r for r in ranked if r.action == decision.choice)
    greedy = greedy_move(RULESETS["penta"].box_ids, position.options(), decision.dice,
                         decision.rolls_left)  # fmt: skip
    if isinstance(greedy, KeepAdvice):
        faces = tuple(sorted(decision.dice[die] for die in greedy.kept))
        tempting = next(r for r in ranked if r.action == Keep(faces))
    else:
        tempting = next(
            r for r in ranked if isinstance(r.action, Score) and r.action.box == greedy.box
        )
    if ranked[0].expected - made.expected > OPTIMAL_TOLERANCE or tempting is made:
        return None
    if isinstance(tempting.action, Score) and tempting.action.points == 0:
        return None  # a box for 0 tempts no one (a walk read "the tempting move, Two pairs (0)")
    assert isinstance(tempting.action, Keep | Score)
    return shown_difference(made.expected, tempting.expected), tempting.action


def move_words(choice: Keep | Score, t: Translator) -> str:
    if isinstance(choice, Keep):
        return t("review.move_keep", dice=t.dice_to_keep(choice.faces))
    return t("review.move_score", box=t.box_name("penta", choice.box), points=choice.points)


@pytest.fixture(scope="module")
def coach() -> AdvisorCoach:
    return AdvisorCoach(solved_advisor("penta"))


def against_optimal(seed: int, coach: AdvisorCoach) -> tuple[AppDriver, ComputeReview]:
    """A finished game of Dana (who plays by the tests' rule, the greedy one) against Robo, a
    computer playing the best moves; the computers' reviews offered, none opened yet."""
    driver = AppDriver.seeded(seed, coach=coach)
    driver.set_players([("Dana", "human", None), ("Robo", "computer", "optimal")])
    driver(SetAutoScore(0), StartGame())
    driver.tables_ready()
    driver.play_to_end()
    driver(ShowComputerReviews(True), OpenReview(1))
    (effect,) = [e for e in driver.effects if isinstance(e, ComputeReview)]
    return driver, effect


@pytest.mark.parametrize("seed", [7, 12])
def test_the_review_names_the_best_moves_where_the_tempting_one_cost_most(
    seed: int, coach: AdvisorCoach
) -> None:
    driver, _ = against_optimal(seed, coach)
    review = run_review(driver)
    advisor = Advisor(load_table(RULESETS["penta"]))
    t = Translator("en", isolate=False)
    for seat in (1, 0):  # Robo's review, then Dana's
        driver(ReviewSeat(seat))
        own = [d for d in review.decisions if d.player == seat and not d.advised]
        costs = [(tempting_cost(advisor, d), d) for d in own]
        counted = [(*cost, d) for cost, d in costs if cost is not None and cost[0] >= GOOD_FROM]
        counted.sort(key=lambda named: named[0], reverse=True)
        view = review_view(driver)
        assert len(view.good) == min(GOOD_SHOWN, len(counted))
        if seat == 1:
            assert counted, "the optimal player beat no tempting move: choose another seed"
        if not counted:
            assert view.good_heading == view.good_help == ""
            continue
        assert view.good_heading == "Well played: where the tempting move was not the best"
        assert view.good_help.startswith("The tempting move: scoring the box that pays most")
        assert f"pays {SCORE_AT_ONCE} points or more or no roll is left" in without_isolates(
            view.good_help
        )
        for good, (cost, tempting, decision) in zip(view.good, counted, strict=False):
            summary = without_isolates(good.summary).replace("\u00a0", " ")
            assert summary == f"Round {decision.turn}, after roll {decision.roll}: " + (
                without_isolates(move_words(decision.choice, t))
            )
            tempting_words = without_isolates(move_words(tempting, t))
            assert without_isolates(good.detail).endswith(
                f"The tempting move, {tempting_words[0].lower()}{tempting_words[1:]}, "
                f"would have lost {t.format_number(cost, 1)}."
            )
        # The last named cost at least as much as any left out.
        least = counted[len(view.good) - 1][0]
        assert all(cost <= least for cost, *_ in counted[len(view.good) :])


def test_moves_the_app_chose_are_not_named(coach: AdvisorCoach) -> None:
    driver, effect = against_optimal(7, coach)
    ruleset = RULESETS["penta"]
    review = review_game(ruleset, 2, effect.log, Advisor(load_table(ruleset)))
    advised = tuple(replace(d, advised=d.player == 1) for d in review.decisions)
    driver(ReviewComputed(effect.log, replace(review, decisions=advised)))
    view = review_view(driver)
    assert view.good == () and view.good_heading == ""


def test_a_box_for_nothing_is_no_tempting_move(coach: AdvisorCoach) -> None:
    """A walk read "the tempting move, Two pairs (0)" where the dice scored nothing anywhere."""
    ruleset = RULESETS["penta"]
    named = {}
    for points in (0, 5):
        driver, effect = against_optimal(7, coach)
        review = review_game(ruleset, 2, effect.log, Advisor(load_table(ruleset)))
        tempted = tuple(
            replace(d, tempting=Score("chance", points)) if d.player == 1 else d
            for d in review.decisions
        )
        driver(ReviewComputed(effect.log, replace(review, decisions=tempted)))
        named[points] = len(review_view(driver).good)
    assert named == {0: 0, 5: GOOD_SHOWN}


@pytest.mark.parametrize("language", ["en", "et", "he"])
def test_a_score_below_half_of_perfect_games_is_said_against_a_high_bar(language: str) -> None:
    t = Translator(language, isolate=False)
    low, high = percentile_words(t, 12.0, "review"), percentile_words(t, 62.0, "review")
    # Said of the perfect player, who scores more in 88% of games.
    assert t.format_percent(0.88) in low and low == t(
        "review.percentile_low", percent=t.format_percent(0.88)
    )
    assert high == t("review.percentile", percent=t.format_percent(0.62))
    assert low != t("review.percentile", percent=t.format_percent(0.12))
    # What is shared says the figure alone.
    assert percentile_words(t, 12.0, "share") == t(
        "share.percentile", percent=t.format_percent(0.12)
    )


@pytest.mark.parametrize("language", ["en", "et", "he"])
def test_a_game_that_lost_nothing_is_told_the_dice_were_against_it(language: str) -> None:
    """ "A high bar: see below where the points went" pointed a computer's perfect game at
    mistakes it had not made (a walk)."""
    t = Translator(language, isolate=False)
    shown = {}
    tried_cases = (
        (0.0, -20.0, 12.0),
        (0.0, -20.0, 0.0),
        (0.0, -20.0, 62.0),
        (3.0, 5.0, 12.0),
        # The dice cost more than the mistakes: "see below where the points went" pointed a
        # walk's game that lost 52.0 to the dice and 15.5 to mistakes at the mistakes alone.
        (3.0, -20.0, 12.0),
        (3.0, -20.0, 0.0),
    )
    for lost, luck, percentile in tried_cases:
        driver = finished(7, SOLO)  # a review computed once is kept: a game of its own each
        driver(SetLanguage(language), OpenReview(0))
        review = expected_review(driver.game)
        (player,) = review.players
        tried = replace(player, percentile=percentile, points_lost=lost, luck=luck)
        driver(ReviewComputed(driver.game.log, replace(review, players=(tried,))))
        shown[lost, luck, percentile] = without_isolates(review_view(driver).percentile)
    low = t.format_percent(0.12)
    assert shown[0.0, -20.0, 12.0] == t("review.percentile_low_luck", percent=low)
    assert shown[0.0, -20.0, 0.0] == t("review.percentile_none_luck")
    assert shown[0.0, -20.0, 62.0] == t("review.percentile", percent=t.format_percent(0.62))
    high = t.format_percent(0.88)
    assert shown[3.0, 5.0, 12.0] == t("review.percentile_low", percent=high)
    assert shown[3.0, -20.0, 12.0] == t("review.percentile_low_mostly_luck", percent=high)
    assert shown[3.0, -20.0, 0.0] == t("review.percentile_none_mostly_luck")
