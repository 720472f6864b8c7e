"""The notice of a first visit that the app now works offline (assets/pwa.js): over the New game
screen for a few seconds, it never hides the control that has the keyboard's focus, and its OK
never loses the focus."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect

from game.i18n.translator import Translator
from tests.e2e.browser_helpers import (
    PHONE_VIEWPORT,
    BrowserProblems,
    boot,
    wait_for_offline_ready,
)
from tools.serve import SiteServer

# Whether the offline notice shows over the control that has the keyboard's focus.
FOCUS_HIDDEN = """() => {
    const notice = document.getElementById('offline-ready');
    const focused = document.activeElement;
    if (notice.hidden || !focused || notice.contains(focused)) return false;
    const [a, b] = [notice.getBoundingClientRect(), focused.getBoundingClientRect()];
    return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}"""


# Scrolls the page until the first seat's name field lies under the notice; whether it does.
NAME_UNDER_THE_NOTICE = """() => {
    const notice = document.getElementById('offline-ready').getBoundingClientRect();
    const field = document.getElementById('seat-0-name');
    const box = field.getBoundingClientRect();
    window.scrollBy(0, (box.top + box.bottom) / 2 - (notice.top + notice.bottom) / 2);
    const now = field.getBoundingClientRect();
    return now.top < notice.bottom && notice.top < now.bottom;
}"""


def test_the_offline_notice_never_hides_the_keyboards_focus_nor_loses_it(
    context: BrowserContext,
    page: Page,
    site_server: Callable[..., SiteServer],
    browser_problems: BrowserProblems,
) -> None:
    server = site_server()
    boot(page, server.url)
    wait_for_offline_ready(page)
    ready = page.locator("#offline-ready")
    expect(ready).to_be_visible(timeout=30_000)
    # Tab goes from the top of the page to the notice's OK; the notice stays meanwhile, and
    # over nothing that has the focus.
    page.evaluate("() => document.activeElement?.blur()")
    for _ in range(12):
        page.keyboard.press("Tab")
        page.evaluate(
            "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )
        assert not page.evaluate(FOCUS_HIDDEN)
        if page.evaluate("document.activeElement.id") == "offline-ready-ok":
            break
    expect(ready).to_be_visible()
    expect(page.locator("#offline-ready-ok")).to_be_focused()
    page.keyboard.press("Shift+Tab")  # the control before OK, then OK again
    came_from = page.evaluate("document.activeElement.id")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(ready).to_be_hidden()
    # The focus goes back where it was, not to the page's top.
    assert page.evaluate("document.activeElement.id") == came_from != ""
    # Another first visit: a control that takes the focus under the notice sends it away.
    assert context.browser is not None
    other = context.browser.new_context(viewport=PHONE_VIEWPORT)
    browser_problems.watch(other)
    try:
        second = boot(other.new_page(), server.url)
        notice = second.locator("#offline-ready")
        expect(notice).to_be_visible(timeout=30_000)
        assert second.evaluate(NAME_UNDER_THE_NOTICE)
        # It follows the language chosen while it shows (it stayed in the first: a walk).
        second.select_option("#language", "he")
        expect(notice).to_contain_text(Translator("he")("boot.offline_ready"))
        second.focus("#seat-0-name")
        expect(notice).to_be_hidden()
        expect(second.locator("#seat-0-name")).to_be_focused()
    finally:
        other.close()
