"""A game of three played with real dice, entered through the pad in the page (the logic is
tested in CPython: tests/app/test_real_dice*.py): every box entered scored as the engine scores
the same dice, one roll typed on the keyboard, one correction, 'What should I keep?' for an
entered roll, the languages switched in the page, axe on the pad, the whole sheet on a tablet,
the standings. The first three rounds and the last two are entered in the page; the rounds
between are played by the engine, and the page restores the game they reach."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from game.coach.greedy import best_immediate_box
from game.coach.optimal import sheet_position
from game.play.corrections import correct_box
from game.play.engine import new_game, score
from game.play.random_source import RealDice
from game.play.real_dice import enter_dice
from game.play.state import Player
from game.present.coach_words import hint_decimals
from game.rules.rulesets import RULESETS
from tests.app.driver import stored_session
from tests.app.test_real_dice import turn_dice
from tests.e2e.game_helpers import PHONE, Ui
from tests.solved_tables import solved_advisor

NAMES = ("Dana", "Avi", "Mari")
TYPED_TURN = 1
"""Avi's first roll is typed on the keyboard, his box confirmed with Enter."""
ASKED_TURN = 3
"""Dana's second roll: 'What should I keep?', said to be the turn's first roll."""
CORRECTED_AT = 5
"""After this turn, Dana's first box is corrected: one die changed."""
LANGUAGE_AT = {6: "he", 8: "et", 40: "en"}
TABLET_AT = 42
UI_TURNS_FIRST = 9
"""Turns entered in the page before the engine plays on; the last `UI_TURNS_LAST` are too."""
UI_TURNS_LAST = 6


def pad_reads_as_the_dice_do(page: Page) -> None:
    """The pad's faces (1 first) and the dice entered (the first first) run the way the
    language reads, as the dice on the screen do: from the right in Hebrew."""
    rtl = page.evaluate("document.documentElement.dir") == "rtl"

    def starts(selector: str) -> list[float]:
        found = [page.locator(selector).nth(index).bounding_box() for index in (0, -1)]
        boxes = [box for box in found if box is not None]
        assert len(boxes) == 2, selector
        return [box["x"] for box in boxes]

    for selector in ("#pad-faces button.die:visible", "#pad-entered button.die:visible"):
        first, last = starts(selector)
        assert (first > last) is rtl, (selector, first, last)


def check_axe(ui: Ui, where: str, problems: dict[str, object]) -> None:
    found = ui.run_axe()
    if found:
        problems[where] = found


@pytest.mark.heavy
def test_a_real_dice_game_of_three_through_the_pad(page: Page, app_url: str) -> None:
    ruleset = RULESETS["yatzy"]
    advisor = solved_advisor("yatzy")
    ui = Ui(page).open(app_url)
    problems: dict[str, object] = {}
    for index, name in enumerate(NAMES):
        if index:
            page.click("#add-human")
        page.fill(f"#seat-{index}-name", name)
    page.check("#ruleset-yatzy")
    page.click("#dice-real-label")
    expect(page.locator("#add-computer")).to_be_hidden()
    expect(page.locator("#seat-0-kind")).to_be_hidden()
    ui.no_page_scroll_sideways()  # the coach's select takes the place of the kind's, not more
    page.click("#start")
    expect(page.locator("#pad")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("data-coach", "ready", timeout=30_000)
    expect(page.locator("#roll")).to_be_hidden()

    dice = turn_dice(len(ruleset.box_ids), len(NAMES), seed=11)
    # The engine's game of the same dice and boxes (tests/app/test_real_dice.py checks that
    # it scores as rolled dice do).
    reference = new_game(ruleset, [Player(name) for name in NAMES], RealDice())
    first_box = ""
    for turn, faces in enumerate(dice):
        if UI_TURNS_FIRST <= turn < len(dice) - UI_TURNS_LAST:
            reference = enter_dice(reference, reference.current_player, faces)
            reference = score(reference, reference.current_player, best_immediate_box(reference))
            if turn == len(dice) - UI_TURNS_LAST - 1:
                ui.restore(stored_session(reference))
                expect(page.locator("#pad")).to_be_visible()
            continue
        if turn in LANGUAGE_AT:
            page.select_option("#language", LANGUAGE_AT[turn])
            expect(page.locator("html")).to_have_attribute("lang", LANGUAGE_AT[turn])
        player = reference.current_player
        reference = enter_dice(reference, player, faces)
        box = best_immediate_box(reference)
        first_box = first_box or box
        sheet = reference.sheet
        reference = score(reference, reference.current_player, box)
        if turn == TYPED_TURN:
            page.keyboard.type("".join(map(str, faces)))
        else:
            for face in faces:
                page.click(f'#pad-faces [data-face="{face}"]')
        expect(page.locator("#pad-entered button.die:visible")).to_have_count(5)
        if turn == 0:
            shown = page.locator("#pad-entered button.die").evaluate_all(
                "dice => dice.map(die => Number(die.dataset.face))"
            )
            assert shown == sorted(faces)
            page.click(f'#pad-entered button[data-face="{faces[0]}"]')  # taken back
            expect(page.locator("#pad-entered button.die:visible")).to_have_count(4)
            expect(page.locator("#sheet button[data-box]")).to_have_count(0)
            page.click(f'#pad-faces [data-face="{faces[0]}"]')
            # A box of the next player's column, tapped: nothing chosen, and the tray says why.
            page.click(f'#sheet tr[data-row="{box}"] td[data-seat="1"]')
            expect(page.locator("#tray-summary")).to_have_text(
                f"That box is in {NAMES[1]}'s column. It is {NAMES[0]}'s turn: choose a box"
                " in the highlighted column."
            )
            expect(page.locator("#sheet button[aria-pressed=true]")).to_have_count(0)
        if turn == ASKED_TURN:
            page.click("#hint")
            expect(page.locator("#pad-ask")).to_be_visible()
            check_axe(ui, "the roll asked (en)", problems)
            page.click("#pad-roll-1")
            # Of the position with two rolls left: what the next best move costs.
            best, second = advisor.rank(sheet_position(sheet, faces, 2))[:2]
            decimals = hint_decimals(best.expected - second.expected)
            lost = max(best.expected - second.expected, 10**-decimals)
            expect(page.locator("#hint-text")).to_contain_text(
                f"your final score would be {lost:.{decimals}f} lower with it"
            )
        if turn in LANGUAGE_AT:
            check_axe(ui, f"the pad ({LANGUAGE_AT[turn]})", problems)
            pad_reads_as_the_dice_do(page)
        if turn == TYPED_TURN:
            # Enter is the focused control's own: on another box it chooses that box...
            choose = '#sheet button[data-box]:not([disabled]):not([data-box="{}"])'
            other = page.locator(choose.format(box)).first
            other.focus()
            page.keyboard.press("Enter")
            expect(other).to_have_attribute("aria-pressed", "true")
            expect(page.locator("#pad-entered button.die:visible")).to_have_count(5)
            ui.box(box).focus()
            page.keyboard.press("Enter")
            expect(ui.box(box)).to_have_attribute("aria-pressed", "true")
            page.keyboard.press("Enter")  # ... and on the box chosen it confirms the turn
        else:
            page.click(f'#sheet button[data-box="{box}"]')
            page.click("#confirm")
        if turn == 0:
            expect(page.locator("#pad-next")).to_have_text("Next: Avi")
        if turn == CORRECTED_AT:
            old = dice[0]
            new = (old[0] % 6 + 1, *old[1:])
            page.click(f'#sheet tr[data-row="{first_box}"] td:nth-child(2) button')
            expect(page.locator("#correct-dialog")).to_be_visible()
            page.click(f'#correct-entered button[data-face="{old[0]}"]')
            page.click(f'#correct-faces [data-face="{new[0]}"]')
            page.click("#correct-change")
            expect(page.locator("#correct-question")).to_be_visible()  # asked first
            check_axe(ui, "the correction (en)", problems)
            page.click("#correct-change")
            expect(page.locator("#correct-dialog")).to_be_hidden()
            reference = correct_box(reference, 0, first_box, new)
            points = reference.sheets[0].points_in(first_box)
            cell = page.locator(f'#sheet tr[data-row="{first_box}"] td:nth-child(2)')
            expect(cell).to_have_text(str(points))
            expect(cell).to_have_class(re.compile(r"\bcorrected\b"))  # marked, as on paper
            expect(cell.locator("button")).to_have_attribute("aria-label", re.compile("corrected"))
        if turn == TABLET_AT:
            page.set_viewport_size({"width": 1024, "height": 768})
            fits = page.evaluate(
                """() => { const w = document.getElementById('sheet-wrap');
                    return w.scrollHeight <= w.clientHeight + 1
                        && w.scrollWidth <= w.clientWidth + 1; }"""
            )
            assert fits, "the whole sheet shows on a tablet"
            page.set_viewport_size(PHONE)

    expect(page.locator("#end-screen")).to_be_visible()
    totals = sorted((sheet.total for sheet in reference.sheets), reverse=True)
    expect(page.locator("#standings .total")).to_have_text([str(total) for total in totals])
    # The last throw typed wrong: corrected on the end screen's sheet, the standings follow.
    expect(page.locator("#breakdown-help")).to_be_visible()
    retyped = (faces[0] % 6 + 1, *faces[1:])
    reference = correct_box(reference, player, box, retyped)
    page.click(f'#end-sheet tr[data-row="{box}"] td:nth-child({player + 2}) button')
    expect(page.locator("#correct-dialog")).to_be_visible()
    assert faces_out_of_the_dialog_with_large_text(page) == []
    assert faces_per_row_on_a_small_phone(page) == [3, 3]
    page.click(f'#correct-entered button[data-face="{faces[0]}"]')
    page.click(f'#correct-faces [data-face="{retyped[0]}"]')
    page.click("#correct-change")
    page.click("#correct-change")  # asked first
    expect(page.locator("#correct-dialog")).to_be_hidden()
    totals = sorted((sheet.total for sheet in reference.sheets), reverse=True)
    expect(page.locator("#standings .total")).to_have_text([str(total) for total in totals])
    assert problems == {}


# Each face's sides, and the dialog's, left and right.
FACES_OUT = """() => {
    const frame = document.getElementById('correct-dialog').getBoundingClientRect();
    return [...document.querySelectorAll('#correct-faces button')]
        .map(face => face.getBoundingClientRect())
        .filter(face => face.left < frame.left || face.right > frame.right)
        .map(face => [face.left, face.right]);
}"""


# How many of the correction's faces stand on each of its rows, from the top.
FACES_PER_ROW = """() => {
    const rows = new Map();
    for (const face of document.querySelectorAll('#correct-faces button')) {
        const top = Math.round(face.getBoundingClientRect().top);
        rows.set(top, (rows.get(top) ?? 0) + 1);
    }
    return [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, count]) => count);
}"""


def faces_per_row_on_a_small_phone(page: Page) -> list[int]:
    """The correction's faces per row on a 320 px phone (five and one: a walk); the phone is
    then as before."""
    page.set_viewport_size({"width": 320, "height": 568})
    rows: list[int] = page.evaluate(FACES_PER_ROW)
    page.set_viewport_size(PHONE)
    return rows


def faces_out_of_the_dialog_with_large_text(page: Page) -> list[list[float]]:
    """The correction's faces beyond its dialog's sides on a 320 px phone with text at 150 %
    (centred in one row, the first was out of reach: a walk); the phone is then as before."""
    cdp = page.context.new_cdp_session(page)
    page.set_viewport_size({"width": 320, "height": 568})
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 24, "fixed": 21}})
    out: list[list[float]] = page.evaluate(FACES_OUT)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})
    page.set_viewport_size(PHONE)
    return out
