"""The notice of a first visit that the app now works offline (assets/pwa.js): just below the
header, it covers no control, heading or the New game screen's welcome line at any screen size
and in no language, and a tap where it lies reaches the page."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, ViewportSize, expect

from game.i18n.translator import Translator
from tests.e2e.browser_helpers import boot, wait_for_offline_ready
from tools.serve import SiteServer

# The visible controls, headings' and welcome line's words that the notice's box overlaps, by
# what they say.
COVERED = """() => {
    const notice = document.getElementById('offline-ready').getBoundingClientRect();
    const controls = document.querySelectorAll(
        'button, a, input, select, textarea, summary, label, [data-action], h1, h2, '
        + '#setup-welcome');
    const words = element => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return range.getBoundingClientRect();
    };
    return [...controls].filter(control => control.checkVisibility()).filter(control => {
        const box = /^(H1|H2|P)$/.test(control.tagName) ? words(control)
            : control.getBoundingClientRect();
        return box.width > 0 && notice.left < box.right && box.left < notice.right
            && notice.top < box.bottom && box.top < notice.bottom;
    }).map(control => control.id || control.textContent.trim().slice(0, 30));
}"""

# Scrolls the page until a control lies under the notice's middle: that control's id and the
# point, or null where none can be brought there.
CONTROL_UNDER_THE_NOTICE = """() => {
    const notice = document.getElementById('offline-ready').getBoundingClientRect();
    const [x, y] = [(notice.left + notice.right) / 2, (notice.top + notice.bottom) / 2];
    for (const control of document.querySelectorAll('main input[id], main select[id]')) {
        const box = control.getBoundingClientRect();
        if (!control.checkVisibility() || box.left > x || box.right < x) continue;
        window.scrollBy(0, (box.top + box.bottom) / 2 - y);
        const now = control.getBoundingClientRect();
        if (now.top < y && y < now.bottom) return [control.id, x, y];
    }
    return null;
}"""

SIZES: tuple[ViewportSize, ...] = (
    {"width": 320, "height": 568},
    {"width": 568, "height": 320},
    {"width": 390, "height": 844},
)


def test_the_offline_notice_covers_no_control_and_lets_a_tap_through(
    page: Page, site_server: Callable[..., SiteServer]
) -> None:
    boot(page, site_server().url)
    wait_for_offline_ready(page)
    notice = page.locator("#offline-ready")
    expect(notice).to_be_visible(timeout=30_000)
    expect(page.locator("#setup-welcome")).to_be_visible()  # a first visit: nothing played yet
    covered = {}
    for language in ("he", "et", "en"):
        # It follows the language chosen while it shows (it stayed in the first: a walk).
        page.select_option("#language", language)
        expect(notice).to_have_text(Translator(language)("boot.offline_ready"))
        for size in SIZES:
            page.set_viewport_size(size)
            found = page.evaluate(COVERED)
            if found:
                covered[f"{language} {size['width']}x{size['height']}"] = found
    assert covered == {}
    expect(notice).to_be_visible()  # resizing and choosing a language are no tap
    page.set_viewport_size(SIZES[1])  # sideways: the page scrolls far
    found = page.evaluate(CONTROL_UNDER_THE_NOTICE)
    assert found is not None
    control, x, y = found
    page.mouse.click(x, y)
    expect(page.locator(f"#{control}")).to_be_focused()
    expect(notice).to_be_hidden()
