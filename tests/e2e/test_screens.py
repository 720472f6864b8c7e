"""The screens on a phone: right to left in Hebrew, many players, what is remembered, text that
is shown literally, the rules, touch targets, and computer players at a watchable pace."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from game.app.intents import StartGame
from game.i18n.bidi import without_isolates
from game.i18n.translator import Translator
from tests.app.driver import AppDriver, stored_session
from tests.e2e.browser_helpers import BrowserProblems, dismissed_dialogs
from tests.e2e.game_helpers import COMPUTER_TURN_SECONDS, Ui, new_context, reload_when_written
from tools.boot_texts import TextRef, page_texts, read_sources


@pytest.fixture
def hebrew_page(browser: Browser, browser_problems: BrowserProblems) -> Iterator[Page]:
    context = new_context(browser, locale="he-IL")
    browser_problems.watch(context)
    yield context.new_page()
    context.close()


def test_hebrew_is_right_to_left_with_the_sheet_mirrored(hebrew_page: Page, app_url: str) -> None:
    page = hebrew_page
    t = Translator("he")
    ui = Ui(page).open(app_url, seed=3)
    html = page.locator("html")
    expect(html).to_have_attribute("dir", "rtl")
    expect(html).to_have_attribute("lang", "he")
    expect(page.locator("#setup-title")).to_have_text(t("setup.title"))
    expect(page.locator("#start")).to_have_text(t("setup.start"))
    ui.set_players([("דנה", "human", None), ("Avi", "human", None)])
    ui.start()
    expect(page.locator("#sheet tbody th").first).to_have_text("אחדים")
    ui.roll()
    # Mirrored: the box names are the rightmost column, the first player to their left.
    names = page.locator("#sheet tbody tr").first.locator("th").bounding_box()
    first = page.locator("#sheet tbody tr").first.locator("td").nth(0).bounding_box()
    second = page.locator("#sheet tbody tr").first.locator("td").nth(1).bounding_box()
    assert names and first and second
    assert names["x"] > first["x"] > second["x"]
    wrap = page.locator("#sheet-wrap").bounding_box()
    assert wrap and abs((names["x"] + names["width"]) - (wrap["x"] + wrap["width"])) < 3
    # On the page an isolate is a <bdi>, and a label holds no marks: the words, plainly.
    expect(page.locator("#roll")).to_have_text(without_isolates(t("turn.roll_with_left", count=2)))
    die = page.locator("#dice .die").first
    label = without_isolates(t("die.not_kept", index=1, face=ui.dice()[0]))
    expect(die).to_have_attribute("aria-label", label)
    ui.no_page_scroll_sideways()
    # Every visible word is Hebrew but the player named Avi and the other languages' names.
    text = page.evaluate("document.body.innerText")
    assert set(re.findall(r"[A-Za-z]{2,}", text)) <= {"Avi", "English", "Eesti"}
    # Switching the language turns the whole page around, and it is remembered.
    page.select_option("#language", "et")
    expect(html).to_have_attribute("dir", "ltr")
    expect(page.locator("#sheet tbody th").first).to_have_text("Ühed")
    reload_when_written(page)
    page.wait_for_selector("html[data-state=ready]")
    expect(html).to_have_attribute("lang", "et")


def test_twelve_players_fit_and_the_sheet_scrolls_sideways(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=12)
    ui.set_players([(f"Player number {n}", "human", None) for n in range(1, 13)])
    ui.no_page_scroll_sideways()
    ui.start()
    expect(page.locator("#sheet thead th")).to_have_count(13)
    ui.no_page_scroll_sideways()
    wrap = page.locator("#sheet-wrap")
    sizes = wrap.evaluate("w => [w.scrollWidth, w.clientWidth]")
    assert sizes[0] > sizes[1] * 2, sizes
    label = page.locator("#sheet tbody th").first
    before = label.bounding_box()
    wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; }")
    after = label.bounding_box()
    last = page.locator("#sheet thead th").last
    expect(last).to_be_in_viewport()
    assert before and after and abs(before["x"] - after["x"]) < 1  # the box names stay pinned
    ui.no_page_scroll_sideways()
    ui.roll()
    ui.box("chance").click()
    page.click("#confirm")
    ui.take_phone()
    expect(page.locator("#turn-title")).to_have_text("Player number 2's turn")
    expect(page.locator("#sheet thead th.current")).to_have_text("Player number 2")
    # Each seat's colour (game.present.seat_colours): eight apart, then again from the first;
    # the line under the turn's heading has the colour of the column that plays.
    bars = page.locator("#sheet thead th[data-colour]").evaluate_all(
        "heads => heads.map(th => getComputedStyle(th).boxShadow)"
    )
    assert len(bars) == 12 and len(set(bars[:8])) == 8 and bars[8:] == bars[:4], bars
    line = page.locator("#turn-title").evaluate("h => getComputedStyle(h).textDecorationColor")
    assert line in bars[1], (line, bars[1])


def test_setup_is_remembered_and_names_show_literally(page: Page, app_url: str) -> None:
    hostile = "<img src=x onerror=alert(1)>"
    dialogs = dismissed_dialogs(page)
    ui = Ui(page).open(app_url)
    ui.set_players([(hostile, "human", None), ("Bot", "computer", "beginner")])
    ui.choose_ruleset("yatzy")
    # Reorder: the computer moves up.
    page.locator("#seats > li").nth(1).locator(".seat-up").click()
    expect(page.locator("#seat-0-name")).to_have_value("Bot")
    expect(page.locator("#seat-0-kind")).to_have_value("computer")
    expect(page.locator("#seat-0-level")).to_have_value("beginner")
    reload_when_written(page)
    page.wait_for_selector("html[data-state=ready]")
    expect(page.locator("#setup-note")).to_have_text(
        "Your last setup is ready: change anything you like."
    )
    expect(page.locator("#seat-1-name")).to_have_value(hostile)
    expect(page.locator("#ruleset-yatzy")).to_be_checked()
    page.locator("#seats > li").nth(0).locator(".seat-remove").click()
    # A player whose name was typed is asked about first.
    expect(page.locator("#remove-player-text")).to_have_text(
        "Remove Bot from the players? The name typed goes too."
    )
    page.click("#remove-player-confirm")
    expect(page.locator("#seats > li")).to_have_count(1)
    ui.start()
    expect(page.locator("#turn-title")).to_have_text(f"{hostile}'s turn")
    expect(page.locator("#sheet thead th").nth(1)).to_have_text(hostile)
    assert page.locator("#game-screen img").count() == 0
    assert dialogs == []


def test_rules_are_readable_in_the_app_in_each_language(page: Page, app_url: str) -> None:
    Ui(page).open(app_url)
    for language in ("en", "he", "et"):
        page.select_option("#language", language)
        t = Translator(language)
        rules = t.rules_text("yatzy")
        page.click("#rules-yatzy")
        dialog = page.locator("#rules-dialog")
        expect(dialog).to_be_visible()
        expect(page.locator("#rules-title")).to_have_text(rules.title)
        # The rule sheet's sections, and last the keys that play the game.
        expect(page.locator("#rules-body h3")).to_have_count(len(rules.sections) + 1)
        expect(page.locator("#rules-body h3").first).to_have_text(rules.sections[0].heading)
        expect(page.locator("#rules-body h3").last).to_have_text(t("rules.keys_heading"))
        expect(page.locator("#rules-body .keyboard-only h3")).to_have_text(t("rules.keys_heading"))
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
    page.click("#rules-penta")
    page.click("#rules-close")
    expect(page.locator("#rules-dialog")).to_be_hidden()
    expect(page.locator("#ruleset-penta-description")).to_have_text(
        Translator("et").ruleset_description("penta")
    )


def test_back_closes_what_is_open_before_it_leaves_the_app(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url)
    setup, history = page.locator("#setup-screen"), page.locator("#history-screen")
    page.click("#rules-penta")
    page.click("#rules-close")  # closed by its own button: Back has nothing left to close
    ui.start()
    page.click("#game-rules")
    expect(page.locator("#rules-dialog")).to_be_visible()
    page.go_back()
    expect(page.locator("#rules-dialog")).to_be_hidden()
    expect(page.locator("#game-screen")).to_be_visible()  # the game goes on
    # Back in the game asks to leave it; Back again stays; Leave goes to the New game screen.
    leave = page.locator("#leave-dialog")
    page.go_back()
    expect(leave).to_be_visible()
    page.go_back()
    expect(leave).to_be_hidden()
    expect(page.locator("#game-screen")).to_be_visible()
    assert page.url.startswith(app_url)
    page.go_back()
    page.click("#leave-confirm")
    expect(setup).to_be_visible()
    page.click("#history-button")
    page.click("#settings-button")
    expect(page.locator("#settings-dialog")).to_be_visible()
    page.go_back()
    expect(page.locator("#settings-dialog")).to_be_hidden()
    expect(history).to_be_visible()
    page.go_back()
    expect(setup).to_be_visible()
    assert page.url.startswith(app_url)
    page.go_back()  # nothing open: Back leaves the app
    assert not page.url.startswith(app_url), page.url


def test_touch_targets_are_at_least_44_pixels(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=4)
    ui.set_players([("A", "human", None), ("B", "computer", None)])

    def small_targets() -> list[str]:
        small: list[str] = page.evaluate(
            """() => [...document.querySelectorAll('button, select, input, [role=button]')]
                .filter(e => e.offsetParent !== null && !e.closest('dialog:not([open])'))
                .map(e => {
                    const r = (e.type === 'radio' && e.labels && e.labels.length)
                        ? (e.labels[0].closest('.ruleset-card') || e.labels[0])
                            .getBoundingClientRect()
                        : e.getBoundingClientRect();
                    return [e.id || e.className || e.tagName, r.width, r.height];
                })
                .filter(([, w, h]) => w < 44 || h < 44)
                .map(([n, w, h]) => `${n} ${w}x${h}`)"""
        )
        return small

    assert small_targets() == []
    ui.start()
    ui.roll()
    # Measured at rest: the shake of a roll scales the dice for a moment.
    page.wait_for_function(
        "() => document.getAnimations().every((a) => a.playState !== 'running')", polling=100
    )
    assert small_targets() == []


def test_eight_players_hand_over_with_the_button_in_sight(page: Page, app_url: str) -> None:
    """With eight at the table, the seven moves since a player's last turn and the standings
    pushed "Start Maria-Liisa's turn" under a 640 px phone's fold (a walk): it stays at its foot."""
    driver = AppDriver.seeded(8)
    names = ["Maria-Liisa Kuusk-Vähejõe", "Jaan-Kristjan", "Õie", "Mart", "Kadri", "Tõnu", "Zoë"]
    names.append("Anu")
    driver.set_players([(name, "human", None) for name in names])
    driver(StartGame())
    driver.play_turns(7)  # the round's last turn is Anu's, played here
    ui = Ui(page).open(app_url)
    ui.switch_language("et")
    ui.restore(stored_session(driver.game))
    expect(page.locator("#handover-start")).to_be_focused()  # restored at Anu's hand-over
    ui.take_phone()
    ui.roll()
    ui.score("chance")
    expect(page.locator("#handover-title")).to_contain_text("Maria-Liisa Kuusk-Vähejõe")
    expect(page.locator("#handover-last-move li")).to_have_count(7)
    expect(page.locator("#handover-title")).to_be_focused()
    assert page.evaluate("window.scrollY") == 0
    start = page.locator("#handover-start").bounding_box()
    assert start is not None and start["y"] + start["height"] <= 640, start
    ui.take_phone()
    expect(page.locator("#turn-title")).to_have_text("Mängib Maria-Liisa Kuusk-Vähejõe")


def test_computer_players_play_at_a_watchable_pace(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=5)
    ui.set_players([("Robo", "computer", "optimal"), ("Dana", "human", None)])
    ui.start()
    expect(page.locator("#turn-status")).to_have_text("Robo is playing…")
    expect(page.locator("#computer-controls")).to_be_visible()
    expect(page.locator("#roll")).to_be_hidden()
    # Its roll shows on the dice before it scores.
    expect(page.locator("#dice .die[data-face]")).to_have_count(5, timeout=10_000)
    page.click("#speed")
    expect(page.locator("#speed")).to_have_attribute("aria-pressed", "true")
    ui.pass_time(COMPUTER_TURN_SECONDS)
    expect(page.locator("#turn-title")).to_have_text("Dana's turn", timeout=15_000)
    expect(page.locator("#sheet tbody td.s-filled")).to_have_count(1)


ENGLISH_NAMES = """() => [...document.querySelectorAll('[aria-label], [title], caption')].map(e =>
    [e.id || e.tagName, e.getAttribute('aria-label'), e.getAttribute('title'),
     e.tagName === 'CAPTION' ? e.textContent : null])"""


def hard_coded_names() -> set[str]:
    """Every accessible name and caption index.html has before Python renders (in English)."""
    page, _ = read_sources()
    en = Translator("en")
    names = {
        TextRef.parse(text.ref).render(en)
        for text in page_texts(page)
        if text.attribute in {"aria-label", "title"} or text.start_tag.startswith("<caption")
    }
    assert {"Score sheet", "Dice", "Settings"} <= names, names
    return names


def test_a_language_switch_or_leaving_the_game_silences_the_last_announcement(
    page: Page, app_url: str
) -> None:
    english = hard_coded_names()
    ui = Ui(page).open(app_url, seed=4)
    ui.start()
    ui.roll()
    live = page.locator("#live")
    expect(live).to_have_text(re.compile(r"^Rolled "))
    for language in ("et", "he"):
        page.select_option("#language", language)
        expect(page.locator("html")).to_have_attribute("lang", language)
        # Hidden screens too (the end's sheet): nothing is left in English for later.
        left = [
            (where, *values)
            for where, *values in page.evaluate(ENGLISH_NAMES)
            if set(values) & english
        ]
        assert left == [], language
        expect(live).to_have_text("")  # the English announcement is not read out later
    ui.roll()
    t = Translator("he")
    expect(live).to_have_text(without_isolates(t("turn.rolled", dice=t.format_dice(ui.dice()))))
    # Nor is the game's last announcement read on the screen that follows it.
    page.click("#leave")
    page.click("#leave-confirm")
    expect(page.locator("#setup-screen")).to_be_visible()
    expect(live).to_have_text("")


def test_a_dialog_opens_at_its_top(page: Page, app_url: str) -> None:
    """The settings opened where they were last left, in the middle of a setting (a walk)."""
    Ui(page).open(app_url)
    dialog = page.locator("#settings-dialog")
    page.click("#settings-button")
    dialog.evaluate("d => { d.scrollTop = 400; }")
    assert dialog.evaluate("d => d.scrollTop") > 0
    page.click("#settings-done")
    page.click("#settings-button")
    expect(dialog).to_be_visible()
    assert dialog.evaluate("d => d.scrollTop") == 0
