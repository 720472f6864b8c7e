"""The player keeps the choice of the box: their own scrolling of the sheet holds the auto-score
countdown and it runs again in full once they stop, a Hint holds it on the hint's box until
"Hide hint", and a box confirmed before a computer's turn can be taken back before the
computer's first roll."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from game.app.model import UNDO_WINDOW_SECONDS
from tests.e2e.game_helpers import COMPUTER_TURN_SECONDS, Ui, new_context

SEED = 7
FRACTION = (
    "getComputedStyle(document.getElementById('countdown-bar')).getPropertyValue('--fraction')"
)


def last_roll(ui: Ui) -> None:
    for _ in range(3):
        ui.roll()
    expect(ui.page.locator("#countdown")).to_be_visible()


def wheel_over_the_sheet(page: Page, pixels: int) -> None:
    box = page.locator("#sheet-wrap").bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, pixels)


def expect_the_sheet_scrolled(page: Page) -> None:
    """The wheel's or the finger's input holds the countdown at once; the scroll itself glides
    in over the next frames, later still on a loaded machine."""
    page.wait_for_function(
        "() => document.getElementById('sheet-wrap').scrollTop > 0", timeout=3_000
    )


def scoring_in(seconds: int, box: str = r"\S.*") -> str:
    """The countdown's text (a JavaScript and Python pattern), naming `box` (or any box)."""
    return rf"^Scoring {box} in {seconds} seconds…$"


COUNTDOWN_MATCHES = """(pattern) => new RegExp(pattern).test(
    document.getElementById("countdown-text").textContent)"""


def expect_countdown(page: Page, pattern: str) -> None:
    """Waits until the countdown's text matches `pattern`, checked at every frame: it says each
    second for one second only, and Playwright's `expect`, whose checks come up to a second
    apart, missed one on a loaded machine."""
    try:
        page.wait_for_function(COUNTDOWN_MATCHES, arg=pattern, timeout=5_000)
    except PlaywrightTimeoutError:
        shown = page.text_content("#countdown-text")
        pytest.fail(f"the countdown says {shown!r}, not {pattern!r}")


def test_scrolling_the_sheet_holds_the_countdown_and_it_runs_again_in_full(
    page: Page, app_url: str
) -> None:
    ui = Ui(page).open(app_url, seed=SEED)
    ui.set_players([("Dana", "human", None)])
    ui.start()
    round_ = page.locator("#round")
    last_roll(ui)
    expect_countdown(page, scoring_in(2))
    wheel_over_the_sheet(page, 120)  # down towards Full house
    expect_countdown(page, scoring_in(3))
    assert float(page.evaluate(FRACTION)) > 0.8  # the bar filled up again
    expect_the_sheet_scrolled(page)
    expect_countdown(page, scoring_in(2))
    page.focus("#sheet-wrap")
    page.keyboard.press("PageDown")  # the keyboard's scrolling too
    expect_countdown(page, scoring_in(3))
    # Scrolling on and off for longer than the countdown: still the player's turn.
    for pixels in (-80, 80, -80, 80, -80):
        ui.pass_time(0.8)
        wheel_over_the_sheet(page, pixels)
    expect(round_).to_have_text("Round 1 of 13")
    expect(page.locator("#countdown")).to_be_visible()
    # Left alone, it scores as before.
    ui.pass_time(3)
    expect(round_).to_have_text("Round 2 of 13", timeout=6_000)
    expect(page.locator("#live")).to_contain_text(" automatically (dice: ")

    # The page's own scrolling of the sheet (no input from the player) changes nothing.
    last_roll(ui)
    ui.pass_time(1.6)  # past the player's last input in the frame, if any
    for top in (0, 200, 0, 200, 0, 200):
        page.evaluate(f"document.getElementById('sheet-wrap').scrollTop = {top}")
        ui.pass_time(0.3)
        if round_.text_content() != "Round 2 of 13":
            break
    expect(round_).to_have_text("Round 3 of 13", timeout=2_000)


def test_a_touch_drag_on_the_sheet_holds_the_countdown_and_it_runs_again_in_full(
    browser: Browser, app_url: str
) -> None:
    context = new_context(browser, has_touch=True, is_mobile=True)
    page = context.new_page()
    ui = Ui(page).open(app_url, seed=SEED)
    ui.set_players([("Dana", "human", None)])
    ui.start()
    last_roll(ui)
    expect_countdown(page, scoring_in(2))
    box = page.locator("#sheet-wrap").bounding_box()
    assert box is not None
    x, y = int(box["x"] + 60), int(box["y"] + box["height"] * 0.75)
    cdp = context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 11):  # a finger pushing the sheet up
        point = {"x": x, "y": y - 15 * step}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
        page.wait_for_timeout(16)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    expect_countdown(page, scoring_in(3))
    expect_the_sheet_scrolled(page)
    expect(page.locator("#round")).to_have_text("Round 1 of 13")
    context.close()


def test_the_hint_holds_the_countdown_on_its_box_until_hide_hint(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=SEED)
    ui.set_players([("Dana", "human", None)])
    ui.start()
    expect(page.locator("html")).to_have_attribute("data-coach", "ready", timeout=30_000)
    last_roll(ui)
    page.click("#hint")
    hint = page.locator("#hint-text")
    expect(hint).to_contain_text("Best: score ")
    best = r"Best: score (.+?) for \d+ points?(?:\.|$)"
    advised = re.match(best, hint.inner_text())
    assert advised is not None
    expect_countdown(page, scoring_in(3, re.escape(advised[1])))  # the hint's box
    expect(page.locator("#countdown-help")).to_have_text(
        "Paused while the hint shows: after “Hide hint” it starts again from 3 seconds."
    )
    ui.pass_time(4)  # longer than the countdown
    expect(page.locator("#round")).to_have_text("Round 1 of 13")
    page.click("#hide-hint")
    expect(page.locator("#countdown-help")).to_have_text("Or pick another box.")
    expect_countdown(page, scoring_in(2, re.escape(advised[1])))
    expect(page.locator("#round")).to_have_text("Round 2 of 13", timeout=5_000)
    expect(page.locator("#live")).to_contain_text(f"in {advised[1]} automatically (dice: ")


def test_a_box_can_be_taken_back_before_the_computers_first_roll(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=SEED)
    # One human and one computer, default settings: undo is "auto", so on.
    ui.set_players([("Dana", "human", None), ("Robo", "computer", "beginner")])
    ui.start()
    ui.roll()
    dice = ui.dice()
    ui.score("chance")
    take_back = page.locator("#computer-undo")
    expect(take_back).to_have_text("Take back the Chance box")
    expect(page.locator("#turn-title")).to_have_text("Robo's turn")
    ui.pass_time(1.2)  # longer than a computer's step: Robo waits for the take-back
    expect(page.locator("#dice .die[data-face]")).to_have_count(0)
    take_back.click()
    expect(page.locator("#turn-title")).to_have_text("Dana's turn")
    expect(page.locator("#human-controls")).to_be_visible()
    expect(page.locator("#turn-status")).to_have_text(f"Selected: Chance, {sum(dice)} points")
    expect(page.locator("#live")).to_have_text("Took back Chance")
    assert ui.dice() == dice  # the same dice, and no roll granted
    expect(page.locator("#roll")).to_have_text("Roll (2 left)")
    # Confirmed again and left alone: the wait runs out, Robo rolls, undo is over.
    page.click("#confirm")
    expect(take_back).to_be_visible()
    ui.pass_time(UNDO_WINDOW_SECONDS)
    expect(page.locator("#dice .die[data-face]")).to_have_count(5, timeout=6_000)
    expect(take_back).to_be_hidden()
    expect(page.locator("#undo")).to_be_hidden()
    ui.pass_time(COMPUTER_TURN_SECONDS)
    expect(page.locator("#turn-title")).to_have_text("Dana's turn", timeout=20_000)
    expect(page.locator('#sheet tr[data-row="chance"] td').first).not_to_have_text("")
    # A box the countdown scored: Robo waits for Dana as long as it takes (a walk's grandmother
    # lost her take-back to its roll), until she lets it play.
    last_roll(ui)
    dice = ui.dice()
    ui.pass_time(3)
    play_on = page.locator("#play-on")
    expect(play_on).to_have_text("Let Robo play")
    expect(page.locator("#speed")).to_be_hidden()
    expect(page.locator("#skip")).to_be_hidden()  # beside it, it read as the same (a walk)
    expect(take_back).to_be_visible()
    ui.pass_time(COMPUTER_TURN_SECONDS)
    expect(take_back).to_be_visible()
    assert ui.dice() == dice  # left on the table, to check the box by
    expect(page.locator("#dice .die:not([disabled])")).to_have_count(0)
    play_on.click()
    expect(take_back).to_be_hidden(timeout=6_000)  # Robo's first roll ends the take-back
    expect(play_on).to_be_hidden()
