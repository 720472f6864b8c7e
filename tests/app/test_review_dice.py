"""The cards of the review's decisions: a keep is drawn as dice (the position's dice in order of
their faces, the ones the keep holds marked, on the card of the move made and on the best
move's; a move that scored draws none), and a move the app made is labelled so."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from game.app.review_intents import ReviewComputed
from game.coach.review import Choice, Decision
from game.present.review_views import KeptDice
from game.strategy.advisor import Keep
from tests.app.test_review_screen import opened, review_view


def alone_not_optimal(decisions: tuple[Decision, ...], index: int) -> tuple[Decision, ...]:
    """The decisions with every one but `index` made optimal: the review lists that one alone."""
    return tuple(
        decision if at == index else replace(decision, choice_expected=decision.best_expected)
        for at, decision in enumerate(decisions)
    )


def assert_drawn(dice: KeptDice | None, move: Choice, decision: Decision) -> None:
    if not isinstance(move, Keep):
        assert dice is None
        return
    assert dice is not None
    assert dice.faces == tuple(sorted(decision.dice))
    held = Counter(face for face, kept in zip(dice.faces, dice.kept, strict=True) if kept)
    assert held == Counter(move.faces)


def test_each_keep_is_drawn_as_the_dice_it_held_and_a_box_scored_as_none() -> None:
    driver, effect, review = opened(3)
    waiting = driver.state  # for the review, each time
    kinds = set()
    for index, decision in enumerate(review.decisions):
        if decision.optimal:
            continue
        decisions = alone_not_optimal(review.decisions, index)
        driver.state = waiting
        driver(ReviewComputed(effect.log, replace(review, decisions=decisions)))
        (shown,) = review_view(driver).mistakes
        assert_drawn(shown.made_dice, decision.choice, decision)
        assert_drawn(shown.best_dice, decision.best, decision)
        kinds.add((isinstance(decision.choice, Keep), isinstance(decision.best, Keep)))
    # A keep where the best was another keep, and where it was a box, were among them.
    assert {(True, True), (True, False)} <= kinds


def test_a_move_the_app_made_is_labelled_as_made_for_the_player() -> None:
    """The hint's followed, or the countdown's box: a walk took the countdown's boxes, chosen
    without the strategy table, for its own moves, which the list called "Move made"."""
    driver, effect, review = opened(3)
    index = next(at for at, decision in enumerate(review.decisions) if not decision.optimal)
    waiting = driver.state
    labels = []
    for advised in (False, True):
        decisions = alone_not_optimal(review.decisions, index)
        decisions = tuple(
            replace(decision, advised=advised) if at == index else decision
            for at, decision in enumerate(decisions)
        )
        driver.state = waiting
        driver(ReviewComputed(effect.log, replace(review, decisions=decisions)))
        (shown,) = review_view(driver).mistakes
        labels.append(shown.made_label)
    assert labels == ["Move made", "Move made for you"]
