"""A file of the installed version damaged on the device: the service worker served it from its
cache at every start, which failed for good, online or not (a hostile-data walk). The failed
start has the service worker check every file it keeps against the build's hashes; the damaged
one is dropped, and the page reloads once and starts with the file fetched again."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page

from tests.e2e.browser_helpers import (
    BrowserProblems,
    boot,
    wait_for_offline_complete,
    wait_until_ready,
)
from tools.serve import SiteServer

pytestmark = pytest.mark.first_visit

DAMAGE = """async (name) => {
    const cache = await caches.open((await caches.keys()).find(key => key.startsWith('penta-')));
    const url = new URL(name, document.baseURI).href;
    await cache.put(url, new Response('garbage(', {headers: {'Content-Type': 'text/javascript'}}));
    return (await (await cache.match(url)).text()).slice(0, 8);
}"""
KEPT_TEXT = """async (name) => {
    const response = await caches.match(new URL(name, document.baseURI).href);
    return response === undefined ? null : (await response.text()).slice(0, 8);
}"""


@pytest.mark.allow_browser_errors
def test_a_damaged_file_kept_is_fetched_again_and_the_app_starts(
    context: BrowserContext,
    page: Page,
    site_server: Callable[..., SiteServer],
    browser_problems: BrowserProblems,
) -> None:
    server = site_server()
    boot(page, server.url)
    wait_for_offline_complete(page)
    assert page.evaluate(DAMAGE, "assets/store.js") == "garbage("
    page.reload()
    # The start fails on the damaged script, the file is dropped and the page reloads itself.
    page.wait_for_selector("html[data-state=ready]", timeout=60_000)
    wait_until_ready(page)
    assert page.evaluate(KEPT_TEXT, "assets/store.js") not in (None, "garbage(")
    assert page.evaluate("sessionStorage.getItem('penta.repaired')") is None
    assert "garbage" not in page.content()
    assert browser_problems.problems  # the failed start was reported, as it should be
