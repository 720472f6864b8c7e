"""Nothing lost, nothing confusing, in the browser: a finger on the sheet holds the auto-score
countdown (even once the browser cancels its pointer for a scroll), the box it scored by itself
can be taken back with undo off, a reload keeps its box and time left, and the box that matters
(the one just scored automatically, the joker's forced box) is brought into the sheet's frame.

Time is Playwright's clock: the countdown's seconds pass only when the test says so."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from datetime import date

from playwright.sync_api import Browser, Page, expect

from game.coach.greedy import best_immediate_box
from game.i18n.translator import Translator
from game.persistence.session import SESSION_KEY, save_session
from game.persistence.storage import MemoryStorage
from game.play.engine import new_game, roll, score
from game.play.random_source import SeededDice
from game.play.state import GameState, Player
from game.rules.rulesets import RULESETS, JokerBranch
from tests.e2e.browser_helpers import wait_until_ready
from tests.e2e.game_helpers import IN_SIGHT, Ui, expect_in_sight, keep_most_frequent, new_context

SEED = 7
COUNTDOWN = re.compile(r"Scoring (\S.*) in (\d+) seconds?…")
SHEET_AT_REST = """() => {
    const top = document.getElementById('sheet-wrap').scrollTop;
    const still = window.lastSheetTop === top;
    window.lastSheetTop = top;
    return still;
}"""


def three_rolls(ui: Ui, *, stop_the_clock: bool = False) -> str:
    """The turn's three rolls; the box the countdown names, by its id. `stop_the_clock`: time
    stands still from before the last roll (the countdown starts at a known moment)."""
    for number in range(3):
        if number == 2 and stop_the_clock:
            page = ui.page
            # In seconds: Playwright for Python reads a number as seconds since the epoch. A
            # second ahead: the page's time runs on while this call travels, and a moment it
            # has already passed is refused ("Cannot fast-forward to the past").
            page.clock.pause_at(float(page.evaluate("Date.now()")) / 1000 + 1.0)
            page.clock.run_for(1_000)  # not a double tap
        ui.roll()
    text = ui.page.locator("#countdown-text")
    expect(text).to_have_text(COUNTDOWN)
    match = COUNTDOWN.fullmatch(text.inner_text())
    assert match is not None
    names = {Translator("en").box_name("penta", box): box for box in RULESETS["penta"].box_ids}
    return names[match[1]]


def cell(box: str, column: int = 0) -> str:
    return f'#sheet tr[data-row="{box}"] td:nth-of-type({column + 1})'


def test_a_finger_resting_on_the_sheet_holds_the_countdown_and_the_box_can_be_taken_back(
    browser: Browser, app_url: str
) -> None:
    context = new_context(browser, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.clock.install()
    ui = Ui(page).open(app_url, seed=SEED)
    ui.set_players([("Dana", "human", None), ("Avi", "human", None)])  # undo "auto": off
    ui.start()
    box = three_rolls(ui, stop_the_clock=True)
    text, help_ = page.locator("#countdown-text"), page.locator("#countdown-help")
    page.clock.run_for(1_500)
    expect(text).to_have_text(COUNTDOWN)
    frame = page.locator("#sheet-wrap").bounding_box()
    assert frame is not None
    x, y = int(frame["x"] + 60), int(frame["y"] + frame["height"] * 0.75)
    cdp = context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 6):  # the finger pushes the sheet up a little, then rests
        point = {"x": x, "y": y - 12 * step}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    # As Chromium does when a touch becomes a scroll: the pointer is cancelled, the finger stays.
    page.dispatch_event("#sheet-wrap", "pointercancel", {"pointerType": "touch"})
    page.clock.run_for(20_000)  # reading, with the finger down
    expect(page.locator("#turn-title")).to_have_text("Dana's turn")
    expect(help_).to_have_text("Paused while you use the sheet.")
    expect(text).to_have_text(re.compile(r" in 3 seconds…$"))
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    # The frame may glide on for a moment of real time (the fake clock stands still meanwhile).
    page.wait_for_function(SHEET_AT_REST, polling=100)
    page.clock.run_for(1_000)  # let go: the countdown runs again, from its full length
    expect(help_).to_have_text("Or pick another box.")
    expect(page.locator("#turn-title")).to_have_text("Dana's turn")
    page.clock.run_for(3_000)
    ui.take_phone()  # Dana passes the phone to Avi
    expect(page.locator("#turn-title")).to_have_text("Avi's turn")
    expect(page.locator("#live")).to_contain_text(" automatically (dice: ")
    expect(page.locator(f"{cell(box)}")).not_to_have_text("")
    # Not Dana's choice: she may take it back although undo is off for two players.
    undo = page.locator("#undo")
    expect(undo).to_be_visible()
    ui.answer("#undo")
    expect(page.locator("#turn-title")).to_have_text("Dana's turn")
    expect(page.locator(f"{cell(box)} button")).to_be_visible()  # open again, to choose
    expect(page.locator("#countdown")).to_be_hidden()
    context.close()


def test_a_reload_during_the_countdown_keeps_its_box_and_time_left(
    page: Page, app_url: str
) -> None:
    page.clock.install()
    ui = Ui(page).open(app_url, seed=SEED)
    ui.set_players([("Dana", "human", None)])
    ui.start()
    box = three_rolls(ui, stop_the_clock=True)
    named = page.locator("#countdown-text").inner_text()
    assert named.endswith(" in 3 seconds…")
    page.clock.run_for(1_800)  # 1.2 s left
    page.reload()
    wait_until_ready(page)
    text = page.locator("#countdown-text")
    expect(text).to_have_text(named.replace("3 seconds", "2 seconds"))  # 1.2 s: "2 seconds"
    page.clock.run_for(500)
    expect(text).to_have_text(named.replace("3 seconds", "1 second"))
    expect(page.locator("#round")).to_have_text("Round 1 of 13")
    page.clock.run_for(800)
    expect(page.locator("#round")).to_have_text("Round 2 of 13")
    expect(page.locator("#live")).to_contain_text(" automatically (dice: ")
    expect(page.locator(cell(box))).not_to_have_text("")


def test_the_box_scored_automatically_comes_into_the_sheets_frame(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=SEED)
    ui.set_players([("Dana", "human", None), ("Avi", "human", None)])
    ui.start()
    box = three_rolls(ui)
    index = RULESETS["penta"].box_ids.index(box)
    # The sheet's frame at the other end, so that the box is out of sight.
    end = "1e6" if index < 7 else "0"
    page.evaluate(f"() => {{ document.getElementById('sheet-wrap').scrollTop = {end}; }}")
    assert page.evaluate(IN_SIGHT, cell(box)) != []
    expect(page.locator("#handover-screen")).to_be_visible(timeout=6_000)
    ui.take_phone()  # Avi takes the phone: the box Dana's countdown scored is in sight
    expect(page.locator("#turn-title")).to_have_text("Avi's turn")
    expect_in_sight(page, cell(box))


ROW_CUT_UNDER_THE_NAMES = """() => {
    const frame = document.getElementById('sheet-wrap');
    const head = document.querySelector('#sheet thead').getBoundingClientRect();
    const line = frame.getBoundingClientRect().top + frame.clientTop + head.height;
    return [...document.querySelectorAll('#sheet tbody tr')]
        .map((row) => [row.dataset.row, row.getBoundingClientRect()])
        .filter(([, box]) => box.top < line - 1 && box.bottom > line + 1)
        .map(([name]) => name);
}"""


def test_the_box_scored_automatically_leaves_no_row_half_under_the_names(
    page: Page, app_url: str
) -> None:
    """A walk saw the sheet scrolled to the scored box's foot, with the row at its top half
    hidden under the sticky names."""
    ui = Ui(page).open(app_url, seed=4)
    ui.set_players([("Dana", "human", None)])
    ui.start()
    for _ in range(2):  # the second turn's box is far enough down to scroll the frame
        box = three_rolls(ui)
        ui.pass_time(4)
        expect(page.locator(cell(box))).not_to_have_text("")
        expect_in_sight(page, cell(box))
        assert page.evaluate(ROW_CUT_UNDER_THE_NAMES) == [], box
    assert page.evaluate("document.getElementById('sheet-wrap').scrollTop") > 0


def joker_ahead() -> GameState:
    """Seed 2 played with the tests' keeping rule: in round 8, the roll that gives five 2s with
    Twos open (the joker forces Twos). The game just before that roll."""
    game = new_game("penta", [Player("Dana")], SeededDice(2))
    while True:
        game = roll(game, 0)
        assert game.dice is not None
        while game.rolls_left and len(set(game.dice)) > 1:
            keep = keep_most_frequent(game.dice)
            kept = roll(game, 0, keep)
            assert kept.options is not None and kept.dice is not None
            if kept.options.joker is JokerBranch.SAME_FACE:
                return replace(game, kept=tuple(sorted(keep)))
            game = kept
        assert game.options is not None and game.options.joker is not JokerBranch.SAME_FACE
        game = score(game, 0, best_immediate_box(game))


def test_the_jokers_forced_box_comes_into_the_sheets_frame(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url)
    game = joker_ahead()
    storage = MemoryStorage()
    save_session(storage, game, today=date(2026, 1, 1), ids=random.Random(1))
    stored = [SESSION_KEY, storage.items[SESSION_KEY]]
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", stored)
    page.reload()
    wait_until_ready(page)
    expect(page.locator("#round")).to_have_text(f"Round {game.turn_number} of 13")
    page.evaluate("() => { document.getElementById('sheet-wrap').scrollTop = 1e6; }")
    assert page.evaluate(IN_SIGHT, cell("twos")) != []
    ui.roll()
    expect(page.locator("#turn-message")).to_contain_text("Twos")
    expect_in_sight(page, cell("twos"))


def test_one_arrow_key_into_the_sheet_holds_the_countdown(page: Page, app_url: str) -> None:
    """A walk's single Down arrow showed "Paused" for a moment, then the countdown scored the
    box it had left: the focus the key moved was taken for the view's own."""
    ui = Ui(page).open(app_url, seed=SEED)
    ui.start()
    box = three_rolls(ui, stop_the_clock=True)
    help_ = page.locator("#countdown-help")
    page.clock.run_for(1_500)  # the last key (the roll's) is long past
    page.focus("#roll")
    page.keyboard.press("ArrowDown")  # into the sheet: its first open box
    expect(page.locator("#sheet button[data-box]:focus")).to_have_count(1)
    page.clock.run_for(20_000)  # choosing, however long it takes
    expect(help_).to_have_text("Paused while you use the sheet.")
    expect(page.locator("#countdown")).to_be_visible()  # nothing scored
    expect(page.locator(f"{cell(box)} button")).to_be_visible()  # its box still open
    page.keyboard.press("ArrowDown")  # on to the next: still held
    page.clock.run_for(20_000)
    expect(help_).to_have_text("Paused while you use the sheet.")


def test_the_focus_the_view_moves_into_the_sheet_holds_nothing(page: Page, app_url: str) -> None:
    """A keyboard walk rolled three times with Enter on Roll: Roll used up, the view moved the
    focus to the box the countdown names, and the countdown took that for the player's own and
    waited for ever ("Paused while you use the sheet")."""
    ui = Ui(page).open(app_url, seed=SEED)
    ui.start()
    live = page.locator("#live")
    page.focus("#roll")
    for number in range(3):
        if number == 2:  # time stands still from here (see three_rolls)
            page.clock.pause_at(float(page.evaluate("Date.now()")) / 1000 + 1.0)
        page.clock.run_for(1_000)  # not a double tap
        before = live.get_attribute("data-count") or ""
        page.keyboard.press("Enter")
        expect(live).not_to_have_attribute("data-count", before)
    text = page.locator("#countdown-text")
    expect(text).to_have_text(COUNTDOWN)
    match = COUNTDOWN.fullmatch(text.inner_text())
    assert match is not None
    focused = page.locator("#sheet button[data-box]:focus")
    expect(focused).to_have_count(1)  # the view's: Roll is used up
    box = focused.get_attribute("data-box")
    assert box is not None and Translator("en").box_name("penta", box) == match[1]
    page.clock.run_for(1_500)
    expect(page.locator("#countdown-help")).to_have_text("Or pick another box.")
    page.clock.run_for(1_600)
    expect(page.locator("#round")).to_have_text("Round 2 of 13")
    expect(page.locator(cell(box))).not_to_have_text("")
