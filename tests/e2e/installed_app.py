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
"""

from __future__ import annotations

from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Page

from tests.e2e.browser_helpers import (
    BOOT_TIMEOUT_MS,
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


def clean_page(context: BrowserContext, url: str) -> Page:
    """A new page (blank) of `context` once the app's records at `url` are deleted; every other
    page of `context` closed (the app claims the game among its open tabs)."""
    for page in context.pages:
        page.close()
    page = context.new_page()
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(url))
    cdp = context.new_cdp_session(page)
    cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": RECORDS})
    cdp.detach()
    return page


def restart_clock(context: BrowserContext) -> None:
    """Playwright's clock belongs to the context, and replays in each new page what a test did
    with it (paused it, or set another day): after a test that used it, it runs on from now."""
    pages = context.pages
    if not pages or any(page.evaluate("Date.isFake === true") for page in pages):
        context.clock.install()
        context.clock.resume()
