"""The records' database as a newer build of the app left it (a later version number): the
older build served again (a deployment rolled back) opened none of it, and showed an empty app
without a word. It now plays on the records where the database still holds them, and says so
where it does not."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from game.persistence.session import PREFERENCES_KEY
from tests.e2e.browser_helpers import boot

pytestmark = pytest.mark.first_visit

NEWER_VERSION = 7

# Made from a page of the origin that does not open the database itself (the app's page would
# hold it open, and a new version waits for it to close).
MAKE_DATABASE = """async ([version, store]) => new Promise((resolve, reject) => {
    const request = indexedDB.open('penta', version);
    request.onupgradeneeded = () => request.result.createObjectStore(store);
    request.onsuccess = () => { request.result.close(); resolve(); };
    request.onerror = () => reject(request.error);
})"""
RECORD_KEYS = """async () => new Promise((resolve, reject) => {
    const request = indexedDB.open('penta');
    request.onsuccess = () => {
        const db = request.result;
        const keys = db.transaction('records').objectStore('records').getAllKeys();
        keys.onsuccess = () => { db.close(); resolve([db.version, keys.result]); };
    };
    request.onerror = () => reject(request.error);
})"""


def open_with_database(page: Page, url: str, store: str) -> None:
    page.goto(url + "assets/manifest.webmanifest")
    page.evaluate(MAKE_DATABASE, [NEWER_VERSION, store])
    boot(page, url)


def test_a_newer_database_with_the_records_is_played_on(page: Page, app_url: str) -> None:
    open_with_database(page, app_url, "records")
    assert not page.is_visible("#notices")
    page.select_option("#language", "et")
    page.wait_for_function(
        "async (key) => (await pentaStore.load()).some(([stored]) => stored === key)",
        arg=PREFERENCES_KEY,
    )
    assert page.evaluate(RECORD_KEYS) == [NEWER_VERSION, [PREFERENCES_KEY]]


def test_a_newer_database_without_the_records_is_said(page: Page, app_url: str) -> None:
    open_with_database(page, app_url, "something-else")
    notices = page.locator("#notice-list")
    assert "newer version" in notices.inner_text()
