"""Offline and deployed: own origin only, service worker, sub-path, updates, installability."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from browser_helpers import BrowserProblems, boot, wait_for_offline_ready, wait_until_ready
from playwright.sync_api import BrowserContext, Page, Request, expect

from tools.build_site import write_service_worker
from tools.serve import SiteServer


def roll_and_read(page: Page) -> list[str]:
    if page.locator("#start").is_visible():  # the app opens on the New game screen
        page.click("#start")
    page.click("#roll")
    expect(page.locator("#dice .die:not([data-face])")).to_have_count(0)
    faces = page.locator("#dice .die").evaluate_all("dice => dice.map(die => die.dataset.face)")
    return [str(face) for face in faces]


def test_every_request_goes_to_the_own_origin(
    context: BrowserContext, page: Page, site_server: Callable[..., SiteServer]
) -> None:
    server = site_server()
    requests: list[Request] = []  # of the page, its workers and the service worker
    context.on("request", lambda request: requests.append(request))
    boot(page, server.url)
    roll_and_read(page)
    wait_for_offline_ready(page)  # the service worker's install requests included
    origin = urlsplit(server.url)._replace(path="", query="", fragment="").geturl()
    foreign = [r.url for r in requests if not r.url.startswith(origin + "/")]
    assert not foreign
    assert any(r.service_worker for r in requests), "the service worker's requests were not seen"
    assert any(r.url.endswith("pyodide.asm.wasm") for r in requests)


def test_after_the_first_visit_it_boots_and_plays_offline(
    context: BrowserContext, page: Page, site_server: Callable[..., SiteServer]
) -> None:
    server = site_server()
    boot(page, server.url)
    wait_for_offline_ready(page)

    server.stop()
    context.set_offline(True)
    page.reload()
    wait_until_ready(page)
    assert len(roll_and_read(page)) == 5
    # A fresh start (new tab) works too.
    page.close()
    page = boot(context.new_page(), server.url)
    assert len(roll_and_read(page)) == 5


def test_works_under_a_sub_path(page: Page, site_server: Callable[..., SiteServer]) -> None:
    server = site_server(mount="/penta/")
    assert server.url.endswith("/penta/")
    boot(page, server.url)
    assert len(roll_and_read(page)) == 5
    wait_for_offline_ready(page)
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == server.url
    manifest = page.evaluate(
        "fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())"
    )
    manifest_url = server.url + "assets/manifest.webmanifest"
    assert page.evaluate(f"new URL({manifest['start_url']!r}, {manifest_url!r}).href") == server.url


def changed_build(dist: Path, into: Path, marker: str) -> None:
    """A copy of dist/ with a changed stylesheet, as the next deployment would be."""
    if into.exists():
        shutil.rmtree(into)
    shutil.copytree(dist, into)
    stylesheet = into / "assets" / "app.css"
    stylesheet.write_text(stylesheet.read_text() + f"\n/* {marker} */\n")
    write_service_worker(into)


def stylesheet_text(page: Page) -> str:
    return str(page.evaluate("fetch('assets/app.css').then(r => r.text())"))


def test_a_new_version_waits_for_consent_and_never_mixes_files(
    page: Page, site_server: Callable[..., SiteServer], dist: Path, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    server = site_server(root=site)
    boot(page, server.url)
    wait_for_offline_ready(page)
    expect(page.locator("#update")).to_be_hidden()

    changed_build(dist, site, "version 2")  # deployed while the app is open
    page.evaluate("navigator.serviceWorker.ready.then(r => r.update())")
    expect(page.locator("#update")).to_be_visible(timeout=30_000)
    expect(page.locator("#update")).to_contain_text("Update available")
    # Until the player agrees, the running version's files are served, not the new ones.
    assert "version 2" not in stylesheet_text(page)
    page.reload()
    wait_until_ready(page)
    assert "version 2" not in stylesheet_text(page)
    expect(page.locator("#update")).to_be_visible()

    with page.expect_navigation():
        page.click("#update-reload")
    wait_until_ready(page)
    assert "version 2" in stylesheet_text(page)
    expect(page.locator("#update")).to_be_hidden()
    caches = page.evaluate("caches.keys()")
    assert len(caches) == 1, f"old caches were not removed: {caches}"


def test_chromium_reports_it_installable(
    persistent_context: Callable[[], BrowserContext], app_url: str
) -> None:
    context = persistent_context()
    page = boot(context.pages[0] if context.pages else context.new_page(), app_url)
    wait_for_offline_ready(page)
    cdp = context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == []
    assert re.search(r'"display":\s*"standalone"', manifest["data"])
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []


def test_the_first_visit_downloads_each_file_once(
    persistent_context: Callable[[], BrowserContext], site_server: Callable[..., SiteServer]
) -> None:
    # A profile on disk, as a player's: an incognito context's memory cache drops large files.
    server = site_server()
    context = persistent_context()
    page = boot(context.pages[0], server.url)
    wait_for_offline_ready(page)  # installing revalidated the files the page had loaded
    paths = [path for path, _ in server.bodies_sent]
    assert "/runtime/pyodide/pyodide.asm.wasm" in paths
    assert len(paths) == len(set(paths)), sorted(p for p in paths if paths.count(p) > 1)


def test_lazy_data_is_fetched_on_demand_checked_and_kept_offline(
    context: BrowserContext,
    page: Page,
    site_server: Callable[..., SiteServer],
    dist: Path,
    tmp_path: Path,
) -> None:
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    table = site / "assets" / "tables" / "lazy-test.table"
    table.parent.mkdir(parents=True, exist_ok=True)
    table.write_bytes(b"table of this version")
    write_service_worker(site)
    server = site_server(root=site)
    boot(page, server.url)
    wait_for_offline_ready(page)
    fetch_table = "fetch('assets/tables/lazy-test.table').then(r => r.text())"
    cached = "caches.match('assets/tables/lazy-test.table').then(r => r !== undefined)"
    assert not page.evaluate(cached), "lazy files are not downloaded on install"

    assert page.evaluate(fetch_table) == "table of this version"
    assert page.evaluate(cached)
    server.stop()
    context.set_offline(True)
    assert page.evaluate(fetch_table) == "table of this version"


@pytest.mark.allow_browser_errors
def test_lazy_data_of_another_version_is_refused(
    page: Page,
    site_server: Callable[..., SiteServer],
    dist: Path,
    tmp_path: Path,
    browser_problems: BrowserProblems,
) -> None:
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    table = site / "assets" / "tables" / "lazy-test.table"
    table.parent.mkdir(parents=True, exist_ok=True)
    table.write_bytes(b"table of version 1")
    write_service_worker(site)
    server = site_server(root=site)
    boot(page, server.url)
    wait_for_offline_ready(page)

    table.write_bytes(b"table of version 2")  # a new deployment, not installed yet
    outcome = page.evaluate(
        "fetch('assets/tables/lazy-test.table').then(r => 'got ' + r.status, e => 'refused')"
    )
    assert outcome == "refused"
    assert "lazy-test.table" in browser_problems.text()
