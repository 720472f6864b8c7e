"""The review screen in the page (issue 12): after a seeded solo game, opened from the end
screen with its costliest decision opened, its numbers those of game.coach.review for the same
game (played beside it in CPython), in every language (right to left in Hebrew, the decimal
comma in Estonian), axe clean at 360x640; Share falls back to the clipboard where the page has
no share sheet; and the same review opened again from the history. And a review from the
history offline, once the service worker keeps the tables and optimal play's scores."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from datetime import date

import pytest
from playwright.sync_api import Page, expect

from cli.random_play import random_game
from cli.tables import load_distribution, load_table
from game.app.intents import SetAutoScore, StartGame
from game.app.review_intents import OpenReview, ReviewComputed
from game.coach.review import review_game
from game.i18n.bidi import without_isolates
from game.i18n.translator import Translator
from game.persistence.history import HISTORY, record_game, records_to_data
from game.persistence.storage import encode_record
from game.play.engine import new_game
from game.play.random_source import SeededDice
from game.play.state import Player
from game.present.percentile_words import percentile_words
from game.present.review_screen import shown_breakdown
from game.present.share_text import share_text
from game.strategy.advisor import Advisor, Keep
from tests.app.driver import AppDriver, keep_most_frequent, stored_session
from tests.e2e.browser_helpers import (
    boot,
    wait_until_ready,
)
from tests.e2e.game_helpers import Ui

SEED = 2045
DRAWN_DICE = """dice => dice.map(die => [
    Number(die.dataset.face),
    die.classList.contains("kept"),
    getComputedStyle(die).backgroundImage.split("radial-gradient(").length - 1,
])"""


@pytest.fixture
def review_page(page: Page, app_url: str) -> Iterator[Page]:
    """The installed app's page, allowed the clipboard, and without the Web Share API (as most
    desktop browsers): Share copies instead."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=app_url)
    page.add_init_script("delete Navigator.prototype.share;")
    yield page
    page.context.clear_permissions()  # the installed context's, which later tests share


@pytest.mark.heavy
def test_the_review_after_a_game_and_from_the_history(review_page: Page, app_url: str) -> None:
    page = review_page
    # The game up to its last turn, in CPython; its last turn played the same way in both.
    driver = AppDriver.seeded(SEED)
    driver.set_players([("Dana", "human", None)])
    driver(SetAutoScore(0), StartGame())
    driver.tables_failed()
    driver.play_turns(len(driver.game.ruleset.box_ids) - 1)
    stored = stored_session(driver.game)
    box = driver.play_human_turn()
    game = driver.game
    advisor = Advisor(load_table(game.ruleset))
    expected = review_game(game.ruleset, 1, game.log, advisor, load_distribution(game.ruleset))
    player = expected.players[0]

    ui = Ui(page).open(app_url, seed=SEED)
    ui.restore(stored)
    dice = ui.roll()
    while len(set(dice)) > 1 and page.locator("#roll").is_enabled():
        ui.keep(keep_most_frequent(dice))
        dice = ui.roll()
    ui.score(box)
    expect(page.locator("#end-screen")).to_be_visible()
    assert ui.totals() == [player.final]

    page.click("#end-review-buttons button")
    expect(page.locator("#review-screen")).to_be_visible()
    expect(page.locator("#review-body")).to_be_visible(timeout=30_000)  # the table, then it
    # Said where "Working out the review…" was, out of sight (a keyboard walk heard nothing).
    expect(page.locator("#review-status")).to_have_text("The review is ready.")
    expect(page.locator("#review-status")).to_have_class(re.compile(r"\bvisually-hidden\b"))
    start, luck, lost, final = shown_breakdown(player)
    t = Translator("en", isolate=False)
    assert page.locator("#review-breakdown dd").all_inner_texts() == [
        t.format_number(start, 1),
        ("+" if luck >= 0 else "") + t.format_number(luck, 1),
        t.format_number(-lost, 1),
        str(final),
    ]
    assert player.percentile is not None
    expect(page.locator("#review-percentile")).to_have_text(
        percentile_words(t, player.percentile, "review")
    )
    # What went well, as the app core shows it for the same review.
    driver(OpenReview(0), ReviewComputed(game.log, expected))
    good = driver.snapshot().review
    assert good is not None and good.good, "the game beats no tempting move: choose another seed"
    shown = [(without_isolates(g.summary), without_isolates(g.detail)) for g in good.good]
    expect(page.locator("#review-good-heading")).to_have_text(good.good_heading)
    expect(page.locator("#review-good .good-summary")).to_have_text([s for s, _ in shown])
    expect(page.locator("#review-good .good-detail")).to_have_text([d for _, d in shown])
    costliest = max(expected.decisions, key=lambda d: d.loss)
    first = page.locator("#review-mistakes details").first
    first.locator("summary").click()
    expect(first).to_have_attribute("open", "")
    expect(first.locator(".move-made .move-value")).to_contain_text(
        t.format_number(costliest.choice_expected, 1)
    )
    expect(first.locator(".move-best .move-value")).to_contain_text(
        t.format_number(costliest.best_expected, 1)
    )
    expect(first.locator(".mistake-position li").first).to_have_text(
        "Dice: " + t.format_dice(sorted(costliest.dice))
    )
    # A keep is drawn as the dice, those it held marked, each with its face's pips.
    moves = ((".move-made", costliest.choice), (".move-best", costliest.best))
    assert any(isinstance(move, Keep) for _, move in moves)
    for card, move in moves:
        drawn = first.locator(f"{card} .die-face").evaluate_all(DRAWN_DICE)
        if not isinstance(move, Keep):
            assert drawn == []
            continue
        assert [face for face, _, _ in drawn] == sorted(costliest.dice)
        assert all(pips == face for face, _, pips in drawn)
        assert Counter(face for face, kept, _ in drawn if kept) == Counter(move.faces)
    # Past the 3 costliest, the others on request, and back (the first stays open).
    not_optimal = sum(1 for d in expected.decisions if not d.optimal)
    assert not_optimal > 3
    page.click("#review-every")
    expect(page.locator("#review-mistakes details")).to_have_count(not_optimal)
    page.click("#review-every")
    expect(page.locator("#review-mistakes details")).to_have_count(3)
    expect(first).to_have_attribute("open", "")

    problems: dict[str, object] = {}
    for language in ("en", "he", "et"):
        page.select_option("#language", language)
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect(first).to_have_attribute("open", "")  # the decision stays open
        found = ui.run_axe()
        if found:
            problems[language] = found
        ui.no_page_scroll_sideways()
    assert problems == {}
    expect(page.locator("html")).to_have_attribute("dir", "ltr")
    lost_text = Translator("et").format_number(lost, 1)
    assert "," in lost_text and page.locator("#review-breakdown dd").nth(2).inner_text() == (
        "−" + lost_text
    )

    page.click("#review-share")  # Estonian, copied: this page has no share sheet
    expect(page.locator("#review-share-status")).to_have_text("Kopeeritud: kleebi, kuhu soovid.")
    expect(page.locator("#review-share-status")).to_be_in_viewport(ratio=1)  # said in sight
    copied = page.evaluate("() => navigator.clipboard.readText()")
    text = share_text("et", "penta", final, player.points_lost, player.percentile, name="Dana")
    assert copied == text
    expect(page.locator("#review-share-text")).to_have_value(text)  # what was copied, seen
    # Where there is a share sheet (a phone), Share hands it the same text.
    page.evaluate("() => { navigator.share = async (data) => { window.sharedText = data.text; }; }")
    page.click("#review-share")
    expect(page.locator("#review-share-status")).to_have_text("Jagatud.")
    expect(page.locator("#review-share-text")).to_be_hidden()
    assert page.evaluate("() => window.sharedText") == text

    page.select_option("#language", "he")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    page.click("#review-back")
    expect(page.locator("#end-screen")).to_be_visible()
    # Back, the focus is on the button that was left, not at the screen's top (a walk).
    expect(page.locator("#end-review-buttons button")).to_be_focused()
    page.click("#new-game")
    page.click("#history-button")
    expect(page.locator("#history-screen")).to_be_visible()
    page.locator("#games-list [data-action=history-review]").first.click()
    expect(page.locator("#review-screen")).to_be_visible()
    expect(page.locator("#review-body")).to_be_visible()
    assert page.locator("#review-breakdown dd").last.inner_text() == str(final)
    page.click("#review-back")
    expect(page.locator("#games-list [data-action=history-review]").first).to_be_focused()
    page.click("#history-back")
    expect(page.locator("#history-button")).to_be_focused()


def test_a_review_from_the_history_works_offline_once_the_tables_are_kept(
    page: Page, app_url: str
) -> None:
    players = [Player("Dana"), Player("Avi")]
    game = random_game(new_game("yatzy", players, SeededDice(8)), random.Random(8))
    record = record_game("00000000000000c1", game, date(2026, 11, 30))
    advisor = Advisor(load_table(game.ruleset))
    expected = review_game(
        game.ruleset, len(players), game.log, advisor, load_distribution(game.ruleset)
    )
    # The installed app keeps the tables and optimal play's scores (tests/e2e/installed_app.py).
    boot(page, app_url)
    stored = encode_record(HISTORY, {"games": records_to_data((record,))})
    page.evaluate("(text) => localStorage.setItem('penta.history', text)", stored)
    page.context.set_offline(True)
    try:
        page.reload()
        wait_until_ready(page)
        # Chromium's emulation takes the service worker's network away too: what it does
        # not keep fails to load.
        assert page.evaluate("navigator.onLine") is False
        page.click("#history-button")
        page.locator("#games-list [data-action=history-review]").click()
        expect(page.locator("#review-body")).to_be_visible(timeout=30_000)
        shown_final = page.locator("#review-breakdown dd").last.inner_text()
        assert shown_final == str(game.sheets[0].total)
        percentile = expected.players[0].percentile
        assert percentile is not None  # offline too: the scores came from the cache
        expect(page.locator("#review-percentile")).to_have_text(
            percentile_words(Translator("en", isolate=False), percentile, "review")
        )
        # Whose review: the focus stays on the player chosen (the buttons were made anew, and
        # a keyboard walk's focus went to the page).
        avi = page.locator("#review-player-buttons button").nth(1)
        avi.focus()
        page.keyboard.press("Enter")
        expect(avi).to_have_attribute("aria-pressed", "true")
        expect(avi).to_be_focused()
        expect(page.locator("#review-breakdown dd").last).to_have_text(str(game.sheets[1].total))
    finally:
        page.context.set_offline(False)  # the installed context's, which later tests share
