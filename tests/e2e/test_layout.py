"""Layout on a phone (360x640) with what players may type: long names never widen the page."""

from __future__ import annotations

from game_helpers import Ui
from playwright.sync_api import Page, expect

LONG_NAME = "A" * 50


def test_a_fifty_letter_name_never_makes_the_page_scroll_sideways(page: Page, app_url: str) -> None:
    ui = Ui(page).open(app_url, seed=7)
    seats: list[tuple[str, str, str | None]] = [(LONG_NAME, "human", None)]
    seats += [(f"Bot {n}", "computer", "beginner") for n in range(2, 13)]
    ui.set_players(seats)
    ui.no_page_scroll_sideways()
    ui.start()
    expect(page.locator("#turn-title")).to_have_text(f"{LONG_NAME}'s turn")
    ui.no_page_scroll_sideways()
    expect(page.locator("#roll")).to_be_in_viewport()
    expect(page.locator("#app-title")).to_be_in_viewport()
    title = page.locator("#turn-title").bounding_box()
    assert title and title["x"] >= 0 and title["x"] + title["width"] <= 360, title
    # The column header is cut short on screen; the whole name stays in its text.
    header = page.locator("#sheet thead th").nth(1)
    expect(header).to_have_text(LONG_NAME)
    expect(header).to_have_attribute("title", LONG_NAME)
    box = header.bounding_box()
    assert box and box["width"] < 140, box
    boxes = page.locator("#sheet button[data-box]:not([hidden]):not([disabled])")
    while page.locator("#game-screen").is_visible():
        ui.roll()
        boxes.first.click()
        page.click("#confirm")
        ui.skip_computers()
        if page.locator("#game-screen").is_visible():
            ui.no_page_scroll_sideways()
    expect(page.locator("#end-screen")).to_be_visible()
    expect(page.locator("#standings > li")).to_have_count(12)
    ui.no_page_scroll_sideways()
    expect(page.locator("#end-headline")).to_be_visible()
