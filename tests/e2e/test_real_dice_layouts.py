"""A game with real dice at the sizes people play it on (the game screen's other sizes:
tests/e2e/test_screen_layouts.py): on a phone turned sideways and on a tablet either way up,
the whole sheet of 6 players in sight, every row and column, neither the page nor the sheet
scrolling, beside a pad whose buttons stay a finger's size, and the large "Next" line."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from game.rules.rulesets import RULESETS
from tests.e2e.game_helpers import Ui
from tests.e2e.test_screen_layouts import LANGUAGES, MEASURE, MIN_ROWS_UPRIGHT

REAL_DICE_SIZES = ((640, 360), (1024, 768), (768, 1024))
TABLE_PLAYERS = ("Dana", "Malle", "Mari", "Grandpa Joe", "Elizabeth", "Tom")
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
        cutNames: [...document.querySelectorAll('#sheet .row-label')]
            .filter(label => label.scrollWidth > label.clientWidth + 1)
            .map(label => label.textContent),
    };
}"""


def start_real_dice_game(ui: Ui, ruleset: str) -> None:
    """Six people at the table, the first roll entered and its box confirmed: the "Next" line
    shows, the cheer of five alike, and a filled box (a button that corrects it)."""
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
    # No player type (people only): a name field as wide as its seat's fields, not one with an
    # empty gap beside it.
    widths = page.locator("#seat-0-name").evaluate(
        "n => [n.getBoundingClientRect().width, n.closest('.seat-fields').clientWidth]"
    )
    assert widths[0] >= widths[1] - 1, widths
    ui.choose_ruleset(ruleset)
    ui.start()
    for _ in range(5):
        page.click('#pad-faces [data-face="5"]')
    # Five alike, cheered: the tallest column beside the sheet (Estonian's take-back button
    # went 5 px under a 667x375 screen's edge: a walk).
    ui.score(RULESETS[ruleset].five_of_a_kind_box)
    expect(page.locator("#pad-next")).to_have_text(f"Next: {TABLE_PLAYERS[1]}")
    expect(page.locator("#tray-summary")).to_have_text(page.locator("#cheer").inner_text())


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
    # A tablet's pad: faces to tap at once (an upright tablet's were a phone's 44 px: a walk).
    face = page.locator('#pad-faces [data-face="1"]').evaluate(
        "b => b.checkVisibility() ? b.offsetWidth : null"
    )
    if width >= 768 and height >= 600 and face is not None and face < 56:
        problems.append(f"the pad's faces are {face} px")
    # A tablet's and a laptop's sheet has the width for every box's name whole ("Ülemine osa
    # ko…" beside 170 px players' columns: two walks).
    if width >= 768 and height >= 600 and seen["cutNames"]:
        problems.append(f"names cut: {seen['cutNames']}")
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
            # On a small phone the pad's six faces are a finger's 44 px still (39 px: a walk),
            # and the page does not scroll sideways.
            page.set_viewport_size({"width": 320, "height": 568})
            faces = page.locator("#pad-faces button.die").evaluate_all(
                "bs => bs.filter(b => b.checkVisibility()).map(b => b.offsetWidth)"
            )
            if len(faces) != 6 or min(faces) < 44:
                problems.append(f"{ruleset}, {language}, 320x568: the pad's faces {faces}")
            ui.no_page_scroll_sideways()
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
    # The larger size, on a sideways phone: the pad's column was made wider for the dice on
    # screen, and the page overflowed the screen's width (a walk at 740x360).
    page.click("#settings-button")
    page.locator("label[for=size-setting-large]").click()
    page.click("#settings-done")
    for width, height in ((640, 360), (740, 360), (844, 390)):
        page.set_viewport_size({"width": width, "height": height})
        ui.no_page_scroll_sideways()
        right = page.locator("#tray").evaluate("tray => tray.getBoundingClientRect().right")
        assert right <= width, (width, height, right)
