"""A finger's double tap does one thing (shell/ghost_taps.py): its second tap, landing on what
the first brought up under the finger, is stopped. Only a touch screen shows it: a mouse's
double click and the keyboard are not watched."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.browser_helpers import BrowserProblems
from tests.e2e.game_helpers import CHOICE_PACE, Ui, new_context

SEED = 5
"""The first roll is 6, 6, 6, 6, 5: rolling all five again is a costly keep."""


@pytest.fixture
def touch_page(browser: Browser, browser_problems: BrowserProblems) -> Iterator[Page]:
    context = new_context(browser, has_touch=True, is_mobile=True)
    browser_problems.watch(context)
    yield context.new_page()
    context.close()


BUSY_WITH_THE_NEXT_CLICK = """() => document.addEventListener('click', () => {
    const start = performance.now();
    while (performance.now() - start < 800);
}, {capture: true, once: true})"""
"""The page handles the next click 0.8 s longer (after the double-tap guard has seen it)."""
BUSY_AFTER_THE_NEXT_CLICK = """() => window.addEventListener('click', () => setTimeout(() => {
    const start = performance.now();
    while (performance.now() - start < 800);
}), {once: true})"""
"""The page is busy 0.8 s right after it has handled the next click (as with the strategy table
that Start game loads)."""


def double_tap(page: Page, selector: str, apart: float = 0.15) -> None:
    """Two taps `apart` seconds apart, as a finger makes them however slow the page is to handle
    the first: each touch carries the time it was made (Playwright's taps are sent once the page
    has handled the one before, so on a loaded machine the second came 0.5 s or more later)."""
    box = page.locator(selector).bounding_box()
    assert box is not None
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    session = page.context.new_cdp_session(page)
    start = time.time()
    for tap in range(2):
        down = start + tap * apart
        for kind, points, when in (("touchStart", [point], down), ("touchEnd", [], down + 0.05)):
            time.sleep(max(0.0, when - time.time()))  # not sooner than a finger
            session.send(
                "Input.dispatchTouchEvent", {"type": kind, "touchPoints": points, "timestamp": when}
            )
    session.detach()


def test_a_double_tap_does_not_also_tap_what_it_brought_up(touch_page: Page, app_url: str) -> None:
    page = touch_page
    ui = Ui(page).open(app_url, seed=SEED)
    page.select_option("#seat-0-coach", "warn")
    # Busy after the first tap, the page takes the second only then, stamped then (a loaded
    # machine's test run rolled, as a slow phone would where a table loads).
    page.evaluate(BUSY_AFTER_THE_NEXT_CLICK)
    double_tap(page, "#start")  # the game's Roll sits where Start was
    expect(page.locator("#game-screen")).to_be_visible()
    expect(page.locator("#roll")).to_have_text("Roll (3 left)")
    assert ui.roll() == (6, 6, 6, 6, 5)
    expect(page.locator("#hint")).to_be_enabled(timeout=20_000)  # the coach is ready
    ui.pass_time(CHOICE_PACE)
    page.click("#roll")  # nothing kept: all five again, which the coach holds back
    expect(page.locator("#coach-warning")).to_be_visible()
    ui.pass_time(CHOICE_PACE)
    # Even where the page takes long over the first tap: the second, made 0.15 s after it, is
    # then stamped with the moment the page took it, 0.8 s later (see shell/ghost_taps.py).
    page.evaluate(BUSY_WITH_THE_NEXT_CLICK)
    double_tap(page, "#show-best")  # Roll sits under "Show it": no roll spent unseen
    expect(page.locator("#coach-warning")).to_be_hidden()
    expect(page.locator("#hint-text")).to_contain_text("keep 6, 6, 6, 6")
    expect(page.locator("#roll")).to_have_text("Roll (2 left)")
    # Two taps on the same control are the app's to judge: two taps on a die keep it and let
    # it go again.
    die = page.locator("#dice .die").nth(4)
    expect(die).to_have_attribute("aria-pressed", "false")
    double_tap(page, "#dice .die >> nth=4")
    ui.pass_time(0.1)
    expect(die).to_have_attribute("aria-pressed", "false")


def test_a_tap_on_an_options_words_chooses_it(touch_page: Page, app_url: str) -> None:
    """A label's tap makes the browser click its control too, at the same spot and time, as a
    touch: that click is no second tap (stopped as one, no option could be chosen by a tap on
    its words on a phone: a walk)."""
    page = touch_page
    ui = Ui(page).open(app_url)
    page.locator("label[for=ruleset-yatzy]").tap()
    expect(page.locator("#ruleset-yatzy")).to_be_checked()
    ui.pass_time(1)
    page.locator("#dice-real-label").tap()
    expect(page.locator("#dice-real")).to_be_checked()
    ui.pass_time(1)
    page.locator("#settings-button").tap()
    ui.pass_time(1)
    page.locator("label[for=size-setting-large]").tap()
    expect(page.locator("html")).to_have_attribute("data-size", "large")
