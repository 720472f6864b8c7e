"""Help at the table in the browser, at 360x640 in English, Hebrew and Estonian (issue 14,
points 1 and 3): the rules opened mid-turn and closed back into the same turn, the countdown
waiting and saying so; a box name tapped on a touch screen, and its explanation; the guided
turn; the hand-over between two humans, again after a reload, and turned off; axe clean on
each new screen and dialog; no console error (the fixtures fail a test on any)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from game.i18n.bidi import without_isolates as plain
from game.i18n.translator import Translator
from game.rules.examples import example_points, example_roll
from tests.e2e.browser_helpers import TEXT_UP_TO_IN_SIGHT, BrowserProblems
from tests.e2e.game_helpers import Ui, new_context, reload_when_written

LOCALES = {"en": "en-US", "he": "he-IL", "et": "et-EE"}
NAMES = {"en": ("Dana", "Avi"), "he": ("דנה", "אבי"), "et": ("Mari", "Jaan")}


@pytest.fixture
def open_page(browser: Browser, browser_problems: BrowserProblems) -> Iterator[Callable[..., Page]]:
    contexts = []

    def opened(language: str, **options: object) -> Page:
        context = new_context(browser, locale=LOCALES[language], **options)
        browser_problems.watch(context)
        contexts.append(context)
        return context.new_page()

    yield opened
    for context in contexts:
        context.close()


def no_axe_violation(ui: Ui, where: str) -> None:
    found = ui.run_axe()
    assert found == [], f"{where}: {found}"


def sheet_state(ui: Ui) -> tuple[object, ...]:
    page = ui.page
    selected = page.locator('#sheet button[aria-pressed="true"]').evaluate_all(
        "bs => bs.map(b => b.dataset.box)"
    )
    return ui.dice(), ui.kept(), page.inner_text("#roll"), tuple(selected)


# The heights, on the vertical line through its middle, where a tap reaches the element.
REACHED = """el => {
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const reached = [];
    for (let y = Math.ceil(box.top); y < box.bottom; y++) {
        const hit = document.elementFromPoint(x, y);
        if (hit && el.contains(hit)) reached.push(y);
    }
    return [box.height, reached.length];
}"""


@pytest.mark.heavy
def test_rules_and_box_help_mid_turn(open_page: Callable[..., Page], app_url: str) -> None:
    # One page for the three languages, switched in the page: a game in each.
    page = open_page("en", has_touch=True)
    ui = Ui(page).open(app_url, seed=11)
    ui.set_auto_score(3)  # a countdown in Yatzy too (its rules have none): it waits behind help
    for index, language in enumerate(sorted(LOCALES)):
        if index:
            ui.leave()  # for the next language's game
        ui.switch_language(language)
        rules_and_box_help_in(ui, Translator(language))


def rules_and_box_help_in(ui: Ui, t: Translator) -> None:
    page = ui.page
    ui.choose_ruleset("yatzy")
    ui.start()
    ui.roll()
    ui.keep([0, 2])
    ui.roll()
    ui.box("chance").click()
    before = sheet_state(ui)
    assert before[1] == (0, 2) and before[3] == ("chance",)
    expect(page.locator("#game-rules")).to_have_text(
        plain(t("setup.show_rules", ruleset=t.ruleset_name("yatzy")))
    )
    # Its whole 44 px reach a tap: the sheet's frame below the line was drawn over a fifth.
    height, reached = page.locator("#game-rules").evaluate(REACHED)
    assert height >= 44 and reached >= 44, (height, reached)
    page.locator("#game-rules").tap()
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#rules-title")).to_have_text(t.rules_text("yatzy").title)
    expect(page.locator("#rules-note")).to_be_hidden()  # no countdown runs: nothing to say
    no_axe_violation(ui, "rules over the game")
    page.locator("#rules-close").tap()
    expect(dialog).to_be_hidden()
    assert sheet_state(ui) == before  # the very same turn
    # The last roll: the countdown runs, waits behind the rules and says so, then goes on.
    ui.roll()
    expect(page.locator("#countdown")).to_be_visible()
    ui.pass_time(1)
    page.click("#game-rules")
    note = page.locator("#rules-note")
    expect(note).to_be_visible()
    shown = note.inner_text()
    # About 2 s left; a loaded machine may not have let the page's timers run yet.
    assert shown in {plain(t("dialog.countdown_paused", seconds=s)) for s in (1, 2, 3)}, shown
    no_axe_violation(ui, "rules with the countdown waiting")
    ui.pass_time(20)
    expect(page.locator("#sheet td.s-filled")).to_have_count(0)  # nothing scored meanwhile
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator("#countdown")).to_be_visible()
    # A box's name, tapped on the touch screen: its one line and an example, in the language.
    row = page.locator('#sheet tr[data-row="full_house"] button.row-explain')
    expect(row).to_have_text(t.box_name("yatzy", "full_house"))
    row.tap()
    box_dialog = page.locator("#box-dialog")
    expect(box_dialog).to_be_visible()
    dice = example_roll("yatzy", "full_house")
    assert dice is not None
    points = example_points("yatzy", "full_house", dice)
    expect(page.locator("#box-title")).to_have_text(t.box_name("yatzy", "full_house"))
    expect(page.locator("#box-help-text")).to_have_text(t.box_help("yatzy", "full_house"))
    example = t("box_explain.example", dice=t.format_dice(dice), points=points)
    expect(page.locator("#box-example")).to_have_text(plain(example))
    expect(page.locator("#box-note")).to_be_visible()  # the countdown waits here too
    no_axe_violation(ui, "box explanation")
    # A drag from the dialog out onto its backdrop (selecting its text) leaves it open.
    title = page.locator("#box-title").bounding_box()
    assert title is not None
    page.mouse.move(title["x"] + 4, title["y"] + 4)
    page.mouse.down()
    page.mouse.move(4, 4, steps=3)
    page.mouse.up()
    expect(box_dialog).to_be_visible()
    page.locator("#box-close").tap()
    expect(box_dialog).to_be_hidden()
    # With the keyboard: the name is a button in the tab order.
    chance = page.locator('#sheet tr[data-row="chance"] button.row-explain')
    chance.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#box-title")).to_have_text(t.box_name("yatzy", "chance"))
    page.keyboard.press("Escape")
    expect(box_dialog).to_be_hidden()
    page.click("#settings-button")  # the settings say it too
    expect(page.locator("#settings-note")).to_be_visible()
    page.touchscreen.tap(4, 4)  # beside the dialog, on its backdrop: it closes
    expect(page.locator("#settings-dialog")).to_be_hidden()
    ui.pass_time(4)
    expect(page.locator("#sheet td.s-filled")).to_have_count(1)  # the countdown went on


@pytest.mark.heavy
def test_the_phone_is_passed_between_two_humans(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=12)
    first_language, *_ = languages = sorted(LOCALES)
    for language in languages:  # one page: a game in each language, left between
        t = Translator(language)
        first, second = NAMES[language]
        page.select_option("#language", language)
        ui.set_players([(first, "human", None), (second, "human", None)])
        ui.set_auto_score(0)
        ui.set_pass_phone(True)  # the language before turned it off
        ui.start()
        expect(page.locator("#handover-screen")).to_be_hidden()  # the first turn: no hand-over
        ui.roll()
        ui.score("chance")
        handover = page.locator("#handover-screen")
        expect(handover).to_be_visible()
        expect(page.locator("#game-screen")).to_be_hidden()  # nothing of the next turn shows
        title = page.locator("#handover-title")
        expect(title).to_have_text(plain(t("handover.title", name=second)))
        expect(title).to_be_focused()
        expect(page.locator("#handover-title bdi")).to_have_text(second)  # the name isolated
        start = page.locator("#handover-start")
        expect(start).to_have_text(plain(t("handover.start", name=second)))
        expect(page.locator("#handover-last-move")).to_contain_text(first)
        page.keyboard.press("1")  # keys do not reach the hidden turn
        no_axe_violation(ui, f"hand-over ({language})")
        leave = page.locator(
            "#handover-leave"
        )  # the game can be left from here too, after a question
        expect(leave).to_have_text(t("game.leave"))
        leave.click()
        expect(page.locator("#leave-dialog")).to_be_visible()
        expect(page.locator("#leave-confirm")).to_have_text(t("game.leave"))
        page.click("#leave-cancel")
        expect(handover).to_be_visible()
        if language == first_language:  # a reload during the hand-over shows it again
            page.reload()
            page.wait_for_selector("html[data-state=ready]")
            expect(handover).to_be_visible()
            expect(title).to_have_text(plain(t("handover.title", name=second)))
        ui.answer("#handover-start")
        expect(page.locator("#game-screen")).to_be_visible()
        turn_title = page.locator("#turn-title")
        expect(turn_title).to_have_text(plain(t("turn.player_turn", name=second)))
        assert ui.dice() == (0, 0, 0, 0, 0)  # a roll is still to come: none was spent
        # The setting turns it off.
        page.click("#settings-button")
        expect(page.locator("#pass-phone-on")).to_be_checked()
        expect(page.locator("#pass-phone-legend")).to_have_text(t("settings.pass_phone"))
        no_axe_violation(ui, f"settings with the pass-phone setting ({language})")
        page.locator("#pass-phone-off-label").click()
        expect(page.locator("#pass-phone-off")).to_be_checked()
        page.click("#settings-done")
        ui.roll()
        ui.score("chance")
        expect(page.locator("#game-screen")).to_be_visible()
        expect(handover).to_be_hidden()
        expect(turn_title).to_have_text(plain(t("turn.player_turn", name=first)))
        page.click("#leave")  # the game is kept; the next language starts a new one
        page.click("#leave-confirm")
        expect(page.locator("#setup-screen")).to_be_visible()


def test_a_first_game_offers_a_guided_turn(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=13)
    ui.start()
    guide = page.locator("#guide")
    expect(guide).to_be_visible()
    for language in LOCALES:
        page.select_option("#language", language)
        expect(page.locator("#guide-text")).to_have_text(Translator(language)("guide.offer"))
        no_axe_violation(ui, f"guide offer ({language})")
    page.select_option("#language", "en")
    # What a screen reader says as the guide moves on: its words, not its buttons' too.
    expect(guide.get_by_role("status")).to_have_text(Translator("en")("guide.offer"))
    page.click("#guide-start")
    t = Translator("en")
    expect(page.locator("#guide-text")).to_contain_text(t("guide.roll"))
    no_axe_violation(ui, "guide step")
    # The step rings what it is about (a walk found its words far from Roll and the dice).
    ringed = "el => getComputedStyle(el).outlineStyle"
    assert page.locator("#roll").evaluate(ringed) == "dashed"
    ui.roll()
    expect(page.locator("#guide-text")).to_contain_text(t("guide.keep"))
    assert page.locator("#dice").evaluate(ringed) == "dashed"
    assert page.locator("#roll").evaluate(ringed) != "dashed"
    # The ring ends above Roll (drawn outside the dice's row, it crossed Roll's top: a walk).
    ring_bottom = page.locator("#dice").evaluate(
        """el => { const style = getComputedStyle(el);
            return el.getBoundingClientRect().bottom + parseFloat(style.outlineOffset)
                + parseFloat(style.outlineWidth); }"""
    )
    roll_box = page.locator("#roll").bounding_box()
    assert roll_box is not None and ring_bottom <= roll_box["y"], (ring_bottom, roll_box)
    ui.keep([0])  # the step stays until the player rolls again
    expect(page.locator("#guide-text")).to_contain_text(t("guide.keep"))
    # Nor does it run through "Kept" under the die (a walk saw it cross the word).
    ring_inside = page.locator("#dice").evaluate(
        "el => el.getBoundingClientRect().bottom + parseFloat(getComputedStyle(el).outlineOffset)"
    )
    badge = page.locator("#dice .kept-badge").first.bounding_box()
    assert badge is not None and badge["y"] + badge["height"] <= ring_inside, (badge, ring_inside)
    ui.roll()
    expect(page.locator("#guide-text")).to_contain_text(t("guide.box_or_roll"))
    ui.roll()
    expect(page.locator("#guide-text")).to_contain_text(t("guide.box"))
    expect(page.locator("#countdown-help")).to_have_text(t("turn.countdown_paused_guide"))
    # Its first sentence whole on the tray's folded line: cut at "scored for you a few…", the
    # only word of the automatic score went unread (a walk).
    summary = page.locator("#tray-summary")
    for language in LOCALES:
        page.select_option("#language", language)
        expect(summary).to_have_text(Translator(language)("turn.countdown_paused_guide"))
        assert summary.evaluate(TEXT_UP_TO_IN_SIGHT, "."), language
    page.select_option("#language", "en")
    ui.pass_time(10)
    expect(page.locator("#sheet td.s-filled")).to_have_count(0)  # the guide holds it
    ui.box("chance").click()
    expect(page.locator("#guide-text")).to_contain_text(t("guide.confirm"))
    page.click("#confirm")
    rules = t("setup.show_rules", ruleset=t.ruleset_name("penta"))  # the link above, by name
    done = plain(t("guide.done", rules=rules))  # the page draws the isolates as <bdi>
    expect(page.locator("#guide-text")).to_have_text(done)
    page.click("#guide-skip")  # "Got it"
    expect(guide).to_be_hidden()
    # Done: remembered, the next game offers nothing.
    reload_when_written(page)
    page.wait_for_selector("html[data-state=ready]")
    ui.roll()
    expect(guide).to_be_hidden()


# Whether a tap at the middle of the element reaches it (nothing, such as the tray, over it).
TAPPABLE = """el => { const r = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); }"""


def test_with_large_text_on_a_small_phone_the_guides_offer_comes_into_sight(
    page: Page, app_url: str
) -> None:
    """The page scrolls as a whole there: the offer lay under the tray, its buttons out of
    sight (a walk), until the page is scrolled to it."""
    page.set_viewport_size({"width": 320, "height": 568})
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 24, "fixed": 21}})
    ui = Ui(page).open(app_url, seed=13)
    ui.start()
    expect(page.locator("#guide")).to_be_visible()
    assert page.locator("#guide-start").evaluate(TAPPABLE)
