"""The hint's move on a phone (360x640), where the folded tray has one short line: it reads in
full in every language (it was cut before the dice: "Best: keep 4 (expect…"), and with real
dice the dice to keep are marked on the dice entered, as they are on the dice on screen."""

from __future__ import annotations

import re
from itertools import pairwise

from playwright.sync_api import Page, expect

from game.i18n.bidi import without_isolates
from game.i18n.translator import Translator
from tests.e2e.game_helpers import Ui

CUT = """el => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1"""
# Where each die's hint ring reaches, left to right (drawn by its ::after, outside the die).
RING_SPANS = """dice => dice.map(die => {
    const box = die.getBoundingClientRect();
    const reach = -parseFloat(getComputedStyle(die, '::after').left);
    return [box.left - reach, box.right + reach];
})"""


def test_the_hints_move_reads_in_full_and_marks_the_entered_dice(page: Page, app_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    ui = Ui(page).open(app_url, seed=5)
    ui.start()
    assert ui.roll() == (6, 6, 6, 6, 5)
    page.click("#hint")
    summary = page.locator("#tray-summary")
    for language in ("en", "he", "et"):
        page.select_option("#language", language)
        t = Translator(language)
        move = t("hint.short_keep", dice=t.dice_to_keep([6, 6, 6, 6]))
        expect(summary).to_have_text(without_isolates(move))
        assert not summary.evaluate(CUT), f"{language}: {summary.inner_text()!r} is cut"
    expect(page.locator("#tray-toggle")).to_have_attribute("aria-expanded", "false")

    page.select_option("#language", "en")
    page.click("#leave")
    page.click("#leave-confirm")
    page.click("#dice-real-label")
    ui.start()
    for face in (6, 2, 6, 3, 1):
        page.click(f'#pad-faces [data-face="{face}"]')
    page.click("#hint")
    page.click("#pad-roll-1")
    hint = page.locator("#hint-text")
    expect(hint).to_contain_text("Best: keep ")
    named = sorted(int(face) for face in re.findall(r"\d", hint.inner_text().split(". ")[0]))
    entered = page.locator("#pad-entered .die:not(.slot)")
    marked = entered.evaluate_all(
        "dice => dice.filter(d => d.classList.contains('advice-keep')).map(d => +d.dataset.face)"
    )
    assert sorted(marked) == named and 0 < len(named) < 5
    # The question answered, the focus is on a die to take out, the next thing to do.
    expect(page.locator("#pad-entered button:not(.advice-keep, [hidden])").first).to_be_focused()
    badges = page.locator("#pad-entered .kept-badge")
    is_marked = entered.evaluate_all("dice => dice.map(d => d.classList.contains('advice-keep'))")
    for language in ("he", "et", "en"):
        page.select_option("#language", language)
        word = Translator(language)("die.hint_keep_badge")
        expect(badges).to_have_text([word if mark else "" for mark in is_marked])
    expect(entered.first).to_have_attribute("aria-label", re.compile("Take back the"))
    page.click("#pad-entered .die.advice-keep >> nth=0")  # a die taken back: the marks go
    expect(page.locator("#pad-entered .die.advice-keep")).to_have_count(0)
    expect(badges.filter(has_text=re.compile("."))).to_have_count(0)


def test_the_marks_under_neighbouring_dice_never_run_together(page: Page, app_url: str) -> None:
    # A walk read "RELEASRELEASE" under two dice side by side at 360 px.
    page.set_viewport_size({"width": 320, "height": 640})
    ui = Ui(page).open(app_url, seed=11)
    ui.start()
    ui.roll()
    ui.keep([0, 1, 2, 3, 4])
    page.click("#hint")
    badges = page.locator("#dice .kept-badge")
    for language in ("en", "he", "et"):
        page.select_option("#language", language)
        t = Translator(language)
        release = t("die.hint_release_badge")
        expect(badges.filter(has_text=release)).to_have_count(3)  # two of them side by side
        boxes = badges.evaluate_all(
            "badges => badges.map(b => b.getBoundingClientRect())"
            ".map(r => [r.left, r.right]).sort((a, b) => a[0] - b[0])"
        )
        gaps = [right_next[0] - left[1] for left, right_next in pairwise(boxes)]
        assert min(gaps) >= 4, f"{language}: marks {gaps} px apart"
    # Nor their dashed rings, at either dice size (two ran into one: a walk).
    for size in ("large", "normal"):
        page.click("#settings-button")
        page.locator(f"label[for=size-setting-{size}]").click()
        page.keyboard.press("Escape")
        rings = page.locator("#dice .die.advice-release").evaluate_all(RING_SPANS)
        gaps = [next_ring[0] - ring[1] for ring, next_ring in pairwise(sorted(rings))]
        assert min(gaps) >= 2, f"{size}: rings {gaps} px apart"
