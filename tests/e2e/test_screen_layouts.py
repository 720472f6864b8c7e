"""The game screen at the sizes people play on (phones upright and sideways, a tablet, a
desktop), in every language, with 1, 4 and 8 players: what must stay in sight is measured on
the page. One booted page is resized and switched through all of them, to keep the test fast.

Phone upright (360x640): the current player's column, the box names and at least 7 rows of the
sheet in sight (5 on a 320x568 phone), and the tray (dice, buttons, hint, messages, countdown)
at most 40 % of the height. Sideways, tablet (either way up), desktop: the dice beside the
sheet, at least 6 rows, and every player's column in sight up to 6 players; on an upright
tablet, every row too; on a tablet or a desktop, dice of at least 55 px and a box names' column
no wider than its names need. A game with real dice: tests/e2e/test_real_dice_layouts.py."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.e2e.game_helpers import Ui

VIEWPORTS = (
    (360, 640),
    (320, 568),
    (640, 360),
    (1024, 768),
    (768, 1024),
    (1280, 800),
    (1920, 1080),
)
LARGE_TEXT_VIEWPORTS = ((360, 640), (640, 360), (1024, 768), (1280, 800))
LANGUAGES = ("en", "he", "et")
PLAYER_COUNTS = (1, 4, 8)
MIN_ROWS_UPRIGHT = 7
MIN_ROWS_SMALL_PHONE = 5
MIN_ROWS_BESIDE_THE_DICE = 6
"""Sideways: a walk at 844x390 saw five rows of 46 px, and scrolled the sheet all the time."""
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
        die: document.querySelector('#dice .die').offsetWidth,
        diceRows: Object.values([...document.querySelectorAll('#dice > li')]
            .reduce((rows, li) => ({...rows, [li.offsetTop]: (rows[li.offsetTop] || 0) + 1}), {})),
        namesWidth: pinned.width,
        trayBelowFrame: Math.round(tray.bottom - frame.bottom),
        columnWider: Math.round(Math.max(...['scroll-hint']
            .map(id => document.getElementById(id)).filter(e => e.checkVisibility())
            .map(e => e.getBoundingClientRect().width), frame.width) - frame.width),
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
        if seen["rows"] < MIN_ROWS_BESIDE_THE_DICE:
            problems.append(f"{seen['rows']} rows in sight")
        # A tablet's or a desktop's dice: they were a phone's 44 px, in a column mostly empty.
        if width >= 768 and height >= 600 and seen["die"] < 55:
            problems.append(f"dice of {seen['die']} px")
        # Five in a row, or three and two: an upright tablet's were four and one.
        if seen["diceRows"] not in ([5], [3, 2]):
            problems.append(f"dice in rows of {seen['diceRows']}")
        # The box names' column as wide as its names: at 1920 px it took 440 px, the scores
        # far from them.
        if seen["namesWidth"] > 16 * 16:
            problems.append(f"the box names' column is {seen['namesWidth']} px wide")
        # Where the sheet's column is as wide as the sheet, what shares it does not widen it
        # (the turn's line, the coach's note and the guide go over both columns): the turn's
        # line did, and the game moved sideways when the title changed.
        if (height > width or width >= 1024) and seen["columnWider"] > 1:
            problems.append(f"the sheet's column is {seen['columnWider']} px wider than it")
        # With a mouse (this page's pointer) on a laptop or desktop, the tray ends with the
        # sheet's frame.
        if width >= 1024 and height >= 576 and abs(seen["trayBelowFrame"]) > 2:
            problems.append(f"the tray ends {seen['trayBelowFrame']} px below the sheet")
        # The whole sheet: on an upright tablet, and on a laptop with a mouse (this page's
        # pointer), where a walk saw Ones to Threes scrolled out at 1280x800.
        whole = height > width or height >= 768
        if whole and seen["rows"] < seen["allRows"]:
            problems.append(f"{seen['rows']} of {seen['allRows']} rows in sight")
    return [f"{where} {width}x{height}: {problem} ({seen})" for problem in problems]


@pytest.mark.heavy
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
    die = page.locator("#dice .die").first
    usual_beside = die_widths_beside_the_sheet(page)
    page.set_viewport_size({"width": 360, "height": 640})
    before = die.bounding_box()
    subtotal = page.locator('#sheet tr[data-row="upper_subtotal"] th')
    text_size = "e => parseFloat(getComputedStyle(e).fontSize)"
    subtotal_before = subtotal.evaluate(text_size)
    page.click("#settings-button")
    page.locator("label[for=size-setting-large]").click()
    page.locator("label[for=sound-setting-off]").click()
    page.click("#settings-done")
    expect(page.locator("html")).to_have_attribute("data-size", "large")
    after = die.bounding_box()
    assert before and after and after["width"] > before["width"] * 1.2, (before, after)
    # The sums' names too, as the other rows' (they stayed small: a walk).
    assert subtotal.evaluate(text_size) > subtotal_before * 1.1
    seen = page.evaluate(MEASURE)
    assert not seen["sideways"] and not seen["currentCut"] and seen["namesInSight"], seen
    assert seen["rows"] >= 5 and seen["trayShare"] <= MAX_TRAY_SHARE, seen
    # Beside the sheet too (a tablet, a laptop): the column's own size kept them at 3.5rem.
    larger_beside = die_widths_beside_the_sheet(page)
    assert all(
        larger > usual * 1.05 for usual, larger in zip(usual_beside, larger_beside, strict=True)
    ), (usual_beside, larger_beside)
    assert not page.evaluate(MEASURE)["sideways"]
    # A sideways phone's narrow column: the fifth die went under the four (a walk at 740x360).
    for width, height in ((640, 360), (740, 360), (844, 390)):
        page.set_viewport_size({"width": width, "height": height})
        seen = page.evaluate(MEASURE)
        assert seen["diceRows"] == [5] and not seen["sideways"], (width, height, seen)


def test_a_sideways_tablet_shows_the_whole_sheet_to_a_finger(page: Page, app_url: str) -> None:
    # Its rows share the height, as a laptop's do (a walk at 1180x820 saw Penta, its bonuses
    # and Total below the screen's edge, in rows of 46 px), 32 px at least, with the box's
    # button some 90 px wide.
    ui = Ui(page).open(app_url, seed=33)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    for ruleset in ("penta", "yatzy"):
        if page.locator("#game-screen").is_visible():
            page.click("#leave")
            page.click("#leave-confirm")
        ui.choose_ruleset(ruleset)
        start_game(ui, 2)
        ui.roll()
        for width, height in ((1180, 820), (1024, 768)):
            page.set_viewport_size({"width": width, "height": height})
            seen = page.evaluate(MEASURE)
            assert seen["rows"] == seen["allRows"], (ruleset, width, height, seen)
            row = page.locator("#sheet tbody tr").first.bounding_box()
            assert row and row["height"] >= 32, (ruleset, width, height, row)


def test_the_guided_turn_leaves_a_tablets_and_a_laptops_sheet_whole(
    page: Page, app_url: str
) -> None:
    # Above the sheet and the dice, over both: in the sheet's column alone it pushed Penta, its
    # bonuses and Total out of sight (a walk).
    ui = Ui(page).open(app_url, seed=34)
    ui.set_players([("Ann", "human", None)])
    ui.start()
    page.click("#guide-start")
    ui.roll()
    expect(page.locator("#guide-text")).to_contain_text("Step 2 of 4")
    for width, height in ((768, 1024), (1024, 768), (1366, 768)):
        page.set_viewport_size({"width": width, "height": height})
        seen = page.evaluate(MEASURE)
        guide = page.locator("#guide").bounding_box()
        tray = page.locator("#tray").bounding_box()
        assert seen["rows"] == seen["allRows"], (width, height, seen)
        assert guide and tray and guide["x"] + guide["width"] >= tray["x"] + tray["width"] - 1


def test_a_laptops_dice_and_roll_stay_put_through_a_turn(page: Page, app_url: str) -> None:
    # Under the mouse: Roll moved 10 to 20 px as the hint's and the countdown's lines came,
    # and the sheet grew 13 px (a pixel a row) with the first roll's buttons (a walk).
    page.set_viewport_size({"width": 1280, "height": 800})
    ui = Ui(page).open(app_url, seed=35)
    ui.set_players([("Ann", "human", None), ("Bot", "computer", "optimal")])
    ui.start()
    ui.roll()  # (the guide's offer, above, goes with it)
    where = """() => ['roll', 'dice', 'sheet-wrap']
        .map(id => document.getElementById(id).getBoundingClientRect())
        .map(box => [Math.round(box.top), Math.round(box.height)])"""
    first = page.evaluate(where)
    page.click("#hint")
    expect(page.locator("#hint-text")).not_to_have_text("")
    assert page.evaluate(where) == first
    ui.roll()
    ui.roll()
    expect(page.locator("#countdown")).to_be_visible()
    assert page.evaluate(where) == first
    # The dice in the middle of the felt, not at its foot with Roll: they left four fifths of
    # an upright tablet's felt empty above them (a walk).
    for width, height in ((1280, 800), (800, 1280)):
        page.set_viewport_size({"width": width, "height": height})
        above, below = page.evaluate(FELT_AROUND_THE_DICE)
        assert above > 100 and abs(above - below) <= 24, (width, height, above, below)


# The felt's height above the dice, and under them (and under the line of the keys, shown with a
# mouse) down to the buttons.
FELT_AROUND_THE_DICE = """() => {
    const box = (id) => document.getElementById(id).getBoundingClientRect();
    const [tray, dice, keys, controls] = ['tray', 'dice', 'keys-hint', 'human-controls'].map(box);
    return [dice.top - tray.top, controls.top - (keys.height > 0 ? keys.bottom : dice.bottom)];
}"""


def die_widths_beside_the_sheet(page: Page) -> list[int]:
    """The dice's width on an upright tablet, a sideways one and a laptop."""
    widths = []
    for width, height in ((768, 1024), (1024, 768), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        widths.append(page.locator("#dice .die").first.evaluate("d => d.offsetWidth"))
    return widths


SCROLLS_SIDEWAYS = "document.documentElement.scrollWidth > document.documentElement.clientWidth"
TAPPED_ITSELF = """box => { const r = box.getBoundingClientRect();
    return box.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); }"""

CUT_IN_ITS_DIALOG = """b => b.scrollWidth > b.clientWidth + 1
    || b.getBoundingClientRect().right > b.closest('dialog').getBoundingClientRect().right"""


# The share of the screen that the header and the tray cover, the page scrolled half way.
COVERED_MID_PAGE = """() => new Promise(done => {
    scrollTo(0, document.documentElement.scrollHeight / 2);
    requestAnimationFrame(() => {
        const bar = document.querySelector('header.bar').getBoundingClientRect();
        const tray = document.getElementById('tray').getBoundingClientRect();
        done((Math.max(0, bar.bottom) + Math.max(0, innerHeight - tray.top)) / innerHeight);
    });
})"""


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
        # A dialog's title and button on two lines where one cannot hold both ("Done" was cut).
        page.click("#settings-button")
        if page.locator("#settings-done").evaluate(CUT_IN_ITS_DIALOG):
            problems.append(f"{language} settings: Done is cut")
        page.click("#settings-done")
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
    # Half the screen at least is the sheet's, mid-page: the header goes with the page and the
    # buttons take two rows (the two covered 72 % of a 360x740 screen: a walk).
    page.set_viewport_size({"width": 360, "height": 740})
    covered = page.evaluate(COVERED_MID_PAGE)
    if covered > 0.5:
        problems.append(f"360x740: the header and the tray cover {covered:.0%} of the screen")
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


@pytest.mark.heavy
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
