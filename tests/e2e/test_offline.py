"""Offline and deployed: own origin only, service worker, sub-path, updates, installability."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page, Request, expect

from game.i18n.translator import Translator
from tests.e2e.browser_helpers import (
    BrowserProblems,
    HeldRequests,
    boot,
    wait_for_offline_complete,
    wait_for_offline_ready,
    wait_until_ready,
)
from tests.e2e.game_helpers import OPTIMAL_HINT, Ui
from tools.build_site import write_service_worker
from tools.manifests import manifest_path
from tools.serve import SiteServer

# What a first visit downloads, installs and keeps: each test's page is of a fresh context.
pytestmark = pytest.mark.first_visit


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
    # The first visit says so, over the page (nothing moves), until the player's next tap, which
    # does what it does as well.
    ready = page.locator("#offline-ready")
    expect(ready).to_be_visible(timeout=30_000)  # once the strategy tables are kept too
    expect(ready).to_contain_text("works offline")
    assert ready.evaluate("el => getComputedStyle(el).position") == "absolute"
    page.click("label[for=ruleset-yatzy]")
    expect(ready).to_be_hidden()
    expect(page.locator("#ruleset-yatzy")).to_be_checked()

    server.stop()
    context.set_offline(True)
    page.reload()
    wait_until_ready(page)
    page.wait_for_selector("html[data-offline]", state="attached", timeout=30_000)
    expect(ready).to_be_hidden()  # said once, on the first visit only
    # Offline too, Python starts off the main thread: a worker makes the interpreter's
    # snapshot from the cached files, the page restores it, and keeps it.
    assert page.get_attribute("html", "data-snapshot") in ("made", "kept")
    assert len(roll_and_read(page)) == 5
    page.wait_for_selector("html[data-snapshot=kept]", timeout=30_000)
    # A fresh start (new tab) restores it, and plays.
    page.close()
    page = boot(context.new_page(), server.url)
    assert page.get_attribute("html", "data-snapshot") == "restored"
    assert len(roll_and_read(page)) == 5


PLAN_KEY = "JSON.parse(document.getElementById('runtime-snapshot').textContent).key"
# The kept snapshot's store, as the page imports it.
IMPORT_STORE = 'await import(new URL("assets/snapshot-store.mjs", document.baseURI).href)'
# Keeps `bytes` as the kept snapshot: as the app keeps one (packed, with the build's key and its
# checksum: the store's keepSnapshot), or as the whole file, as it is.
KEEP_SNAPSHOT = f"""async ([bytes, how]) => {{
    const store = {IMPORT_STORE};
    const data = new Uint8Array(bytes);
    if (how === "packed") await store.keepSnapshot(data, {PLAN_KEY});
    else await store.writeKept(data);
}}"""


# What the start's reader (runtime-load.js's worker) answers for the kept file, and what is
# left kept.
READ_AS_THE_START_DOES = f"""async (key) => {{
    const reader = new Worker(new URL("assets/snapshot-store.mjs", document.baseURI),
        {{ type: "module", name: key }});
    const answer = await new Promise((resolve) => {{
        reader.onmessage = ({{ data }}) => resolve(data);
    }});
    reader.terminate();
    const left = await ({IMPORT_STORE}).readKept();
    return {{ refused: answer.refused ?? null, memory: answer.memory?.length ?? null,
        left: left?.length ?? null }};
}}"""


def snapshot_file(key: str, checksum: bytes, packed: bytes) -> list[int]:
    """A kept snapshot's file as the store lays it out (assets/snapshot-store.mjs): format 3, the
    key's length, the key (here a whole number of words: no zeros after it), a checksum, the
    packed memory."""
    assert len(key) % 4 == 0
    header = (3).to_bytes(4, "little") + len(key).to_bytes(4, "little") + key.encode()
    return list(header + checksum + packed)


# The checksum that the store records for `packed` (the file's part after it).
CHECKSUM = f"async (packed) => [...({IMPORT_STORE}).checksum(new Uint8Array(packed))]"


@pytest.mark.heavy
def test_a_kept_snapshot_that_is_not_valid_is_replaced_and_python_starts_as_usual(
    page: Page, site_server: Callable[..., SiteServer]
) -> None:
    server = site_server()
    warnings: list[str] = []  # a refusal is a warning (an error would fail the test)
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    boot(page, server.url)
    wait_for_offline_ready(page)
    bytes_ = bytes(range(1, 256)) * 40  # no page of zeros: all kept
    # In the kept form, whole by its checksum, but 4 GB of memory: refused before it is laid out.
    huge = b"".join(n.to_bytes(4, "little") for n in (1, 0xFFFF_F000, 0))
    key = page.evaluate(PLAN_KEY)

    def checksum(packed: bytes) -> bytes:
        return bytes(page.evaluate(CHECKSUM, list(packed)))

    # The start's reader refuses each of these and deletes it (a reload each would make a
    # snapshot each: the two starts below show what a start does after a refusal).
    for file, why in (
        # Whole by its checksum, but not in the kept form: its header is nonsense.
        (snapshot_file(key, checksum(bytes_), bytes_), "layout is not"),
        # Whole and in the kept form, but another build's.
        (snapshot_file("0" * 32, checksum(bytes_), bytes_), "another"),
        # Not even a file of the store.
        (list(bytes_[:7]), "layout is not valid"),
        # Cut short: in the header, or after it (mid-word).
        (snapshot_file(key, checksum(bytes_), bytes_)[:44], "short of its 48-byte header"),
        (snapshot_file(key, checksum(bytes_), bytes_)[:-1], "not whole words"),
        (snapshot_file(key, checksum(huge), huge), "bytes of memory"),
    ):
        page.evaluate(KEEP_SNAPSHOT, [file, "file"])
        read = page.evaluate(READ_AS_THE_START_DOES, key)
        assert why in (read["refused"] or ""), (why, read)
        assert (read["memory"], read["left"]) == (None, None)  # nothing used, nothing kept
    for file, how, why in (
        # Its recorded checksum differs from its bytes: damaged in storage.
        (snapshot_file(key, bytes(8), bytes_), "file", "damaged"),
        # Kept as the app keeps one, but not a snapshot: Pyodide's own check refuses it.
        (list(bytes_), "packed", "could not be restored"),
    ):
        page.evaluate(KEEP_SNAPSHOT, [file, how])
        page.reload()
        wait_until_ready(page)
        assert page.get_attribute("html", "data-snapshot") in ("made", "kept")
        assert any(why in warning for warning in warnings), (why, warnings)
        warnings.clear()
        assert len(roll_and_read(page)) == 5
        # The start's own snapshot took its place.
        page.wait_for_selector("html[data-snapshot=kept]", timeout=30_000)
        assert page.evaluate(KEPT_SNAPSHOT_SIZE) > len(bytes_)
    # A start closed (or crashed) while it restored the kept snapshot marks it; the next start
    # makes its own, and the one after restores that. The mark stayed, and no later start
    # restored a snapshot (a walk's, after one crash).
    page.evaluate("localStorage.setItem('penta-runtime.restoring', '1')")
    page.reload()
    wait_until_ready(page)
    assert page.get_attribute("html", "data-snapshot") in ("made", "kept")
    assert any("never ended" in warning for warning in warnings), warnings
    page.wait_for_selector("html[data-snapshot=kept]", state="attached", timeout=30_000)
    assert page.evaluate("localStorage.getItem('penta-runtime.restoring')") is None
    page.reload()
    wait_until_ready(page)
    assert page.get_attribute("html", "data-snapshot") == "restored"


# The key that the kept snapshot's file is labelled with (see snapshot_file).
KEPT_SNAPSHOT_KEY = f"""async () => {{
    const file = await ({IMPORT_STORE}).readKept();
    if (file === null) return null;
    const length = new DataView(file.buffer).getUint32(4, true);
    return new TextDecoder().decode(file.subarray(8, 8 + length));
}}"""
KEPT_SNAPSHOT_SIZE = f"async () => ({IMPORT_STORE}).readKept().then((file) => file?.length)"


def test_python_starts_on_the_main_thread_when_the_worker_cannot_start_it(
    page: Page, app_url: str
) -> None:
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    failing_worker = 'addEventListener("message", () => postMessage({ error: "no room here" }));'
    page.route(
        "**/assets/snapshot-worker.mjs",
        lambda route: route.fulfill(content_type="text/javascript", body=failing_worker),
    )
    boot(page, app_url)
    assert page.get_attribute("html", "data-snapshot") == "failed"
    assert any("no room here" in warning for warning in warnings), warnings
    assert len(roll_and_read(page)) == 5


def test_after_a_first_visit_without_a_game_the_hints_work_offline(
    persistent_context: Callable[[], BrowserContext], site_server: Callable[..., SiteServer]
) -> None:
    # The player only opened the app (New game screen), then went offline: a plane.
    server = site_server()
    context = persistent_context()
    page = boot(context.pages[0], server.url)
    wait_for_offline_ready(page)
    wait_for_offline_complete(page)  # the strategy tables, fetched after the install

    server.stop()
    context.set_offline(True)
    page.reload()
    wait_until_ready(page)
    ui = Ui(page)
    for ruleset in ("penta", "yatzy"):
        ui.choose_ruleset(ruleset)
        ui.start()
        # The optimal coach, not the fallback that scores the best box now.
        expect(page.locator("html")).to_have_attribute("data-coach", "ready", timeout=30_000)
        ui.roll()
        page.click("#hint")
        expect(page.locator("#hint-text")).to_contain_text(OPTIMAL_HINT)
        page.click("#leave")
        page.click("#leave-confirm")
        expect(page.locator("#setup-screen")).to_be_visible()


def test_background_files_not_kept_are_fetched_at_the_next_start(
    page: Page, site_server: Callable[..., SiteServer], dist: Path, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    table = site / "assets" / "tables" / "penta.table"
    server = site_server(root=site)
    table.write_bytes(b"half a deployment")  # not the table this version's hash names
    boot(page, server.url)
    wait_for_offline_ready(page)
    expect(page.locator("html")).to_have_attribute("data-offline", "incomplete", timeout=30_000)
    cached = "caches.match('assets/tables/penta.table').then(r => r !== undefined)"
    assert not page.evaluate(cached)

    shutil.copy(dist / "assets" / "tables" / "penta.table", table)  # a newer file: no 304
    page.reload()
    wait_until_ready(page)
    wait_for_offline_complete(page)
    assert page.evaluate(cached)


def test_the_game_asking_for_a_table_being_fetched_in_the_background_shares_the_download(
    context: BrowserContext, page: Page, site_server: Callable[..., SiteServer]
) -> None:
    server = site_server()
    held = HeldRequests(page, "**/assets/tables/penta.table", context_wide=True)
    boot(page, server.url)
    wait_for_offline_ready(page)
    held.wait_until_requested()  # the background fetch has started, and waits
    # Playwright reports a request the service worker answers only once answered: ask Chromium.
    asked: list[str] = []
    cdp = context.new_cdp_session(page)
    cdp.on("Network.requestWillBeSent", lambda event: asked.append(event["request"]["url"]))
    cdp.send("Network.enable")
    Ui(page).start()  # the default ruleset, Penta: the game asks for its table
    for _ in range(200):
        if any(url.endswith("/assets/tables/penta.table") for url in asked):
            break
        page.wait_for_timeout(50)
    else:
        pytest.fail("the game did not ask for its table")
    held.release()
    expect(page.locator("html")).to_have_attribute("data-coach", "ready", timeout=30_000)
    wait_for_offline_complete(page)
    paths = [path for path, _ in server.bodies_sent]
    assert paths.count("/assets/tables/penta.table") == 1


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
    wait_for_offline_complete(page)  # the strategy tables kept too
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

    # Taken over without a connection, the new version has every file the old one kept: the
    # strategy tables, which it shares, came from the old one's cache (a walk lost the hints).
    server.stop()
    page.context.set_offline(True)
    with page.expect_navigation():
        page.click("#update-reload")
    wait_until_ready(page)
    assert "version 2" in stylesheet_text(page)
    expect(page.locator("#update")).to_be_hidden()
    wait_for_offline_complete(page)
    caches = page.evaluate("caches.keys()")
    assert len(caches) == 1, f"old caches were not removed: {caches}"
    # The interpreter's snapshot, if one is kept yet, is one the new version can restore.
    assert page.evaluate(KEPT_SNAPSHOT_KEY) in (None, page.evaluate(PLAN_KEY))


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

    # Installed from a page in Hebrew, the app is named in Hebrew.
    page.select_option("#language", "he")
    he = Translator("he", isolate=False)
    expect(page.locator("link[rel=manifest]")).to_have_attribute("href", manifest_path("he"))
    data = json.loads(cdp.send("Page.getAppManifest")["data"])
    assert (data["name"], data["short_name"], data["lang"], data["dir"]) == (
        he("manifest.name"),
        he("app.title"),
        "he",
        "rtl",
    )
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []


def test_the_first_visit_downloads_each_file_once(
    persistent_context: Callable[[], BrowserContext], site_server: Callable[..., SiteServer]
) -> None:
    # A profile on disk, as a player's: an incognito context's memory cache drops large files.
    server = site_server()
    context = persistent_context()
    page = boot(context.pages[0], server.url)
    wait_for_offline_ready(page)  # installing revalidated the files the page had loaded
    wait_for_offline_complete(page)
    # The start page is one file, asked for as the folder ("/") or by its name.
    paths = [path.removesuffix("index.html") for path, _ in server.bodies_sent]
    assert "/runtime/pyodide/pyodide.asm.wasm" in paths
    assert "/assets/tables/yatzy.table" in paths and "/" in paths
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
    shot = site / "assets" / "screenshots" / "lazy-test.png"
    shot.parent.mkdir(parents=True, exist_ok=True)
    shot.write_bytes(b"screenshot of this version")
    write_service_worker(site)
    server = site_server(root=site)
    boot(page, server.url)
    wait_for_offline_ready(page)
    fetch_shot = "fetch('assets/screenshots/lazy-test.png').then(r => r.text())"
    cached = "caches.match('assets/screenshots/lazy-test.png').then(r => r !== undefined)"
    assert not page.evaluate(cached), "lazy files are not downloaded on install"

    assert page.evaluate(fetch_shot) == "screenshot of this version"
    assert page.evaluate(cached)
    server.stop()
    context.set_offline(True)
    assert page.evaluate(fetch_shot) == "screenshot of this version"


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
    shot = site / "assets" / "screenshots" / "lazy-test.png"
    shot.parent.mkdir(parents=True, exist_ok=True)
    shot.write_bytes(b"screenshot of version 1")
    write_service_worker(site)
    server = site_server(root=site)
    boot(page, server.url)
    wait_for_offline_ready(page)

    shot.write_bytes(b"screenshot of version 2")  # a new deployment, not installed yet
    outcome = page.evaluate(
        "fetch('assets/screenshots/lazy-test.png').then(r => 'got ' + r.status, e => 'refused')"
    )
    assert outcome == "refused"
    assert "lazy-test.png" in browser_problems.text()
