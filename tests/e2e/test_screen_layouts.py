"""The game screen at the sizes people play on (phones upright and sideways, a tablet, a
desktop), in every language, with 1, 4 and 8 players: what must stay in sight is measured on
the page. One booted page is resized and switched through all of them, to keep the test fast.

Phone upright (360x640): the current player's column, the box names and at least 7 rows of the
sheet in sight (5 on a 320x568 phone), and the tray (dice, buttons, hint, messages, countdown)
at most 40 % of the height. Sideways, tablet (either way up), desktop: the dice beside the
sheet, and every player's column in sight up to 6 players; on an upright tablet, every row
too. A game with real dice, on a phone turned sideways and on a tablet either way up: the whole
sheet of 6 players in sight, every row and column, neither the page nor the sheet scrolling,
beside a pad whose buttons stay a finger's size, and the large "Next" line."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.e2e.game_helpers import Ui

VIEWPORTS = ((360, 640), (320, 568), (640, 360), (1024, 768), (768, 1024), (1280, 800))
LARGE_TEXT_VIEWPORTS = ((360, 640), (640, 360), (1024, 768), (1280, 800))
LANGUAGES = ("en", "he", "et")
PLAYER_COUNTS = (1, 4, 8)
MIN_ROWS_UPRIGHT = 7
MIN_ROWS_SMALL_PHONE = 5
"""Upright at 320x568 (its buttons stacked once left 3 rows)."""
MAX_TRAY_SHARE = 0.4

# What shows of the sheet: the rows between the sticky names and whatever ends the frame's
# view (its own edge, the tray, the screen), the player columns cut by the frame or by the
# pinned box names, and where the tray is.
MEASURE = """() => {
    const wrap = document.getElementById('sheet-wrap');
    const frame = wrap.getBoundingClientRect();
    const head = document.querySelector('#sheet thead').getBoundingClientRect();
    const tray = document.getElementById('tray').getBoundingClientRect();
    const bar = document.querySelector('header.bar').getBoundingClientRect();
    const pinned = document.querySelector('#sheet thead th.corner').getBoundingClientRect();
    const rtl = getComputedStyle(wrap).direction === 'rtl';
    const innerTop = frame.top + wrap.clientTop;
    const top = Math.max(innerTop + head.height, bar.bottom);
    const beside = tray.top < frame.bottom - 1 && (tray.left >= frame.right - 1
        || tray.right <= frame.left + 1);
    let bottom = Math.min(innerTop + wrap.clientHeight, innerHeight);
    if (!beside) bottom = Math.min(bottom, tray.top);
    // A row counts when at least half of it shows (a frame scrolled to a box may cut the rows
    // at its edges); `room` is the height for rows, in rows of the sheet's usual height.
    const rows = [...document.querySelectorAll('#sheet tbody tr')].filter(tr => {
        const box = tr.getBoundingClientRect();
        return Math.min(box.bottom, bottom) - Math.max(box.top, top) >= box.height / 2;
    }).length;
    const rowHeight = document.querySelector('#sheet tbody tr').getBoundingClientRect().height;
    const inner = [frame.left + wrap.clientLeft, frame.left + wrap.clientLeft + wrap.clientWidth];
    const [left, right] = rtl ? [Math.max(inner[0], 0), Math.min(pinned.left, innerWidth)]
        : [Math.max(pinned.right, 0), Math.min(inner[1], innerWidth)];
    const cut = th => {
        const box = th.getBoundingClientRect();
        return box.left < left - 1 || box.right > right + 1;
    };
    const columns = [...document.querySelectorAll('#sheet thead th:not(.corner)')];
    const current = document.querySelector('#sheet thead th.current');
    return {
        rows,
        allRows: document.querySelectorAll('#sheet tbody tr').length,
        room: Math.round((bottom - top) / rowHeight * 10) / 10,
        clipped: columns.filter(cut).length,
        currentCut: current ? cut(current) : true,
        namesInSight: pinned.left >= -1 && pinned.right <= innerWidth + 1 && pinned.top >= 0,
        trayShare: tray.height / innerHeight,
        beside,
        sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    };
}"""


def start_game(ui: Ui, players: int) -> None:
    page = ui.page
    if page.locator("#game-screen").is_visible():
        page.click("#leave")
        page.click("#leave-confirm")
    expect(page.locator("#setup-screen")).to_be_visible()
    ui.set_players([(f"Player {n}", "human", None) for n in range(1, players + 1)])
    ui.start()


def busiest_tray(ui: Ui) -> None:
    """The tray at its fullest: the last roll's countdown, held by the hint on screen (folded
    to one line, as the tray shows them until the player opens it)."""
    for _ in range(3):
        ui.roll()
    expect(ui.page.locator("#countdown")).to_be_visible()
    expect(ui.page.locator("#hint")).to_be_enabled(timeout=20_000)
    ui.page.click("#hint")
    expect(ui.page.locator("#hint-text")).not_to_have_text("")
    expect(ui.page.locator("#tray-summary")).to_be_visible()
    expect(ui.page.locator("#tray-toggle")).to_have_attribute("aria-expanded", "false")


# The tray's messages in sight, by their text: none may show twice (sideways, the status line
# showed under the folded line that said it already: "Selected: Chance" twice).
SAID_TWICE = """() => {
    const seen = [...document.querySelectorAll('#tray p, #tray span')]
        .filter(el => el.checkVisibility() && el.innerText.trim() && !el.querySelector('p, span'))
        .map(el => el.innerText.trim());
    return seen.filter((text, index) => seen.indexOf(text) !== index);
}"""


# The tray's buttons, in their tab order, that show out of reading order: each must be on a
# row below the one before, or beside it in the language's direction. (At 1280 px Roll showed
# above Hint, and the Tab key went to Hint first: a walk.)
OUT_OF_ORDER = """() => {
    const rtl = getComputedStyle(document.getElementById('tray')).direction === 'rtl';
    const buttons = [...document.querySelectorAll('#human-controls button')]
        .filter(button => button.checkVisibility());
    return buttons.slice(1).filter((button, i) => {
        const before = buttons[i].getBoundingClientRect();
        const box = button.getBoundingClientRect();
        const after = rtl ? box.right <= before.left + 1 : box.left >= before.right - 1;
        return !(box.top >= before.bottom - 1 || (after && box.top < before.bottom));
    }).map(button => button.id);
}"""


def problems_at(page: Page, size: tuple[int, int], players: int, where: str) -> list[str]:
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    seen = page.evaluate(MEASURE)
    problems = []
    # "Swipe sideways" follows the new width (a phone turned) with no other input: within a
    # second, however busy the machine (the resize event may come a frame or two late).
    state = """(players) => {
        const wrap = document.getElementById('sheet-wrap');
        // Seen, not only in the page: the line, or on a short screen the sheet's corner.
        const hint = ['scroll-hint', 'corner-hint']
            .some(id => document.getElementById(id).checkVisibility());
        const overflows = wrap.scrollWidth > wrap.clientWidth + 1;
        return hint === (overflows && players > 2) ? null : [hint, overflows];
    }"""
    try:
        page.wait_for_function(f"() => ({state})({players}) === null", timeout=1_000, polling=50)
    except PlaywrightTimeoutError:
        hint, overflows = page.evaluate(state, players) or (None, None)
        problems.append(f"'Swipe sideways' {'shown' if hint else 'hidden'}, overflow {overflows}")
    upright = height > width and width < 600
    if seen["sideways"]:
        problems.append("the page scrolls sideways")
    if said_twice := page.evaluate(SAID_TWICE):
        problems.append(f"the tray says {said_twice} twice")
    if out_of_order := page.evaluate(OUT_OF_ORDER):
        problems.append(f"the tab order reaches {out_of_order} out of the reading order")
    if seen["currentCut"]:
        problems.append("the current player's column is cut")
    if not seen["namesInSight"]:
        problems.append("the box names are out of sight")
    if upright:
        least = MIN_ROWS_UPRIGHT if height >= 640 else MIN_ROWS_SMALL_PHONE
        if seen["rows"] < least or seen["room"] < least:
            problems.append(f"{seen['rows']} rows in sight, room for {seen['room']}")
        if seen["trayShare"] > MAX_TRAY_SHARE:
            problems.append(f"the tray takes {seen['trayShare']:.0%} of the height")
    else:
        if not seen["beside"]:
            problems.append("the dice are not beside the sheet")
        if players <= 6 and seen["clipped"]:
            problems.append(f"{seen['clipped']} columns cut")
        if seen["rows"] < 5:
            problems.append(f"{seen['rows']} rows in sight")
        # The whole sheet: on an upright tablet, and on a laptop with a mouse (this page's
        # pointer), where a walk saw Ones to Threes scrolled out at 1280x800.
        whole = height > width or height >= 768
        if whole and seen["rows"] < seen["allRows"]:
            problems.append(f"{seen['rows']} of {seen['allRows']} rows in sight")
    return [f"{where} {width}x{height}: {problem} ({seen})" for problem in problems]


def test_the_game_screen_uses_every_screen_size_in_every_language(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=31)
    ui.set_auto_score(10)
    problems: list[str] = []
    for players in PLAYER_COUNTS:
        page.set_viewport_size({"width": 360, "height": 640})
        page.select_option("#language", "en")
        start_game(ui, players)
        busiest_tray(ui)
        for language in LANGUAGES:
            page.select_option("#language", language)
            expect(page.locator("html")).to_have_attribute("lang", language)
            for size in VIEWPORTS:
                problems += problems_at(page, size, players, f"{players} players, {language},")
    page.click("#hide-hint")  # a box chosen: the folded line says so ("Selected: Chance")
    ui.box("chance").click()
    for language in LANGUAGES:
        page.select_option("#language", language)
        for size in VIEWPORTS:
            problems += problems_at(page, size, 8, f"a box chosen, {language},")
    assert problems == [], "\n".join(problems)
    # Larger dice and sheet, from the settings: fewer rows, nothing cut.
    page.set_viewport_size({"width": 360, "height": 640})
    die = page.locator("#dice .die").first
    before = die.bounding_box()
    page.click("#settings-button")
    page.locator("label[for=size-setting-large]").click()
    page.locator("label[for=sound-setting-off]").click()
    page.click("#settings-done")
    expect(page.locator("html")).to_have_attribute("data-size", "large")
    after = die.bounding_box()
    assert before and after and after["width"] > before["width"] * 1.2, (before, after)
    seen = page.evaluate(MEASURE)
    assert not seen["sideways"] and not seen["currentCut"] and seen["namesInSight"], seen
    assert seen["rows"] >= 5 and seen["trayShare"] <= MAX_TRAY_SHARE, seen


SCROLLS_SIDEWAYS = "document.documentElement.scrollWidth > document.documentElement.clientWidth"
TAPPED_ITSELF = """box => { const r = box.getBoundingClientRect();
    return box.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); }"""


def test_twice_the_browsers_text_size_breaks_nothing(page: Page, app_url: str) -> None:
    """A default font size of 32 px (200 %): every size is in rem, so everything grows; the
    page never scrolls sideways (the setup neither), and Roll, the current column, the box
    names and the boxes themselves stay in reach (with fewer rows: the sheet scrolls)."""
    ui = Ui(page).open(app_url, seed=32)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    assert page.evaluate("() => getComputedStyle(document.documentElement).fontSize") == "32px"
    problems: list[str] = []
    # The setup: a seat's coach menu and "Add computer" widened the page (a walk).
    ui.set_players([("Dana", "human", None), ("", "computer", "optimal")])
    for language in LANGUAGES:
        page.select_option("#language", language)
        if page.evaluate(SCROLLS_SIDEWAYS):
            problems.append(f"{language} setup: the page scrolls sideways")
        # A seat's fields one under the other: the name field was left 40 px wide (a walk).
        name = page.locator("#seat-1-name").bounding_box()
        if name is None or name["width"] < 360 / 2:
            problems.append(f"{language} setup: the name field is {name} wide")
        # The ruleset's name keeps its width beside its rules link (it was squeezed under it).
        for ruleset in ("penta", "yatzy"):
            ruleset_name = page.locator(f"#ruleset-{ruleset}-name")
            if ruleset_name.evaluate("e => e.scrollWidth > e.clientWidth + 1"):
                problems.append(f"{language} setup: the {ruleset} name is squeezed")
    page.select_option("#language", "en")
    start_game(ui, 4)
    ui.roll()
    # Every box within reach: the header and the tray, stuck to the screen's edges, covered
    # the whole 640 px screen, and no box could be tapped (a walk).
    page.set_viewport_size({"width": 360, "height": 640})
    box = ui.box("chance")
    box.scroll_into_view_if_needed()
    if not box.evaluate(TAPPED_ITSELF):
        problems.append("360x640: a tap on Chance lands on something above it")
    for language in LANGUAGES:
        page.select_option("#language", language)
        for width, height in LARGE_TEXT_VIEWPORTS:
            page.set_viewport_size({"width": width, "height": height})
            # From the page's top: where it scrolls as a whole, Roll below was scrolled to.
            page.evaluate("() => new Promise(r => { scrollTo(0, 0); requestAnimationFrame(r); })")
            seen = page.evaluate(MEASURE)
            where = f"{language} {width}x{height}"
            if seen["sideways"]:
                problems.append(f"{where}: the page scrolls sideways")
            if seen["currentCut"] or not seen["namesInSight"]:
                problems.append(f"{where}: the current column or the box names are cut {seen}")
            page.locator("#roll").scroll_into_view_if_needed()
            roll = page.locator("#roll").bounding_box()
            if roll is None or roll["y"] < 0 or roll["y"] + roll["height"] > height + 1:
                problems.append(f"{where}: Roll out of reach {roll}")
    assert problems == [], "\n".join(problems)


# Larger text on a phone (the browser's 125 % and 150 %): the tray's buttons in a row, their
# words wrapped inside them, and a row of the sheet in sight above the tray (stacked, they left
# none at 150 % on a 360 px phone: a walk); else (320x568 at 150 %) the page scrolls as a whole,
# and every box can be reached and tapped.
LARGER_TEXT = ((320, 568, 20), (320, 568, 24), (360, 640, 20), (360, 640, 24))
PAGE_SCROLLS = "document.documentElement.scrollHeight > innerHeight + 1"
SPILLED = """() => [...document.querySelectorAll('#human-controls button')]
    .filter(b => b.checkVisibility()
        && (b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1))
    .map(b => b.id)"""

# A line narrower than five of its letters (the hint's stood one letter a line).
SQUEEZED = """l => l.checkVisibility()
    && l.offsetWidth < 5 * parseFloat(getComputedStyle(l).fontSize)"""


def test_larger_text_on_a_phone_keeps_the_buttons_in_a_row_and_the_sheet_in_sight(
    page: Page, app_url: str
) -> None:
    ui = Ui(page).open(app_url, seed=33)
    cdp = page.context.new_cdp_session(page)
    ui.start()
    ui.roll()
    ui.roll()  # "Roll (1 left)": the longest label, in Hebrew
    page.click("#hint")  # folded, its keep shares a line with "Hide hint" and "More"
    problems: list[str] = []
    for width, height, font in LARGER_TEXT:
        page.set_viewport_size({"width": width, "height": height})
        cdp.send("Page.setFontSizes", {"fontSizes": {"standard": font, "fixed": font - 3}})
        for language in LANGUAGES:
            page.select_option("#language", language)
            expect(page.locator("html")).to_have_attribute("lang", language)
            where = f"{language} {width}x{height} at {font} px"
            tops = page.locator("#human-controls button:visible").evaluate_all(
                "buttons => buttons.map(b => Math.round(b.getBoundingClientRect().top))"
            )
            if len(set(tops)) != 1:
                problems.append(f"{where}: the buttons are not in a row {tops}")
            if spilled := page.evaluate(SPILLED):
                problems.append(f"{where}: the words spill out of {spilled}")
            if page.locator("#tray-summary").evaluate(SQUEEZED):
                problems.append(f"{where}: the hint's line is squeezed beside its buttons")
            seen = page.evaluate(MEASURE)
            if seen["sideways"]:
                problems.append(f"{where}: the page scrolls sideways")
            if not page.evaluate(PAGE_SCROLLS):
                if seen["rows"] < 1:
                    problems.append(f"{where}: no row of the sheet in sight {seen}")
                continue
            for box in ("ones", "chance"):
                ui.box(box).focus()  # as the Tab key brings it
                if not ui.box(box).evaluate(TAPPED_ITSELF):
                    problems.append(f"{where}: {box} cannot be tapped once brought into sight")
    assert problems == [], "\n".join(problems)


REAL_DICE_SIZES = ((640, 360), (1024, 768), (768, 1024))
TABLE_PLAYERS = ("Dana", "Avi", "Mari", "Grandpa Joe", "Elizabeth", "Tom")
MIN_TAP = 24
"""A target's least side (WCAG 2.5.8, target size minimum), in CSS pixels."""
# The real-dice game seen whole: whether the page or the sheet's frame scrolls, which rows and
# cells of the sheet are not wholly inside the frame and the screen, the rows' height, the
# narrowest column name, the pad's and the tray's buttons smaller than MIN_TAP or not wholly on
# the screen (reached only by scrolling the tray, which nothing tells), the "Next" line.
WHOLE_SHEET = """(minTap) => {
    const de = document.documentElement;
    const wrap = document.getElementById('sheet-wrap');
    const frame = wrap.getBoundingClientRect();
    const left = Math.max(frame.left + wrap.clientLeft, 0);
    const top = Math.max(frame.top + wrap.clientTop, 0);
    const right = Math.min(frame.left + wrap.clientLeft + wrap.clientWidth, innerWidth);
    const bottom = Math.min(frame.top + wrap.clientTop + wrap.clientHeight, innerHeight);
    const outside = el => {
        const box = el.getBoundingClientRect();
        return box.left < left - 1 || box.right > right + 1
            || box.top < top - 1 || box.bottom > bottom + 1;
    };
    const rows = [...document.querySelectorAll('#sheet tbody tr')];
    const shown = b => b.offsetParent !== null;
    const side = b => {
        const box = b.getBoundingClientRect();
        return Math.min(box.width, box.height);
    };
    const scrolls = e => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1;
    const taps = '#tray button, #game-screen .turn-head button';
    const offScreen = b => {
        const box = b.getBoundingClientRect();
        return box.top < -1 || box.bottom > innerHeight + 1 || box.left < -1
            || box.right > innerWidth + 1;
    };
    const next = document.getElementById('pad-next');
    const nextBox = next.getBoundingClientRect();
    return {
        pageScrolls: scrolls(de),
        sheetScrolls: scrolls(wrap),
        rows: rows.length,
        rowsOutside: rows.filter(outside).map(tr => tr.dataset.row),
        cellsOutside: [...document.querySelectorAll('#sheet th, #sheet td')].filter(outside).length,
        columns: document.querySelectorAll('#sheet thead th:not(.corner)').length,
        rowHeight: Math.min(...rows.map(tr => tr.getBoundingClientRect().height)),
        boxButton: Math.min(...[...document.querySelectorAll('#sheet td button')]
            .filter(shown).map(side)),
        narrowestName: Math.min(...[...document.querySelectorAll('#sheet thead .column-name')]
            .map(name => name.getBoundingClientRect().width)),
        smallTaps: [...document.querySelectorAll(taps)].filter(shown)
            .filter(b => side(b) < minTap).map(b => b.id || b.dataset.face || b.className),
        offScreen: [...document.querySelectorAll(taps)].filter(shown).filter(offScreen)
            .map(b => b.id || b.dataset.face || b.className),
        next: next.hidden ? '' : next.textContent,
        nextSize: parseFloat(getComputedStyle(next).fontSize),
        nextInSight: nextBox.top >= 0 && nextBox.bottom <= innerHeight && nextBox.left >= 0
            && nextBox.right <= innerWidth,
    };
}"""


def start_real_dice_game(ui: Ui, ruleset: str) -> None:
    """Six people at the table, the first roll entered and its box confirmed: the "Next" line
    shows, and a filled box (a button that corrects it)."""
    page = ui.page
    page.set_viewport_size({"width": 360, "height": 640})
    if page.locator("#game-screen").is_visible():
        page.click("#leave")
        page.click("#leave-confirm")
    page.click("#dice-real-label")  # people only: each seat is a person's
    ui.keep_one_seat()
    for index, name in enumerate(TABLE_PLAYERS):
        if index:
            page.click("#add-human")
        page.fill(f"#seat-{index}-name", name)
    ui.choose_ruleset(ruleset)
    ui.start()
    for face in (6, 6, 5, 5, 5):
        page.click(f'#pad-faces [data-face="{face}"]')
    page.locator("#sheet button[data-box]:not([disabled])").first.click()
    page.click("#confirm")
    expect(page.locator("#pad-next")).to_have_text(f"Next: {TABLE_PLAYERS[1]}")


def whole_sheet_problems(page: Page, size: tuple[int, int], where: str, next_up: bool) -> list[str]:
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    seen = page.evaluate(WHOLE_SHEET, MIN_TAP)
    print(
        f"{where} {width}x{height}: rows {seen['rowHeight']:.1f} px, box buttons "
        f"{seen['boxButton']:.1f} px, names {seen['narrowestName']:.0f} px wide, "
        f"'Next' {seen['nextSize']:.0f} px"
    )
    problems = []
    if seen["pageScrolls"] or seen["sheetScrolls"]:
        problems.append("the page or the sheet scrolls")
    if seen["rowsOutside"] or seen["cellsOutside"]:
        problems.append(f"rows {seen['rowsOutside']} and {seen['cellsOutside']} cells out of sight")
    if seen["columns"] != len(TABLE_PLAYERS):
        problems.append(f"{seen['columns']} columns")
    if seen["smallTaps"]:
        problems.append(f"buttons under {MIN_TAP} px: {seen['smallTaps']}")
    if seen["offScreen"]:
        problems.append(f"buttons off the screen: {seen['offScreen']}")
    if height >= 600 and seen["boxButton"] < MIN_TAP:
        problems.append(f"the sheet's boxes are {seen['boxButton']} px")
    if seen["narrowestName"] < 36:  # more than three letters of a name
        problems.append(f"a name shows {seen['narrowestName']} px wide")
    if next_up and (not seen["next"] or not seen["nextInSight"] or seen["nextSize"] < 24):
        problems.append(f"the 'Next' line: {seen['next']!r}, {seen['nextSize']} px")
    return [f"{where} {width}x{height}: {problem} ({seen})" for problem in problems]


def asking_upright_problems(page: Page, ruleset: str) -> list[str]:
    """On a phone upright, while the pad asks which roll it was: at least MIN_ROWS_UPRIGHT
    rows in sight, and the three rolls on one line, in each language."""
    problems = []
    page.set_viewport_size({"width": 360, "height": 640})
    for language in LANGUAGES:
        page.select_option("#language", language)
        expect(page.locator("html")).to_have_attribute("lang", language)
        page.evaluate("() => new Promise(r => requestAnimationFrame(r))")
        seen = page.evaluate(MEASURE)
        lines = page.locator(".pad-rolls button").evaluate_all(
            "bs => new Set(bs.map(b => Math.round(b.getBoundingClientRect().top))).size"
        )
        print(f"{ruleset}, {language}, asking the roll, 360x640: {seen['rows']} rows in sight")
        if seen["rows"] < MIN_ROWS_UPRIGHT or lines != 1:
            problems.append(f"{ruleset}, {language}, asking, 360x640: {lines} lines, {seen}")
    return problems


@pytest.mark.heavy
def test_a_real_dice_game_shows_the_whole_sheet_sideways_and_on_a_tablet(
    page: Page, app_url: str
) -> None:
    ui = Ui(page).open(app_url)
    problems: list[str] = []
    for ruleset in ("penta", "yatzy"):
        page.select_option("#language", "en")
        start_real_dice_game(ui, ruleset)
        for language in LANGUAGES:
            page.select_option("#language", language)
            expect(page.locator("html")).to_have_attribute("lang", language)
            for size in REAL_DICE_SIZES:
                problems += whole_sheet_problems(page, size, f"{ruleset}, {language},", True)
            # Upright, the sheet scrolls, with at least as many rows in sight as with dice on
            # the screen.
            page.set_viewport_size({"width": 360, "height": 640})
            page.evaluate("() => new Promise(r => requestAnimationFrame(r))")
            seen = page.evaluate(MEASURE)
            print(f"{ruleset}, {language}, 360x640: {seen['rows']} rows in sight")
            if seen["rows"] < MIN_ROWS_UPRIGHT or seen["sideways"] or seen["currentCut"]:
                problems.append(f"{ruleset}, {language}, 360x640: {seen}")
        # The next roll entered: every open box of the current column is a button, one chosen.
        for face in (3, 3, 6, 6, 6):
            page.click(f'#pad-faces [data-face="{face}"]')
        page.click("#hint")  # "What should I keep?": the pad asks which roll it was
        expect(page.locator("#pad-ask")).to_be_visible()
        for size in REAL_DICE_SIZES:
            problems += whole_sheet_problems(page, size, f"{ruleset}, asking the roll,", False)
        problems += asking_upright_problems(page, ruleset)
        page.click("#pad-roll-1")
        expect(page.locator("#pad-ask")).to_be_hidden()
        for size in REAL_DICE_SIZES:
            problems += whole_sheet_problems(page, size, f"{ruleset}, the advice shown,", False)
        page.locator("#sheet button[data-box]:not([disabled])").last.click()
        for size in REAL_DICE_SIZES:
            problems += whole_sheet_problems(page, size, f"{ruleset}, a box chosen,", False)
    assert problems == [], "\n".join(problems)
