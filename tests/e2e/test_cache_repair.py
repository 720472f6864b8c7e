"""A file of the installed version damaged on the device: the service worker served it from its
cache at every start, which failed for good, online or not (a hostile-data walk). The failed
start has the service worker check every file it keeps against the build's hashes; the damaged
one is dropped, the interpreter's snapshot kept on the device is forgotten, and the page reloads
once and starts with the file fetched again."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError

from tests.e2e.browser_helpers import (
    BrowserProblems,
    boot,
    wait_for_offline_complete,
    wait_until_ready,
)
from tools.build_site import PACKAGES_ARCHIVE
from tools.serve import SiteServer

pytestmark = pytest.mark.first_visit

# The kept copy of `name` replaced by `body`, with the kept copy's headers.
DAMAGE = """async ([name, body]) => {
    const cache = await caches.open((await caches.keys()).find(key => key.startsWith('penta-')));
    const url = new URL(name, document.baseURI).href;
    const kept = await cache.match(url);
    await cache.put(url, new Response(body, {headers: kept.headers}));
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
    assert page.evaluate(DAMAGE, ["assets/store.js", "garbage("]) == "garbage("
    page.reload()
    # The start fails on the damaged script, the file is dropped and the page reloads itself.
    page.wait_for_selector("html[data-state=ready]", timeout=60_000)
    wait_until_ready(page)
    assert page.evaluate(KEPT_TEXT, "assets/store.js") not in (None, "garbage(")
    assert page.evaluate("sessionStorage.getItem('penta.repaired')") is None
    assert "garbage" not in page.content()
    assert browser_problems.problems  # the failed start was reported, as it should be


# The kept snapshot with a span of its memory overwritten and its checksum made again, as a
# hostile edit would: the checksum finds damage, not forgery. Restored, such a snapshot failed
# every start (Pyodide's fatal error once the app's script ran).
FORGE_SNAPSHOT = """async () => {
    const store = await import(new URL('assets/snapshot-store.mjs', document.baseURI).href);
    const file = await store.readKept();
    const keyLength = new DataView(file.buffer).getUint32(4, true);
    const checksumAt = Math.ceil((8 + keyLength) / 4) * 4;
    const memory = file.subarray(checksumAt + 8);
    let noise = 12345;
    const start = Math.floor(memory.length * 0.8) & ~3;
    for (let index = start; index < start + 65536; index += 1) {
        noise = (noise * 1103515245 + 12345) >>> 0;
        memory[index] = noise >>> 24;
    }
    file.set(store.checksum(memory), checksumAt);
    await store.writeKept(file);
}"""


@pytest.mark.allow_browser_errors
@pytest.mark.heavy
def test_a_forged_snapshot_or_a_damaged_archive_never_stops_the_app(
    context: BrowserContext,
    page: Page,
    site_server: Callable[..., SiteServer],
) -> None:
    server = site_server()
    boot(page, server.url)
    wait_for_offline_complete(page)
    page.reload()
    page.wait_for_selector("html[data-snapshot=kept]", state="attached", timeout=30_000)

    page.evaluate(FORGE_SNAPSHOT)
    crashes: list[Page] = []
    page.on("crash", lambda crashed: crashes.append(crashed))
    try:
        page.reload()
        page.wait_for_selector("html[data-state=ready]", timeout=60_000)
    except PlaywrightError:
        # Restoring the forged memory may crash the page's renderer, which no script sees: the
        # next start (the player opens the app again) must not restore it.
        assert crashes, "the start failed without a crash"
        page = context.new_page()
        page.goto(server.url)
        page.wait_for_selector("html[data-state=ready]", timeout=60_000)
    # Python was started without the forged snapshot, which is no longer kept.
    assert page.evaluate("document.documentElement.dataset.snapshot") in ("made", "kept")

    # The app's Python packages damaged: their import failed, which only PyScript's console said,
    # and the page showed "Loading…" for good.
    page.evaluate(DAMAGE, [PACKAGES_ARCHIVE, "PK not an archive"])
    page.reload()
    page.wait_for_selector("html[data-state=ready]", timeout=60_000)
    wait_until_ready(page)
    assert page.evaluate(KEPT_TEXT, PACKAGES_ARCHIVE) not in (None, "PK not a")
    assert page.evaluate("sessionStorage.getItem('penta.repaired')") is None
