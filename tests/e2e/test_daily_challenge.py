"""The daily challenge in the browser: two phones (a first visit, and the app installed) on the
same date get the same dice, the documented ones, in Pyodide; then a challenge finished says its
result on the New game screen and is listed in the history, with the points-lost chart. At
phone size, in the three languages, axe clean. The logic is tested in CPython
(tests/app/test_daily.py); this is what only a browser shows."""

from __future__ import annotations

import hashlib
import os
import re
from datetime import date, datetime
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from game.app.intents import SetAutoScore, StartDaily
from game.app.start import initial_state
from game.play.state import GameState
from tests.app.driver import AppDriver, stored_session
from tests.e2e.browser_helpers import BrowserProblems
from tests.e2e.game_helpers import Ui, new_context

DAY = date(2026, 12, 1)
MORNING = datetime(2026, 12, 1, 9, 30)
LANGUAGES = ("en", "he", "et")
SHOTS = Path(os.environ.get("PENTA_TEST_SHOTS", ""))
"""Set: where a screenshot of each screen checked goes, for a look at them (a folder)."""


def documented_first_roll(day: date, ruleset_id: str) -> tuple[int, ...]:
    """The scheme of game.play.daily_dice written again: the seed is the first 53 bits of
    SHA-256("penta-daily:<day>:<ruleset>"), slot s of roll 1 of turn 0 is
    SHA-256("penta-daily-dice:<seed>:0:1:<s>")[:8] mod 6, plus 1."""
    digest = hashlib.sha256(f"penta-daily:{day.isoformat()}:{ruleset_id}".encode()).digest()
    seed = int.from_bytes(digest, "big") >> (256 - 53)
    return tuple(
        1
        + int.from_bytes(hashlib.sha256(f"penta-daily-dice:{seed}:0:1:{s}".encode()).digest()[:8])
        % 6
        for s in range(5)
    )


def daily_up_to_the_last_round(name: str) -> GameState:
    """Today's Penta challenge of `name`, played in CPython up to its last turn."""
    driver = AppDriver(initial_state(["en-US"]))
    driver.set_players([(name, "human", None)])
    driver(SetAutoScore(0), StartDaily(DAY))
    driver.tables_failed()
    driver.play_turns(len(driver.game.ruleset.box_ids) - 1)
    return driver.game


def axe_in_every_language(
    ui: Ui, where: str, problems: dict[str, object], shown: str = "#daily"
) -> None:
    """axe on the page in each language; a screenshot of each (`shown` scrolled into view) for
    a look at it."""
    for language in LANGUAGES:
        ui.page.select_option("#language", language)
        expect(ui.page.locator("html")).to_have_attribute("lang", language)
        ui.no_page_scroll_sideways()
        if os.environ.get("PENTA_TEST_SHOTS"):
            SHOTS.mkdir(exist_ok=True)
            ui.page.locator(shown).scroll_into_view_if_needed()
            ui.page.screenshot(path=SHOTS / f"{where}-{language}.png")
        found = ui.run_axe()
        if found:
            problems[f"{where} ({language})"] = found
    ui.page.select_option("#language", "en")


@pytest.mark.heavy
def test_two_phones_get_the_same_daily_dice_and_a_finished_day_is_kept(
    browser: Browser, page: Page, app_url: str, browser_problems: BrowserProblems
) -> None:
    problems: dict[str, object] = {}
    first_rolls = []
    # Avi's phone (a first visit in Hebrew, a page with ?seed=7) first, then Dana's (the app
    # installed, in English), which goes on below.
    avi = new_context(browser, locale="he-IL")
    browser_problems.watch(avi)
    for name, phone in (("Avi", avi.new_page()), ("Dana", page)):
        ui = Ui(phone).open(app_url, seed=7 if name == "Avi" else None, time=MORNING)
        page = ui.page
        page.select_option("#language", "en")
        ui.set_players([(name, "human", None)])
        button = page.locator("#daily-button")
        expect(button).to_have_text(re.compile(r"Today's challenge · 1\s+Dec\s+2026"))  # unbroken
        expect(page.locator("#daily-help")).to_contain_text("the same dice")
        if name == "Dana":
            axe_in_every_language(ui, "setup", problems)
        button.click()
        expect(page.locator("#game-screen")).to_be_visible()
        first = ui.roll()
        ui.keep([0, 1])
        first_rolls.append((first, ui.roll()))
        if name == "Avi":
            avi.close()
    assert first_rolls[0] == first_rolls[1]  # both rolls: the same keeps, the same dice
    assert first_rolls[0][0] == documented_first_roll(DAY, "penta")

    # Dana finishes today's challenge (played up to its last turn in CPython).
    game = daily_up_to_the_last_round("Dana")
    ui.restore(stored_session(game))
    expect(page.locator("#game-screen")).to_be_visible()
    ui.roll()
    (last_box,) = game.sheets[0].open_boxes
    ui.score(last_box)
    expect(page.locator("#end-screen")).to_be_visible()
    (total,) = ui.totals()
    page.click("#new-game")
    expect(button).to_be_disabled()
    expect(button).to_have_text(f"Today's challenge played: {total} points")
    axe_in_every_language(ui, "setup-played", problems)
    page.click("#history-button")
    expect(page.locator("#daily-list li")).to_have_text(
        [f"1 Dec 2026 · Penta · Dana: {total} points"]
    )
    # The points-lost chart beside the scores' once the table has reviewed the game.
    expect(page.locator(".stats-card .chart")).to_have_count(2, timeout=30_000)
    axe_in_every_language(ui, "history", problems, ".stats-card .chart >> nth=1")
    assert not problems, problems
