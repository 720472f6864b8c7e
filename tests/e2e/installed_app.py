"""The app installed once per test process, in a Chromium profile on disk, and a clean page of
it for each test: the `page` of the browser tests (see conftest.py).

Most players open the app installed: its service worker answers from its cache, and Python is
restored from the memory snapshot kept on the device (about 1 s of CPU here). A test's fresh
browser context is a first visit every time instead: a worker starts a second interpreter to
make the snapshot (about 2.8 s of CPU). The first visit is what the tests marked `first_visit`
check (test_boot.py, test_offline.py), and those that make a browser context of their own.

Before each test the app's records on the device are deleted, as clearing the site's data
would (IndexedDB and localStorage: every setting, game and history); what the installed
version keeps (its files, the strategy tables, the snapshot) stays, as it would on a phone.
Playwright's clock, which a test installs on the page but which belongs to the context, is made
to run on from now again after a test that used it.

The tests of a process open the app one after another in the same tab (`InstalledTab`), as a
player reopens it: a new tab costs Chromium about 1 s of CPU more per start here (a renderer
process of its own, and its browser window's address bar). What a test can leave on a page and
that a new document does not reset (init scripts, routes, listeners, exposed functions, emulated
media, timeouts, anything done through a DevTools session) makes the tab one the next test does
not get: such a test's tab is closed after it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Page

from tests.e2e.browser_helpers import (
    BOOT_TIMEOUT_MS,
    PHONE_VIEWPORT,
    boot,
    wait_for_offline_complete,
    wait_for_offline_ready,
)

RECORDS = "indexeddb,local_storage"
"""The storage of the app's records (Chromium's names), deleted before each test."""


def install(context: BrowserContext, url: str) -> None:
    """Opens the app at `url` until its version is installed whole (the service worker, the
    tables) and a start has kept the interpreter's snapshot."""
    page = boot(context.new_page(), url)
    wait_for_offline_ready(page)
    wait_for_offline_complete(page)
    page.reload()
    page.wait_for_selector("html[data-snapshot=kept]", state="attached", timeout=BOOT_TIMEOUT_MS)
    page.close()


PAGE_SETTINGS_THAT_OUTLIVE_A_DOCUMENT = (
    "add_init_script",
    "add_locator_handler",
    "emulate_media",
    "expose_binding",
    "expose_function",
    "on",
    "once",
    "route",
    "route_from_har",
    "route_web_socket",
    "set_default_navigation_timeout",
    "set_default_timeout",
    "set_extra_http_headers",
)
"""The Page methods whose effect a later test on the same tab would inherit."""


class InstalledTab:
    """The tab of `context` that each test of this process gets in turn, blank and without the
    app's records at `url`, unless the test before changed it for good (see above)."""

    def __init__(self, context: BrowserContext, url: str) -> None:
        self._context = context
        self._origin = "{0.scheme}://{0.netloc}".format(urlsplit(url))
        self._page: Page | None = None
        self._changed = False
        # A DevTools session can change the tab for good too (font sizes, emulation...).
        self._open_cdp_session = context.new_cdp_session
        noting = self._noting_the_change(context.new_cdp_session)
        context.new_cdp_session = noting  # type: ignore[method-assign]

    def clean_page(self) -> Page:
        """The tab, blank, at the phone's size, once the app's records are deleted; every other
        page of the context closed (the app claims the game among its open tabs)."""
        page = self._page
        if page is None or page.is_closed() or self._changed:
            page = self._page = self._context.new_page()
            self._changed = False
            self._watch_lasting_changes(page)
        for other in self._context.pages:
            if other != page:
                other.close()
        page.goto("about:blank")
        page.set_viewport_size(PHONE_VIEWPORT)
        cdp = self._open_cdp_session(page)
        cdp.send("Storage.clearDataForOrigin", {"origin": self._origin, "storageTypes": RECORDS})
        cdp.detach()
        return page

    def leave(self) -> None:
        """After a test: the pages it opened besides the tab are closed, and the tab itself if the
        test changed it for good."""
        for open_page in self._context.pages:
            if open_page != self._page or self._changed:
                open_page.close()

    def _watch_lasting_changes(self, page: Page) -> None:
        for name in PAGE_SETTINGS_THAT_OUTLIVE_A_DOCUMENT:
            setattr(page, name, self._noting_the_change(getattr(page, name)))

    def _noting_the_change(self, method: Callable[..., Any]) -> Callable[..., Any]:
        def changing(*args: Any, **kwargs: Any) -> Any:
            self._changed = True
            return method(*args, **kwargs)

        return changing


def restart_clock(context: BrowserContext) -> None:
    """Playwright's clock belongs to the context, and replays in each new page what a test did
    with it (paused it, or set another day): after a test that used it, it runs on from now."""
    pages = context.pages
    if not pages or any(page.evaluate("Date.isFake === true") for page in pages):
        context.clock.install()
        context.clock.resume()
