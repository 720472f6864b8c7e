"""What the review says to practise (game.present.review_screen.practise_key): where most of a
player's own points were lost, and nothing where too few were (CPython, with the strategy
tables)."""

from __future__ import annotations

from dataclasses import replace

from game.app.review_intents import OpenReview, ReviewSeat, ShowComputerReviews
from game.coach.review import Decision
from game.i18n.translator import Translator
from game.present.review_screen import PRACTISE_FROM, practise_key
from game.strategy.advisor import Keep, Score
from tests.app.test_review_screen import (
    SOLO,
    WITH_COMPUTER,
    expected_review,
    finished,
    review_view,
    run_review,
)


def test_what_to_practise_is_where_most_of_the_points_went() -> None:
    driver = finished(7, SOLO)
    mine = [d for d in expected_review(driver.game).decisions if d.player == 0]
    keep = next(d for d in mine if d.is_keep)
    box = next(d for d in mine if not d.is_keep)

    def losing(decision: Decision, loss: float, best: Keep | Score | None = None) -> Decision:
        return replace(
            decision, best=best or decision.best, best_expected=loss, choice_expected=0.0
        )

    rolling_on = Keep((6, 6))
    assert practise_key([losing(keep, PRACTISE_FROM - 0.1)]) is None  # too little to say
    assert practise_key([losing(keep, 7.0), losing(box, 3.0)]) == "review.practise_keeps"
    scored = Score(box.best.box, 0) if isinstance(box.best, Score) else Score("chance", 0)
    assert practise_key([losing(keep, 3.0), losing(box, 7.0, scored)]) == "review.practise_boxes"
    # Most of the boxes' points lost where rolling again was better: scored too early.
    early = [losing(box, 5.0, rolling_on), losing(box, 2.0, scored), losing(keep, 3.0)]
    assert practise_key(early) == "review.practise_roll_on"
    assert practise_key([losing(keep, 5.0), losing(box, 5.0, scored)]) == "review.practise_both"
    for language in ("en", "he", "et"):
        t = Translator(language, strict=True)
        for key in ("keeps", "roll_on", "boxes", "both"):
            assert t(f"review.practise_{key}")


def test_a_computers_review_says_nothing_to_practise() -> None:
    """ "To work on: …" is said to a person: a computer's review said it too (a walk)."""
    driver = finished(11, WITH_COMPUTER)
    driver(ShowComputerReviews(True), OpenReview(1))
    review = run_review(driver)
    robo = [d for d in review.decisions if d.player == 1 and not d.advised]
    key = practise_key(robo)
    assert key is not None  # a beginner: enough lost to say what to practise, to a person
    practise = Translator("en")(key)
    assert practise not in review_view(driver).skill
    driver(ShowComputerReviews(True), ReviewSeat(0))
    dana = [d for d in review.decisions if d.player == 0 and not d.advised]
    said = practise_key(dana)
    assert said is None or Translator("en")(said) in review_view(driver).skill
