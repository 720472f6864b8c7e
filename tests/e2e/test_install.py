"""The offer to install the app (assets/pwa.js): an Install button where the browser offers to
install (beforeinstallprompt), a short guide on Safari for iPhone, neither once the app runs
installed; in the player's language, and clean for axe."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from game.i18n.translator import Translator
from tests.e2e.browser_helpers import BrowserProblems
from tests.e2e.game_helpers import Ui, new_context

IPHONE_SAFARI = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
)

# What Chromium sends when the app can be installed: the event, and its prompt() recorded.
OFFER_INSTALL = """() => {
    const event = new Event("beforeinstallprompt", { cancelable: true });
    event.prompt = () => {
        window.promptsShown = (window.promptsShown ?? 0) + 1;
        return Promise.resolve();
    };
    event.userChoice = Promise.resolve({ outcome: "accepted", platform: "web" });
    window.dispatchEvent(event);
    return event.defaultPrevented;
}"""

# The app opened from the home screen.
RUNS_INSTALLED = """(() => {
    const matchMedia = window.matchMedia.bind(window);
    window.matchMedia = (query) => query.includes("display-mode: standalone")
        ? { ...matchMedia(query), matches: true, media: query }
        : matchMedia(query);
})()"""


class Opener:
    """Opens the app in new phone-sized contexts (as a given browser, or with a script run
    before the page's own), closing them at the end of the test."""

    def __init__(self, browser: Browser, problems: BrowserProblems, url: str) -> None:
        self._browser, self._problems, self._url = browser, problems, url
        self.contexts: list[BrowserContext] = []

    def __call__(self, user_agent: str | None = None, init_script: str | None = None) -> Ui:
        extra = {} if user_agent is None else {"user_agent": user_agent}
        context = new_context(self._browser, **extra)
        self._problems.watch(context)
        self.contexts.append(context)
        page = context.new_page()
        if init_script:
            page.add_init_script(init_script)
        return Ui(page).open(self._url)


@pytest.fixture
def open_app(browser: Browser, browser_problems: BrowserProblems, app_url: str) -> Iterator[Opener]:
    opener = Opener(browser, browser_problems, app_url)
    yield opener
    for context in opener.contexts:
        context.close()


def expect_offer_texts(page: Page, language: str, ios: bool) -> None:
    t = Translator(language, isolate=False)
    expect(page.locator("#install-title")).to_have_text(t("boot.install.title"))
    expect(page.locator("#install-text")).to_have_text(t("boot.install.text"))
    expect(page.locator("#install-dismiss")).to_have_text(t("boot.install.dismiss"))
    if ios:
        expect(page.locator("#install-ios")).to_have_text(t("boot.install.ios"))
    else:
        expect(page.locator("#install-button")).to_have_text(t("boot.install.button"))


def test_where_the_browser_offers_to_install_the_new_game_screen_has_an_install_button(
    open_app: Opener,
) -> None:
    ui = open_app()
    page = ui.page
    offer = page.locator("#install")
    expect(offer).to_be_hidden()  # nothing offered yet

    assert page.evaluate(OFFER_INSTALL), "the browser's own install bar must give way"
    expect(offer).to_be_visible()
    expect(page.locator("#install-button")).to_be_visible()
    expect(page.locator("#install-ios")).to_be_hidden()
    for language in ("he", "et", "en"):
        page.select_option("#language", language)
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect_offer_texts(page, language, ios=False)
        assert ui.run_axe() == [], language

    page.click("#install-button")
    expect(offer).to_be_hidden()
    assert page.evaluate("window.promptsShown") == 1  # the browser's own dialog was asked for


def test_not_now_hides_the_offer_for_a_month(open_app: Opener) -> None:
    """Not only until the next start (the offer came back at every one: a walk): the answer is
    kept, and read when the browser offers again; one that is not ours offers again."""
    page = open_app().page
    offer = page.locator("#install")
    page.evaluate(OFFER_INSTALL)
    expect(offer).to_be_visible()
    page.click("#install-dismiss")
    expect(offer).to_be_hidden()
    assert page.evaluate("window.promptsShown ?? 0") == 0

    def offered(days_later: float) -> bool:
        page.clock.set_system_time(datetime.now() + timedelta(days=days_later))
        page.evaluate(OFFER_INSTALL)
        page.wait_for_timeout(50)  # the event has been handled
        shown = offer.is_visible()
        if shown:
            page.click("#install-dismiss")
        return shown

    assert not offered(29)
    assert offered(31)
    # Not ours: another format, or a date beyond the month (a clock put back).
    for stored in ("garbage", '{"version": 1, "until": 1e15}'):
        page.evaluate("v => localStorage.setItem('penta-install-not-now', v)", stored)
        assert offered(0), stored


def test_nothing_is_offered_when_the_app_runs_installed(open_app: Opener) -> None:
    page = open_app(init_script=RUNS_INSTALLED).page
    page.evaluate(OFFER_INSTALL)
    page.wait_for_timeout(100)  # the event has been handled: still nothing
    expect(page.locator("#install")).to_be_hidden()


def test_safari_on_an_iphone_shows_how_to_add_the_app_to_the_home_screen(
    open_app: Opener,
) -> None:
    ui = open_app(user_agent=IPHONE_SAFARI)
    page = ui.page
    expect(page.locator("#install")).to_be_visible()
    expect(page.locator("#install-ios")).to_be_visible()
    expect(page.locator("#install-button")).to_be_hidden()
    page.select_option("#language", "he")
    expect_offer_texts(page, "he", ios=True)
    assert ui.run_axe() == []
    page.click("#install-dismiss")
    expect(page.locator("#install")).to_be_hidden()

    installed = open_app(
        user_agent=IPHONE_SAFARI,
        init_script="Object.defineProperty(navigator, 'standalone', {value: true})",
    )
    expect(installed.page.locator("#install")).to_be_hidden()
