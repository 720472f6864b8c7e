"""The tray on a phone (390x844) passed around the table: it names whose turn it is, shows the
previous player's move, and Roll keeps its place and size whatever buttons come and go."""

from __future__ import annotations

from game_helpers import Ui
from playwright.sync_api import Page, expect

PHONE = {"width": 390, "height": 844}


def roll_box(page: Page) -> dict[str, float]:
    box = page.locator("#roll").bounding_box()
    assert box is not None
    return box


def same_place(a: dict[str, float], b: dict[str, float]) -> bool:
    """Within a pixel: the page's end may land on a fraction of one."""
    return all(abs(a[key] - b[key]) < 1 for key in ("x", "y", "width", "height"))


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
    expect(page.locator("#human-controls")).to_be_visible(timeout=20_000)  # Robo's turn ends
    expect(status).to_have_text("Mäe, roll the dice to start your turn.")
    expect(page.locator("#roll")).to_be_in_viewport(ratio=1)
    expect(status).to_be_in_viewport(ratio=1)
    last_move = page.locator("#last-move")
    expect(last_move).to_be_visible()
    expect(last_move).to_be_in_viewport(ratio=1)
    expect(last_move).to_have_text(
        # "Robo scored 20 points in Chance": the computer's box, as the sheet shows it.
        page.locator("#live").text_content() or ""
    )
    expect(last_move).to_contain_text("Robo scored ")
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
