"""Why the best move was better, in the review's list of decisions: between two boxes, which
box each left open and the upper section's total; a box against a roll, plainly; between two
keeps, the box where the best keep scores most more points, with its chances
(game.coach.keep_aims)."""

from __future__ import annotations

from dataclasses import replace

from cli.tables import load_table
from game.app.review_intents import ReviewComputed, ShowEveryDecision
from game.coach.keep_aims import aim_difference
from game.coach.optimal import sheet_position
from game.i18n.translator import Translator
from game.present.coach_words import why_words
from game.rules.rulesets import RULESETS
from game.strategy.advisor import Advisor, Keep, Score
from tests.app.test_review_screen import opened, review_view


def test_a_box_chosen_over_the_best_box_says_what_each_left_open() -> None:
    """Between two boxes the review says which box each left open, and the upper section's
    total with each while the bonus is still to be had; a keep, the box where the best keep
    scores most more points.
    Every term on the screen is explained once."""
    driver, effect, review = opened(7)
    driver(ReviewComputed(effect.log, review), ShowEveryDecision(True))
    view = review_view(driver)
    t = Translator("en")
    assert "every move is the best one" in view.breakdown_help
    assert view.expected_help.startswith("Expected final score: the average")
    every = sorted((d for d in review.decisions if not d.optimal), key=lambda d: -d.loss)
    ruleset = RULESETS["penta"]
    upper, needed = ruleset.upper_box_ids, ruleset.upper_bonus_threshold
    kinds_seen = set()
    for shown, decision in zip(view.mistakes, every, strict=True):
        made, best = decision.choice, decision.best
        kinds = (isinstance(made, Score), isinstance(best, Score))
        kinds_seen.add(kinds)
        if kinds == (False, False):
            assert isinstance(made, Keep) and isinstance(best, Keep)
            aim = aim_difference(
                Advisor(load_table(ruleset)),
                sheet_position(decision.sheet, decision.dice, decision.rolls_left),
                best.faces,
                made.faces,
            )
            assert aim == decision.aim
            assert shown.why == (
                ""
                if aim is None
                else "The best keep scores points in "
                f"{t.isolated(t.box_name('penta', aim.box))} "
                f"{t.isolated(t.format_percent(aim.best))} of the time; "
                f"yours, {t.isolated(t.format_percent(aim.made))}."
            )
            continue
        if kinds == (True, False):
            assert (
                shown.why == "Rolling again is worth more, on average, than scoring these dice now."
            )
            continue
        if kinds == (False, True):
            assert (
                shown.why == "Scoring these dice now is worth more, on average, than rolling again."
            )
            continue
        assert isinstance(made, Score) and isinstance(best, Score)
        assert shown.why.startswith(
            f"Your move leaves {t.isolated(t.box_name('penta', best.box))} open; "
            f"the best move leaves {t.isolated(t.box_name('penta', made.box))} open."
        )
        subtotal = decision.sheet.upper_subtotal
        if subtotal < needed and (made.box in upper or best.box in upper):
            mine = subtotal + (made.points if made.box in upper else 0)
            theirs = subtotal + (best.points if best.box in upper else 0)
            assert f"Upper section: {t.isolated(str(mine))} with yours, " in shown.why
            assert f"{t.isolated(str(theirs))} with the best" in shown.why
        else:
            assert "Upper section" not in shown.why
    assert (True, True) in kinds_seen and (False, False) in kinds_seen  # the test tests something


def test_a_box_where_a_roll_was_better_and_a_roll_where_a_box_was_say_so() -> None:
    driver, effect, review = opened(7)
    missed = next(d for d in review.decisions if not d.optimal)
    scored_early = replace(missed, choice=Score("chance", 20), best=Keep((6, 6)))
    rolled_on = replace(missed, choice=Keep((6, 6)), best=Score("chance", 20))
    driver(ReviewComputed(effect.log, replace(review, decisions=(scored_early, rolled_on))))
    whys = [mistake.why for mistake in review_view(driver).mistakes]
    assert whys == [
        "Rolling again is worth more, on average, than scoring these dice now.",
        "Scoring these dice now is worth more, on average, than rolling again.",
    ]


def test_the_upper_section_is_named_only_where_the_two_boxes_leave_it_apart() -> None:
    """ "Upper section: 6 with yours, 6 with the best" said nothing (a walk)."""
    t = Translator("en", isolate=False)
    penta = RULESETS["penta"]
    apart = why_words(t, penta, ("sixes", 18), ("chance", 20), 10, None)
    assert apart[-1] == "Upper section: 28 with yours, 10 with the best (63 for the bonus)."
    alike = why_words(t, penta, ("ones", 0), ("chance", 20), 10, None)
    assert not any(sentence.startswith("Upper section") for sentence in alike)
