"""Games kept, in the browser at phone size (issue 14, point 4): a game left is listed on the
New game screen and resumed with the same dice and scores; a kept game is deleted after its
dialog, and one resumed is left deleting it; a finished game opens from the history as its
whole sheet; axe finds no serious violation on the list, the dialogs, the history and the
sheet, in the three languages. The logic is tested in CPython (tests/app/test_kept_games.py,
tests/app/test_leave_deleting.py)."""

from __future__ import annotations

import random
from datetime import date

import pytest
from playwright.sync_api import Locator, Page, expect

from game.app.intents import SetAutoScore, StartGame
from game.app.model import HISTORY_PAGE
from game.persistence.history import HISTORY
from game.persistence.session import save_session
from game.persistence.storage import MemoryStorage
from tests.app.driver import AppDriver
from tests.app.test_history_pages import device_with_games
from tests.e2e.game_helpers import Ui, expect_in_sight, reload_when_written

LANGUAGES = ("en", "he", "et")


def a_finished_game_stored() -> tuple[dict[str, str], list[str]]:
    """The device's storage holding one finished game in its history, and its totals."""
    driver = AppDriver.seeded(31)
    driver.set_players([("Dana", "human", None)])
    driver(SetAutoScore(0), StartGame())
    driver.tables_failed()
    driver.play_to_end()
    storage = MemoryStorage()
    today = date(2026, 11, 30)
    save_session(storage, driver.game, today=today, ids=random.Random(3))
    save_session(storage, None, today=today)
    return storage.items, [str(sheet.total) for sheet in driver.game.sheets]


UNDER_THE_START_BAR = """(target) => {
    // Scrolls `target` to the middle of the Start button, then asks what is drawn there.
    const button = document.getElementById('start');
    const aim = document.querySelector(target).getBoundingClientRect();
    const bar = button.getBoundingClientRect();
    window.scrollBy(0, aim.top + aim.height / 2 - (bar.top + bar.height / 2));
    const middle = button.getBoundingClientRect().top + bar.height / 2;
    const hits = [];
    for (let x = bar.left + 2; x < bar.right - 2; x += 4) {
        const hit = document.elementFromPoint(x, middle);
        if (!button.contains(hit)) hits.push(hit && (hit.id || hit.className));
    }
    return [...new Set(hits)];
}"""


@pytest.mark.heavy
def test_a_game_left_is_listed_resumed_and_deleted(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=21)
    problems: dict[str, object] = {}

    def axe_everywhere(where: str) -> None:
        for language in LANGUAGES:
            page.select_option("#language", language)
            expect(page.locator("html")).to_have_attribute("lang", language)
            ui.no_page_scroll_sideways()
            if found := ui.run_axe():
                problems[f"{where} ({language})"] = found
        page.select_option("#language", "en")

    stored, totals = a_finished_game_stored()
    ui.restore(stored)
    ui.set_players([("Dana", "human", None)])
    ui.set_auto_score(0)
    ui.start()
    ui.roll()
    ui.keep([0, 1])
    ui.roll()
    ui.box("chance").click()
    dice, kept = ui.dice(), ui.kept()

    page.click("#leave")
    expect(page.locator("#leave-text")).to_contain_text("resume it")
    page.click("#leave-confirm")
    expect(page.locator("#setup-screen")).to_be_visible()
    items = page.locator("#kept-list > li")
    expect(items).to_have_count(1)
    expect(items.first).to_contain_text("Round 1 of 13")
    expect(items.first).to_contain_text("Dana: 0")
    # A phone sideways: Start game is in sight from the top of the screen, and neither Resume
    # nor Delete at the foot of the screen is under it.
    page.set_viewport_size({"width": 640, "height": 360})
    page.evaluate("window.scrollTo(0, 0)")
    expect(page.locator("#start")).to_be_in_viewport()
    for action in ("resume-kept", "delete-kept"):
        covered = items.first.locator(f"[data-action={action}]").evaluate(
            """b => { b.scrollIntoView({block: 'end'}); const r = b.getBoundingClientRect();
            return !b.contains(document.elementFromPoint(r.left + r.width / 2, r.bottom - 2)); }"""
        )
        assert not covered, f"Start game covers {action} on a phone sideways"
    # Upright, what scrolls under the Start bar stays under it: at 320x568 with a game kept, a
    # tap at the bar's end chose Yatzy, whose radio and rules link were drawn above it (a walk).
    page.set_viewport_size({"width": 320, "height": 568})
    for target in ("#ruleset-yatzy", "#rules-yatzy"):
        assert page.evaluate(UNDER_THE_START_BAR, target) == [], target
    page.set_viewport_size({"width": 360, "height": 640})
    axe_everywhere("New game with a game kept")

    items.first.locator("[data-action=resume-kept]").click()
    expect(page.locator("#game-screen")).to_be_visible()
    assert (ui.dice(), ui.kept()) == (dice, kept)
    expect(ui.box("chance")).to_have_attribute("aria-pressed", "true")
    # The box selected in sight, not left below the frame at the sheet's top (a walk).
    expect_in_sight(page, '#sheet tr[data-row="chance"]')
    expect(page.locator("#roll")).to_contain_text("1")  # one roll left, as it was
    ui.score("chance")
    chance = ui.row_texts("sheet", "chance")
    page.click("#leave")
    page.click("#leave-confirm")
    expect(items).to_have_count(1)
    expect(items.first).to_contain_text(f"Dana: {chance[0]}")
    expect(items.first).to_contain_text("Round 2 of 13")

    # A second game left: two kept, newest first; the older one deleted after its dialog.
    ui.choose_ruleset("yatzy")
    ui.start()
    ui.roll()  # a game left before its first roll is not kept
    page.click("#leave")
    page.click("#leave-confirm")
    expect(items).to_have_count(2)
    expect(items.first).to_contain_text("Yatzy")

    def axe_on_the_dialog_in_each_language(opener: Locator, dialog: str, where: str) -> None:
        """The dialog `opener` opens, checked in each language, then closed with Escape."""
        for language in LANGUAGES:
            page.select_option("#language", language)
            opener.click()
            expect(page.locator(dialog)).to_be_visible()
            if found := ui.run_axe():
                problems[f"{where} ({language})"] = found
            page.keyboard.press("Escape")
            expect(page.locator(dialog)).to_be_hidden()
        page.select_option("#language", "en")

    axe_on_the_dialog_in_each_language(
        items.nth(1).locator("[data-action=delete-kept]"), "#delete-kept-dialog", "delete dialog"
    )
    expect(items).to_have_count(2)  # cancelled: nothing deleted
    items.nth(1).locator("[data-action=delete-kept]").click()
    expect(page.locator("#delete-kept-text")).to_contain_text("Penta with Dana")
    page.click("#delete-kept-confirm")
    expect(items).to_have_count(1)
    expect(items.first).to_contain_text("Yatzy")
    assert page.evaluate("document.activeElement.dataset.action") == "resume-kept"

    # Resumed, then left deleting it: from the Leave dialog itself, with no game kept after.
    items.first.locator("[data-action=resume-kept]").click()
    expect(page.locator("#game-screen")).to_be_visible()
    axe_on_the_dialog_in_each_language(page.locator("#leave"), "#leave-dialog", "leave dialog")
    page.click("#leave")
    expect(page.locator("#leave-delete")).to_have_text("Leave and delete the game")
    page.click("#leave-delete")
    expect(page.locator("#setup-screen")).to_be_visible()
    expect(items).to_have_count(0)

    # The finished game of the history, as its whole sheet.
    page.click("#history-button")
    expect(page.locator("#history-screen")).to_be_visible()
    expect(page.locator("#bests-list")).to_contain_text(f"{totals[0]} (30 Nov 2026)")
    games = page.locator("#games-list > li")
    expect(games).to_have_count(1)
    axe_everywhere("history with a finished game")
    games.first.locator("[data-action=open-finished]").click()
    expect(page.locator("#finished-screen")).to_be_visible()
    assert ui.row_texts("finished-sheet", "total") == totals
    expect(page.locator("#finished-sheet button:visible")).to_have_count(0)  # read only
    axe_everywhere("a finished game's sheet")
    # Its review from the sheet, and back to the sheet (a walk found no way to it there).
    page.click("#finished-review")
    expect(page.locator("#review-body")).to_be_visible(timeout=30_000)
    expect(page.locator("#review-status")).to_have_text("The review is ready.")
    page.click("#review-back")
    expect(page.locator("#finished-screen")).to_be_visible()
    expect(page.locator("#finished-review")).to_be_focused()
    page.click("#finished-back")
    expect(page.locator("#history-screen")).to_be_visible()

    # Deleted from the history after its dialog, cancelled first in each language.
    games.first.locator("[data-action=open-finished]").click()
    axe_on_the_dialog_in_each_language(
        page.locator("#finished-delete"), "#delete-finished-dialog", "delete a finished game"
    )
    page.click("#finished-delete")
    expect(page.locator("#delete-finished-text")).to_contain_text(str(totals[0]))
    page.click("#delete-finished-confirm")
    expect(page.locator("#history-screen")).to_be_visible()
    expect(page.locator("#notices")).to_contain_text("The game was deleted from the history.")
    expect(page.locator("#history-title")).to_be_focused()
    expect(games).to_have_count(0)
    expect(page.locator("#bests-list")).to_be_hidden()  # its points were the only best
    reload_when_written(page)
    page.wait_for_selector("html[data-state=ready]")
    page.click("#history-button")
    expect(page.locator("#history-screen")).to_be_visible()
    expect(page.locator("#history-empty")).to_be_visible()
    expect(games).to_have_count(0)
    assert problems == {}


def test_older_finished_games_show_a_page_at_a_time_and_the_focus_goes_to_the_first(
    page: Page, app_url: str
) -> None:
    storage, newest_first = device_with_games(HISTORY_PAGE + 2)
    ui = Ui(page).open(app_url)
    ui.restore({HISTORY.key: storage.get(HISTORY.key) or ""})
    page.click("#history-button")
    games = page.locator("#games-list > li")
    expect(games).to_have_count(HISTORY_PAGE)
    older = page.locator("#older-games")
    expect(older).to_have_text("Show 2 older games")
    older.focus()
    page.keyboard.press("Enter")
    expect(games).to_have_count(HISTORY_PAGE + 2)
    expect(older).to_be_hidden()
    # Not back to the page's top: on to the first game it brought.
    first_brought = games.nth(HISTORY_PAGE).locator("button").first
    expect(first_brought).to_be_focused()
    expect(first_brought).to_have_attribute("data-game", newest_first[HISTORY_PAGE])


def test_back_from_a_games_sheet_to_its_own_button_and_from_one_deleted_to_the_top(
    page: Page, app_url: str
) -> None:
    """Back from the third game's sheet the focus went to the first game's button; back from a
    game deleted, to the next one's, the page scrolled down past the notice that said so (a
    walk: nothing confirmed the deletion)."""
    storage, newest_first = device_with_games(4)
    ui = Ui(page).open(app_url)
    ui.restore({HISTORY.key: storage.get(HISTORY.key) or ""})
    page.click("#history-button")
    games = page.locator("#games-list > li")
    expect(games).to_have_count(4)
    third = games.nth(2).locator("[data-action=open-finished]")
    third.click()
    expect(page.locator("#finished-screen")).to_be_visible()
    page.click("#finished-back")
    expect(third).to_be_focused()
    third.click()
    page.click("#finished-delete")
    page.click("#delete-finished-confirm")
    expect(games).to_have_count(3)
    expect(page.locator("#history-title")).to_be_focused()
    notice = page.locator("#notices")
    expect(notice).to_contain_text("The game was deleted from the history.")
    expect(notice).to_be_in_viewport()
    listed = games.locator("[data-action=open-finished]").evaluate_all(
        "buttons => buttons.map(b => b.dataset.game)"
    )
    assert listed == [game for index, game in enumerate(newest_first) if index != 2]
