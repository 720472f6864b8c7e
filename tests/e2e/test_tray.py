"""The tray on a phone (390x844) passed around the table: it names whose turn it is, shows the
previous player's move, and Roll keeps its place and size whatever buttons come and go."""

from __future__ import annotations

import re

from playwright.sync_api import FloatRect, Page, ViewportSize, expect

from game.app.model import UNDO_WINDOW_SECONDS
from game.i18n.bidi import without_isolates
from tests.e2e.game_helpers import COMPUTER_TURN_SECONDS, IN_SIGHT, Ui, expect_in_sight

PHONE: ViewportSize = {"width": 390, "height": 844}


def roll_box(page: Page) -> FloatRect:
    box = page.locator("#roll").bounding_box()
    assert box is not None
    return box


def same_place(a: FloatRect, b: FloatRect) -> bool:
    """Within a pixel: the page's end may land on a fraction of one."""
    corners = zip(
        (a["x"], a["y"], a["width"], a["height"]),
        (b["x"], b["y"], b["width"], b["height"]),
        strict=True,
    )
    return all(abs(mine - theirs) < 1 for mine, theirs in corners)


def test_after_the_computers_turn_the_tray_names_the_human_with_roll_in_view(
    page: Page, app_url: str
) -> None:
    page.set_viewport_size(PHONE)
    ui = Ui(page).open(app_url, seed=7)
    ui.set_players([("Mäe", "human", None), ("Robo", "computer", "beginner")])
    ui.start()
    status = page.locator("#turn-status")
    expect(status).to_have_text("Mäe, roll the dice to start your turn.")
    expect(page.locator("#last-move")).to_be_hidden()
    ui.roll()
    page.locator("#sheet button[data-box]:not([hidden]):not([disabled])").first.click()
    page.click("#confirm")
    expect(page.locator("#computer-controls")).to_be_visible()
    # The family looks at the sheet while the computer plays: the page is scrolled to its end.
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    ui.pass_time(UNDO_WINDOW_SECONDS + COMPUTER_TURN_SECONDS)
    expect(page.locator("#human-controls")).to_be_visible(timeout=20_000)  # Robo's turn ends
    expect(status).to_have_text("Mäe, roll the dice to start your turn.")
    expect(page.locator("#roll")).to_be_in_viewport(ratio=1)
    expect(status).to_be_in_viewport(ratio=1)
    last_move = page.locator("#last-move")
    expect(last_move).to_be_visible()
    expect(last_move).to_be_in_viewport(ratio=1)
    expect(last_move).to_contain_text("Robo scored ")
    # "Robo scored 20 points in Chance (dice: 6, 2, 3, 4, 5)": the computer's box, as the sheet
    # shows it, with its dice (a walk could not check it once its turn had gone by); heard so
    # too, with whose turn it now is (which the status line says on screen).
    move = without_isolates(last_move.text_content() or "")
    assert re.fullmatch(r"Robo scored \d+ points? in .+ \(dice: [1-6](, [1-6]){4}\)", move), move
    heard = without_isolates(page.locator("#live").text_content() or "")
    assert heard == f"{move}. Mäe's turn", heard
    ui.roll()
    expect(last_move).to_be_hidden()  # shown until the next roll


def test_roll_keeps_its_place_and_size_when_undo_appears(page: Page, app_url: str) -> None:
    page.set_viewport_size(PHONE)
    ui = Ui(page).open(app_url, seed=7)
    ui.start()  # one player: Undo shows after every confirmed turn (the "auto" setting)
    undo = page.locator("#undo")
    expect(undo).to_be_hidden()
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    before = roll_box(page)
    ui.roll()
    page.locator("#sheet button[data-box]:not([hidden]):not([disabled])").first.click()
    page.click("#confirm")
    expect(undo).to_be_visible()
    expect(page.locator("#roll")).to_have_text("Roll (3 left)")
    after = roll_box(page)
    assert same_place(after, before), (before, after)
    # Undo on its own line: above Roll, never beside it.
    undo_box = undo.bounding_box()
    assert undo_box is not None and undo_box["y"] + undo_box["height"] <= after["y"]
    # Scrolled back to the top of the page, the tray still holds Roll in the same place.
    page.evaluate("window.scrollTo(0, 0)")
    assert same_place(roll_box(page), before), (before, roll_box(page))


HINTED_ROW = """() => {
    const rows = [...document.querySelectorAll('#sheet tbody tr')];
    return [rows.findIndex(row => row.querySelector('td.hinted')), rows.length];
}"""


def test_the_hint_marks_its_box_and_brings_it_into_the_sheets_frame(
    page: Page, app_url: str
) -> None:
    ui = Ui(page).open(app_url, seed=5)
    ui.set_auto_score(0)
    ui.start()
    for _ in range(3):
        ui.roll()
    page.click("#hint")
    expect(page.locator("#hint-text")).to_contain_text("Best: score ")
    cell = page.locator("#sheet td.hinted button")
    expect(cell).to_have_count(1)
    expect(cell).to_have_attribute("aria-label", re.compile(r"; the hint's choice$"))
    index, count = page.evaluate(HINTED_ROW)
    page.click("#hide-hint")
    expect(page.locator("#sheet td.hinted")).to_have_count(0)
    # The sheet's frame scrolled to the end away from the box, so that it is out of sight.
    end = "w.scrollHeight" if index < count / 2 else "0"
    page.evaluate(
        f"() => {{ const w = document.getElementById('sheet-wrap'); w.scrollTop = {end}; }}"
    )
    assert page.evaluate(IN_SIGHT, "#sheet td.hinted") == ["no cell #sheet td.hinted"]
    scrolled = page.evaluate("window.scrollY")
    page.click("#hint")
    expect(page.locator("#sheet td.hinted")).to_have_count(1)
    assert page.evaluate(IN_SIGHT, "#sheet td.hinted") == []
    assert page.evaluate("window.scrollY") == scrolled  # the frame scrolled, not the page


def test_a_keep_hint_says_under_each_die_what_to_change(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=5)
    ui.start()
    ui.roll()
    page.click("#hint")
    expect(page.locator("#hint-text")).to_contain_text("Best: keep ")
    dice = page.locator("#dice .die")
    advised = [i for i in range(5) if "suggested" in (dice.nth(i).get_attribute("class") or "")]
    assert 0 < len(advised) < 5, advised
    other = next(i for i in range(5) if i not in advised)
    ui.keep([other])  # a die that the hint does not keep: the hint stays, and says so
    expect(page.locator("#hint-text")).to_contain_text("Best: keep ")
    badges = page.locator("#dice .kept-badge")
    for i in range(5):
        expected = "Keep" if i in advised else "Release" if i == other else ""
        expect(badges.nth(i)).to_have_text(expected)
    expect(dice.nth(other)).to_have_attribute("aria-label", re.compile("the hint says: release"))
    expect(dice.nth(advised[0])).to_have_attribute("aria-label", re.compile("the hint says: keep"))
    ui.keep(advised)  # as advised, die by die: the hint stays until the dice are rolled
    for i in range(5):
        expect(badges.nth(i)).to_have_text("Kept" if i in advised else "")
    expect(page.locator("#hint-text")).to_contain_text("Best: keep ")


def test_a_first_yatzy_scored_stays_in_the_frame_as_the_tray_cheers_it(
    page: Page, app_url: str
) -> None:
    """Selected, the Yatzy box was in the frame; scored, it stayed the box to show, and the
    tray grew over it with the cheer, the move and the next player's name (a walk at the table:
    the 50 was not to be seen)."""
    page.set_viewport_size({"width": 360, "height": 740})
    ui = Ui(page).open(app_url)
    ui.choose_ruleset("yatzy")
    ui.set_players([("Maie", "human", None), ("Toomas", "human", None), ("Karl", "human", None)])
    page.click("#dice-real-label")
    ui.start()
    turns = [((2, 2, 3, 3, 5), "two_pairs"), ((3, 3, 3, 6, 6), "full_house")]
    turns += [((1, 2, 3, 4, 5), "small_straight"), ((4, 4, 4, 4, 4), "yatzy")]
    for faces, box in turns:
        if page.locator("#handover").is_visible():
            ui.take_phone()
        for face in faces:
            page.click(f'#pad-faces [data-face="{face}"]')
        ui.score(box)
    expect(page.locator("#cheer")).to_have_text("Yatzy! Well done, Maie!")
    expect_in_sight(page, '#sheet tr[data-row="yatzy"] td:first-of-type')
