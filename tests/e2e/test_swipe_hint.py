""" "Swipe sideways to see every player" shows only when the sheet is wider than its frame."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.game_helpers import Ui

# The last column's first score cell in the middle of the cheer that greets a first Penta
# (assets/styles/game.css): held there, drawn 8 % larger than its place in the table.
HOLD_THE_CHEER = """() => {
    const cell = document.querySelector('#sheet tbody tr td:last-child');
    cell.classList.add('celebrate');
    cell.style.animationDelay = '-0.3s';
    cell.style.animationPlayState = 'paused';
    window.dispatchEvent(new Event('resize'));  // the app measures the frame again
}"""


def test_a_cell_drawn_larger_for_a_moment_does_not_ask_for_a_swipe(
    page: Page, app_url: str
) -> None:
    page.set_viewport_size({"width": 360, "height": 800})  # tall enough for the line
    ui = Ui(page).open(app_url, seed=3)
    ui.set_players([("Dana", "human", None), ("Avi", "human", None), ("Mari", "human", None)])
    ui.start()
    ui.roll()
    expect(page.locator("#scroll-hint")).to_be_hidden()  # three players fit a phone
    page.evaluate(HOLD_THE_CHEER)
    page.wait_for_timeout(100)  # a resize is handled at the next task
    expect(page.locator("#scroll-hint")).to_be_hidden()
    # A fifth player does not fit (four do: tests/e2e/test_sheet_fit.py): then it is said.
    ui.leave()
    page.click("#add-human")
    page.click("#add-human")
    ui.start()
    expect(page.locator("#scroll-hint")).to_be_visible()
