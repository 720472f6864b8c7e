"""axe-core (node_modules/axe-core, evaluated by the test) on every screen and dialog, in every
language: no serious or critical violation. Plus keyboard-only play of a turn."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from game.i18n.translator import Translator
from tests.app.driver import played_up_to_the_last_round, stored_session
from tests.e2e.game_helpers import ROLL_PACE, Ui

LANGUAGES = ("en", "he", "et")


def check_every_language(ui: Ui, where: str, problems: dict[str, object]) -> None:
    for language in LANGUAGES:
        ui.page.select_option("#language", language)
        expect(ui.page.locator("html")).to_have_attribute("lang", language)
        found = ui.run_axe()
        if found:
            problems[f"{where} ({language})"] = found


def check_dialog(ui: Ui, opener: str, dialog: str, problems: dict[str, object]) -> None:
    for language in LANGUAGES:
        ui.page.select_option("#language", language)
        ui.page.click(opener)
        expect(ui.page.locator(dialog)).to_be_visible()
        found = ui.run_axe()
        if found:
            problems[f"{dialog} ({language})"] = found
        ui.page.keyboard.press("Escape")
        expect(ui.page.locator(dialog)).to_be_hidden()


@pytest.mark.heavy
def test_no_serious_violation_on_any_screen_in_any_language(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=21)
    problems: dict[str, object] = {}
    ui.set_players([("Dana", "human", None), ("Robo", "computer", "beginner")])
    check_every_language(ui, "setup", problems)
    check_dialog(ui, "#rules-penta", "#rules-dialog", problems)
    check_dialog(ui, "#settings-button", "#settings-dialog", problems)
    check_dialog(ui, "#seats > li:nth-child(2) .seat-remove", "#remove-player-dialog", problems)
    page.select_option("#language", "en")
    page.locator("#seats > li").nth(1).locator(".seat-remove").click()
    page.click("#remove-player-confirm")  # Robo's name was typed: asked first
    ui.set_auto_score(0)
    ui.start()
    check_every_language(ui, "game before the first roll", problems)
    ui.roll()
    page.keyboard.press("2")
    ui.box("chance").click()
    check_every_language(ui, "game with dice kept and a box selected", problems)
    page.select_option("#language", "en")
    page.click("#hint")  # what to keep and what to release, under the dice
    expect(page.locator("#hint-text")).to_contain_text("Best")
    check_every_language(ui, "game with a hint on the dice", problems)
    page.select_option("#language", "en")
    ui.roll()
    ui.roll()
    page.click("#hint")  # the box to score, marked on the sheet
    expect(page.locator("#sheet td.hinted")).to_have_count(1)
    check_every_language(ui, "game with a hint on the sheet", problems)
    page.select_option("#language", "en")
    page.click("#tray-toggle")  # the tray's messages opened in full
    expect(page.locator("#tray-toggle")).to_have_attribute("aria-expanded", "true")
    check_every_language(ui, "game with the tray opened", problems)
    page.select_option("#language", "en")
    page.click("#tray-toggle")
    check_dialog(ui, "#leave", "#leave-dialog", problems)
    page.click("#sheet td.hinted button")
    page.click("#confirm")
    # The same game's other turns up to the last, played in CPython: the last one is played here.
    ui.restore(stored_session(played_up_to_the_last_round(21, [("Dana", "human", None)])))
    # Chosen after the reload: the choice's write, made just before it, could be cut short.
    page.select_option("#language", "en")
    expect(page.locator("#round")).to_have_text("Round 13 of 13")
    ui.roll()
    page.locator("#sheet button[data-box]:not([disabled])").first.click()
    page.click("#confirm")
    expect(page.locator("#end-screen")).to_be_visible()
    check_every_language(ui, "end", problems)
    assert problems == {}


# Where the focus ring of `element` does not show: the middle of each of its four sides, unless
# that point is on the element itself (a ring drawn outside it is painted over by what lies
# there, or cut by a cell that clips its content).
RING_HIDDEN = """element => {
    const style = getComputedStyle(element);
    const reach = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth) / 2;
    const box = element.getBoundingClientRect();
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    const sides = {top: [x, box.top - reach], bottom: [x, box.bottom + reach],
                   left: [box.left - reach, y], right: [box.right + reach, y]};
    return Object.entries(sides).filter(([, [px, py]]) => {
        const hit = document.elementFromPoint(px, py);
        return !hit || !element.contains(hit);
    }).map(([side]) => side);
}"""


# The control with the keyboard's focus, and whether the sticky header bar hides its top.
UNDER_THE_BAR = """() => {
    const focused = document.activeElement;
    const bar = document.querySelector('header.bar');
    const hidden = focused !== document.body && !bar.contains(focused)
        && focused.getBoundingClientRect().top < bar.getBoundingClientRect().bottom - 1;
    return [focused.id || focused.className, hidden];
}"""


def test_a_turn_can_be_played_with_the_keyboard_alone(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=22)
    # Back up the New game screen from its foot: no control comes to rest under the header
    # bar (Shift+Tab put the Rules link there: a walk).
    page.focus("#start")
    hidden = []
    for _ in range(20):
        page.keyboard.press("Shift+Tab")
        focused, under = page.evaluate(UNDER_THE_BAR)
        if under:
            hidden.append(focused)
    assert hidden == []
    page.focus("#start")
    page.keyboard.press("Enter")
    expect(page.locator("#game-screen")).to_be_visible()
    expect(page.locator("#turn-title")).to_be_focused()
    # From the turn's heading, past the sheet's boxes to the dice and the turn's buttons.
    page.keyboard.press("Tab")
    expect(page.locator("#skip-to-sheet")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator("#skip-to-dice")).to_have_text("Skip to the dice")
    expect(page.locator("#skip-to-dice")).to_be_in_viewport()
    page.keyboard.press("Enter")
    # It moved the focus, with no history entry (Back in a game asks to leave it).
    assert "#" not in page.url
    expect(page.locator("#leave-dialog")).to_be_hidden()
    page.keyboard.press("Tab")
    expect(page.locator("#roll")).to_be_focused()  # Hint waits for the first roll
    page.keyboard.press("Enter")
    expect(page.locator("#roll")).to_have_text("Roll (2 left)")
    page.keyboard.press("1")
    expect(page.locator("#dice .die").first).to_have_attribute("aria-pressed", "true")
    ui.pass_time(ROLL_PACE)  # past the guard against a double tap on Roll
    page.keyboard.press("r")  # R rolls, wherever the focus is on the page
    expect(page.locator("#roll")).to_have_text("Roll (1 left)")
    page.keyboard.press("h")  # H shows the hint, and hides it again
    expect(page.locator("#hint-text")).to_have_js_property("hidden", False)
    expect(page.locator("#keys-hint")).to_contain_text("H shows the hint")
    page.keyboard.press("h")
    expect(page.locator("#hint-text")).to_have_js_property("hidden", True)
    # From Roll, an arrow key goes into the sheet: the first box that takes points.
    target = page.locator("#sheet button[data-box]:not([disabled])").first
    box = target.get_attribute("data-box")
    page.focus("#roll")
    page.keyboard.press("ArrowDown")
    expect(target).to_be_focused()
    outline = target.evaluate("b => getComputedStyle(b).outlineStyle")
    assert outline not in ("", "none"), "focus must be visible"
    # Whole: the first row's ring was under the sticky names, a box name's cut to two brackets.
    assert target.evaluate(RING_HIDDEN) == []
    page.keyboard.press("Shift+Tab")
    expect(page.locator(f'#sheet tr[data-row="{box}"] button.row-explain')).to_be_focused()
    assert page.locator(":focus").evaluate(RING_HIDDEN) == []
    # From a box's name the arrows go on from its row: Down from Full house's name went back up
    # to Ones (a keyboard walk). Home and End go to the first and the last open box.
    open_boxes = page.locator("#sheet button[data-box]:not([disabled])")
    page.keyboard.press("ArrowDown")
    expect(open_boxes.nth(1)).to_be_focused()
    page.keyboard.press("End")
    expect(open_boxes.last).to_be_focused()
    page.keyboard.press("Home")
    expect(target).to_be_focused()
    # The arrow keys step between the open boxes (Tab stops at each box's name too).
    page.keyboard.press("ArrowDown")
    expect(page.locator("#sheet button[data-box]:not([disabled])").nth(1)).to_be_focused()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")  # the first: it stays
    expect(target).to_be_focused()
    page.keyboard.press("Enter")
    expect(target).to_have_attribute("aria-pressed", "true")
    expect(target).to_be_focused()  # the render updated the button in place
    page.keyboard.press("Enter")  # again on the box selected: it is confirmed
    expect(page.locator(f'#sheet tr[data-row="{box}"] td.s-filled')).to_have_count(1)
    # Confirm is disabled once the box is scored: the focus moves on to the next roll.
    expect(page.locator("#roll")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#roll")).to_have_text("Roll (2 left)")
    for label in ("Roll (1 left)", "No rolls left"):
        ui.pass_time(ROLL_PACE)  # not a double tap
        page.keyboard.press("Enter")
        expect(page.locator("#roll")).to_have_text(label)
    expect(page.locator("#roll")).to_be_disabled()
    # Roll is spent: the focus goes on to the box the countdown will score, not to the page
    # (nor to the first box: Enter pressed again, as it rolled, chose Ones).
    focused = page.locator("#sheet td.counting-down button[data-box]:focus")
    expect(focused).to_have_count(1)
    expect(page.locator("#live")).to_contain_text(" in 3 seconds")  # the countdown is said
    counted = ui.box(focused.get_attribute("data-box") or "")
    # The countdown runs on under the focus the view moved (test_countdown_hold.py): Enter,
    # before it runs out, chooses what waiting would have scored.
    page.keyboard.press("Enter")
    expect(counted).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#sheet td.s-filled")).to_have_count(1)


def test_no_serious_violation_on_history_notices_and_undo(page: Page, app_url: str) -> None:
    from game.persistence.history import HISTORY, records_to_data
    from game.persistence.storage import encode_record
    from tests.e2e.test_persistence_history import finished_games

    ui = Ui(page).open(app_url, seed=2)
    stored = encode_record(HISTORY, {"games": records_to_data(finished_games())})
    page.evaluate(
        """(text) => {
            localStorage.setItem('penta.history', text);
            localStorage.setItem('penta.session', 'not json');
        }""",
        stored,
    )
    page.reload()
    page.wait_for_selector("html[data-state=ready]")
    expect(page.locator("#notices")).to_be_visible()
    problems: dict[str, object] = {}
    check_every_language(ui, "setup with a storage notice", problems)
    page.click("#history-button")
    expect(page.locator("#stats-list > li")).to_have_count(2)
    check_every_language(ui, "history and statistics", problems)
    page.select_option("#language", "en")
    page.click("#history-back")
    ui.set_players([("Dana", "human", None)])
    ui.set_auto_score(0)
    ui.start()
    ui.roll()
    ui.score("chance")
    expect(page.locator("#undo")).to_be_visible()
    check_every_language(ui, "game with undo", problems)
    assert problems == {}


def test_enter_confirms_the_hints_box_where_none_is_chosen(page: Page, app_url: str) -> None:
    """As Confirm turn does (a keyboard walk pressed Enter under the hint and nothing
    happened), from the page; on the hint's box, Enter selects it first, as a tap does, and
    the next Enter confirms it (another keyboard walk's Enter there scored it unasked)."""
    ui = Ui(page).open(app_url, seed=22)
    ui.set_auto_score(0)
    ui.start()
    expect(page.locator("html")).to_have_attribute("data-coach", "ready", timeout=30_000)
    for _ in range(3):
        ui.roll()
    page.keyboard.press("h")
    expect(page.locator("#confirm")).to_be_enabled()
    hinted = page.locator("#sheet td.hinted button")
    box = Translator("en").box_name("penta", hinted.get_attribute("data-box") or "")
    # Shown and heard with the box it scores (a screen reader heard only "Confirm turn"; two
    # walks saw it lit with no box chosen, and did not know which box it would score).
    expect(page.locator("#confirm")).to_have_text(f"Confirm: {box}")
    expect(page.locator("#confirm")).to_have_attribute(
        "aria-label", re.compile(rf"^Confirm: {re.escape(box)}, \d+ points?$")
    )
    hinted.focus()
    page.keyboard.press("Enter")
    expect(hinted).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#sheet td.s-filled")).to_have_count(0)
    page.keyboard.press("Enter")
    expect(page.locator("#sheet td.s-filled")).to_have_count(1)
    # From the page, Enter confirms the hint's box where none is chosen.
    for _ in range(3):
        ui.roll()
    page.keyboard.press("h")
    page.locator("#turn-title").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#sheet td.s-filled")).to_have_count(2)


def test_after_confirm_the_focus_waits_on_the_computer_s_title(page: Page, app_url: str) -> None:
    """The computer's turn follows, its title focused: a keyboard walk's next Enter, on Skip,
    skipped watching it, and another's, on Faster, turned the saved speed up unsaid."""
    ui = Ui(page).open(app_url, seed=5)
    ui.set_players([("Ann", "human", None), ("", "computer", "casual")])
    ui.set_auto_score(0)
    ui.start()
    ui.roll()
    chance = page.locator('#sheet button[data-box="chance"]')
    chance.focus()
    page.keyboard.press("Enter")
    expect(chance).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Enter")
    expect(page.locator("#turn-title")).to_be_focused()
    page.keyboard.press("Enter")  # an Enter more: nothing pressed
    expect(page.locator("#speed")).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("Tab")  # on from the title: its skip links, then the sheet, then Faster
    expect(page.locator("#skip-to-sheet")).to_be_focused()


def test_a_language_list_browsed_with_the_keys_applies_once_left(page: Page, app_url: str) -> None:
    # Chromium changes a closed list at each arrow key: a keyboard walk going from English to
    # Eesti saw the whole page turn to Hebrew, right to left, on the way.
    Ui(page).open(app_url)
    language = page.locator("#language")
    options = language.locator("option").evaluate_all("options => options.map(o => o.value)")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    following = options[(options.index("en") + 1) % len(options)]
    language.focus()
    page.keyboard.press("ArrowDown")
    expect(language).to_have_value(following)
    expect(page.locator("html")).to_have_attribute("lang", "en")  # browsed, not chosen yet
    page.keyboard.press("Tab")
    expect(page.locator("html")).to_have_attribute("lang", following)
    language.focus()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")  # or chosen with Enter
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.keyboard.press("Tab")  # on at once (the list opened by the Enter kept the first Tab)
    expect(page.locator("#settings-button")).to_be_focused()
    page.select_option("#language", "et")  # from the open list (a tap, a click): at once
    expect(page.locator("html")).to_have_attribute("lang", "et")
