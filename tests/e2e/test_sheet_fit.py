"""The score sheet on a phone held upright: the box names wrap rather than being cut, and a
family of three or four (their own names, or the app's) fits beside them without a swipe; a
fifth player's column scrolls sideways, and the sheet says so. A name cut short in its heading
is told whole at a tap."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from game.i18n.translator import Translator
from tests.e2e.game_helpers import PHONE, TALL_PHONE, Ui, default_name

ROW_LABELS = """() => [...document.querySelectorAll('#sheet tbody th')].map(th => {
    const span = th.querySelector('.row-label');
    const label = span.getBoundingClientRect();
    const cell = th.getBoundingClientRect();
    const lines = Math.round(label.height / parseFloat(getComputedStyle(span).lineHeight));
    return [th.textContent, th.scrollWidth <= th.clientWidth && label.right <= cell.right + 0.5
            && label.left >= cell.left - 0.5, lines];
})"""


@pytest.mark.heavy
def test_long_box_names_wrap_rather_than_being_cut(page: Page, app_url: str) -> None:
    page.set_viewport_size(TALL_PHONE)
    ui = Ui(page).open(app_url, seed=12)
    for language in ("et", "he", "en"):
        ui.switch_language(language)
        ui.set_players([(default_name(language, 1), "human", None)])  # as a first start has
        for players in range(1, 5):
            if players > 1:
                page.click("#add-human")
            ui.start()
            labels = page.evaluate(ROW_LABELS)
            assert [text for text, whole, _ in labels if not whole] == [], language
            assert max(lines for _, _, lines in labels) <= 2, (language, players, labels)
            ui.no_page_scroll_sideways()
            if players == 3:
                # The longest Estonian name takes two lines, every other one. With four
                # players, more take two: the columns fit beside them (test below).
                wrapped = [text for text, _, lines in labels if lines == 2]
                assert wrapped == (["Ülemine osa kokku"] if language == "et" else []), wrapped
            ui.leave()


FAMILY = {
    "en": ["Mom", "Dad", "Computer 1"],
    "he": ["אמא", "אבא", "מחשב 1"],
    "et": ["Ema", "Isa", "Arvuti 1"],
}
LONG_NAMES = {
    "en": "Kristjan-Jaagup Tammsaare",
    "he": "אלכסנדרה בן-דוד כהן-לוי",
    "et": "Kristjan-Jaagup Tammsaare",
}
SHEET_FIT = """() => {
    const wrap = document.querySelector('#sheet-wrap');
    const cut = [...document.querySelectorAll('#sheet .column-name')]
        .filter(name =>
            name.scrollWidth > name.clientWidth || name.scrollHeight > name.clientHeight)
        .map(name => name.textContent);
    // A name on two lines ran under its seat's 4 px colour band at the head's top (a walk).
    const banded = [...document.querySelectorAll('#sheet thead th[data-colour]')]
        .filter(head => head.querySelector('.column-name').getBoundingClientRect().top
            < head.getBoundingClientRect().top + 4)
        .map(head => head.textContent);
    return {sideways: wrap.scrollWidth - wrap.clientWidth, cut, banded};
}"""
# Whether each column's name shows its last letter (a player's number), by name.
NAME_ENDS_SHOWN = """() => Object.fromEntries([...document.querySelectorAll('#sheet .column-name')]
    .map(name => {
        const text = name.lastChild;
        const range = document.createRange();
        range.setStart(text, text.length - 1);
        range.setEnd(text, text.length);
        const letter = range.getBoundingClientRect(), box = name.getBoundingClientRect();
        return [name.textContent, letter.left >= box.left - 0.5 && letter.right <= box.right + 0.5
            && letter.bottom <= box.bottom + 0.5];
    }))"""
# The least gap, in pixels, between the texts of two neighbouring "63 to go" cells.
NEEDED_TEXTS_GAP = """() => {
    const boxes = [...document.querySelectorAll('#sheet td.s-needed')].map(cell => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return range.getBoundingClientRect();
    }).sort((a, b) => a.left - b.left);
    const gaps = boxes.slice(1).map((box, index) => box.left - boxes[index].right);
    return Math.min(...gaps);
}"""


@pytest.mark.heavy
def test_three_or_four_players_fit_on_a_phone_without_a_swipe(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=15)
    for language, family in FAMILY.items():
        ui.switch_language(language)
        t = Translator(language, isolate=False)
        # The names the app gives a family that does not type theirs: "Player 2" is longer.
        given = [t("setup.default_name", number=n) for n in (1, 2)]
        given.append(t("setup.default_computer_name", number=1))
        for ruleset, names in (("penta", family), ("yatzy", given)):
            ui.choose_ruleset(ruleset)
            kinds = [("human", None), ("human", None), ("computer", "beginner")]
            ui.set_players([(n, *kind) for n, kind in zip(names, kinds, strict=True)])
            ui.start()
            ui.roll()  # the open boxes and "63 to go" show
            where = (language, names)
            assert page.evaluate(SHEET_FIT) == {"sideways": 0, "cut": [], "banded": []}, where
            expect(page.locator("#scroll-hint")).to_be_hidden()
            labels = page.evaluate(ROW_LABELS)
            assert [text for text, whole, _ in labels if not whole] == [], where
            assert max(lines for _, _, lines in labels) <= 2, (where, labels)
            ui.no_page_scroll_sideways()
            # On a 320 px phone too (it scrolled by 28 px: a walk), a name cut short if need be.
            page.set_viewport_size({"width": 320, "height": 640})
            fit = page.evaluate(SHEET_FIT)
            assert (fit["sideways"], fit["banded"]) == (0, []), (where, fit)
            labels = page.evaluate(ROW_LABELS)
            assert [text for text, whole, _ in labels if not whole] == [], where
            assert max(lines for _, _, lines in labels) <= 2, (where, labels)
            page.set_viewport_size(PHONE)
            ui.leave()
        # A family of four fits too (they scrolled sideways by 11 to 46 px: a family's walk),
        # with the app's names: a name longer than its column is cut, its number kept on its
        # second line ("Män…", "1").
        four = [*given[:2], t("setup.default_name", number=3), given[2]]
        kinds = [("human", None)] * 3 + [("computer", "beginner")]
        ui.set_players([(n, *kind) for n, kind in zip(four, kinds, strict=True)])
        ui.start()
        ui.roll()
        fit = page.evaluate(SHEET_FIT)
        assert (fit["sideways"], fit["banded"]) == (0, []), (language, fit)
        assert all(page.evaluate(NAME_ENDS_SHOWN).values()), language
        expect(page.locator("#scroll-hint")).to_be_hidden()
        labels = page.evaluate(ROW_LABELS)
        assert [text for text, whole, _ in labels if not whole] == [], language
        assert max(lines for _, _, lines in labels) <= 2, (language, labels)
        assert page.evaluate(NEEDED_TEXTS_GAP) >= 4, language  # never run together
        # A tap on a heading tells its name whole: "Mar…" was Mari-Liis's column as much as
        # Mart's (a family's walk).
        page.locator("#sheet thead .column-explain").first.click()
        expect(page.locator("#box-title")).to_have_text(four[0])
        expect(page.locator("#box-help-text")).to_contain_text(t("setup.kind.human"))
        page.click("#box-close")
        expect(page.locator("#box-dialog")).to_be_hidden()
        ui.leave()
        # A fifth player does not fit: the sheet scrolls sideways, and says so.
        ui.set_players([(f"{family[0]} {n}", "human", None) for n in range(1, 6)])
        ui.start()
        assert page.evaluate(SHEET_FIT)["sideways"] > 0, language
        # Said on a taller phone; at 640 px the rows take its line (the current player's
        # column comes into view by itself: tests/e2e/test_screen_layouts.py).
        expect(page.locator("#scroll-hint")).to_be_hidden()
        page.set_viewport_size({"width": 360, "height": 800})
        expect(page.locator("#scroll-hint")).to_be_visible()
        page.set_viewport_size({"width": 360, "height": 640})
        ui.roll()
        assert page.evaluate(NEEDED_TEXTS_GAP) >= 4, language  # never run together
        ui.leave()


@pytest.mark.heavy
def test_the_turn_heading_keeps_its_height_from_turn_to_turn(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=16)
    for language, names in FAMILY.items():
        ui.switch_language(language)
        # A long name, cut on the title's one line: on two, the head was taller at each of
        # its turns than at the computer's, and the sheet jumped (a walk).
        human = LONG_NAMES[language]
        ui.set_players([(names[2], "computer", "beginner"), (human, "human", None)])
        ui.start()
        expect(page.locator("#computer-controls")).to_be_visible()
        heights = [page.locator(".turn-head").bounding_box()]
        leave = [page.locator("#leave").bounding_box()]
        ui.skip_computers()
        expect(page.locator("#turn-title")).to_contain_text(human)
        heights.append(page.locator(".turn-head").bounding_box())
        leave.append(page.locator("#leave").bounding_box())
        assert heights[0] and heights[1], heights
        assert heights[0]["height"] == heights[1]["height"], (language, heights)
        title = page.locator("#turn-title").evaluate(
            "e => e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)"
        )
        assert round(title) == 1, (language, title)
        assert leave[0] and leave[0]["height"] <= 50, (language, leave)  # one line
        ui.leave()


RULES_IN_THE_HEAD = """() => {
    const head = document.querySelector('.turn-head').getBoundingClientRect();
    const rules = document.querySelector('#game-rules').getBoundingClientRect();
    return [head.height, rules.top - head.top, rules.left - head.left];
}"""


def test_the_round_s_line_keeps_its_room_to_the_last_round(page: Page, app_url: str) -> None:
    """At 320 px "Round 10 of 13" no longer had room beside "Penta rules", which moved to a line
    of its own mid-game, and the sheet with it (a walk): the line keeps the last round's room."""
    page.set_viewport_size({"width": 320, "height": 640})
    ui = Ui(page).open(app_url, seed=16)
    for language in ("en", "et", "he"):
        ui.switch_language(language)
        ui.set_players([("Dana", "human", None)])
        ui.start()
        rounds = page.locator("#round")
        expect(rounds).to_have_text(re.compile(r"\b1\b"))
        before = page.evaluate(RULES_IN_THE_HEAD)
        # The last round's words, in place of the first's.
        rounds.evaluate("e => { e.textContent = e.dataset.widest; }")
        assert "13" in (rounds.text_content() or "")
        assert page.evaluate(RULES_IN_THE_HEAD) == before, language
        ui.leave()


CURRENT_BESIDE_THE_NAMES = """() => {
    const corner = document.querySelector('#sheet thead th.corner').getBoundingClientRect();
    const current = document.querySelector('#sheet thead th.current').getBoundingClientRect();
    return document.dir === 'rtl' ? current.right <= corner.left + 0.5
                                  : current.left >= corner.right - 0.5;
}"""


def test_a_heading_tapped_leaves_the_player_s_own_column_in_sight(page: Page, app_url: str) -> None:
    """At 320 px four columns scroll sideways: a tap on the last heading, half out of sight,
    scrolled the player's own column under the box names for good (a walk)."""
    page.set_viewport_size({"width": 320, "height": 640})
    ui = Ui(page).open(app_url, seed=18)
    for language in ("et", "he"):
        ui.switch_language(language)
        ui.set_players([("Kristjan-Jaagup Tammsaare", "human", None), ("Mart", "human", None)] * 2)
        ui.start()
        assert page.evaluate(CURRENT_BESIDE_THE_NAMES)
        # The whole name, on two lines, and Close beside its first (Close was on a line of its
        # own under a name on one line or two: walks).
        page.locator("#sheet thead .column-explain").first.click()
        title, close = (page.locator(s).bounding_box() for s in ("#box-title", "#box-close"))
        assert title and close and close["y"] < title["y"] + title["height"], (language, title)
        page.click("#box-close")
        page.locator("#sheet thead .column-explain").last.click()
        expect(page.locator("#box-dialog")).to_be_visible()
        page.click("#box-close")
        expect(page.locator("#box-dialog")).to_be_hidden()
        assert page.evaluate(CURRENT_BESIDE_THE_NAMES), language
        ui.leave()


# Whether each heading's first letter shows whole: the top of its ink (the font's baseline less
# the letter's own ascent, from a canvas in the heading's font) inside the name's box, whose
# edge cuts what overflows it.
FIRST_LETTER_WHOLE = """() => Object.fromEntries(
    [...document.querySelectorAll('#sheet .column-name')].map(name => {
        const text = name.firstChild;
        const range = document.createRange();
        range.setStart(text, 0);
        range.setEnd(text, 1);
        const pen = document.createElement('canvas').getContext('2d');
        pen.font = getComputedStyle(name).font;
        const metrics = pen.measureText(text.data[0]);
        const baseline = range.getBoundingClientRect().top + metrics.fontBoundingBoxAscent;
        const inkTop = baseline - metrics.actualBoundingBoxAscent;
        return [name.textContent, inkTop >= name.getBoundingClientRect().top - 0.5];
    }))"""


def test_an_accent_over_a_capital_shows_whole_in_its_heading(page: Page, app_url: str) -> None:
    """ "Õie" read "Oie" in the sheet's headings, the tilde cut by the name's box (a walk): it
    named another player."""
    ui = Ui(page).open(app_url)
    ui.switch_language("et")
    ui.set_players([("Õie", "human", None), ("Ärni", "human", None), ("Ülle Õun", "human", None)])
    ui.start()
    assert page.evaluate(FIRST_LETTER_WHOLE) == {"Õie": True, "Ärni": True, "Ülle Õun": True}
