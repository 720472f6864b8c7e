"""The review of a game played with real dice says what the app could not judge: it saw the
dice entered and the throws asked about, not the keeps before them, which count with the luck
(a walk read a whole game's keeps as bad luck, unsaid)."""

from __future__ import annotations

from game.app.entry_intents import ChooseDice, EnterFace
from game.app.intents import ConfirmTurn, SelectBox, SetLanguage, StartGame
from game.app.model import Screen
from game.app.review_intents import OpenReview, ShowEveryDecision
from game.coach.greedy import best_immediate_box
from game.i18n.translator import Translator
from game.play.random_source import SeededDice
from game.present.review_screen import review_view as screen_review_view
from tests.app.driver import AppDriver
from tests.app.test_review_screen import SOLO, finished, review_view, run_review


def real_dice_game_reviewed() -> AppDriver:
    """Dana alone with real dice, each turn's faces entered and the box that pays most now
    scored, then her review computed."""
    driver = AppDriver.seeded(5)
    driver.set_players(SOLO)
    driver(ChooseDice(True), StartGame())
    driver.tables_ready()
    source = SeededDice(11)
    while driver.state.screen is Screen.GAME:
        faces, source = source.draw(5)
        driver(*[EnterFace(face) for face in faces])
        driver(SelectBox(best_immediate_box(driver.game)), ConfirmTurn())
    driver(OpenReview(0))
    run_review(driver)
    return driver


def test_a_real_dice_review_says_that_unseen_keeps_count_as_luck() -> None:
    driver = real_dice_game_reviewed()
    note = review_view(driver).real_dice_note
    assert "real dice" in note and "luck" in note
    for language in ("he", "et"):
        driver(SetLanguage(language))
        translated = review_view(driver).real_dice_note
        assert translated and translated != note


def test_a_review_of_dice_rolled_on_screen_has_no_such_note() -> None:
    driver = finished(7, SOLO)
    driver(OpenReview(0))
    run_review(driver)
    assert review_view(driver).real_dice_note == ""


def test_a_box_for_dice_entered_names_no_roll_the_app_never_saw() -> None:
    """Each box chosen for dice entered at the table is told as such ("the dice entered"), not
    "after roll 3"; decisions of dice rolled on screen keep their roll. In every language, each
    message given what it takes (the roll given to words that have none logged an error)."""
    driver = real_dice_game_reviewed()
    driver(ShowEveryDecision(True))
    review = driver.state.review.result
    assert review is not None
    entered = [d for d in review.decisions if not d.optimal]
    assert entered and all(d.entered and not d.is_keep for d in entered)
    summaries = [m.summary for m in review_view(driver).mistakes]
    assert len(summaries) == len(entered)
    assert all("the dice entered" in s and "after roll" not in s for s in summaries)
    for language in ("en", "he", "et"):
        strict = Translator(language, strict=True)
        assert len(screen_review_view(driver.state, strict).mistakes) == len(entered)
    rolled = finished(7, SOLO)
    rolled(OpenReview(0))
    run_review(rolled)
    assert not any(d.entered for d in rolled.state.review.result.decisions)  # type: ignore[union-attr]
    assert all("after roll" in m.summary for m in review_view(rolled).mistakes)
