"""Layout on a phone (360x640) with what players may type: long names never widen the page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.app.driver import played_up_to_the_last_round, stored_session
from tests.e2e.game_helpers import TALL_PHONE, Ui, default_name

LONG_NAME = "A" * 50


def test_a_fifty_letter_name_never_makes_the_page_scroll_sideways(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=7)
    seats: list[tuple[str, str, str | None]] = [(LONG_NAME, "human", None)]
    seats += [(f"Bot {n}", "computer", "beginner") for n in range(2, 12)]
    seats.append(("נועה", "computer", "beginner"))  # a right-to-left name among Latin ones
    ui.set_players(seats)
    ui.no_page_scroll_sideways()
    ui.start()
    expect(page.locator("#turn-title")).to_have_text(f"{LONG_NAME}'s turn")
    ui.no_page_scroll_sideways()
    expect(page.locator("#roll")).to_be_in_viewport()
    expect(page.locator("#app-title")).to_be_in_viewport()
    title = page.locator("#turn-title").bounding_box()
    assert title and title["x"] >= 0 and title["x"] + title["width"] <= 360, title
    # The column header is cut short on screen; the whole name stays in its text.
    header = page.locator("#sheet thead th").nth(1)
    expect(header).to_have_text(LONG_NAME)
    expect(header).to_have_attribute("title", LONG_NAME)
    box = header.bounding_box()
    assert box and box["width"] < 140, box
    # The same game up to its last round, played in CPython: every column full of points.
    ui.restore(stored_session(played_up_to_the_last_round(7, seats)))
    expect(page.locator("#round")).to_have_text("Round 13 of 13")
    ui.no_page_scroll_sideways()
    boxes = page.locator("#sheet button[data-box]:not([hidden]):not([disabled])")
    while page.locator("#game-screen").is_visible():
        ui.roll()
        boxes.first.click()
        page.click("#confirm")
        ui.skip_computers()
        if page.locator("#game-screen").is_visible():
            ui.no_page_scroll_sideways()
    expect(page.locator("#end-screen")).to_be_visible()
    expect(page.locator("#standings > li")).to_have_count(12)
    # Every name starts where the page's text starts, whatever its script.
    starts = page.locator("#standings .name").evaluate_all(
        """ns => ns.map(n => {  // the text's own start, not its box's
            const text = document.createRange();
            text.selectNodeContents(n);
            return Math.round(text.getBoundingClientRect().left
                - n.previousElementSibling.getBoundingClientRect().right);
        })"""
    )
    assert len(set(starts)) == 1, starts
    ui.no_page_scroll_sideways()
    expect(page.locator("#end-headline")).to_be_visible()
    # Its frame scrolled to its top: the totals in sight at its foot (Total was to be scrolled
    # to inside the frame, below the page's end: a walk).
    assert page.evaluate(TOTAL_AT_THE_FRAMES_FOOT) == ""
    page.evaluate(SCROLL_TO_THE_SHEETS_END, END_SHEET)
    assert page.evaluate("document.getElementById('end-sheet-wrap').scrollTop") > 0
    assert page.evaluate(NAMES_IN_SIGHT, END_SHEET) == []
    # Twelve columns are wider than the phone: the end's sheet and the finished game's say to
    # swipe, as the game's does (six players' cut a 12 to a 2 at the frame's edge, and nothing
    # said there was more: a family's walk).
    swipe = "Swipe sideways to see every player"
    expect(page.locator("#end-scroll-hint")).to_be_visible()
    expect(page.locator("#end-scroll-hint")).to_have_text(swipe)
    page.click("#new-game")
    page.click("#history-button")
    page.locator("#games-list > li [data-action=open-finished]").first.click()
    expect(page.locator("#finished-scroll-hint")).to_be_visible()
    expect(page.locator("#finished-scroll-hint")).to_have_text(swipe)


# The end sheet's frame brought to the page's top and scrolled to its own top: where its total
# row is unless within both the frame and the screen ("" where it is).
TOTAL_AT_THE_FRAMES_FOOT = """() => {
    const wrap = document.getElementById('end-sheet-wrap');
    wrap.scrollTop = 0;
    wrap.scrollIntoView({block: 'start'});
    const frame = wrap.getBoundingClientRect();
    const total = wrap.querySelector('tr.row-total th').getBoundingClientRect();
    const foot = Math.min(frame.bottom, window.innerHeight);
    return total.top >= frame.top && total.bottom <= foot + 1
        ? '' : `total ${total.top}..${total.bottom} outside ${frame.top}..${foot}`;
}"""
COLUMN_IN_VIEW = """() => {
    const wrap = document.querySelector('#sheet-wrap');
    const frame = wrap.getBoundingClientRect();
    const pinned = document.querySelector('#sheet thead th.corner').getBoundingClientRect();
    const column = document.querySelector('#sheet thead th.current').getBoundingClientRect();
    const inner = [frame.left + wrap.clientLeft, frame.left + wrap.clientLeft + wrap.clientWidth];
    const rtl = getComputedStyle(wrap).direction === 'rtl';
    const [left, right] = rtl ? [inner[0], pinned.left] : [pinned.right, inner[1]];
    return column.left >= left - 1 && column.right <= right + 1
        ? '' : `column ${column.left}..${column.right} outside ${left}..${right}`;
}"""


# The player column that shows only in part beside the pinned column of box names (its other
# part under it), as a column left behind by a sideways scroll would be. None is expected, but
# at the sheet's very end: there the last column ends at the frame's edge, whatever the widths.
HALF_SHOWN = """() => {
    const wrap = document.querySelector('#sheet-wrap');
    const pinned = document.querySelector('#sheet thead th.corner').getBoundingClientRect();
    const edge = getComputedStyle(wrap).direction === 'rtl' ? pinned.left : pinned.right;
    if (Math.abs(wrap.scrollLeft) >= wrap.scrollWidth - wrap.clientWidth - 1) return [];
    return [...document.querySelectorAll('#sheet thead th:not(.corner)')]
        .filter(th => {
            const box = th.getBoundingClientRect();
            return box.left < edge - 1 && box.right > edge + 1;
        })
        .map(th => th.textContent);
}"""


def play_turns_checking_the_current_column(ui: Ui, turns: int) -> None:
    page = ui.page
    boxes = page.locator("#sheet button[data-box]:not([hidden]):not([disabled])")
    for turn in range(turns):
        ui.take_phone()  # the hand-over between two humans: the sheet shows after it
        assert page.evaluate(COLUMN_IN_VIEW) == "", f"turn {turn + 1}"
        assert page.evaluate(HALF_SHOWN) == [], f"turn {turn + 1}"
        ui.roll()
        boxes.first.click()
        page.click("#confirm")
    ui.take_phone()
    assert page.evaluate(COLUMN_IN_VIEW) == ""
    assert page.evaluate(HALF_SHOWN) == []


@pytest.mark.heavy
def test_the_current_players_column_scrolls_fully_into_view(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=8)
    ui.set_players([(f"Player number {n}", "human", None) for n in range(1, 13)])
    ui.start()
    play_turns_checking_the_current_column(ui, 13)  # around the table, and back to the first
    expect(page.locator("#sheet thead th.current")).to_have_text("Player number 2")


def test_the_current_column_scrolls_into_view_right_to_left(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=9)
    ui.switch_language("he")  # a Hebrew phone's first choice: tests/e2e/test_screens.py
    ui.set_players([(f"שחקן מספר {n}", "human", None) for n in range(1, 9)])
    ui.start()
    play_turns_checking_the_current_column(ui, 9)


def test_the_current_column_comes_back_after_a_change_of_language_or_of_width(
    page: Page, app_url: str
) -> None:
    """Another language, or the phone turned, widens or narrows the columns: the current
    player's column is brought back beside the names (a walk found it out of sight)."""
    ui = Ui(page).open(app_url, seed=8)
    ui.set_players([(f"Player number {n}", "human", None) for n in range(1, 7)])
    ui.start()
    play_turns_checking_the_current_column(ui, 5)  # the sixth and last column's turn
    for language in ("et", "en", "he", "en"):
        page.select_option("#language", language)
        expect(page.locator("html")).to_have_attribute("lang", language)
        # The sheet may scroll there smoothly.
        page.wait_for_function(f"() => ({COLUMN_IN_VIEW})() === ''", timeout=5_000)
    for width, height in ((640, 360), (360, 640)):
        page.set_viewport_size({"width": width, "height": height})
        # Functions, not expressions: Playwright polls an expression with eval(), which the
        # app's Content-Security-Policy forbids (a clean CI run failed so).
        page.wait_for_function(f"() => innerWidth === {width}")
        page.wait_for_function(f"() => ({COLUMN_IN_VIEW})() === ''", timeout=5_000)


# Whether the focused element shows inside the sheet's frame, below its row of names, and is
# what a tap at its middle reaches: "" if so, else where it is.
FOCUSED_IN_FRAME = """() => {
    const cell = document.activeElement;
    const wrap = document.getElementById('sheet-wrap');
    const frame = wrap.getBoundingClientRect();
    const head = document.querySelector('#sheet thead').getBoundingClientRect();
    const box = cell.getBoundingClientRect();
    const top = frame.top + wrap.clientTop + head.height;
    const bottom = frame.top + wrap.clientTop + wrap.clientHeight;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const name = cell.getAttribute('aria-label');
    return box.top >= top - 1 && box.bottom <= bottom + 1 && cell.contains(hit)
        ? '' : `${name} at ${box.top}..${box.bottom}, frame ${top}..${bottom}`;
}"""


@pytest.mark.parametrize(("width", "height"), [(1024, 600), (640, 400)])
def test_a_box_chosen_with_the_keyboard_stays_in_sight_beside_the_tray(
    page: Page, app_url: str, width: int, height: int
) -> None:
    """Where the tray stands beside the sheet, choosing a box scrolled it out of sight: the
    tray's top was taken for the frame's foot (a keyboard walk at 1024x600)."""
    page.set_viewport_size({"width": width, "height": height})
    ui = Ui(page).open(app_url, seed=5)
    ui.start()
    ui.roll()
    page.keyboard.press("ArrowDown")  # to the first open box
    for _ in range(4):
        assert page.evaluate(FOCUSED_IN_FRAME) == ""
        page.keyboard.press("Space")  # chosen
        expect(page.locator("#sheet .s-selected")).to_have_count(1)
        assert page.evaluate(FOCUSED_IN_FRAME) == ""
        page.keyboard.press("ArrowDown")


def test_the_numeric_keypad_keeps_dice_like_the_digit_keys(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=10)
    ui.start()
    ui.roll()
    page.keyboard.press("Numpad2")
    assert ui.kept() == (1,)
    # With Num Lock off the keypad's key is "End", "ArrowDown"...: its code still says which.
    page.evaluate(
        """() => document.body.dispatchEvent(new KeyboardEvent('keydown',
            {key: 'End', code: 'Numpad1', bubbles: true, cancelable: true}))"""
    )
    expect(page.locator("#dice .die").first).to_have_attribute("aria-pressed", "true")
    assert ui.kept() == (0, 1)
    page.keyboard.press("5")
    assert ui.kept() == (0, 1, 4)


def test_a_disabled_confirm_button_looks_disabled(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=11)
    ui.start()
    ui.roll()
    style = "e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).borderTopStyle]"
    confirm = page.locator("#confirm")
    expect(confirm).to_be_disabled()
    assert confirm.evaluate(style) == ["rgba(0, 0, 0, 0)", "dashed"]
    page.locator("#sheet button[data-box]:not([hidden]):not([disabled])").first.click()
    expect(confirm).to_be_enabled()
    background, border = confirm.evaluate(style)
    assert background != "rgba(0, 0, 0, 0)" and border != "dashed"


def test_the_keys_hint_shows_through_a_humans_turn_only(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=13)
    ui.set_players([("Ann", "human", None), ("Bot", "computer", "beginner")])
    ui.start()
    hint = page.locator("#keys-hint")
    keys = (
        "Keys 1–5 keep or release the dice; R rolls; H shows the hint; U takes back the box"
        " just confirmed; S skips the computers' turns; the arrow keys move between the boxes;"
        " Enter confirms the box selected."
    )
    expect(hint).to_have_text(keys)  # before the first roll: R rolls (a walk found it later)
    # And each key is named on its control, for a screen reader.
    expect(page.locator("#roll")).to_have_attribute("aria-keyshortcuts", "R")
    expect(page.locator("#hint")).to_have_attribute("aria-keyshortcuts", "H")
    expect(page.locator("#dice .die").nth(2)).to_have_attribute("aria-keyshortcuts", "3")
    ui.roll()
    expect(hint).to_have_text(keys)
    ui.roll()
    ui.roll()
    expect(hint).to_have_text(keys)  # no roll left: the arrow keys and Enter choose the box
    page.locator("#sheet button[data-box]:not([hidden]):not([disabled])").first.click()
    page.click("#confirm")
    expect(page.locator("#computer-controls")).to_be_visible()
    expect(hint).to_have_text("")


# Both take the sheet's frame and table ids.
GAME_SHEET = ["sheet-wrap", "sheet"]
END_SHEET = ["end-sheet-wrap", "end-sheet"]
SCROLL_TO_THE_SHEETS_END = """([frameId]) => {
    const wrap = document.getElementById(frameId);
    wrap.scrollTop = wrap.scrollHeight;
    window.scrollTo(0, document.documentElement.scrollHeight);
}"""

# Where the row of names and the last row are, once the sheet is scrolled to its end: a list
# of problems, empty when every name that the sheet's frame shows sideways is on screen, at its
# top, and the topmost thing at its centre (not under the header bar or the tray).
NAMES_IN_SIGHT = """([frameId, tableId]) => {
    const frame = document.getElementById(frameId);
    const left = frame.getBoundingClientRect().left + frame.clientLeft;
    const wrap = {left, right: left + frame.clientWidth};
    const bar = document.querySelector('header.bar').getBoundingClientRect();
    const problems = [];
    const check = (cell, what) => {
        const box = cell.getBoundingClientRect();
        const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
        if (x < wrap.left || x > wrap.right) return false;  // scrolled sideways out of the frame
        if (box.top < bar.bottom - 0.5 || box.bottom > innerHeight + 0.5) {
            problems.push(`${what} ${cell.textContent} at ${box.top}..${box.bottom}`);
        }
        const hit = document.elementFromPoint(x, y);
        if (!hit || !cell.contains(hit)) {
            const over = hit && (hit.id || hit.className);
            problems.push(`${what} ${cell.textContent} is under ${over}`);
        }
        return true;
    };
    const names = [...document.querySelectorAll(`#${tableId} thead th`)];
    const shown = names.filter(th => check(th, 'name'));
    if (shown.length < Math.min(names.length, 3)) problems.push(`${shown.length} names shown`);
    check(document.querySelector(`#${tableId} tbody tr:last-child th`), 'last row');
    return problems;
}"""


@pytest.mark.heavy
def test_the_row_of_names_stays_in_sight_at_the_end_of_the_sheet(page: Page, app_url: str) -> None:
    page.set_viewport_size(TALL_PHONE)
    ui = Ui(page).open(app_url, seed=14)
    for language in ("en", "he"):
        ui.switch_language(language)
        for players in (1, 4):
            if players == 1:  # the one seat of a first start
                ui.set_players([(default_name(language, 1), "human", None)])
            else:
                ui.set_players([(f"P{n}", "human", None) for n in range(1, players + 1)])
            ui.start()
            assert page.evaluate("document.querySelector('#sheet-wrap').scrollTop") == 0
            ui.roll()  # the open boxes show what they would score
            top = page.locator("#sheet thead").bounding_box()
            page.evaluate(SCROLL_TO_THE_SHEETS_END, GAME_SHEET)
            assert page.evaluate("document.querySelector('#sheet-wrap').scrollTop") > 0
            assert page.evaluate(NAMES_IN_SIGHT, GAME_SHEET) == [], (language, players)
            moved = page.locator("#sheet thead").bounding_box()
            assert top and moved and moved["y"] <= top["y"], (top, moved)
            ui.no_page_scroll_sideways()
            ui.leave()


def test_the_settings_close_without_scrolling_the_dialog(page: Page, app_url: str) -> None:
    Ui(page).open(app_url)
    page.click("#settings-button")
    dialog = page.locator("#settings-dialog")
    expect(dialog).to_be_visible()
    assert dialog.evaluate("d => d.scrollHeight > d.clientHeight")  # it scrolls, on a phone
    done = page.locator("#settings-done")
    expect(done).to_be_in_viewport(ratio=1)
    dialog.evaluate("d => { d.scrollTop = d.scrollHeight; }")
    expect(done).to_be_in_viewport(ratio=1)
    done.click()  # nothing covers it either
    expect(dialog).to_be_hidden()


def test_a_choice_of_seconds_reads_as_words_apart(page: Page, app_url: str) -> None:
    """The number in "3 seconds" is isolated (a <bdi>): the chip must still render the space
    (a flex container made it and the word separate items, showing "3seconds")."""
    Ui(page).open(app_url)
    page.click("#settings-button")
    label = page.locator("#auto-score-3-label")
    expect(label).to_be_visible()
    assert label.inner_text() == "3 seconds"
    box = label.bounding_box()
    assert box is not None and box["height"] >= 44  # still a finger's target


IN_SIGHT = """() => [...document.querySelectorAll('#dice .die, #roll, #confirm, #undo')]
.filter(el => {  // the dice before a roll, and a button not shown, have no box: in sight
    const box = el.getBoundingClientRect();
    return box.top < 0 || box.bottom > innerHeight || box.left < 0 || box.right > innerWidth;
}).map(el => el.id || el.getAttribute('aria-label'))"""
"""The dice and the turn's buttons out of the screen, by name (none is expected)."""


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_sideways_phone_in_a_browser_keeps_the_dice_and_buttons_on_screen(
    page: Page, app_url: str, language: str
) -> None:
    """Its bars leave a browser some 300 px of a phone's width: the page scrolls as a whole,
    and the column of dice beside the sheet held them at its foot, 400 px below the screen (a
    walk at 640x320 saw an empty green column)."""
    ui = Ui(page).open(app_url, seed=5)
    ui.switch_language(language)
    ui.set_players([("Dana", "human", None)])
    page.select_option("#seat-0-coach", "always")
    ui.start()
    expect(page.locator("html")).to_have_attribute("data-coach", "ready", timeout=30_000)
    ui.roll()
    sizes = ((640, 320), (740, 300), (568, 300), (640, 300))
    # 568: a 320x568 phone; it was laid out upright, the dice 900 px below the sheet's top.
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("window.scrollTo(0, 0)")
        assert page.evaluate(IN_SIGHT) == [], (width, height)
        # The sheet scrolled with the page, to its foot: the column stays.
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        assert page.evaluate("scrollY") > 100
        assert page.evaluate(IN_SIGHT) == [], (width, height, "scrolled")
    ui.no_page_scroll_sideways()
    # The next turn's start: the coach's line on the box and its take-back button above Roll
    # (at the page's top Roll was under the edge: a walk at 640x300).
    page.set_viewport_size({"width": 360, "height": 640})
    ui.score(
        page.locator("#sheet button[data-box]:not([disabled])").first.get_attribute("data-box")
        or ""
    )
    expect(page.locator("#coach-line")).to_be_attached()
    expect(page.locator("#undo")).to_be_visible()
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("window.scrollTo(0, 0)")
        assert page.evaluate(IN_SIGHT) == [], (width, height, "a turn's start")
    # Turned after two rolls, the tray opened: the column ends at the screen's edge, and its
    # end, scrolled to, shows Roll and Confirm (its foot was under the edge, where no scroll of
    # the column reached it: a walk).
    page.set_viewport_size({"width": 360, "height": 640})
    ui.roll()
    ui.roll()
    page.set_viewport_size({"width": 640, "height": 300})
    page.evaluate("window.scrollTo(0, 0)")
    page.click("#tray-toggle")
    page.locator("#tray").evaluate("tray => tray.scrollTo(0, tray.scrollHeight)")
    assert page.evaluate(IN_SIGHT) == [], "the tray's end"
