"""The New game screen on a phone (360x640): the focus follows a player moved or removed, the
players start above the fold, and every control looks disabled until Python is ready."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from game.i18n.translator import Translator
from tests.e2e.browser_helpers import HeldRequests, wait_until_ready
from tests.e2e.game_helpers import Ui

FOCUSED = """(() => {
    const e = document.activeElement;
    return [e.id, e.dataset.action || '', e.dataset.index || '',
            e.getAttribute('aria-label') || ''].join('|');
})()"""


def test_the_focus_follows_the_moved_player_and_survives_a_removal(
    page: Page, app_url: str
) -> None:
    ui = Ui(page).open(app_url)
    ui.set_players([("Ann", "human", None), ("Ben", "human", None), ("Cy", "human", None)])
    page.locator('#seats [data-action="up"][data-index="2"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator("#seat-1-name")).to_have_value("Cy")
    assert page.evaluate(FOCUSED) == "|up|1|Move Cy up"
    page.keyboard.press("Enter")  # to the top: its Up button is disabled, Down takes the focus
    expect(page.locator("#seat-0-name")).to_have_value("Cy")
    assert page.evaluate(FOCUSED) == "|down|0|Move Cy down"
    page.keyboard.press("Enter")
    expect(page.locator("#seat-1-name")).to_have_value("Cy")
    assert page.evaluate(FOCUSED) == "|down|1|Move Cy down"
    page.locator('#seats [data-action="remove"][data-index="0"]').focus()
    page.keyboard.press("Enter")  # Ann's name was typed: asked first, Cancel focused
    expect(page.locator("#remove-player-cancel")).to_be_focused()
    page.keyboard.press("Escape")  # kept, and the focus back where it was
    expect(page.locator("#remove-player-dialog")).to_be_hidden()
    assert page.evaluate(FOCUSED) == "|remove|0|Remove Ann"
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    expect(page.locator("#remove-player-confirm")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#seats > li")).to_have_count(2)
    assert page.evaluate(FOCUSED) == "|remove|0|Remove Cy"
    page.locator('#seats [data-action="remove"][data-index="1"]').focus()
    page.keyboard.press("Enter")
    page.click("#remove-player-confirm")
    expect(page.locator("#seats > li")).to_have_count(1)
    assert page.evaluate(FOCUSED).startswith("add-human|")
    # Alone, the player can be neither moved nor removed: no greyed buttons (a walk).
    expect(page.locator("#seats .seat-actions")).to_be_hidden()


SETUP_CONTROLS = (
    "#ruleset-penta",
    "#ruleset-yatzy",
    "#rules-penta",
    "#rules-yatzy",
    "#add-human",
    "#add-computer",
    "#history-button",
    "#start",
)


def test_the_players_start_above_the_fold_of_the_new_game_screen(page: Page, app_url: str) -> None:
    """On a phone a family sees where to add its players without scrolling: the Players heading
    and the first player's card show above the Start bar, in every language, below the line
    that says what the game is (to a device never played on)."""
    ui = Ui(page).open(app_url)
    for language in ("en", "he", "et"):
        page.select_option("#language", language)
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect(page.locator("#setup-welcome")).to_have_text(Translator(language)("setup.welcome"))
        start = page.locator(".start-bar").bounding_box()
        heading = page.locator("#players-heading").bounding_box()
        card = page.locator("#seats > li").first.bounding_box()
        assert start and heading and card
        assert heading["y"] + heading["height"] <= start["y"], (language, heading, start)
        assert card["y"] < start["y"], (language, card, start)
    ui.no_page_scroll_sideways()
    # A player added, by touch or by computer: the new card and the Add buttons under it show
    # above the Start bar, ready for the next (they were half under it: a walk).
    ui.keep_one_seat()
    for add in ("#add-human", "#add-computer", "#add-human"):
        page.click(add)
        start = page.locator(".start-bar").bounding_box()
        buttons = page.locator(".add-buttons").bounding_box()
        card = page.locator("#seats > li").last.bounding_box()
        assert start and buttons and card
        assert buttons["y"] + buttons["height"] <= start["y"], (add, buttons, start)
        assert card["y"] >= 0, (add, card)
    # On a 320 px phone each Add button's label stays inside its padding ("arvutimängija" ran
    # into the border: a walk).
    page.set_viewport_size({"width": 320, "height": 640})
    for language in ("en", "he", "et"):
        page.select_option("#language", language)
        expect(page.locator("html")).to_have_attribute("lang", language)
        assert page.evaluate(LABELS_PAST_THEIR_PADDING, ".add-buttons button") == [], language


LABELS_PAST_THEIR_PADDING = """selector => [...document.querySelectorAll(selector)].filter(b => {
    const style = getComputedStyle(b), range = document.createRange();
    range.selectNodeContents(b);
    const room = b.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return Math.max(...[...range.getClientRects()].map(r => r.width)) > room + 0.5;
}).map(b => b.textContent)"""


@pytest.mark.first_visit  # the runtime is held by the page's route: no service worker answers
def test_setup_controls_are_visibly_disabled_until_python_is_ready(
    page: Page, app_url: str
) -> None:
    runtime = HeldRequests(page, "**/pyodide.asm.wasm")  # until the checks are done
    page.goto(app_url)
    page.wait_for_load_state("load")
    expect(page.locator("html")).to_have_attribute("data-state", "loading")
    for selector in SETUP_CONTROLS:
        expect(page.locator(selector)).to_be_disabled()
    # The header's language list too: it looked as usable as ever (a walk).
    for selector in ("#add-human", "#ruleset-yatzy-card", "#dice-real-label", "#language"):
        opacity = page.locator(selector).evaluate("e => Number(getComputedStyle(e).opacity)")
        assert opacity < 0.7, (selector, opacity)
    page.locator("label[for=ruleset-yatzy]").click(force=True)
    expect(page.locator("#ruleset-penta")).to_be_checked()
    runtime.release()
    wait_until_ready(page)
    for selector in SETUP_CONTROLS:
        expect(page.locator(selector)).to_be_enabled()
    for selector in ("#ruleset-yatzy-card", "#dice-real-label", "#language"):
        opacity = page.locator(selector).evaluate("e => getComputedStyle(e).opacity")
        assert opacity == "1", (selector, opacity)


def test_each_seat_s_fields_are_grouped_under_its_player_s_name(page: Page, app_url: str) -> None:
    """Every seat's fields have the same labels ("Name", "Player type"): a screen reader hears
    whose they are from the group they are in (a keyboard walk could not tell)."""
    ui = Ui(page).open(app_url)
    ui.set_players([("Noa", "human", None), ("Dana", "human", None)])
    for index, name in enumerate(("Noa", "Dana")):
        group = page.get_by_role("group", name=name, exact=True)
        expect(group.locator(f"#seat-{index}-name")).to_have_value(name)
        expect(group.get_by_label("Name", exact=True)).to_have_count(1)


def test_tab_reaches_start_right_after_the_players(page: Page, app_url: str) -> None:
    """A keyboard walk pressed Enter on today's challenge, one Tab short of Start, and used up
    its day: Start comes first."""
    Ui(page).open(app_url)
    expect(page.locator("#daily-button")).to_be_visible()
    page.focus("#add-computer")
    page.keyboard.press("Tab")
    expect(page.locator("#start")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator("#daily-button")).to_be_focused()


def test_every_field_of_the_settings_fits_a_320_px_phone(page: Page, app_url: str) -> None:
    """A long choice widened its select past the dialog's column ("Kommentaar iga käigu järel",
    the coach's longest in Estonian: a walk at 320 px)."""
    page.set_viewport_size({"width": 320, "height": 640})
    ui = Ui(page).open(app_url)
    page.select_option("#language", "et")
    ui.start()
    page.click("#settings-button")
    coach = page.locator("#game-coach-0")
    longest = max(coach.locator("option").all_inner_texts(), key=len)
    coach.select_option(label=longest)
    assert page.evaluate(PAST_THE_DIALOGS_COLUMN, "#settings-dialog") == []


PAST_THE_DIALOGS_COLUMN = """selector => {
    const dialog = document.querySelector(selector), style = getComputedStyle(dialog);
    const end = dialog.getBoundingClientRect().right - parseFloat(style.paddingRight);
    return [...dialog.querySelectorAll('select')]
        .filter(select => select.getBoundingClientRect().right > end + 0.5)
        .map(select => select.id);
}"""


# Whether two elements' boxes overlap.
OVERLAP = """([a, b]) => {
    const [r, s] = [a, b].map(id => document.getElementById(id).getBoundingClientRect());
    return r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom;
}"""


def test_a_phone_zoomed_to_200_percent_reads_the_new_game_screen(page: Page, app_url: str) -> None:
    """A 360x640 phone zoomed to 200 % lays the page out in 180x320 (a walk): the offline
    notice widened the page, which scrolled sideways; each ruleset's rules link was written
    over its name; and the pinned Start bar covered a third of the screen."""
    ui = Ui(page).open(app_url)
    page.set_viewport_size({"width": 180, "height": 320})
    page.evaluate("() => { document.getElementById('offline-ready').hidden = false; }")
    for language in ("et", "he", "en"):
        ui.switch_language(language)
        widths = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
        assert widths[0] <= widths[1], (language, widths)
        for ruleset in ("penta", "yatzy"):
            assert not page.evaluate(OVERLAP, [f"ruleset-{ruleset}-name", f"rules-{ruleset}"])
        page.evaluate("() => window.scrollTo(0, 0)")
        expect(page.locator("#start")).not_to_be_in_viewport()  # at the form's end


def test_a_phone_zoomed_to_200_percent_reads_the_rules_and_the_settings(
    page: Page, app_url: str
) -> None:
    """At 180x320 the rules' table gave a box's points a letter a line beside its name, and the
    settings ran 32 px past the dialog's edge ("Arvutimängijate kiirus": a keyboard walk)."""
    ui = Ui(page).open(app_url)
    page.set_viewport_size({"width": 180, "height": 320})
    for language in ("et", "he", "en"):
        ui.switch_language(language)
        page.click("#rules-yatzy")
        cells = page.locator("#rules-body .rules-table td")
        expect(cells.first).to_be_visible()
        # Each box's points have the table's whole width, under its name.
        widths = cells.evaluate_all("cells => cells.map(c => c.getBoundingClientRect().width)")
        table = page.locator("#rules-body .rules-table").first.bounding_box()
        assert table and min(widths) >= table["width"] * 0.9, (language, widths, table)
        assert page.locator("#rules-body table").first.get_attribute("role") == "table"
        page.keyboard.press("Escape")
        page.click("#settings-button")
        dialog = page.locator("#settings-dialog")
        expect(dialog).to_be_visible()
        sizes = dialog.evaluate("d => [d.scrollWidth, d.clientWidth]")
        assert sizes[0] <= sizes[1], (language, sizes)
        page.click("#settings-done")
